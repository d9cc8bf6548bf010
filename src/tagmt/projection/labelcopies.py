"""Label copies: in Korean and Japanese, a label's tag goes to the copy of its words the translation writes as a noun,
not to the one it writes as a predicate's stem (`label_copies`, stage `label-copies`).

A word the source writes twice, once as a tagged label and once as a verb (`Choose <ui>Edit</ui> to edit the item`),
is often translated by one noun written twice: as the label, a noun with its case particle (`편집을 선택`, `編集を
クリック`), and as the verb, the same noun glued to a verb-making suffix (`편집|하려면`, `編集|します`; a 하다/する
verb). Which copy the aligner links to the tagged word is a guess between two equally good targets, and a
head-final language writes the purpose clause first, so the order of the copies says nothing either. The
references do: in the SAP dev parts no tag with text ends right before a predicate's morpheme other than the copula
(en-ko: 0 of 482; the 11 that end before a `verb` morpheme end before `입니다`, `인`, `이`, `라는`; en-ja: 0) — a
label is a noun, a predicate's stem is the sentence's. So, for each span tag with words and no child tags whose
text ends on a noun glued to a non-copula predicate morpheme (`profiles.Profile.copulas`), where the source writes a
word of the tag again outside it (a copy: the evidence that the translation has two copies to choose from) and
the translation writes the span's text once more, not as a predicate's stem, at word boundaries (in Korean, at an
eojeol's start), inside the parent and overlapping no other span: the span moves to that copy (exactly one such copy;
with several, the rule cannot tell). A span whose source tag holds no repeated word stays (`파일을 <b>삭제</b>합니다`
for `<b>Delete</b> the file`: the source tags the verb itself).

For Korean and Japanese targets (a profile of those families; none known: where the text writes Hangul or kana);
Chinese and languages written with spaces have no such glued suffix to tell a predicate by.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.profiles import profile_for
from tagmt.projection.scripts import head_final_family
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def label_copies(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` moved from a predicate's stem to the noun copy of their text (module docstring); in place,
    and returned."""
    family = ctx.family
    if family is None:
        family = head_final_family(ctx.translation)
    if family not in ("korean", "japanese") or not ctx.trg or not ctx.src:
        return spans
    copulas = (ctx.trg_profile or profile_for("ko" if family == "korean" else "ja")).copulas
    _Copies(ctx, copulas, family == "korean").visit(spans, spans, 0, len(ctx.translation), ())
    return spans


class _Copies:
    def __init__(self, ctx: PairContext, copulas: frozenset[str], korean: bool) -> None:
        self.ctx, self.copulas, self.korean = ctx, copulas, korean
        self.starting = {w.start: k for k, w in enumerate(ctx.trg)}
        self.ending = {w.end: k for k, w in enumerate(ctx.trg)}

    def visit(self, roots: list[Span], nodes: list[Span], lo: int, hi: int, above: tuple[Span, ...]) -> None:
        for node in nodes:
            if node.movable and not node.children \
                    and self._predicate_stem(node.start, node.end) and self._repeated_in_source(node):
                found = self._noun_copies(roots, (*above, node), lo, hi)
                if len(found) == 1:
                    node.start, node.end = found[0]
            self.visit(roots, node.children, node.start, node.end, (*above, node))

    def _predicate_stem(self, start: int, end: int) -> bool:
        """The text `[start, end)` ends on a noun glued to a predicate morpheme that is not the copula's."""
        trg = self.ctx.trg
        k, j = self.starting.get(end), self.ending.get(end)
        if k is None or j is None or j < 0 or trg[j].start < start:
            return False
        return trg[j].kind == "content" and trg[k].kind == "verb" and trg[k].start == trg[j].end \
            and trg[k].text not in self.copulas

    def _repeated_in_source(self, node: Span) -> bool:
        """A word of the source tag is written again outside it (case folded)."""
        ctx = self.ctx
        inside = set(words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end))
        own = {ctx.src[i].text.casefold() for i in inside if any(c.isalpha() for c in ctx.src[i].text)}
        return any(w.text.casefold() in own for k, w in enumerate(ctx.src) if k not in inside)

    def _noun_copies(self, roots: list[Span], line: tuple[Span, ...], lo: int, hi: int) -> list[tuple[int, int]]:
        """The other places `[a, b)` the translation writes the text of the span `line[-1]` (its ancestors before it)
        at word boundaries, not as a predicate's stem, inside `[lo, hi)`, overlapping no other span."""
        node = line[-1]
        text, piece = self.ctx.translation, self.ctx.translation[node.start:node.end]
        found, at = [], text.find(piece, lo)
        while at != -1 and at + len(piece) <= hi:
            end = at + len(piece)
            if at != node.start and at in self.starting and end in self.ending \
                    and (not self.korean or at == 0 or not text[at - 1].isalnum()) \
                    and not self._predicate_stem(at, end) and not _overlaps(roots, line, at, end):
                found.append((at, end))
            at = text.find(piece, at + 1)
        return found


def _overlaps(roots: list[Span], line: tuple[Span, ...], a: int, b: int) -> bool:
    """Some span other than those of `line` (the span and its ancestors) lies within or across `[a, b)`, or a point
    inside it."""
    for root in roots:
        for other in root.walk():
            if all(other is not mine for mine in line) and (other.start < b and a < other.end or a <= other.start < b):
                return True
    return False
