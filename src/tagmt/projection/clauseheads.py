"""Clause heads: a Japanese or Korean label's span ends at its head noun, after the relative clause before it
(`clause_heads`, stage `clause-heads`).

An English label that names a thing by what it has or does writes its head first (`Slots with Sufficient Capacity`,
`Slots with Overlapping Capacity`, `Left Value`); Japanese and Korean write it last, after a relative clause or a
genitive that holds the rest of the label (`十分な能力があるスロット`, `能力が重複しているスロット`, `左の値`, `충분한
용량이 있는 슬롯`). When the aligner's run links the head only weakly (a vote share below 1), or links it to the
translation of another copy of the word, the placed span stops at the clause's noun and the label-phrase rule then
cuts the clause's predicate off as the sentence's (`<ui>十分な能力</ui>があるスロット`): SAP en-ja dev at eflomal seed 11
(`十分な能力|があるスロット` ×2, `左|の値`), right at seed 1 where the links were sure. The decision rested on one
link; the structure says where the label ends. The rule, for each span with words, parents first, within the room
its siblings leave (`edges.between_siblings`):

* a content word of the tag (not a function word of the source profile) has no link into the span — the span
  leaves part of the label untranslated;
* after the span come at most `MAX_CROSSED` particles, predicate stems, auxiliaries or endings (the clause's
  predicate and the particles that tie it: `が|ある`, `し|て|いる`, `の`, `이 있|는`), none surely linked
  (`labelphrases.SURE`) to a source word outside the tag, with only spaces between them, then a noun;
* that noun is the missing word's: linked (at any weight) to it or to a copy of it elsewhere in the source, and
  surely to no other source word outside the tag; or linked to nothing while the missing word's link goes to
  another copy of the same noun (`値` of `左の値`, `Value` linked to the `値` at the sentence's end).

Then the span ends after that noun. Nothing else moves: a span's start, a point, a pinned span, a span already
followed by its noun (the noun chains' business), a noun glued after a content word (no clause between). The
stage is the Japanese and Korean profiles' (`profiles.japanese`, `profiles.korean`); with no language known it
reads the translation's script (kana, Hangul). Chinese writes the clause with `的` and its segmenter tells no
particles from verbs: untouched, as every language written with spaces.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.labelphrases import SURE
from tagmt.projection.scripts import head_final_family
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

MAX_CROSSED = 4
"""At most this many words of the clause's predicate lie between the span and its head (`し|て|いる`, `이 있|는`):
a label's relative clause is short, and the walk stays linear in the text."""
CLAUSE_KINDS = frozenset({"particle", "verb", "auxiliary", "ending"})
"""The word kinds of a relative clause's predicate and its particles (`wordseg.Word.kind`)."""


def clause_heads(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` that leave a word of their label untranslated, followed by a short clause and the noun
    that translates the word, ended after that noun (module docstring); in place, and returned."""
    family = ctx.family
    if family is None:
        family = head_final_family(ctx.translation)
    if family not in ("japanese", "korean") or not ctx.src or not ctx.trg:
        return spans
    _Heads(ctx).visit(spans, 0, len(ctx.translation))
    return spans


class _Heads:
    def __init__(self, ctx: PairContext) -> None:
        self.ctx = ctx
        self.function = ctx.profiles.src.function_words if ctx.profiles is not None else frozenset()

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, _, ceiling in between_siblings(nodes, lo, hi):
            if node.movable:
                end = self._head_end(node, min(hi, ceiling))
                if end is not None:
                    node.end = end
            self.visit(node.children, node.start, node.end)

    def _head_end(self, node: Span, ceiling: int) -> int | None:
        """Where the span ends after its head noun, or None."""
        ctx, src, trg = self.ctx, self.ctx.src, self.ctx.trg
        inside = set(words_within(src, ctx.src_starts, node.tag.start, node.tag.end))
        words = words_within(trg, ctx.trg_starts, node.start, node.end)
        if not inside or not words:
            return None
        translated = {i for j in words for i, _ in ctx.owners.get(j, ())}
        missing = {i for i in inside if i not in translated and self._content(src[i].text)}
        if not missing:
            return None
        last = words[-1]
        if ctx.translation[trg[last].end:node.end].strip():
            return None  # (the span ends inside a word: the edge rules' business)
        j = last + 1
        while j < len(trg) and trg[j].kind in CLAUSE_KINDS:
            if j - last > MAX_CROSSED or not self._joined(j - 1, j) or self._elsewhere(j, inside, set()):
                return None
            j += 1
        if j == last + 1 or j >= len(trg) or not self._joined(j - 1, j):
            return None
        if trg[j].kind != "content" or not any(c.isalpha() for c in trg[j].text) or trg[j].end > ceiling:
            return None
        return trg[j].end if self._head(j, inside, missing) else None

    def _head(self, j: int, inside: set[int], missing: set[int]) -> bool:
        """Target word `j` translates a missing word of the tag: linked to it or a copy of it, surely to no other
        source word outside the tag; or linked to nothing, a copy of the noun the missing word is linked to."""
        ctx, src, trg = self.ctx, self.ctx.src, self.ctx.trg
        forms = {src[i].text.lower() for i in missing}
        owners = ctx.owners.get(j, ())
        if owners:
            return any(i in missing or (i not in inside and src[i].text.lower() in forms) for i, _ in owners) \
                and not self._elsewhere(j, inside, forms)
        return any(trg[j].text in self.linked_texts.get(i, ()) for i in missing)

    @cached_property
    def linked_texts(self) -> dict[int, set[str]]:
        """Each source word's linked target words' texts (read once per pair: linear in the links)."""
        out: dict[int, set[str]] = {}
        for j, found in self.ctx.owners.items():
            for i, _ in found:
                out.setdefault(i, set()).add(self.ctx.trg[j].text)
        return out

    def _elsewhere(self, j: int, inside: set[int], forms: set[str]) -> bool:
        """Target word `j` is surely linked to a source word outside the tag that is no copy of `forms`."""
        src = self.ctx.src
        return any(weight >= SURE and i not in inside and src[i].text.lower() not in forms
                   for i, weight in self.ctx.owners.get(j, ()))

    def _joined(self, a: int, b: int) -> bool:
        """Target words `a` and `b` are written with nothing but spaces between them."""
        trg = self.ctx.trg
        return self.ctx.translation[trg[a].end:trg[b].start].strip() == ""

    def _content(self, text: str) -> bool:
        """A source word that names something: a letter in it, no function word of the source language."""
        return any(c.isalpha() for c in text) and text.lower() not in self.function
