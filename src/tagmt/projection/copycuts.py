"""Tags inside a token the translation copies: the copy is cut where the source cuts it.

A source tag may cut a token — a sub- or superscript (`H<g>2</g>O`, `CO<g>2</g>`, `km<g>2</g>`), a
footnote marker inside a word, part of a product name (`S<g>/4</g>HANA`). Word links cannot place such an
edge: the aligner sees the token as one word, so the tag takes the whole target word or the joiner
beside it. When the translation writes the source token verbatim (`das H2O-Pilotprojekt`, `CO2排出量`),
the principle is the one of copied text everywhere (`units.verbatim_spans`): the copy keeps the source's
cut. Every edge of a tag that lies strictly inside a source token moves to the same offset inside the
token's copy; an edge at a token boundary is left to the other rules.

Which copy: the token's k-th copy when the translation copies it as often as the source writes it (the
k-th source occurrence), else the copy nearest the span as placed. A copy is the token's text with no
letter or digit glued to it on either side (a CJK character next to a Latin or digit edge does not glue: `CO2排出量`).
A move that would overlap a sibling's span, or leave a child outside its parent, is not made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from tagmt.projection.edges import Span
from tagmt.projection.scripts import WIDE

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

#: A token: letters, digits and marks, joined by joiners (`S/4HANA`, `30.11.2014`) — the unit of
#: `units.verbatim_tokens`.
TOKEN = regex.compile(r"[\p{L}\p{N}\p{M}]+(?:[-._/:@#+~=%&?\\]+[\p{L}\p{N}\p{M}]+)*")
_WORD_CHAR = regex.compile(r"[\p{L}\p{N}\p{M}]")


def cut_copies(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with every edge that lies inside a source token moved into that token's copy (see the module)."""
    plain, text = ctx.plain, ctx.translation
    tokens = [(m.start(), m.end()) for m in TOKEN.finditer(plain)]
    if not tokens or not spans:
        return spans
    tags = (tag for top in ctx.detagged.tags for tag in top.walk())
    if not any(_inside(tokens, tag.start) or _inside(tokens, tag.end) for tag in tags):
        return spans
    copies: dict[str, list[int]] = {}
    _move_all(spans, None, tokens, plain, text, copies)
    return spans


def _move_all(nodes: list[Span], parent: Span | None, tokens: list[tuple[int, int]], plain: str, text: str,
              copies: dict[str, list[int]]) -> None:
    for span in nodes:
        moved = _moved(span, tokens, plain, text, copies)
        if moved is not None and _fits(moved, span, nodes, parent):
            span.start, span.end = moved
        _move_all(span.children, span, tokens, plain, text, copies)


def _moved(span: Span, tokens: list[tuple[int, int]], plain: str, text: str,
           copies: dict[str, list[int]]) -> tuple[int, int] | None:
    """The span's new `(start, end)` when an edge of its tag lies inside a copied token, else None. A tag
    within one token (`CO<g>2</g>`: one edge inside, the other at the token's end) takes both edges from the copy."""
    tag = span.tag
    first, last = _inside(tokens, tag.start), _inside(tokens, tag.end)
    token = first or last
    if token is not None and token[0] <= tag.start <= tag.end <= token[1]:
        copy = _copy(plain, text, token[0], token[1], copies, span)
        if copy is None:
            return None
        return copy + tag.start - token[0], copy + tag.end - token[0]
    start, end = span.start, span.end
    if first is not None:
        copy = _copy(plain, text, first[0], first[1], copies, span)
        start = start if copy is None else copy + tag.start - first[0]
    if last is not None:
        copy = _copy(plain, text, last[0], last[1], copies, span)
        end = end if copy is None else copy + tag.end - last[0]
    if (start, end) == (span.start, span.end) or start > end:
        return None
    return start, end


def _inside(tokens: list[tuple[int, int]], x: int) -> tuple[int, int] | None:
    """The token that `x` lies strictly inside (a character of it on either side), or None."""
    lo, hi = 0, len(tokens)
    while lo < hi:
        mid = (lo + hi) // 2
        if tokens[mid][1] <= x:
            lo = mid + 1
        else:
            hi = mid
    if lo < len(tokens) and tokens[lo][0] < x < tokens[lo][1]:
        return tokens[lo]
    return None


def _copy(plain: str, text: str, a: int, b: int, copies: dict[str, list[int]], span: Span) -> int | None:
    """Where the translation copies the source token `plain[a:b]` for this occurrence (see the module)."""
    token = plain[a:b]
    if token not in copies:
        copies[token] = _copies_of(token, text)
    found = copies[token]
    if not found:
        return None
    in_source = [m.start() for m in regex.finditer(regex.escape(token), plain) if _free(plain, m.start(), m.end())]
    if len(found) == len(in_source) and a in in_source:
        return found[in_source.index(a)]
    return min(found, key=lambda at: (_distance(at, at + len(token), span), at))


def _copies_of(token: str, text: str) -> list[int]:
    return [m.start() for m in regex.finditer(regex.escape(token), text) if _free(text, m.start(), m.end())]


def _free(text: str, start: int, end: int) -> bool:
    """No letter or digit glued to `text[start:end]` on either side (a wide character beside a narrow one
    does not glue)."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    return not _glued(before, text[start]) and not _glued(after, text[end - 1])


def _glued(outside: str, edge: str) -> bool:
    if not outside or not _WORD_CHAR.match(outside):
        return False
    return bool(WIDE.match(outside)) == bool(WIDE.match(edge))


def _distance(start: int, end: int, span: Span) -> int:
    if end <= span.start:
        return span.start - end
    if start >= span.end:
        return start - span.end
    return 0


def _fits(moved: tuple[int, int], span: Span, siblings: list[Span], parent: Span | None) -> bool:
    start, end = moved
    if parent is not None and not (parent.start <= start and end <= parent.end):
        return False
    for other in siblings:
        if other is span:
            continue
        if min(end, other.end) - max(start, other.start) > 0:
            return False
    return True
