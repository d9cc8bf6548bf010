"""Markdown tag distance (MDEval): the tag sequence of the rendered HTML and its normalised Levenshtein."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.metrics import get_metric
from tagmt.metrics.markdown import markdown_tags, tag_similarity


def test_tag_sequence_keeps_attributes_tables_and_fences():
    text = "# Title\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n```py\nx < y\n```\n"
    assert markdown_tags(text) == (
        "<h1> </h1> <table> <thead> <tr> <th> </th> <th style=\"text-align:center\"> </th> </tr> </thead> "
        "<tbody> <tr> <td> </td> <td style=\"text-align:center\"> </td> </tr> </tbody> </table> "
        "<pre> <code class=\"language-py\"> </code> </pre>"
    )


def test_text_does_not_matter_only_structure():
    assert markdown_tags("Some *words*") == markdown_tags("Andere *Wörter*") == "<p> <em> </em> </p>"


def test_similarity_formula():
    assert tag_similarity("", "") == 1.0
    assert tag_similarity("<h1> </h1>", "<h2> </h2>") == pytest.approx(1 - 2 / 10)
    assert tag_similarity("<p> </p>", "") == 0.0


def test_corpus_score_is_the_mean_and_best_reference_wins():
    metric = get_metric("md-tags")
    assert metric.unit == "document"
    result = metric.corpus_score(["# a", "plain"], [["## a", "plain"]])
    assert result.segment_scores == pytest.approx([0.8, 1.0])
    assert result.score == pytest.approx(0.9)
    assert metric.corpus_score(["# a"], [["## a"], ["# b"]]).score == 1.0


def test_compat_original_equals_mdeval_on_every_generated_pair():
    """MDEval's md_eval.py numbers (tests/metrics/data/mdeval_md_tags.json; see NOTE.md there)."""
    import json
    from pathlib import Path

    from compat_cases import markdown_pairs

    expected = json.loads((Path(__file__).parent / "data" / "mdeval_md_tags.json").read_text())
    metric = get_metric("md-tags", compat="original")
    for name, hyp, ref in markdown_pairs():
        assert metric.corpus_score([hyp], [[ref]]).score == pytest.approx(expected[name], abs=1e-12), name
    assert "python-markdown" in metric.signature() and "compat:original" in metric.signature()


def test_original_counts_math_and_comments_the_default_does_not():
    from tagmt.metrics.markdown import original_markdown_tags

    assert "<math>" in original_markdown_tags("Energy $E$ here")
    assert "<!-- x -->" in original_markdown_tags("text\n\n<!-- x -->\n")
    assert "<!--" not in markdown_tags("text\n\n<!-- x -->\n")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="<>/pb ", max_size=60), st.text(alphabet="<>/pb ", max_size=60))
def test_banded_distance_is_the_exact_levenshtein_distance(a, b):
    from rapidfuzz.distance import Levenshtein

    from tagmt.metrics import markdown as md

    old = md._FIRST_BAND
    md._FIRST_BAND = 1  # force several widenings on short strings
    try:
        assert md.tag_distance(a, b) == Levenshtein.distance(a, b)
    finally:
        md._FIRST_BAND = old
