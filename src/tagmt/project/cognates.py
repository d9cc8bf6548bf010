"""Cognate anchors: link a word to the word of the other side that is spelled almost the same.

`inflation` ↔ `Inflation` / `inflációt`, `Configuration` ↔ `Konfiguration`, `Server` ↔ `сервер`:
in a small corpus (a glossary, a ten-line file) eflomal has seen such a pair once or never and
often links it to a neighbour, although the spelling alone shows the link. Both words are
folded to lowercase ASCII letters (ICU's `Any-Latin; Latin-ASCII` transliterator, so Cyrillic
and Greek compare with Latin and diacritics drop) and compared by rapidfuzz's normalized Indel
similarity (twice the longest common subsequence over the summed lengths: an inflection or
a compound part added at one end costs its letters only, `server`/`szerverre` 0.80).

A link is made only where it is unambiguous in the pair, as `anchor_identical` does for
identical words: both words have at least `MIN_LETTERS` letters, each is the other's single
best partner, the similarity is at least `THRESHOLD`, and the next-best candidate of either word
is at least `MARGIN` lower. Words in a script without letters to compare (Han, kana, Hangul:
pinyin of a Han character says nothing about English) take no part; katakana/Hangul loanwords
have their own anchors (`loanwords.py`).

Thresholds were chosen on the even-numbered lines of the EUR-Lex and glossary dev sets (de, fr,
hu) and checked on the odd-numbered ones (benchmarks/bench_cognates.py: the share of anchored
pairs whose two words fall inside the same reference tag, or both outside every tag).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from rapidfuzz.distance import Indel

from tagmt.errors import require
from tagmt.project.wordseg import Word

MIN_LETTERS = 5
"""Shorter words are too often alike by chance (`under`/`und`, `sont`/`son`)."""

THRESHOLD = 0.75
"""The least normalized Indel similarity that links two folded words."""

MARGIN = 0.1
"""How far below the best partner the next candidate of either word must stay."""

ROOM = 4
"""Letters beyond its cognate that leave a word room for another word (a compound's other part)."""

_NO_LETTERS = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL")


@lru_cache(maxsize=1)
def _transliterator():
    icu = require("icu", "align", "cognate anchors across scripts")
    return icu.Transliterator.createInstance("Any-Latin; Latin-ASCII")


@lru_cache(maxsize=65536)
def folded(word: str) -> str:
    """`word` as lowercase ASCII letters ('' when it is not a word of letters of at least
    `MIN_LETTERS` in an alphabetic script): `Konfiguration` → `konfiguration`, `сервер` →
    `server`, `infláció` → `inflacio`."""
    if not word.isalpha():
        return ""
    if word.isascii():
        latin = word
    else:
        if any(unicodedata.name(c, "").startswith(_NO_LETTERS) for c in word):
            return ""
        latin = _transliterator().transliterate(word)
    latin = latin.lower()
    return latin if latin.isascii() and latin.isalpha() and len(latin) >= MIN_LETTERS else ""


def cognate_pairs(
    src: list[Word], trg: list[Word], threshold: float = THRESHOLD, margin: float = MARGIN
) -> set[tuple[int, int]]:
    """Pairs (source index, target index) of words that are each other's one clear best
    cognate: similarity >= `threshold`, every other candidate of either word `margin` lower."""
    left = [(i, f) for i, w in enumerate(src) if w.kind == "content" and (f := folded(w.text))]
    right = [(j, f) for j, w in enumerate(trg) if w.kind != "punct" and (f := folded(w.text))]
    if not left or not right:
        return set()
    score = {(i, j): Indel.normalized_similarity(a, b) for i, a in left for j, b in right}
    best_of_src: dict[int, list[tuple[float, int]]] = {}
    best_of_trg: dict[int, list[tuple[float, int]]] = {}
    for (i, j), s in score.items():
        best_of_src.setdefault(i, []).append((s, j))
        best_of_trg.setdefault(j, []).append((s, i))

    def clear_best(candidates: list[tuple[float, int]]) -> tuple[float, int] | None:
        ranked = sorted(candidates, reverse=True)
        if ranked[0][0] < threshold:
            return None
        if len(ranked) > 1 and ranked[0][0] - ranked[1][0] < margin:
            return None
        return ranked[0]

    pairs = set()
    for i, candidates in best_of_src.items():
        found = clear_best(candidates)
        if found is None:
            continue
        j = found[1]
        back = clear_best(best_of_trg[j])
        if back is not None and back[1] == i:
            pairs.add((i, j))
    return pairs


def room_for_more(word: str, cognate: str) -> bool:
    """Whether `word` has `ROOM` letters more than `cognate` once both are folded: a compound or
    a long ending (`Serverkonfiguration` against `configuration`), whose other links may be right."""
    return len(folded(word)) - len(folded(cognate)) >= ROOM
