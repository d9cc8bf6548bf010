"""Moving a point (a placed code with no content: a footnote marker, a placeholder) after placement: the checks
and the move the point stages share (`standalone.py`, `footnotes.py`, `phrasepoints.py`, `pointanchors.py`,
`postpositionmarks.py`, `caseendings.py`).
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Callable

from tagmt.projection.edges import Span

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def has_points(ctx: "PairContext") -> bool:
    """Whether the pair's source holds a point (a code with no text): what the point stages move."""
    return any(tag.start == tag.end for tag in ctx.detagged.walk())


class WordLinks:
    """A pair's links by word both ways (a source word's targets in the links' order) and the source word ending
    at each character offset: what the phrase rules of the point stages read, made once per pair."""

    def __init__(self, ctx: "PairContext") -> None:
        self.ctx = ctx
        self.ending = {w.end: i for i, w in enumerate(ctx.src)}
        self.targets: dict[int, list[int]] = {}
        self.sources: dict[int, set[int]] = {}
        for i, j in ctx.links:
            if i < len(ctx.src) and j < len(ctx.trg):
                self.targets.setdefault(i, []).append(j)
                self.sources.setdefault(j, set()).add(i)


def word_char(char: str) -> bool:
    """A letter, digit or combining mark (nothing is none)."""
    return bool(char) and unicodedata.category(char)[0] in "LNM"


def marker(x: int, plain: str) -> bool:
    """A point written against the end of a word, with no letter or digit right after it."""
    before = plain[x - 1] if x > 0 else ""
    after = plain[x] if x < len(plain) else ""
    return word_char(before) and not word_char(after)


def free(x: int, node: Span, siblings: list[Span], bounds: tuple[int, int], onto_points: bool = False) -> bool:
    """Whether the point `node` may go to `x`: inside its parent's `bounds`, inside no sibling span, and onto no
    other point unless `onto_points`."""
    lo, hi = bounds
    if not lo <= x <= hi:
        return False
    return not any(other is not node and (other.start < x < other.end if not other.point
                                          else not onto_points and other.start == x)
                   for other in siblings)


def move(node: Span, x: int) -> None:
    """The point `node` (and whatever it holds) to `x`."""
    for part in node.walk():
        part.start = part.end = x


def walk_markers(nodes: list[Span], parent: Span | None, ctx: "PairContext",
                 where: Callable[[Span, int, int], int | None], words_only: bool = True) -> None:
    """Every marker among `nodes` and their children — a point written against the end of a source word
    (`marker`; `words_only=False`: any point), at no sibling span's edge — moved to the target offset
    `where(node, x, end)` names (`x`: its source offset, `end`: its parent's source end), when the point is free
    to go there; None leaves it."""
    lo, hi = (parent.start, parent.end) if parent is not None else (0, len(ctx.translation))
    plain = ctx.plain
    edges = {x for node in nodes if not node.point for x in (node.tag.start, node.tag.end)}
    end = parent.tag.end if parent is not None else len(plain)
    for node in nodes:
        x = node.tag.start
        if node.point and x == node.tag.end and x not in edges and (not words_only or marker(x, plain)):
            at = where(node, x, end)
            if at is not None and at != node.start and free(at, node, nodes, (lo, hi)):
                move(node, at)
        walk_markers(node.children, node, ctx, where, words_only)
