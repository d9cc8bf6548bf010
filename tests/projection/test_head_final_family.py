"""`scripts.head_final_family`: the one guess of a text's head-final family the Japanese and Korean rules make when the
target language is not known (`clauseheads.py`, `labelcopies.py`) — kana by Unicode script, then Hangul."""

from __future__ import annotations

from tagmt.projection.scripts import head_final_family


def test_kana_then_hangul_else_none():
    assert head_final_family("設定を保存します") == "japanese"
    assert head_final_family("ｾｯﾃｲ") == "japanese"  # half-width katakana is Katakana too
    assert head_final_family("설정을 저장합니다") == "korean"
    assert head_final_family("ファイル 파일") == "japanese"  # kana decides first
    assert head_final_family("保存设置") is None  # Chinese: Han alone
    assert head_final_family("Einstellungen speichern") is None
    assert head_final_family("Сохранить") is None
    assert head_final_family("ー・") is None  # the long-vowel mark and middle dot are Common, no kana
