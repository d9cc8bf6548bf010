"""Detag: strip the markup of a source segment, keeping each tag's character span in the plain text.

`detag` gives the plain text and a tree of `SourceTag`s over it; the projection (`project.py`)
places that tree on the translation, and word splitting cuts source words at every tag boundary
(`Detagged.cuts`), so no word straddles a tag edge.

Nesting is bounded: a segment whose elements nest deeper than `MAX_DEPTH` levels (libxml2's own default
limit, which the XML metrics meet too) is refused with a `TagmtError` naming the limit, so that no later
stage (placement, edges, rendering, assessment) can exhaust Python's stack on it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Iterator

from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.safexml import MAX_DEPTH  # libxml2's default limit, as every XML reader's



@dataclass(frozen=True, slots=True)  # (slots: one per tag of every segment of a batch)
class SourceTag:
    """One element of a source segment: its markup as written and its span in the plain text.

    `close` is "" for a self-closing tag, a comment, or a tag that has no partner in the segment;
    such a tag (and any element with `start == end`) is a point.
    """

    open: str
    close: str
    start: int
    end: int
    children: tuple["SourceTag", ...] = ()

    def walk(self) -> Iterator["SourceTag"]:
        """This tag and its descendants, in document order (iterative: any depth)."""
        stack: list[SourceTag] = [self]
        while stack:
            tag = stack.pop()
            yield tag
            stack.extend(reversed(tag.children))


@dataclass(frozen=True, slots=True)
class Detagged:
    """A source segment without its tags (`plain`) and the tags' tree over `plain`."""

    plain: str
    tags: tuple[SourceTag, ...] = ()

    def walk(self) -> Iterator[SourceTag]:
        """Every tag, in document order (iterative: any depth)."""
        stack: list[SourceTag] = list(reversed(self.tags))
        while stack:
            tag = stack.pop()
            yield tag
            stack.extend(reversed(tag.children))

    def cuts(self) -> set[int]:
        """Character offsets of `plain` where a tag begins or ends: words must not cross them."""
        return {offset for tag in self.walk() for offset in (tag.start, tag.end)}


@dataclass
class _Open:
    open: str
    start: int
    children: list[SourceTag] = field(default_factory=list)


def detag(tagged: str) -> Detagged:
    """Strip the markup of `tagged` (as `tagmt.markup` tokenizes it), keeping each tag's span.

    Malformed markup is kept, never dropped: an end tag without an open element of its name, and a
    start tag never closed, become points at their position (an unclosed tag's children move up).
    The tags' texts are interned: a batch repeats them (`<g id="1">`, `</g>`) in every segment.
    Elements nested deeper than `MAX_DEPTH` are refused (`TagmtError`). Linear in the segment.
    """
    tokens = tokenize(tagged, orphans=True)
    partner: dict[int, int] = {}
    stack: list[int] = []
    open_count: dict[str, int] = {}  # open start tags of each name: no scan of the stack per end tag
    for k, token in enumerate(tokens):
        if token.kind == "start":
            stack.append(k)
            open_count[token.name] = open_count.get(token.name, 0) + 1
        elif token.kind == "end" and open_count.get(token.name, 0) > 0:
            while tokens[stack[-1]].name != token.name:
                open_count[tokens[stack.pop()].name] -= 1
            open_count[token.name] -= 1
            partner[stack.pop()] = k
    paired_ends = set(partner.values())

    plain: list[str] = []
    length = 0
    root: list[SourceTag] = []
    opened: list[tuple[int, _Open]] = []

    def siblings() -> list[SourceTag]:
        return opened[-1][1].children if opened else root

    for k, token in enumerate(tokens):
        if token.kind == "text":
            plain.append(token.text)
            length += len(token.text)
        elif token.kind == "start" and k in partner:
            if len(opened) == MAX_DEPTH:
                raise TagmtError(f"tags nested more than {MAX_DEPTH} levels deep (at character {token.start}): "
                                 f"tagmt handles at most {MAX_DEPTH} levels")
            opened.append((k, _Open(sys.intern(token.text), length)))
        elif token.kind == "end" and k in paired_ends:
            _, node = opened.pop()
            siblings().append(
                SourceTag(node.open, sys.intern(token.text), node.start, length, tuple(node.children))
            )
        else:
            siblings().append(SourceTag(sys.intern(token.text), "", length, length))
    return Detagged("".join(plain), tuple(root))
