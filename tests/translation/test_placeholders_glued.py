"""Placeholders glued to a run the translation copies (`0x%lx`, `--%s`, `%X/%X`, `key=%s`) go back inside the
copy, and the spaces a source opens or ends with are no gaps (issue 32, `tagmt.translation.glued`; hand-made
cases in Japanese, Chinese and Korean, written for these tests)."""

import sys
from pathlib import Path

import pytest

from tagmt.translation.glued import occurrences, own_edges

sys.path.insert(0, str(Path(__file__).resolve().parent))
from placeholder_marks import restored  # noqa: E402  (the helper beside this file)


def put_back(source: str, projected: str, lang: str, escaped: bool = True) -> str:
    """``restored`` with the source and translation read as XML text by default (as `tagmt project` reads them)."""
    return restored(source, projected, lang, escaped)


@pytest.mark.parametrize("source, projected, lang, expected", [
    # the run without its placeholder is copied: the placeholder goes to its place in the copy
    ("Bad jump target 0x%lx", "#1不正なジャンプ先 0x です", "ja", "不正なジャンプ先 0x%lx です"),
    ("Mode 0x%x cannot be set", "モード 0x を設定できません#1", "ja", "モード 0x%x を設定できません"),
    ("Option --%s needs an argument", "オプション -- #1には引数が必要です", "ja", "オプション --%s には引数が必要です"),
    ("Set by user=%s", "#1user= が設定しました", "ja", "user=%s が設定しました"),
    ("Header flags (0x%04x) are wrong", "ヘッダーのフラグ (0x)#1 が不正です", "ja", "ヘッダーのフラグ (0x%04x) が不正です"),
    # a part of the run: the English around the code rewritten (`size=` → `サイズ=`, the colon dropped)
    ("Segment %s (size=0x%x) too large", "セグメント #1 (サイズ=0x) が大きすぎます#2", "ja",
     "セグメント %s (サイズ=0x%x) が大きすぎます"),
    ("Log position %X/%X: %s", "#3/のログ位置が不正です#1#2: ", "ja", "%X/%Xのログ位置が不正です: %s"),
    ("Run with -j%d jobs", "-j #1個のジョブで実行", "ja", "-j%d 個のジョブで実行"),
    # Chinese and Korean alike
    ("Invalid value 0x%x for --%s", "-- 的值 0x 无效#1#2", "zh", "--%s 的值 0x%x 无效"),
    ("Unknown option --%s", "#1未知选项 --", "zh", "未知选项 --%s"),
    ("Flag 0x%x is not supported", "플래그 0x#1 지원되지 않습니다", "ko", "플래그 0x%x 지원되지 않습니다"),
    ("Cannot read --%s value", "#1-- 값을 읽을 수 없습니다", "ko", "--%s 값을 읽을 수 없습니다"),
])
def test_glued_to_a_copy(source, projected, lang, expected):
    assert put_back(source, projected, lang) == expected


@pytest.mark.parametrize("source, projected, lang, expected", [
    # punctuation alone is a copy only spaced as the source spaces it: `…でした:` after a verb is none
    ("Could not open %s: %s", "#1を開けませんでした#2:", "ja", "%sを開けませんでした:%s"),
    # a positional placeholder's run written twice: the translation may swap them, the copies say nothing
    ("unknown key `%1$s' in `%2$s'", "`#1' 内の不明なキー `#2'", "ja", "`%2$s' 内の不明なキー `%1$s'"),
])
def test_no_copy_where_it_says_nothing(source, projected, lang, expected):
    assert put_back(source, projected, lang) == expected


@pytest.mark.parametrize("source, projected, lang, expected", [
    # the spaces a source opens or ends with are its own, no gap a placeholder left
    ("  Date %s", "#1  日付 ", "ja", "  日付 %s"),
    ("%s: Warning: ", ": 警告: #1", "ja", "%s: 警告: "),
    ("%s: Skip? ", ": スキップしますか? #1", "ja", "%s: スキップしますか? "),
    ("    left %s", "#1   剩余 ", "zh", "   剩余 %s"),
    ("%s: Note: ", ": 참고: #1", "ko", "%s: 참고: "),
])
def test_own_edge_spaces(source, projected, lang, expected):
    assert put_back(source, projected, lang) == expected


def test_occurrences_are_whole():
    assert occurrences("0x12 と 0x", "0x") == [7]  # not inside `0x12`
    assert occurrences("値 0x値", "0x") == [2]  # a character outside ASCII bounds it
    assert occurrences("(0x)", "0x") == [1]  # ASCII punctuation before a letter or digit bounds it
    assert occurrences("a--b --", "--") == [5]


def test_own_edges():
    assert own_edges("  日付 ", "  Date ", 7, 7) == (2, 0)
    assert own_edges(" 日付 ", "Date ", 5, 5) == (0, 0)  # the source's placeholder ends it: the space is a gap
    assert own_edges(": 警告: ", ": Warning: ", 0, 0) == (0, 1)
    assert own_edges(" x", " x", 0, 0) == (0, 0)  # the source opens with its placeholder


@pytest.mark.parametrize("source, projected, lang, expected", [
    # a text cannot open with the colon or comma that ends a phrase: one was lost before it
    ("missing operand %s", ": オペランドがありません#1", "ja", "%s: オペランドがありません"),
    ("bad size %s", ": 잘못된 크기#1", "ko", "%s: 잘못된 크기"),
    ("unknown mode %s", "：未知模式#1", "zh", "%s：未知模式"),
    ("invalid user %s", ": ungültiger #1Benutzer", "de", "%s: ungültiger Benutzer"),
])
def test_opening_colon_is_a_gap(source, projected, lang, expected):
    assert put_back(source, projected, lang) == expected


@pytest.mark.parametrize("source, projected, lang, expected", [
    # a Latin word the translation copies anchors the placeholder next to it; the space after a Latin token
    # is its own, the placeholder goes between it and the particle
    ("no entry with key %d in table %s", "テーブルのkey のエントリがありません#1#2", "ja",
     "テーブル%sのkey %dのエントリがありません"),
    ("session ID %s has expired", "セッションID は期限切れで#1す", "ja", "セッションID %sは期限切れです"),
    ("cannot remove node ID %u", "ノードID を削除#1できません", "ja", "ノードID %uを削除できません"),
])
def test_copied_latin_word(source, projected, lang, expected):
    assert put_back(source, projected, lang) == expected


@pytest.mark.parametrize("source, projected, lang, expected", [
    # the source's last after its final colon ends a translation ending with one, a number too
    ("bad entry in table: %d", "#1表の項目が不正です:", "ja", "表の項目が不正です:%d"),
    # no placeholder right before a colon that follows a verb's end (`できません:`): the copied word says where
    ("Cannot stop job ID %d: %s", "ジョブID を停止できません#1:#2", "ja", "ジョブID %dを停止できません:%s"),
    # the quotative `という` follows a noun phrase: after a colon it marks a lost one
    ("%s: no such user %s", "#1:というユーザーはいません#2", "ja", "%s:%sというユーザーはいません"),
])
def test_colon_ends_and_quotative(source, projected, lang, expected):
    assert put_back(source, projected, lang) == expected


def test_percent_of_a_latin_token_is_no_counter():
    from tagmt.projection.profiles import profile_for
    from tagmt.translation.phrase_points import phrase_points

    assert phrase_points("%B:セクション", profile_for("ja")).get(0) != "counter"  # `%B` is no `%`
    assert put_back("%B: class %d symbol is bad", "%B:クラスシンボルが不正です#1", "ja", escaped=False) == \
        "%B:クラス%dシンボルが不正です"
    assert put_back("Progress: %d", "進捗:%#1", "ja", escaped=False) == "進捗:%d%"  # a percent sign is one
