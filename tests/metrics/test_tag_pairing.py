"""How the per-tag report and the pages' chips pair a hypothesis's tags with its reference's
(tagmt.metrics.placement.pair_tags): a sequence alignment, so that one dropped or extra tag is reported
as one, and the other tags still count as placed or misplaced by their own spans."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import TaggedSegment
from tagmt.metrics import pairing as sequences
from tagmt.metrics.placement import TagReport, pair_tags
from tagmt.metrics.segment import SegmentPair
from tagmt.report import chips

COLUMNS = ("reference", "hypothesis", "dropped", "inserted", "misplaced", "attributes_changed")


def report(hyp: str, ref: str) -> dict[str, tuple[int, ...]]:
    """The per-tag report of one segment: name → its columns."""
    tags = TagReport()
    tags.add(SegmentPair.parse(hyp, [ref]))
    return {str(row["tag"]): tuple(int(row[c]) for c in COLUMNS) for row in tags.rows()}


THREE = "<b>one</b> <b>two</b> <b>three</b>"


def test_one_dropped_tag_is_one_dropped_tag_wherever_it_was() -> None:
    # same text: the others keep their offsets, so nothing is misplaced (ranking by name made every later
    # <b> misplaced)
    for hyp, gone in [("one <b>two</b> <b>three</b>", 0), ("<b>one</b> two <b>three</b>", 4),
                      ("<b>one</b> <b>two</b> three", 8)]:
        assert report(hyp, THREE) == {"b": (6, 4, 2, 0, 0, 0)}, hyp
        pairing = pair_tags(TaggedSegment.parse(THREE), TaggedSegment.parse(hyp))
        assert pairing.dropped[0].token.text == "<b>" and pairing.dropped[1].token.text == "</b>"
        assert [t.offset for t in pairing.dropped][:1] == [gone] and not pairing.inserted


def test_one_dropped_tag_with_another_text() -> None:
    # another text: no offsets to compare, the order, depth and parent of the others are still right
    for hyp in ["eins <b>zwei</b> <b>drei</b>", "<b>eins</b> zwei <b>drei</b>", "<b>eins</b> <b>zwei</b> drei"]:
        assert report(hyp, THREE) == {"b": (6, 4, 2, 0, 0, 0)}, hyp


def test_an_extra_tag_is_one_inserted_tag() -> None:
    ref = "<b>one</b> two <b>three</b>"
    assert report("<b>one</b> <b>two</b> <b>three</b>", ref) == {"b": (4, 6, 0, 2, 0, 0)}
    assert report("<b>eins</b> <b>zwei</b> <b>drei</b>", ref) == {"b": (4, 6, 0, 2, 0, 0)}
    assert report('<x/>one <b>two</b> three', "one <b>two</b> three") == {"x": (0, 1, 0, 1, 0, 0), "b": (2, 2, 0, 0, 0, 0)}


def test_reordered_tags_are_the_ones_moved() -> None:
    # another text, <i> moved before <b>: one element out of order (its two tags), nothing dropped
    rows = report("<i>zwei</i> und <b>eins</b>", "<b>one</b> and <i>two</i>")
    assert sum(r[4] for r in rows.values()) == 2 and all(r[2] == r[3] == 0 for r in rows.values())
    # same text, both elements moved: every tag at another offset
    assert report("<i>one</i> and <b>two</b>", "<b>one</b> and <i>two</i>") == {
        "b": (2, 2, 0, 0, 2, 0), "i": (2, 2, 0, 0, 2, 0)}


def test_duplicate_names_pair_by_attributes() -> None:
    ref = '<g id="1">a</g> <g id="2">b</g> <g id="3">c</g>'
    # the first <g> dropped: the others keep their partners, no attribute reads as changed
    assert report('A <g id="2">B</g> <g id="3">C</g>', ref) == {"g": (6, 4, 2, 0, 0, 0)}
    assert report('a <g id="2">b</g> <g id="3">c</g>', ref) == {"g": (6, 4, 2, 0, 0, 0)}
    # attributes changed in place: paired, not dropped and inserted
    assert report('<g id="1">a</g> <g id="9">b</g> <g id="3">c</g>', ref) == {"g": (6, 6, 0, 0, 0, 1)}


def test_misplaced_is_still_reported_by_span() -> None:
    assert report("<b>Save</b> now", "Save <b>now</b>") == {"b": (2, 2, 0, 0, 2, 0)}
    # one dropped and one moved: the moved one is misplaced, the dropped one dropped, the third placed
    assert report("one <b>two</b> t<b>hre</b>e", THREE) == {"b": (6, 4, 2, 0, 2, 0)}


def test_placeholders_same_key_the_dropped_one_by_offset() -> None:
    ref = TaggedSegment.parse("<x/>A<x/>B<x/>C")
    pairing = pair_tags(ref, TaggedSegment.parse("A<x/>B<x/>C", ref.names))
    assert [t.offset for t in pairing.dropped] == [0]
    assert not pairing.inserted and not any(p.misplaced for p in pairing.pairs)


def test_renesting_with_another_text_is_misplaced() -> None:
    # <b> left <a> (another depth and parent: both its tags), and </a> now comes before <b>
    rows = report("<a>X</a><b>Y</b>", "<a><b>x</b>y</a>")
    assert rows == {"a": (2, 2, 0, 0, 1, 0), "b": (2, 2, 0, 0, 2, 0)}


def test_chips_mark_only_the_dropped_middle_tag() -> None:
    ref = TaggedSegment.parse(THREE)
    parts, ghosts, errors = chips.compare(ref, TaggedSegment.parse("<b>one</b> two <b>three</b>", ref.names))
    assert ghosts == [["<b>", "b", "d", 4], ["</b>", "b", "d", 7]]
    assert errors == {("b", "dropped")}
    assert all(len(p) == 2 for p in parts if isinstance(p, list))


# Property: removing one element (its start and end tag) from a segment drops exactly those two tags and
# leaves every other tag placed, at any depth and among any duplicates.

NAMES = st.sampled_from(["b", "i", "g"])


@st.composite
def segments(draw, depth: int = 0) -> list:
    """A segment as a list of text runs and (name, attributes, children) elements."""
    items = []
    for _ in range(draw(st.integers(0, 3 if depth < 3 else 0))):
        if draw(st.booleans()):
            items.append(draw(st.sampled_from(["a", "b c", " ", "d."])))
        else:
            attrs = draw(st.sampled_from(["", ' id="1"', ' id="2"']))
            items.append((draw(NAMES), attrs, draw(segments(depth + 1))))
    return items


def written(items: list, skip: int = -1, counter: list | None = None) -> str:
    counter = [0] if counter is None else counter
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(item)
            continue
        name, attrs, children = item
        number = counter[0]
        counter[0] += 1
        inner = written(children, skip, counter)
        out.append(inner if number == skip else f"<{name}{attrs}>{inner}</{name}>")
    return "".join(out)


@settings(max_examples=100, deadline=None)
@given(segments(), st.integers(0, 30))
def test_removing_one_element_drops_its_two_tags_only(items, which) -> None:
    ref_text = written(items)
    elements = ref_text.count("</")
    if not elements:
        return
    skip = which % elements
    ref, hyp = TaggedSegment.parse(ref_text), TaggedSegment.parse(written(items, skip))
    pairing = pair_tags(ref, hyp)
    assert len(pairing.dropped) == 2 and not pairing.inserted
    assert Counter(t.token.kind for t in pairing.dropped) == {"start": 1, "end": 1}
    assert not any(p.misplaced or p.attributes_changed for p in pairing.pairs)


@settings(max_examples=100, deadline=None)
@given(segments(), segments())
def test_pairing_accounts_for_every_tag(one, other) -> None:
    ref, hyp = TaggedSegment.parse(written(one)), TaggedSegment.parse(written(other))
    pairing = pair_tags(ref, hyp)
    assert len(pairing.pairs) + len(pairing.dropped) == len(ref.markup)
    assert len(pairing.pairs) + len(pairing.inserted) == len(hyp.markup)
    # as many dropped per kind and name as the reference has more: a tag present on both sides is paired
    counts_ref = Counter((t.kind, t.name) for t in ref.markup)
    counts_hyp = Counter((t.kind, t.name) for t in hyp.markup)
    assert Counter((t.token.kind, t.token.name) for t in pairing.dropped) == counts_ref - counts_hyp
    assert Counter((t.token.kind, t.token.name) for t in pairing.inserted) == counts_hyp - counts_ref
    same = pair_tags(ref, TaggedSegment.parse(ref.text))
    assert not same.dropped and not same.inserted and not any(p.misplaced or p.attributes_changed for p in same.pairs)


def lcs_length(a: list, b: list) -> int:
    """The textbook recursion, for short sequences."""
    if not a or not b:
        return 0
    if a[0] == b[0]:
        return 1 + lcs_length(a[1:], b[1:])
    return max(lcs_length(a[1:], b), lcs_length(a, b[1:]))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("abc"), max_size=7), st.lists(st.sampled_from("abc"), max_size=7))
def test_lcs_is_longest_and_in_order(a, b) -> None:
    pairs = sequences.lcs(a, b)
    assert len(pairs) == lcs_length(a, b)
    assert all(a[i] == b[j] for i, j in pairs)
    assert pairs == sorted(pairs) and len({i for i, _ in pairs}) == len({j for _, j in pairs}) == len(pairs)
    assert all(i1 < i2 and j1 < j2 for (i1, j1), (i2, j2) in zip(pairs, pairs[1:]))


def test_a_segment_over_the_lcs_limit_is_aligned_by_blocks(monkeypatch) -> None:
    monkeypatch.setattr(sequences, "LCS_CELLS", 1)
    for hyp in ["one <b>two</b> <b>three</b>", "<b>one</b> two <b>three</b>", "<b>eins</b> <b>zwei</b> drei"]:
        assert report(hyp, THREE) == {"b": (6, 4, 2, 0, 0, 0)}, hyp
    assert sequences.lcs(list("xabcy"), list("xacby")) in ([(0, 0), (1, 1), (2, 3), (4, 4)],
                                                            [(0, 0), (1, 1), (3, 2), (4, 4)])


def test_projection_page_marks_only_the_dropped_tag() -> None:
    # tagmt project --ref --html: a projection that lost the first <b> marks that <b> only, on both sides
    from tagmt.report.projection_page import differing

    expected, got = TaggedSegment.parse(THREE), TaggedSegment.parse("one <b>two</b> <b>three</b>")
    exp_parts, got_parts = differing(expected, got, {"b"})
    assert [p[0] for p in exp_parts if isinstance(p, list) and len(p) > 2] == ["<b>", "</b>"]
    assert exp_parts[0][2] == "x" and exp_parts[2][2] == "x"
    assert not [p for p in got_parts if isinstance(p, list) and len(p) > 2]


def test_attribute_preservation_pairs_by_alignment() -> None:
    from tagmt.metrics import get_metric

    ref = '<g id="1">a</g> <g id="2">b</g> <g id="3">c</g>'
    metric = get_metric("attribute-preservation", trg_lang="en")
    # the first element dropped: 2 of 3 attribute sets kept (by rank, the other two read as changed)
    assert metric.corpus_score(['A <g id="2">B</g> <g id="3">C</g>'], [[ref]]).score == pytest.approx(200 / 3)
    assert metric.corpus_score(['<g id="1">A</g> <g id="9">B</g> <g id="3">C</g>'], [[ref]]).score == pytest.approx(200 / 3)


def test_pair_in_order_on_any_items() -> None:
    # tags as (written, start, end), as a projection's assessment keys them: the first <b> dropped, the
    # others keep their partners; a moved one is paired by how it is written
    ref = [("<b>", 0, 3), ("<b>", 4, 7), ("<i>", 8, 9), ("<b>", 10, 15)]
    out = [("<b>", 4, 7), ("<b>", 10, 15), ("<i>", 0, 1)]
    found = sequences.pair_in_order(ref, out, [lambda t: t, lambda t: t[0]], [lambda t: t[0]])
    assert found.in_order == [(1, 0), (3, 1)] and found.moved == [(2, 2)]
    assert found.left_a == [0] and found.left_b == []
