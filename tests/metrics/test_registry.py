"""The metric registry checks options: an unknown option or compat value names the valid ones; each
metric declares its compat modes, and compat="original" for a metric without an original names those
that have one."""

from __future__ import annotations

import json
import re

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.evaluation import SEGMENT_METRICS
from tagmt.metrics.registry import _REGISTRY, compat_modes, metrics_with_original


def test_unknown_compat_value_names_the_valid_ones():
    with pytest.raises(TagmtError, match=r"unknown compat mode 'x' for metric xater; choose from: tagmt, original"):
        get_metric("xater", compat="x")


def test_unknown_option_names_the_metric_options():
    with pytest.raises(TagmtError, match=r"metric xater has no option 'word'; its options are: compat, words"):
        get_metric("xater", word=True)
    with pytest.raises(TagmtError, match=r"metric raw-bleu has no option 'iou'; its options are: .*trg_lang"):
        get_metric("raw-bleu", iou=0.5)


#: The metrics that reproduce a published implementation under compat="original" (docs/metrics.md).
WITH_ORIGINAL = {"xml-bleu", "markup-match", "structure-accuracy", "ne-num-precision", "ne-num-recall",
                 "xater", "validity", "span-f1", "md-tags", "texbleu", "xml-chrf", "xml-match", "tag-placement"}


def _options(name: str) -> dict:
    """What a metric needs to be built: segment metrics take the target language (a missing one is an error)."""
    return {"trg_lang": "en"} if name in SEGMENT_METRICS else {}


#: Metrics with modes other than tagmt and original.
OTHER_MODES = {"lex-bleu": ("tagmt", "czechdocs"), "tag-placement": ("tagmt", "original", "original-strict")}


def test_each_metric_declares_whether_it_has_an_original():
    assert set(metrics_with_original()) == WITH_ORIGINAL
    for name in _REGISTRY:
        expected = OTHER_MODES.get(name, ("tagmt", "original") if name in WITH_ORIGINAL else ("tagmt",))
        assert compat_modes(name) == expected, name


@pytest.mark.parametrize("name", sorted(_REGISTRY))
def test_every_metric_takes_compat_and_says_it_in_the_signature(name):
    if name in WITH_ORIGINAL:
        original = get_metric(name, compat="original", **_options(name))
        assert original.compat == "original"
    else:  # refused before the metric is built (comet would need a model first)
        with pytest.raises(TagmtError, match=rf"metric {re.escape(name)} has no compat mode 'original' \(no "
                           r"published implementation to reproduce\); metrics with one: xml-bleu, markup-match"):
            get_metric(name, compat="original", **_options(name))
    if name in ("texbleu", "comet"):
        pytest.skip(f"{name}'s signature needs its model (tests/metrics/test_{name}.py covers it)")
    assert "compat:tagmt" in get_metric(name, **_options(name)).signature()
    if name in WITH_ORIGINAL:
        assert "compat:original" in original.signature()


def test_segment_metrics_need_the_target_language():
    with pytest.raises(TagmtError, match="xml-bleu needs the target language"):
        get_metric("xml-bleu", compat="original")


def test_the_original_tag_list_is_an_option_of_the_original_only():
    with pytest.raises(TagmtError, match="vocabulary is the original's literal tag list; use it with compat original"):
        get_metric("markup-match", vocabulary=["b"])
    metric = get_metric("markup-match", compat="original", vocabulary=["b"])
    assert metric.corpus_score(["<b>x</b> <i>y</i>"], [["<b>x</b> <i>y</i>"]]).score == 100.0
    assert "tags:literal-given" in metric.signature()


def test_cli_compat_original_for_segment_and_document_metrics(tmp_path, capsys):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text("Choose <b>Save</b> now.\nOpen 3 of 5 files.\n")
    hyp.write_text("Choose <b>Save</b> now.\nOpen 4 of 5 files.\n")
    code = main(["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--compat", "original",
                 "--metric", "xml-bleu", "markup-match", "ne-num-recall", "--format", "json"])
    captured = capsys.readouterr()
    out = json.loads(captured.out)["systems"][0]
    assert code == 0 and out["scores"]["markup-match"] == 100.0 and out["scores"]["ne-num-recall"] == 50.0
    assert all("compat:original" in s for s in out["signatures"].values())
    assert "tok:moses-en" in out["signatures"]["xml-bleu"]
    assert "xml-bleu, markup-match, ne-num-recall as their published implementations" in captured.err
    doc = tmp_path / "doc.xml"
    doc.write_text("<a><b>x</b></a>")
    code = main(["evaluate", "--metric", "xater", "--ref", str(doc), "--hyp", str(doc), "--compat", "original",
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)["systems"][0]
    assert code == 0 and out["scores"]["xater"] == 100.0 and "ter:pyter" in out["signatures"]["xater"]


def test_cli_compat_original_runs_the_others_as_tagmt_and_says_so(tmp_path, capsys):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text("Choose <b>Save</b> now.\n")
    hyp.write_text("Choose <b>Save</b> today.\n")
    code = main(["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--compat", "original",
                 "--format", "json"])
    captured = capsys.readouterr()
    signatures = json.loads(captured.out)["systems"][0]["signatures"]
    assert code == 0
    assert "compat:original" in signatures["xml-bleu"] and "compat:original" in signatures["markup-match-tagged"]
    assert "compat:tagmt" in signatures["raw-bleu"] and "compat:original" in signatures["xml-chrf"]
    assert "compat:original" in signatures["tag-placement"] and "compat:original" in signatures["xml-match"]
    assert "raw-bleu, lex-bleu, tag-bleu, raw-chrf, lex-chrf, tag-chrf as tagmt" in captured.err
    assert "as tagmt (no published implementation to reproduce)" in captured.err


def test_cli_compat_original_strict_and_czechdocs(tmp_path, capsys):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text("Choose <b>Save</b> now.\nIf a < b, stop.\n")
    hyp.write_text("Choose <b>Save</b> now.\nIf a < b, stop.\n")
    code = main(["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--compat", "original-strict",
                 "--metric", "tag-placement", "xml-bleu"])
    captured = capsys.readouterr()
    errors = [line for line in captured.err.splitlines() if line.startswith("tagmt: error:")]
    assert code == 2 and len(errors) == 1  # one line: Lilt without --permissive stops
    assert "stops at the segment whose reference is 'If a < b, stop.'" in captured.err
    code = main(["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--compat", "czechdocs",
                 "--metric", "lex-bleu", "raw-bleu", "--format", "json"])
    captured = capsys.readouterr()
    signatures = json.loads(captured.out)["systems"][0]["signatures"]
    assert code == 0 and "compat:czechdocs" in signatures["lex-bleu"] and "compat:tagmt" in signatures["raw-bleu"]
    doc = tmp_path / "doc.xml"
    doc.write_text("<a><b>x</b></a>")
    code = main(["evaluate", "--metric", "tree-sim", "xater", "--ref", str(doc), "--hyp", str(doc),
                 "--compat", "original", "--format", "json"])
    captured = capsys.readouterr()
    signatures = json.loads(captured.out)["systems"][0]["signatures"]
    assert code == 0 and "compat:tagmt" in signatures["tree-sim"] and "compat:original" in signatures["xater"]
    assert "xater as their published implementations; tree-sim as tagmt" in captured.err
