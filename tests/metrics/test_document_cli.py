"""Document metrics from the command line: `tagmt evaluate --metric NAME` on whole files, and the
bridge module that evaluate calls."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from tagmt.errors import TagmtError
from tagmt.commands.evaluate import DOCUMENT_OPTIONS, add_document_arguments
from tagmt.metrics.document import score_documents

REF = '<doc><p id="a">Hello <b>world</b></p></doc>'  # 12 tokens
HYP = '<doc><p id="z">Hello world</p></doc>'  # 'Hello world' for 'Hello', 4 tokens missing: 5 edits


def tagmt(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tagmt", *args], capture_output=True, text=True)


def _evaluate_supports_metric() -> bool:
    return "--metric" in tagmt("evaluate", "--help").stdout


requires_metric_option = pytest.mark.skipif(
    not _evaluate_supports_metric(), reason="`tagmt evaluate` has no --metric option yet (evaluate issue)"
)


def args(*argv: str, **overrides) -> dict:
    """The document metrics' options as `tagmt evaluate` parses and passes them."""
    parser = argparse.ArgumentParser()
    add_document_arguments(parser)
    parsed = parser.parse_args([*argv, *(f"--{k.replace('_', '-')}={v}" for k, v in overrides.items())])
    return {name: getattr(parsed, name) for name in DOCUMENT_OPTIONS}


@pytest.fixture()
def files(tmp_path):
    ref, hyp, bad = tmp_path / "ref.xml", tmp_path / "hyp.xml", tmp_path / "bad.xml"
    ref.write_text(REF)
    hyp.write_text(HYP)
    bad.write_text("<doc><p>broken</doc>")
    return ref, hyp, bad


def test_score_documents_shapes_one_entry_per_hypothesis(files):
    ref, hyp, bad = files
    out = score_documents(["xater", "validity", "span-f1"], [ref], [hyp, bad], args())
    assert [entry["hyp"] for entry in out] == [str(hyp), str(bad)]
    assert out[0]["scores"]["xater"] == pytest.approx(100 - 100 * 5 / 12)
    assert out[0]["scores"]["validity"] == 100.0
    assert out[0]["details"]["span-f1"]["per_tag"]["b"]["fn"] == 1
    assert out[1]["scores"]["xater"] == 0.0
    assert "mismatch" in out[1]["details"]["xater"]["parse_errors"]
    assert out[1]["scores"]["validity"] == 50.0
    assert set(out[0]["signatures"]) == {"xater", "validity", "span-f1"}


def test_options_reach_the_metrics(files):
    ref, hyp, _ = files
    (entry,) = score_documents(["xater", "span-f1"], [ref], [hyp], args(match_mode="exact"))
    assert "match:exact" in entry["signatures"]["span-f1"]
    (entry,) = score_documents(["xater"], [ref], [hyp], args("--words"))
    assert "tok:words" in entry["signatures"]["xater"]


def test_reference_free_metric_needs_no_reference_and_others_do(files):
    _, hyp, _ = files
    (entry,) = score_documents(["validity"], [], [hyp], args())
    assert entry["scores"] == {"validity": 100.0}
    with pytest.raises(TagmtError, match="needs a reference"):
        score_documents(["xater"], [], [hyp], args())
    with pytest.raises(TagmtError, match="not a document metric"):
        score_documents(["raw-bleu"], [], [hyp], args())


@requires_metric_option
def test_cli_xater_json(files):
    ref, hyp, bad = files
    run = tagmt("evaluate", "--metric", "xater", "--ref", str(ref), "--hyp", str(hyp), str(bad), "--format", "json")
    assert run.returncode == 0, run.stderr
    systems = json.loads(run.stdout)["systems"]
    assert [s["hyp"] for s in systems] == [str(hyp), str(bad)]
    assert systems[0]["scores"]["xater"] == pytest.approx(100 - 100 * 5 / 12)
    assert systems[1]["scores"]["xater"] == 0.0


@requires_metric_option
def test_cli_empty_reference_is_a_one_line_error(files, tmp_path):
    _, hyp, _ = files
    empty = tmp_path / "empty.xml"
    empty.write_text("")
    run = tagmt("evaluate", "--metric", "xater", "--ref", str(empty), "--hyp", str(hyp))
    assert run.returncode == 2
    assert run.stderr.startswith("tagmt: error:") and "empty" in run.stderr
    assert "Traceback" not in run.stderr


def test_cli_table_says_why_a_document_has_no_validity_score(tmp_path, capsys):
    from tagmt.cli import main

    doc = tmp_path / "topic.dita"
    doc.write_text('<?xml version="1.0"?>\n<!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">\n'
                   '<concept id="c"><title>x</title></concept>\n', encoding="utf-8")
    assert main(["evaluate", "--metric", "validity", "--hyp", str(doc)]) == 0
    out = capsys.readouterr().out
    assert "n/a" in out and f"{doc}: validity not validated (the document declares" in out
