"""A document with nothing to translate — a fully translated PO, a JSON file of numbers only — is written back as
it is (its language declared) with no engine loaded, as a batch over a project's files expects; an XLIFF file
is still refused (test_translate_input, test_xliff_pretranslate)."""

from __future__ import annotations

from tagmt.cli import main

PO = b'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n#, c-format\nmsgid "Hello %s"\nmsgstr "Bonjour %s"\n'


def test_fully_translated_po_is_written_with_its_translations(tmp_path, capsys):
    path = tmp_path / "fr.po"
    path.write_bytes(PO)
    out = tmp_path / "out.po"
    assert main(["translate", "--input", str(path), "--approach", "dt", "--model", "pseudo", "--trg-lang", "de",
                 "--src-lang", "en", "-o", str(out)]) == 0
    assert out.read_bytes() == PO.replace(b"Language: fr", b"Language: de")
    err = capsys.readouterr().err
    assert "wrote 0 of 1 segments" in err and "kept 1 existing targets" in err


def test_document_without_text_is_copied(tmp_path, capsys):
    path = tmp_path / "numbers.json"
    path.write_bytes(b'{"count": 3, "on": true, "none": null, "empty": ""}\n')
    out = tmp_path / "out.json"
    assert main(["translate", "--input", str(path), "--approach", "dt", "--model", "copy", "--src-lang", "en",
                 "--trg-lang", "de", "-o", str(out)]) == 0
    assert out.read_bytes() == path.read_bytes()
    assert "wrote 0 segments" in capsys.readouterr().err
