"""compat="original" of XML-BLEU, markup match, structure accuracy and NE&NUM equals Hashimoto et al.'s
evaluate.py (its outputs on the generated systems: tests/metrics/data/hashimoto_original.json, see NOTE.md),
through the metric API and through the streaming ``score_systems`` of ``tagmt evaluate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_cases import (ENGLISH_REFERENCES, ENGLISH_TERMS, english_systems, english_systems_round2,
                          extended_references)

from tagmt.evaluation import ScoreOptions, score_systems
from tagmt.metrics import get_metric

EXPECTED = json.loads((Path(__file__).parent / "data" / "hashimoto_original.json").read_text("utf-8"))
#: fixture key -> registry name
METRICS = {
    "xml_bleu": "xml-bleu",
    "markup_match": "markup-match",
    "structure_accuracy": "structure-accuracy",
    "ne_num_precision": "ne-num-precision",
    "ne_num_recall": "ne-num-recall",
}


def _expected(system: str, key: str) -> float:
    value = EXPECTED[system][key]
    return 0.0 if value is None else value  # None: multi-bleu dies without a match; tagmt gives 0


def _all_systems() -> dict[str, tuple[list[str], list[str]]]:
    systems = {name: (hyps, ENGLISH_REFERENCES) for name, hyps in english_systems().items()}
    systems.update({name: (hyps, extended_references()) for name, hyps in english_systems_round2().items()})
    return systems


def test_the_fixture_covers_sixteen_english_target_systems():
    assert set(EXPECTED) == set(_all_systems()) and len(EXPECTED) == 16


@pytest.mark.parametrize("system", sorted(_all_systems()))
def test_metric_api_equals_the_original_script(system):
    hypotheses, references = _all_systems()[system]
    for key, name in METRICS.items():
        options = {"terms": ENGLISH_TERMS} if name.startswith("ne-num") else {}
        result = get_metric(name, trg_lang="en", compat="original", **options).corpus_score(
            hypotheses, [references]
        )
        assert result.score == pytest.approx(_expected(system, key), abs=0.01), (system, name)


def test_score_systems_equals_the_original_script_and_tests_significance():
    systems = english_systems()
    scored = score_systems(ENGLISH_REFERENCES, systems, "en", metrics=list(METRICS.values()), options=ScoreOptions(
                               compat="original", terms=ENGLISH_TERMS, significance="bs", samples=200))
    for result in scored:
        for key, name in METRICS.items():
            assert result.scores[name] == pytest.approx(_expected(result.hyp, key), abs=0.01), (result.hyp, name)
            assert "compat:original" in result.signatures[name]
    by_name = {result.hyp: result for result in scored}
    # the original's per-segment statistics are resampled like any other metric's
    assert by_name["b-wrap"].significance["markup-match"]["p_value"] < 0.05
    assert by_name["no-tags"].significance["xml-bleu"]["p_value"] < 0.05


def test_the_default_counts_ne_num_per_segment():
    refs = ["Open 3 of 5 files in <xref href=\"note-2345\">SAP</xref>.", "Q3 2019."]
    hyps = ["Open 4 of 5 files in SAP.", "Q3 ２０１９"]
    precision = get_metric("ne-num-precision", terms=["SAP", "Q3"]).corpus_score(hyps, [refs])
    recall = get_metric("ne-num-recall", terms=["SAP", "Q3"]).corpus_score(hyps, [refs])
    # hypothesis items 4, 5, SAP | Q3, 2019; reference items 3, 5, SAP | Q3, 2019 (the href is markup)
    assert precision.score == pytest.approx(100 * 4 / 5) and recall.score == pytest.approx(100 * 4 / 5)
    assert precision.segment_scores == pytest.approx([100 * 2 / 3, 100.0])


def test_only_the_scripts_own_tag_names_split_fragments():
    # <emphasis> is not in evaluate.py's list: it stays in the text, three tokens after Moses
    ref, hyp = "Press <emphasis>Save</emphasis> now.", "Press <emphasis>Save</emphasis> now."
    metric = get_metric("xml-bleu", trg_lang="en", compat="original")
    assert metric.corpus_score([hyp], [[ref]]).score == 100.0
    assert "tags:literal-original" in metric.signature()
    # with the element given as a tag name the fragments differ, and so does the score of a near miss
    near = "Press <emphasis>Save</emphasis> now please."
    default = get_metric("xml-bleu", trg_lang="en", compat="original").corpus_score([near], [[ref]]).score
    given = get_metric("xml-bleu", trg_lang="en", compat="original", vocabulary=["emphasis"]).corpus_score(
        [near], [[ref]]).score
    assert default != given


def test_moses_splits_the_period_of_the_last_word():
    from tagmt.metrics.hashimoto import Tokenizer

    tokenize = Tokenizer("en")
    assert tokenize("Members of the Czech Rep.") == "Members of the Czech Rep ."
    assert tokenize("see fullrep_en.pdf.") == "see fullrep _ en.pdf ."
    assert tokenize("Wait...") == "Wait ..."
    assert tokenize("Dr. Smith came.") == "Dr. Smith came ."


def test_a_line_break_inside_a_fragment_shifts_the_line_files():
    from tagmt.metrics.hashimoto import OriginalCorpus

    # no match: three empty hypothesis lines for three fragments, but the reference's last fragment
    # holds a line break, so the second segment's hypothesis meets the first's last reference line
    corpus = OriginalCorpus(["x\ny z", "c d"], ["a <b>q</b>\nb", "c d"])
    assert corpus.line_pairs() == [(0, "", "a "), (0, "", "q"), (0, "", ""), (1, "c d", "b")]
    # more hypothesis lines than reference lines: multi-bleu's reference length 9999
    from tagmt.metrics.hashimoto import line_stats

    assert line_stats("a b", None).ref_len == 9999 and line_stats("a b", None).correct == (0, 0, 0, 0)
