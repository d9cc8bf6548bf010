"""XLIFF 2.x: segments per <segment>, codes pc/ph/sc/ec/cp/mrk/sm/em, targets written into the original bytes."""

from __future__ import annotations

import re

import pytest

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError

HOSTILE = """<?xml version="1.0" encoding="UTF-8"?>
<!-- from a CAT tool -->
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:mda='urn:oasis:names:tc:xliff:metadata:2.0' version="2.1" srcLang="en">
 <file id="f1" original="ui.html">
  <notes><note id="n1">file note</note></notes>
  <unit id="u1" name='greeting'>
   <mda:metadata><mda:metaGroup><mda:meta type="k">v</mda:meta></mda:metaGroup></mda:metadata>
   <originalData><data id="d1">&lt;br/&gt;</data></originalData>
   <segment id="s1"><source>Hi <pc id="1">there</pc> <ph id="2" dataRef="d1"/> <sc id="3"/>x<ec startRef="3"/> <mrk id="m1" type="term">t</mrk> <sm id="m2"/>y<em startRef="m2"/>.</source></segment>
   <ignorable><source> </source></ignorable>
   <segment id="s2" state="initial"><source>Two <sc id="4"/>open&#xA0;<![CDATA[<b>]]></source>
    <target>old</target></segment>
   <segment><source>closed<ec startRef="4"/> <ec id="9" isolated="yes"/> <mrk id="m3" translate="no">LOCK</mrk>&amp; <cp hex="0001"/></source></segment>
  </unit>
  <unit id="u2" translate="no"><segment><source>skip</source></segment></unit>
  <group id="g" translate="no"><unit id="u3"><segment><source>skip too</source></segment></unit></group>
 </file>
</xliff>
"""


@pytest.fixture
def hostile(tmp_path):
    path = tmp_path / "hostile.xlf"
    path.write_bytes(HOSTILE.encode("utf-8"))
    return path


def without_targets(text: str) -> str:
    text = re.sub(r"\s*<target\b[^>]*>.*?</target>", "", text, flags=re.DOTALL)
    return re.sub(r' state="[^"]*"| subState="tagmt:mt"| trgLang="de"', "", text)


def test_segments_codes_and_references(hostile):
    corpus = read_corpus(hostile)
    assert corpus.format == "xliff2" and (corpus.src_lang, corpus.trg_lang) == ("en", None)
    assert [s.id for s in corpus.segments] == ["u1#s1", "u1#s2", "u1#3"]
    one, two, three = corpus.segments
    assert one.source == 'Hi <g id="1">there</g> <x id="2"/> <g id="3">x</g> <g id="m1">t</g> <g id="m2">y</g>.'
    assert one.codes[("g", "3")].open == '<sc id="3"/>' and one.codes[("g", "3")].close == '<ec startRef="3"/>'
    assert one.codes[("x", "2")].open == '<ph id="2" dataRef="d1"/>'
    assert two.source == 'Two <bx id="4"/>open\xa0&lt;b&gt;' and two.reference == "old"
    assert three.source == 'closed<ex id="4"/> <ex id="9"/> <x id="m3"/>&amp; <x id="cp1"/>'
    assert three.codes[("x", "m3")].open == '<mrk id="m3" translate="no">LOCK</mrk>'


def test_round_trip_with_nothing_translated_is_byte_identical(hostile, tmp_path):
    corpus = read_corpus(hostile)
    assert corpus.write(tmp_path / "same.xlf", [None] * len(corpus)).read_bytes() == hostile.read_bytes()


def test_targets_and_state_are_set_and_nothing_else_changes(hostile, tmp_path):
    corpus = read_corpus(hostile)
    out = corpus.write(tmp_path / "out.xlf", [s.source for s in corpus.segments], trg_lang="de")
    text = out.read_text("utf-8")
    assert without_targets(text) == without_targets(HOSTILE)
    assert 'version="2.1" srcLang="en" trgLang="de">' in text
    assert ('<segment id="s1" state="translated" subState="tagmt:mt"><source>Hi <pc id="1">there</pc> <ph id="2" dataRef="d1"/> '
            '<sc id="3"/>x<ec startRef="3"/> <mrk id="m1" type="term">t</mrk> <sm id="m2"/>y<em startRef="m2"/>.'
            '</source><target>Hi <pc id="1">there</pc>') in text
    assert '<segment id="s2" state="translated" subState="tagmt:mt">' in text and "<target>Two <sc id=\"4\"/>open\xa0&lt;b&gt;</target>" in text
    assert '<segment state="translated" subState="tagmt:mt"><source>closed' in text
    assert "<source>skip</source></segment>" in text  # translate="no" units untouched
    assert [s.reference for s in read_corpus(out).segments] == [s.source for s in corpus.segments]


def test_a_target_in_a_prefixed_namespace_gets_the_prefix(tmp_path):
    path = tmp_path / "p.xlf"
    path.write_text('<x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">'
                    '<x:file id="f"><x:unit id="u"><x:segment><x:source>Hello <x:pc id="1">you</x:pc></x:source>'
                    "</x:segment></x:unit></x:file></x:xliff>", encoding="utf-8")
    corpus = read_corpus(path)
    out = corpus.write(tmp_path / "o.xlf", ['Salut <g id="1">toi</g>'])
    assert '</x:source><x:target>Salut <x:pc id="1">toi</x:pc></x:target>' in out.read_text("utf-8")
    assert read_corpus(out).segments[0].reference == 'Salut <g id="1">toi</g>'


def test_a_segment_without_source_is_one_line(tmp_path):
    path = tmp_path / "bad.xlf"
    path.write_text('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f">'
                    '<unit id="u"><segment><target>x</target></segment></unit></file></xliff>', encoding="utf-8")
    with pytest.raises(TagmtError, match=r"bad.xlf:1: a <segment> of unit 'u' has no <source>"):
        read_corpus(path)
