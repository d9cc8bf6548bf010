"""XATER: the SAX-style tokens, known scores, robustness, and the fast TER against sacrebleu's exact one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import translation_edit_rate as sacrebleu_ter

from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.fast_ter import translation_edit_rate
from tagmt.metrics.xater import Xater, xml_tokens


def test_tags_attributes_and_text_runs():
    doc = '<p b="2" a="1">Hello   <b>big\n world</b> !</p>'
    assert xml_tokens(doc) == [
        "<p ", 'a="1" ', 'b="2" ', ">", "Hello", "<b ", ">", "big world", "</b>", "!", "</p>"
    ]


def test_id_values_become_the_number_of_tokens_before_them():
    doc = '<a x="1" id="first"><b id="second"/></a>'
    assert xml_tokens(doc) == ["<a ", 'id="ID 1" ', 'x="1" ', ">", "<b ", 'id="ID 5" ', ">", "</b>", "</a>"]


def test_declaration_doctype_comments_and_pis_give_no_tokens():
    doc = '<?xml version="1.0"?>\n<!DOCTYPE a SYSTEM "a.dtd">\n<a><!-- note -->one <?pi x?>two</a>'
    assert xml_tokens(doc) == ["<a ", ">", "one two", "</a>"]


def test_words_variant_splits_text_runs():
    assert xml_tokens("<a> one  two <b>three</b></a>", words=True) == [
        "<a ", ">", "one", "two", "<b ", ">", "three", "</b>", "</a>"
    ]


def xater(hyp: str, *refs: str, words: bool = False) -> float:
    return Xater(words=words).corpus_score([hyp], [[ref] for ref in refs]).score


def test_known_scores():
    ref = "<p>Hello <b>world</b></p>"  # 8 tokens
    assert xater(ref, ref) == 100.0
    # 'Hello world' substitutes 'Hello'; '<b ', '>', 'world', '</b>' are missing: 5 edits of 8
    assert xater("<p>Hello world</p>", ref) == pytest.approx(100 - 100 * 5 / 8)
    # a text run moved past an inline element is one shift
    assert xater("<p>y <b>x</b></p>", "<p><b>x</b> y</p>") == pytest.approx(100 - 100 / 8)
    # more edits than reference tokens: clamped to 0
    assert xater("<a><b>1</b><c>2</c><d>3</d></a>", "<z/>") == 0.0


def test_words_variant_counts_word_edits():
    ref = "<p>one two three</p>"  # 4 tokens, or 6 with words
    assert xater("<p>one two four</p>", ref) == pytest.approx(100 - 100 / 4)
    assert xater("<p>one two four</p>", ref, words=True) == pytest.approx(100 - 100 / 6)


def test_malformed_hypothesis_scores_zero_and_keeps_the_error():
    result = Xater().corpus_score(["<p>fine</p>", "<p>broken"], [["<p>fine</p>", "<p>broken</p>"]])
    assert result.segment_scores == [100.0, 0.0]
    assert result.score == 50.0
    assert result.details["parse_errors"][0] is None
    assert "line 1" in result.details["parse_errors"][1]


def test_empty_or_malformed_reference_is_an_error():
    with pytest.raises(TagmtError, match="empty"):
        Xater().corpus_score(["<p/>"], [["  "]])
    with pytest.raises(TagmtError, match="not well-formed"):
        Xater().corpus_score(["<p/>"], [["<p>"]])


def test_several_references_take_the_best():
    hyp = "<p>a <b>b</b></p>"
    assert xater(hyp, "<p>zzz</p>", hyp) == 100.0
    assert xater(hyp, "<p>zzz</p>") < 100.0


def test_registry_builds_a_document_metric():
    metric = get_metric("xater", words=True)
    assert isinstance(metric, Xater) and metric.unit == "document"
    assert "tok:words" in metric.signature()


tokens = st.lists(st.sampled_from("abcde"), max_size=30)


@settings(max_examples=400, deadline=None)
@given(hyp=tokens, ref=tokens)
def test_fast_ter_equals_sacrebleu_on_random_sequences(hyp, ref):
    assert translation_edit_rate(hyp, ref) == sacrebleu_ter(hyp, ref)


@st.composite
def edited_pairs(draw):
    """A reference and a hypothesis made from it by deletions, insertions and block moves."""
    ref = draw(st.lists(st.sampled_from("abcdefgh<>/"), min_size=1, max_size=60))
    hyp = list(ref)
    for op, where, length, to in draw(
        st.lists(st.tuples(st.sampled_from("dim"), st.integers(0, 99), st.integers(1, 12), st.integers(0, 99)),
                 max_size=6)
    ):
        at = where % (len(hyp) + 1)
        if op == "d":
            del hyp[at:at + length]
        elif op == "i":
            hyp[at:at] = ["x"] * length
        else:
            block = hyp[at:at + length]
            del hyp[at:at + length]
            target = to % (len(hyp) + 1)
            hyp[target:target] = block
    return hyp, ref


@settings(max_examples=200, deadline=None)
@given(pair=edited_pairs())
def test_fast_ter_equals_sacrebleu_on_edited_sequences(pair):
    hyp, ref = pair
    assert translation_edit_rate(hyp, ref) == sacrebleu_ter(hyp, ref)


def test_fast_ter_equals_sacrebleu_where_the_beam_and_the_candidate_cap_matter():
    rng = random.Random(7)
    ref = [f"w{rng.randrange(40)}" for _ in range(120)]
    cases = [
        (ref[40:], ref),  # a long deletion: the path leaves the beam around the pseudo-diagonal
        (ref[:50] + ref[90:100] + ref[50:90] + ref[100:], ref),  # a block moved far
    ]
    small = [rng.choice("abc") for _ in range(70)]  # three symbols: 1,000 candidates in the first round
    noisy = list(small)
    for _ in range(15):
        noisy[rng.randrange(len(noisy))] = rng.choice("abc")
    cases.append((noisy[5:] + noisy[:5], small))
    for hyp, reference in cases:
        assert translation_edit_rate(hyp, reference) == sacrebleu_ter(hyp, reference)


@pytest.mark.sapdev
def test_xater_equals_exact_ter_on_translated_dita(sap_dev, tmp_path):
    """Real documents: the Japanese DITA as reference; the English source and a tag-damaged copy as hypotheses."""
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import write_dita

    dataset = open_dataset(sap_dev)
    refs = write_dita(dataset, "dev", "en-ja", "target", tmp_path / "ja")
    srcs = write_dita(dataset, "dev", "en-ja", "source", tmp_path / "en")
    pairs = [(s, r) for s, r in zip(srcs, refs) if 60 <= len(xml_tokens(r.read_bytes())) <= 110][:4]
    assert pairs
    for src, ref in pairs:
        ref_tokens = xml_tokens(ref.read_bytes())
        damaged = [t for t in ref_tokens if t not in ("<uicontrol ", "</uicontrol>")]
        for hyp_tokens in (xml_tokens(src.read_bytes()), damaged):
            edits, length = sacrebleu_ter(hyp_tokens, ref_tokens)
            assert translation_edit_rate(hyp_tokens, ref_tokens) == (edits, length)


# --- compat="original": the Auto-Markup benchmark's own tokens and pyter's TER -----------------------------

def _original_cases():
    import json
    from pathlib import Path

    from compat_cases import xml_document_pairs

    expected = json.loads((Path(__file__).parent / "data" / "automarkup_xater.json").read_text())
    return [(name, hyp, ref, expected[name]) for name, hyp, ref in xml_document_pairs()]


def test_compat_original_equals_the_benchmark_on_every_generated_pair():
    from tagmt.metrics.automarkup import sax_tokens

    metric = get_metric("xater", compat="original")
    for name, hyp, ref, expected in _original_cases():
        result = metric.corpus_score([hyp], [[ref]])
        if expected["xater"] is None:  # the original skips a hypothesis that does not parse
            assert result.segment_scores == [None] and result.details["parse_errors"][0], name
            continue
        assert sax_tokens(hyp) == expected["hyp_tokens"] and sax_tokens(ref) == expected["ref_tokens"], name
        assert result.segment_scores[0] == pytest.approx(expected["xater"], abs=1e-9), name
    assert "ter:pyter" in metric.signature() and "compat:original" in metric.signature()


def test_original_and_default_differ_where_tercom_and_pyter_shift_differently():
    """A reversed document: pyter shifts whole blocks freely, Tercom's rules and beam do not."""
    cases = {name: (hyp, ref, expected) for name, hyp, ref, expected in _original_cases()}
    hyp, ref, expected = cases["reverse-16"]
    default = get_metric("xater").corpus_score([hyp], [[ref]]).score
    assert expected["xater"] - default > 20  # 71.2 vs 44.6


def test_original_skips_unparsable_hypotheses_in_the_mean():
    metric = get_metric("xater", compat="original")
    result = metric.corpus_score(["<a>x</a>", "<a>"], [["<a>x</a>", "<a>y</a>"]])
    assert result.segment_scores == [100.0, None] and result.score == 100.0
    assert get_metric("xater").corpus_score(["<a>x</a>", "<a>"], [["<a>x</a>", "<a>y</a>"]]).score == 50.0


def test_sax_chunks_are_joined_with_a_space_as_in_the_original():
    from tagmt.metrics.automarkup import sax_tokens

    assert sax_tokens("<p>AT&amp;T</p>") == ["<p ", ">", "AT & T", "</p>"]
    assert xml_tokens("<p>AT&amp;T</p>") == ["<p ", ">", "AT&T", "</p>"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from("abcde"), max_size=10),
    st.lists(st.sampled_from("abcde"), min_size=1, max_size=10),
)
def test_pyter_edit_rate_equals_pyter(hyp, ref):
    from tagmt.metrics.automarkup import pyter_edit_rate

    pyter = pytest.importorskip("pyter", reason="pyter (pyter3) is the original's TER; install tagmt[dev]")
    assert pyter_edit_rate(hyp, ref) == pytest.approx(pyter.ter(hyp, ref), abs=1e-12)
