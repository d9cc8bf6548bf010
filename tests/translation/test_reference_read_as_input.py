"""`translate --ref` reads the reference as the run read its input: the same placeholder kinds (a reference's `%s`
a code, as the input's), so that a copy of the input is exact against a reference that is the input's text."""

from __future__ import annotations

from pathlib import Path

from tagmt.cli import main


def test_a_placeholder_in_the_reference_is_a_code_as_in_the_input(tmp_path: Path, capsys) -> None:
    doc = tmp_path / "strings.json"
    doc.write_text('{"a": "Delete %s now?", "b": "Saved %d files"}', "utf-8")
    ref = tmp_path / "ref.txt"
    ref.write_text("Delete %s now?\nSaved %d files\n", "utf-8")
    assert main(["translate", "--input", str(doc), "--placeholders", "printf", "--model", "copy", "--ref", str(ref),
                 "-o", str(tmp_path / "out.json")]) == 0
    err = capsys.readouterr().err
    assert "exact: 2/2 tagged segments (100.0 %)" in err


def test_the_reference_check_counts_the_segments_the_run_reads(tmp_path: Path, capsys) -> None:
    """ICU sub-messages are segments of their own: the reference is counted against them, before any work."""
    doc = tmp_path / "messages.json"
    doc.write_text('{"a": "You have {n, plural, one {# file} other {# files}}"}', "utf-8")
    ref = tmp_path / "ref.txt"
    ref.write_text("You have\n", "utf-8")  # one line for three segments
    assert main(["translate", "--input", str(doc), "--placeholders", "icu", "--model", "copy", "--ref", str(ref),
                 "-o", str(tmp_path / "out.json")]) != 0
    assert "has 1 segments but --input" in capsys.readouterr().err
    assert not (tmp_path / "out.json").exists()
