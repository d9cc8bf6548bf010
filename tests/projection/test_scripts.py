"""The named script ranges of `tagmt.projection.scripts`: for each, a character inside and one just outside,
in several scripts (Han, kana, Hangul, Thai, Latin, Cyrillic); the sets that look alike but differ (kept
apart on purpose); and properties over any character."""

from __future__ import annotations

import unicodedata

import regex
from hypothesis import given
from hypothesis import strategies as st

from tagmt.projection import scripts as s


def test_han_is_unicodes_script_and_han_bmp_the_bmp_ideograph_blocks():
    for char in ("漢", "一", "\u3400", "\u9fff", "\uf900", "々", "〇", "𠀀"):
        assert s.HAN.match(char), char
    for char in ("あ", "ア", "한", "A", "Я", "ก", "。"):
        assert not s.HAN.match(char), char
    for char in ("\u3400", "漢", "\u9fff", "\uf900", "\ufaff"):
        assert s.HAN_BMP.match(char), char
    for char in ("\u33ff", "\ua000", "\uf8ff", "\ufb00", "あ", "A"):
        assert not s.HAN_BMP.match(char), char
    # the two differ: the iteration mark and the supplementary planes are Han, not in the BMP blocks
    assert s.HAN.match("々") and not s.HAN_BMP.match("々")
    assert s.HAN.match("𠀀") and not s.HAN_BMP.match("𠀀")


def test_han_by_name():
    assert s.is_han_named("漢") and s.is_han_named("\uf900")  # a compatibility ideograph
    assert not s.is_han_named("々") and not s.is_han_named("あ") and not s.is_han_named("A")


def test_kana_by_script_and_by_block():
    for char in ("あ", "ア", "ｱ", "ゟ"):
        assert s.KANA.match(char), char
    for char in ("ー", "・", "漢", "한", "A"):  # the long-vowel mark and the middle dot are Common
        assert not s.KANA.match(char), char
    for char in ("\u3040", "あ", "ア", "ー", "・", "\u30ff"):
        assert s.KANA_BLOCKS.match(char), char
    for char in ("\u303f", "\u3100", "ｱ", "漢", "A"):
        assert not s.KANA_BLOCKS.match(char), char
    assert s.KANA.match("ｱ") and not s.KANA_BLOCKS.match("ｱ")  # half-width: Katakana, not the block
    assert s.KANA_BLOCKS.match("ー") and not s.KANA.match("ー")


def test_katakana_runs():
    assert s.KATAKANA_LONG.match("ア") and s.KATAKANA_LONG.match("ー") and not s.KATAKANA_LONG.match("あ")
    assert s.KATAKANA_RUN.fullmatch("ァ") and s.KATAKANA_RUN.fullmatch("\u30fa") and s.KATAKANA_RUN.fullmatch("ー")
    assert not s.KATAKANA_RUN.fullmatch("\u30a0") and not s.KATAKANA_RUN.fullmatch("・")
    assert s.KATAKANA_RUN.findall("プロンプト・ウィンドウ") == ["プロンプト", "ウィンドウ"]
    assert s.KATAKANA_DOTTED.fullmatch("ユーザー・インターフェース")
    assert s.KATAKANA_LOANWORD.fullmatch("アプリ") and not s.KATAKANA_LOANWORD.fullmatch("ア")
    assert not s.KATAKANA_LOANWORD.fullmatch("アぷり")


def test_hiragana():
    assert s.is_hiragana_text("こと") and s.is_hiragana_text("ことー") and s.is_hiragana_text("\u309f")
    assert s.is_hiragana_text("")
    assert not s.is_hiragana_text("こと。") and not s.is_hiragana_text("\u30a0") and not s.is_hiragana_text("事")
    assert s.begins_with_hiragana("が") and s.begins_with_hiragana("します")
    assert not s.begins_with_hiragana("\u3040") and not s.begins_with_hiragana("") and not s.begins_with_hiragana("ア")
    assert s.all_kanji_or_katakana_named("消込") and s.all_kanji_or_katakana_named("アプリ")
    assert not s.all_kanji_or_katakana_named("消しこみ") and not s.all_kanji_or_katakana_named("ID")


def test_hangul_blocks_and_letters_differ_at_the_syllables_end():
    for char in ("가", "힣", "\ud7af", "ᄀ", "\u11ff", "ㄱ", "\u318f"):
        assert s.HANGUL_BLOCKS.match(char), char
    for char in ("\ud7b0", "\u10ff", "\u1200", "\u3190", "漢", "あ", "A"):
        assert not s.HANGUL_BLOCKS.match(char), char
    for char in ("가", "힣", "ᄀ", "ㄱ"):
        assert s.is_hangul_letter(char), char
    for char in ("\ud7a4", "\u10ff", "\u3190", "ﾡ", "A"):
        assert not s.is_hangul_letter(char), char
    assert s.HANGUL_BLOCKS.match("\ud7a4") and not s.is_hangul_letter("\ud7a4")
    assert s.all_hangul_named("한국어") and s.all_hangul_named("")
    assert not s.all_hangul_named("한a") and not s.all_hangul_named("ﾡ")  # half-width: HALFWIDTH HANGUL …


def test_wide_unspaced_and_dictionary_scripts():
    for char in ("漢", "あ", "ア", "한"):
        assert s.WIDE.match(char), char
    for char in ("A", "ä", "Я", "ก", "ー", "。"):
        assert not s.WIDE.match(char), char
    for char in ("ก", "ກ", "ក", "က"):  # Thai, Lao, Khmer, Myanmar
        assert s.DICTIONARY_SCRIPT.match(char) and s.UNSPACED.match(char), char
    for char in ("漢", "A", "Я", "한", "あ"):
        assert not s.DICTIONARY_SCRIPT.match(char), char
    assert s.UNSPACED.match("漢") and not s.UNSPACED.match("あ") and not s.UNSPACED.match("한")
    assert [s.unspaced_script(c) for c in "漢กກកကAあ"] == ["Han", "Thai", "Lao", "Khmer", "Myanmar", None, None]


def test_letters_of_no_alphabet():
    assert s.has_letters_of("サーバ") and s.has_letters_of("서버") and s.has_letters_of("服务器")
    assert not s.has_letters_of("server") and not s.has_letters_of("сервер") and not s.has_letters_of("Überweisung")


def test_language_guesses():
    assert s.looks_chinese("在范围内") and s.looks_chinese("在範圍內")
    assert not s.looks_chinese("範囲内で") and not s.looks_chinese("한국 漢字") and not s.looks_chinese("abc")
    assert s.writes_kana("範囲内で") and not s.writes_kana("在范围内") and not s.writes_kana("Привет")
    assert s.has_han("範囲") and not s.has_han("한국어") and not s.has_han("Latin")


_HANGUL = regex.compile(r"\p{Hangul}")


def _latin_letter(char: str) -> bool:
    return unicodedata.name(char, "").startswith("LATIN") and char.isalpha()


@given(st.characters())
def test_a_character_is_in_at_most_one_of_han_kana_hangul_and_latin(char):
    found = [bool(s.HAN.match(char)), bool(s.KANA.match(char)), bool(s.HANGUL_BLOCKS.match(char)),
             _latin_letter(char)]
    assert sum(found) <= 1


@given(st.characters())
def test_the_unions_are_their_parts(char):
    assert bool(s.WIDE.match(char)) == bool(s.HAN.match(char) or s.KANA.match(char) or _HANGUL.match(char))
    assert bool(s.UNSPACED.match(char)) == bool(s.HAN.match(char) or s.DICTIONARY_SCRIPT.match(char))
    assert (s.unspaced_script(char) is not None) == bool(s.UNSPACED.match(char))
    if s.is_hangul_letter(char):
        assert s.HANGUL_BLOCKS.match(char)
    if s.KATAKANA_RUN.fullmatch(char):
        assert s.KANA_BLOCKS.match(char) and s.KATAKANA_LONG.match(char)


@given(st.text(max_size=12))
def test_the_predicates_read_every_character(text):
    assert s.writes_kana(text) == any(s.KANA.match(c) for c in text)
    assert s.has_han(text) == any(s.HAN.match(c) for c in text)
    assert s.is_hiragana_text(text) == all(s.is_hiragana_text(c) for c in text)
