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

NOUN_PREFIX_TAG = "接頭詞,名詞接続"
"""IPADIC's part of speech of a noun prefix (`未請求`, `再トリガ`, `全明細`): one word with the noun after it."""
HONORIFIC_PREFIXES = frozenset({"お", "ご", "御"})
"""The honorific noun prefixes (`ご確認`): the sentence's politeness, not a part of a term (`nounprefixes.py`)."""

CASE_PARTICLES = ("として", "について", "に対して", "に対する", "によって", "による", "において", "における", "に関する", "という",
                  "から", "まで", "より", "を", "が", "は", "に", "で", "の", "と", "へ", "も", "や")
"""Case and binding particles, and the compound case particles MeCab reads as one word (`として`, `に対して`,
the quotative `という`): written right after the noun phrase they mark (`%sを削除`, `%sから`, `%sという名前`)."""
COUNTERS = ("時間", "文字", "ページ", "バイト", "ミリ秒", "件", "個", "つ", "人", "回", "分", "秒", "日", "枚", "点", "行",
            "列", "年", "月", "週", "台", "本", "冊", "番", "度", "倍", "名", "曲", "通", "桁", "語", "歳", "ヶ月", "か月",
            "カ月", "KB", "MB", "GB", "TB", "%", "％")
"""Counters (助数詞) and units written right after their number (`%d件`, `%d 個`, `%d列`, `%dミリ秒`, `%d MB`)."""
HONORIFICS = ("さん", "様", "さま", "氏", "殿")
"""Honorific suffixes written after a person's name (`%sさん`)."""
RELATIONAL_NOUNS = ("以降", "以上", "以下", "以前", "以内", "以外", "未満", "中", "前", "後")
"""Nouns written right after the noun phrase or number they relate to (`%s以降`, `%d件中`, `%d分前`)."""
COMPOUND_PARTICLES = ("からは", "までは", "からの", "までの", "には", "では", "とは", "へは", "にも", "でも", "とも",
                      "への", "との", "での", "までに", "にまで", "からも", "までも", "よりも", "へと")
"""A case particle with the binding particle or `の` written after it: one edge of one phrase."""

PHRASE_INTERNAL = frozenset({"の", "として", "と"})
"""Particles that join two parts of one noun phrase (`正常としてマーク` for `Marked as Correct`, `資金集中のジョブ`,
`コピーと貼り付け`): a label's phrase holds them; the case particles after it (`を`, `が`, `に`, `で`) tie it to the
sentence (`labelphrases.py`)."""
PHRASE_FINAL = frozenset({"は", "が", "を", "も"})
"""The topic, subject and object particles (and `も`): they end a noun phrase, never join two parts of one."""
COPULAS = frozenset({"です", "でし", "だ", "だっ", "である", "でござい"})
"""The copula's forms written after a noun (`はいです`): the sentence's predicate (IPADIC splits `でした` as
`でし`+`た`)."""


def profile(code: str) -> Profile:
    return Profile(code=code, family=FAMILY, segmenter=SEGMENTER, quote_marks=QUOTE_MARKS,
                   phrase_followers=(*CASE_PARTICLES, *COUNTERS, *HONORIFICS, *RELATIONAL_NOUNS),
                   counters=frozenset(COUNTERS), honorifics=frozenset(HONORIFICS),
                   compound_particles=COMPOUND_PARTICLES, head_final=True, genitive_first=True,
                   phrase_internal=PHRASE_INTERNAL, phrase_final=PHRASE_FINAL, copulas=COPULAS,
                   extra_stages=("noun-prefixes", "clause-heads"))
