"""Noun heads: in a language that capitalizes its nouns and writes a noun's modifiers before it (German,
Luxembourgish), the translation of a one-word term ends at its noun (stage `noun-heads`).

A glossary or EUR-Lex tag often holds one English word, a noun (`these <g>groups</g>`, `SMEs and
<g>entrepreneurship</g>`). German writes a noun phrase's articles and adjectives before its head noun and gives the
noun a capital; what follows the noun without a capital is no part of that phrase — a verb's particle or
infinitive marker, an adverb, a pronominal adverb (`die genannten Gruppen dabei zu unterstützen`, `KMU und
Unternehmergeist zu fördern`). A postnominal genitive or prepositional phrase begins with an article or preposition,
which the next clause or the examples decide on elsewhere. The aligner often links such a word to the term too
(`dabei` to `groups` beside `Gruppen`), or the placement takes an unlinked `zu` between two linked words, and the span
ends on it: `<g>Gruppen dabei</g>`.

Here (for the targets whose profile says `nouns_capitalized`) a span without child tags whose source tag is one
content word (no function word of the source's profile) ends after its last word with a capital when every word after
that one

* is a lower-case word (letters only: a number, a code or a mark stops the rule), and
* translates nothing of the tag the noun does not: it is a function word of the target (a one-word content term is
  not translated by a preposition or particle), unlinked, or its links into the tag are the noun's too;

and the noun is no sentence's first word (there a capital tells nothing) and is linked to the tag's word or to nothing
(a noun linked only to other source words is some other phrase's). A verb translating a verb (`<g>assessed</g>` →
`bewertet`) has no noun before it in the span, or is linked to the tag alone: it stays. Spans only shrink.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.edgewords import closed_class
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

SENTENCE_ENDS = frozenset(".!?:;")
"""Marks after which a capital begins a sentence (it tells no noun)."""


def end_at_nouns(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` of one-word terms ended at their noun (module docstring); in place, and returned."""
    profile = ctx.trg_profile
    if profile is None or not profile.nouns_capitalized or not ctx.trg or not ctx.src:
        return spans
    for root in spans:
        for node in root.walk():
            if node.movable and not node.children:
                _end_at_noun(node, ctx)
    return spans


def _end_at_noun(node: Span, ctx: PairContext) -> None:
    tag = node.tag
    inside = words_within(ctx.src, ctx.src_starts, tag.start, tag.end)
    if len(inside) != 1:
        return
    term = ctx.src[inside[0]]
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    if not term.text.isalpha() or (source_profile is not None
                                   and closed_class(term.text, term.kind, source_profile)):
        return
    held = words_within(ctx.trg, ctx.trg_starts, node.start, node.end)
    nouns = [j for j in held if ctx.trg[j].text[:1].isupper() and ctx.trg[j].text.isalpha()]
    if not nouns or nouns[-1] == held[-1]:
        return
    noun = nouns[-1]
    if not _mid_sentence(ctx, noun):
        return
    noun_owners = {i for i, _ in ctx.owners.get(noun, ())}
    if noun_owners and inside[0] not in noun_owners:
        return
    for j in held[held.index(noun) + 1:]:
        word = ctx.trg[j]
        if not (word.text.isalpha() and word.text[:1].islower()):
            return
        if closed_class(word.text, word.kind, ctx.trg_profile):
            continue
        into = {i for i, _ in ctx.owners.get(j, ()) if i in inside}
        if not into <= noun_owners:
            return
    node.end = ctx.trg[noun].end


def _mid_sentence(ctx: PairContext, k: int) -> bool:
    """Whether target word `k` stands after another word of its sentence (its capital is its own, not the
    sentence's)."""
    for j in range(k - 1, -1, -1):
        text = ctx.trg[j].text
        if text in SENTENCE_ENDS:
            return False
        if any(c.isalnum() for c in text):
            return True
    return False
