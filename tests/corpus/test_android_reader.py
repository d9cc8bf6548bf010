"""The Android strings.xml reader and writer (tagmt.corpus.android): strings, arrays, plurals,
translatable="false", xliff:g, Android escaping, CDATA, splicing byte for byte, lxml reading the output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from lxml import etree

from tagmt.corpus import read_corpus
from tagmt.corpus.android import android_unescape
from tagmt.errors import TagmtError

from resource_helpers import copy_bytes, pseudo, round_trip

SAMPLE = (Path(__file__).resolve().parents[2] / "data" / "sample" / "files" / "strings.xml").read_bytes()


def test_segments_and_codes(tmp_path):
    path = tmp_path / "strings.xml"
    path.write_bytes(SAMPLE)
    corpus = read_corpus(path)
    assert corpus.format == "android"
    assert [(s.id, s.source) for s in corpus.segments] == [
        ("welcome", 'Welcome to <g id="1">Tagmt</g>, <x id="2"/>!'),
        ("delete_confirm", 'Don\'t delete "<x id="1"/>"?'),
        ("countdown", 'Starts in <x id="1"/> &amp; counting'),
        ("quoted", "  spaces kept  "),
        ("html", "<g id=\"1\">Bold</g> text"),  # markup in CDATA is HTML: its tags are codes
        ("planets[0]", "Mercury"),
        ("planets[1]", "Venus"),
        ("files[one]", '<x id="1"/> file'),
        ("files[other]", '<x id="1"/> files'),
    ]
    codes = corpus.segments[2].codes
    assert codes[("x", "1")].open == '<xliff:g id="time" example="5 days">%1$s</xliff:g>'
    assert corpus.segments[0].codes[("g", "1")].open == "<b>"


def test_copy_is_byte_identical(tmp_path):
    assert copy_bytes(tmp_path, "strings.xml", SAMPLE) == SAMPLE
    assert round_trip(tmp_path, "strings.xml", SAMPLE)[1] == SAMPLE


def _strings(data: bytes) -> dict[str, str]:
    root = etree.fromstring(data)
    out = {}
    for element in root:
        if not isinstance(element.tag, str):
            continue
        if element.tag == "string":
            out[element.get("name")] = etree.tostring(element, encoding=str, with_tail=False)
        else:
            for n, item in enumerate(element):
                out[f"{element.get('name')}[{n}]"] = etree.tostring(item, encoding=str, with_tail=False)
    return out


def test_pseudo_output_parses_with_the_same_strings_and_codes(tmp_path):
    _, out = round_trip(tmp_path, "strings.xml", SAMPLE, transform=pseudo)
    before, after = _strings(SAMPLE), _strings(out)
    assert list(before) == list(after)
    assert "[WELCOME TO <b>TAGMT</b>, %1$s!]" in after["welcome"]
    assert '<xliff:g id="time" example="5 days">%1$s</xliff:g> &amp; COUNTING]' in after["countdown"]
    assert after["app_name"] == before["app_name"] and after["link"] == before["link"]
    assert "[DON\\'T DELETE \\\"%s\\\"?]" in after["delete_confirm"]


def test_new_text_is_escaped_for_android(tmp_path):
    path = tmp_path / "strings.xml"
    path.write_bytes(b'<resources><string name="a">x</string></resources>')
    corpus = read_corpus(path)
    corpus.write(tmp_path / "o.xml", ["@it's \"a\" &amp; b\nc"])
    assert (tmp_path / "o.xml").read_bytes() == b'<resources><string name="a">\\@it\\\'s \\"a\\" &amp; b\\nc</string></resources>'


def test_malformed_xml_is_one_line(tmp_path):
    path = tmp_path / "bad.xml"
    path.write_bytes(b'<?xml version="1.0"?>\n<resources>\n<string name="a">x</strin>\n</resources>')
    with pytest.raises(TagmtError) as error:
        read_corpus(path)
    assert "bad.xml:3" in str(error.value) and "\n" not in str(error.value)


def test_unescape():
    assert android_unescape("a\\'b\\\"c\\nd\\@e\\u0041\\\\") == "a'b\"c\nd@eA\\"


_piece = st.sampled_from(["Hello", " world", "it\\'s", "&amp;", "&lt;", "\\\"q\\\"", "%1$s", "%d", "é",
                          "<b>bold</b>", "<xliff:g id=\"n\">%s</xliff:g>", "<i>x <u>y</u></i>", "\\n"])
_string = st.lists(_piece, min_size=1, max_size=6).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(values=st.lists(_string, min_size=1, max_size=5), plural=st.booleans())
def test_property_round_trip_and_pseudo(tmp_path_factory, values, plural):
    tmp = tmp_path_factory.mktemp("android")
    body = "".join(f'  <string name="s{n}">{v}</string>\n' for n, v in enumerate(values))
    if plural:
        body += '  <plurals name="p">\n' + "".join(f'    <item quantity="q{n}">{v}</item>\n'
                                                    for n, v in enumerate(values)) + "  </plurals>\n"
    data = ('<?xml version="1.0" encoding="utf-8"?>\n<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n'
            + body + "</resources>\n").encode()
    assert copy_bytes(tmp, "strings.xml", data) == data
    _, out = round_trip(tmp, "p.xml", data, transform=pseudo)
    before, after = _strings(data), _strings(out)
    assert list(before) == list(after)
    for name, element in after.items():
        assert element.count("%") == before[name].count("%")
        assert element.count("<") == before[name].count("<")
        value = values[int(name[1:]) if name.startswith("s") else int(name[2:-1])]
        if re.sub(r"<xliff:g[^>]*>.*?</xliff:g>|<[^>]+>|%1\$s|%d|\\n", "", value).strip():
            assert ">[" in element and "]</" in element
        else:  # codes only: nothing to translate, not a segment
            assert element == before[name]


def test_utf16_file_is_written_in_utf16_with_one_mark(tmp_path):
    data = '<?xml version="1.0" encoding="utf-16"?>\n<resources><string name="a">Hello</string></resources>\n'
    path = tmp_path / "strings.xml"
    path.write_bytes(data.encode("utf-16"))
    corpus = read_corpus(path)
    corpus.write(tmp_path / "o.xml", ["Hallo"])
    out = (tmp_path / "o.xml").read_bytes()
    assert out == data.replace("Hello", "Hallo").encode("utf-16") and out.count(b"\xff\xfe") == 1
