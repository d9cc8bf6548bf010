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


def test_references_from_a_line_file(tmp_path: Path) -> None:
    from tagmt.corpus import read_corpus
    from tagmt.errors import TagmtError

    plain = tmp_path / "plain.txt"
    assert main(["views", "--input", str(FILES / "sample.dita"), "--view", "plain", "--side", "source",
                 "-o", str(plain)]) == 0
    count = len(plain.read_text(encoding="utf-8").splitlines())
    refs = tmp_path / "refs.de"
    refs.write_text("".join(f"Satz {k}\n" for k in range(count)), encoding="utf-8")
    corpus = read_corpus(FILES / "sample.dita", references=refs)
    assert [s.reference for s in corpus.segments] == [f"Satz {k}" for k in range(count)]
    short = tmp_path / "short.de"
    short.write_text("Satz\n", encoding="utf-8")
    with pytest.raises(TagmtError, match=rf"short.de has 1 segments but .*sample.dita has {count}"):
        read_corpus(FILES / "sample.dita", references=short)


def test_a_run_with_references_is_assessed_on_the_written_document(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    plain = tmp_path / "plain.txt"
    assert main(["views", "--input", str(FILES / "sample.md"), "--view", "plain", "--side", "source",
                 "-o", str(plain)]) == 0
    refs = tmp_path / "refs.de"
    refs.write_text(plain.read_text(encoding="utf-8").upper(), encoding="utf-8")
    out = tmp_path / "out.md"
    code = main(["translate", "--input", str(FILES / "sample.md"), "--ref", str(refs), "--model", "reference",
                 "--approach", "dt", "--src-lang", "en", "--trg-lang", "de", "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    assert "# CREATE A WORK PACK" in out.read_text(encoding="utf-8")
