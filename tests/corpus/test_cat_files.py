"""Real-looking CAT-tool files (tests/corpus/files, written for these tests from the XLIFF 1.2/2.x
specifications and what the tools write): each loads, round-trips byte for byte, keeps everyone's work as
CAT tools pre-translate (issue 19), and changes nothing outside the targets it writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagmt.corpus import read_corpus
from tagmt.xmltext import escape
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.safexml import parse_bytes

FILES = Path(__file__).parent / "files"

#: file → (segments, targets written by default, targets written with overwrite)
EXPECTED = {
    "trados.sdlxliff": (6, 2, 5),
    "memoq.mqxliff": (4, 2, 3),
    "okapi-rainbow.xlf": (5, 4, 5),
    "xcode.xliff": (5, 2, 4),
    "typo3-locallang.de.xlf": (3, 1, 3),
    "toolkit-omegat.xlf": (4, 1, 4),
    "modules.xliff20.xlf": (5, 2, 5),
    "its.xliff21.xlf": (2, 1, 2),
    "ns.xliff22.xlf": (4, 4, 4),
    "cp1252.xlf": (2, 1, 2),
    "multi-file.xlf": (3, 2, 3),
}

_TARGET = re.compile(rb"\s*<(?:[\w.-]+:)?target\b(?:[^>]*/>|.*?</(?:[\w.-]+:)?target>)", re.DOTALL)
_STATE = re.compile(rb' (?:state|state-qualifier|subState|approved|target-language|trgLang)="[^"]*"')


def outside_targets(data: bytes) -> bytes:
    """The document without its targets and the attributes a written target may change."""
    return _STATE.sub(b"", _TARGET.sub(b"", data))


def target_bytes(corpus) -> dict[str, bytes | None]:
    """Each segment's own target bytes (the target element, or its ``mrk`` in a segmented target)."""
    found: dict[str, bytes | None] = {}
    if corpus.format == "xliff12":
        doc, units, _ = corpus.native
        for unit in units:
            mrks = unit.target_mrks or {}  # the target's <mrk mtype="seg"> by mid, as element numbers
            for k, mrk in zip(unit.segments, unit.mrks or [None]):
                element = unit.target if mrk is None else mrks.get(mrk[0])
                found[corpus.segments[k].id] = None if element is None else doc.index.outer(element)
    else:
        doc, places, _ = corpus.native
        for segment, place in zip(corpus.segments, places):
            found[segment.id] = None if place.target is None else (
                doc.index.start_tag(place.element) + doc.index.outer(place.target))
    return found


def codes(tagged: str | None) -> list[str]:
    return sorted(t.text for t in tokenize(tagged or "", orphans=True) if t.is_markup)


def copy_translate(path: Path, out: Path, overwrite: bool = False):
    """What ``translate --model copy`` writes: each source as its own target, where the file lets it."""
    corpus = read_corpus(path)
    allowed, _ = corpus.plan(overwrite)
    targets = [s.source if k in allowed else None for k, s in enumerate(corpus.segments)]
    corpus.write(out, targets, overwrite=overwrite)
    return corpus, allowed


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_loads_and_round_trips_byte_for_byte(name, tmp_path):
    corpus = read_corpus(FILES / name)
    assert len(corpus.segments) == EXPECTED[name][0]
    out = corpus.write(tmp_path / name, [None] * len(corpus.segments))
    assert out.read_bytes() == (FILES / name).read_bytes()


@pytest.mark.parametrize("overwrite", [False, True])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_writes_only_what_it_may_and_keeps_the_rest_byte_for_byte(name, overwrite, tmp_path):
    given_bytes = (FILES / name).read_bytes()
    out = tmp_path / name
    before, allowed = copy_translate(FILES / name, out, overwrite)
    assert len(allowed) == EXPECTED[name][2 if overwrite else 1]
    data = out.read_bytes()
    parse_bytes(data, out)  # well formed
    assert outside_targets(data) == outside_targets(given_bytes)
    after = read_corpus(out)
    old, new = target_bytes(before), target_bytes(after)
    for k, (b, a) in enumerate(zip(before.segments, after.segments)):
        assert a.id == b.id and a.source == b.source
        if k in allowed:  # written: the copy, with every code of the source
            assert a.reference == b.source and codes(a.reference) == codes(b.source)
            assert a.may_write() is not None or a.keep is None  # its state no longer asks (or is MT)
        else:  # someone's work, a lock or an empty source: the very same bytes
            assert new[a.id] == old[b.id], a.id


def test_a_written_target_says_machine_translation_and_clears_approved(tmp_path):
    out = tmp_path / "o.xlf"
    copy_translate(FILES / "typo3-locallang.de.xlf", out, overwrite=True)
    text = out.read_text("utf-8")
    assert 'approved="yes"' not in text and text.count('approved="no"') == 2
    assert '<target state="needs-review-translation" state-qualifier="mt-suggestion">Back</target>' in text
    # a new target in a namespace-less XLIFF 1.0 file, indented like its source
    assert ('<source>No news available.</source>\n\t\t\t\t<target state="needs-review-translation" '
            'state-qualifier="mt-suggestion">No news available.</target>') in text
    copy_translate(FILES / "modules.xliff20.xlf", out, overwrite=True)
    text = out.read_text("utf-8")
    assert '<segment state="translated" subState="tagmt:mt"><source>Terms' in text  # acme:signed was stale
    assert '<segment state="translated" subState="tagmt:mt"><source>Help</source><target>Help</target>' in text


def test_segmented_target_keeps_translator_text_order_attributes_and_target_only_codes(tmp_path):
    out = tmp_path / "o.xlf"
    copy_translate(FILES / "okapi-rainbow.xlf", out)
    text = out.read_text("utf-8")
    assert ('<mrk mid="1" mtype="seg" itsxlf:locQualityIssuesRef="q1">Two.</mrk> [nota del traductor] '
            '<mrk mid="0" mtype="seg">One.</mrk> <g id="9">nur im Ziel</g> <mrk mtype="term" mid="t1">Uno</mrk>'
            '</target>') in text
    # CR and tab of the source come back as the source has them: CR as a reference, never raw
    assert '<mrk mid="0" mtype="seg">Carriage&#13;return and tab\tkept.</mrk></target>' in text
    assert "\r" not in text


def test_trados_segments_follow_their_own_status(tmp_path):
    out = tmp_path / "o.sdlxliff"
    copy_translate(FILES / "trados.sdlxliff", out, overwrite=True)
    text = out.read_text("utf-8")
    # the locked, signed-off segment 1 is untouched; the empty mrk 2 gets its content in place
    assert ('<target state="needs-review-translation" state-qualifier="mt-suggestion"><mrk mtype="seg" mid="1">'
            'Installieren Sie das Paket.</mrk> <mrk mtype="seg" mid="2">Then restart the <g id="pt1">server</g>.'
            '</mrk></target>') in text
    # no target at all: one is made from the seg-source
    assert ('<seg-source><mrk mtype="seg" mid="6">Done.</mrk></seg-source>\n        <target state="needs-review-'
            'translation" state-qualifier="mt-suggestion"><mrk mtype="seg" mid="6">Done.</mrk></target>') in text
    assert '<sdl:seg id="1" conf="ApprovedSignOff" origin="interactive" locked="true"/>' in text


def test_empty_source_never_loses_its_target(tmp_path):
    corpus = read_corpus(FILES / "xcode.xliff")
    out = corpus.write(tmp_path / "o.xliff", [""] * len(corpus.segments), overwrite=True)
    assert "<source/>\n        <target>Leer</target>" in out.read_text("utf-8")
    assert corpus.kept["empty source"] == 1


def test_codes_that_cannot_be_deleted_or_reordered_refuse_the_target(tmp_path):
    corpus = read_corpus(FILES / "modules.xliff20.xlf")
    targets: list[str | None] = [None] * len(corpus.segments)
    targets[0] = 'Benvenuti in <g id="1">Acme</g>.'  # the {name} placeholder (canDelete="no") dropped
    out = corpus.write(tmp_path / "o.xlf", targets)
    assert out.read_bytes() == (FILES / "modules.xliff20.xlf").read_bytes()
    assert corpus.kept['a code marked canDelete="no" would be dropped'] == 1
    targets[0] = 'Benvenuti <x id="3"/> in <g id="1">Acme</g>.'
    corpus.write(tmp_path / "o.xlf", targets)
    assert '<target>Benvenuti <ph id="3" dataRef="d3" canDelete="no"/> in <pc id="1"' in (tmp_path / "o.xlf").read_text("utf-8")


def test_8bit_file_is_written_back_in_its_own_encoding(tmp_path):
    corpus = read_corpus(FILES / "cp1252.xlf")
    assert corpus.segments[0].source == "Prix : 20 € — payé"
    out = corpus.write(tmp_path / "o.xlf", ["Preis → 20 € — bezahlt", None])
    data = out.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="windows-1252"?>')
    assert "<target state=\"needs-review-translation\" state-qualifier=\"mt-suggestion\">Preis &#8594; 20 € — bezahlt".encode("cp1252") in data
    assert read_corpus(out).segments[0].reference == "Preis → 20 € — bezahlt"


def test_targets_beside_namespaced_sources_are_in_the_xliff_namespace(tmp_path):
    out = tmp_path / "o.xlf"
    copy_translate(FILES / "ns.xliff22.xlf", out)
    text = out.read_text("utf-8")
    assert '<x:segment state="translated" subState="tagmt:mt"><x:source>Hello <x:pc id="1">world</x:pc>.</x:source><x:target>Hello' in text
    assert '<x:target>Second <x:ph id="2"/> sentence.</x:target>' in text  # the empty <x:target/> filled
    assert '</source><x:target xmlns="urn:oasis:names:tc:xliff:document:2.2">Default namespace' in text
    assert '</y:source><x:target xmlns:y="urn:oasis:names:tc:xliff:document:2.2">Prefix declared' in text
    assert all(s.reference == s.source for s in read_corpus(out).segments)


def test_source_declaring_its_own_prefix_gives_a_well_formed_target(tmp_path):
    path = tmp_path / "p.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:o="urn:other"><file '
                    'source-language="en" target-language="de" datatype="x" original="x"><body><trans-unit id="1">'
                    '<p:source xmlns:p="urn:oasis:names:tc:xliff:document:1.2">A <p:g id="1">b</p:g></p:source>'
                    '</trans-unit></body></file></xliff>', encoding="utf-8")
    corpus = read_corpus(path)
    out = corpus.write(tmp_path / "o.xlf", corpus.sources)
    parse_bytes(out.read_bytes(), out)
    assert read_corpus(out).segments[0].reference == 'A <g id="1">b</g>'


def test_state_text_inside_another_attribute_is_not_an_attribute(tmp_path):
    path = tmp_path / "p.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
                    'target-language="de" datatype="x" original="x"><body><trans-unit id="1"><source>Hi</source>'
                    "<target resname=' state=\"final\"' state=\"new\"/></trans-unit></body></file></xliff>",
                    encoding="utf-8")
    corpus = read_corpus(path)
    text = corpus.write(tmp_path / "o.xlf", ["Hallo"]).read_text("utf-8")
    assert ("<target resname=' state=\"final\"' state=\"needs-review-translation\" "
            "state-qualifier=\"mt-suggestion\">Hallo</target>") in text


def test_nested_segment_markers_are_handled(tmp_path):
    path = tmp_path / "p.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
                    'target-language="de" datatype="x" original="x"><body><trans-unit id="1"><source>A B</source>'
                    '<seg-source><mrk mtype="seg" mid="1">A <mrk mtype="seg" mid="2">B</mrk></mrk></seg-source>'
                    '<target><mrk mtype="seg" mid="1">x <mrk mtype="seg" mid="2">y</mrk></mrk></target>'
                    '</trans-unit></body></file></xliff>', encoding="utf-8")
    corpus = read_corpus(path)
    assert [s.id for s in corpus.segments] == ["1#1"]  # the inner marker is content of the outer one
    out = corpus.write(tmp_path / "o.xlf", [corpus.sources[0]], overwrite=True)
    parse_bytes(out.read_bytes(), out)
    path.write_text(path.read_text("utf-8").replace('mid="2">B', 'mid="1">B'), encoding="utf-8")
    path.write_text(path.read_text("utf-8").replace('A <mrk mtype="seg" mid="1">B</mrk></mrk>',
                                                    'A</mrk> <mrk mtype="seg" mid="1">B</mrk>'), encoding="utf-8")
    with pytest.raises(TagmtError, match="two <mrk mtype=\"seg\"> with mid '1'"):
        read_corpus(path)


def test_each_file_keeps_its_own_language_pair():
    corpus = read_corpus(FILES / "multi-file.xlf")
    assert [(s.src_lang, s.trg_lang) for s in corpus.segments] == [("en", "de"), ("en", "de"), ("en", "fr")]


@pytest.mark.parametrize("text, message", [
    ('<xliff version="1.0"><file source-language="en" datatype="x" original="x"><body><trans-unit id="1">'
     "<source>a</source></trans-unit></body></file></xliff>", None),
    ('<xliff version="1.1" xmlns="urn:oasis:names:tc:xliff:document:1.1"><file source-language="en" datatype="x" '
     'original="x"><body><trans-unit id="1"><source>a</source></trans-unit></body></file></xliff>', None),
    ('<xliff version="2.2" xmlns="urn:oasis:names:tc:xliff:document:2.2" srcLang="en"><file id="f"><unit id="u">'
     "<segment><source>a</source></segment></unit></file></xliff>", None),
    ('<xliff version="2.2" xmlns="urn:oasis:names:tc:xliff:document:3.0" srcLang="en"/>', "2.2 (urn:oasis:names:tc:xliff:document:2.2)"),
    ('<?xml version="1.0" encoding="UTF-16"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
     "<file/></xliff>", "UTF-16"),
])
def test_every_xliff_version_in_use(tmp_path, text, message):
    path = tmp_path / "v.xlf"
    path.write_bytes(text.encode("utf-16") if "UTF-16" in text else text.encode("utf-8"))
    if message is None:
        assert read_corpus(path).sources == ["a"]
    else:
        with pytest.raises(TagmtError, match=re.escape(message)):
            read_corpus(path)


_TEXT = st.text(alphabet="ab &<>\r\té€→\"'", max_size=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(["trados.sdlxliff", "okapi-rainbow.xlf", "modules.xliff20.xlf", "cp1252.xlf",
                             "ns.xliff22.xlf", "xcode.xliff"]),
       texts=st.lists(st.one_of(st.none(), _TEXT), min_size=6, max_size=6), overwrite=st.booleans())
def test_splice_writes_exactly_the_allowed_targets(tmp_path, name, texts, overwrite):
    """Whatever is written where: the output is well formed, written targets read back as given, every
    other target keeps its bytes, and nothing outside the targets changes."""
    corpus = read_corpus(FILES / name)
    targets = [None if t is None else escape(t) for t in texts[:len(corpus.segments)]]
    if corpus.format == "xliff2":  # codes a target must keep: give them back
        targets = [t if t is None or not s.fixed else t + s.source for t, s in zip(targets, corpus.segments)]
    out = corpus.write(tmp_path / name, targets, overwrite=overwrite)
    data = out.read_bytes()
    parse_bytes(data, out)
    assert outside_targets(data) == outside_targets((FILES / name).read_bytes())
    after = read_corpus(out)
    old, new = target_bytes(corpus), target_bytes(after)
    for b, a, t in zip(corpus.segments, after.segments, targets):
        if t is not None and b.may_write(overwrite) is None:
            assert (a.reference or "") == t.strip() or (a.reference or "").strip() == t.strip()
        else:
            assert new[a.id] == old[b.id]


def test_segmented_unit_with_an_unsegmented_target(tmp_path):
    path = tmp_path / "p.xlf"
    path.write_text('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" '
                    'target-language="de" datatype="x" original="x"><body><trans-unit id="1"><source>A. B.</source>'
                    '<seg-source><mrk mtype="seg" mid="1">A.</mrk> <mrk mtype="seg" mid="2">B.</mrk></seg-source>'
                    '<target state="final">Eins. Zwei.</target></trans-unit></body></file></xliff>', encoding="utf-8")
    corpus = read_corpus(path)
    assert [s.keep for s in corpus.segments] == ["final", "final"]  # the human target as a whole is kept
    assert corpus.write(tmp_path / "o.xlf", corpus.sources).read_bytes() == path.read_bytes()
    text = corpus.write(tmp_path / "o.xlf", corpus.sources, overwrite=True).read_text("utf-8")
    assert ('<target state="needs-review-translation" state-qualifier="mt-suggestion"><mrk mtype="seg" mid="1">A.'
            '</mrk> <mrk mtype="seg" mid="2">B.</mrk></target>') in text


def test_source_with_its_own_prefix_and_another_default_namespace(tmp_path):
    path = tmp_path / "p.xlf"
    path.write_text('<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de">'
                    '<file id="f"><unit id="u"><segment><x:source xmlns:x="urn:oasis:names:tc:xliff:document:2.0"'
                    ' xmlns="urn:other">A <x:ph id="1"/></x:source></segment></unit></file></xliff>', encoding="utf-8")
    corpus = read_corpus(path)
    text = corpus.write(tmp_path / "o.xlf", corpus.sources).read_text("utf-8")
    parse_bytes(text.encode("utf-8"), path)
    assert '<xlf:target xmlns:x="urn:oasis:names:tc:xliff:document:2.0" xmlns="urn:other" ' \
           'xmlns:xlf="urn:oasis:names:tc:xliff:document:2.0">A <x:ph id="1"/></xlf:target>' in text
    assert read_corpus(tmp_path / "o.xlf").segments[0].reference == 'A <x id="1"/>'
