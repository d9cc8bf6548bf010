"""The inline-markup model on hand-made segments with known answers."""

from __future__ import annotations

import pytest

from tagmt.markup import (
    COMMENT,
    Element,
    TaggedSegment,
    Token,
    attributes,
    element_names,
    element_tree,
    is_well_formed,
    strip,
    tags,
    text_fragments,
    tokenize,
)


def kinds(segment: str, names=()) -> list[tuple[str, str]]:
    return [(t.kind, t.text) for t in tokenize(segment, names)]


def test_tokens_of_a_dita_segment_with_offsets():
    segment = 'Choose <uicontrol>Save</uicontrol> or <xref keyref="a-b" />.'
    tokens = tokenize(segment)
    assert kinds(segment) == [
        ("text", "Choose "),
        ("start", "<uicontrol>"),
        ("text", "Save"),
        ("end", "</uicontrol>"),
        ("text", " or "),
        ("empty", '<xref keyref="a-b" />'),
        ("text", "."),
    ]
    assert [t.name for t in tokens if t.is_markup] == ["uicontrol", "uicontrol", "xref"]
    for token in tokens:
        assert segment[token.start : token.end] == token.text


def test_views():
    segment = '<uicontrol>保存</uicontrol>を選択 <xref href="a b" scope=\'external\'/>'
    assert strip(segment) == "保存を選択 "
    assert tags(segment) == '<uicontrol> </uicontrol> <xref href="a b" scope=\'external\'/>'
    assert strip(tokenize(segment)) == strip(segment)  # tokens or string
    assert text_fragments(tokenize(segment)) == ["", "保存", "を選択 ", ""]


@pytest.mark.parametrize(
    "segment",
    [
        "<<SHIPPED_QUANTITY>>",
        "<name of composition type>",
        "<field name>",
        "Drag & drop",
        "a < b and c > d",
        "<",
        "<>",
        "</>",
        "<1abc>",
        "<-x>",
        '<a b="1"c="2">',  # attributes must be separated by whitespace
        '<a b=1>',  # unquoted value
        '<a b="<">',
        "<a/ >",
        "</a b>",
        "<!-- unterminated",
        "<계층구조 유형>",
    ],
)
def test_text_that_only_looks_like_markup(segment):
    assert kinds(segment) == [("text", segment)]
    assert strip(segment) == segment
    assert tags(segment) == ""


def test_placeholder_rule_needs_both_brackets():
    assert kinds("<<b>x</b>") == [("text", "<"), ("start", "<b>"), ("text", "x"), ("end", "</b>")]
    assert kinds("<b>>", {"b"}) == [("start", "<b>"), ("text", ">")]
    assert kinds("<<b/>>") == [("text", "<<b/>>")]


def test_names_and_whitespace_by_xml_rules():
    assert kinds('<sap-icon-font.x:y a_1 = "v"\n>', {"sap-icon-font.x:y"}) == [
        ("start", '<sap-icon-font.x:y a_1 = "v"\n>')
    ]
    assert kinds("<uicontrol></uicontrol >") == [("start", "<uicontrol>"), ("end", "</uicontrol >")]
    assert kinds("<階層タイプ>x</階層タイプ>")[0] == ("start", "<階層タイプ>")  # any XML name makes an element
    assert kinds("<a\u3000b='1'>") == [("text", "<a\u3000b='1'>")]  # ideographic space is not XML space


def test_comments_are_empty_markup():
    tokens = tokenize("SAP ECC 6.00<!--or <b>higher</b>-->)")
    assert [(t.kind, t.name) for t in tokens] == [("text", ""), ("empty", COMMENT), ("text", "")]
    assert strip(tokens) == "SAP ECC 6.00)"
    assert element_tree(tokens) == (Element(COMMENT),)


def test_markup_is_decided_per_segment():
    # a well-formed element is markup whatever its name; an orphan tag that makes no element is text
    segment = "<uicontrol>OK</uicontrol> <b>x</b> <階層タイプ> </i> <!--c-->"
    assert kinds(segment) == [
        ("start", "<uicontrol>"),
        ("text", "OK"),
        ("end", "</uicontrol>"),
        ("text", " "),
        ("start", "<b>"),
        ("text", "x"),
        ("end", "</b>"),
        ("text", " <階層タイプ> </i> "),
        ("empty", "<!--c-->"),
    ]
    assert element_names(segment) == {"uicontrol", "b"}
    # the same orphan is markup when the counterpart (the reference) uses the name as an element
    assert kinds("<b>x", {"b"}) == [("start", "<b>"), ("text", "x")]
    assert kinds("</i> then <i>") == [("text", "</i> then <i>")]  # end before start: no element
    assert kinds('<xref keyref="k"/> <字段名>') == [("empty", '<xref keyref="k"/>'), ("text", " <字段名>")]


def test_one_segment_does_not_depend_on_another():
    alone = tokenize("<b>x</b> y")
    assert tokenize("<b>x</b> y") == alone  # no corpus-wide state
    assert [t.kind for t in alone] == ["start", "text", "end", "text"]


def test_attributes_of_a_tag():
    (token,) = tokenize("<xref href='a b' keyref = \"k\"/>")
    assert attributes(token) == {"href": "a b", "keyref": "k"}
    assert attributes(tokenize("<b>x</b>")[2]) == {}


def test_well_formedness_and_tree():
    nested = tokenize("<a>x<b>y</b><c/></a><d></d>")
    assert is_well_formed(nested)
    assert element_tree(nested) == (Element("a", (Element("b"), Element("c"))), Element("d"))
    assert not is_well_formed(tokenize("<a><b></a></b>"))  # swapped nesting
    assert not is_well_formed(tokenize("<a>x", {"a"}))  # left open (a is an element of the reference)
    assert not is_well_formed(tokenize("x</a>", {"a"}))  # closes nothing
    assert is_well_formed(tokenize("<a>x"))  # alone, an orphan <a> is text
    assert is_well_formed(tokenize("no markup"))
    assert is_well_formed([])


def test_tree_recovers_from_malformed_markup():
    assert element_tree(tokenize("<a><b></a></b>")) == (Element("a", (Element("b"),)),)
    assert element_tree(tokenize("</x><a>t", {"x", "a"})) == (Element("a"),)


def test_fragments_count_markup_tokens():
    tokens = tokenize("<a></a><b/>")
    assert text_fragments(tokens) == ["", "", "", ""]
    assert text_fragments([]) == [""]
    assert text_fragments([Token("text", "x")]) == ["x"]


def test_tagged_segment_views_and_matching():
    reference = TaggedSegment.parse("<uicontrol>保存</uicontrol>を選択")
    assert reference.has_markup and reference.well_formed
    assert reference.lex == "保存を選択"
    assert reference.tags == "<uicontrol> </uicontrol>"
    assert reference.matches(reference)
    assert TaggedSegment.parse('<uicontrol a="1">x</uicontrol>y').matches(reference)  # attributes ignored
    assert not TaggedSegment.parse("保存を選択").matches(reference)
    assert not TaggedSegment.parse("<uicontrol>保存を選択", reference.names).matches(reference)
    assert not TaggedSegment.parse("<uicontrol/>保存").matches(reference)  # <b/> is not <b></b>
    malformed = TaggedSegment.parse("<a><b></a></b>")
    assert not malformed.well_formed and malformed.matches(malformed)
    plain = TaggedSegment.parse("abc")
    assert plain.lex == "abc" and not plain.has_markup and plain.matches(TaggedSegment.parse(""))


def test_strip_is_one_pass():
    assert strip("<a<b/>>") == "<a>"


def test_orphans_mode_applies_the_grammar_alone():
    assert kinds("a </x> b <y> c") == [("text", "a </x> b <y> c")]
    assert [(t.kind, t.text) for t in tokenize("a </x> b <y> c", orphans=True)] == [
        ("text", "a "), ("end", "</x>"), ("text", " b "), ("start", "<y>"), ("text", " c"),
    ]
    assert [t.kind for t in tokenize("<<y>>", orphans=True)] == ["text"]  # placeholders stay text
