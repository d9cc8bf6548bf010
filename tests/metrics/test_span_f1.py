"""Span precision, recall and F1: span extraction, the three match modes, greedy matching, averages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.span_f1 import Span, SpanF1, extract_spans, match_spans

GOLD = "Choose <uicontrol>Save</uicontrol> and <b>then <i>close</i></b> it."


def test_spans_have_offsets_into_the_plain_text_and_tails_belong_to_the_parent():
    plain, spans = extract_spans(GOLD)
    assert plain == "Choose Save and then close it."
    assert spans == [
        Span("uicontrol", 7, 11, "Save"),
        Span("i", 21, 26, "close"),
        Span("b", 16, 26, "then close"),
    ]


def test_a_whole_document_keeps_its_root_as_a_span():
    _, spans = extract_spans('<?xml version="1.0"?><doc><p>a <b>b</b></p></doc>')
    assert [s.tag for s in spans] == ["b", "p", "doc"]


def f1(hyp: str, ref: str = GOLD, **options) -> SpanF1:
    return SpanF1(**options).corpus_score([hyp], [[ref]])


def test_text_mode_matches_moved_spans_with_the_same_text():
    result = f1("<b>then <i>close</i></b> and choose <uicontrol>Save</uicontrol> it.")
    assert result.score == 1.0
    assert f1("<b>then <i>close</i></b> and choose <uicontrol>Save</uicontrol> it.", match_mode="exact").score == 0.0


def test_missing_and_extra_spans_give_per_tag_counts():
    result = f1("Choose <uicontrol>Save</uicontrol> and then <i>close</i> <b>it</b>.")
    table = result.details["per_tag"]
    assert table["uicontrol"]["tp"] == 1 and table["i"]["tp"] == 1
    assert (table["b"]["tp"], table["b"]["fp"], table["b"]["fn"]) == (0, 1, 1)
    # micro: tp=2, fp=1, fn=1 -> P = R = F1 = 2/3; macro over gold tags (b, i, uicontrol) -> 2/3
    assert result.details["micro"] == pytest.approx({"precision": 2 / 3, "recall": 2 / 3, "f1": 2 / 3})
    assert result.details["macro"]["f1"] == pytest.approx(2 / 3)


def test_overlap_mode_uses_the_iou_threshold():
    hyp = "Choose <uicontrol>Save and</uicontrol> then close it."  # 'Save and' vs 'Save': IoU 4/8
    assert f1(hyp, "Choose <uicontrol>Save</uicontrol> and then close it.", match_mode="overlap").score == 1.0
    assert f1(hyp, "Choose <uicontrol>Save</uicontrol> and then close it.", match_mode="overlap", iou=0.6).score == 0.0


def test_greedy_matching_takes_the_best_overlap_first():
    gold = [Span("b", 0, 10, ""), Span("b", 8, 12, "")]
    pred = [Span("b", 0, 9, ""), Span("b", 7, 12, "")]
    assert match_spans(gold, pred, "overlap", 0.1) == [(0, 0), (1, 1)]


def test_unparseable_prediction_has_no_spans_and_corpus_counts_are_summed():
    result = SpanF1().corpus_score(["<b>x</b> y", "<b>x"], [["<b>x</b> y", "<b>x</b>"]])
    assert result.segment_scores == [1.0, 0.0]
    assert result.details["per_tag"]["b"] == {"tp": 1, "fp": 0, "fn": 1, "precision": 1.0, "recall": 0.5, "f1": 2 / 3}
    assert result.details["parse_errors"][1] is not None


def test_options_and_registry():
    metric = get_metric("span-f1", match_mode="overlap", iou=0.7)
    assert metric.unit == "document" and "match:overlap|iou:0.7" in metric.signature()
    with pytest.raises(TagmtError, match="match mode"):
        SpanF1(match_mode="fuzzy")
    with pytest.raises(TagmtError, match="not well-formed"):
        SpanF1().corpus_score(["x"], [["<b>x"]])


def test_an_identical_output_with_a_bare_ampersand_scores_one_in_both_modes():
    gold = "<author>Smith & Jones</author> (<date>2020</date>) <title>R&amp;D &#38; more</title>"
    for compat in ("tagmt", "original"):
        result = SpanF1(compat=compat).corpus_score([gold], [[gold]])
        assert result.score == 1.0 and result.details["parse_errors"] == [None], compat


def test_original_escapes_invented_elements_the_default_counts_them():
    gold = "<b>Save</b> now"
    hyp = "<b>Save</b> <blink>now</blink>"
    assert SpanF1(compat="original").corpus_score([hyp], [[gold]]).score == 1.0
    assert SpanF1().corpus_score([hyp], [[gold]]).details["per_tag"]["blink"]["fp"] == 1
    given = SpanF1(compat="original", schema_tags={"b", "blink"}).corpus_score([hyp], [[gold]])
    assert given.details["per_tag"]["blink"]["fp"] == 1
    with pytest.raises(TagmtError, match="schema_tags"):
        SpanF1(schema_tags={"b"})


def _greedy_by_sorting(gold, pred, mode, iou):
    """The original's definition: every candidate pair, sorted, taken while both spans are free."""
    from tagmt.metrics.span_f1 import _iou

    candidates = []
    for gi, g in enumerate(gold):
        for pi, p in enumerate(pred):
            if g.tag != p.tag:
                continue
            if mode == "exact":
                score = 1.0 if (g.start, g.end) == (p.start, p.end) else 0.0
            elif mode == "text":
                score = 1.0 if g.normalized == p.normalized else 0.0
            else:
                score = _iou(g, p) if _iou(g, p) >= iou else 0.0
            if score > 0:
                candidates.append((score, gi, pi))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    used_g, used_p, pairs = set(), set(), []
    for _, gi, pi in candidates:
        if gi not in used_g and pi not in used_p:
            used_g.add(gi)
            used_p.add(pi)
            pairs.append((gi, pi))
    return pairs


_spans = st.lists(
    st.tuples(st.sampled_from("ab"), st.integers(0, 12), st.integers(0, 6), st.sampled_from(["x", "y", " x "])),
    max_size=12,
).map(lambda items: [Span(tag, start, start + length, text) for tag, start, length, text in items])


@settings(max_examples=400, deadline=None)
@given(_spans, _spans, st.sampled_from(["exact", "text", "overlap"]), st.sampled_from([0.1, 0.5, 0.75, 1.0]))
def test_linear_matching_gives_the_pairs_of_the_sorted_greedy(gold, pred, mode, iou):
    assert sorted(match_spans(gold, pred, mode, iou)) == sorted(_greedy_by_sorting(gold, pred, mode, iou))
