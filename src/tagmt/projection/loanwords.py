"""Loanword anchors: link an English word to the Japanese katakana word that transliterates it
(`Prompts` ↔ `プロンプト`, `Download` ↔ `ダウンロード`).

Software documentation writes most English UI terms as loanwords, and a statistical aligner trained
on a few hundred sentences often links a rare one to its neighbour (`Download` → `ダイアログ`).
Sound gives these links for free: both words are reduced to a *consonant skeleton* — a string of
coarse consonant classes, vowels dropped, because vowels are what transliteration changes most
(`customer` → k s t m → `KSTN`, `カスタマ` → kasutama → `KSTN`) — and two words whose skeletons are
close (rapidfuzz's normalized Indel similarity) are linked.

Katakana is romanized with `jaconv` (MIT; `kata2hira` + `kana2alphabet`). English spelling gets
a few rules of how English letters sound in loanwords (`c` before e/i/y is s, `-tion` is shon, `ph`
is f, an `r` after a vowel is silent: `support` → サポート). Precision guards: the two words must
agree on a vowel onset, skeletons of two consonants must match exactly, English closed-class words
never match, each word must occur once in its sentence, and each must be the other's only best
match (`list` and `last` both sound like `リスト`: neither is linked).

On the SAP dev split (reference DP, eflomal; benchmarks/bench_projection.py) these anchors, with
the katakana compound splitting of `wordseg.py`, lift en-ja. The same idea for Korean (Hangul
romanized by the arithmetic of the Hangul Syllables block) was measured and dropped: Hangul
also writes every native word, whose skeletons often match an English word by chance (`can` ~
`기간`, `assessment` ~ `선택`), and en-ko lost 9 exact segments (85.1 → 83.3 %) with no gain;
MeCab-ko already splits Korean compounds into the words eflomal aligns well.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import Indel

from tagmt.errors import require
from tagmt.projection.profiles.spaced import ENGLISH_FUNCTION_WORDS as _FUNCTION_WORDS
from tagmt.projection.scripts import KATAKANA_LOANWORD

_ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")

# Consonant classes shared by every language: voiced and voiceless pairs merge (Japanese writes
# v as b), r and l merge, m and n merge (the moraic ン before p).
_CLASSES = {
    **dict.fromkeys("pbfv", "P"),
    **dict.fromkeys("td", "T"),
    **dict.fromkeys("kgcq", "K"),
    **dict.fromkeys("sz", "S"),
    **dict.fromkeys("jJ", "J"),
    **dict.fromkeys("rl", "R"),
    **dict.fromkeys("mn", "N"),
    "h": "H",
    "x": "KS",
}

THRESHOLD = 0.8
"""The least skeleton similarity that links two words."""


def _english_sounds(word: str, soft_g: bool) -> str:
    """How an English word sounds in a loanword, as Latin letters (`J` is the sound of ch/j);
    a `g` before e/i/y is soft (`manager`) or hard (`target`), so both are tried."""
    w = word.lower()
    w = re.sub(r"[ts]ion", "shon", w)
    w = w.replace("ph", "f").replace("th", "s").replace("ck", "k").replace("qu", "kw")
    w = re.sub(r"t?ch", "J", w)
    w = re.sub(r"c(?=[eiy])", "s", w)
    w = re.sub(r"g(?=[eiy])", "J", w) if soft_g else w
    w = re.sub(r"(?<=[aeiou])r(?![aeiouy])", "", w)  # non-rhotic: support → sapo-to
    return w.replace("sh", "s")


def _katakana_sounds(word: str) -> str:
    jaconv = require("jaconv", "align", "loanword anchors for Japanese")
    latin = jaconv.kana2alphabet(jaconv.kata2hira(word))
    return latin.replace("sh", "s").replace("ch", "J").replace("ts", "t")


@lru_cache(maxsize=65536)
def skeletons(word: str, lang: str) -> tuple[str, ...]:
    """The consonant classes of `word` as it may sound, repeated classes collapsed; none for a
    word that is not an English content word or a katakana word."""
    if lang == "en" and _ENGLISH_WORD.fullmatch(word) and word.lower() not in _FUNCTION_WORDS:
        sounds = {_english_sounds(word, soft) for soft in (False, True)}
    elif lang == "ja" and KATAKANA_LOANWORD.fullmatch(word):
        sounds = {_katakana_sounds(word)}
    else:
        return ()
    return tuple(dict.fromkeys(_classes(latin) for latin in sorted(sounds)))


def _classes(latin: str) -> str:
    """Consonant classes, repeats collapsed, after `V` when the word begins with a vowel sound
    (`item` and `アイテム` do; `bill` and `アプリ` differ there)."""
    classes = re.sub(r"(.)\1+", r"\1", "".join(_CLASSES.get(c, "") for c in latin))
    return ("V" if latin[:1] in tuple("aeiouwy") else "") + classes


def sound_alike(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """The best `similarity` of any skeleton of one word with any skeleton of the other."""
    return max((similarity(x, y) for x in a for y in b), default=0.0)


def similarity(a: str, b: str) -> float:
    """How alike two skeletons are (1.0: the same); a plural `s` on either side is free.
    Words must agree on a vowel onset; skeletons of two consonants say little: only an exact
    match counts for them."""
    if a.startswith("V") != b.startswith("V"):
        return 0.0
    a, b = a.lstrip("V"), b.lstrip("V")

    def forms(x: str) -> list[str]:
        return [x, x[:-1]] if x.endswith("S") and len(x) > 2 else [x]

    best = 0.0
    for x in forms(a):
        for y in forms(b):
            if len(x) < 2 or len(y) < 2:
                continue
            if len(x) == 2 or len(y) == 2:
                best = max(best, float(x == y))
            else:
                best = max(best, Indel.normalized_similarity(x, y))
    return best


def loanword_pairs(
    src: list[str], src_lang: str, trg: list[str], trg_lang: str, threshold: float = THRESHOLD
) -> set[tuple[int, int]]:
    """Word pairs (source index, target index) that sound alike: each the other's only best
    match among the words of its sentence pair, each written once in its sentence (a repeated word
    may be reordered, so its occurrences cannot be paired by position). Pass only the words that
    can be loanwords (nouns); the others as "" to keep the indices."""
    if {src_lang, trg_lang} != {"en", "ja"}:
        return set()
    src_once = _once(src, src_lang, str.lower)
    trg_once = _once(trg, trg_lang, str)
    score = {
        (i, j): sound_alike(skeletons(src[i], src_lang), skeletons(trg[j], trg_lang))
        for i in src_once
        for j in trg_once
    }
    pairs = set()
    for i in src_once:
        j = _sole_best(trg_once, lambda j: score[i, j])
        if j is not None and score[i, j] >= threshold:
            if _sole_best(src_once, lambda i: score[i, j]) == i:
                pairs.add((i, j))
    return pairs


def _sole_best(candidates: list[int], score) -> int | None:
    """The candidate with the highest score, or None when two share it (`list` and `last` both
    sound like `リスト`: neither is linked)."""
    ranked = sorted(candidates, key=score, reverse=True)
    if not ranked or (len(ranked) > 1 and score(ranked[0]) == score(ranked[1])):
        return None
    return ranked[0]


def _once(words: list[str], lang: str, key) -> list[int]:
    """Indices of the words that have a skeleton and occur once in `words` (compared by `key`)."""
    counts: dict[str, int] = {}
    for w in words:
        counts[key(w)] = counts.get(key(w), 0) + 1
    return [k for k, w in enumerate(words) if counts[key(w)] == 1 and skeletons(w, lang)]
