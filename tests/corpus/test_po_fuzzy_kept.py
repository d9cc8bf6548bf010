"""A fuzzy PO entry's msgstr is a person's draft: ``translate`` keeps it — msgstr, flags and ``#|`` previous
strings byte for byte — unless --overwrite, exactly as a translated entry; it is counted as kept ("fuzzy") and is
no reference. XLIFF targets in a reviewed or translated state are kept alike (checked here through the CLI)."""

from __future__ import annotations

import polib
import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus

PO = (b'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
      b'#, fuzzy, c-format\n#| msgid "Old %s text"\nmsgid "New %s text"\nmsgstr "Alter %s Text"\n\n'
      b'#, fuzzy\nmsgid "Empty draft"\nmsgstr ""\n\n'
      b'msgid "Open"\nmsgstr "\xc3\x96ffnen"\n\n'
      b'msgid "Save"\nmsgstr ""\n\n'
      b'#, fuzzy\nmsgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "Eine Datei"\nmsgstr[1] ""\n')


def _translate(tmp_path, data: bytes, *extra: str, model: str = "pseudo") -> tuple[bytes, str]:
    path = tmp_path / "de.po"
    path.write_bytes(data)
    out = tmp_path / "out.po"
    assert main(["translate", "--input", str(path), "--model", model, "-o", str(out), *extra]) == 0
    return out.read_bytes(), str(out)


def test_reader_keeps_fuzzy_drafts_without_making_them_references(tmp_path):
    path = tmp_path / "de.po"
    path.write_bytes(PO)
    got = [(s.id, s.reference, s.keep) for s in read_corpus(path).segments]
    assert got == [
        ("8", None, "fuzzy"),       # a draft: kept, no reference
        ("12", None, None),         # fuzzy but empty: translated
        ("15", "Öffnen", "translated"),
        ("18", None, None),
        ("22[0]", None, "fuzzy"),   # each form on its own
        ("22[1]", None, None),
    ]


def test_translate_keeps_fuzzy_msgstr_and_flags(tmp_path, capsys):
    out, _ = _translate(tmp_path, PO)
    assert b'#, fuzzy, c-format\n#| msgid "Old %s text"\nmsgid "New %s text"\nmsgstr "Alter %s Text"\n' in out
    assert b'msgstr[0] "Eine Datei"\n' in out and "Öffnen".encode() in out
    entries = {e.msgid: e for e in polib.pofile(out.decode())}
    assert entries["Save"].msgstr.startswith("[") and entries["Empty draft"].msgstr.startswith("[")
    assert entries["One file"].msgstr_plural[1].startswith("[") and "%d" in entries["One file"].msgstr_plural[1]
    assert [e.flags for e in polib.pofile(out.decode())] == [e.flags for e in polib.pofile(PO.decode())]
    err = capsys.readouterr().err
    assert "wrote 3 of 6 segments" in err and "2 fuzzy" in err and "1 translated" in err


def test_copy_leaves_a_catalog_of_drafts_byte_identical_but_the_filled_msgstrs(tmp_path):
    out, _ = _translate(tmp_path, PO, model="copy")
    expected = (PO.replace(b'msgid "Empty draft"\nmsgstr ""', b'msgid "Empty draft"\nmsgstr "Empty draft"')
                .replace(b'msgid "Save"\nmsgstr ""', b'msgid "Save"\nmsgstr "Save"')
                .replace(b'msgstr[1] ""', b'msgstr[1] "%d files"'))
    assert out == expected


def test_overwrite_replaces_fuzzy_drafts_and_keeps_the_flag(tmp_path):
    out, _ = _translate(tmp_path, PO, "--overwrite")
    entries = {e.msgid: e for e in polib.pofile(out.decode())}
    assert entries["New %s text"].msgstr.startswith("[") and "%s" in entries["New %s text"].msgstr
    assert "fuzzy" in entries["New %s text"].flags and entries["New %s text"].previous_msgid == "Old %s text"
    assert entries["One file"].msgstr_plural[0].startswith("[")
    assert entries["Open"].msgstr.startswith("[")


def test_project_keeps_fuzzy_drafts_too(tmp_path):
    path = tmp_path / "de.po"
    path.write_bytes(PO)
    mt = tmp_path / "mt.txt"
    mt.write_text("\n".join(["Neuer %s Text", "Leerer Entwurf", "Öffnen", "Speichern", "Eine Datei", "%d Dateien"])
                  + "\n", encoding="utf-8")
    out = tmp_path / "out.po"
    assert main(["project", "--input", str(path), "--translation", str(mt), "--src-lang", "en",
                 "-o", str(out)]) == 0
    data = out.read_bytes()
    assert b'msgstr "Alter %s Text"' in data and b'msgstr "Speichern"' in data


XLIFF12 = '''<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file original="f" source-language="en" target-language="de" datatype="plaintext"><body>
<trans-unit id="a"><source>One</source><target state="needs-review-translation">Eins</target></trans-unit>
<trans-unit id="b"><source>Two</source><target state="translated">Zwei</target></trans-unit>
<trans-unit id="c"><source>Three</source><target state="needs-translation"></target></trans-unit>
<trans-unit id="d"><source>Four</source><target state="needs-review-l10n">Vier</target></trans-unit>
</body></file></xliff>
'''

XLIFF2 = '''<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">
<file id="f"><unit id="a"><segment state="translated"><source>One</source><target>Eins</target></segment></unit>
<unit id="b"><segment state="reviewed"><source>Two</source><target>Zwei</target></segment></unit>
<unit id="c"><segment state="initial"><source>Three</source><target></target></segment></unit>
</file></xliff>
'''


@pytest.mark.parametrize("data", [XLIFF12, XLIFF2], ids=["xliff12", "xliff2"])
def test_xliff_reviewed_and_translated_targets_are_kept(tmp_path, data):
    path = tmp_path / "in.xlf"
    path.write_text(data, encoding="utf-8")
    out = tmp_path / "out.xlf"
    assert main(["translate", "--input", str(path), "--model", "pseudo", "-o", str(out)]) == 0
    text = out.read_text("utf-8")
    for word in ("Eins", "Zwei"):
        assert f">{word}</target>" in text
    assert "Vier</target>" in text or data is XLIFF2
    assert text.count("[") == 1  # only the unit that asks for a translation got one
