"""The iOS .strings and .stringsdict readers and writers (tagmt.corpus.ios): entries, comments, escapes,
UTF-8 and UTF-16, plural variants, printf and %#@var@ placeholders, splicing byte for byte."""

from __future__ import annotations

import plistlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tagmt.corpus import read_corpus
from tagmt.corpus.ios import unescape
from tagmt.errors import TagmtError

from resource_helpers import copy_bytes, pseudo, round_trip

FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"
STRINGS = (FILES / "Localizable.strings").read_bytes()
DICT = (FILES / "Localizable.stringsdict").read_bytes()


def parse_strings(text: str) -> dict[str, str]:
    """The entries of a simple .strings file (one "k" = "v"; per line), an independent oracle."""
    import re
    out = {}
    for key, value in re.findall(r'^"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";', text, re.M):
        out[unescape(key)] = unescape(value)
    return out


def test_strings_segments():
    corpus = read_corpus(FILES / "Localizable.strings")
    assert corpus.format == "strings"
    assert [(s.id, s.source) for s in corpus.segments] == [
        ("main.title", "Welcome to Tagmt"),
        ("delete.confirm", 'Delete "<x id="1"/>"?'),
        ("files.count", '<x id="1"/> files in <x id="2"/>'),
        ("line.break", "First line\nSecond line"),
    ]


@pytest.mark.parametrize("encoding, bom", [("utf-8", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe"),
                                           ("utf-16-be", b"\xfe\xff")])
def test_strings_encodings_round_trip(tmp_path, encoding, bom):
    data = bom + STRINGS.decode().encode(encoding)
    assert copy_bytes(tmp_path, "L.strings", data) == data
    _, out = round_trip(tmp_path, "M.strings", data, transform=pseudo)
    assert out.startswith(bom)
    parsed = parse_strings(out[len(bom):].decode(encoding))
    assert parsed["delete.confirm"] == '[DELETE "%@"?]' and parsed["files.count"] == "[%1$d FILES IN %2$@]"
    assert parsed["line.break"] == "[FIRST LINE\nSECOND LINE]"


def test_strings_malformed_is_one_line(tmp_path):
    path = tmp_path / "bad.strings"
    path.write_bytes(b'"a" = "b";\n"c" = "d"\n"e" = "f";\n')
    with pytest.raises(TagmtError, match=r"bad.strings:3: ';' expected"):
        read_corpus(path)


def test_stringsdict_segments_and_round_trip(tmp_path):
    corpus = read_corpus(FILES / "Localizable.stringsdict")
    assert corpus.format == "stringsdict"
    assert [(s.id, s.source) for s in corpus.segments] == [
        ("files_count/NSStringLocalizedFormatKey", 'You have <x id="1"/> in the folder'),
        ("files_count/files/one", '<x id="1"/> file'),
        ("files_count/files/other", '<x id="1"/> files &amp; more'),
    ]
    assert corpus.segments[0].codes[("x", "1")].open == "%#@files@"
    assert copy_bytes(tmp_path, "L.stringsdict", DICT) == DICT
    _, out = round_trip(tmp_path, "M.stringsdict", DICT, transform=pseudo)
    plist = plistlib.loads(out)["files_count"]
    assert plist["NSStringLocalizedFormatKey"] == "[YOU HAVE %#@files@ IN THE FOLDER]"
    assert plist["files"] == {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
                              "NSStringFormatValueTypeKey": "d", "one": "[%d FILE]", "other": "[%d FILES & MORE]"}


_text = st.lists(st.characters(blacklist_categories=("Cs",)) | st.sampled_from(["%@", "%1$d", '"', "\\", "\n"]),
                 min_size=1, max_size=8).map("".join)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(items=st.dictionaries(_text, _text.filter(str.strip), min_size=1, max_size=5),
       utf16=st.booleans())
def test_property_strings_round_trip(tmp_path_factory, items, utf16):
    tmp = tmp_path_factory.mktemp("ios")
    text = "".join(f"/* {n} */\n{_quote(k)} = {_quote(v)};\n" for n, (k, v) in enumerate(items.items()))
    text = text.replace("\r", "\\r")
    items = parse_strings(text)
    data = b"\xff\xfe" + text.encode("utf-16-le") if utf16 else text.encode()
    assert copy_bytes(tmp, "p.strings", data) == data
    _, out = round_trip(tmp, "q.strings", data, transform=pseudo)
    parsed = parse_strings(out[2:].decode("utf-16-le") if utf16 else out.decode())
    assert list(parsed) == list(items)
    for key, value in parsed.items():
        assert value.startswith("[") and value.endswith("]")
        assert value.count("%@") == items[key].count("%@")
