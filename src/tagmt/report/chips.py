"""Segments as the pages draw them: text runs and tag *chips*, each chip marked with what went wrong.

A drawn segment is a list of parts: a string is a text run; a list ``[tag, name]`` or
``[tag, name, marks, offset]`` is a markup token (as written, and its element name) with its marks —
letters of :data:`MARKS` — and, for a misplaced tag, its offset in characters of text from where the
reference has it (positive: later). The page's script turns parts into DOM nodes with ``textContent``.

Tag errors of a hypothesis against its reference follow :class:`tagmt.metrics.placement.TagReport` (the
per-tag report): the markup tokens are paired by :func:`tagmt.metrics.placement.pair_tags` (a sequence
alignment); a pair is misplaced when its place differs (with the same text without markup: its character
offset; else its order among the tags, its depth or its parent element) and has changed attributes when
its attributes differ. Unpaired hypothesis tokens are *inserted*; unpaired reference tokens are *dropped*
and drawn after the hypothesis as ghost chips.
"""

from __future__ import annotations

from typing import Any

from tagmt.markup import TaggedSegment
from tagmt.metrics.placement import TagPairing, pair_tags
from tagmt.xmltext import unescape

#: Mark letters: dropped, inserted, misplaced, attributes changed, and "differs" (a projection miss).
MARKS = {"d": "dropped", "i": "inserted", "m": "misplaced", "a": "attributes_changed", "x": "differs"}
#: The error kinds the evaluation page filters on, in the order of the per-tag report's columns.
KINDS = ("dropped", "inserted", "misplaced", "attributes_changed")


def draw(segment: TaggedSegment, marks: dict[int, tuple[str, int | None]] | None = None, *,
         escaped: bool = False) -> list[Any]:
    """The parts of ``segment``; ``marks`` maps a token index to (mark letters, offset). ``escaped``: the
    segment's text is XML-escaped (a tagged string of a file): its text runs are shown as the characters
    they stand for (``Security &amp; Privacy`` as ``Security & Privacy``); tags stay as written."""
    parts: list[Any] = []
    for index, token in enumerate(segment.tokens):
        if not token.is_markup:
            text = unescape(token.text) if escaped else token.text
            if parts and isinstance(parts[-1], str):
                parts[-1] += text
            else:
                parts.append(text)
            continue
        mark = (marks or {}).get(index)
        if mark is None:
            parts.append([token.text, token.name])
        else:
            parts.append([token.text, token.name, mark[0], mark[1]])
    return parts




def compare(reference: TaggedSegment, hypothesis: TaggedSegment, pairing: TagPairing | None = None, *,
            escaped: bool = False) -> tuple[list[Any], list[list[Any]], set[tuple[str, str]]]:
    """The hypothesis drawn with its tag errors, the dropped reference tags as ghost chips, and the
    (element name, kind) pairs of every error (what the page filters on). ``pairing``: :func:`pair_tags`
    of the two, when the caller has it already (it counts the same segment's tags too)."""
    marks: dict[int, tuple[str, int | None]] = {}
    ghosts: list[list[Any]] = []
    errors: set[tuple[str, str]] = set()
    if not reference.has_markup and not hypothesis.has_markup:
        return draw(hypothesis, escaped=escaped), ghosts, errors
    if pairing is None:
        pairing = pair_tags(reference, hypothesis)
    for pair in pairing.pairs:
        ref, hyp = pair.reference, pair.hypothesis
        letters = "m" * pair.misplaced + "a" * pair.attributes_changed
        for letter in letters:
            errors.add((ref.token.name, MARKS[letter]))
        if letters:
            marks[hyp.index] = (letters, hyp.offset - ref.offset if pair.misplaced else None)
    for hyp in pairing.inserted:
        marks[hyp.index] = ("i", None)
        errors.add((hyp.token.name, "inserted"))
    for ref in pairing.dropped:
        ghosts.append([ref.token.text, ref.token.name, "d", ref.offset])
        errors.add((ref.token.name, "dropped"))
    return draw(hypothesis, marks, escaped=escaped), ghosts, errors


def names(segment: TaggedSegment) -> set[str]:
    """The element names of a segment's markup."""
    return {token.name for token in segment.markup}
