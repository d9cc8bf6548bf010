"""Assessing a projection against a tagged reference: hand-made cases with known classes."""

from __future__ import annotations

import pytest

from tagmt.errors import TagmtError
from tagmt.projection.assess import assess, assess_segment, oracle_assessment
from tagmt.testing.aligners import SameWordAligner


@pytest.mark.parametrize(
    "output, reference, error",
    [
        ("a <b>x</b> c", "a <b>x</b> c", "exact"),
        ('<g id="1">1 000</g> t', '<g id="1">1 000 </g>t', "whitespace"),
        ('  <g id="1">x</g>', ' <g id="1"> x</g>', "whitespace"),
        ("選択 [<b>保存</b>]", "選択 <b>[保存]</b>", "punctuation"),
        ("<p>«Дата»</p> и", "«<p>Дата</p>» и", "punctuation"),
        ("<b>Go</b>.", "<b>Go.</b>", "punctuation"),
        ("un <b>plan d’investissement</b>", "un plan d’<b>investissement</b>", "words"),
        ("a<x/> b c", "a b<x/> c", "point"),
        ("a<x/> b", "a <x/>b", "whitespace"),
        ("<a>x <b>y</b></a> z", "<a>x</a> <b>y</b> z", "nesting"),
        ("<x/><y/>a", "<y/><x/>a", "nesting"),
        ("<b>x</b> y", "<i>x</i> y", "tags differ"),
        ("<b>x</b> y", "<b>x</b> z", "text differs"),
    ],
)
def test_segment_error_classes(output, reference, error):
    assert assess_segment(output, reference).error == error


def test_the_most_severe_tag_error_names_the_segment():
    found = assess_segment('<g id="1">a </g><g id="2">b c</g>', '<g id="1">a</g> <g id="2">b</g> c')
    assert [t.error for t in found.tags] == ["whitespace", "words"]
    assert found.error == "words"


def test_tags_are_matched_by_how_they_are_written_and_their_order():
    # the second <b> of the output is compared with the second <b> of the reference
    found = assess_segment("<b>a</b> <b>b</b> c", "<b>a</b> b <b>c</b>")
    assert [t.error for t in found.tags] == ["exact", "words"]


def test_totals_and_per_tag_name():
    result = assess(
        ["<b>a</b> b", "plain", '<x id="1"/>a b', "<b>a</b> <i>b</i>"],
        ["<b>a</b> b", "plain", 'a <x id="1"/>b', "<b>a</b> <i>b</i>"],
    )
    assert (result.tagged, result.exact) == (3, 2)  # the untagged segment is not counted
    assert result.errors() == {"point": 1}
    assert result.by_tag()["x"] == {"point": 1}
    assert result.by_tag()["b"] == {"exact": 2}
    record = result.as_dict()
    assert record["exact_percent"] == pytest.approx(66.67)
    assert record["by_tag"]["x"] == {"tags": 1, "exact": 0, "errors": {"point": 1}}
    text = result.report()
    assert "exact: 2/3 tagged segments (66.7 %)" in text and "x: 0/1 exact (point 1)" in text


def test_mismatched_lengths_are_refused():
    with pytest.raises(TagmtError, match="2 projected segments against 1"):
        assess(["a", "b"], ["a"])


def test_oracle_assessment_with_and_without_cross_validation():
    pairs = [
        ("Select <b>Save</b> now", "Now select <b>save</b>"),
        ("Select <b>Open</b> now", "Now select [<b>open</b>]"),
        ("plain", "plain"),
        ("Select <b>Print</b> now", "Now select [<b>print</b>]"),
    ]
    aligner = SameWordAligner()
    result, outputs = oracle_assessment(pairs, "en", "fi", aligner)
    assert aligner.batches == [4] and result.tagged == 3
    assert outputs[0] == "Now select <b>save</b>" and outputs[2] == "plain"
    assert outputs[1] == "Now select <b>[open]</b>"  # the default: added brackets go inside
    assert result.errors() == {"punctuation": 2}
    aligner = SameWordAligner()
    result, outputs = oracle_assessment(
        pairs, "en", "fi", aligner, cross_validate=True, groups=[1, 1, 2, 2]
    )
    assert aligner.batches == [4, 4]  # each half with the other half as examples
    assert len(outputs) == 4 and result.tagged == 3
    with pytest.raises(TagmtError, match="3 groups for 4 pairs"):
        oracle_assessment(pairs, "en", "fi", aligner, groups=[1, 2, 3])


@pytest.mark.parametrize(
    "output, reference, classes",
    [
        # a dropped first tag: the two others keep their own partners
        ("one <b>two</b> <b>three</b>", "<b>one</b> <b>two</b> <b>three</b>",
         ["exact", "exact", "tags differ"]),
        # a dropped middle tag, the last placed one word off
        ("<b>one</b> two <b>three four</b>", "<b>one</b> <b>two</b> <b>three</b> four",
         ["exact", "words", "tags differ"]),
        # an extra tag in the output
        ("<b>one</b> <b>two</b> <i>three</i>", "<b>one</b> <b>two</b> three",
         ["exact", "exact", "tags differ"]),
        # one tag moved inside another: the inner one is misnested, the outer still placed
        ("<a>x <b>y</b></a> z", "<a>x</a> <b>y</b> z", ["words", "nesting"]),
    ],
)
def test_one_dropped_or_extra_tag_leaves_the_others_paired(output, reference, classes):
    assert [t.error for t in assess_segment(output, reference).tags] == classes
