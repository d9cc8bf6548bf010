"""The bundled document samples (data/sample/files/sample.html, .md, .dita) through `tagmt translate --model
copy`: the output is the input but for the declared language, and `tagmt views` lists their segments."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagmt.cli import main

FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


@pytest.mark.parametrize("name, before, after", [
    ("sample.html", '<html lang="en">', '<html lang="de">'),
    ("sample.md", "", ""),
    ("sample.dita", 'xml:lang="en-US"', 'xml:lang="de"'),
])
def test_copy_gives_the_document_back(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, before: str,
                                      after: str) -> None:
    out = tmp_path / name
    code = main(["translate", "--input", str(FILES / name), "--model", "copy", "--approach", "dt",
                 "--src-lang", "en", "--trg-lang", "de", "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    original = (FILES / name).read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == original.replace(before, after, 1)


def test_views_lists_the_segments(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plain.txt"
    assert main(["views", "--input", str(FILES / "sample.dita"), "--view", "plain", "--side", "source",
                 "-o", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "Create a work pack" and "See the shipping guide for the rest." in lines
    assert not any("wp ship" in line or "ACME-WP" in line or "tagmt" == line for line in lines)
