"""Phrase words: a one-word term that the translation writes as a two-word noun phrase takes the phrase's unlinked
word beside it, where nothing else in the source can be what that word translates (stage `phrase-words`, for the
languages written with spaces whose profile names their function words).

A glossary term of one English word is often translated by a phrase of two — a noun and its adjective or
participle (`<g>stakeholders</g>` → `les <g>parties prenantes</g>`, `die <g>interessierten Kreise</g>`, `<g>welfare</g>`
→ `<g>социальное обеспечение</g>`) — with no example teaching it (`termphrases.py` needs one). The aligner links the
term to one of the two words and leaves the other unlinked, and the span drops it: `les parties <g>prenantes</g>`.
A source word with a link has found its translation; a target word without one translates something. Here a span
without child tags, whose source tag is one content word (no function word of the source's profile) and which holds
exactly one word, that word linked to the term, takes the word beside it when

* that word is unlinked, of letters only, no function word of the target, joined to the span by one space;
* the two words are a phrase of their own: on both sides of them comes the text's end, a mark or a function word of
  the target (an article or preposition: `les`, `die`, `на`; a conjunction) — a word the sentence's verb or another
  noun could take (`le point de départ <g>défavorable</g> entraînent des`: a verb, not the adjective's noun) is none;
* the source cannot account for it otherwise: the nearest content word on each side of the tag in the source (past
  its function words) has a link — an unlinked `new` before `<g>parties</g>` may be what `nouvelles` translates —
  and the term heads its phrase: no content word follows it right away (`the <g>ambitious</g> target` →
  `das <g>ehrgeizige</g> Ziel`: the adjective's noun is outside the tag, linked or not);
* the word is written apart (no hyphen or slash joins it to the word beyond: `EU-weiten`);
* in a language that capitalizes its nouns and writes their modifiers before them (`Profile.nouns_capitalized`:
  German) the two words read modifier then noun: a lower-case word, then one with a capital
  (`interessierten Kreise`); what follows a noun without a capital is no part of its phrase (`nounheads.py`).

The left neighbour is tried first (a French noun before its adjective, a German adjective before its noun), then the
right. A span never grows past a sibling's or out of its parent. Spans only grow, by one word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.edgewords import closed_class
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


JOINERS = "-\u2010\u2011/"
"""Marks that join the word beside them into one (`EU-weiten`): such a word is no word of a phrase of its own."""


def take_phrase_words(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` of one-word terms grown over their phrase's unlinked word (module docstring); in place, and
    returned. Only where the target's profile names its function words (they mark the phrase's boundary)."""
    profile = ctx.trg_profile
    if profile is not None and profile.function_words and ctx.trg and ctx.src and ctx.links:
        translated: dict[int, int] = {}
        for i, _ in ctx.links:
            translated[i] = translated.get(i, 0) + 1
        _visit(spans, ctx, translated, 0, len(ctx.translation))
    return spans


def _visit(nodes: list[Span], ctx: PairContext, translated: dict[int, int], lo: int, hi: int) -> None:
    for node, floor, ceiling in between_siblings(nodes, lo, hi):
        if not node.point and not node.fixed and not node.children and node.start < node.end:
            _grow(node, ctx, translated, max(lo, floor), min(hi, ceiling))
        _visit(node.children, ctx, translated, node.start, node.end)


def _grow(node: Span, ctx: PairContext, translated: dict[int, int], floor: int, ceiling: int) -> None:
    """(`translated`: each linked source word's number of links.)"""
    inside = words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end)
    if len(inside) != 1 or not _one_content_word(ctx, inside[0]) or not _accounted_beside(ctx, inside[0], translated):
        return
    held = [j for j in words_within(ctx.trg, ctx.trg_starts, node.start, node.end) if ctx.trg[j].kind != "punct"]
    if len(held) != 1 or inside[0] not in {i for i, _ in ctx.owners.get(held[0], ())}:
        return
    if translated.get(inside[0], 0) != 1:
        return  # (the term has another translation elsewhere: the phrase may be there)
    k = held[0]
    for j, left in ((k - 1, True), (k + 1, False)):
        if _joins(ctx, k, j, left, floor, ceiling):
            node.start, node.end = min(node.start, ctx.trg[j].start), max(node.end, ctx.trg[j].end)
            return


def _one_content_word(ctx: PairContext, i: int) -> bool:
    """Whether source word `i` is a content word that heads its phrase: letters, no function word, and no content
    word right after it (a modifier stands before its noun in the source: `the <g>ambitious</g> target` — the
    target word beside the adjective's translation translates `target`)."""
    word = ctx.src[i]
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    if not word.text.isalpha() or source_profile is None or closed_class(word.text, word.kind, source_profile):
        return False
    if i + 1 < len(ctx.src):
        after = ctx.src[i + 1]
        if any(c.isalnum() for c in after.text) and not closed_class(after.text, after.kind, source_profile):
            return False
    return True


def _accounted_beside(ctx: PairContext, i: int, linked_src: dict[int, int]) -> bool:
    """Whether the nearest content word of the source on each side of word `i` (past function words and marks) has
    a link (or there is none)."""
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(ctx.src):
            word = ctx.src[j]
            if word.text.isalpha() and (source_profile is None
                                        or not closed_class(word.text, word.kind, source_profile)):
                if j not in linked_src:
                    return False
                break
            j += step
    return True


def _joins(ctx: PairContext, k: int, j: int, left: bool, floor: int, ceiling: int) -> bool:
    """Whether target word `j`, beside the span's word `k` (on its left or right), is the phrase's other word."""
    if not 0 <= j < len(ctx.trg):
        return False
    text, word, held = ctx.translation, ctx.trg[j], ctx.trg[k]
    gap = text[word.end:held.start] if left else text[held.end:word.start]
    if gap != " " or j in ctx.owners or not word.text.isalpha() or closed_class(word.text, word.kind,
                                                                                ctx.trg_profile):
        return False
    if word.start < floor or word.end > ceiling:
        return False
    profile = ctx.trg_profile
    if profile is not None and profile.nouns_capitalized:
        first, second = (word, held) if left else (held, word)
        if not (first.text[:1].islower() and second.text[:1].isupper()):
            return False
    outer = word.start - 1 if left else word.end
    if 0 <= outer < len(text) and (text[outer].isalnum() or text[outer] in JOINERS):
        return False  # (a word joined to another: `EU-weiten`)
    return _boundary(ctx, j - 1 if left else j + 1) and _boundary(ctx, k + 1 if left else k - 1)


def _boundary(ctx: PairContext, b: int) -> bool:
    """Whether a noun phrase ends before target word `b` (past one of its words): the text's end (no such word), a
    mark or a function word of the target (an article, preposition or conjunction)."""
    if not 0 <= b < len(ctx.trg):
        return True
    beyond = ctx.trg[b]
    return not any(c.isalnum() for c in beyond.text) or closed_class(beyond.text, beyond.kind, ctx.trg_profile)
