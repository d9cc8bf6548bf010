"""Language profiles (`tagmt.projection.profiles`): the profile each code gets, the family modules' table,
and the word lists that moved into them, which must hold exactly what the rules held before."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagmt.projection import wordbreak, wordseg
from tagmt.projection.profiles import FAMILIES, Profile, base_language, chinese, korean, profile_for, spaced, unspaced


@pytest.mark.parametrize(
    "code, base, family, segmenter",
    [
        ("ja", "ja", "japanese", "mecab-ja"),
        ("ko", "ko", "korean", "mecab-ko"),
        ("zh", "zh", "chinese", "chars"),
        ("zf", "zf", "chinese", "chars"),
        ("zh-TW", "zh", "chinese", "chars"),
        ("fr_XX", "fr", "spaced", "uax29"),
        ("de-DE", "de", "spaced", "uax29"),
        ("th", "th", "unspaced", "icu"),
        ("ru", "ru", "spaced", "uax29"),
        ("xx", "xx", "spaced", "uax29"),  # unknown: words between spaces
    ],
)
def test_profile_for(code, base, family, segmenter):
    profile = profile_for(code)
    assert isinstance(profile, Profile)
    assert (profile.code, profile.family, profile.segmenter) == (base, family, segmenter)
    assert profile.segmenter == wordseg.default_segmenter_name(code)
    spaced = (*(("label-words", "governed-words") if base in ("de", "fr", "ru") else ()),
              *(("hyphen-heads", "noun-heads") if base == "de" else ()),
              *(("locutions",) if base in ("de", "fr", "ru") else ()),
              *(("spaced-marks",) if base == "fr" else ()))
    assert profile.extra_stages == {"chinese": ("chinese-phrases",), "korean": ("whole-eojeols", "closed-eojeols", "clause-heads"),
                                    "japanese": ("noun-prefixes", "clause-heads"), "spaced": spaced}.get(family, ())


def test_profiles_carry_their_lists():
    assert "的" in profile_for("zh").particles and "中" in profile_for("zf").postpositions
    assert "에서" in profile_for("ko").particles
    assert "l" in profile_for("fr_XX").elided and not profile_for("de-DE").elided
    assert "the" in profile_for("en").function_words and "на" in profile_for("ru").function_words
    assert "auf" in profile_for("de-DE").function_words and not profile_for("et").function_words
    assert "az" in profile_for("hu").function_words and "szerint" in profile_for("hu").postpositions
    assert ("「", "」") in profile_for("ja").quote_marks


def test_the_family_table_describes_itself():
    assert set(FAMILIES) == {"japanese", "korean", "chinese", "spaced", "unspaced"}
    seen: set[str] = set()
    for name, module in FAMILIES.items():
        assert module.FAMILY == name
        assert not seen & module.LANGUAGES  # a language has one family
        seen |= module.LANGUAGES
        for lang in module.LANGUAGES:
            assert profile_for(lang).family == name
            assert wordseg.DEFAULT_SEGMENTER[lang] == module.SEGMENTER
    assert wordseg.GENERAL_SEGMENTER == spaced.SEGMENTER
    assert wordbreak.DICTIONARY_LANGUAGES == unspaced.LANGUAGES == {"th", "lo", "km", "my"}


def test_the_moved_lists_are_unchanged():
    # the values the rules held before the lists moved here (chinesegrammar, wordseg, clitics, loanwords)
    assert chinese.PREPOSITIONS == frozenset("在从從于於自当當")
    assert chinese.NEGATIONS == frozenset("不未")
    assert chinese.LOCALIZERS == frozenset("中内內上下里裡裏外前后後间間时時")
    assert chinese.LOCALIZER_PREFIXES == "之以"
    assert chinese.ASPECT == frozenset("已未")
    assert chinese.FUNCTION_CHARACTERS == frozenset("了和与及或在对为将把被从向于是等个并也就都而则由以之其")
    assert chinese.PARTICLES == {"的"} and chinese.POSTPOSITIONS == set("中下上时内里后")
    assert korean.DETACHED_PARTICLES == frozenset("에서 에게 에는 에서는 으로 으로는 로는 를 을 의".split())
    assert korean.NOT_TERM_NOUN_TAGS == ("NNB", "NR", "NP")
    assert spaced.ELIDED["fr"] == frozenset("c ç d j l m n s t qu jusqu lorsqu puisqu quoiqu".split())
    assert set(spaced.ELIDED) == {"fr", "it", "ca", "oc", "ast", "lb", "ga", "gd"}
    assert set(spaced.SUFFIXES) == {"tr", "az", "fi", "sv", "en", "cy"}
    assert spaced.SUFFIXES["fi"] == ("'\u2019:", None) and spaced.SUFFIXES["sv"] == (":", None)
    assert len(spaced.ENGLISH_FUNCTION_WORDS) == 57 and "however" in spaced.ENGLISH_FUNCTION_WORDS


@given(st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=4), st.sampled_from(["", "-", "_"]),
       st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=3))
def test_a_code_with_a_region_gets_its_languages_profile(lang, sep, region):
    code = f"{lang}{sep}{region}" if sep else lang
    profile = profile_for(code)
    assert profile.code == base_language(code) == lang
    assert profile == profile_for(lang)
    assert profile.family in FAMILIES


def test_the_moved_japanese_lists_are_unchanged():
    from tagmt.projection.profiles import japanese

    assert japanese.NO_WORD_START == set("ーッァィゥェォャュョヮンヵヶ")
    assert japanese.COMMON_NOUN_TAGS == ("名詞,一般", "名詞,サ変接続")


@pytest.mark.parametrize(
    "code, extra",
    [
        ("hu", ("label-words", "governed-words", "postposition-edges")),
        ("fi", ("label-words", "governed-words", "hyphen-heads", "postposition-edges")),
        ("nl", ("label-words", "governed-words", "hyphen-heads")),
    ],
)
def test_profiles_beyond_the_first_languages_name_their_stages(code, extra):
    # Hungarian and Finnish write postpositions after the noun; Finnish and Dutch join a label to its head by a hyphen
    assert profile_for(code).extra_stages == extra
