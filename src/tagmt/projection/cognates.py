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

Thresholds (benchmarks/bench_cognates.py: an anchor agrees when its two words lie inside the same
reference tags, counted where a tag is around either word) were chosen on the even-numbered tagged
lines of the EUR-Lex and glossary dev sets (de, fr, hu): 0.75 is the lowest similarity whose anchors
agree within one point of the identical-word anchors' on every even set (EUR-Lex de/fr/hu 98.3/98.3/
97.4 % against 99.3/99.3/98.2; glossary de/fr/hu 96.6/100/100 %, 29/68/6 anchors beyond identical
words; at 0.70 glossary fr falls to 97.2 against 100). Checked on the odd lines: EUR-Lex 98.5/99.7/
99.3 % against identical 98.6/100/98.7, glossary 100/100/100 % (30/64/12 anchors). The margin
changes little between 0.05 and 0.15; 0.10 is kept. On the SAP dev split (ja/ko/zh) the Latin words
inside CJK text are written as in English: no anchor beyond the identical ones.
Not caught (under 0.75): Russian -ция against -tion (`инфляция`, `inflacia`/`inflation` 0.71) and
long Hungarian endings (`konfigurációját`/`configuration` 0.71); the aligner keeps those words.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Indel

from tagmt.errors import require
from tagmt.projection.scripts import NO_LETTER_NAMES, has_letters_of
from tagmt.projection.wordbreak import icu_available
from tagmt.projection.wordseg import Word

MIN_LETTERS = 5
"""Shorter words are too often alike by chance (`under`/`und`, `sont`/`son`)."""

THRESHOLD = 0.75
"""The least normalized Indel similarity that links two folded words."""

MARGIN = 0.1
"""How far below the best partner the next candidate of either word must stay."""

MAX_WORDS = 1000
"""A pair with more candidate words on a side gets no cognate anchors (its aligner links stay)."""

ROOM = 4
"""Letters beyond its cognate that leave a word room for another word (a compound's other part)."""


def _ascii_letters(word: str) -> str:
    """Without PyICU (an install without the `align` extra, e.g. the awesome aligner's): Latin
    letters with their marks removed (`infláció` → `inflacio`); a word of another script is left
    out (not ASCII afterwards), rather than stopping the projection."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


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
        if has_letters_of(word, NO_LETTER_NAMES):
            return ""
        latin = _transliterator().transliterate(word) if icu_available() else _ascii_letters(word)
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
    if len(left) > MAX_WORDS or len(right) > MAX_WORDS:
        return set()  # (time: the comparisons of a pair stay under MAX_WORDS²)
    score = process.cdist([f for _, f in left], [f for _, f in right], scorer=Indel.normalized_similarity,
                          dtype=np.float64)
    best_j, best_i = score.argmax(axis=1), score.argmax(axis=0)

    def clear(row) -> bool:
        top = np.sort(row)[::-1]
        return bool(top[0] >= threshold and (len(top) < 2 or top[0] - top[1] >= margin))

    return {
        (left[a][0], right[b][0])
        for a, b in enumerate(best_j)
        if best_i[b] == a and clear(score[a]) and clear(score[:, b])
    }


def similar(word: Word, trg: list[Word], threshold: float = THRESHOLD, margin: float = MARGIN) -> list[int]:
    """The target word spelled almost as `word` (folded, similarity >= `threshold`, every other target word
    `margin` lower), as a list of its index, or nothing; one way only, unlike `cognate_pairs` (the lone tagged
    words of `loneterms.py`)."""
    mine = folded(word.text)
    if not mine:
        return []
    right = [(j, f) for j, w in enumerate(trg) if w.kind != "punct" and (f := folded(w.text))]
    if not right or len(right) > MAX_WORDS:
        return []
    row = process.cdist([mine], [f for _, f in right], scorer=Indel.normalized_similarity, dtype=np.float64)[0]
    order = np.argsort(row)[::-1]
    best = row[order[0]]
    if best < threshold or (len(order) > 1 and best - row[order[1]] < margin):
        return []
    return [right[int(order[0])][0]]


def room_for_more(word: str, cognate: str) -> bool:
    """Whether `word` has `ROOM` letters more than `cognate` once both are folded: a compound or
    a long ending (`Serverkonfiguration` against `configuration`), whose other links may be right."""
    return len(folded(word)) - len(folded(cognate)) >= ROOM
