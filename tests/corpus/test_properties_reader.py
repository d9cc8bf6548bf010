"""The Java .properties reader and writer (tagmt.corpus.properties): separators, escapes, continuation
lines, encodings, MessageFormat placeholders, splicing byte for byte."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tagmt.corpus import read_corpus
from tagmt.corpus.properties import entries, unescape
from tagmt.errors import TagmtError

from resource_helpers import copy_bytes, pseudo, round_trip

PROPS = (
    "# Messages\n"
    "! another comment\n"
    "greeting=Hello, {0}!\n"
    "farewell: Good bye\n"
    "spaced   Value with spaces\n"
    "key\\:with\\=escapes = caf\\u00e9 \\t tab\n"
    "multi = first part \\\n"
    "        second part\n"
    "empty=\n"
    "quote=It''s {1,number} items\n"
).encode("latin-1")


def java_load(text: str) -> dict[str, str]:
    """What java.util.Properties would hold, for the hand-made file (read by our own parser)."""
    return {key: value for key, _, _, value, _ in entries(text, "x")}


def test_segments(tmp_path):
    path = tmp_path / "m.properties"
    path.write_bytes(PROPS)
    corpus = read_corpus(path)
    assert corpus.format == "properties"
    assert [(s.id, s.source) for s in corpus.segments] == [
        ("greeting", 'Hello, <x id="1"/>!'),
        ("farewell", "Good bye"),
        ("spaced", "Value with spaces"),
        ("key:with=escapes", "caf\u00e9 \t tab"),
        ("multi", "first part second part"),
        ("quote", 'It\'\'s <x id="1"/> items'),
    ]


def test_copy_and_untouched_are_byte_identical(tmp_path):
    assert copy_bytes(tmp_path, "m.properties", PROPS) == PROPS
    assert round_trip(tmp_path, "m.properties", PROPS)[1] == PROPS


def test_latin1_file_escapes_what_it_cannot_hold(tmp_path):
    path = tmp_path / "m.properties"
    path.write_bytes("a=caf\u00e9\n".encode("latin-1"))
    corpus = read_corpus(path)
    corpus.write(tmp_path / "o.properties", ["\u65e5\u672c caf\u00e9"])
    assert (tmp_path / "o.properties").read_bytes() == b"a=\\u65e5\\u672c caf\xe9\n"


def test_utf8_file_stays_utf8_and_continuations_are_rewritten(tmp_path):
    data = "a=caf\u00e9\nb = one \\\n   two\nc=x\n".encode()
    path = tmp_path / "m.properties"
    path.write_bytes(data)
    corpus = read_corpus(path)
    corpus.write(tmp_path / "o.properties", ["\u65e5", " lead\nnew", None])
    assert (tmp_path / "o.properties").read_bytes() == "a=\u65e5\nb = \\ lead\\nnew\nc=x\n".encode()


def test_malformed_unicode_escape_is_one_line(tmp_path):
    path = tmp_path / "bad.properties"
    path.write_bytes(b"a=1\nb=\\u12G4\n")
    with pytest.raises(TagmtError, match=r"bad.properties:2: a malformed"):
        read_corpus(path)


def test_unescape():
    assert unescape("a\\:b\\=c\\ d\\\\e\\u0041\\q") == "a:b=c d\\eAq"


_value = st.lists(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    ["{0}", "\\", "=", ":", " ", "#"]), min_size=1, max_size=8).map("".join)


def _escape_key(key: str) -> str:
    out = key.replace("\\", "\\\\")
    for char in "=: #!\t\f":
        out = out.replace(char, "\\" + char)
    return out


def _escape_value(value: str) -> str:
    out = value.replace("\\", "\\\\").replace("\t", "\\t").replace("\f", "\\f").replace("\x0b", "\\u000b")
    return "\\" + out if out.startswith((" ", "=", ":")) else out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(items=st.dictionaries(_value.filter(str.strip), _value.filter(str.strip), min_size=1, max_size=5),
       separator=st.sampled_from(["=", " = ", ": ", " "]))
def test_property_round_trip_and_pseudo(tmp_path_factory, items, separator):
    tmp = tmp_path_factory.mktemp("props")
    text = "".join(f"{_escape_key(k)}{separator}{_escape_value(v)}\n" for k, v in items.items())
    data = text.encode()
    assert java_load(text) == items
    assert copy_bytes(tmp, "p.properties", data) == data
    corpus, out = round_trip(tmp, "q.properties", data, transform=pseudo)
    loaded = java_load(out.decode())
    assert list(loaded) == list(items)
    for key, value in loaded.items():
        assert value.startswith("[") and value.endswith("]")
        assert value.count("{0}") == items[key].count("{0}")
