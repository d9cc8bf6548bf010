"""Chinese function characters at a tag's edge: a circumposition is not cut in two, and an aspect
adverb goes with the verb it marks.

Chinese is aligned one Han character a word (`wordseg`), and a one-character function word is often
linked to nothing, or loosely: the inside–outside span then stops next to it, and the span's edge
cuts a phrase that Chinese grammar writes as one.

* **circumposition** — a locative phrase is a preposition, a noun phrase and a localizer closing it:
  `在 … 中` (in), `在 … 内`, `从 … 上`, `于 … 下`, `在 … 时` (when). Its two halves go on the same side of
  an edge: when the span begins with the preposition (`<b>在范围</b>内`, `<b>不在工序</b>中`), the
  localizer right after it goes inside (`<b>在范围内</b>` for `<b>In scope</b>`); when the preposition
  stands right before the span, a localizer the span ends with goes outside (`在<b>草稿模式中</b>` →
  `在<b>草稿模式</b>中`: the source tag holds only the noun phrase).
* **aspect adverb** — `已` (already: the perfective) and `未` (not yet) are bound to the verb right
  after them (`已创建` for `Created`, `未清` for `Open`): when a span begins with that verb and the
  adverb stands right before it, the adverb goes inside (`已<b>计算风险类</b>` → `<b>已计算风险类</b>`).

Either move is made only when the function character is tied by no sure link (confidence >= `SURE`)
to a source word outside the tag and to none inside it the other way (`You have <b>saved</b>` →
`您已<b>保存</b>`: `已` is `have`'s), when it is a word of its own in the dictionary (jieba: never the
first character of `中心` or `已经`), and within the span's parent and siblings. Only a Chinese target
(its profile's family; without a profile, Han text with no kana or Hangul): Japanese writes the same
characters as parts of its own words.

Why the earlier steps left them out (SAP en-zh, CV): the placement drops a localizer that ends a span
(`inside_outside._trim`: kind `postposition`, right for `在<b>X</b>中`), even when it is surely linked to
the tag's own words (`合同准备中`: `中` → `Contract`, `in`, `Preparation`), and an unlinked `内` after
`在范围` is not taken; `已` is linked to junk far away (`已` → `then` 1.0, `the` 0.33 in `…随后将…存储在已计算
风险类字段中`), and the edge conventions never extend over a content character unless examples teach it
per character, which a few cases do not. The references agree with the rules: SAP dev zh / zf write
`已<tag>` 0 / 0 times against `<tag>已` 32 / 11, `未<tag>` 0 / 0 against 7 / 6; a localizer after a span
whose preposition is inside: inside 4 / 1, outside 0 / 0; with the preposition right before the span,
the localizer outside 23 / 2, inside 0 / 0 (but as part of a word: `于<b>开始时间</b>`, `期间`).

Measured (benchmarks/bench_projection.py --modes cv, exact %, seed 1 / 11, before → after): SAP en-zh
94.4 / 93.7 → 96.0 / 95.0 ("words" misses 22 → 14 at seed 1), en-zf 96.0 / 95.6 → 96.6 / 96.2; SAP
en-ja 93.1 / 92.7 and en-ko 92.3 / 91.6, EUR-Lex and the glossary unchanged. No segment became a
miss at either seed. `--paragraphs 3:p --no-alone` SAP en-zh (seed 1): 94.3 → 94.8.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.nounchains import Owners
from tagmt.projection.profiles.chinese import ASPECT, LOCALIZER_PREFIXES, LOCALIZERS, NEGATIONS, PREPOSITIONS
from tagmt.projection.scripts import HAN_BMP, looks_chinese
from tagmt.projection.wordseg import Word, words_within

if TYPE_CHECKING:  # (the context imports `units` and `nounchains`, which this module reads: a type only)
    from tagmt.projection.context import PairContext

SURE = 1.0
"""A link of this confidence or more (every run of the aligner found it, or an anchor) ties a
function character to its source word."""


def chinese(text: str) -> bool:
    """Whether `text` is Chinese: Han characters, no kana (Japanese), no Hangul (`scripts.looks_chinese`)."""
    return looks_chinese(text)


def _localizer(piece: str) -> bool:
    return piece in LOCALIZERS or (len(piece) == 2 and piece[0] in LOCALIZER_PREFIXES and piece[1] in LOCALIZERS)


def keep_phrases(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with their edges moved so that no circumposition is cut and an aspect adverb
    goes with its verb (module docstring), parents first; in place, and returned. Only Chinese text.
    Reads the context's link owners, word offsets and dictionary pieces; Chinese is the target profile's
    family (no profile: text that `chinese` reads as Chinese)."""
    text = ctx.translation
    is_chinese = chinese(text) if ctx.family is None else ctx.family == "chinese"
    if not ctx.trg or not is_chinese or all(node.point for root in spans for node in root.walk()):
        return spans
    _Phrases(text, ctx.src, ctx.trg, ctx.owners, (ctx.src_starts, ctx.trg_starts), ctx.pieces).visit(
        spans, 0, len(text))
    return spans


class _Phrases:
    def __init__(self, text: str, src: list[Word], trg: list[Word], owners: Owners,
                 starts: tuple[list[int], list[int]], pieces: list[tuple[int, int]]) -> None:
        """`starts`: the source's and the target's word offsets; `pieces`: the dictionary words of `text`
        (`units.dictionary_pieces`)."""
        self.text, self.src, self.trg, self.owners = text, src, trg, owners
        self.src_starts, self.trg_starts = starts
        self.starting = {a: b for a, b in pieces}  # dictionary word starting at a → its end
        self.ending = {b: a for a, b in pieces}

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if node.movable \
                    and floor <= node.start and node.end <= ceiling:
                self.move(node, floor, ceiling)
            self.visit(node.children, node.start, node.end)

    def piece_at(self, x: int) -> tuple[int, int] | None:
        """The dictionary word that starts at `x`."""
        end = self.starting.get(x)
        return None if end is None else (x, end)

    def piece_before(self, x: int) -> tuple[int, int] | None:
        """The dictionary word that ends at `x`."""
        start = self.ending.get(x)
        return None if start is None else (start, x)

    def tied_out(self, a: int, b: int, inside: set[int]) -> bool:
        """The characters [a, b) are linked to none of the tag's words and tied by a sure link to a
        source word outside it (that word's translation, not the tag's)."""
        js = words_within(self.trg, self.trg_starts, a, b)
        found = [(i, share) for j in js for i, share in self.owners.get(j, ())]
        if any(i in inside for i, _ in found):
            return False
        return any(share >= SURE for _, share in found)

    def linked_in(self, a: int, b: int, inside: set[int]) -> bool:
        """Some character of [a, b) is linked to a word of the tag."""
        return any(i in inside for j in words_within(self.trg, self.trg_starts, a, b)
                   for i, _ in self.owners.get(j, ()))

    def tied_before(self, a: int, b: int, inside: set[int]) -> bool:
        """Some character of [a, b) is tied by a sure link to one of the two source words right before
        the tag (`You have <b>saved</b>`: the source writes that word just outside the tag too), and
        linked to none of the tag's own words. (A sure link further away is the aligner's guess for a
        character that translates no word of its own: `已` → `then`.)"""
        if not inside or self.linked_in(a, b, inside):
            return False
        first = min(inside)
        near = {first - 1, first - 2}
        return any(i in near and share >= SURE for j in words_within(self.trg, self.trg_starts, a, b)
                   for i, share in self.owners.get(j, ()))

    def opens(self, start: int, end: int) -> bool:
        """The span begins with a preposition that opens a circumposition (after a negation)."""
        x = start
        first = self.piece_at(x)
        if first is not None and first[1] - first[0] == 1 and self.text[x] in NEGATIONS:
            x = first[1]
        elif first is not None and first[1] - first[0] == 2 and self.text[x] in NEGATIONS \
                and self.text[x + 1] in PREPOSITIONS:
            return first[1] < end  # `不在` written as one dictionary word
        piece = self.piece_at(x)
        return piece is not None and piece[1] - piece[0] == 1 and self.text[x] in PREPOSITIONS and piece[1] < end

    def move(self, node: Span, floor: int, ceiling: int) -> None:
        text = self.text
        inside = set(words_within(self.src, self.src_starts, node.tag.start, node.tag.end))
        # circumposition, preposition inside: the localizer after the span goes in
        after = self.piece_at(node.end)
        if after is not None and after[1] <= ceiling and _localizer(text[after[0]:after[1]]) \
                and self.opens(node.start, node.end) and not self.tied_out(*after, inside):
            node.end = after[1]
        # a localizer that translates a word of the tag (`<b>合同准备</b>中` for `Contract in Preparation`)
        # goes in, unless a preposition right before the span opens it
        after = self.piece_at(node.end)
        before = self.piece_before(node.start)
        if after is not None and after[1] <= ceiling and _localizer(text[after[0]:after[1]]) \
                and self.linked_in(*after, inside) and not self.tied_out(*after, inside) \
                and not (before is not None and before[1] - before[0] == 1 and text[before[0]] in PREPOSITIONS):
            node.end = after[1]
        # circumposition, preposition outside: the localizer the span ends with goes out
        last = self.piece_before(node.end)
        before = self.piece_before(node.start)
        if last is not None and last[0] > node.start and _localizer(text[last[0]:last[1]]) \
                and before is not None and before[1] - before[0] == 1 and text[before[0]] in PREPOSITIONS \
                and not self.opens(node.start, node.end) \
                and all(child.end <= last[0] for child in node.children):
            node.end = last[0]
        # aspect adverb: goes with the verb the span begins with
        before = self.piece_before(node.start)
        first = self.piece_at(node.start)
        if before is not None and before[0] >= floor and before[1] - before[0] == 1 \
                and text[before[0]] in ASPECT and first is not None and HAN_BMP.match(text[node.start]) \
                and text[node.start] not in PREPOSITIONS and not self.tied_before(*before, inside):
            node.start = before[0]
