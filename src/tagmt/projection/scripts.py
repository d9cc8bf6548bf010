"""The script ranges and character classes projection tests text against, named, in one place.

Every other module imports its classes from here and writes no range of its own. Each name keeps the exact
set of the definition it replaced: some sets look alike but differ (`HAN`, Unicode's Script=Han, against
`HAN_BMP`, the ideograph blocks of the Basic Multilingual Plane; `KANA` against `KANA_BLOCKS`; `HANGUL_BLOCKS`
against `is_hangul_letter`), and unifying them would change projections: that is a later, measured change,
not a move. Where a comment says "by name", the class is read from the characters' Unicode names
(`unicodedata.name`), which is another set again.

A rule that guesses the language from the script (kana: Japanese; Han without kana or Hangul: Chinese) does
so through the predicates here (`writes_kana`, `looks_chinese`, ...) until the pipeline tells it the target
language (`tagmt.projection.profiles`).
"""

from __future__ import annotations

import re
import unicodedata

import regex

# --- Han -------------------------------------------------------------------------------------------------

HAN = regex.compile(r"\p{Han}")
"""Unicode's Script=Han: every ideograph block (the supplementary planes' too), the radicals, and `々`, `〆`,
`〇`."""
HAN_BMP = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
"""The ideograph blocks of the Basic Multilingual Plane (Extension A, the unified ideographs, the compatibility
ideographs). Not `HAN`: no `々`, no radicals, no supplementary planes, and the blocks' unassigned points."""


def is_han_named(char: str) -> bool:
    """By name: a CJK unified or compatibility ideograph (`wordseg`'s characters for the `chars` segmenter)."""
    return unicodedata.name(char, "").startswith(("CJK UNIFIED", "CJK COMPATIBILITY IDEOGRAPH"))


# --- kana ------------------------------------------------------------------------------------------------

KANA = regex.compile(r"[\p{Hiragana}\p{Katakana}]")
"""Unicode's Script=Hiragana and Script=Katakana (with the half-width forms; not `ー` or `・`, which are
Common)."""
KANA_BLOCKS = re.compile(r"[\u3040-\u30ff]")
"""The Hiragana and Katakana blocks (with `ー`, `・` and `゠`; not the half-width forms): not `KANA`."""
KATAKANA_LONG = regex.compile(r"[\p{Katakana}ー]")
"""Script=Katakana and the long-vowel mark `ー`: the letters of a foreign word."""
KATAKANA_RUN = re.compile(r"[\u30a1-\u30fa\u30fc]+")
"""A run of katakana letters (small and large, `ァ` … `ヺ`) and the long-vowel mark `ー`."""
KATAKANA_DOTTED = re.compile(r"[\u30a1-\u30fa\u30fc・]+")
"""`KATAKANA_RUN` with the middle dot `・`, which separates the words of a foreign name."""
KATAKANA_LOANWORD = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}")
"""Two or more of `KATAKANA_RUN`'s characters (a loanword, `loanwords.py`, matched whole)."""


def is_hiragana_text(text: str) -> bool:
    """Whether every character of `text` is in the Hiragana block (U+3040–U+309F) or is `ー` (true of "")."""
    return all("\u3040" <= c <= "\u309f" or c == "ー" for c in text)


def begins_with_hiragana(word: str) -> bool:
    """Whether `word` begins with a character of U+3041–U+309F (the Hiragana block without its first,
    unassigned, point; false for "")."""
    return "\u3041" <= word[:1] <= "\u309f"


def all_kanji_or_katakana_named(text: str) -> bool:
    """By name: every character a CJK unified ideograph or a katakana (true of "")."""
    return all(unicodedata.name(c, "").startswith(("CJK UNIFIED", "KATAKANA")) for c in text)


# --- Hangul ----------------------------------------------------------------------------------------------

HANGUL_BLOCKS = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
"""The Hangul syllables block to its end (U+D7AF), the jamo and the compatibility jamo."""


def is_hangul_letter(char: str) -> bool:
    """A Hangul syllable (to the last assigned one, U+D7A3: not `HANGUL_BLOCKS`' end), jamo or compatibility
    jamo."""
    return "\uac00" <= char <= "\ud7a3" or "\u1100" <= char <= "\u11ff" or "\u3130" <= char <= "\u318f"


def all_hangul_named(text: str) -> bool:
    """By name: every character's Unicode name begins with HANGUL (syllables and every jamo block; not the
    half-width forms; true of "")."""
    return all(unicodedata.name(char, "").startswith("HANGUL") for char in text)


# --- several scripts -------------------------------------------------------------------------------------

WIDE = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]")
"""Han, kana or Hangul (Script=): the scripts whose runs meet other letters without a space
(`30.11.2014입니다`), and the terms a middle dot separates (`enumerations.py`)."""
DICTIONARY_SCRIPTS = r"\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}"
"""The body of a character class: the scripts written without spaces whose words only a dictionary finds
(ICU's word break iterator)."""
DICTIONARY_SCRIPT = regex.compile(rf"[{DICTIONARY_SCRIPTS}]")
UNSPACED = regex.compile(rf"[\p{{Han}}{DICTIONARY_SCRIPTS}]")
"""Han and `DICTIONARY_SCRIPTS`: the scripts written without spaces between words."""
UNSPACED_SCRIPTS = {name: regex.compile(rf"\p{{{name}}}") for name in ("Han", "Thai", "Lao", "Khmer", "Myanmar")}
NO_LETTER_NAMES = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL")
"""By name: the prefixes of the characters that are no Latin-like letters (`cognates.py`: no cognate is
written in them)."""


def unspaced_script(char: str) -> str | None:
    """The `UNSPACED_SCRIPTS` name of `char` (`Han`, `Thai`, ...), or None."""
    for name, pattern in UNSPACED_SCRIPTS.items():
        if pattern.match(char):
            return name
    return None


def has_letters_of(word: str, prefixes: tuple[str, ...] = NO_LETTER_NAMES) -> bool:
    """By name: whether a character of `word` has a Unicode name beginning with one of `prefixes`."""
    return any(unicodedata.name(c, "").startswith(prefixes) for c in word)


# --- guesses of the language from its script (until the pipeline passes the target language) ------------

def has_han(text: str) -> bool:
    """Whether `text` holds a `HAN` character."""
    return HAN.search(text) is not None


def writes_kana(text: str) -> bool:
    """Whether `text` holds a `KANA` character: Japanese, as no other language writes kana."""
    return KANA.search(text) is not None


def head_final_family(text: str) -> str | None:
    """The head-final family a text of no known language is written in: `japanese` where it writes kana
    (`writes_kana`), else `korean` where it writes Hangul, else None — the one guess the Japanese and Korean rules
    make when the pipeline does not know the target language (`clauseheads.py`, `labelcopies.py`)."""
    if writes_kana(text):
        return "japanese"
    return "korean" if HANGUL_BLOCKS.search(text) else None


def looks_chinese(text: str) -> bool:
    """Whether `text` is Chinese: `HAN_BMP` characters, no `KANA_BLOCKS` (Japanese), no `HANGUL_BLOCKS`."""
    return bool(HAN_BMP.search(text)) and not KANA_BLOCKS.search(text) and not HANGUL_BLOCKS.search(text)
