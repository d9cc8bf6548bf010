"""Hyphen heads: a label joined by a hyphen to the noun or case ending after it keeps that head outside its tag.

Finnish, Estonian, the Scandinavian languages, German and Dutch join a name, an abbreviation or a quoted label to
the common noun after it with a hyphen, no space (`Napsauta Tallenna-painiketta`, `Windows-käyttöjärjestelmässä`,
`im Datei-Menü`, `het Start-menu`; `profiles.spaced.HYPHEN_COMPOUNDS`). The part after the hyphen is
the compound's head: the `button`, `menu` or `operating system` that English writes after the label or leaves
out, inflected for the sentence (`-painiketta`, `-valikossa`). It is no part of the label, so a tag on the label
closes before the hyphen: `Napsauta <ui>Tallenna</ui>-painiketta`. The aligner often links the head to the label's
word as well (`Save` to both `Tallenna` and `painiketta`), and the span then takes the whole compound.

Here (stage `hyphen-heads`, for the languages whose profile says `hyphen_compounds`) a span tag that ends on such a
head, with the label's part before the hyphen inside it, ends before the hyphen when the head translates nothing
of the tag: every source word of the tag it is linked to is translated by another word of the span too
(`edgewords.doubles_only`), or it is unlinked and every word of the tag has a link. A head linked to a word of the
tag that nothing else in the span translates is the label's own (`<ui>Datenschutz-Grundverordnung</ui>` for
`<ui>General Data Protection Regulation</ui>`) and stays. A label of several words is written with a space before
the hyphen (`Tulosta raportti -painiketta`, Finnish); a hyphen with a space after it (`Bluetooth- ja muut
laitteet`, `Start - Menü`) is no compound's, nor one the tag around the whole source holds
(`<g>BESOL-DUNGS-GRUPPE</g>`: a word broken at the line's end); a quotation mark before the hyphen is the label's
(`”Tallenna”-painiketta`). Nothing moves past a child tag.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.edgewords import doubles_only
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

HYPHENS = "-\u2010\u2011"
"""The hyphens that join a compound's parts (hyphen-minus, hyphen, no-break hyphen)."""


def keep_heads_outside(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` that end on the head of a label's hyphen compound cut before the hyphen (module
    docstring); in place, and returned. No span grows."""
    profile = ctx.trg_profile
    if profile is None or not profile.hyphen_compounds or not ctx.trg or not any(h in ctx.translation
                                                                                 for h in HYPHENS):
        return spans
    for root in spans:
        for node in root.walk():
            if node.movable:
                _cut(node, ctx)
    return spans


def _cut(node: Span, ctx: PairContext) -> None:
    text = ctx.translation
    k = bisect_left(ctx.trg_starts, node.end) - 1
    if k < 1 or ctx.trg[k].end != node.end:
        return
    head, hyphen = ctx.trg[k], ctx.trg[k - 1]
    end = hyphen.start - 1 if hyphen.start > 0 and text[hyphen.start - 1] == " " else hyphen.start
    if not (hyphen.end == head.start and hyphen.text in HYPHENS and node.start < end
            and not text[end - 1].isspace() and head.text[:1].isalpha()):
        return
    if any(c.end > hyphen.start for c in node.children) or not _translates_nothing(ctx, node, k, hyphen.start):
        return
    if not ctx.plain[:node.tag.start].strip() and not ctx.plain[node.tag.end:].strip():
        return  # (a tag around the whole source holds the whole translation: `<g>BESOL-DUNGS-GRUPPE</g>`)
    node.end = end


def _translates_nothing(ctx: PairContext, node: Span, k: int, before: int) -> bool:
    """Whether head word `k` translates nothing of `node`'s tag: its links into the tag double the words before the
    hyphen (`before`), or it has none and every word of the tag has a link."""
    tag, src = node.tag, ctx.src
    inside = words_within(src, ctx.src_starts, tag.start, tag.end)
    inner = [i for i, _ in ctx.owners.get(k, ()) if i in inside]
    if inner:
        return doubles_only(ctx, k, inner, node.start, before)
    if ctx.owners.get(k):
        return True  # (linked to words outside the tag only: `painiketta` for `button`)
    linked = {i for i, _ in ctx.links}
    return bool(inside) and all(i in linked for i in inside)
