"""Segments as the pages draw them: text runs and tag *chips*, each chip marked with what went wrong.

A drawn segment is a list of parts: a string is a text run; a list ``[tag, name]`` or
``[tag, name, marks, offset]`` is a markup token (as written, and its element name) with its marks —
letters of :data:`MARKS` — and, for a misplaced tag, its offset in characters of text from where the
reference has it (positive: later). The page's script turns parts into DOM nodes with ``textContent``.

Tag errors of a hypothesis against its reference follow :class:`tagmt.metrics.placement.TagReport` (the
per-tag report): markup tokens of the same kind, name and rank are paired; a pair is misplaced when its
place differs (with the same text without markup: its character offset; else its rank among the tags,
its depth or its parent element) and has changed attributes when its attributes differ. Unpaired
hypothesis tokens are *inserted*; unpaired reference tokens are *dropped* and drawn after the
hypothesis as ghost chips. (The report counts dropped and inserted per element name; pairing per kind
too can only differ on a segment that trades an end tag for a start tag of the same name.)
"""

from __future__ import annotations

from typing import Any

from tagmt.markup import TaggedSegment, Token, attributes
from tagmt.metrics.placement import tag_places

#: Mark letters: dropped, inserted, misplaced, attributes changed, and "differs" (a projection miss).
MARKS = {"d": "dropped", "i": "inserted", "m": "misplaced", "a": "attributes_changed", "x": "differs"}
#: The error kinds the evaluation page filters on, in the order of the per-tag report's columns.
KINDS = ("dropped", "inserted", "misplaced", "attributes_changed")


def draw(segment: TaggedSegment, marks: dict[int, tuple[str, int | None]] | None = None) -> list[Any]:
    """The parts of ``segment``; ``marks`` maps a token index to (mark letters, offset)."""
    parts: list[Any] = []
    for index, token in enumerate(segment.tokens):
        if not token.is_markup:
            if parts and isinstance(parts[-1], str):
                parts[-1] += token.text
            else:
                parts.append(token.text)
            continue
        mark = (marks or {}).get(index)
        if mark is None:
            parts.append([token.text, token.name])
        else:
            parts.append([token.text, token.name, mark[0], mark[1]])
    return parts




def compare(reference: TaggedSegment, hypothesis: TaggedSegment) -> tuple[list[Any], list[list[Any]], set[tuple[str, str]]]:
    """The hypothesis drawn with its tag errors, the dropped reference tags as ghost chips, and the
    (element name, kind) pairs of every error (what the page filters on)."""
    marks: dict[int, tuple[str, int | None]] = {}
    ghosts: list[list[Any]] = []
    errors: set[tuple[str, str]] = set()
    if not reference.has_markup and not hypothesis.has_markup:
        return draw(hypothesis), ghosts, errors
    same_text = hypothesis.lex == reference.lex
    ref_places, hyp_places = tag_places(reference, same_text), tag_places(hypothesis, same_text)
    for key in list(ref_places) + [k for k in hyp_places if k not in ref_places]:
        ref_list, hyp_list = ref_places.get(key, []), hyp_places.get(key, [])
        for (r_index, _, r_place, r_offset), (h_index, _, h_place, h_offset) in zip(ref_list, hyp_list):
            letters = ""
            if r_place != h_place:
                letters += "m"
                errors.add((key[1], "misplaced"))
            if attributes(reference.tokens[r_index]) != attributes(hypothesis.tokens[h_index]):
                letters += "a"
                errors.add((key[1], "attributes_changed"))
            if letters:
                marks[h_index] = (letters, h_offset - r_offset if "m" in letters else None)
        for h_index, _, _, _ in hyp_list[len(ref_list):]:
            marks[h_index] = ("i", None)
            errors.add((key[1], "inserted"))
        for r_index, _, _, r_offset in ref_list[len(hyp_list):]:
            token: Token = reference.tokens[r_index]
            ghosts.append([token.text, token.name, "d", r_offset])
            errors.add((key[1], "dropped"))
    return draw(hypothesis, marks), ghosts, errors


def names(segment: TaggedSegment) -> set[str]:
    """The element names of a segment's markup."""
    return {token.name for token in segment.markup}
