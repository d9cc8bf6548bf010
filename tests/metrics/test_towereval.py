"""xml-chrf and xml-match under compat original equal tower-eval's XML-chrF / XML-Match (on tagmt's 0-100
scale): tests/metrics/data/towereval_original.json holds the original's figures on the generated systems
(see that folder's NOTE.md); the single behaviours are pinned by hand below."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_cases import tower_systems, tower_systems_without_parts

from tagmt.metrics import get_metric
from tagmt.metrics.towereval import NO_PARTS, parse, part_pairs, text_parts

EXPECTED = json.loads((Path(__file__).parent / "data" / "towereval_original.json").read_text("utf-8"))


@pytest.mark.parametrize("system", sorted(tower_systems()[1]))
def test_equal_to_tower_eval_on_generated_systems(system):
    references, systems = tower_systems()
    chrf = get_metric("xml-chrf", compat="original").corpus_score(systems[system], [references])
    match = get_metric("xml-match", compat="original").corpus_score(systems[system], [references])
    expected = EXPECTED[system]
    if expected["xml_chrf"] is None:
        assert chrf.score is None and chrf.details["reason"] == NO_PARTS
    else:
        assert chrf.score == pytest.approx(expected["xml_chrf"], abs=1e-9)
    assert match.score == pytest.approx(100 * expected["xml_match"], abs=1e-9)  # tower-eval: 0-1


def test_what_lxml_refuses_scores_0_even_against_itself():
    for segment in ("AT&T <b>x</b>", "a&nbsp;<b>x</b>", "in <field name> <b>x</b>"):
        assert get_metric("xml-match", compat="original").corpus_score([segment], [[segment]]).score == 0.0
        assert get_metric("xml-chrf", compat="original").corpus_score(
            [segment, "ok <b>x</b>"], [[segment, "ok <b>x</b>"]]).segment_scores[0] == 0.0
        assert get_metric("xml-match").corpus_score([segment], [[segment]]).score == 100.0  # tagmt reads them


def test_references_cdata_and_processing_instructions():
    assert text_parts(parse("a&#160;b <b>c</b>")) == ["a\u00a0b", "c"]  # character reference resolved
    assert text_parts(parse("x <![CDATA[a < b]]> y")) == ["x a < b y"]  # CDATA read as text
    assert text_parts(parse("x <?pi data?> y")) == ["x", "data", "y"]  # a PI is a node with text and tail
    # a PI is a child: a hypothesis without it has another tree
    assert part_pairs("x y", "x <?pi data?> y") is None
    assert text_parts(parse("a <root>b</root> c")) == ["a", "b"]  # an element called root loses its tail


def test_no_text_part_anywhere_is_n_a_with_the_reason_not_a_crash():
    hyps, refs = tower_systems_without_parts()
    result = get_metric("xml-chrf", compat="original").corpus_score(hyps, [refs])
    assert result.score is None and result.details["reason"] == NO_PARTS
    assert result.segment_scores == [0.0, 0.0]


def test_signature_says_the_scale():
    signature = get_metric("xml-match", compat="original").signature()
    assert "compat:original" in signature and "tower-eval:0-1" in signature
