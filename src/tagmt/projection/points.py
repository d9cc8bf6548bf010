"""Where a point tag goes among the target words when no sibling or sentence edge holds it: the split rules
of `inside_outside.py`'s points (its docstring, fourth item), as methods of `inside_outside._Projector`.

A point written against a word with a space on its other side (a footnote mark `years<x/> to`) goes after
the translation of that word's phrase (`_attached_splits`, `PHRASE`); else, with a space beside it in the
source, it fills a *hole* of the translation (`_is_hole`); else it goes next to the translation of a
neighbouring source word (`_neighbour_splits`); else to the split that best separates the links of the words
before it from those after it (`_best_split`); with no link at all, to its relative position
(`_fallback_split`).
"""

from __future__ import annotations

import unicodedata

from tagmt.projection.align import Links
from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.wordseg import Word

PHRASE = 2
"""The source words a point written on a word closes (opens): that word and the one before
(after) it — a name of two words (`Advisory Committee` → `comité consultatif`, `April 2019` →
`2019. április`), not a clause (`see the holder<x/>` → `保有者<x/>を確認`). Measured on EUR-Lex
de/fr/hu: a phrase of one word loses 0.7 point on hu (`2019. <x/>április`); of three, the same
as two."""


class PointSplits:
    """The split rules of a point (module docstring): methods of `inside_outside._Projector`, which holds
    what they read (the attributes below, and `_split_of`)."""

    detagged: Detagged
    src: list[Word]
    trg: list[Word]
    links: Links
    n: int
    m: int
    length: int

    def _best_split(
        self, tag: SourceTag, lo: int, hi: int, taken: list[tuple[int, int]]
    ) -> int:
        """The split of `[lo, hi]` that best separates links before the point from links after."""
        p = self._split_of(tag.start)
        allowed = _allowed_splits(lo, hi, taken)
        after = [0] * (self.m + 1)  # links from words after the point that land at j >= k
        before = [0] * (self.m + 1)  # links from words before the point that land at j < k
        for i, j in self.links:
            if j >= self.m:
                continue
            if i < p:
                before[j + 1] += 1
            else:
                after[j] += 1
        for k in range(1, self.m + 1):
            before[k] += before[k - 1]
        for k in range(self.m - 1, -1, -1):
            after[k] += after[k + 1]
        if not any(before) and not any(after):
            return self._fallback_split(tag, lo, hi, taken)
        target = p * self.m / self.n if self.n else 0
        inner = 0 < p < self.n  # at either end of the source, the global split is right
        free = set(allowed)
        attached = [k for k in self._attached_splits(tag, p, free) if k in free] if inner else []
        plain = self.detagged.plain
        spaced = plain[tag.start - 1 : tag.start].isspace() or plain[tag.end : tag.end + 1].isspace()
        # a hole is where a point with a space beside it stood; a comment left none
        holes = [k for k in allowed if self._is_hole(k)] if spaced and not tag.open.startswith("<!--") else []
        neighbours = [k for k in self._neighbour_splits(p) if k in free] if inner else []
        candidates = attached or holes or neighbours or allowed
        return max(
            candidates,
            key=lambda k: (before[k] + after[k], self._fits_spacing(tag, k), -abs(k - target)),
        )

    def _fits_spacing(self, tag: SourceTag, k: int) -> bool:
        """Whether the gap at split `k` has room for the whitespace the point has around it in
        the source: none (`2.1.<x/>TOR` → `2.1.<x/>A …`, not `2.1.A<x/> …`), one side, or both."""
        plain = self.detagged.plain
        spaces = (tag.start > 0 and plain[tag.start - 1].isspace()) + (
            tag.end < len(plain) and plain[tag.end].isspace()
        )
        low = self.trg[k - 1].end if k > 0 else 0
        high = self.trg[k].start if k < self.m else self.length
        width = high - low
        return width == 0 if spaces == 0 else width >= spaces

    def _attached_splits(self, tag: SourceTag, p: int, free: set[int]) -> set[int]:
        """A point written against a word, with a space on its other side (a footnote mark
        `years<x/> to`, a reference `see <x/>Name`), belongs to that word's phrase and goes
        after (before) the translation of that phrase wherever the translation moves it
        (`tous les trois ans<x/>, la Commission`): the split right after the word's last
        target word, moved past the target words next to it that are linked only to the
        `PHRASE` source words that end (begin) with that word (`three years` → `trois ans`).
        The split never passes a sibling's span (`free`: the splits no sibling encloses).
        Empty when the point touches punctuation: before a full stop or comma a footnote mark
        goes where the translation writes that mark in some languages and after its noun in
        others (attaching those too, measured on EUR-Lex: fr −0.4, hu −0.2, de ±0 points), and
        a mark before it (`2.1.<x/>TOR`) is a number's, not the word's. Empty too when the
        point touches words on both sides or on none, or when that word has no link."""
        plain = self.detagged.plain
        before = plain[tag.start - 1] if tag.start > 0 else ""
        after = plain[tag.end] if tag.end < len(plain) else ""
        if _is_word_char(before) and after.isspace() and self.src[p - 1].end == tag.start:
            found = self._translation_of(p - 1)
            phrase = set(range(max(0, p - PHRASE), p))
            return {self._past_phrase(max(found) + 1, phrase, 1, free)} if found else set()
        if _is_word_char(after) and before.isspace() and self.src[p].start == tag.end:
            found = self._translation_of(p)
            phrase = set(range(p, min(self.n, p + PHRASE)))
            return {self._past_phrase(min(found), phrase, -1, free)} if found else set()
        return set()

    def _past_phrase(self, k: int, phrase: set[int], step: int, free: set[int]) -> int:
        """Split `k` moved (forward for `step` 1, back for -1) past the target words next to it
        that are linked only to the source words `phrase`, and the unlinked words between them
        (`2019. április` for `April 2019`); not past a word linked elsewhere, nor over more than
        `PHRASE` unlinked words in a row, nor into a sibling's span (a split not in `free`)."""
        sources: dict[int, set[int]] = {}
        for i, j in self.links:
            sources.setdefault(j, set()).add(i)
        best, j, loose = k, (k if step > 0 else k - 1), 0
        while 0 <= j < self.m and loose < PHRASE and (j + 1 if step > 0 else j) in free:
            linked = sources.get(j)
            if linked is not None:
                if not linked <= phrase:
                    break
                best, loose = (j + 1 if step > 0 else j), 0
            else:
                loose += 1
            j += step
        return best

    def _translation_of(self, i: int) -> list[int]:
        """The target words linked to source word `i`, without punctuation linked to a word."""
        if not 0 <= i < self.n:
            return []
        word = self.src[i].kind != "punct"
        return [j for a, j in self.links if a == i and j < self.m
                and not (word and self.trg[j].kind == "punct")]

    def _neighbour_splits(self, p: int) -> set[int]:
        """Splits next to the translations of the source words on either side of a point: after
        the last target word of the word before it, before the first of the word after it.
        A word's link to a punctuation mark is not its translation (`the` ↔ `、`: the aligner
        pairs a leftover word with a leftover mark) and places nothing."""
        splits = set()
        left = self._translation_of(p - 1)
        right = self._translation_of(p)
        if left:
            splits.add(max(left) + 1)
        if right:
            splits.add(min(right))
        return splits

    def _is_hole(self, k: int) -> bool:
        """Where a self-closing tag stood in the text the translator saw, the translation has a
        gap: a double space (`および  (ターゲット`), leading space, or a particle with no word
        to attach to, after punctuation or after a space and a non-noun (`については、を参照`,
        `자세한 내용은 에서 확인`)."""
        if self.m == 0:
            return False
        low = self.trg[k - 1].end if k > 0 else 0
        high = self.trg[k].start if k < self.m else self.length
        if high - low >= 2 or (k == 0 and high > 0):
            return True
        if k >= self.m or self.trg[k].kind != "particle":
            return False
        if k == 0:
            return True
        before = self.trg[k - 1]
        return before.kind == "punct" or (high > low and before.kind != "content")

    def _fallback_split(
        self, tag: SourceTag, lo: int, hi: int, taken: list[tuple[int, int]]
    ) -> int:
        """No link at all: the split at the point's relative position in the source."""
        target = self._split_of(tag.start) * self.m / self.n if self.n else 0
        allowed = _allowed_splits(lo, hi, taken)
        return min(allowed, key=lambda k: (abs(k - target), k))


def _is_word_char(char: str) -> bool:
    """A character of a word: not whitespace, punctuation or a symbol (nor nothing)."""
    return bool(char) and not char.isspace() and unicodedata.category(char)[0] not in "PS"


def _allowed_splits(lo: int, hi: int, taken: list[tuple[int, int]]) -> list[int]:
    """The splits of `[lo, hi]` that no taken span `(a, b)` encloses (`a < k < b`), in order:
    linear in the range and the spans (siblings never overlap), so placing a segment's points
    stays quadratic in its codes, not cubic."""
    blocked = bytearray(hi - lo + 1)
    for a, b in taken:
        for k in range(max(a + 1, lo), min(b, hi + 1)):
            blocked[k - lo] = 1
    return [k for k in range(lo, hi + 1) if not blocked[k - lo]]
