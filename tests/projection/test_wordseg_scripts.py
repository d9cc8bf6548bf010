"""Word segmentation in every script M2M-100 and mBART-50 cover: hand-made sentences with known
words, the clitic and number rules, and properties over random text of each script (hypothesis):
every word is where it says it is, in order, never across a cut, never inside a grapheme cluster."""

from __future__ import annotations

import sys
import unicodedata

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.errors import MissingExtraError
from tagmt.projection import wordbreak
from tagmt.projection.wordseg import words_with_offsets
from tagmt.testing.scripts import BLOCKS, WITH_SPACES, WITHOUT_SPACES, alphabet

needs_icu = pytest.mark.skipif(
    not wordbreak.icu_available(), reason="PyICU is not installed (the align extra)"
)


def texts(text: str, lang: str, **kwargs) -> list[str]:
    return [w.text for w in words_with_offsets(text, lang, **kwargs)]


@needs_icu
@pytest.mark.parametrize("lang", sorted(WITHOUT_SPACES))
def test_scripts_without_spaces_split_into_dictionary_words(lang):
    text, expected = WITHOUT_SPACES[lang]
    words = words_with_offsets(text, lang)
    assert "|".join(w.text for w in words) == expected
    assert all(text[w.start:w.end] == w.text and w.kind == "content" for w in words)


@needs_icu
def test_mbart_codes_segment_like_their_language():
    text, expected = WITHOUT_SPACES["th"]
    assert "|".join(texts(text, "th_TH")) == expected
    assert texts("L'homme", "fr_XX") == ["L'", "homme"]


def test_mbart_codes_of_cjk_languages_keep_their_segmenters():
    assert texts("在管理中输入", "zh_CN") == texts("在管理中输入", "zh") == list("在管理中输入")
    assert texts("作業パッケージ名を入力", "ja_XX") == texts("作業パッケージ名を入力", "ja")
    assert texts("유형을 선택", "ko_KR") == ["유형", "을", "선택"]


@pytest.mark.parametrize("lang", sorted(WITH_SPACES))
def test_scripts_with_spaces_keep_marks_and_joiners_in_their_words(lang):
    text, expected = WITH_SPACES[lang]
    if expected is None:  # Vietnamese: the same words as its composed form, marks inside
        words = "Tôi đi học mỗi ngày .".split()
        expected = "|".join(unicodedata.normalize("NFD", w) for w in words)
    words = words_with_offsets(text, lang)
    assert "|".join(w.text for w in words) == expected
    assert all(w.kind == ("content" if w.text[0].isalpha() else "punct") for w in words)


@needs_icu
@pytest.mark.parametrize("lang", sorted(WITH_SPACES))
def test_icu_and_uax29_agree_where_words_are_written_with_spaces(lang):
    text, _ = WITH_SPACES[lang]
    assert texts(text, lang, segmenter="icu") == texts(text, lang, segmenter="uax29")


def test_the_old_regex_cut_words_at_marks_and_stays_available():
    assert texts("स्कूल", "hi", segmenter="latin") == ["स", "्", "क", "ू", "ल"]
    assert texts("स्कूल", "hi") == ["स्कूल"]


def test_french_elision_splits_after_the_apostrophe_only_for_elided_words():
    words = words_with_offsets("L'homme d'aujourd'hui n'est pas là, qu'il pleuve ou non.", "fr")
    assert [w.text for w in words] == [
        "L'", "homme", "d'", "aujourd'hui", "n'", "est", "pas", "là", ",", "qu'", "il", "pleuve",
        "ou", "non", ".",
    ]
    assert [w.kind for w in words[:2]] == ["other", "content"]
    assert texts("l’Union et jusqu’à", "fr") == ["l’", "Union", "et", "jusqu’", "à"]


def test_italian_catalan_elision_and_the_catalan_middle_dot():
    assert texts("dell'Unione e l'anno", "it") == ["dell'", "Unione", "e", "l'", "anno"]
    assert texts("La col·lecció de l'Ajuntament.", "ca") == [
        "La", "col·lecció", "de", "l'", "Ajuntament", ".",
    ]


def test_suffixes_after_an_apostrophe_or_colon_are_cut_off_names():
    words = words_with_offsets("İstanbul'da SAP'nin ayarlarını açın.", "tr")
    assert [w.text for w in words] == ["İstanbul", "'da", "SAP", "'nin", "ayarlarını", "açın", "."]
    assert words[1].kind == "particle"
    assert texts("EU:ssa ja Bordeaux'ssa", "fi") == ["EU", ":ssa", "ja", "Bordeaux", "'ssa"]
    assert texts("EU:s budget", "sv") == ["EU", ":s", "budget"]
    assert texts("The company's rules don't apply.", "en") == [
        "The", "company", "'s", "rules", "do", "n't", "apply", ".",
    ]
    # where the apostrophe is no clitic mark, words stay whole
    assert texts("EU:ssa", "de") == ["EU:ssa"]
    assert texts("o'clock O'Brien", "en") == ["o'clock", "O'Brien"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Es kostet 1 000,50 EUR.", ["Es", "kostet", "1 000,50", "EUR", "."]),
        ("un total de 12 500 000 euros", ["un", "total", "de", "12 500 000", "euros"]),
        ("1\u00a0000 et 2\u202f500", ["1\u00a0000", "et", "2\u202f500"]),  # no-break spaces
        ("1,000.50 and 3.14%", ["1,000.50", "and", "3.14", "%"]),
        ("in 2019 100 firms", ["in", "2019", "100", "firms"]),  # a year is no digit group
        ("points 1 2 3", ["points", "1", "2", "3"]),
        ("1  000", ["1", "000"]),  # two spaces: two numbers
    ],
)
def test_numbers_written_with_digit_groups_are_one_word(text, expected):
    assert texts(text, "fr") == expected


def test_a_thai_run_is_cut_off_latin_letters_and_offsets_count_characters():
    # ICU joins ไทย and English; ICU counts UTF-16 units, so the emoji would shift every offset
    text = "😀ภาษาไทยEnglish ดี"
    words = words_with_offsets(text, "th") if wordbreak.icu_available() else None
    if words is not None:
        assert [w.text for w in words] == ["😀", "ภาษา", "ไทย", "English", "ดี"]
        assert all(text[w.start:w.end] == w.text for w in words)
    # the UAX #29 rules cut a Thai run into grapheme clusters, never inside one
    assert texts("ไทยEnglish", "en") == ["ไ", "ท", "ย", "English"]


def test_without_pyicu_thai_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "icu", None)  # import icu now raises ImportError
    monkeypatch.setattr(wordbreak, "_ICU_ITERATORS", type(wordbreak._ICU_ITERATORS)())
    with pytest.raises(MissingExtraError, match=r'tagmt\[align\]'):
        words_with_offsets("ผมไปโรงเรียน", "th")
    assert texts("l'homme", "fr") == ["l'", "homme"]  # scripts with spaces need no ICU


# --------------------------------------------------------------------------- properties


def cluster_bounds(text: str, cuts: list[int]) -> set[int]:
    """Where a word may begin or end: grapheme cluster boundaries of each piece between cuts."""
    bounds = sorted({0, len(text), *(c for c in cuts if 0 < c < len(text))})
    found = set(bounds)
    for lo, hi in zip(bounds, bounds[1:]):
        pos = lo
        for cluster in regex.findall(r"\X", text[lo:hi]):
            pos += len(cluster)
            found.add(pos)
    return found


def check_words(text: str, lang: str, cuts: list[int], segmenter: str | None = None) -> None:
    words = words_with_offsets(text, lang, cuts=cuts, segmenter=segmenter)
    assert all(text[w.start:w.end] == w.text and w.start < w.end for w in words)
    assert all(a.end <= b.start for a, b in zip(words, words[1:]))  # in order, no overlap
    assert not any(w.start < c < w.end for w in words for c in cuts)
    bounds = cluster_bounds(text, cuts)
    assert all(w.start in bounds and w.end in bounds for w in words)
    covered = {i for w in words for i in range(w.start, w.end)}
    assert all(text[i].isspace() for i in range(len(text)) if i not in covered)
    assert all(not w.text.isspace() for w in words)
    assert all(len(regex.findall(r"\X", w.text)) == 1 for w in words if w.kind == "punct")
    for w in words:  # a word of letters, digits or `_` is content (or a clitic), else punctuation
        letters = any(c.isalnum() or c == "_" for c in w.text)
        assert w.kind in (("content", "other", "particle") if letters else ("punct",))


def script_texts(script: str):
    return st.text(alphabet=alphabet(script), max_size=40)


@pytest.mark.parametrize("script", sorted(BLOCKS))
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_words_of_random_text_in_every_script(script, data):
    lang = BLOCKS[script][0]
    if lang in wordbreak.DICTIONARY_LANGUAGES and not wordbreak.icu_available():
        pytest.skip("PyICU is not installed (the align extra)")
    text = data.draw(script_texts(script))
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=4))
    check_words(text, lang, cuts)


@pytest.mark.parametrize("lang", ["fr", "it", "tr", "fi", "en", "cy", "ga"])
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_clitic_rules_on_random_latin_text(lang, data):
    text = data.draw(st.text(alphabet="lLdnqu'’: aeiosSNtT1 0,\u00a0.-", max_size=40))
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=4))
    check_words(text, lang, cuts)


@needs_icu
@pytest.mark.parametrize("script", sorted(BLOCKS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_icu_words_of_random_text_in_every_script(script, data):
    text = data.draw(script_texts(script))
    cuts = data.draw(st.lists(st.integers(0, len(text)), max_size=4))
    check_words(text, BLOCKS[script][0], cuts, segmenter="icu")


def test_a_narrow_no_break_space_is_never_a_word_of_its_own():
    """Found by the property above (Armenian): UAX #29 joins U+202F to a neighbour (ExtendNumLet), so a
    mark followed by it gave the word '\\u202f'; no word is whitespace alone."""
    assert [w.text for w in words_with_offsets("\u055a\u202f", "hy")] == ["\u055a"]
    assert [w.text for w in words_with_offsets("1\u202f000", "fr")] == ["1\u202f000"]
