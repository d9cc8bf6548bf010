"""Placeholders put back into Japanese (and Korean) translations that lost them, by the principles of
t32ja3 (issue 32; hand-made cases, `tests/data/placeholder_pairs/ja_more.tsv` is their bench): a word that
only follows a noun phrase standing where none can be before it marks the place one was lost; counters are
whole words (MeCab joins two: `行列`, `他人`); a placeholder the source writes against a colon or bracket
stays against it; a range's ends are alike; a loanword link is a point of its own."""

import sys
from pathlib import Path

import pytest

from tagmt.projection.profiles import profile_for
from tagmt.translation.phrase_points import phrase_points
from tagmt.translation.pins import gaps

sys.path.insert(0, str(Path(__file__).resolve().parent))
from placeholder_marks import restored  # noqa: E402  (the helper beside this file)


@pytest.mark.parametrize("source, projected, expected", [
    # a case particle, honorific or relational noun opening the text, after a clause mark or an opening
    # bracket, or right after another case particle: a noun phrase stood before it
    ("Installing %s…", "をインストール#1中…", "%sをインストール中…"),
    ("Playing on %s", "で再生#1中", "%sで再生中"),
    ("Compare %s with %s", "とを比較#1#2", "%sと%sを比較"),
    ("{{name}} left the team", "さんがチームから退出#1しました", "{{name}}さんがチームから退出しました"),
    ("{name} mentioned you in {channel}", "さんがであなた#1をメンション#2しました",
     "{name}さんが{channel}であなたをメンションしました"),
    ("Free shipping on orders over %s", "以上のご注文#1で送料無料", "%s以上のご注文で送料無料"),
    ("Created by %s on %s", "作成者:、作成日:#1#2", "作成者:%s、作成日:%s"),  # between two clause marks
])
def test_lost_phrase_is_a_gap(source, projected, expected):
    assert restored(source, projected, "ja") == expected


def test_previous_page_is_no_lost_phrase():
    points = phrase_points("前のページ", profile_for("ja"))
    assert points[0] != "gap"  # `前の` opens a text as an adjective
    assert phrase_points("をインストール中", profile_for("ja"))[0] == "gap"
    assert phrase_points("'' にアクセス", profile_for("ja")).get(2) != "gap"  # the second straight quote closes


@pytest.mark.parametrize("source, projected, expected", [
    ("Go to line %d, column %d", "#1行列に移動#2", "%d行%d列に移動"),  # MeCab's 行列 (matrix) is two counters
    ("%@ and %d others", "#1さんと他人#2", "%@さんと他%d人"),  # 他人 (a stranger): 他 before a number
    ("Timeout after %d ms", "ミリ秒後に#1タイムアウトしました", "%dミリ秒後にタイムアウトしました"),  # not ミリ|秒
    ("Word count: %d", "#1文字数:", "文字数:%d"),  # 文字数 is no counter 文字; the source's tail after its colon
    ("Column %d", "列#1", "%d列"),
    ("{done} of {total} uploaded", "個中個を#1アップロード#2済み", "{total}個中{done}個をアップロード済み"),
    ("Your branch is ahead of '%s' by %d commits.", "ブランチは'#1'#2よりコミット進んでいます。",
     "ブランチは'%s'より%dコミット進んでいます。"),  # the link of `commits`: before コミット
])
def test_counters_and_links(source, projected, expected):
    assert restored(source, projected, "ja") == expected


@pytest.mark.parametrize("source, projected, expected", [
    ("Error %d: %s", "#1エラー:#2", "エラー%d:%s"),
    ("Failed to connect to %s:%d", ":への接続#1に失敗しました#2", "%s:%dへの接続に失敗しました"),
    ("cannot access '%s': %s", "'#1'#2にアクセスできません:", "'%s'にアクセスできません:%s"),
    ("Version %s (%d)", "#1バージョン(#2)", "バージョン%s(%d)"),
    ("line %d: %s", "行目:#1#2", "%d行目:%s"),  # a number before its counter before the colon
    ("Download {{name}} ({{size}})", "をダウンロード#1（#2）", "{{name}}をダウンロード（{{size}}）"),  # the lost one
])
def test_colon_and_bracket_marks(source, projected, expected):
    assert restored(source, projected, "ja", escaped=True) == expected


@pytest.mark.parametrize("source, projected, expected", [
    ("{{user}} joined the channel", "님이 채널에 참여했#1습니다", "{{user}}님이 채널에 참여했습니다"),
    ("Error %d: %s", "#1오류:#2", "오류%d:%s"),
])
def test_korean_lost_phrase_and_marks(source, projected, expected):
    assert restored(source, projected, "ko") == expected


def test_chinese_keeps_the_alignment_beside_marks():
    # Chinese is not head-final: no mark anchors, the alignment and the word boundaries decide
    assert restored("Version %s (%d)", "版本 (#2)#1", "zh") == "版本 %s(%d)"


@pytest.mark.parametrize("source, projected, expected", [
    ("Saving document as %s", "文書#1をとして保存しています", "文書を%sとして保存しています"),  # MeCab's one-word として
    ("The value {0} is not valid for {1}", "値#1はに対して#2無効です", "値{0}は{1}に対して無効です"),
])
def test_compound_case_particles(source, projected, expected):
    assert restored(source, projected, "ja") == expected


@pytest.mark.parametrize("source, projected, expected", [
    # Japanese writes the time before the other complements; a subject the source opens with stays first
    ("Posted by %(author)s on %(date)s", "#1に#2が投稿", "%(date)sに%(author)sが投稿"),
    ("Uploaded by %(user)s %(time)s ago", "前に#1がアップロード#2", "%(time)s前に%(user)sがアップロード"),
    ("{{user}} commented on {{date}}", "#1さんが#2にコメントしました", "{{user}}さんが{{date}}にコメントしました"),
])
def test_time_comes_first(source, projected, expected):
    assert restored(source, projected, "ja") == expected


def test_final_ellipsis_after_a_space_is_no_gap():
    assert gaps("を削除しています ...") == []  # apt's `Removing %s ...`: the style, not a lost placeholder
    assert gaps(" wird entfernt …") == [0]
    assert gaps("Gespeichert unter .") == [18]  # a full stop after a space still is one
    assert restored("Removing %s ...", "を削除しています#1 ...", "ja") == "%sを削除しています ..."


def test_gnu_quotes():
    assert gaps("`' を開けません") == [1]  # the empty pair; its apostrophe closes, no gap after it
    assert gaps("`' kann nicht geöffnet werden") == [1]
    assert gaps("' --help' を") == [1]  # a straight quote still opens at its first
    assert restored("unknown function `%1$s' in `%2$s'", "`#1' 内の不明な関数 `#2'", "ja") == \
        "`%2$s' 内の不明な関数 `%1$s'"  # `A in B` is `B内のA` in a head-final language


@pytest.mark.parametrize("source, projected, expected", [
    ("%1$s in %2$s", "#1#2내의 ", "%2$s내의 %1$s"),  # Korean is head-final too: `B 내의 A`
])
def test_korean_postmodifier(source, projected, expected):
    assert restored(source, projected, "ko") == expected
