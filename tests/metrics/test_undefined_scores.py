"""Issue 33 item 6: a score that is undefined says n/a, with the reason — an empty reference against an
empty hypothesis on the raw and lex views (sacrebleu gives 0), and a reference that is not well-formed XML
for XML-Match and XML-chrF (tower-eval gives 0 even to an identical hypothesis). Hand-made cases."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main
from tagmt.metrics.registry import get_metric

VIEW_METRICS = ["raw-bleu", "lex-bleu", "raw-chrf", "lex-chrf", "raw-chrf++", "lex-chrf++", "raw-ter", "lex-ter"]
STRAY = "<b>Click</b> here</b> now."  # a stray closing tag: not well-formed


@pytest.mark.parametrize("name", VIEW_METRICS)
def test_empty_against_empty_is_n_a_per_segment_and_corpus(name):
    metric = get_metric(name, trg_lang="en")
    result = metric.corpus_score(["", "   "], [["", ""]])
    assert result.score is None and result.segment_scores == [None, None]
    assert "every segment is empty in its hypothesis and its reference" in result.details["reason"]


@pytest.mark.parametrize("name", VIEW_METRICS)
def test_an_empty_segment_leaves_the_others_as_sacrebleu_scores_them(name):
    import sacrebleu

    hyps, refs = ["", "the cat sat on the mat today"], ["", "the cat sat on a mat today"]
    result = get_metric(name, trg_lang="en").corpus_score(hyps, [refs])
    assert result.segment_scores[0] is None and result.segment_scores[1] is not None
    family = name.split("-", 1)[1]
    sacre = {"bleu": sacrebleu.BLEU(), "chrf": sacrebleu.CHRF(), "chrf++": sacrebleu.CHRF(word_order=2),
             "ter": sacrebleu.TER(asian_support=True)}[family]
    assert result.score == pytest.approx(sacre.corpus_score(hyps, [refs]).score)


@pytest.mark.parametrize("name", ["raw-bleu", "raw-chrf"])
def test_one_side_empty_is_a_real_zero(name):
    result = get_metric(name, trg_lang="en").corpus_score([""], [["some words here now"]])
    assert result.score == 0.0 and result.segment_scores == [0.0]


def test_tags_alone_are_scored_raw_but_n_a_lex():
    raw = get_metric("raw-chrf", trg_lang="en").corpus_score(['<x id="1"/>'], [['<x id="1"/>']])
    lex = get_metric("lex-chrf", trg_lang="en").corpus_score(['<x id="1"/>'], [['<x id="1"/>']])
    assert raw.score == 100.0 and lex.score is None


@pytest.mark.parametrize("name", ["xml-match", "xml-chrf"])
def test_a_malformed_reference_is_n_a_not_zero(name):
    metric = get_metric(name, trg_lang="en")
    result = metric.corpus_score([STRAY], [[STRAY]])
    assert result.score is None and result.segment_scores == [None]
    assert "no reference is well-formed XML" in result.details["reason"]
    both = metric.corpus_score([STRAY, "Open <b>x</b> now"], [[STRAY, "Open <b>x</b> now"]])
    assert both.score == 100.0 and both.segment_scores == [None, 100.0]  # left out, not counted as 0


@pytest.mark.parametrize("name", ["xml-match", "xml-chrf"])
def test_original_compat_keeps_tower_evals_zero(name):
    result = get_metric(name, trg_lang="en", compat="original").corpus_score(
        [STRAY, "Open <b>x</b> now"], [[STRAY, "Open <b>x</b> now"]])
    assert result.segment_scores[0] == 0.0


def test_the_cli_says_n_a_and_why(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "400")
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    ref.write_text(f"{STRAY}\n", encoding="utf-8")
    hyp.write_text(f"{STRAY}\n", encoding="utf-8")
    assert main(["evaluate", "-r", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "-m", "xml-match", "xml-chrf",
                 "raw-chrf", "--format", "json"]) == 0
    (system,) = json.loads(capsys.readouterr().out)["systems"]
    for name in ("xml-match", "xml-chrf"):
        assert system["scores"][name] is None and "well-formed" in system["details"][name]["reason"]
    assert system["scores"]["raw-chrf"] == 100.0
    assert main(["evaluate", "-r", str(ref), "--trg-lang", "en", "--hyp", str(hyp), "-m", "xml-match"]) == 0
    out = capsys.readouterr().out
    assert "xml-match n/a (no reference is well-formed XML" in out
    empty = tmp_path / "empty.en"
    empty.write_text("\n\n", encoding="utf-8")
    assert main(["evaluate", "-r", str(empty), "--trg-lang", "en", "--hyp", str(empty), "-m", "raw-chrf", "raw-bleu",
                 "-b"]) == 0
    assert capsys.readouterr().out == "n/a\tn/a\n"
