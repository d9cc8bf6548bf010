"""Label words: a label's word the aligner left unlinked, written beside the label's span in a spaced language, is
the label's (stage `label-words`, for the languages written with spaces).

German and Dutch write a label's verb last (`Click <ui>Print Report</ui>` → `Klicken Sie auf <ui>Bericht
drucken</ui>`, `Klik op <ui>Rapport afdrukken</ui>`); Russian puts a noun's complement after it (`<ui>Печать
отчета</ui>`). The aligner often links one word of such a label and leaves the other, and the span placed on the
linked word drops it (`auf <ui>Bericht</ui> drucken`). A source word of the tag with no link is translated
somewhere; where the words right beside the span are unlinked too, and they run up to a boundary of the phrase,
they are its translation:

* the source tag holds n content words with no link (not function words of the source's profile) and no copy
  among the span's words;
* beside the span (right, then left), across single spaces only, stand k ≤ n words of the translation with no link
  that are no function words of the target (letters only: no numbers, codes or marks);
* in German and Dutch no verb bracket is open before the span in its clause (`Profile.bracket_verbs`: `Zunächst
  wird … auf die <g>Hindernisse … Unternehmen</g> eingegangen`: the clause's last verb is `wird`'s, not the tag's);
* after them comes a boundary: the end of the text, a punctuation mark, a function word of the target (a
  separable particle, `Wählen Sie <ui>Bericht drucken</ui> aus`; a preposition, `auf <ui>Bericht drucken</ui>`)
  or a word that translates source words outside the tag only (`Нажмите <ui>Печать отчета</ui>`, `Нажмите` for
  `Click`, when `Report` is linked and `Print` is not).

Without the boundary nothing moves: `Aperçu avant impression` (`Print Preview`, `Print` unlinked) ends on
`impression` after the function word `avant`, and taking `avant` alone would cut the phrase. A span never grows
past a sibling's or out of its parent, nor over a word another tag's span holds.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.detag import SourceTag
from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.edgewords import closed_class
from tagmt.projection.wordseg import words_within

CLAUSE_ENDS = frozenset(",;:.!?")
"""Marks that end a clause (where a verb bracket closes)."""

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def take_label_words(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` grown over the unlinked words of their labels beside them (module docstring); in place,
    and returned. Spans only grow. Only where the target's profile names its function words (they tell where the
    label's phrase ends; with no language known the stage leaves the spans as placed)."""
    if ctx.trg_profile is not None and ctx.trg_profile.function_words and ctx.trg and ctx.src and ctx.links:
        linked_src = {i for i, _ in ctx.links}
        _visit(spans, ctx, linked_src, 0, len(ctx.translation))
    return spans


def _visit(nodes: list[Span], ctx: PairContext, linked_src: set[int], lo: int, hi: int) -> None:
    for node, floor, ceiling in between_siblings(nodes, lo, hi):
        if node.movable:
            missing = _unlinked_words(ctx, node, linked_src, ctx.translation[node.start:node.end])
            if missing:
                _grow(node, ctx, missing, max(lo, floor), min(hi, ceiling))
        _visit(node.children, ctx, linked_src, node.start, node.end)


def _unlinked_words(ctx: PairContext, node: Span, linked_src: set[int], held: str) -> int:
    """How many content words of `node`'s source tag have no link and no copy among the span's words (`held`: its
    text; a label kept in the source's words is whole already)."""
    profile = None if ctx.profiles is None else ctx.profiles.src
    held = held.lower()
    return sum(1 for i in words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end)
               if i not in linked_src and ctx.src[i].text.isalpha() and ctx.src[i].text.lower() not in held
               and (profile is None or not closed_class(ctx.src[i].text, ctx.src[i].kind, profile)))


def _grow(node: Span, ctx: PairContext, missing: int, floor: int, ceiling: int) -> None:
    end, taken = (node.end, 0) if _in_bracket(ctx, node.start) else \
        _run(ctx, node.tag, node.end, missing, ceiling, forward=True)
    node.end = end
    if missing > taken:
        node.start = _run(ctx, node.tag, node.start, missing - taken, floor, forward=False)[0]


def _in_bracket(ctx: PairContext, x: int) -> bool:
    """Whether a verb bracket of the target profile (`Profile.bracket_verbs`: German `wird`, Dutch `heeft`) is open
    in the clause before `x`: its participle or infinitive ends the clause (`wird … <g>…</g> eingegangen`)."""
    verbs = ctx.trg_profile.bracket_verbs if ctx.trg_profile is not None else frozenset()
    if not verbs:
        return False
    k = bisect_left(ctx.trg_starts, x) - 1
    while k >= 0 and ctx.trg[k].text not in CLAUSE_ENDS:
        if ctx.trg[k].text.lower() in verbs:
            return True
        k -= 1
    return False


def _run(ctx: PairContext, node_tag: SourceTag, x: int, missing: int, limit: int, *, forward: bool
         ) -> tuple[int, int]:
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
    if not taken or not _boundary(ctx, node_tag, edge, k, forward):
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


def _boundary(ctx: PairContext, tag: SourceTag, edge: int, k: int | None, forward: bool) -> bool:
    """Whether the phrase ends at `edge`: the text ends, or the next word `k` beyond it is a mark, a function word or
    a word that translates source words outside the `tag` only."""
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
    if not any(c.isalnum() for c in word.text) or closed_class(word.text, word.kind, ctx.trg_profile):
        return True
    owners = ctx.owners.get(k, ())
    return bool(owners) and all(not (tag.start <= ctx.src[i].start and ctx.src[i].end <= tag.end) for i, _ in owners)
