"""Detag: strip the markup of a source segment, keeping each tag's character span in the plain text.

`detag` gives the plain text and a tree of `SourceTag`s over it; the projection (`project.py`)
places that tree on the translation, and word splitting cuts source words at every tag boundary
(`Detagged.cuts`), so no word straddles a tag edge.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Iterator

from tagmt.markup import tokenize


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
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass(frozen=True, slots=True)
class Detagged:
    """A source segment without its tags (`plain`) and the tags' tree over `plain`."""

    plain: str
    tags: tuple[SourceTag, ...] = ()

    def walk(self) -> Iterator[SourceTag]:
        for tag in self.tags:
            yield from tag.walk()

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
    """
    tokens = tokenize(tagged, orphans=True)
    partner: dict[int, int] = {}
    stack: list[int] = []
    for k, token in enumerate(tokens):
        if token.kind == "start":
            stack.append(k)
        elif token.kind == "end":
            names = [tokens[s].name for s in stack]
            if token.name in names:
                while tokens[stack[-1]].name != token.name:
                    stack.pop()
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
            opened.append((k, _Open(sys.intern(token.text), length)))
        elif token.kind == "end" and k in paired_ends:
            _, node = opened.pop()
            siblings().append(
                SourceTag(node.open, sys.intern(token.text), node.start, length, tuple(node.children))
            )
        else:
            siblings().append(SourceTag(sys.intern(token.text), "", length, length))
    return Detagged("".join(plain), tuple(root))
