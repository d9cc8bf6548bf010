"""The input-format registry: every registered format describes itself, and names are looked up in it."""

from __future__ import annotations

import argparse

import pytest

from tagmt.corpus import FORMATS, FORMAT_NAMES, read_corpus
from tagmt.corpus.formats import InputFormat, file_formats, input_format, input_formats
from tagmt.errors import TagmtError


@pytest.mark.parametrize("name", list(input_formats()))
def test_every_format_describes_itself(name):
    fmt = input_formats()[name]
    assert isinstance(fmt, InputFormat) and fmt.name == name and fmt.display and callable(fmt.read)
    assert fmt.xml == (fmt.recognises is not None)  # XML formats say which root is theirs
    assert not (fmt.xml and fmt.fallback)
    assert fmt.file == bool(fmt.extensions)  # a file format names its extensions
    assert all(ext.startswith(".") and ext == ext.lower() for ext in fmt.extensions)
    assert not fmt.writes_targets or fmt.write is not None  # (monolingual documents: written translated)


def test_the_file_formats_in_order():
    assert FORMATS == ("xliff12", "xliff2", "tmx", "lines", "html", "xhtml", "markdown", "its", "po", "json",
                       "properties", "android", "strings", "stringsdict", "yaml") == tuple(file_formats())
    assert {name: FORMAT_NAMES[name] for name in ("xliff12", "lines", "html", "its")} == {
        "xliff12": "XLIFF 1.2", "lines": "tagged line file", "html": "HTML page", "its": "XML document (ITS, DITA)"}
    assert all(FORMAT_NAMES[name] for name in FORMATS)
    assert [name for name, fmt in file_formats().items() if fmt.fallback] == ["lines"]
    assert [name for name, fmt in input_formats().items() if not fmt.file] == ["sap"]
    assert [name for name, fmt in file_formats().items() if not fmt.writes_targets] == ["tmx", "lines"]
    assert [name for name, fmt in file_formats().items() if fmt.bilingual] == ["xliff12", "xliff2", "tmx", "po"]


def test_unknown_format_names_the_valid_ones(tmp_path):
    message = (r"^unknown format 'docx': use auto, xliff12, xliff2, tmx, lines, html, xhtml, markdown, its, po, json, "
               r"properties, android, strings, stringsdict, yaml$")
    with pytest.raises(TagmtError, match=message):
        input_format("docx")
    with pytest.raises(TagmtError, match=r"^unknown format 'sap'"):  # a data set tree, not a file
        input_format("sap")
    path = tmp_path / "a.txt"
    path.write_text("a line\n", encoding="utf-8")
    with pytest.raises(TagmtError, match=message):
        read_corpus(path, "docx")


def test_the_cli_offers_the_registered_formats():
    from tagmt.commands.translate import register

    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    (action,) = [a for a in sub.choices["translate"]._actions if a.dest == "format"]
    assert tuple(action.choices) == ("auto", *FORMATS)
