"""Property: projecting onto natural MT output for an escaped format (XLIFF, line files) gives well-formed
XML whose text is the translation, escaped, and whose tags are exactly the source's — wherever the links put
the tags, no tag lands inside an entity reference."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from tagmt.xmltext import unescape
from tagmt.markup import strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.wordseg import words_with_offsets
from tagmt.safexml import PARSER
from tagmt.translation.escaping import escape_stand_ins, natural_detagged, stand_in

WORDS = ["alpha", "R&amp;D", "&lt;name&gt;", "a&gt;b", "&quot;q&quot;", "&amp;", "(", "x"]
TRANSLATION = st.text(alphabet="ab &<>\"' xy.", max_size=25)


@st.composite
def escaped_segments(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["word", "word", "space", "pair", "point"]))
        if kind == "word":
            parts.append(draw(st.sampled_from(WORDS)))
        elif kind == "space":
            parts.append(" ")
        elif kind == "pair" and depth < 2:
            parts.append(f'<g id="{draw(st.integers(1, 9))}">{draw(escaped_segments(depth + 1))}</g>')
        elif kind == "point":
            parts.append(draw(st.sampled_from(['<x id="1"/>', '<bx id="2"/>', '<ex id="3"/>'])))
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(escaped_segments(), TRANSLATION, st.data())
def test_projection_on_escaped_formats_is_well_formed(source, translation, data):
    natural = natural_detagged(detag(source))
    ready = stand_in(translation)
    src = words_with_offsets(natural.plain, "en", natural.cuts())
    trg = words_with_offsets(ready, "de")
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(data.draw(st.lists(st.sampled_from(pairs), max_size=8))) if pairs else set()
    output = escape_stand_ins(project_tags(natural, ready, src, trg, links))
    root = etree.fromstring(f"<r>{output}</r>".encode("utf-8"), PARSER)  # well formed
    assert "".join(root.itertext()) == translation
    assert unescape(strip(output)) == translation
    assert Counter(t.text for t in tokenize(output) if t.is_markup) == \
        Counter(t.text for t in tokenize(source) if t.is_markup)


@settings(max_examples=200, deadline=None)
@given(escaped_segments())
def test_natural_detagged_keeps_each_tag_on_the_same_text(source):
    escaped, natural = detag(source), natural_detagged(detag(source))
    for before, after in zip(escaped.walk(), natural.walk()):
        assert stand_in(unescape(escaped.plain[before.start:before.end])) == natural.plain[after.start:after.end]
