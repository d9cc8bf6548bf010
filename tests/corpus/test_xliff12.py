"""XLIFF 1.2: segments, codes and references read with known answers; targets written into the original
bytes, everything else (declaration, comments, PIs, CDATA, character references, quote style, namespaces,
notes, resname, translate="no" units) unchanged."""

from __future__ import annotations

import re

import pytest

from tagmt.corpus import read_corpus
from tagmt.errors import TagmtError

HOSTILE = """<?xml version='1.0' encoding='UTF-8'?>
<!-- exported by SomeCAT 9 -->
<?cat-tool build="7"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:okp='okapi-framework:xliff-extensions' version="1.2">
  <file original='a.html' source-language="en-US" datatype="html">
    <header><note>header note</note></header>
    <body>
      <trans-unit id="1" resname='title' okp:engine="x">
        <source xml:lang="en-US">See <x id="1"/> and <g id="2" ctype='bold'>Release &amp; Notes</g>&#xA0;now<![CDATA[ <raw> ]]></source>
        <note from="dev">a note</note>
      </trans-unit>
      <trans-unit id="2" translate="no"><source>Do not touch</source></trans-unit>
      <group id="g1" translate="no"><trans-unit id="2b"><source>Nor this</source></trans-unit></group>
      <trans-unit id="3">
        <source>Click <bpt id="5">&lt;b&gt;</bpt>Save<ept id="5">&lt;/b&gt;</ept>. Next</source>
        <seg-source><mrk mtype="seg" mid="1">Click <bpt id="5">&lt;b&gt;</bpt>Save<ept id="5">&lt;/b&gt;</ept>.</mrk> <mrk mtype="seg" mid="2"><ph id="6">&lt;br/&gt;<sub>alt text</sub></ph>Next <it id="7" pos="open">&lt;i&gt;</it>x <mrk mtype="term">term</mrk> <mrk mtype="protected">LOCK</mrk> <bx id="8"/>a<ex id="9"/></mrk></seg-source>
        <target state="new"><mrk mtype="seg" mid="1">Klicken</mrk> <mrk mtype="seg" mid="2"></mrk></target>
        <!-- a comment inside a unit -->
      </trans-unit>
      <trans-unit id="4"><source/><target/></trans-unit>
    </body>
  </file>
</xliff>
"""


@pytest.fixture
def hostile(tmp_path):
    path = tmp_path / "hostile.xlf"
    path.write_bytes(HOSTILE.encode("utf-8"))
    return path


def without_targets(text: str) -> str:
    text = re.sub(r"\s*(?:<target\b[^>]*/>|<target\b[^>]*>.*?</target>)", "", text, flags=re.DOTALL)
    return text.replace(' target-language="de"', "")


def test_segments_codes_and_references(hostile):
    corpus = read_corpus(hostile)
    assert corpus.format == "xliff12" and (corpus.src_lang, corpus.trg_lang) == ("en-US", None)
    assert [s.id for s in corpus.segments] == ["1", "3#1", "3#2", "4"]
    first, click, second, empty = corpus.segments
    assert first.source == 'See <x id="1"/> and <g id="2">Release &amp; Notes</g>\xa0now &lt;raw&gt; '
    assert first.reference is None
    assert first.codes[("g", "2")].open == "<g id=\"2\" ctype='bold'>" and first.codes[("g", "2")].close == "</g>"
    assert click.source == 'Click <g id="5">Save</g>.' and click.reference == "Klicken"
    assert click.codes[("g", "5")].open == '<bpt id="5">&lt;b&gt;</bpt>'
    assert click.codes[("g", "5")].close == '<ept id="5">&lt;/b&gt;</ept>'
    assert second.source == '<x id="6"/>Next <bx id="7"/>x <g id="m1">term</g> <x id="m2"/> <bx id="8"/>a<ex id="9"/>'
    assert second.reference is None  # an empty mrk is no reference
    assert second.codes[("x", "6")].open == '<ph id="6">&lt;br/&gt;<sub>alt text</sub></ph>'  # sub stays in the code
    assert second.codes[("x", "m2")].open == '<mrk mtype="protected">LOCK</mrk>'
    assert empty.source == "" and empty.reference is None


def test_round_trip_with_nothing_translated_is_byte_identical(hostile, tmp_path):
    corpus = read_corpus(hostile)
    out = corpus.write(tmp_path / "same.xlf", [None] * len(corpus))
    assert out.read_bytes() == hostile.read_bytes()


def test_targets_are_filled_and_nothing_else_changes(hostile, tmp_path):
    corpus = read_corpus(hostile)
    out = corpus.write(tmp_path / "out.xlf", [s.source for s in corpus.segments], trg_lang="de")
    text = out.read_text("utf-8")
    assert without_targets(text) == without_targets(HOSTILE)
    assert "<file original='a.html' source-language=\"en-US\" datatype=\"html\" target-language=\"de\">" in text
    # A new target right after the source, indented like it, with the MT state; codes restored byte for byte.
    assert ('</source>\n        <target state="needs-review-translation" state-qualifier="mt-suggestion">See <x id="1"/> '
            "and <g id=\"2\" ctype='bold'>Release &amp; Notes</g>\xa0now &lt;raw&gt; </target>") in text
    # A segmented unit: the seg-source repeated with each mrk's content translated; the old state replaced.
    assert ('<target state="needs-review-translation" state-qualifier="mt-suggestion"><mrk mtype="seg" mid="1">Click '
            '<bpt id="5">&lt;b&gt;</bpt>Save<ept id="5">&lt;/b&gt;</ept>.</mrk> <mrk mtype="seg" mid="2"><ph id="6">'
            "&lt;br/&gt;<sub>alt text</sub></ph>Next") in text
    assert "<source/><target/>" in text  # an empty source never gets (or loses) a target
    again = read_corpus(out)
    assert [s.reference or "" for s in again.segments] == [s.source for s in corpus.segments]


def test_leaving_some_segments_alone(hostile, tmp_path):
    corpus = read_corpus(hostile)
    out = corpus.write(tmp_path / "out.xlf", [None, None, "Weiter", None])
    text = out.read_text("utf-8")
    assert '<mrk mtype="seg" mid="1">Klicken</mrk> <mrk mtype="seg" mid="2">Weiter</mrk></target>' in text
    assert [s.reference for s in read_corpus(out).segments] == [None, "Klicken", "Weiter", None]


def test_a_cat_tool_file_without_seg_source_has_its_units_as_segments(tmp_path):
    """Regression (issue 10): such a file gave 0 segments and exit 0."""
    path = tmp_path / "cat.xlf"
    path.write_text(
        '<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file source-language="en" target-language="fr" datatype="plaintext" original="x"><body>'
        '<trans-unit id="a"><source>see <x id="1"/> and <g id="2">Release Notes</g></source></trans-unit>'
        '<trans-unit id="b"><source>Two</source><target>Deux</target></trans-unit>'
        "</body></file></xliff>", encoding="utf-8")
    corpus = read_corpus(path)
    assert [(s.id, s.source, s.reference) for s in corpus.segments] == [
        ("a", 'see <x id="1"/> and <g id="2">Release Notes</g>', None), ("b", "Two", "Deux")]


def test_codes_inside_seg_source_are_kept(tmp_path):
    """Regression (issue 10): with seg-source, <g> and <x/> were dropped ('see  and Release Notes')."""
    path = tmp_path / "seg.xlf"
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
        'datatype="plaintext" original="x"><body><trans-unit id="a"><source>see <x id="1"/> and <g id="2">Release '
        'Notes</g></source><seg-source><mrk mtype="seg" mid="1">see <x id="1"/> and <g id="2">Release Notes</g>'
        "</mrk></seg-source></trans-unit></body></file></xliff>", encoding="utf-8")
    (segment,) = read_corpus(path).segments
    assert segment.source == 'see <x id="1"/> and <g id="2">Release Notes</g>'


def test_crossing_pairs_and_a_lone_half(tmp_path):
    path = tmp_path / "cross.xlf"
    path.write_text(
        '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
        'datatype="plaintext" original="x"><body><trans-unit id="a"><source>'
        '<bpt id="1">[b]</bpt>a<bpt id="2">[i]</bpt>b<ept id="1">[/b]</ept>c<ept id="2">[/i]</ept> d<ept id="3">[/u]</ept>'
        "</source></trans-unit></body></file></xliff>", encoding="utf-8")
    (segment,) = read_corpus(path).segments
    # Pair 1 crosses pair 2: it stays two halves; pair 2 nests; the lone ept is a closing half.
    assert segment.source == '<bx id="1"/>a<g id="2">b<ex id="1"/>c</g> d<ex id="3"/>'
    assert segment.restore(segment.source) == (
        '<bpt id="1">[b]</bpt>a<bpt id="2">[i]</bpt>b<ept id="1">[/b]</ept>c<ept id="2">[/i]</ept> d<ept id="3">[/u]</ept>')


def test_a_file_without_namespace_but_version_1_2(tmp_path):
    path = tmp_path / "nons.xlf"
    path.write_text('<xliff version="1.2"><file source-language="en" target-language="ja" datatype="x" original="x">'
                    '<body><trans-unit id="a"><source>Hi <g id="1">you</g></source></trans-unit></body></file></xliff>',
                    encoding="utf-8")
    corpus = read_corpus(path)
    assert corpus.segments[0].source == 'Hi <g id="1">you</g>'
    out = corpus.write(tmp_path / "o.xlf", ['やあ <g id="1">君</g>'])
    assert '</source><target state="needs-review-translation" state-qualifier="mt-suggestion">やあ <g id="1">君</g></target>' \
        in out.read_text("utf-8")


def test_several_files_prefix_the_ids(tmp_path):
    path = tmp_path / "two.xlf"
    unit = '<trans-unit id="1"><source>x</source></trans-unit>'
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
                    f'<file original="a" source-language="en" datatype="x"><body>{unit}</body></file>'
                    f'<file original="b" source-language="en" datatype="x"><body>{unit}</body></file></xliff>',
                    encoding="utf-8")
    assert [s.id for s in read_corpus(path).segments] == ["a/1", "b/1"]


@pytest.mark.parametrize(
    "text, message",
    [
        ('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"></xliff>', "no <file> element"),
        ('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file><body><trans-unit id="7">'
         "<target>x</target></trans-unit></body></file></xliff>", "trans-unit '7' has no <source>"),
        ('<?xml version="1.0" encoding="Shift_JIS"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
         "<file><body/></file></xliff>", "Shift_JIS: tagmt reads and writes XML in UTF-8 or a single-byte encoding"),
    ],
)
def test_bad_xliff_is_one_line(tmp_path, text, message):
    path = tmp_path / "bad.xlf"
    path.write_text(text, encoding="latin-1")
    with pytest.raises(TagmtError, match=re.escape(message)):
        read_corpus(path)
