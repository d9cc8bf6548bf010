"""tagmt extract / merge (tagmt.translation.interchange): an untouched extraction merges back byte for byte,
targets filled in a CAT tool (here: the XLIFF 2 writer) are merged into the document, broken input refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polib
import pytest

from tagmt.cli import main
from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError
from tagmt.translation.interchange import extract, merge

FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"
SAMPLES = ["app.po", "app.json", "messages.properties", "strings.xml", "Localizable.strings",
           "Localizable.stringsdict", "en.yml"]
_TAG = re.compile(r"(<[^>]+>|&#?\w+;)")


def pseudo(tagged: str) -> str:
    return "[" + "".join(p if p.startswith(("<", "&")) else p.upper() for p in _TAG.split(tagged)) + "]"


@pytest.mark.parametrize("name", SAMPLES)
def test_untouched_extraction_merges_back_byte_for_byte(tmp_path, name):
    xlf, count = extract(FILES / name, tmp_path / "x.xlf", src_lang="en")
    units = read_corpus(xlf, "xliff2")
    assert len(units.segments) == count > 0
    out, _ = merge(xlf, tmp_path / ("out-" + name))
    assert out.read_bytes() == (FILES / name).read_bytes()


def _translated(tmp_path: Path, name: str) -> bytes:
    xlf, _ = extract(FILES / name, tmp_path / "x.xlf", src_lang="en", trg_lang="de")
    units = read_corpus(xlf, "xliff2")
    units.write(tmp_path / "t.xlf", [pseudo(s.source) for s in units.segments], trg_lang="de")
    out, _ = merge(tmp_path / "t.xlf", tmp_path / ("out-" + name))
    return out.read_bytes()


def test_targets_are_merged_with_their_codes(tmp_path):
    data = json.loads(_translated(tmp_path, "app.json"))
    assert data["title"] == "[WELCOME, {{user}}!]" and data["menu"]["items"] == ["[NEW FILE]", "[RECENT FILES]"]
    catalog = polib.pofile(_translated(tmp_path, "app.po").decode())
    entry = catalog.find("Delete %s?")
    assert entry.msgstr == "[DELETE %s?]" and catalog.metadata["Language"] == "de"
    assert catalog.find("Open", msgctxt="menu").msgstr == "Öffnen"  # a kept translation, unchanged
    android = _translated(tmp_path, "strings.xml").decode()
    assert '<string name="welcome">[WELCOME TO <b>TAGMT</b>, %1$s!]</string>' in android


def test_tampered_or_foreign_xliff_is_one_line(tmp_path):
    xlf, _ = extract(FILES / "app.json", tmp_path / "x.xlf", src_lang="en")
    text = xlf.read_text()
    part = re.search(r"<tg:part>(.)", text)
    bad = tmp_path / "bad.xlf"
    bad.write_text(text[:part.start(1)] + ("B" if part.group(1) != "B" else "C") + text[part.end(1):])
    with pytest.raises(TagmtError, match="does not match its SHA-256"):
        merge(bad, tmp_path / "o.json")
    foreign = tmp_path / "foreign.xlf"
    foreign.write_text(re.sub(r"<skeleton>.*</skeleton>", "", text, flags=re.S))
    with pytest.raises(TagmtError, match="no embedded original"):
        merge(foreign, tmp_path / "o.json")


def test_extract_refuses_xliff_and_a_missing_language(tmp_path):
    with pytest.raises(TagmtError, match="pass --src-lang"):
        extract(FILES / "app.json", tmp_path / "x.xlf")
    with pytest.raises(TagmtError, match="translated as it is"):
        extract(FILES / "guide.xliff2.xlf", tmp_path / "y.xlf")


def test_the_commands(tmp_path, capsys):
    xlf = tmp_path / "x.xlf"
    assert main(["extract", str(FILES / "messages.properties"), "-o", str(xlf), "--src-lang", "en"]) == 0
    assert main(["merge", str(xlf), "-o", str(tmp_path / "m.properties")]) == 0
    assert (tmp_path / "m.properties").read_bytes() == (FILES / "messages.properties").read_bytes()
    assert "wrote 4 segments" in capsys.readouterr().err
