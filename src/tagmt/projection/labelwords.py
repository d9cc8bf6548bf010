"""Label words: a label's word the aligner left unlinked, written beside the label's span in a spaced language, is
the label's (stage `label-words`, for the languages written with spaces).

German and Dutch write a label's verb last (`Click <ui>Print Report</ui>` → `Klicken Sie auf <ui>Bericht
drucken</ui>`, `Klik op <ui>Rapport afdrukken</ui>`); Russian puts a noun's complement after it (`<ui>Печать
отчета</ui>`). The aligner often links one word of such a label and leaves the other, and the span placed on the
linked word drops it (`auf <ui>Bericht</ui> drucken`). A source word of the tag with no link is translated
somewhere; where the words right beside the span are unlinked too, and they run up to a boundary of the phrase,
they are its translation:

* the source tag holds n content words with no link (not function words of the source's profile);
* beside the span (right, then left), across single spaces only, stand k ≤ n words of the translation with no link
  that are no function words of the target (letters only: no numbers, codes or marks);
* after them comes a boundary: the end of the text, a punctuation mark, or a function word of the target (a
  separable particle, `Wählen Sie <ui>Bericht drucken</ui> aus`; a preposition, `auf <ui>Bericht drucken</ui>`).

Without the boundary nothing moves: `Aperçu avant impression` (`Print Preview`, `Print` unlinked) ends on
`impression` after the function word `avant`, and taking `avant` alone would cut the phrase. A span never grows
past a sibling's or out of its parent, nor over a word another tag's span holds.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.edgewords import closed_class
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def take_label_words(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` grown over the unlinked words of their labels beside them (module docstring); in place,
    and returned. Spans only grow."""
    if ctx.trg and ctx.src and ctx.links:
        linked_src = {i for i, _ in ctx.links}
        _visit(spans, ctx, linked_src, 0, len(ctx.translation))
    return spans


def _visit(nodes: list[Span], ctx: PairContext, linked_src: set[int], lo: int, hi: int) -> None:
    for node, floor, ceiling in between_siblings(nodes, lo, hi):
        if not node.point and not node.fixed and node.start < node.end:
            missing = _unlinked_words(ctx, node, linked_src)
            if missing:
                _grow(node, ctx, missing, max(lo, floor), min(hi, ceiling))
        _visit(node.children, ctx, linked_src, node.start, node.end)


def _unlinked_words(ctx: PairContext, node: Span, linked_src: set[int]) -> int:
    """How many content words of `node`'s source tag have no link."""
    profile = None if ctx.profiles is None else ctx.profiles.src
    return sum(1 for i in words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end)
               if i not in linked_src and ctx.src[i].text.isalpha()
               and (profile is None or not closed_class(ctx.src[i].text, ctx.src[i].kind, profile)))


def _grow(node: Span, ctx: PairContext, missing: int, floor: int, ceiling: int) -> None:
    end, taken = _run(ctx, node.end, missing, ceiling, forward=True)
    node.end = end
    if missing > taken:
        node.start = _run(ctx, node.start, missing - taken, floor, forward=False)[0]


def _run(ctx: PairContext, x: int, missing: int, limit: int, *, forward: bool) -> tuple[int, int]:
    """Where the span's edge at `x` goes and how many words it passes: up to `missing` unlinked content words
    beside it that run to a boundary, or none (`x`, 0)."""
    text, trg, owners = ctx.translation, ctx.trg, ctx.owners
    profile = ctx.trg_profile
    k = _word_at(ctx, x, forward)
    taken, edge = 0, x
    while k is not None and taken < missing:
        word = trg[k]
        gap = text[edge:word.start] if forward else text[word.end:edge]
        if gap != " " or k in owners or not word.text.isalpha() or closed_class(word.text, word.kind, profile):
            break
        if (word.end > limit) if forward else (word.start < limit):
            return x, 0
        taken, edge = taken + 1, word.end if forward else word.start
        k = k + 1 if forward else k - 1
        k = k if 0 <= k < len(trg) else None
    if not taken or not _boundary(ctx, edge, k, forward):
        return x, 0
    return edge, taken


def _word_at(ctx: PairContext, x: int, forward: bool) -> int | None:
    """The index of the first word after `x` (forward) or the last before it."""
    if forward:
        k = bisect_left(ctx.trg_starts, x)
        return k if k < len(ctx.trg) else None
    k = bisect_left(ctx.trg_starts, x) - 1
    while k >= 0 and ctx.trg[k].end > x:
        k -= 1
    return k if k >= 0 else None


def _boundary(ctx: PairContext, edge: int, k: int | None, forward: bool) -> bool:
    """Whether the phrase ends at `edge`: the text ends, or the next word `k` beyond it is a mark or a function word."""
    text = ctx.translation
    rest = text[edge:] if forward else text[:edge]
    if not rest.strip():
        return True
    if k is None:
        return False
    word = ctx.trg[k]
    gap = text[edge:word.start] if forward else text[word.end:edge]
    if gap.strip():
        return False
    return not any(c.isalnum() for c in word.text) or closed_class(word.text, word.kind, ctx.trg_profile)
