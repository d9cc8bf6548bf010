"""tag-placement under compat original / original-strict equals Lilt's evaluate-markup-tags with and
without --permissive, on cases computed by hand (tests/metrics/data/lilt_original.json holds the
original's own figures on generated systems; see that folder's NOTE.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_cases import lilt_systems

from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.lilt import balanced, extract

REFS = [
    "Set <field name> to <b>on</b>",  # every <…> is a tag: 3 tags
    "a < b <b>x</b>",                 # unbalanced reference: ignored, not even a sentence
    "<b>x</b> y",                     # hypothesis leaves <b> open: closed where it opens
    "<b>x</b> y",                     # hypothesis unbalanced
    "<b>x</b> y",                     # hypothesis without tags: tag count
    "<b>x</b> y",                     # other text: text
]
HYPS = [
    "Set <field name> to <b>on</b>",
    "a < b <b>x</b>",
    "<b>x y",
    "x <b y",
    "x y",
    "<b>x</b> z",
]


def test_extract_counts_every_angle_bracket_pair_as_a_tag():
    assert extract("Set <field name> to <b>on</b>") == ("Set  to on", [("field name", 4), ("b", 8), ("/b", 10)])
    assert extract("A &amp; <br>B") == ("A &amp; B", [("br", 8)])  # entities count as written
    assert not balanced("a < b") and not balanced("<<x>>") and not balanced("x >") and balanced("<a><b>")


def test_permissive_figures_by_hand():
    result = get_metric("tag-placement", compat="original").corpus_score(HYPS, [REFS])
    # consistent: segment 1 (3 of 3 in place) and segment 3 (<b> at 0 right, the added </b> at 0 instead of 1)
    assert result.score == pytest.approx(100 * 4 / 5)
    assert result.details["tag-offset"] == pytest.approx(1 / 5)
    # 5 sentences (the unbalanced reference is not one), 3 inconsistent, one of each kind, 2 tags each
    assert result.details["tag-inconsistent"] == pytest.approx(60.0)
    assert result.details["tag-inconsistent-hypothesis"] == 1.0
    assert result.details["tag-inconsistent-count"] == 1.0
    assert result.details["tag-inconsistent-text"] == 1.0
    assert result.details["tags-in-inconsistent"] == 6.0
    assert result.segment_scores[1] is None  # the ignored reference
    assert "permissive:yes" in result.signature and "compat:original" in result.signature


def test_tagmt_default_reads_markup_and_says_n_a():
    result = get_metric("tag-placement").corpus_score(["x y"], [["x y"]])
    assert result.score is None and result.details["tag-inconsistent"] == 0.0
    original = get_metric("tag-placement", compat="original").corpus_score(["x y"], [["x y"]])
    assert original.score == 0.0  # Lilt divides by max(1, tags)


def test_strict_stops_where_lilt_stops():
    metric = get_metric("tag-placement", compat="original-strict")
    with pytest.raises(TagmtError, match=r"stops at the segment whose reference is 'a < b <b>x</b>': reference: "
                                         r"invalid tag structure"):
        metric.corpus_score(HYPS, [REFS])
    with pytest.raises(TagmtError, match="inconsistent number of tags"):
        metric.corpus_score(["<b>x y"], [["<b>x</b> y"]])  # no repair without --permissive
    clean = (["<b>x</b> y", "Set <field name> on"], ["x <b>y</b>", "Set <field name> on"])
    strict = metric.corpus_score(clean[0], [clean[1]])
    permissive = get_metric("tag-placement", compat="original").corpus_score(clean[0], [clean[1]])
    assert strict.score == permissive.score == pytest.approx(100 / 3)
    assert "permissive:no" in strict.signature


FIXTURE = Path(__file__).parent / "data" / "lilt_original.json"


@pytest.mark.skipif(not FIXTURE.exists(), reason="fixture not built")
@pytest.mark.parametrize("system", sorted(lilt_systems()[1]))
def test_permissive_equals_the_original_on_generated_systems(system):
    expected = json.loads(FIXTURE.read_text("utf-8"))[system]
    references, systems = lilt_systems()
    result = get_metric("tag-placement", compat="original").corpus_score(systems[system], [references])
    figures = {"tag-placement": result.score, **result.details}
    assert figures["tag-placement"] == pytest.approx(100 * expected["accuracy"], abs=1e-9)
    assert figures["tag-offset"] == pytest.approx(expected["average_character_difference"], abs=1e-9)
    assert figures["tag-inconsistent"] == pytest.approx(
        100 * expected["num_inconsistent_total"] / max(1, expected["num_sentences"]), abs=1e-9)
    assert figures["tag-inconsistent-hypothesis"] == expected["num_inconsistent_hyp"]
    assert figures["tag-inconsistent-count"] == expected["num_inconsistent_tag_count"]
    assert figures["tag-inconsistent-text"] == expected["num_inconsistent_text"]
    assert figures["tags-in-inconsistent"] == expected["num_tags_inconsistent_sentences"]


from hypothesis import given, strategies as st  # noqa: E402


@given(st.text(alphabet="ab <>/&", max_size=30))
def test_extract_rebuilds_the_line_or_refuses_it(line):
    from tagmt.metrics.lilt import InvalidTags

    try:
        text, tags = extract(line)
    except InvalidTags:
        assert not balanced(line)
        return
    assert balanced(line)
    rebuilt, last = "", 0
    for content, position in tags:
        rebuilt += text[last:position] + f"<{content}>"
        last = position
    assert rebuilt + text[last:] == line
