"""The XLIFF readers stream the document unit by unit (issue 19, item 5: memory within 10x the file):
what that must not change — the segments and the bytes written, whatever lies between the units and
however large the file (several parser feeds) — and the order of the one-line errors (a syntax error
anywhere is named before a problem of a unit read earlier)."""

from __future__ import annotations

import pytest

from tagmt.corpus import read_corpus
from tagmt.corpus.spans import element_spans
from tagmt.errors import TagmtError
from tagmt.safexml import XmlStream, parse_bytes

NS12 = "urn:oasis:names:tc:xliff:document:1.2"
NS2 = "urn:oasis:names:tc:xliff:document:2.0"


def xliff12(units: str, files: int = 1) -> str:
    body = "".join(f'<file original="f{n}.txt" source-language="en" target-language="de"><body>\n{units}'
                   f'</body></file>\n' for n in range(files))
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="{NS12}">\n{body}</xliff>\n'


def unit12(n: int) -> str:
    return (f'<!-- unit {n} --><?pi {n}?><trans-unit id="u{n}"><source>Save <g id="1">file {n}</g> &amp; '
            f'<x id="2"/> now</source><note>n {n} é€😀</note></trans-unit>\n')  # multi-byte text across feeds


def test_a_file_larger_than_one_feed_reads_every_unit_and_writes_only_targets(tmp_path):
    units = "".join(unit12(n) for n in range(3000))  # about 400 KB: several feeds of the pull parser
    group = '<group id="g" translate="no"><trans-unit id="skip"><source>no</source></trans-unit></group>\n'
    path = tmp_path / "big.xlf"
    path.write_text(xliff12(group + units), "utf-8")
    corpus = read_corpus(path)
    assert [s.id for s in corpus.segments] == [f"u{n}" for n in range(3000)]
    assert corpus.segments[2999].source == 'Save <g id="1">file 2999</g> &amp; <x id="2"/> now'
    assert corpus.segments[0].codes[("g", "1")].open == '<g id="1">'
    out = tmp_path / "out.xlf"
    corpus.write(out, [s.source for s in corpus.segments], mark_mt=False)
    written = out.read_text("utf-8")
    expected = xliff12(group + "".join(unit12(n).replace(
        "</source>", f'</source><target>Save <g id="1">file {n}</g> &amp; <x id="2"/> now</target>')
        for n in range(3000)))
    assert written == expected
    assert [s.reference for s in read_corpus(out).segments] == [s.source for s in corpus.segments]


def test_equal_codes_are_shared_between_segments(tmp_path):
    path = tmp_path / "a.xlf"
    path.write_text(xliff12(unit12(1) + unit12(2)), "utf-8")
    first, second = read_corpus(path).segments
    assert first.codes is second.codes  # one table for equal codes; each segment reads it, none changes it
    assert first.codes[("x", "2")] == second.codes[("x", "2")]


def test_several_files_get_their_prefixes_after_the_stream(tmp_path):
    path = tmp_path / "multi.xlf"
    path.write_text(xliff12(unit12(1), files=2), "utf-8")
    corpus = read_corpus(path)
    assert [s.id for s in corpus.segments] == ["f0.txt/u1", "f1.txt/u1"]
    assert [s.key[0] for s in corpus.segments] == ["f0.txt/", "f1.txt/"]


def test_xliff2_segments_and_new_targets_are_streamed(tmp_path):
    units = "".join(f'<unit id="u{n}"><segment><source>Hi <ph id="1"/> {n}</source></segment>'
                    f'<ignorable><source> </source></ignorable></unit>\n' for n in range(2000))
    path = tmp_path / "a.xlf"
    path.write_text(f'<?xml version="1.0"?>\n<xliff xmlns="{NS2}" version="2.0" srcLang="en" trgLang="de">'
                    f'<file id="f">{units}</file></xliff>\n', "utf-8")
    corpus = read_corpus(path)
    assert len(corpus.segments) == 2000 and corpus.segments[-1].id == "u1999#1"
    out = tmp_path / "out.xlf"
    corpus.write(out, [s.source for s in corpus.segments])
    again = read_corpus(out)
    assert [s.reference for s in again.segments] == [s.source for s in corpus.segments]
    assert out.read_text("utf-8").count('state="translated" subState="tagmt:mt"') == 2000


def test_a_syntax_error_after_good_units_is_named_as_one(tmp_path):
    text = xliff12("".join(unit12(n) for n in range(2000)))
    path = tmp_path / "cut.xlf"
    path.write_text(text[: len(text) - 40], "utf-8")
    with pytest.raises(TagmtError, match=rf"{path}:\d+: malformed XML"):
        read_corpus(path)


def test_a_syntax_error_is_named_before_a_bad_unit_read_earlier(tmp_path):
    bad = '<trans-unit id="nosource"><target>x</target></trans-unit>\n'
    text = xliff12(bad + "".join(unit12(n) for n in range(2000)))
    path = tmp_path / "both.xlf"
    path.write_text(text.replace("</body>", "</bod>"), "utf-8")
    with pytest.raises(TagmtError, match="malformed XML"):
        read_corpus(path)
    path.write_text(text, "utf-8")  # well formed: the unit's own problem
    with pytest.raises(TagmtError, match="has no <source>"):
        read_corpus(path)


def test_an_undefined_entity_has_the_one_shot_parsers_message(tmp_path):
    data = f'<xliff version="1.2" xmlns="{NS12}"><file><body>&nbsp;</body></file></xliff>'.encode()
    with pytest.raises(TagmtError) as whole:
        parse_bytes(data, "x.xlf")
    with pytest.raises(TagmtError) as streamed:
        XmlStream(data, "x.xlf").drain()
    assert str(streamed.value) == str(whole.value) and "nbsp" in str(whole.value)


def test_span_table_matches_document_order():
    data = b'<a x="1"><b/><!-- c --><c y=">">t</c></a>'
    spans = element_spans(data, "t.xml")
    assert len(spans) == 3
    assert data[spans[1].start:spans[1].end] == b"<b/>" and spans[1].empty
    c = spans[2]
    assert data[c.start:c.inner_start] == b'<c y=">">' and data[c.inner_start:c.inner_end] == b"t"
