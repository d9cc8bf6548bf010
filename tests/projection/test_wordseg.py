"""Word segmentation with character offsets: every word is exactly where it says it is."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.errors import TagmtError
from tagmt.projection.wordseg import words_with_offsets


def texts(words):
    return [w.text for w in words]


def test_english_words_and_punctuation():
    words = words_with_offsets("Enter Work Pack Name: (optional)", "en")
    assert texts(words) == ["Enter", "Work", "Pack", "Name", ":", "(", "optional", ")"]
    assert [(w.start, w.end) for w in words[:2]] == [(0, 5), (6, 10)]
    assert [w.kind for w in words[3:6]] == ["content", "punct", "punct"]


def test_cuts_split_words_at_tag_boundaries():
    # "the<uicontrol>Run" has no space at the tag: the cut must still separate the words
    words = words_with_offsets("Select theRun app", "en", cuts=[10])
    assert texts(words) == ["Select", "the", "Run", "app"]
    assert (words[2].start, words[2].end) == (10, 13)


def test_japanese_mecab_with_offsets_and_kinds():
    text = "作業パッケージ名を入力します。 ILM オブジェクト"
    words = words_with_offsets(text, "ja")
    assert texts(words) == [
        "作業", "パッケージ", "名", "を", "入力", "し", "ます", "。", "ILM", "オブジェクト"
    ]
    assert all(text[w.start:w.end] == w.text for w in words)
    kinds = {w.text: w.kind for w in words}
    assert kinds["名"] == "content" and kinds["を"] == "particle" and kinds["。"] == "punct"


def test_korean_mecab_splits_particles_off():
    text = "드롭다운 리스트에서 작업 패키지 유형을 선택합니다."
    words = words_with_offsets(text, "ko")
    assert ["유형", "을"] == texts(words)[6:8]
    assert words[7].kind == "particle" and words[6].kind == "content"
    assert all(text[w.start:w.end] == w.text for w in words)


def test_chinese_one_word_per_han_character_latin_runs_whole():
    words = words_with_offsets("在管理分配中输入ABC 12：", "zh")
    assert texts(words) == ["在", "管", "理", "分", "配", "中", "输", "入", "ABC", "12", "："]
    assert words[5].kind == "postposition" and words[1].kind == "content"


def test_ascii_identifiers_stay_whole_in_cjk_text():
    words = words_with_offsets("ロール (SAP_BR_ADMIN_TEST) を", "ja")
    assert "SAP_BR_ADMIN_TEST" in texts(words)


def test_unknown_segmenter_is_a_clear_error():
    with pytest.raises(TagmtError, match="unknown word segmenter"):
        words_with_offsets("x", "en", segmenter="nope")


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="abc XY.,:受領済を入力します。 한국어를 中文字", max_size=40),
    st.sampled_from(["en", "ja", "ko", "zh"]),
    st.lists(st.integers(0, 40), max_size=4),
)
def test_offsets_cover_every_visible_character_once(text, lang, cuts):
    words = words_with_offsets(text, lang, cuts=cuts)
    assert all(text[w.start:w.end] == w.text for w in words)
    covered = [i for w in words for i in range(w.start, w.end)]
    assert covered == sorted(set(covered))
    assert set(covered) == {i for i, c in enumerate(text) if not c.isspace()}
    assert not any(w.start < c < w.end for w in words for c in cuts)


def test_unknown_katakana_compounds_split_into_known_words():
    known = frozenset({"アプリ", "プロンプト"})
    cases = {
        "プロンプトウィンドウに": ["プロンプト", "ウィンドウ", "に"],  # batch word + dictionary word
        "パーソナライゼーションアプリで": ["パーソナライゼーション", "アプリ", "で"],  # one unknown
        "カスタマサポートアクセスカテゴリ": ["カスタマ", "サポート", "アクセス", "カテゴリ"],
        "ワーク・アイテム": ["ワーク", "・", "アイテム"],  # the middle dot separates
    }
    for text, expected in cases.items():
        words = words_with_offsets(text, "ja", vocabulary=known)
        assert texts(words) == expected
        assert all(text[w.start:w.end] == w.text for w in words)
    # a dictionary word stays whole; without a vocabulary an unknown run stays whole
    assert texts(words_with_offsets("インシデント", "ja", vocabulary=known)) == ["インシデント"]
    assert texts(words_with_offsets("プロンプトアプリ", "ja")) == ["プロンプトアプリ"]


def test_katakana_vocabulary_holds_runs_written_alone():
    from tagmt.projection.wordseg import katakana_vocabulary

    assert katakana_vocabulary(["アプリで開く", "予測モデルアプリ", "ID・コード"]) == {
        "アプリ", "モデルアプリ", "コード"
    }
