"""Markdown awareness (MDEval, Chen et al.): how close the Markdown structure of two texts is.

Both texts are rendered to HTML with markdown-it-py (CommonMark plus tables, so tables, fences and raw
HTML count); the tags of the HTML, opening and closing and with their attributes, are read in order and
joined with spaces, and the score is ``1 - Levenshtein(a, b) / max(len a, len b)`` on those strings
(1.0 when both have no tags). The corpus score is the mean; several references: the best per item.
Scores are fractions in [0, 1] (``scale`` in the details).

``compat="original"`` is MDEval's ``md_eval.py``: Python-Markdown (not CommonMark: no tables or fenced
code without extensions, other list and HTML-block rules), then ``\\(…\\)``, ``\\[…\\]``, ``$$…$$`` and
``$…$`` in the HTML become ``<math>…</math>``, and every ``<…>`` counts — HTML comments too. Two texts
without tags divide by zero there; tagmt gives 1.0.

The distance is exact but not quadratic when it need not be: it is computed in a band of width ``k``
(rapidfuzz's ``score_cutoff``, cost ~ length x ``k``), ``k`` growing four-fold until the distance fits,
so similar documents cost little whatever their size. Two long, very different tag strings would need
more than ``MAX_CELLS`` cell updates: they are refused with one line naming the limit.
"""

from __future__ import annotations

import re
from typing import Sequence

from rapidfuzz.distance import Levenshtein

from tagmt.errors import TagmtError, require
from tagmt.metrics.base import Metric, MetricResult

# markdown-it escapes "<" and ">" inside text and attribute values, so a tag never contains either.
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_ORIGINAL_TAG = re.compile(r"<[^>]+>")
_MATH = [
    re.compile(r"\\\((.*?)\\\)", re.DOTALL),
    re.compile(r"\\\[(.*?)\\\]", re.DOTALL),
    re.compile(r"\$\$(.*?)\$\$", re.DOTALL),
    re.compile(r"\$(.*?)\$", re.DOTALL),
]
#: Most cell updates (string length x band width) the exact distance may take before it is refused.
MAX_CELLS = 2 * 10**11
_FIRST_BAND = 1024


def _renderer():
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table")


def markdown_tags(text: str, renderer=None) -> str:
    """The HTML tags of a Markdown text, in order, joined with single spaces."""
    html = (renderer or _renderer()).render(text)
    return " ".join(_TAG.findall(html))


def original_markdown_tags(text: str) -> str:
    """MDEval's ``convert_md_to_tags``: Python-Markdown, math as ``<math>``, every ``<…>``."""
    markdown = require("markdown", "compat", "md-tags with compat=original (Python-Markdown)")
    html = markdown.markdown(text)
    for pattern in _MATH:
        html = pattern.sub(r"<math>\1</math>", html)
    return " ".join(_ORIGINAL_TAG.findall(html))


def tag_distance(a: str, b: str, max_cells: int = MAX_CELLS) -> int:
    """The exact Levenshtein distance of two strings, in a band that widens until the distance fits.

    Raises ``TagmtError`` when the band would need more than ``max_cells`` cell updates.
    """
    longest = max(len(a), len(b))
    band = max(_FIRST_BAND, abs(len(a) - len(b)) + _FIRST_BAND)
    known = abs(len(a) - len(b))  # the distance is at least the difference in length
    while True:
        band = min(band, longest)
        if longest * band > max_cells:
            raise TagmtError(
                f"md-tags: the tag strings ({len(a):,} and {len(b):,} characters) differ by at least "
                f"{known:,} edits; the exact distance would take over {max_cells:.0e} cell updates "
                "(limit tagmt.metrics.markdown.MAX_CELLS); score shorter documents or split them"
            )
        distance = Levenshtein.distance(a, b, score_cutoff=band)
        if distance <= band:
            return distance
        known = band + 1
        band *= 4


def tag_similarity(a: str, b: str, max_cells: int = MAX_CELLS) -> float:
    """``1 - Levenshtein(a, b) / max(len a, len b)``; 1.0 when both strings are empty."""
    longest = max(len(a), len(b))
    return 1.0 if longest == 0 else 1.0 - tag_distance(a, b, max_cells) / longest


class MarkdownTags(Metric):
    """MDEval's Markdown tag distance (a similarity in [0, 1]) between hypothesis and reference texts."""

    name = "md-tags"
    unit = "document"
    compat_modes = ("tagmt", "original")

    def __init__(self, compat: str = "tagmt") -> None:
        self.set_compat(compat)
        #: reference text -> its tags: several hypothesis files are scored against the same references
        self._reference_tags: dict[str, str] = {}
        if compat == "original":
            require("markdown", "compat", "md-tags with compat=original (Python-Markdown)")
            self._tags = original_markdown_tags
        else:
            renderer = _renderer()
            self._tags = lambda text: markdown_tags(text, renderer)

    def _reference(self, text: str) -> str:
        if text not in self._reference_tags:
            self._reference_tags[text] = self._tags(text)
        return self._reference_tags[text]

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            import markdown

            return {"metric": "md-tags", "markdown": f"python-markdown-{markdown.__version__}",
                    "math": "tags", "comments": "tags", "dist": "levenshtein-char"}
        return {"metric": "md-tags", "markdown": "commonmark+table", "dist": "levenshtein-char"}

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if not references:
            raise TagmtError("the Markdown tag distance needs at least one reference")
        scores = []
        for i, hypothesis in enumerate(hypotheses):
            tags = self._tags(hypothesis)
            scores.append(max(tag_similarity(tags, self._reference(stream[i])) for stream in references))
        return MetricResult(
            name=self.name,
            score=sum(scores) / len(scores) if scores else 0.0,
            signature=self.signature(),
            segment_scores=scores,
            details={"scale": "0-1"},
        )
