"""End to end on the real development split, all 12 directions: the reference scores 100 against
itself on every metric, and a copy with its tags removed scores lex 100, tag 0, and a markup match
equal to the share of untagged segments. Each figure also agrees with a direct sacrebleu call.

Directions with the same target language have the same references (the data is multiway), so each
distinct reference set is scored once and its figures checked for every direction that has it."""

from __future__ import annotations

from functools import lru_cache

import pytest
from sacrebleu.metrics import BLEU, CHRF

from tagmt.data.dataset import open_dataset
from tagmt.data.directions import all_directions
from tagmt.data.views import parallel_segments
from tagmt.evaluation import score_systems
from tagmt.markup import TaggedSegment, strip, tokenize
from tagmt.metrics.segment import bleu_tokenizer

pytestmark = pytest.mark.sapdev


@pytest.fixture(scope="module")
def dataset(sap_dev):
    return open_dataset(sap_dev)


@lru_cache(maxsize=None)
def scored(references: tuple[str, ...], trg: str):
    stripped = [strip(reference) for reference in references]
    itself, no_tags = score_systems(references, {"ref": references, "stripped": stripped}, trg)
    direct = {
        "raw-bleu": BLEU(tokenize=bleu_tokenizer(trg)).corpus_score(stripped, [references]).score,
        "raw-chrf": CHRF().corpus_score(stripped, [references]).score,
    }
    return stripped, itself, no_tags, direct


@pytest.mark.parametrize("direction", [d.name for d in all_directions()])
def test_direction(dataset, direction):
    references = [segment.target for segment in parallel_segments(dataset, "dev", direction)]
    trg = direction.split("-")[1]
    stripped, itself, no_tags, direct = scored(tuple(references), trg)

    assert itself.segments == no_tags.segments == len(references) == 2011
    for key, value in itself.scores.items():
        assert value == pytest.approx(0.0 if key.startswith(("tag-offset", "tag-inconsistent", "tags-in")) else 100.0), key

    untagged = sum(not TaggedSegment.parse(r).has_markup for r in references)
    assert 0.7 < untagged / len(references) < 0.8  # about 26 % of segments carry markup
    scores = no_tags.scores
    assert scores["lex-bleu"] == pytest.approx(100.0) and scores["lex-chrf"] == pytest.approx(100.0)
    assert scores["tag-bleu"] == 0.0 and scores["tag-chrf"] == 0.0
    assert scores["markup-match"] == pytest.approx(100.0 * untagged / len(references))
    assert scores["markup-match-tagged"] == 0.0
    assert scores["structure-accuracy"] == 100.0
    assert scores["raw-bleu"] < 100 and scores["xml-bleu"] < scores["raw-bleu"]

    # the figures are sacrebleu's own on the same strings
    assert scores["raw-bleu"] == pytest.approx(direct["raw-bleu"], abs=1e-9)
    assert scores["raw-chrf"] == pytest.approx(direct["raw-chrf"], abs=1e-9)
    assert f"tok:{BLEU(tokenize=bleu_tokenizer(trg)).tokenizer_signature}|" in no_tags.signatures["raw-bleu"]


@pytest.mark.parametrize("direction", ["en-ja", "ja-en", "en-zh"])
def test_hallucinated_b_elements_are_counted(dataset, direction):
    """A system that wraps the first word of every segment in <b>…</b> (the reference otherwise) loses
    the markup match wherever it did so, and the per-tag report names b as inserted."""
    import re

    def wrap_first_word(segment: str) -> str:
        parts = [token.text for token in tokenize(segment)]
        for i, token in enumerate(tokenize(segment)):
            if token.kind == "text" and re.search(r"\w", token.text):
                parts[i] = re.sub(r"(\w+)", r"<b>\1</b>", token.text, count=1)
                break
        return "".join(parts)

    references = [segment.target for segment in parallel_segments(dataset, "dev", direction)]
    wrapped = [wrap_first_word(reference) for reference in references]
    (system,) = score_systems(references, {"b": wrapped}, direction.split("-")[1])
    assert system.scores["markup-match"] < 10.0
    assert system.scores["xml-match"] < 10.0
    (row,) = [row for row in system.tags if row["tag"] == "b"]
    changed = sum(w != r for w, r in zip(wrapped, references))
    assert row["inserted"] == 2 * changed and row["reference"] == 0  # <b> and </b> are two tags
