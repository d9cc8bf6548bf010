"""Lilt's ``evaluate-markup-tags`` (lilt/markup-tag-evaluation, ``tag_evaluation.py`` and
``parse_tags.py``; Zenkel et al., Findings of EMNLP 2021), rebuilt step for step for
``compat="original"`` (``--permissive``) and ``compat="original-strict"`` (without it) of ``tag-placement``.

What the original does with one (reference, hypothesis) line:

* a *tag* is anything from a ``<`` to the next ``>`` (``<b>``, ``</b>``, ``<br>``, ``<field name>``,
  ``<!-- c -->``), its content the characters between them, its position the length of the text before
  it with every tag removed (entity references count as written: ``&amp;`` is five characters). A line
  whose ``<`` and ``>`` do not alternate (``a < b``, ``<<x>>``, an unclosed ``<``) is *invalid*;
* an invalid reference: with ``--permissive`` the line is ignored, not even counted among the sentences
  (so it leaves the denominator of the inconsistent share); without it the run stops;
* an invalid hypothesis: inconsistent (kind ``hypothesis``);
* with ``--permissive``, each hypothesis tag whose closing counterpart ``/content`` the hypothesis lacks
  but the reference has gets that closing tag added at its own position (a ``<b>`` left open counts as
  ``<b></b>`` there);
* the multisets of tag contents differ: inconsistent (kind ``tag count``); else the texts without tags
  differ: inconsistent (kind ``text``); without ``--permissive`` either stops the run;
* a consistent line adds its reference tags, the tags at exactly their reference position (multiset
  intersection), and for each reference tag the distance to the nearest hypothesis tag of the same
  content; an inconsistent line adds one inconsistent sentence and its reference tags to "tags in
  inconsistent sentences".

Accuracy and mean distance divide by ``max(1, tags)`` and the inconsistent share by ``max(1, sentences)``,
so a corpus without reference tags reads 0 there (tagmt's default says n/a).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from tagmt.errors import TagmtError


class Tag(NamedTuple):
    content: str
    position: int


class InvalidTags(ValueError):
    """A line whose ``<`` and ``>`` do not alternate."""


def balanced(line: str) -> bool:
    """The original's check: every ``<`` is closed by a ``>`` before the next ``<``, and no ``>`` stands alone."""
    open_ = False
    for char in line:
        if char == "<":
            if open_:
                return False
            open_ = True
        elif char == ">":
            if not open_:
                return False
            open_ = False
    return not open_


def extract(line: str) -> tuple[str, list[Tag]]:
    """(text without tags, tags with positions); :class:`InvalidTags` when the line is not balanced."""
    if not balanced(line):
        shown = line if len(line) <= 80 else line[:77] + "..."
        raise InvalidTags(f"invalid tag structure (its '<' and '>' do not alternate): {shown!r}")
    pieces = line.split("<")
    text = pieces[0]
    tags = []
    for piece in pieces[1:]:
        content, after = piece.split(">")
        tags.append(Tag(content, len(text)))
        text += after
    return text, tags


def close_open_tags(hyp_tags: list[Tag], ref_contents: Counter) -> list[Tag]:
    """``--permissive``'s repair: a closing tag the hypothesis lacks and the reference has is added at
    the position of the hypothesis tag it closes (tags added are examined too, as in the original)."""
    tags = list(hyp_tags)
    contents = Counter(t.content for t in tags)
    i = 0
    while i < len(tags):
        closing = "/" + tags[i].content
        if closing not in contents and closing in ref_contents:
            tags.append(Tag(closing, tags[i].position))
            contents[closing] += 1
        i += 1
    return tags


@dataclass
class LiltLine:
    """What one line adds to the original's sums."""

    tags: int = 0
    correct: int = 0
    distance: int = 0
    sentences: int = 0
    inconsistent_hypothesis: int = 0
    inconsistent_count: int = 0
    inconsistent_text: int = 0
    tags_in_inconsistent: int = 0

    def as_list(self) -> list[float]:
        return [float(x) for x in (self.tags, self.correct, self.distance, self.sentences,
                                   self.inconsistent_hypothesis, self.inconsistent_count,
                                   self.inconsistent_text, self.tags_in_inconsistent)]


def evaluate_line(reference: str, hypothesis: str, permissive: bool) -> LiltLine:
    """One line as ``evaluate_segment`` scores it; without ``permissive`` a problem raises ValueError
    (:class:`InvalidTags` or the inconsistency), as the original does."""
    try:
        ref_text, ref_tags = extract(reference)
    except InvalidTags as exc:
        if permissive:
            return LiltLine()  # "ignoring sentence": not counted at all
        raise InvalidTags(f"reference: {exc}") from None
    try:
        hyp_text, hyp_tags = extract(hypothesis)
    except InvalidTags as exc:
        if permissive:
            return LiltLine(sentences=1, inconsistent_hypothesis=1, tags_in_inconsistent=len(ref_tags))
        raise InvalidTags(f"hypothesis: {exc}") from None
    ref_contents = Counter(t.content for t in ref_tags)
    if permissive:
        hyp_tags = close_open_tags(hyp_tags, ref_contents)
    if ref_contents != Counter(t.content for t in hyp_tags):
        if permissive:
            return LiltLine(sentences=1, inconsistent_count=1, tags_in_inconsistent=len(ref_tags))
        raise ValueError("inconsistent number of tags between reference and hypothesis")
    if ref_text != hyp_text:
        if permissive:
            return LiltLine(sentences=1, inconsistent_text=1, tags_in_inconsistent=len(ref_tags))
        raise ValueError("reference without tags does not match hypothesis without tags")
    correct = len(ref_tags) - sum((Counter(ref_tags) - Counter(hyp_tags)).values())
    by_content: dict[str, list[int]] = defaultdict(list)
    for tag in hyp_tags:
        by_content[tag.content].append(tag.position)
    distance = sum(min(abs(tag.position - p) for p in by_content[tag.content]) for tag in ref_tags)
    return LiltLine(tags=len(ref_tags), correct=correct, distance=distance, sentences=1)


def evaluate_line_or_stop(reference: str, hypothesis: str, permissive: bool) -> LiltLine:
    """:func:`evaluate_line`, with the original's stop (no ``--permissive``) as a one-line TagmtError."""
    try:
        return evaluate_line(reference, hypothesis, permissive)
    except ValueError as exc:
        shown = reference if len(reference) <= 80 else reference[:77] + "..."
        raise TagmtError(
            f"tag-placement (compat original-strict: Lilt's evaluate-markup-tags without --permissive) stops "
            f"at the segment whose reference is {shown!r}: {exc}; compat original scores it as --permissive does"
        ) from None
