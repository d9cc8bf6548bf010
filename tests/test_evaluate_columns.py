"""Issue 33 item 8: ``-b`` and the table show the figures asked for (companion figures stay in the JSON);
the default table leaves out Lilt's inconsistency counts, which say when asked for what they count."""

from __future__ import annotations

import json

import pytest

import tagmt
from tagmt.cli import main
from tagmt.report.scores import DEFAULT_HIDDEN, INCONSISTENCY_NOTE

REF = ['Open the <b>Settings</b> page now and then.', 'Security &amp; Privacy <i>page</i> is here for you.',
       "Plain text without any tag."]
HYP = ['Open the Settings page now and then.', 'Security &amp; Privacy <i>page</i> is here for you.',
       "Plain words without any tag."]


@pytest.fixture
def files(tmp_path):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text("\n".join(REF) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(HYP) + "\n", encoding="utf-8")
    return str(ref), str(hyp)


def run(capsys, *argv: str) -> str:
    assert main(["evaluate", *argv]) == 0
    return capsys.readouterr().out


def test_score_only_prints_one_number_per_metric_asked(capsys, files):
    ref, hyp = files
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp, ref, "-m", "raw-bleu", "xml-bleu",
              "markup-match", "-b")
    assert [len(line.split("\t")) for line in out.splitlines()] == [3, 3]
    assert out.splitlines()[1] == "100.00\t100.00\t100.00"
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp, "-m", "tag-placement", "-b")
    assert len(out.strip().split("\t")) == 1


def test_the_order_asked_is_kept(capsys, files):
    ref, hyp = files
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", ref, "-m", "tag-offset", "raw-bleu", "-b")
    assert out.strip().split("\t") == ["0.00", "100.00"]


def test_the_table_shows_what_was_asked_and_the_json_more(capsys, files, monkeypatch):
    ref, hyp = files
    monkeypatch.setenv("COLUMNS", "400")
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp, "-m", "tag-placement", "markup-match")
    assert out.splitlines()[0].split() == ["hyp", "segments", "tag-placement", "markup-match"]
    assert "markup-match-tagged" not in out and "tag-offset" not in out
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp, "-m", "tag-placement", "markup-match",
              "--format", "json")
    scores = json.loads(out)["systems"][0]["scores"]
    assert {"tag-offset", "tag-inconsistent", "markup-match-tagged"} <= set(scores)
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp, "-m", "tag-placement", "--format", "csv")
    assert out.splitlines()[0] == "hyp,segments,tag-placement,tag-placement signature"


def test_the_default_table_leaves_out_the_inconsistency_counts(capsys, files, monkeypatch):
    ref, hyp = files
    monkeypatch.setenv("COLUMNS", "400")
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp)
    header = out.splitlines()[0].split()
    assert "tag-placement" in header and "tag-offset" in header
    assert not set(DEFAULT_HIDDEN) & set(header) and INCONSISTENCY_NOTE not in out
    out = run(capsys, "-r", ref, "--trg-lang", "en", "--hyp", hyp, "-m", "tag-inconsistent")
    assert out.splitlines()[0].split() == ["hyp", "segments", "tag-inconsistent"]
    assert INCONSISTENCY_NOTE in out  # what the figure counts, said under the table


def test_the_api_table_shows_what_was_asked():
    results = tagmt.evaluate(REF, {"mt": HYP}, trg_lang="en", metrics=["markup-match"])
    assert "markup-match-tagged" in results["mt"].scores  # the data carries more
    assert "markup-match-tagged" not in results.table()
