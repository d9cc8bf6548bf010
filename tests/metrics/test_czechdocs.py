"""CzechDocs (Jon & Bojar 2026): tag preservation rate, tag-presence counts and BLEU without tags,
against values computed by hand."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import BLEU

from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.segment import czechdocs_plain

REFS = [
    "Click <b>Save</b> now.",          # 2 '<'
    "A <a href='x'>link</a> and <br/>",  # 3 '<'
    "Plain text.",                       # 0
    "No tags &amp; more.",               # 0
]
HYPS = [
    "Click <b>Save</b> now.",            # 2: both
    "A link and",                        # 0: lost
    "Plain <i>text</i>.",                # 2: added
    "No tags & more.",                   # 0: none
]


def test_tag_preservation_rate_and_presence_counts_by_hand():
    result = get_metric("tag-preservation").corpus_score(HYPS, [REFS])
    assert result.score == pytest.approx(100 * 4 / 5)  # (2 + 0 + 2 + 0) / (2 + 3 + 0 + 0)
    assert result.details == {"tags-both": 1.0, "tags-lost": 1.0, "tags-added": 1.0, "tags-none": 1.0}
    # per segment: 100, 0, n/a (no reference '<'), n/a
    assert result.segment_scores == [100.0, 0.0, None, None]


def test_tag_preservation_passes_100_when_tags_are_added():
    result = get_metric("tag-preservation").corpus_score(["<b>x</b><i>y</i>"], [["<b>x</b> y"]])
    assert result.score == pytest.approx(200.0)


def test_tag_preservation_is_n_a_without_reference_tags():
    assert get_metric("tag-preservation").corpus_score(["a"], [["b"]]).score is None


def test_czechdocs_strip_by_hand():
    assert czechdocs_plain("  A <a href='x'>link</a>\t and&nbsp;<br/> &amp; &#160;x ") == "A link and & x"
    assert czechdocs_plain("a < b > c") == "a c"  # a regex strip: a bare '<' up to the next '>' goes


def test_lex_bleu_czechdocs_is_bleu_on_the_stripped_strings():
    metric = get_metric("lex-bleu", trg_lang="en", compat="czechdocs")
    result = metric.corpus_score(HYPS, [REFS])
    expected = BLEU(tokenize="13a").corpus_score([czechdocs_plain(h) for h in HYPS],
                                                 [[czechdocs_plain(r) for r in REFS]]).score
    assert result.score == pytest.approx(expected, abs=1e-9)
    assert "compat:czechdocs" in result.signature and "view:czechdocs-strip" in result.signature
    # the entity is unescaped on the reference side, so segment 4 matches exactly here but not in tagmt's lex
    assert result.segment_scores[3] == pytest.approx(100.0)


def test_czechdocs_is_only_a_mode_of_lex_bleu():
    with pytest.raises(TagmtError, match="metrics with czechdocs: lex-bleu"):
        get_metric("raw-bleu", trg_lang="en", compat="czechdocs")
