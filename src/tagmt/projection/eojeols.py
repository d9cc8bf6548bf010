"""Korean eojeols: no tag edge splits the lexical part of an eojeol (`whole_eojeols`, stage `whole-eojeols`).

Korean writes a space between its words (어절, eojeol). An eojeol is one or more lexical morphemes — a noun
compound, an adverb and a verb stem (`미리보기`, `그룹화`) — then the grammatical ones written onto them:
particles, endings, the copula, a suffix that makes a verb of a noun (`…에서는`, `…입니다`, `확인|할`,
`전기|됨`). MeCab-ko cuts the eojeol into its morphemes, and an alignment that links only some of them puts an edge
between two lexical ones (`<ui>메시지 미리</ui>보기에서는` for `<ui>Message Preview</ui>`). A reference never does:
in the SAP en-ko dev part no tagged reference has an edge between two lexical morphemes of one eojeol (its edges
inside an eojeol all stand before a particle, an ending or the copula: `<ui>승인됨</ui>입니다`). So, for each
span tag, parents first: an edge with lexical morphemes of one eojeol on both sides moves outward over them — a
right edge up to the eojeol's first grammatical morpheme (or its end), a left edge to the eojeol's start — within
the span's room among its siblings (`edges.between_siblings`), unless the source tag's own edge cuts a word
(`<b>Pre</b>view`: the cut is the source's, `copycuts.py`'s business).
Two more edges no reference writes, whatever the examples say (Korean grammar: an eojeol's grammatical morphemes
follow its lexical ones; in the SAP en-ko dev references, of 482 tags with text none starts after a Hangul
letter glued to it, and every end glued to a Hangul letter stands before a particle or a predicate, never between
a stem and its ending): a span's start inside an eojeol goes back to the eojeol's first Hangul letter
(`<ui>아니오</ui>를` for `아니<ui>오</ui>를`, `<ui>단일 주</ui>`), and an end between a predicate's stem and its
ending goes over the endings (`<ui>아니오</ui>`, not `<ui>아니</ui>오`). They matter where the examples are few: with
none, the aligner's pieces of one eojeol are what the placement gets.

Lexical: a Hangul noun, noun suffix, adverb or determiner (`content`, `other`; no copula form,
`profiles.korean.COPULAS`), or a predicate stem (`verb`) after an adverb or another stem; a predicate morpheme
right after a noun makes a verb of it (`확인|할`, `포함|됩니다`: a tag may end on the noun, `<b>삭제</b>합니다`).
Other scripts: nothing — Japanese and Chinese write no spaces, so their text does not show where a word ends
(`nounchains.py` reads their compounds from the links); a Latin word cut by an edge is `copycuts.py`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.profiles.korean import COPULAS
from tagmt.projection.scripts import HANGUL_BLOCKS, all_hangul_named
from tagmt.projection.wordseg import Word

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def whole_eojeols(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with no edge inside the lexical part of a Korean eojeol (module docstring); in place,
    and returned. Only for a Korean target (or none known: then where the translation writes Hangul)."""
    if ctx.family not in (None, "korean") or HANGUL_BLOCKS.search(ctx.translation) is None:
        return spans
    _Eojeols(ctx.trg, ctx.plain, ctx.translation).visit(spans, 0, len(ctx.translation))
    return spans


def _hangul(word: Word) -> bool:
    return bool(word.text) and all_hangul_named(word.text)


class _Eojeols:
    def __init__(self, trg: list[Word], plain: str, text: str = "") -> None:
        self.trg, self.plain, self.text = trg, plain, text
        self.starting = {w.start: k for k, w in enumerate(trg)}
        self.ending = {w.end: k for k, w in enumerate(trg)}

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if not node.point and node.start < node.end and not node.fixed:
                self._right(node, ceiling)
                self._left(node, floor)
                self._glued_start(node, floor)
                self._after_endings(node, ceiling)
            self.visit(node.children, node.start, node.end)

    def lexical_seam(self, j: int, k: int) -> bool:
        """Words `j` and `k` (= j + 1) are two lexical morphemes of one eojeol."""
        trg = self.trg
        if not (0 <= j and k < len(trg) and trg[j].end == trg[k].start and _hangul(trg[j]) and _hangul(trg[k])):
            return False
        return self._lexical(k, trg[j]) and self._lexical(j, trg[j - 1] if j > 0 and trg[j - 1].end == trg[j].start
                                                          else None)

    def _lexical(self, k: int, before: Word | None) -> bool:
        word = self.trg[k]
        if word.text in COPULAS:
            return False
        if word.kind in ("content", "other"):
            return True
        return word.kind == "verb" and before is not None and _hangul(before) and before.kind != "content"

    def _right(self, node: Span, ceiling: int) -> None:
        k = self.starting.get(node.end)
        if k is None or not self.lexical_seam(k - 1, k) or self._source_cuts(node.tag.end):
            return
        while self.lexical_seam(k, k + 1):
            k += 1
        if self.trg[k].end <= ceiling:
            node.end = self.trg[k].end

    def _left(self, node: Span, floor: int) -> None:
        j = self.ending.get(node.start)
        if j is None or not self.lexical_seam(j, j + 1) or self._source_cuts(node.tag.start):
            return
        while self.lexical_seam(j - 1, j):
            j -= 1
        if self.trg[j].start >= floor:
            node.start = self.trg[j].start

    def _glued(self, x: int) -> bool:
        """Hangul on both sides of `x`, nothing between: inside one eojeol."""
        text = self.text
        return 0 < x < len(text) and all_hangul_named(text[x - 1]) and all_hangul_named(text[x])

    def _glued_start(self, node: Span, floor: int) -> None:
        """A span never starts inside an eojeol (its grammatical morphemes follow its lexical ones): a start with
        Hangul glued before it goes back to the eojeol's first Hangul, unless the source tag cuts a word there."""
        x = node.start
        if not self._glued(x) or self._source_cuts(node.tag.start):
            return
        while self._glued(x) and x > floor:
            x -= 1
        if x >= floor and not self._glued(x):
            node.start = x

    def _after_endings(self, node: Span, ceiling: int) -> None:
        """A span never ends between a predicate's stem and its ending (`아니|오`, `확인하|십시오`): its end goes
        over the endings glued after it, up to a particle or the eojeol's end."""
        k = self.starting.get(node.end)
        if k is None or k == 0 or self.trg[k - 1].kind != "verb" or not self._glued(node.end) \
                or self._source_cuts(node.tag.end):
            return
        while k < len(self.trg) and self.trg[k].kind == "ending" and self._glued(self.trg[k].start):
            k += 1
        if self.trg[k - 1].end <= ceiling:
            node.end = self.trg[k - 1].end

    def _source_cuts(self, x: int) -> bool:
        """The source tag's edge at `x` lies inside a word of the source (letters or digits on both sides)."""
        return 0 < x < len(self.plain) and self.plain[x - 1].isalnum() and self.plain[x].isalnum()
