"""The XLIFF object model: known answers on the tiny data set, and agreement with the XSLT views."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from tagmt.data.dataset import open_dataset
from tagmt.data.views import document_lines, stylesheet
from tagmt.data.xliff import (
    PARSER,
    IsolatedCode,
    PairedCode,
    Placeholder,
    Protected,
    load_document,
    parse_xliff,
)
from tagmt.testing.tiny_xliff import write_tiny_dataset


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return write_tiny_dataset(tmp_path_factory.mktemp("tiny"))


def render_tagged(content) -> str:
    """The tagged view written from the objects, by upstream's rules (whitespace-only text dropped)."""
    out = []
    for item in content:
        if isinstance(item, str):
            if item.strip(" \t\r\n"):
                out.append(item.replace("\n", ""))
        elif isinstance(item, Placeholder):
            out.append(f'<xref id="{item.xid}"/>' if item.locked else item.markup.replace("\n", ""))
        elif isinstance(item, PairedCode):
            out.append(item.start.replace("\n", "") + render_tagged(item.children) + item.end.replace("\n", ""))
        elif isinstance(item, IsolatedCode):
            out.append(item.markup.replace("\n", ""))
        elif isinstance(item, Protected):
            out.append(render_tagged(item.children))
    return "".join(out)


def test_document_header_and_units(tiny):
    doc = load_document(tiny / "dev_data" / "enko" / "documents" / "10.xlf")
    assert (doc.id, doc.source_lang, doc.target_lang) == (10, "en-US", "ko-KR")
    assert [u.translate for u in doc.units] == [False, False, True, False, True, False, True, True, False]
    assert [u.context for u in doc.units if u.translate] == ["title", "p", "p", "p"]
    assert [(u.id, s.mid, t.mid) for u, s, t in doc.segment_pairs()] == [
        ("u2", "1", "1"), ("u4", "2", "2"), ("u4", "3", "3"), ("u6", "4", "4"), ("u7", "5", "5"),
    ]


def test_inline_codes_are_objects_with_ids_and_markup(tiny):
    doc = load_document(tiny / "dev_data" / "enja" / "documents" / "10.xlf")
    segs = {s.mid: s for _, s, _ in doc.segment_pairs()}
    assert segs["2"].content == [
        "Click ",
        PairedCode("6", None, "<uicontrol>", "</uicontrol>", ["Save"]),
        " ",
        PairedCode("7", None, "<b>", "</b>", ["now"]),
        ".",
    ]
    assert segs["3"].content == [
        "See ", Placeholder("8", None, '<xref href="a.dita"/>'), " & the \nlist of <name of type>."
    ]
    icon = segs["4"].content[1]
    assert isinstance(icon, Protected)
    assert icon.children == [
        PairedCode("11", None, "<sap-icon-font-character>", "</sap-icon-font-character>", ["\ue0f1"])
    ]
    locked = segs["5"].content[1]
    assert locked == Placeholder("locked1", "lockTU_9", "") and locked.locked
    target = {t.mid: t for _, _, t in doc.segment_pairs()}
    assert target["1"].content == ["JA Post Invoices"]


def test_unpaired_codes_become_isolated(tmp_path):
    xlf = tmp_path / "dev_data" / "enja" / "documents" / "1.xlf"
    xlf.parent.mkdir(parents=True)
    seg = 'A <bpt id="1">&lt;b&gt;</bpt>B <ept id="2">&lt;/i&gt;</ept><it id="3" pos="open">&lt;u&gt;</it>'
    xlf.write_text(
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file source-language="en-US" '
        f'target-language="ja-JP"><body><trans-unit id="x"><seg-source><mrk mtype="seg" mid="1">{seg}</mrk>'
        f'</seg-source><target><mrk mtype="seg" mid="1">{seg}</mrk></target></trans-unit></body></file></xliff>',
        encoding="utf-8",
    )
    (_, src, _), = load_document(xlf).segment_pairs()
    assert src.content == [
        "A ",
        IsolatedCode("1", None, "<b>", "open"),
        "B ",
        IsolatedCode("2", None, "</i>", "close"),
        IsolatedCode("3", None, "<u>", "open"),
    ]
    assert document_lines(xlf, "tagged", "source") == ["A <b>B </i><u>"]


def test_object_model_renders_like_the_xslt_on_the_tiny_set(tiny):
    for path in open_dataset(tiny).documents("dev", "enzh"):
        doc = load_document(path)
        assert [render_tagged(s.content) for _, s, _ in doc.segment_pairs()] == document_lines(path, "tagged", "source")
        assert [render_tagged(t.content) for _, _, t in doc.segment_pairs()] == document_lines(path, "tagged", "target")


@pytest.mark.sapdev
def test_object_model_renders_like_the_xslt_on_sap_dev(sap_dev):
    ds = open_dataset(sap_dev)
    for pair in ("enja", "enzf"):
        for path in ds.documents("dev", pair):
            doc = load_document(path)
            assert [render_tagged(s.content) for _, s, _ in doc.segment_pairs()] == document_lines(
                path, "tagged", "source"
            ), path
            assert [render_tagged(t.content) for _, _, t in doc.segment_pairs()] == document_lines(
                path, "tagged", "target"
            ), path


# Random segments: text with the awkward characters, ph codes, bpt…ept pairs (nested), protected spans.
_TEXT = st.text(alphabet="ab &<>\n\t\ue0f1", min_size=1, max_size=6)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _items(depth: int):
    leaf = st.one_of(
        _TEXT.map(_escape),
        st.sampled_from(["&lt;xref href=&quot;a.dita&quot;/&gt;", "&lt;sap-icon-font-size/&gt;"]).map(
            lambda m: f'<ph id="9">{m}</ph>'
        ),
    )
    if depth == 0:
        return st.lists(leaf, max_size=4).map("".join)
    inner = _items(depth - 1)
    paired = inner.map(lambda x: f'<bpt id="{depth}">&lt;b&gt;</bpt>{x}<ept id="{depth}">&lt;/b&gt;</ept>')
    protected = inner.map(lambda x: f'<mrk mtype="protected">{x}</mrk>')
    return st.lists(st.one_of(leaf, paired, protected), max_size=4).map("".join)


@settings(max_examples=60, deadline=None)
@given(st.lists(_items(2), min_size=1, max_size=3))
def test_model_and_xslt_agree_on_random_segments(segments):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "1.xlf"
        marks = "".join(f'<mrk mtype="seg" mid="{i}">{xml}</mrk> ' for i, xml in enumerate(segments))
        path.write_text(
            '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file source-language="en-US" '
            'target-language="ja-JP"><body>'
            '<trans-unit id="a" translate="no"><source><ph id="0">&lt;p&gt;</ph></source></trans-unit>'
            f'<trans-unit id="u"><seg-source>{marks}</seg-source><target>{marks}</target></trans-unit>'
            '<trans-unit id="z" translate="no"><source><ph id="8">&lt;/p&gt;</ph></source></trans-unit>'
            "</body></file></xliff>",
            encoding="utf-8",
        )
        doc = load_document(path)
        tagged = document_lines(path, "tagged", "target")
        plain = document_lines(path, "plain", "source")
        dita = bytes(stylesheet("dita")(parse_xliff(path), side=etree.XSLT.strparam("target")))
    assert [render_tagged(s.content) for _, s, _ in doc.segment_pairs()] == tagged
    assert len(plain) == len(segments)
    assert not any("\n" in line or "\ue0f1" in line for line in plain)
    # the DITA view keeps every character of text (escaped where needed) and parses
    text = "".join(all_text(t.content) + " " for _, _, t in doc.segment_pairs())
    assert "".join(etree.fromstring(dita, PARSER).itertext()) == text


def all_text(content) -> str:
    return "".join(
        item if isinstance(item, str) else all_text(getattr(item, "children", [])) for item in content
    )
