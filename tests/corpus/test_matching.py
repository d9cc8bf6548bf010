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
    """Issue 19: what cannot be scored as it stands is scored as empty (or skipped) and counted, not refused."""
    ref = xliff(tmp_path, "ref.xlf", [("a", "x"), ("b", "y")])
    hyp1 = xliff(tmp_path, "hyp1.xlf", [("a", "x"), ("b", None)])
    matched = match_targets(ref, [hyp1])
    assert matched.hypotheses[str(hyp1)] == ["x", ""] and matched.missing == {str(hyp1): 1}
    assert any("no target for 1 segments" in n and "scored as empty" in n and "b#1" in n for n in matched.notes)
    skipped = match_targets(ref, [hyp1], skip_missing=True)
    assert skipped.ids == ["a#1"] and skipped.references == ["x"] and skipped.hypotheses[str(hyp1)] == ["x"]
    hyp2 = xliff(tmp_path, "hyp2.xlf", [("a", "x"), ("b", "y"), ("z", "q")])
    matched = match_targets(ref, [hyp2])
    assert matched.ids == ["a#1", "b#1"]
    assert any("hyp2.xlf: 1 segments that" in n and "z#1" in n for n in matched.notes)
    lines = tmp_path / "hyp.txt"
    lines.write_text("x\ny\n", encoding="utf-8")
    with pytest.raises(TagmtError, match="every --hyp must be one too"):
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
    assert system["scores"]["markup-match"] == 100.0
    assert "1 segments have no target and are not scored: c#1" in captured.err
    h2 = xliff(tmp_path, "h2.xlf", [("a", "x")])
    assert main(["evaluate", "--ref", str(ref), "--hyp", str(h2), "--format", "json", "-m", "lex-chrf"]) == 0
    captured = capsys.readouterr()
    assert "no target for 1 segments" in captured.err
    (system,) = json.loads(captured.out)["systems"]
    assert system["segments"] == 2 and system["missing_targets"] == 1
    assert main(["evaluate", "--ref", str(ref), "--hyp", str(h2), "--format", "json", "-m", "lex-chrf",
                 "--skip-missing"]) == 0
    assert json.loads(capsys.readouterr().out)["systems"][0]["segments"] == 1


def xliff12(tmp_path, name: str, files: list[tuple[str, list[tuple[str | None, str | None]]]], trg: str = "de") -> str:
    body = "".join(
        f'<file original="{original}" source-language="en" target-language="{trg}" datatype="plaintext"><body>'
        + "".join(f'<trans-unit{f" id={chr(34)}{uid}{chr(34)}" if uid else ""}><source>s {uid}</source>'
                  + (f"<target>{target}</target>" if target is not None else "") + "</trans-unit>"
                  for uid, target in units)
        + "</body></file>"
        for original, units in files
    )
    path = tmp_path / name
    path.write_text('<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">' + body + "</xliff>",
                    encoding="utf-8")
    return str(path)


def test_duplicate_ids_match_by_their_order(tmp_path):
    ref = xliff12(tmp_path, "ref.xlf", [("f", [("u", "eins"), ("v", "zwei"), ("u", "drei")])])
    hyp = xliff12(tmp_path, "hyp.xlf", [("f", [("u", "1"), ("u", "3"), ("v", "2")])])
    matched = match_targets(ref, [hyp])
    assert matched.references == ["eins", "zwei", "drei"] and matched.hypotheses[hyp] == ["1", "2", "3"]
    assert any("occur more than once" in note and "u" in note for note in matched.notes)
    same = match_targets(ref, [ref])  # a file against itself
    assert same.hypotheses[ref] == same.references


def test_units_without_ids_match_by_position(tmp_path):
    ref = xliff12(tmp_path, "ref.xlf", [("f", [(None, "eins"), ("k", "mitte"), (None, "zwei")])])
    hyp = xliff12(tmp_path, "hyp.xlf", [("f", [(None, "1"), (None, "2"), ("k", "m")])])
    matched = match_targets(ref, [hyp])
    assert matched.hypotheses[hyp] == ["1", "m", "2"]
    by_position = match_targets(ref, [hyp], match="position")
    assert by_position.hypotheses[hyp] == ["1", "2", "m"]


def test_multi_file_ids_cannot_collide(tmp_path):
    """`a` + `b/c` and `a/b` + `c` both print as a/b/c; they are different segments."""
    ref = xliff12(tmp_path, "ref.xlf", [("a", [("b/c", "eins")]), ("x", [("y", "zwei")])])
    hyp = xliff12(tmp_path, "hyp.xlf", [("a/b", [("c", "falsch")]), ("x", [("y", "zwei")])])
    matched = match_targets(ref, [hyp])
    assert matched.hypotheses[hyp] == ["", "zwei"] and matched.missing[hyp] == 1
    assert any("a/b/c" in note and "does not have" in note for note in matched.notes)


def test_a_different_target_language_is_one_line(tmp_path, capsys):
    ref = xliff12(tmp_path, "ref.xlf", [("f", [("u", "eins")])])
    fr = xliff12(tmp_path, "fr.xlf", [("f", [("u", "un")])], trg="fr")
    with pytest.raises(TagmtError, match=r"fr.xlf is in fr but the reference .*ref.xlf is in de"):
        match_targets(ref, [fr])
    regional = xliff12(tmp_path, "de-at.xlf", [("f", [("u", "eins")])], trg="de-AT")
    assert match_targets(ref, [regional]).hypotheses[regional] == ["eins"]  # de and de-AT agree
    assert main(["evaluate", "--ref", ref, "--hyp", fr]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is in fr" in err
