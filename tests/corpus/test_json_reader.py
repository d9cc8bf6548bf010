"""The JSON resource reader and writer (tagmt.corpus.jsonres): string values as segments with path ids,
placeholder kinds by content, splicing byte for byte, json reading what tagmt writes."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tagmt.corpus import jsonres, read_corpus
from tagmt.corpus.jsonres import NESTING, default_kinds
from tagmt.corpus.placeholders import find
from tagmt.corpus.splice import MARKUP
from tagmt.errors import TagmtError

from resource_helpers import copy_bytes, pseudo, round_trip

I18NEXT = '''{
  "title": "Welcome, {{user}}!",
  "menu": {"items": ["Open", "Save \\u00e9", {"label": "Quit"}], "count": 3, "empty": ""},
  "files_one": "One file",
  "files_other": "{{count}} files",
  "nested": "See $t(menu.title) now"
}
'''.encode()

ICU = b'{"msg": "You have {count, plural, one {# file} other {# files}}", "hello": "Hi {name}"}'


def test_segments_ids_and_mustache(tmp_path):
    path = tmp_path / "en.json"
    path.write_bytes(I18NEXT)
    corpus = read_corpus(path)
    assert corpus.format == "json"
    got = [(s.id, s.source) for s in corpus.segments]
    assert got == [
        ("title", 'Welcome, <x id="1"/>!'),
        ("menu.items[0]", "Open"),
        ("menu.items[1]", "Save \u00e9"),
        ("menu.items[2].label", "Quit"),
        ("files_one", "One file"),
        ("files_other", '<x id="1"/> files'),
        ("nested", 'See <x id="1"/> now'),
    ]
    assert corpus.segments[6].codes[("x", "1")].open == "$t(menu.title)"
    assert corpus.segments[3].key == () and corpus.segments[3].codes == {}


def test_default_kind_brace_and_forced(tmp_path):
    path = tmp_path / "m.json"
    path.write_bytes(b'{"a": "{n} files", "b": "%s left"}')
    assert [s.source for s in read_corpus(path).segments] == ['<x id="1"/> files', "%s left"]
    assert [s.source for s in jsonres.read(path, path.read_bytes(), placeholders=["printf"]).segments] == ["{n} files", '<x id="1"/> left']


def test_icu_file_keeps_its_arguments(tmp_path):
    path = tmp_path / "icu.json"
    path.write_bytes(ICU)
    corpus = read_corpus(path)
    assert corpus.segments[-1].source == 'Hi <x id="1"/>'  # (the plural: sub-segments before it, issue 32)
    out = copy_bytes(tmp_path, "icu.json", ICU)
    assert out == ICU


def test_copy_and_untouched_are_byte_identical(tmp_path):
    assert copy_bytes(tmp_path, "en.json", I18NEXT) == I18NEXT
    _, out = round_trip(tmp_path, "en.json", I18NEXT)
    assert out == I18NEXT


def test_pseudo_parses_with_the_same_structure(tmp_path):
    _, out = round_trip(tmp_path, "en.json", I18NEXT, transform=pseudo)
    data = json.loads(out)
    assert data["title"] == "[WELCOME, {{user}}!]"
    assert data["menu"]["items"][1] == "[SAVE \u00c9]" and data["menu"]["count"] == 3 and data["menu"]["empty"] == ""
    assert data["nested"] == "[SEE $t(menu.title) NOW]"
    assert list(data) == list(json.loads(I18NEXT))


@pytest.mark.parametrize("data, line", [
    (b'{"a": "x",\n "a": "y"}', 2),
    (b'{"a": "x"\n "b": "y"}', 2),
    (b'{"a": "x\xff"}', 1),
    (b'{"a": [1, 2,]}', 1),
    (b'{"a": "x"} extra', 1),
    (b'{\n"a": "unterminated}', 2),
])
def test_malformed_input_is_one_line(tmp_path, data, line):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(TagmtError) as error:
        read_corpus(path)
    assert f"bad.json:{line}:" in str(error.value) and "\n" not in str(error.value)


_text = st.lists(st.characters(blacklist_categories=("Cs",)) | st.sampled_from(["{n}", '"', "\\", "\n"]),
                 max_size=8).map("".join)
_json = st.recursive(
    _text | st.integers() | st.booleans() | st.none(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_text, inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(document=_json, indent=st.sampled_from([None, 2]), ascii_=st.booleans())
def test_property_round_trip_and_pseudo(tmp_path_factory, document, indent, ascii_):
    tmp = tmp_path_factory.mktemp("json")
    data = json.dumps(document, indent=indent, ensure_ascii=ascii_).encode()
    assert copy_bytes(tmp, "p.json", data) == data
    _, out = round_trip(tmp, "q.json", data, transform=pseudo)

    kinds = default_kinds(data.decode())
    regexes = ((NESTING,) if "mustache" in kinds else ()) + (MARKUP,)

    def expected(node):
        if isinstance(node, str):
            return pseudo_plain(node, kinds, regexes) if node.strip() else node
        if isinstance(node, list):
            return [expected(item) for item in node]
        if isinstance(node, dict):
            return {key: expected(item) for key, item in node.items()}
        return node

    assert json.loads(out) == expected(document)


def pseudo_plain(text: str, kinds, regexes) -> str:
    """The oracle: ``text`` with every placeholder span (tagmt.corpus.placeholders.find) kept, the rest uppercased."""
    out, at = [], 0
    for start, end in find(text, kinds, regexes):
        out += [text[at:start].upper(), text[start:end]]
        at = end
    return "[" + "".join(out) + text[at:].upper() + "]"


def test_markup_tags_are_codes_and_pairs(tmp_path):
    data = b'{"a": "Click <a href=\\"x.html\\">here</a> or <0>there</0>", "b": "Line<br/>break </i>"}'
    path = tmp_path / "m.json"
    path.write_bytes(data)
    corpus = read_corpus(path)
    assert [s.source for s in corpus.segments] == ['Click <g id="1">here</g> or <g id="3">there</g>',
                                                   'Line<x id="1"/>break <x id="2"/>']
    assert corpus.segments[0].codes[("g", "1")].open == '<a href=\\"x.html\\">'  # as the file writes it
    _, out = round_trip(tmp_path, "m.json", data, transform=pseudo)
    assert json.loads(out) == {"a": '[CLICK <a href="x.html">HERE</a> OR <0>THERE</0>]', "b": "[LINE<br/>BREAK </i>]"}
