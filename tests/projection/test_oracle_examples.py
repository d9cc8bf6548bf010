"""`oracle_assessment(examples=...)`: tagged pairs from another set given to every projection of the
cross-validation, never measured (bench_projection.py --extra-examples: the held-out "dev sets as
examples" setting)."""

from __future__ import annotations

from tagmt.projection.assess import oracle_assessment
from tagmt.testing.aligners import SameWordAligner


PAIRS = [
    ("Select <b>Save</b> now", "Now select <b>save</b>"),
    ("Select <b>Open</b> now", "Now select [<b>open</b>]"),
]
EXTRA = [("Select <b>Print</b> now", "Now select [<b>print</b>]"),
         ("Select <b>Copy</b> now", "Now select [<b>copy</b>]")]


def test_extra_examples_reach_every_fold_and_are_never_measured():
    aligner = SameWordAligner()
    result, outputs = oracle_assessment(PAIRS, "en", "fi", aligner, cross_validate=True, examples=EXTRA)
    assert len(outputs) == 2 and result.tagged == 2  # only the set's own pairs are measured
    assert aligner.batches == [1 + 1 + 2, 1 + 1 + 2]  # each fold: its pair, the other half, the extra pairs
    # the extra pairs put the brackets the translation adds outside the tag, against the default (inside):
    # the fold measuring "Open" learns that from them
    assert outputs[1] == "Now select [<b>open</b>]"


def test_without_them_the_default_decides():
    aligner = SameWordAligner()
    _, outputs = oracle_assessment(PAIRS, "en", "fi", aligner, cross_validate=True)
    assert aligner.batches == [2, 2]
    assert outputs[1] == "Now select <b>[open]</b>"


def test_extra_examples_without_cross_validation():
    aligner = SameWordAligner()
    result, outputs = oracle_assessment(PAIRS, "en", "fi", aligner, examples=EXTRA)
    assert result.tagged == 2 and aligner.batches == [2 + 2]
    assert outputs[1] == "Now select [<b>open</b>]"
