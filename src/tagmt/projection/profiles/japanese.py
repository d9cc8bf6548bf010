"""Japanese: MeCab with IPADIC; grammatical words in kana, content words in kanji and katakana.

The rules that read Japanese find it by its script today (kana: `scripts.writes_kana`); the word kinds
(particle, auxiliary, verb) come from IPADIC's parts of speech (`wordseg._ja_kind`), not from lists.
"""

from __future__ import annotations

from tagmt.projection.profiles import Profile

FAMILY = "japanese"
LANGUAGES = frozenset({"ja"})
SEGMENTER = "mecab-ja"
QUOTE_MARKS = (("「", "」"), ("『", "』"))
"""The quotation marks Japanese writes around a label (`units.QUOTES` and `BRACKETS` match them)."""


def profile(code: str) -> Profile:
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER, quote_marks=QUOTE_MARKS)
