"""Japanese: MeCab with IPADIC; grammatical words in kana, content words in kanji and katakana.

The rules that read Japanese find it by its script today (kana: `scripts.writes_kana`); the word kinds
(particle, auxiliary, verb) come from IPADIC's parts of speech (`wordseg._ja_kind`). Listed here: the
katakana no word begins with and the common-noun tags (`wordseg`'s split of unknown katakana runs).
"""

from __future__ import annotations

from tagmt.projection.profiles import Profile

FAMILY = "japanese"
LANGUAGES = frozenset({"ja"})
SEGMENTER = "mecab-ja"
QUOTE_MARKS = (("「", "」"), ("『", "』"))
"""The quotation marks Japanese writes around a label (`units.QUOTES` and `BRACKETS` match them)."""
NO_WORD_START = frozenset("ーッァィゥェォャュョヮンヵヶ")
"""Katakana that cannot begin a word: the long-vowel mark, small kana, the moraic nasal (`wordseg`'s split
of unknown katakana runs)."""
COMMON_NOUN_TAGS = ("名詞,一般", "名詞,サ変接続")
"""IPADIC's parts of speech of a common noun: a known piece of an unknown katakana run (`wordseg`)."""


def profile(code: str) -> Profile:
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER, quote_marks=QUOTE_MARKS)
