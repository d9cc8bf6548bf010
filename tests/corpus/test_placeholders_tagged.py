"""Placeholders in strings that already carry tags (line files, XLIFF text): protect_tagged, protect_segment,
unprotect, and --placeholders through read_corpus for XLIFF and line files."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tagmt.corpus import read_corpus
from tagmt.corpus.model import InlineCode, Segment
from tagmt.corpus.placeholders import (
    parse_kinds,
    placeholder_texts,
    protect,
    protect_segment,
    protect_tagged,
    unprotect,
)
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.xmltext import escape

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


def test_placeholders_only_in_text_never_inside_a_tag():
    tagged = '<g id="1" title="{name}">Delete %1$s</g> &amp; {count} files'
    out, codes = protect_tagged(tagged, ["auto"])
    assert out == '<g id="1" title="{name}">Delete <x id="2"/></g> &amp; <x id="3"/> files'
    assert {k: c.open for k, c in codes.items()} == {("x", "2"): "%1$s", ("x", "3"): "{count}"}


def test_ids_skip_those_taken_and_text_without_placeholders_is_untouched():
    out, codes = protect_tagged("a &#38; b %s", ["printf"], first_id=1, taken={"1", "2"})
    assert out == 'a &amp; b <x id="3"/>' and list(codes) == [("x", "3")]
    assert protect_tagged("a &#38; b", ["printf"]) == ("a &#38; b", {})


def test_the_reference_takes_the_source_ids_placeholder_for_placeholder():
    segment = Segment("1", '<x id="1"/>Delete %1$s and %2$s?', '%2$s und %1$s löschen?<x id="1"/>',
                      {("x", "1"): InlineCode("x", "1", "ph", '<ph id="1"/>')})
    protected = protect_segment(segment, ["printf"])
    assert protected.source == '<x id="1"/>Delete <x id="2"/> and <x id="3"/>?'
    assert protected.reference == '<x id="3"/> und <x id="2"/> löschen?<x id="1"/>'
    assert protected.codes[("x", "1")].open == '<ph id="1"/>'
    assert protected.restore(protected.reference) == '%2$s und %1$s löschen?<ph id="1"/>'


def test_unprotect_writes_placeholders_back_and_keeps_other_tags():
    tagged, codes = protect_tagged('<b>{n}</b> <x id="7"/> %s', ["auto"])
    assert unprotect(tagged, codes) == '<b>{n}</b> <x id="7"/> %s'


def test_placeholder_texts_compare_two_strings():
    tagged, codes = protect_tagged("%s of {n}", ["auto"])
    assert placeholder_texts(tagged, codes) == ["%s", "{n}"]
    assert placeholder_texts('<x id="1"/> of', codes) == ["%s"]


@pytest.mark.parametrize("given, expected", [
    (None, None), ("auto", ("mustache", "python", "printf", "brace")), (["printf,icu", "brace"],
                                                                        ("printf", "brace", "icu")),
    ("none", ()),
])
def test_parse_kinds(given, expected):
    assert parse_kinds(given) == expected


def test_an_unknown_kind_and_a_bad_regex_are_one_line(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("Delete %s\n")
    with pytest.raises(TagmtError, match="unknown placeholder kind 'percent'"):
        read_corpus(path, placeholders="percent")
    with pytest.raises(TagmtError, match="is not a regular expression"):
        read_corpus(path, placeholder_regexes=["(unclosed"])


def test_line_file_round_trip_with_placeholders(tmp_path):
    path = tmp_path / "ui.txt"
    text = 'Delete %1$s?\n{count} files &amp; <g id="1">{{user}}</g>\nno placeholder\n'
    path.write_text(text)
    corpus = read_corpus(path, placeholders="auto", placeholder_regexes=[r"#\d+"])
    assert corpus.segments[1].source == '<x id="2"/> files &amp; <g id="1"><x id="3"/></g>'
    out = corpus.write(tmp_path / "out.txt", corpus.sources)
    assert out.read_text() == text


def test_xliff_placeholders_between_codes(tmp_path):
    corpus = read_corpus(SAMPLE / "guide.xliff12.xlf", placeholders="auto", placeholder_regexes=[r"\bSettings\b"])
    segment = next(s for s in corpus.segments if "Settings" in s.restore(s.source))
    ids = [c.id for c in segment.codes.values()]
    assert len(ids) == len(set(ids))
    assert any(c.open == "Settings" for c in segment.codes.values())
    plain = read_corpus(SAMPLE / "guide.xliff12.xlf")
    out = corpus.write(tmp_path / "a.xlf", corpus.sources, overwrite=True)
    again = plain.write(tmp_path / "b.xlf", plain.sources, overwrite=True)
    assert out.read_bytes() == again.read_bytes()


_text = st.lists(st.sampled_from(list("ab %$1sd{}()n.&<>'\"") + ["%s", "{n}", "{{u}}", "%(x)s"]),
                 max_size=20).map("".join)


_TAGS = ('<g id="1">', "</g>", '<x id="9"/>')


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_text, st.sampled_from(_TAGS)), max_size=8))
def test_protect_then_unprotect_gives_the_tagged_string_back(pieces):
    tagged = "".join(p if p in _TAGS else escape(p) for p in pieces)
    out, codes = protect_tagged(tagged, ["auto"])
    assert unprotect(out, codes) == tagged
    for token in tokenize(out, orphans=True):
        assert token.kind != "text" or ("%s" not in token.text and "{{u}}" not in token.text)


@settings(max_examples=200, deadline=None)
@given(_text)
def test_protect_then_render_gives_the_text_back(text):
    tagged, codes = protect(text, ["auto"])
    assert Segment("1", tagged, codes=codes).render(tagged, lambda s: s) == text


def test_marker_names_a_placeholder_by_itself_for_evaluation():
    from tagmt.corpus.placeholders import placeholder_marker

    mark = placeholder_marker("auto")
    assert mark('Delete <x id="1"/> %s and %s &amp; {n}') == \
        'Delete <x id="1"/> <x id="%s"/> and <x id="%s#2"/> &amp; <x id="{n}"/>'
    assert placeholder_marker(None) is None and placeholder_marker("none") is None


def test_evaluate_counts_a_lost_placeholder(tmp_path, capsys):
    import json

    from tagmt.cli import main

    (tmp_path / "r.de").write_text("Löschen %1$s?\n{n} Dateien\n")
    (tmp_path / "h.de").write_text("Löschen?\n{n} Dateien\n")
    scores = []
    for extra in ([], ["--placeholders", "auto"]):
        assert main(["evaluate", "--hyp", str(tmp_path / "h.de"), "--ref", str(tmp_path / "r.de"), "--trg-lang", "de",
                     "-m", "markup-match", "--format", "json", *extra]) == 0
        scores.append(json.loads(capsys.readouterr().out)["systems"][0]["scores"]["markup-match"])
    assert scores == [100.0, 50.0]
