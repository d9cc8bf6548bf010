"""DT tag checks and repair by projection (tagmt.translation.repair), and document mode's chunking on
element boundaries (tagmt.translation.documents), on hand-made cases and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from tagmt.data.xliff import PARSER
from tagmt.errors import TagmtError
from tagmt.testing.tiny_chat import dita_document
from tagmt.translation.documents import chunk_document
from tagmt.translation.repair import TagCheck, check_tags, repair_by_projection, tags_match


@pytest.mark.parametrize("source, output, match", [
    ("Click <b>Save</b>.", "Klicken Sie auf <b>Sichern</b>.", True),
    ("A <b>x</b> and <i>y</i>.", "<i>Y</i> und <b>X</b>.", True),          # reordered: fine
    ("See <x id=\"2\"/>.", "Siehe <x id=\"2\" />.", False),                 # rewritten code
    ("Click <b>Save</b>.", "Klicken Sie auf Sichern.", False),              # lost
    ("Click <b>Save</b>.", "Klicken <b>Sie</b> auf <b>Sichern</b>.", False),  # doubled
    ("Click <b>Save</b>.", "Klicken Sie </b>auf<b> Sichern.", False),       # same tags, not well-formed
    ("Plain.", "Schlicht.", True),
    ("Plain.", "Schlicht <b>fett</b>.", False),                              # invented
    ("Broken </b> source <b>.", "Kaputt <b> Quelle </b>.", True),            # source not well-formed either
])
def test_tags_match(source, output, match):
    assert tags_match(source, output) is match


def test_check_tags_reports_indices():
    report = check_tags(["<b>a</b>", "b", "<x/>"], ["<b>A</b>", "B <i>!</i>", "C"])
    assert report.mismatched == [1, 2] and report.as_dict() == {"segments": 3, "tag_mismatches": 2, "repaired": 0}


def test_repair_by_projection_fixes_only_mismatches():
    pytest.importorskip("eflomal")
    from tagmt.projection.align import get_aligner

    sources = ["Click <b>Save</b> now.", "Open the <i>file</i>.", "See <x id=\"1\"/> here."]
    outputs = ["Klicken Sie jetzt auf <b>Sichern</b>.", "Öffnen Sie die Datei.", "Siehe <x id=\"1\" /> hier."]
    report = check_tags(sources, outputs)
    assert report.mismatched == [1, 2]
    lines = repair_by_projection(sources, outputs, report, "en", "de", get_aligner("eflomal"))
    assert lines[0] == outputs[0]
    assert all(tags_match(s, o) for s, o in zip(sources, lines))
    assert etree.fromstring(f"<r>{lines[1]}</r>").xpath("string()") == "Öffnen Sie die Datei."
    assert report.repaired == 2


def test_repair_with_nothing_to_repair_is_identity():
    report = TagCheck(1)
    assert repair_by_projection(["a"], ["b"], report, "en", "de", aligner=None) == ["b"]


def _same_tree(a: str, b: str) -> bool:
    def canon(text: str) -> bytes:
        return etree.tostring(etree.fromstring(text.encode("utf-8"), PARSER), method="c14n")
    return canon(a) == canon(b)


def test_a_document_that_fits_is_one_chunk():
    doc = dita_document(30)
    chunked = chunk_document(doc, budget=100_000)
    assert len(chunked.chunks) == 1 and chunked.oversized == 0
    assert chunked.prefix.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept PUBLIC')
    assert _same_tree(chunked.prefix + chunked.chunks[0], doc)


def test_chunks_cut_on_element_boundaries_and_join_back():
    doc = dita_document(30)
    chunked = chunk_document(doc, budget=120)
    assert len(chunked.chunks) > 3
    assert _same_tree(chunked.prefix + "".join(chunked.chunks), doc)
    for chunk in chunked.chunks:
        # No paragraph, list item or title is ever cut: each chunk holds whole ones.
        for name in ("p", "li", "title", "shortdesc"):
            assert chunk.count(f"<{name}>") == chunk.count(f"</{name}>")


def test_an_element_larger_than_the_budget_goes_alone_and_is_counted():
    doc = "<topic><body><p>" + "word " * 200 + "</p><p>short</p></body></topic>"
    chunked = chunk_document(doc, budget=50)
    assert chunked.oversized == 1
    assert any("word word" in c and "short" not in c for c in chunked.chunks)
    assert _same_tree("".join(chunked.chunks), doc)


def test_chunking_refuses_malformed_xml():
    with pytest.raises(TagmtError, match="document 7 is not well-formed XML"):
        chunk_document("<a><b></a>", 100, "document 7")


@settings(max_examples=40, deadline=None)
@given(segments=st.integers(min_value=2, max_value=40), budget=st.integers(min_value=20, max_value=2000),
       seed=st.integers(min_value=0, max_value=1000))
def test_chunks_always_join_back_to_the_document(segments, budget, seed):
    doc = dita_document(segments, seed)
    chunked = chunk_document(doc, budget)
    assert _same_tree(chunked.prefix + "".join(chunked.chunks), doc)


def test_scores_of_documents_include_tree_similarity_and_survive_its_size_limit():
    from tagmt.metrics.tree import MAX_NODES
    from tagmt.translation.documents import score_translated_documents

    doc = dita_document(10)
    scores = score_translated_documents([doc], [doc])
    assert scores["tree-sim"]["score"] == 100.0 and scores["xater"]["score"] == 100.0
    big = "<topic>" + "<p>x</p>" * MAX_NODES + "</topic>"
    scores = score_translated_documents([big], [big])
    assert scores["tree-sim"]["score"] is None and f"limited to {MAX_NODES} elements" in scores["tree-sim"]["reason"]
    assert scores["xater"]["score"] == 100.0
