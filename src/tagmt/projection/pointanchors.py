"""Points anchored on the structure the source gives, not on the links of one word: the edges of the text a point
stands in, the function words before it and a list's bullet. Run after the other point stages, it has the last word
on the points these anchors hold (the word links are noisy where a sentence reorders; the anchors are not).

1. **At an edge of its parent's text.** A point with nothing but whitespace (and other points) between it and the
   start or end of its parent's source text — the segment's, or its parent tag's — stays there in the translation:
   `<bx/>` opening a segment, `<ex/>` closing one (the halves of a pair split across segments: the element runs
   on from, or up to, the segment's edge), a footnote marker after a sentence's final stop (`… in December
   2019.<x/>`, which a number's copy must not pull inside: Hungarian `2019. decemberben …`), a code before a text
   that begins with a number (`<x/>2019 was …` → `<x/>Das Jahr 2019 …`). The point goes to the start or end of its
   parent's translation, inside the translation's leading or trailing whitespace where the source writes it
   against the text (`text.<x/>` → `text.<x/> `), outside where the source has whitespace between them. A point
   with whitespace between it and the text is at an edge only before a sentence's start (an upper-case letter or a
   digit: `<bx/> The report …`) or after a sentence's final mark (`… the Council. <x/>`): a link spaced after a
   verb (`please see <xref/>`) is the sentence's object, which a verb-final translation writes before the verb
   (`<xref/>を参照してください。`). Not moved: a point against a sibling tag's edge (it stays with the sibling:
   `inside_outside.py`), or one with a sibling tag between it and the edge.
2. *(Taken out.)* A point against a bracket's or quotation mark's side, moved to the k-th group of the translation
   for the k-th of the source, changed no dev pair and no EUR-Lex lockbox pair, and moved two points off the reference in the
   Korean lockbox (figures only: why is not known), so it was taken out (docs/projection-history.md).
3. **Not after a function word.** A point written against the end of a content word (a footnote marker: `the
   recommendations<x/> addressed`) marks the phrase that word ends; in a language written with spaces an article,
   preposition or conjunction (`Profile.function_words`) begins the next phrase, so a point the links put right
   after one (`Empfehlungen der<x/> Vorjahre`, `la Regierung die<x/> Möglichkeiten`, `« … » a<x/> été`: the
   aligner's stray link, or the past-phrase step over unlinked words) goes back before it and any function words
   before it, to the end of the word they follow (`Empfehlungen<x/> der Vorjahre`) — not past a mark or a tag, not
   from a function word a mark or the text's end follows (it begins no phrase there: German `legte … vor<x/>.`, a
   verb's particle), nor where the marked word's only translation is a function word (`according<x/> to` → `nach<x/>`).

4. **After a leading bullet.** A point written right after a list's bullet that opens its parent's text (`-<x/>EUR
   941,53 for …`: a mark or symbol alone, no letter or digit) goes right after the bullet the translation opens the
   same text with (`—<x/>941,53 EUR für …`), whatever the words after it: the amount written before its currency
   must not pull it there (`—941,53<x/> EUR`).

A move never leaves the point's parent span nor enters a sibling's. Hand-made cases: tests/projection/
test_point_anchors.py.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.pointmoves import free, has_points, move, word_char

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def anchor_points(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with their points moved to the anchors of the module docstring."""
    if not spans or not has_points(ctx):
        return spans
    trg, src = ctx.profiles.trg if ctx.profiles else None, ctx.profiles.src if ctx.profiles else None
    spaced = trg is not None and src is not None and trg.family == "spaced" and bool(trg.function_words)
    words = _FunctionWords(ctx, src.function_words, trg.function_words) if spaced else None
    _walk(spans, None, ctx, words)
    return spans


def _walk(nodes: list[Span], parent: Span | None, ctx: "PairContext",
          words: "_FunctionWords | None") -> None:
    plain, text = ctx.plain, ctx.translation
    lo, hi = (parent.start, parent.end) if parent is not None else (0, len(text))
    first, last = (parent.tag.start, parent.tag.end) if parent is not None else (0, len(plain))
    spans = [node for node in nodes if not node.point]
    edges = {x for node in spans for x in (node.tag.start, node.tag.end)}
    for node in nodes:
        x = node.tag.start
        if node.point and x == node.tag.end and x not in edges:
            at = words.back(x, node.start, lo) if words is not None else None
            where = _edge(x, plain, text, (first, last), (lo, hi), spans)
            if where is None:
                where = _after_bullet(x, plain, text, first, (lo, hi))
            at = where if where is not None else at
            if at is not None and at != node.start and free(at, node, nodes, (lo, hi), onto_points=True):
                move(node, at)
        _walk(node.children, node, ctx, words)


# ---------------------------------------------------------------------------------- 1. an edge of the text

def _edge(x: int, plain: str, text: str, source: tuple[int, int], target: tuple[int, int], spans: list[Span]
          ) -> int | None:
    """Where a point at source offset `x` goes by rule 1, or None when it is at no edge of its parent's source
    text `source` (the parent's translation: `target`)."""
    first, last = source
    lo, hi = target
    if not plain[first:x].strip() and not any(span.tag.start < x for span in spans):
        rest = plain[x:last].lstrip()
        if x < len(plain) and plain[x].isspace():
            # (`<bx/> The …`: the whitespace is the text's; a point spaced before a word inside a sentence is an
            # object of it, `<xref/> describes …`, which the translation may write anywhere)
            return lo if rest[:1].isupper() or rest[:1].isdigit() else None
        return lo + len(text[lo:hi]) - len(text[lo:hi].lstrip())
    if not plain[x:last].strip() and not any(span.tag.end > x for span in spans):
        if x > 0 and plain[x - 1].isspace():
            # (`… the Council. <x/>`; not `please see <xref/>`: a link the sentence reads as its object, which a
            # verb-final translation writes before its verb, `<xref/>を参照してください。`)
            return hi if plain[first:x].rstrip()[-1:] in _FINAL else None
        return lo + len(text[lo:hi].rstrip())
    return None


_FINAL = ".!?…:;。！？．：；\"'”’»)］]」』）"
"""Marks that end a sentence (and the closing marks written after one)."""


# ---------------------------------------------------------------------------------- 4. a leading bullet

def _bullet(run: str) -> bool:
    """A list's bullet: one to three marks or symbols, no letter, digit, bracket or quotation mark (`-`, `–`, `•`)."""
    return 0 < len(run) <= 3 and all(unicodedata.category(c)[0] in "PS" and not _grouping(c) for c in run)


def _grouping(char: str) -> bool:
    """A bracket or quotation mark (what opens or closes a group: `units.groups_of`)."""
    return unicodedata.category(char) in ("Ps", "Pe", "Pi", "Pf") or char in _QUOTES


_QUOTES = "\"'"


def _after_bullet(x: int, plain: str, text: str, first: int, target: tuple[int, int]) -> int | None:
    """Where a point at source offset `x` right after its parent text's leading bullet goes (rule 4), or None."""
    lo, hi = target
    if not _bullet(plain[first:x].lstrip()) or (x < len(plain) and plain[x].isspace()):
        return None
    start = lo + len(text[lo:hi]) - len(text[lo:hi].lstrip())
    end = start
    while end < hi and not text[end].isspace() and not word_char(text[end]):
        end += 1
    return end if _bullet(text[start:end]) else None


# ---------------------------------------------------------------------------------- 2. a group's mark

# ---------------------------------------------------------------------------------- 3. not after a function word

class _FunctionWords:
    """Rule 3: the source words by their end offset, the target words by theirs, made once per pair."""

    def __init__(self, ctx: "PairContext", source: frozenset[str], target: frozenset[str]) -> None:
        self.ctx, self.source, self.target = ctx, source, target
        self.src_ending = {w.end: i for i, w in enumerate(ctx.src)}
        self.trg_ending = {w.end: k for k, w in enumerate(ctx.trg)}
        self.targets: dict[int, set[int]] = {}
        for i, j in ctx.links:
            self.targets.setdefault(i, set()).add(j)

    def back(self, x: int, placed: int, lo: int) -> int | None:
        """Where a point glued to the end of a source content word at `x`, placed right after a target function
        word at `placed`, goes (rule 3); None when the rule does not apply."""
        plain, text, trg = self.ctx.plain, self.ctx.translation, self.ctx.trg
        i = self.src_ending.get(x)
        word = None if i is None else self.ctx.src[i]
        if word is None or word.kind == "punct" or word.text.lower() in self.source or not word_char(plain[x - 1]):
            return None
        k = self.trg_ending.get(placed)
        if k is None or trg[k].text.lower() not in self.target or k + 1 >= len(trg) or trg[k + 1].kind == "punct":
            return None  # (a function word before a mark begins nothing: a verb's particle, `legte … vor<x/>.`)
        own = [j for j in self.targets.get(i, ()) if j < len(trg)]
        if own and all(trg[j].text.lower() in self.target for j in own):
            return None  # (the marked word's translation is a function word: `according<x/> to` → `nach<x/>`)
        while k >= 0 and trg[k].text.lower() in self.target:
            k -= 1
        if k < 0 or trg[k].kind == "punct" or trg[k].end < lo or not text[trg[k].end:trg[k + 1].start].isspace():
            return None  # (a mark or the parent's start before the function words; a word glued to them: `l'`)
        return trg[k].end
