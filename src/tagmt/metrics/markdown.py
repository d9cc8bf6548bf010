"""Markdown awareness (MDEval, Chen et al.): how close the Markdown structure of two texts is.

Both texts are rendered to HTML with markdown-it-py (CommonMark plus tables, so tables, fences and raw
HTML count); the tags of the HTML, opening and closing and with their attributes, are read in order and
joined with spaces, and the score is ``1 - Levenshtein(a, b) / max(len a, len b)`` on those strings
(1.0 when both have no tags). The corpus score is the mean; several references: the best per item.
"""

from __future__ import annotations

import re
from typing import Sequence

from rapidfuzz.distance import Levenshtein

from tagmt.errors import TagmtError
from tagmt.metrics.base import Metric, MetricResult

# markdown-it escapes "<" and ">" inside text and attribute values, so a tag never contains either.
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def _renderer():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def markdown_tags(text: str, renderer=None) -> str:
    """The HTML tags of a Markdown text, in order, joined with single spaces."""
    html = (renderer or _renderer()).render(text)
    return " ".join(_TAG.findall(html))


def tag_similarity(a: str, b: str) -> float:
    """``1 - Levenshtein(a, b) / max(len a, len b)``; 1.0 when both strings are empty."""
    longest = max(len(a), len(b))
    return 1.0 if longest == 0 else 1.0 - Levenshtein.distance(a, b) / longest


class MarkdownTags(Metric):
    """MDEval's Markdown tag distance (a similarity in [0, 1]) between hypothesis and reference texts."""

    name = "md-tags"
    unit = "document"
    scale = "0-1"

    def __init__(self, **_unused: object) -> None:
        self.renderer = _renderer()

    def signature_fields(self) -> dict[str, str]:
        return {"metric": "md-tags", "markdown": "commonmark+table", "dist": "levenshtein-char"}

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if not references:
            raise TagmtError("the Markdown tag distance needs at least one reference")
        scores = []
        for i, hypothesis in enumerate(hypotheses):
            tags = markdown_tags(hypothesis, self.renderer)
            scores.append(
                max(tag_similarity(tags, markdown_tags(stream[i], self.renderer)) for stream in references)
            )
        return MetricResult(
            name=self.name,
            score=sum(scores) / len(scores) if scores else 0.0,
            signature=self.signature(),
            segment_scores=scores,
        )
