"""Compact storage of a projection batch's words and links.

A batch holds the words of every segment (with their offsets) and the word links of every pair from
segmentation until placement, because the aligner and the batch glossary learn from all pairs at
once: as `Word` tuples (~90 bytes a word) and sets of link tuples (~100 bytes a link), they were
about twice the size of the XLIFF file being projected (benchmarks/bench_xliff.py). Here a word
costs 9 bytes (its two offsets in an `array('i')`, its kind as one byte; its text is sliced from its
segment's text when asked for) and a link 8 (two `int32`s).

* `WordStore` — the words of many texts: `store[k]` is a new `list[Word]` equal to the one
  appended (same texts, offsets and kinds), built on demand; `store.text_of(k)` is the word texts
  alone, as the aligners read them (`alignunits.align_words`), and `store.size(k)` their number;
  `store.pick(indices)` some segments as a lazy sequence with the same three readers.
  Words that are not slices of their text (a segmenter that normalizes), or a `Word` with other
  fields than these four, are kept as given: the store never changes what it gives back.
* `LinkStore` — the link sets of many pairs: `links[k]` is a new set equal to the one appended;
  each link also keeps its confidence (`confidence.py`) in one byte, and a pair may keep weak links
  (below the aligner's vote) that `weighted(k)` gives back with their confidences, never `links[k]`.

Both are read-only sequences after they are filled, so several threads may read them (eflomal's
seeded runs do).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import overload

from tagmt.projection.links import Links
from tagmt.projection.confidence import WEIGHT_SCALE
from tagmt.projection.wordseg import Word

_COMPACT = Word._fields == ("text", "start", "end", "kind")
"""Whether a `Word` is exactly (text, offsets, kind), so that the store can rebuild it."""
_new = tuple.__new__


class WordStore(Sequence[list[Word]]):
    """The words of many texts, in three flat arrays (see the module docstring)."""

    def __init__(self, items: Iterable[tuple[str, list[Word]]] = ()) -> None:
        self._texts: list[str] = []
        self._offsets = array("i")  # start, end of every word, segment after segment
        self._kinds = bytearray()  # the kind of every word, as an index into `_names`
        self._bounds = array("q", [0])  # where each segment's words begin in `_kinds`
        self._names: list[str] = []
        self._codes: dict[str, int] = {}
        self._kept: dict[int, list[Word]] = {}  # segments whose words the arrays cannot rebuild
        for text, words in items:
            self.append(text, words)

    def append(self, text: str, words: list[Word]) -> None:
        """Add the words of ``text`` (as `wordseg.words_with_offsets` gives them)."""
        k = len(self._texts)
        self._texts.append(text)
        start = len(self._offsets)
        try:
            if not _COMPACT or not all(w.text == text[w.start : w.end] for w in words):
                raise TypeError("not slices of their text")
            codes = self._codes
            for kind in {w.kind for w in words} - codes.keys():
                codes[kind] = len(self._names)
                self._names.append(kind)
            if len(self._names) > 256:
                raise OverflowError("more kinds than a byte holds")
            self._offsets.extend([x for w in words for x in (w.start, w.end)])  # (TypeError: not ints)
            self._kinds.extend([codes[w.kind] for w in words])
        except (TypeError, OverflowError):  # kept as given: the arrays cannot rebuild them
            del self._offsets[start:]
            self._kept[k] = list(words)
        self._bounds.append(len(self._kinds))

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, k: int) -> list[Word]: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[list[Word]]: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return _Slice(self, range(len(self))[k])
        k = range(len(self))[k]  # (an IndexError out of range)
        kept = self._kept.get(k)
        if kept is not None:
            return list(kept)
        text, names = self._texts[k], self._names
        lo, hi = self._bounds[k], self._bounds[k + 1]
        offsets = self._offsets[2 * lo : 2 * hi]
        return [  # (`tuple.__new__`: what `Word(...)` does, without its Python frame: twice as fast)
            _new(Word, (text[a:b], a, b, names[c]))
            for a, b, c in zip(offsets[::2], offsets[1::2], self._kinds[lo:hi])
        ]

    def __iter__(self) -> Iterator[list[Word]]:
        return (self[k] for k in range(len(self)))

    def text_of(self, k: int) -> list[str]:
        """The word texts of segment ``k`` (what an aligner reads)."""
        k = range(len(self))[k]
        kept = self._kept.get(k)
        if kept is not None:
            return [w.text for w in kept]
        text = self._texts[k]
        lo, hi = self._bounds[k], self._bounds[k + 1]
        offsets = self._offsets[2 * lo : 2 * hi]
        return [text[a:b] for a, b in zip(offsets[::2], offsets[1::2])]

    def size(self, k: int) -> int:
        """The number of words of segment ``k``."""
        k = range(len(self))[k]
        kept = self._kept.get(k)
        return len(kept) if kept is not None else self._bounds[k + 1] - self._bounds[k]

    def pick(self, indices: Sequence[int]) -> Sequence[list[Word]]:
        """The segments ``indices`` as a sequence whose words are made when read."""
        return _Slice(self, indices)


class _Slice(Sequence[list[Word]]):
    def __init__(self, store: WordStore, indices: Sequence[int]) -> None:
        self._store, self._indices = store, indices

    def __len__(self) -> int:
        return len(self._indices)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return _Slice(self._store, self._indices[k])
        return self._store[self._indices[k]]

    def __iter__(self) -> Iterator[list[Word]]:
        return (self._store[k] for k in self._indices)

    def text_of(self, k: int) -> list[str]:
        return self._store.text_of(self._indices[k])

    def size(self, k: int) -> int:
        return self._store.size(self._indices[k])


class LinkStore(Sequence[Links]):
    """The link sets of many pairs, as (source, target) index pairs in one flat `array('i')`, each
    link with a confidence byte (`weighted`); `links[k]` is the set appended, whatever its weights."""

    def __init__(self, items: Iterable[Links] = ()) -> None:
        self._flat = array("i")
        self._weights = bytearray()  # every link's confidence, in `WEIGHT_SCALE`ths
        self._bounds = array("q", [0])
        self._kept: dict[int, tuple[Links, dict[tuple[int, int], float]]] = {}  # sets the array cannot hold
        self._weak: LinkStore | None = None  # links below the vote with a confidence, pair by pair
        for links in items:
            self.append(links)

    def append(self, links: Links, weights: Mapping[tuple[int, int], float] | None = None) -> None:
        """Add a pair's links; `weights` (optional) gives a confidence in (0, 1] to some of them
        (the others: 1) and may hold weak links that are not in `links` (`weighted` gives them back)."""
        k = len(self)
        weights = weights or {}
        weak = {link: w for link, w in weights.items() if link not in links}
        try:
            ordered = sorted(links)
            self._flat.extend([x for i, j in ordered for x in (i, j)])
            self._weights.extend([_byte(weights.get(link, 1.0)) for link in ordered])
        except (OverflowError, TypeError, ValueError):
            del self._flat[2 * self._bounds[k] :]
            del self._weights[self._bounds[k] :]
            self._kept[k] = (set(links), {link: w for link, w in weights.items() if link not in links or w != 1})
            weak = {}
        self._bounds.append(len(self._flat) // 2)
        if weak and self._weak is None:
            self._weak = LinkStore(set() for _ in range(k))
        if self._weak is not None:
            self._weak.append(set(weak), weak)

    def weighted(self, k: int) -> dict[tuple[int, int], float]:
        """The links of pair `k` with their confidences, and the weak links appended with them (those
        not in `self[k]`)."""
        k = range(len(self))[k]
        kept = self._kept.get(k)
        if kept is not None:
            return {**dict.fromkeys(kept[0], 1.0), **kept[1]}
        lo, hi = self._bounds[k], self._bounds[k + 1]
        flat = self._flat[2 * lo : 2 * hi]
        found = {link: w / WEIGHT_SCALE for link, w in zip(zip(flat[::2], flat[1::2]), self._weights[lo:hi])}
        if self._weak is not None:
            found.update(self._weak.weighted(k))
        return found

    def has_weights(self) -> bool:
        """Whether some link has a confidence below 1 or a weak link was appended."""
        return self._weak is not None or any(w != WEIGHT_SCALE for w in self._weights) or any(
            weights for _, weights in self._kept.values())

    def __len__(self) -> int:
        return len(self._bounds) - 1

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        k = range(len(self))[k]
        kept = self._kept.get(k)
        if kept is not None:
            return set(kept[0])
        flat = self._flat[2 * self._bounds[k] : 2 * self._bounds[k + 1]]
        return set(zip(flat[::2], flat[1::2]))

    def __iter__(self) -> Iterator[Links]:
        return (self[k] for k in range(len(self)))


def _byte(weight: float) -> int:
    """A confidence in (0, 1] as a byte of `WEIGHT_SCALE`ths (at least 1: a link kept weighs something)."""
    return min(WEIGHT_SCALE, max(1, round(weight * WEIGHT_SCALE)))
