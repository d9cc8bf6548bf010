"""Issue 33, third hostile round, the XLIFF cases of items 1 and 4 (hand-made reproductions):

* a multi-``<file>`` XLIFF 1.2 whose second ``<file>`` has no ``target-language``: its targets are never
  written in another file's language; ``--trg-lang`` is used for it (and declared there), not refused as
  contradicting; without it the run is refused in one line naming a segment of that file;
* an entity declared in an external DTD tagmt never loads (``&product; is new.``) is never dropped from
  the text sent to translation: it is a standalone code whose original is ``&product;``, written back as is;
* libxml2's size limits (a text node, an attribute value, a name over 10,000,000 bytes) are one
  ``tagmt: error:`` line, without libxml2's own line break nor its advice of ``XML_PARSE_HUGE``.
"""

from __future__ import annotations

import json

import pytest
from hostile import one_line_error
from hypothesis import given, settings, strategies as st

from tagmt.cli import main
from tagmt.corpus import read_corpus

NS12 = "urn:oasis:names:tc:xliff:document:1.2"
TWO_FILES = (f'<xliff version="1.2" xmlns="{NS12}">\n'
             '<file original="a.txt" source-language="en" target-language="de" datatype="plaintext"><body>\n'
             '<trans-unit id="1"><source>Hello</source></trans-unit></body></file>\n'
             '<file original="b.txt" source-language="en" datatype="plaintext"><body>\n'
             '<trans-unit id="1"><source>World</source></trans-unit></body></file>\n</xliff>\n')


def translate(path, out, *extra: str) -> list[str]:
    return ["translate", "--input", str(path), "--approach", "dt", "--model", "copy", "--no-cache",
            "-o", str(out), *extra]


def test_a_file_without_target_language_is_never_written_in_another_files_language(tmp_path, capsys):
    path, out = tmp_path / "two.xlf", tmp_path / "out.xlf"
    path.write_text(TWO_FILES, encoding="utf-8")
    err = one_line_error(translate(path, out), capsys)
    assert "'b.txt/1'" in err and "--trg-lang" in err and not out.exists()


def test_trg_lang_is_used_where_a_file_names_none_and_declared_there(tmp_path, capsys):
    path, out = tmp_path / "two.xlf", tmp_path / "out.xlf"
    path.write_text(TWO_FILES, encoding="utf-8")
    assert main(translate(path, out, "--trg-lang", "fr")) == 0
    assert "en-de, en-fr" in capsys.readouterr().err
    text = out.read_text("utf-8")
    assert '<file original="a.txt" source-language="en" target-language="de" datatype="plaintext">' in text
    assert '<file original="b.txt" source-language="en" datatype="plaintext" target-language="fr">' in text
    assert [(s.id, s.trg_lang) for s in read_corpus(out).segments] == [("a.txt/1", "de"), ("b.txt/1", "fr")]
    assert json.loads((tmp_path / "out.xlf.run.json").read_text("utf-8"))["directions"] == ["en-de", "en-fr"]


def test_a_single_file_still_refuses_a_contradicting_trg_lang(tmp_path, capsys):
    path = tmp_path / "one.xlf"
    path.write_text(TWO_FILES.split("<file original=\"b.txt\"")[0] + "</xliff>\n", encoding="utf-8")
    assert "--trg-lang fr contradicts the target language de" in one_line_error(
        translate(path, tmp_path / "o.xlf", "--trg-lang", "fr"), capsys)


ENTITY12 = ('<?xml version="1.0"?>\n<!DOCTYPE xliff SYSTEM "xliff.dtd">\n'
            f'<xliff version="1.2" xmlns="{NS12}"><file source-language="en" target-language="de" '
            'datatype="x" original="x"><body>\n<trans-unit id="1"><source>&product; is new.</source></trans-unit>\n'
            '<trans-unit id="2"><source>Try <g id="1">&product;</g> now.</source>'
            '<target>Probieren Sie &product;.</target></trans-unit>\n</body></file></xliff>\n')
ENTITY2 = ('<?xml version="1.0"?>\n<!DOCTYPE xliff SYSTEM "xliff.dtd">\n'
           '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="de">'
           '<file id="f"><unit id="u"><segment><source>&product; is new.</source></segment></unit></file></xliff>\n')


def test_an_entity_of_an_unloaded_dtd_is_a_code_never_dropped(tmp_path):
    path = tmp_path / "e.xlf"
    path.write_text(ENTITY12, encoding="utf-8")
    first, second = read_corpus(path).segments
    assert first.source == '<x id="ent:product"/> is new.'
    assert first.codes[("x", "ent:product")].open == "&product;"
    assert second.source == 'Try <g id="1"><x id="ent:product"/></g> now.'
    assert second.reference == 'Probieren Sie <x id="ent:product"/>.'  # the same code in the target


@pytest.mark.parametrize("document", [ENTITY12, ENTITY2], ids=["xliff12", "xliff2"])
def test_translate_writes_the_entity_back_as_it_was(tmp_path, capsys, document):
    path, out = tmp_path / "e.xlf", tmp_path / "out.xlf"
    path.write_text(document, encoding="utf-8")
    assert main(translate(path, out)) == 0
    text = out.read_text("utf-8")
    assert ">&product; is new.</target>" in text
    assert text.startswith('<?xml version="1.0"?>\n<!DOCTYPE xliff SYSTEM "xliff.dtd">\n')
    assert read_corpus(out).segments[0].reference == '<x id="ent:product"/> is new.'
    capsys.readouterr()


HUGE = 10_000_001


@pytest.mark.parametrize("where", ["text", "attribute", "name"])
def test_libxml2_size_limits_are_one_line(tmp_path, capsys, where):
    big = "a" * HUGE
    source = {"text": big, "attribute": f'<x id="1" ctype="{big}"/>', "name": f"<{big}/>"}[where]
    path = tmp_path / "huge.xlf"
    path.write_text(f'<xliff version="1.2" xmlns="{NS12}"><file source-language="en" target-language="de" '
                    f'datatype="x" original="x"><body><trans-unit id="1"><source>{source}</source></trans-unit>'
                    "</body></file></xliff>", encoding="utf-8")
    err = one_line_error(translate(path, tmp_path / "o.xlf"), capsys)
    assert f"{path}:1:" in err and "10,000,000 bytes" in err and "XML_PARSE_HUGE" not in err


@settings(max_examples=30, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(["&product;", "&a.b-c;", "&x1;"]),
                          st.text(alphabet="ab &<>", min_size=1, max_size=4)
                          .map(lambda t: t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))),
                min_size=1, max_size=6).filter(lambda pieces: "".join(pieces).strip()))  # (a blank source is locked)
def test_entities_round_trip_byte_for_byte(tmp_path_factory, pieces):
    """Any mix of text and unexpanded entities: read, written back as its own target, the same bytes."""
    content = "".join(pieces)
    path = tmp_path_factory.mktemp("ent") / "e.xlf"
    path.write_text(ENTITY12.replace("&product; is new.", content, 1), encoding="utf-8")
    corpus = read_corpus(path)
    assert corpus.segments[0].source.count("<x id=") == sum(p.startswith("&") and p.endswith(";") and
                                                             not p.startswith(("&amp;", "&lt;", "&gt;")) for p in pieces)
    out = path.with_name("out.xlf")
    corpus.write(out, [corpus.segments[0].source, None])
    assert f"<source>{content}</source><target" in out.read_text("utf-8")
    assert out.read_text("utf-8").split("<target", 1)[1].split(">", 1)[1].startswith(content + "</target>")
