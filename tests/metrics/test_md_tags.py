"""Markdown tag distance (MDEval): the tag sequence of the rendered HTML and its normalised Levenshtein."""

from __future__ import annotations

import pytest

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
