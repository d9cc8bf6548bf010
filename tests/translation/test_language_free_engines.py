"""``translate --model copy`` and ``--model pseudo`` on any document as a user types it (issue 32): no --approach,
no --src-lang, no --trg-lang. copy gives a monolingual file back byte for byte (no target language given: none
declared, the file's declarations untouched), a PO file with its empty msgstrs filled and the rest as it was;
pseudo's output parses with the format's own parser. A real MT engine still needs the approach and the
languages, with the messages it had."""

from __future__ import annotations

import io
import json
import plistlib
from pathlib import Path

import polib
import pytest
from lxml import etree

from tagmt.cli import main

# One hand-made file per format of docs/formats.md, each naming no language (and no target language).
FILES: dict[str, bytes] = {
    "page.html": (b'<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>Demo &amp; test</title></head>\n'
                  b'<body>\n<p>Hello <b>world</b>&#xA0;!</p>\n<img src="a.png" alt="A cat">\n</body>\n</html>\n'),
    "page.xhtml": (b'<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml">'
                   b'<head><title>T</title></head><body><p>Hi <em>there</em>.</p></body></html>\n'),
    "doc.md": b"# Title\n\nSome *emphasis* and a [link](http://x.org).\n\n- item one\n- item two\n\n    code\n",
    "topic.dita": (b'<?xml version="1.0" encoding="UTF-8"?>\n'
                   b'<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">\n'
                   b'<topic id="t1"><title>Install</title><body><p>Run <codeph>make</codeph> now.</p></body>'
                   b'</topic>\n'),
    "doc.xml": (b'<?xml version="1.0"?>\n<doc xmlns:its="http://www.w3.org/2005/11/its" its:version="2.0">'
                b'<p>Text <b>bold</b>.</p><code its:translate="no">x = 1</code></doc>\n'),
    "strings.xml": (b'<?xml version="1.0" encoding="utf-8"?>\n'
                    b'<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n'
                    b'    <string name="hello">Hello %1$s, it\\\'s <xliff:g id="n">%2$d</xliff:g>!</string>\n'
                    b'    <string name="app" translatable="false">App</string>\n'
                    b'    <plurals name="files"><item quantity="one">%d file</item>'
                    b'<item quantity="other">%d files</item></plurals>\n</resources>\n'),
    "Localizable.strings": b'/* A greeting */\n"hello" = "Hello %@";\n"bye" = "Bye \\"you\\"";\n',
    "Localizable.stringsdict": (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        b'"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
        b'  <key>files</key>\n  <dict>\n    <key>NSStringLocalizedFormatKey</key>\n'
        b'    <string>%#@n@</string>\n    <key>n</key>\n    <dict>\n'
        b'      <key>NSStringFormatSpecTypeKey</key>\n      <string>NSStringPluralRuleType</string>\n'
        b'      <key>NSStringFormatValueTypeKey</key>\n      <string>d</string>\n'
        b'      <key>one</key>\n      <string>%d file</string>\n'
        b'      <key>other</key>\n      <string>%d files</string>\n    </dict>\n  </dict>\n</dict>\n</plist>\n'),
    "messages.properties": b"# comment\ngreeting=Hello {0}\nlong = Multi \\\n    line\nempty=\n",
    "en.yml": b"en:\n  hello: Hello %{name}\n  bye: 'Bye'\n  n: 3\n",
    "app.json": b'{"a": "Hello {name}", "n": 3, "b": ["x", "y"], "c": {"d": "<b>Bold</b>"}}\n',
    "lines.txt": b'Hello <g id="1">world</g>\nSecond line\n',
    "ui.xlf": (b'<?xml version="1.0" encoding="UTF-8"?>\n'
               b'<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n'
               b'<file original="ui" source-language="en" datatype="plaintext"><body>\n'
               b'<trans-unit id="1"><source>Open <g id="1">file</g></source></trans-unit>\n'
               b'</body></file></xliff>\n'),
    "ui2.xlf": (b'<?xml version="1.0" encoding="UTF-8"?>\n'
                b'<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en">\n'
                b'<file id="f"><unit id="u"><segment><source>Save</source></segment></unit></file></xliff>\n'),
}

PO = (b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
      b'#: a.c:1\n#, c-format\nmsgid "Delete %s?"\nmsgstr ""\n\n'
      b'msgctxt "menu"\nmsgid "Open"\nmsgstr "Ouvrir"\n\n'
      b'msgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n')


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _run(tmp_path: Path, path: Path, model: str, *extra: str) -> Path:
    out = tmp_path / ("out-" + path.name)
    assert main(["translate", "--input", str(path), "--model", model, "-o", str(out), *extra]) == 0
    return out


MONOLINGUAL = [name for name in FILES if not name.endswith(".xlf")]


@pytest.mark.parametrize("name", MONOLINGUAL)
def test_copy_without_approach_or_languages_gives_the_file_back(tmp_path, name):
    path = _write(tmp_path, name, FILES[name])
    assert _run(tmp_path, path, "copy").read_bytes() == FILES[name]


@pytest.mark.parametrize("name", ["ui.xlf", "ui2.xlf"])
def test_copy_into_xliff_without_target_language_declares_none(tmp_path, name):
    path = _write(tmp_path, name, FILES[name])
    out = _run(tmp_path, path, "copy").read_bytes()
    assert out.count(b"<target") == 1 and b"target-language" not in out and b"trgLang" not in out
    assert out.replace(b"\n", b"").count(b"<target") == 1
    etree.fromstring(out)


def test_po_copy_fills_the_empty_msgstrs_and_keeps_the_rest(tmp_path):
    path = _write(tmp_path, "app.po", PO)
    out = _run(tmp_path, path, "copy").read_bytes()
    expected = (PO.replace(b'msgid "Delete %s?"\nmsgstr ""', b'msgid "Delete %s?"\nmsgstr "Delete %s?"')
                .replace(b'msgstr[0] ""\nmsgstr[1] ""', b'msgstr[0] "One file"\nmsgstr[1] "%d files"'))
    assert out == expected  # no Language line added: none was given


def test_copy_with_a_target_language_declares_it_as_before(tmp_path):
    page = _write(tmp_path, "page.html", FILES["page.html"])
    assert b'<html lang="de">' in _run(tmp_path, page, "copy", "--trg-lang", "de").read_bytes()
    yml = _write(tmp_path, "en.yml", FILES["en.yml"])
    assert _run(tmp_path, yml, "copy", "--trg-lang", "de").read_bytes() == FILES["en.yml"].replace(b"en:", b"de:")
    po = _write(tmp_path, "app.po", PO)
    assert b'"Language: de\\n"' in _run(tmp_path, po, "pseudo", "--trg-lang", "de").read_bytes()


def test_file_languages_are_kept_when_none_is_given(tmp_path):
    data = PO.replace(b'"Content-Type', b'"Language: fr\\n"\n"Content-Type')
    path = _write(tmp_path, "fr.po", data)
    out = _run(tmp_path, path, "copy").read_bytes()
    assert b'"Language: fr\\n"' in out and b'msgstr "Ouvrir"' in out


def _parses(name: str, data: bytes) -> list[str]:
    """The translatable strings of the pseudo output, read with the format's own parser."""
    if name.endswith(".json"):
        doc = json.loads(data)
        return [doc["a"], doc["b"][0], doc["c"]["d"]]
    if name.endswith(".yml"):
        from ruamel.yaml import YAML

        doc = YAML(typ="safe").load(data)
        return [doc["en"]["hello"], doc["en"]["bye"]]
    if name.endswith(".properties"):
        from translate.storage.properties import propfile

        return [unit.source for unit in propfile(io.BytesIO(data), encoding="utf-8").units
                if unit.name in ("greeting", "long")]
    if name.endswith(".strings"):
        from translate.storage.properties import stringsfile

        return [unit.source for unit in stringsfile(io.BytesIO(data), encoding="utf-8").units]
    if name.endswith(".stringsdict"):
        plist = plistlib.loads(data)
        return [plist["files"]["n"]["one"], plist["files"]["n"]["other"]]
    if name.endswith((".xml", ".dita", ".xhtml")):
        root = etree.fromstring(data)
        blocks = [el for el in root.iter() if etree.QName(el).localname in ("title", "p", "string", "item")
                  and el.get("translatable") != "false"]
        return ["".join(el.itertext()) for el in blocks]
    if name.endswith(".html"):
        import html5lib

        tree = html5lib.parse(data, namespaceHTMLElements=False)
        return [tree.find(".//title").text, tree.find(".//img").get("alt")]
    if name.endswith(".md"):
        from markdown_it import MarkdownIt

        return [token.content for token in MarkdownIt().parse(data.decode()) if token.type == "inline"]
    return data.decode().splitlines()


@pytest.mark.parametrize("name", MONOLINGUAL)
def test_pseudo_without_approach_or_languages_parses_with_the_formats_parser(tmp_path, name):
    path = _write(tmp_path, name, FILES[name])
    out = _run(tmp_path, path, "pseudo").read_bytes()
    strings = _parses(name, out)
    assert strings and all(("[" in text and "]" in text) or text.strip() in "[]·" for text in strings), strings
    assert len(_parses(name, FILES[name])) == len(strings)


def test_pseudo_keeps_placeholders_of_po(tmp_path):
    path = _write(tmp_path, "app.po", PO)
    catalog = polib.pofile(_run(tmp_path, path, "pseudo").read_bytes().decode())
    entries = {(e.msgctxt, e.msgid): e for e in catalog}
    assert entries[(None, "Delete %s?")].msgstr.startswith("[") and "%s" in entries[(None, "Delete %s?")].msgstr
    assert entries[("menu", "Open")].msgstr == "Ouvrir"
    assert "%d" in entries[(None, "One file")].msgstr_plural[1]


def test_real_engine_still_needs_approach_and_languages(tmp_path, capsys):
    path = _write(tmp_path, "app.json", FILES["app.json"])
    out = str(tmp_path / "out.json")
    with pytest.raises(SystemExit) as exited:
        main(["translate", "--input", str(path), "--model", "m2m100", "-o", out])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "the following arguments are required: --approach" in err and len(err.strip().splitlines()) == 1
    assert main(["translate", "--input", str(path), "--model", "m2m100", "--approach", "dt", "-o", out]) == 2
    err = capsys.readouterr().err
    assert "no source language: the JSON resource file names none; pass --src-lang" in err
    assert not Path(out).exists()


def test_help_says_copy_and_pseudo_need_no_approach(capsys):
    with pytest.raises(SystemExit):
        main(["translate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "copy and pseudo" in text and "default dt" in text


def test_copy_records_the_undetermined_language(tmp_path):
    path = _write(tmp_path, "app.json", FILES["app.json"])
    out = _run(tmp_path, path, "copy")
    record = json.loads((tmp_path / (out.name + ".run.json")).read_text())
    assert record["direction"] == "und-und" and record["approach"] == "dt"
    yml = _write(tmp_path, "en.yml", FILES["en.yml"])  # (the Rails root key names the source)
    record = json.loads((tmp_path / (_run(tmp_path, yml, "pseudo").name + ".run.json")).read_text())
    assert record["direction"] == "en-und"


def test_copy_dp_without_languages(tmp_path):
    path = _write(tmp_path, "app.json", FILES["app.json"])
    assert _run(tmp_path, path, "copy", "--approach", "dp").read_bytes() == FILES["app.json"]
