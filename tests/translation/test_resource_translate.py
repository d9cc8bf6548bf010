"""tagmt translate --model copy on every resource sample (the issue's done-when path): the output is the
input but for the language declaration (YAML's root key) and, in a PO file, the empty msgstrs filled."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from tagmt.cli import main

FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"
MONOLINGUAL = ["app.json", "messages.properties", "strings.xml", "Localizable.strings", "Localizable.stringsdict"]


def _translate(tmp_path: Path, name: str) -> bytes:
    out = tmp_path / ("out-" + name)
    assert main(["translate", "--input", str(FILES / name), "--model", "copy", "--approach", "dt",
                 "--src-lang", "en", "--trg-lang", "de", "-o", str(out)]) == 0
    return out.read_bytes()


@pytest.mark.parametrize("name", MONOLINGUAL)
def test_copy_gives_the_file_back(tmp_path, name):
    assert _translate(tmp_path, name) == (FILES / name).read_bytes()


def test_yaml_copy_declares_the_language(tmp_path):
    assert _translate(tmp_path, "en.yml") == (FILES / "en.yml").read_bytes().replace(b"\nen:\n", b"\nde:\n")


def test_po_copy_keeps_translations_and_fills_the_rest(tmp_path):
    before = polib.pofile(str(FILES / "app.po"))
    after = polib.pofile(_translate(tmp_path, "app.po").decode())
    assert [(e.msgctxt, e.msgid) for e in after] == [(e.msgctxt, e.msgid) for e in before]
    for old, new in zip(before, after):
        if old.obsolete:
            assert (new.msgid, new.msgstr) == (old.msgid, old.msgstr)
        elif old.msgstr:  # (a fuzzy draft too)
            assert new.msgstr == old.msgstr
        elif old.msgid_plural:
            assert new.msgstr_plural == {0: old.msgid, 1: old.msgid_plural}
        else:
            assert new.msgstr == old.msgid
    assert after.metadata["Language"] == "de"
