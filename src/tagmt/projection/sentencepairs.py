"""A paragraph pair cut into its corresponding sentence pairs, for the word aligner.

A segment may hold a whole paragraph (an unsegmented XLIFF trans-unit, a help page's `<p>`). Aligned
whole, a word of sentence 2 may be linked to its repeat in sentence 3, and eflomal's sampler spreads its
distortion over a long line. So before the aligner, each pair is cut into the pairs of sentences that
translate each other (`sentence_pairs`); the aligner sees the shorter lines, the anchors look for a
word's partner in its own sentence pair, and the links are mapped back to the paragraph's words
(`shift_links`). A single sentence, or a pair whose sentences cannot surely be matched, is one piece:
aligned whole, as before.

The sentences are `sentences.sentence_spans` of each side; they are matched by a monotone alignment
on their lengths (Gale & Church 1993, "A program for aligning sentences in bilingual corpora": a
sentence's length in characters is about proportional to its translation's), written here in a few
lines rather than taken from a library because it runs on one paragraph's handful of sentences with
their character spans, with no corpus or model: beads of 1-1, 2-1, 1-2 and 2-2 sentences with Gale &
Church's prior probabilities and their normal model of the length difference (variance 6.8 per
character; the ratio of the two sides' lengths is the paragraph's own, so no constant per language).
The pair is cut only where every bead's length difference is likely (`SURE`, the two-sided
probability of a difference as large); otherwise it is aligned whole. The search keeps to a band
around the diagonal (`BAND` sentences), so time stays linear in the paragraph's sentences.

What the cut gained on the benchmarks is in docs/projection-history.md.
"""

from __future__ import annotations

import math
from typing import Sequence

from tagmt.projection.align import Links
from tagmt.projection.sentences import sentence_spans
from tagmt.projection.wordseg import Word

Piece = tuple[int, int, int, int]
"""A sentence pair as word ranges: source words `[a, b)` and target words `[c, d)`."""

BEADS = {(1, 1): 0.89, (2, 1): 0.0445, (1, 2): 0.0445, (2, 2): 0.011}
"""Gale & Church's prior probabilities of the sentence beads (their 1-0/0-1 beads are left out: a
sentence without a counterpart makes the pair unsure, and it is aligned whole)."""
VARIANCE = 6.8
"""Gale & Church's variance of the length difference per character."""
SURE = 0.05
"""A bead is sure when a length difference at least as large has this probability or more (two-sided):
the usual five per cent. (At 0.01, a numbered list read as sentences, `… as 1. OBNS: … and 2. OBWS: …`,
was cut with its `1.` in the wrong target sentence; at 0.05 it is aligned whole. Of SAP dev's 3-sentence
paragraphs, 528 of 754 en-ja pairs are cut at 0.05, 529 at 0.01.)"""
BAND = 8
"""The search keeps to pairs of sentence positions at most this far from the diagonal."""

def sentence_pairs(src_text: str, src_words, trg_text: str, trg_words, cut: bool = True) -> list[Piece]:
    """The pair's corresponding sentence pairs as word ranges covering both sides' words in order (see
    the module's docstring); one piece, the whole pair, when it has one sentence a side or its
    sentences cannot surely be matched. `src_words` and `trg_words`: each side's words (`Word`s), or a
    function giving them, called only when both sides have several sentences (speed: a batch's
    one-sentence pairs are never made into `Word` lists). `cut` False: one piece, always
    (`config.ProjectionConfig.sentence_pairs`, for measurements). Linear in the pair."""
    src_spans = sentence_spans(src_text) if cut else []
    trg_spans = sentence_spans(trg_text) if len(src_spans) > 1 else []
    if len(src_spans) < 2 or len(trg_spans) < 2:
        return [(0, _count(src_words), 0, _count(trg_words))]
    src_words, trg_words = _made(src_words), _made(trg_words)
    whole = [(0, len(src_words), 0, len(trg_words))]
    if not src_words or not trg_words:
        return whole
    beads = match_lengths([_length(src_text, s) for s in src_spans], [_length(trg_text, t) for t in trg_spans])
    if beads is None or len(beads) < 2:
        return whole
    src_first, trg_first = _first_words(src_spans, src_words), _first_words(trg_spans, trg_words)
    pieces = []
    i = j = 0
    for di, dj in beads:
        a, b = src_first[i], src_first[i + di]
        c, d = trg_first[j], trg_first[j + dj]
        if a == b or c == d:  # a sentence without words (a segmenter that drops punctuation)
            return whole
        pieces.append((a, b, c, d))
        i, j = i + di, j + dj
    return pieces


def _made(words):
    return words() if callable(words) else words


def _count(words) -> int:
    """The number of words (a function giving them: its `size` attribute when it has one)."""
    size = getattr(words, "size", None)
    return size() if size is not None else len(_made(words))


def _length(text: str, span: tuple[int, int]) -> int:
    return sum(1 for char in text[span[0] : span[1]] if not char.isspace())


def _first_words(spans: list[tuple[int, int]], words: Sequence[Word]) -> list[int]:
    """The index of each sentence's first word (a word belongs to the sentence its start is in), and
    the number of words at the end."""
    firsts = [0]
    k = 0
    for start, _ in spans[1:]:
        while k < len(words) and words[k].start < start:
            k += 1
        firsts.append(k)
    firsts.append(len(words))
    return firsts


def match_lengths(src: Sequence[int], trg: Sequence[int]) -> list[tuple[int, int]] | None:
    """The most probable monotone beads (source sentences, target sentences) matching sentence
    lengths `src` to `trg`, every sentence in one bead; None when no path keeps to the band or a
    bead is not sure (see the module's docstring)."""
    n, m = len(src), len(trg)
    if not n or not m or abs(n - m) > BAND:
        return None
    ratio = sum(trg) / max(sum(src), 1)
    best: dict[tuple[int, int], tuple[float, tuple[int, int], float]] = {(0, 0): (0.0, (0, 0), 1.0)}
    for i in range(n + 1):
        centre = i * m // n
        for j in range(max(0, centre - BAND), min(m, centre + BAND) + 1):
            here = best.get((i, j))
            if here is None:
                continue
            for (di, dj), prior in BEADS.items():
                if i + di > n or j + dj > m:
                    continue
                p = _probability(sum(src[i : i + di]), sum(trg[j : j + dj]), ratio)
                cost = here[0] - math.log(prior) - math.log(max(p, 1e-300))
                key = (i + di, j + dj)
                if key not in best or cost < best[key][0]:
                    best[key] = (cost, (di, dj), p)
    if (n, m) not in best:
        return None
    beads = []
    i, j = n, m
    while (i, j) != (0, 0):
        _, (di, dj), p = best[(i, j)]
        if p < SURE:
            return None
        beads.append((di, dj))
        i, j = i - di, j - dj
    return beads[::-1]


def _probability(ls: int, lt: int, ratio: float) -> float:
    """Gale & Church's two-sided probability of a length difference as large as that of `ls` source
    and `lt` target characters, the target measured in source characters (`ratio`: target/source)."""
    lt_as_source = lt / ratio if ratio else 0.0
    mean = (ls + lt_as_source) / 2
    if mean <= 0:
        return 1.0
    z = (ls - lt_as_source) / math.sqrt(VARIANCE * mean)
    return math.erfc(abs(z) / math.sqrt(2))


def piece_texts(src_text: str, src_words: Sequence[Word], trg_text: str, trg_words: Sequence[Word],
                pieces: Sequence[Piece]) -> list[tuple[str, str]]:
    """The (source, target) texts of each piece: from its first word's start to its last word's end."""
    return [(src_text[src_words[a].start : src_words[b - 1].end], trg_text[trg_words[c].start : trg_words[d - 1].end])
            for a, b, c, d in pieces]


def shift_links(piece: Piece, links: Links) -> Links:
    """A piece's links (indices within its words) as links of the paragraph's words."""
    a, _, c, _ = piece
    return {(i + a, j + c) for i, j in links}


def shift_weights(piece: Piece, weights: dict[tuple[int, int], float]) -> dict[tuple[int, int], float]:
    """A piece's link confidences (`LinkStore.weighted`) keyed by the paragraph's words."""
    a, _, c, _ = piece
    return {(i + a, j + c): w for (i, j), w in weights.items()}


class PieceWords(Sequence[list[Word]]):
    """The words of every piece of many pairs, read from a store of the pairs' words when asked
    (`store[k][a:b]`; a compact `wordstore.WordStore`'s `text_of` and `size` are read through), so that
    cutting keeps the batch as compact as it was."""

    def __init__(self, store: Sequence[Sequence[Word]], ranges: Sequence[tuple[int, int, int]]) -> None:
        self._store, self._ranges = store, ranges  # (pair index in store, first word, end word)
        # the last pair read, whole (its words; its word texts): a paragraph's pieces are read one after
        # another, and making the pair's list again for each piece would be quadratic in the paragraph
        self._words: tuple[int, Sequence[Word]] | None = None
        self._texts: tuple[int, list[str]] | None = None

    def __len__(self) -> int:
        return len(self._ranges)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        pair, a, b = self._ranges[k]
        if self._words is None or self._words[0] != pair:
            self._words = (pair, self._store[pair])
        return list(self._words[1][a:b])

    def __iter__(self):
        return (self[k] for k in range(len(self)))

    def text_of(self, k: int) -> list[str]:
        pair, a, b = self._ranges[k]
        if self._texts is None or self._texts[0] != pair:
            text_of = getattr(self._store, "text_of", None)
            self._texts = (pair, text_of(pair) if text_of is not None else [w.text for w in self._store[pair]])
        return self._texts[1][a:b]

    def size(self, k: int) -> int:
        _, a, b = self._ranges[k]
        return b - a
