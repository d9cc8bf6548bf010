"""Loanword anchors: English words and the katakana words that transliterate them."""

from __future__ import annotations

import pytest

from tagmt.projection.loanwords import loanword_pairs, similarity, skeletons, sound_alike
from tagmt.projection import anchor_loanwords
from tagmt.projection.wordseg import words_with_offsets

pytest.importorskip("jaconv")


@pytest.mark.parametrize(
    "english, katakana",
    [
        ("Prompts", "プロンプト"),  # plural s, moraic n before p
        ("window", "ウィンドウ"),  # w is a vowel onset
        ("Personalization", "パーソナライゼーション"),  # -tion, silent r, l as r
        ("Customer", "カスタマ"),
        ("Support", "サポート"),
        ("Semicolon", "セミコロン"),
        ("checkbox", "チェックボックス"),  # ch, x as ks, small tsu doubling
        ("manager", "マネージャ"),  # soft g
        ("target", "ターゲット"),  # hard g
        ("phase", "フェーズ"),  # ph as f
    ],
)
def test_transliterations_sound_alike(english, katakana):
    assert sound_alike(skeletons(english, "en"), skeletons(katakana, "ja")) == 1.0


@pytest.mark.parametrize(
    "english, katakana",
    [
        ("bill", "アプリ"),  # consonant onset against a vowel onset
        ("list", "テスト"),
        ("process", "ダイアログ"),
        ("and", "モード"),  # a closed-class word never matches
    ],
)
def test_different_words_do_not(english, katakana):
    assert sound_alike(skeletons(english, "en"), skeletons(katakana, "ja")) < 0.8


def test_only_english_words_and_katakana_have_skeletons():
    assert skeletons("予測", "ja") == () and skeletons("アプリで", "ja") == ()
    assert skeletons("the", "en") == () and skeletons("ID", "en") == ()
    assert skeletons("Download", "en") == ("TNRT",)


def test_two_consonant_skeletons_need_an_exact_match():
    assert similarity("NT", "NT") == 1.0
    assert similarity("NT", "NTR") == 0.0
    assert similarity("VKS", "KS") == 0.0  # vowel onset differs


def test_pairs_are_mutual_sole_best_matches_of_words_written_once():
    src = ["In", "the", "Download", "dialog", ",", "choose", "Semicolon"]
    trg = ["ダウンロード", "ダイアログ", "で", "、", "セミコロン", "を", "選択"]
    assert loanword_pairs(src, "en", trg, "ja") == {(2, 0), (3, 1), (6, 4)}
    assert loanword_pairs(trg, "ja", src, "en") == {(0, 2), (1, 3), (4, 6)}
    # `last` and `list` both sound like リスト: neither is linked
    assert loanword_pairs(["Last", "list"], "en", ["リスト"], "ja") == set()
    # a word written twice may be reordered: not paired by position
    assert loanword_pairs(["test", "test"], "en", ["テスト", "テスト"], "ja") == set()
    assert loanword_pairs(["test"], "en", ["테스트"], "ko") == set()


def test_anchors_replace_the_aligners_wrong_links():
    src = words_with_offsets("In the Download dialog", "en")
    trg = words_with_offsets("ダウンロードダイアログで", "ja", vocabulary=frozenset({"ダイアログ"}))
    assert [w.text for w in trg] == ["ダウンロード", "ダイアログ", "で"]
    wrong = {(2, 1), (3, 1), (0, 2)}
    assert anchor_loanwords(src, "en", trg, "ja", wrong) == {(2, 0), (3, 1), (0, 2)}
