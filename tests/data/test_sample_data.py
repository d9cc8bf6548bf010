"""The bundled sample: upstream layout, 4-way parallel, every kind of markup, text files equal to the views."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from tagmt.data.dataset import open_dataset
from tagmt.data.stats import inline_elements, meta_lines
from tagmt.data.views import segment_lines, write_dita
from tagmt.data.xliff import PairedCode, Placeholder, Protected, load_document, parse_xliff

PAIRS = ("enja", "enko", "enzf", "enzh")
TARGET_LANGUAGE = {"enja": "ja-JP", "enko": "ko-KR", "enzh": "zh-CN", "enzf": "zh-TW"}
X = "{urn:oasis:names:tc:xliff:document:1.2}"


@pytest.fixture(scope="module")
def dataset(sample_data):
    return open_dataset(sample_data)


@pytest.fixture(scope="module")
def documents(dataset):
    """pair → list of Documents (numeric order)."""
    return {pair: [load_document(p) for p in dataset.documents("dev", pair)] for pair in PAIRS}


def _codes(content):
    """Every inline code in a segment, depth first."""
    for item in content:
        if isinstance(item, str):
            continue
        yield item
        if isinstance(item, (PairedCode, Protected)):
            yield from _codes(item.children)


def _text(content) -> str:
    return "".join(item if isinstance(item, str) else _text(getattr(item, "children", [])) for item in content)


def test_upstream_layout_and_numeric_order(dataset, sample_data):
    assert dataset.splits() == ["dev"]
    assert dataset.pairs("dev") == list(PAIRS)
    for pair in PAIRS:
        docs = dataset.documents("dev", pair)
        assert [int(p.stem) for p in docs] == list(range(8, 18))  # 8, 9, 10 … not 10, 11, … 8, 9
        folder = docs[0].parent.parent
        # the upstream repository's layout: <split>_data/<pair>/documents at the top of the data folder
        assert folder.parent.name == "dev_data" and folder.parent.parent == sample_data


def test_four_way_parallel(dataset, documents):
    """Same English, trans-unit ids, mids and code ids in every pair; targets in the pair's language."""
    reference = [etree.tostring(parse_xliff(p)) for p in dataset.documents("dev", "enja")]
    for pair in PAIRS:
        for path, ref_bytes in zip(dataset.documents("dev", pair), reference):
            tree = parse_xliff(path)
            assert tree.getroot().find(f"{X}file").get("target-language") == TARGET_LANGUAGE[pair]
            ref = etree.fromstring(ref_bytes)
            for unit, ref_unit in zip(tree.iter(f"{X}trans-unit"), ref.iter(f"{X}trans-unit"), strict=True):
                assert unit.get("id") == ref_unit.get("id")
                for name in ("source", "seg-source"):
                    mine, theirs = unit.find(X + name), ref_unit.find(X + name)
                    assert (mine is None) == (theirs is None)
                    if mine is not None:
                        assert etree.tostring(mine) == etree.tostring(theirs), (path, unit.get("id"))
        for doc, ref_doc in zip(documents[pair], documents["enja"]):
            for (u, s, t), (_, rs, rt) in zip(doc.segment_pairs(), ref_doc.segment_pairs(), strict=True):
                assert s == rs and t.mid == rt.mid == s.mid
                # the target carries exactly the source's codes (same ids, same DITA markup), maybe reordered
                assert sorted((c.id or "", c.markup) for c in _codes(t.content)) == sorted(
                    (c.id or "", c.markup) for c in _codes(s.content))
                assert _text(t.content) != _text(s.content), (pair, doc.id, s.mid)  # translated


def test_covers_every_kind_of_markup(dataset, documents):
    docs = documents["enja"]
    units = [u for d in docs for u in d.units]
    pairs = [(u, s, t) for d in docs for u, s, t in d.segment_pairs()]
    codes = [c for _, s, _ in pairs for c in _codes(s.content)]
    names = {n for _, s, _ in pairs for n in inline_elements(s.content)}
    assert names >= {
        "uicontrol", "emphasis", "cite", "codeph", "userinput", "systemoutput", "i", "pname", "keyword",
        "uinolabel", "ph", "alt", "xref", "menucascade", "sap-technical-name", "sap-note", "sap-icon-font",
        "sap-icon-font-size", "sap-icon-font-color", "sap-icon-background-color", "sap-icon-font-character",
        "sap-icon-font-description",
    }
    assert {u.context for u, _, _ in pairs} >= {"title", "section", "list_element", "table_element", "example"}
    assert any(not u.translate for u in units)  # DITA skeleton units
    assert any(u.translate and not u.source_segments for u in units)  # empty and code-only units
    assert any(len(u.source_segments) >= 3 for u in units)  # multi-sentence units
    # nesting: menucascade › uicontrol, sap-icon-font › ph + protected character
    assert any(isinstance(c, PairedCode) and c.start == "<menucascade>"
               and sum(isinstance(k, PairedCode) for k in c.children) == 3 for c in codes)
    assert any(isinstance(c, PairedCode) and c.start == "<sap-icon-font>"
               and any(isinstance(k, Protected) for k in c.children) for c in codes)
    # self-closing codes with attributes, paired codes with attributes, protected references
    assert any(isinstance(c, Placeholder) and c.markup.startswith('<xref keyref="loio') for c in codes)
    assert any(isinstance(c, Placeholder) and c.markup.startswith("<sap-icon-font-size size=") for c in codes)
    assert any(isinstance(c, PairedCode) and c.start.startswith('<xref keyref="') for c in codes)
    assert any(isinstance(c, PairedCode) and c.start == '<ph translate="no">' for c in codes)
    assert sum(isinstance(c, Protected) for c in codes) >= 8
    assert any(isinstance(c, Placeholder) and c.markup.startswith("<!--") for c in codes)  # comment, not an element
    # literal text that looks like markup, and an ampersand
    texts = [_text(s.content) for _, s, _ in pairs]
    assert any("<<SHIPPED_QUANTITY>>" in t for t in texts)
    assert any("<name of composition type>" in t for t in texts)
    assert any("drag & drop" in t for t in texts)
    # targets whose code order differs from the source
    reordered = [s for _, s, t in pairs
                 if [c.id for c in _codes(s.content)] != [c.id for c in _codes(t.content)]]
    assert len(reordered) >= 4
    # a paired code around the segment (an <image> holding the segment's <alt>)
    raw = (dataset.documents("dev", "enja")[8]).read_text(encoding="utf-8")
    assert '<seg-source><bpt id="13">&lt;image' in raw


@pytest.mark.parametrize("pair", PAIRS)
def test_text_files_equal_the_views(dataset, pair):
    """The upstream-style concatenated files are exactly the views (and .meta rows) of the documents."""
    xx = pair[2:]
    folder = dataset.documents_dir("dev", pair).parent
    expected = {
        f"software_documentation.dev.{pair}.en": segment_lines(dataset, "dev", f"en-{xx}", "plain", "source"),
        f"software_documentation.dev.{pair}.{xx}": segment_lines(dataset, "dev", f"en-{xx}", "plain", "target"),
        f"software_documentation.source-text-dita-translatables.dev.{pair}.en":
            segment_lines(dataset, "dev", f"en-{xx}", "tagged", "source"),
        f"software_documentation.target-text-dita-translatables.dev.{pair}.{xx}":
            segment_lines(dataset, "dev", f"en-{xx}", "tagged", "target"),
        f"software_documentation.dev.{pair}.meta": meta_lines(dataset, "dev", pair),
    }
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == sorted(expected)
    for name, lines in expected.items():
        assert (folder / name).read_text(encoding="utf-8") == "".join(line + "\n" for line in lines), name


def test_dita_view_of_every_document_parses(dataset, tmp_path: Path):
    parser = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities=False)
    for pair in PAIRS:
        for side in ("source", "target"):
            written = write_dita(dataset, "dev", f"en-{pair[2:]}", side, tmp_path / pair / side)
            assert len(written) == 10
            for path in written:
                root = etree.parse(str(path), parser).getroot()
                assert root.tag == "concept" and root.find("title").text
