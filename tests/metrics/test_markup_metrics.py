"""The metrics the field reports now, on hand-made segments with answers computed by hand:
XML-Match and XML-chrF (tower-eval), tag placement (lilt/markup-tag-evaluation), attribute and
placeholder preservation, and the per-tag report."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import CHRF

from tagmt.evaluation import score_systems
from tagmt.markup import TaggedSegment
from tagmt.metrics import get_metric
from tagmt.metrics.placement import TagReport
from tagmt.metrics.segment import SegmentPair
from tagmt.metrics.xml_chrf import text_parts


def chrf(hyp: str, ref: str) -> float:
    return CHRF().sentence_score(hyp, [ref]).score


def test_text_parts_follow_tower_evals_order():
    # root text, then each element in document order with its text and its tail; stripped, empties dropped
    segment = TaggedSegment.parse("Go <a>to <b>the</b> main</a> page <c/> now")
    assert text_parts(segment) == ["Go", "to", "page", "the", "main", "now"]
    assert text_parts(TaggedSegment.parse("<!-- note --> x")) == ["note", "x"]


def test_xml_match_compares_trees_not_spelling():
    metric = get_metric("xml-match", trg_lang="en")
    refs = ["<b>a</b> b", "c", "<i>e</i>", "<x/> f", "<a><b>g</b></a>"]
    hyps = ["<b>z</b>", "c d", "e", "<x></x> f", "<a>g</a><b/>"]
    result = metric.corpus_score(hyps, [refs])
    # same tree: 1 (text ignored), 2 (no markup either side), 4 (<x/> and <x></x> are one tree); not 3, 5
    assert result.segment_scores == [100.0, 100.0, 0.0, 100.0, 0.0]
    assert result.score == pytest.approx(60.0)


def test_xml_chrf_by_hand():
    refs = ["Open <b>the file</b> now", "Close it", "<i>Save</i> all", ""]
    hyps = ["Open <b>a file</b> now", "Close", "Save all", ""]
    # entries: three part pairs of segment 1, one of segment 2, a 0 for segment 3 (no match),
    # none for segment 4 (nothing to score on either side)
    entries = [chrf("Open", "Open"), chrf("a file", "the file"), chrf("now", "now"), chrf("Close", "Close it"), 0.0]
    result = get_metric("xml-chrf", trg_lang="en").corpus_score(hyps, [refs])
    assert result.score == pytest.approx(sum(entries) / len(entries))
    assert result.segment_scores[0] == pytest.approx(sum(entries[:3]) / 3)
    assert result.segment_scores[2] == 0.0 and result.segment_scores[3] is None
    assert get_metric("xml-chrf", trg_lang="en").corpus_score(refs, [refs]).score == pytest.approx(100.0)


def test_xml_chrf_part_counts_must_agree():
    # same tree, but the hypothesis leaves the element empty: 2 parts against 3, so an entry of 0
    result = get_metric("xml-chrf", trg_lang="en").corpus_score(["Open <b></b> now"], [["Open <b>it</b> now"]])
    assert result.score == 0.0


def test_tag_placement_as_lilt():
    metric = get_metric("tag-placement", trg_lang="en")
    refs = ["<b>Hello</b> world!", "a <x/>b c", "Other <i>text</i>", "no tags"]
    hyps = ["<b>Hello world!</b>", "a b <x/>c", "Other text", "no tags"]
    result = metric.corpus_score(hyps, [refs])
    # segment 1: <b> right (0), </b> at 12 instead of 5: 1 of 2 correct, offset 7;
    # segment 2: <x/> at 4 instead of 2: offset 2; segment 3 has other tags: inconsistent
    assert result.score == pytest.approx(100.0 * 1 / 3)
    assert result.details["tag-offset"] == pytest.approx((7 + 2) / 3)
    assert result.details["tag-inconsistent"] == pytest.approx(25.0)
    assert result.segment_scores == [50.0, 0.0, None, None]


def test_tag_offset_takes_the_nearest_tag_of_the_same_text():
    # lilt's doctest: [("a", 2), ("a", 0)] against [("a", 2), ("a", 5)] gives a summed difference of 2
    result = get_metric("tag-placement", trg_lang="en").corpus_score(["ab<a/>cde<a/>"], [["<a/>ab<a/>cde"]])
    assert result.details["tag-offset"] == pytest.approx((0 + 2) / 2)
    assert result.score == pytest.approx(50.0)


def test_attribute_and_placeholder_preservation():
    refs = ['See <xref href="a"/> and <b class="k">x</b>', "<locked-ref> is kept <ph id='1'/>"]
    hyps = ['See <xref href="b"/> and <b class="k">x</b>', "is kept <ph id='1'/>"]
    attributes = get_metric("attribute-preservation", trg_lang="en").corpus_score(hyps, [refs])
    assert attributes.score == pytest.approx(100.0 * 2 / 3)  # xref lost its value; b and ph kept theirs
    placeholders = get_metric("placeholder-preservation", trg_lang="en").corpus_score(hyps, [refs])
    assert placeholders.score == pytest.approx(100.0 * 1 / 3)  # only <ph id='1'/> of xref, locked-ref, ph
    assert placeholders.segment_scores == [0.0, 50.0]


def test_per_tag_report_counts_each_kind_of_damage():
    report = TagReport()
    for hyp, ref in [
        ("<b>Save</b> now", "Save <b>now</b>"),  # same text: b misplaced (both tags)
        ("<i>x</i> y", "<b>x</b> y"),  # renamed: b dropped, i inserted
        ('<a href="2">x</a>', '<a href="1">x</a>'),  # attribute changed
        ("plain", "plain"),
    ]:
        report.add(SegmentPair.parse(hyp, [ref]))
    rows = {row["tag"]: row for row in report.rows()}
    assert rows["b"] == {"tag": "b", "reference": 4, "hypothesis": 2, "dropped": 2, "inserted": 0,
                         "misplaced": 2, "attributes_changed": 0}
    assert rows["i"]["inserted"] == 2 and rows["i"]["reference"] == 0
    assert rows["a"]["attributes_changed"] == 1 and rows["a"]["misplaced"] == 0


def test_a_hallucinated_element_is_inserted_markup():
    refs = ["Choose Save to keep it.", "Open the <uicontrol>Settings</uicontrol> tab."]
    hyps = ["<b>Choose</b> Save to keep it.", "<b>Open</b> the <uicontrol>Settings</uicontrol> tab."]
    (system,) = score_systems(refs, {"b": hyps}, "en")
    assert system.scores["markup-match"] == 0.0
    assert system.scores["structure-accuracy"] == 100.0
    b = next(row for row in system.tags if row["tag"] == "b")
    assert b["inserted"] == 4 and b["reference"] == 0
    assert system.figures["markup-match"].higher_is_better
