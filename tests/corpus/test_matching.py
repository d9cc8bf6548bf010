"""``tagmt evaluate`` with XLIFF: reference targets against hypothesis targets matched by unit/segment id;
segments missing on either side are named."""

from __future__ import annotations

import json

import pytest

from tagmt.cli import main
from tagmt.corpus.matching import match_targets
from tagmt.errors import TagmtError

HEAD = '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja"><file id="f">'


def xliff(tmp_path, name: str, units: list[tuple[str, str | None]]):
    body = "".join(
        f'<unit id="{uid}"><segment><source>Click <pc id="1">Save</pc></source>'
        + (f"<target>{target}</target>" if target is not None else "") + "</segment></unit>"
        for uid, target in units
    )
    path = tmp_path / name
    path.write_text(HEAD + body + "</file></xliff>", encoding="utf-8")
    return path


def test_targets_are_matched_by_id_whatever_the_order(tmp_path):
    ref = xliff(tmp_path, "ref.xlf", [("a", '<pc id="1">保存</pc>をクリック'), ("b", "クリック"), ("c", None)])
    hyp = xliff(tmp_path, "hyp.xlf", [("b", "押す"), ("c", "x"), ("a", '<pc id="1">保存</pc>')])
    matched = match_targets(ref, [hyp])
    assert matched.ids == ["a#1", "b#1"]
    assert matched.references == ['<g id="1">保存</g>をクリック', "クリック"]
    assert matched.hypotheses[str(hyp)] == ['<g id="1">保存</g>', "押す"]
    assert matched.trg_lang == "ja"
    assert matched.notes == [f"{ref}: 1 segments have no target and are not scored: c#1"]


def test_missing_and_unknown_segments_are_named(tmp_path):
    ref = xliff(tmp_path, "ref.xlf", [("a", "x"), ("b", "y")])
    with pytest.raises(TagmtError, match=r"hyp1.xlf has no target for 1 segments of .*ref.xlf: b#1"):
        match_targets(ref, [xliff(tmp_path, "hyp1.xlf", [("a", "x"), ("b", None)])])
    with pytest.raises(TagmtError, match=r"hyp2.xlf has segments that .*ref.xlf does not: z#1"):
        match_targets(ref, [xliff(tmp_path, "hyp2.xlf", [("a", "x"), ("b", "y"), ("z", "q")])])
    lines = tmp_path / "hyp.txt"
    lines.write_text("x\ny\n", encoding="utf-8")
    with pytest.raises(TagmtError, match="every --hyp must be XLIFF too"):
        match_targets(ref, [lines])


def test_evaluate_command_with_xliff(tmp_path, capsys):
    """Regression (issue 10): an XLIFF reference scored 0 segments."""
    ref = xliff(tmp_path, "ref.xlf", [("a", '<pc id="1">保存</pc>をクリック'), ("b", "クリックします"), ("c", None)])
    hyp = xliff(tmp_path, "hyp.xlf", [("a", '<pc id="1">保存</pc>をクリック'), ("b", "押します"), ("c", None)])
    assert main(["evaluate", "--ref", str(ref), "--hyp", str(hyp), "--format", "json",
                 "--metric", "markup-match", "lex-chrf"]) == 0
    captured = capsys.readouterr()
    (system,) = json.loads(captured.out)["systems"]
    assert system["segments"] == 2
    assert system["scores"]["markup_match"] == 100.0
    assert "1 segments have no target and are not scored: c#1" in captured.err
    assert main(["evaluate", "--ref", str(ref), "--hyp", str(xliff(tmp_path, "h2.xlf", [("a", "x")]))]) == 2
    assert "has no target for 1 segments" in capsys.readouterr().err
