"""A figure that is undefined is n/a, never 0 (issue 20 item 7): tag-bleu and tag-chrf on a corpus where
no segment carries markup, in the API (None plus a reason), JSON (null plus a reason), the table and CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tagmt.cli import main
from tagmt.evaluation import score_systems
from tagmt.metrics.registry import get_metric

PLAIN_REF = ["Hello world.", "No tags here."]
PLAIN_HYP = ["Hello world.", "No tag here."]


@pytest.mark.parametrize("name", ["tag-bleu", "tag-chrf"])
def test_api_tag_view_without_markup_is_none_with_a_reason(name):
    result = get_metric(name, trg_lang="en").corpus_score(PLAIN_HYP, [PLAIN_REF])
    assert result.score is None and "no segment has markup" in result.details["reason"]
    assert result.segment_scores == [None, None]


def test_one_tagged_segment_makes_the_tag_view_defined():
    result = get_metric("tag-bleu", trg_lang="en").corpus_score(["<b>Hello</b> world.", "x"], [["Hello world.", "x"]])
    assert result.score == 0.0  # the hypothesis has a tag the reference lacks: a real 0
    assert get_metric("tag-chrf", trg_lang="en").corpus_score(["<b>a</b>", "x"], [["<b>a</b>", "x"]]).score > 0


def test_score_systems_names_the_reason():
    (system,) = score_systems(PLAIN_REF, {"hyp": PLAIN_HYP}, "en", metrics=["tag-bleu", "raw-bleu"])
    out = system.as_dict()
    assert out["scores"]["tag-bleu"] is None and out["scores"]["raw-bleu"] is not None
    assert out["details"]["tag-bleu"]["status"] == "n/a" and "nothing to compare" in out["details"]["tag-bleu"]["reason"]
    assert "raw-bleu" not in out["details"]


@pytest.fixture()
def plain_files(tmp_path):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text("\n".join(PLAIN_REF) + "\n", "utf-8")
    hyp.write_text("\n".join(PLAIN_HYP) + "\n", "utf-8")
    return ["evaluate", "--ref", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "--metric", "tag-bleu", "tag-chrf",
            "lex-bleu"]


def test_cli_json_table_and_csv_say_n_a(plain_files, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")  # a table as wide as the temp paths need (narrower ones turn it)
    assert main([*plain_files, "--format", "json"]) == 0
    system = json.loads(capsys.readouterr().out)["systems"][0]
    assert system["scores"]["tag-bleu"] is None and system["scores"]["tag-chrf"] is None
    assert system["details"]["tag-chrf"]["reason"]
    assert main([*plain_files, "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["tag-bleu"] == "n/a" and rows[0]["tag-chrf"] == "n/a" and rows[0]["lex-bleu"] != "n/a"
    assert main(plain_files) == 0
    table = capsys.readouterr().out
    header, row = table.splitlines()[:2]
    cells = dict(zip(header.split(), row.split()))
    assert cells["tag-bleu"] == "n/a" and cells["tag-chrf"] == "n/a"
    assert "tag-bleu n/a (no segment has markup" in table
