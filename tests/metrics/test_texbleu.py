"""TeXBLEU on a tiny GPT-2 built here and loaded back through from_pretrained."""

from __future__ import annotations

import math

import pytest

from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.texbleu import TeXBleu, load_embeddings, space_commands, texbleu_pair

pytest.importorskip("transformers")


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    from tagmt.testing.tiny_gpt2 import build_tiny_gpt2

    return str(build_tiny_gpt2(tmp_path_factory.mktemp("tiny-gpt2")))


def test_spacing_before_commands():
    assert space_commands(r"\frac{a}{b}+\alpha \beta") == r" \frac{a}{b}+ \alpha \beta"


def test_identical_strings_score_one_and_empty_cases(tiny_model):
    metric = TeXBleu(embedding_model=tiny_model)
    result = metric.corpus_score([r"\frac{a}{b}", "", "x"], [[r"\frac{a}{b}", "", ""]])
    assert result.segment_scores == pytest.approx([1.0, 1.0, 0.0])


def test_formula_by_hand(tiny_model):
    """sim_n from per-token distances cosdist^2 / 2 of index-aligned tokens, then the geometric mean."""
    import torch

    tokenizer, emb = load_embeddings(tiny_model)
    ref, pred = r"\alpha + \beta", r"\alpha - \gamma x"
    r = tokenizer(space_commands(ref), add_special_tokens=False)["input_ids"]
    p = tokenizer(space_commands(pred), add_special_tokens=False)["input_ids"]
    n = min(len(r), len(p))
    d = [
        (1 - float(torch.nn.functional.cosine_similarity(emb[r[k]], emb[p[k]], dim=0))) ** 2 / 2
        for k in range(n)
    ]
    sim1 = 1 - sum(d) / n
    sim2 = 1 - sum(d[i] + d[i + 1] for i in range(n - 1)) / ((n - 1) * 2)
    expected = math.exp(0.5 * math.log(sim1) + 0.5 * math.log(sim2))
    assert texbleu_pair(ref, pred, tokenizer, emb) == pytest.approx(expected, rel=1e-5)
    assert 0.0 < expected < 1.0


def test_best_reference_and_registry(tiny_model):
    metric = get_metric("texbleu", embedding_model=tiny_model)
    assert metric.unit == "document" and "model:" in metric.signature()
    one = metric.corpus_score([r"\sum_i x_i"], [[r"\int f"]]).score
    best = metric.corpus_score([r"\sum_i x_i"], [[r"\int f"], [r"\sum_i x_i"]]).score
    assert best == pytest.approx(1.0) and one < best


def test_missing_weights_name_the_model_and_how_to_supply_it(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    missing = str(tmp_path / "no-such-model")
    with pytest.raises(TagmtError, match="--embedding-model .*no-such-model: not a checkpoint directory"):
        TeXBleu(embedding_model=missing).corpus_score(["x"], [["y"]])


def test_signature_names_the_model_fully(tiny_model, tmp_path):
    import shutil
    from pathlib import Path

    signature = TeXBleu(embedding_model=tiny_model).signature()
    assert f"model:{Path(tiny_model).resolve()}@sha256:" in signature and "compat:tagmt" in signature
    # the same folder name with other weights gets another identity
    import torch

    other = tmp_path / Path(tiny_model).name
    shutil.copytree(tiny_model, other)
    from transformers import AutoModel

    model = AutoModel.from_pretrained(other)
    with torch.no_grad():
        model.get_input_embeddings().weight.mul_(2)
    model.save_pretrained(other)
    other_signature = TeXBleu(embedding_model=str(other)).signature()
    assert other_signature.split("@sha256:")[1][:16] != signature.split("@sha256:")[1][:16]


def test_original_short_long_and_empty_strings(tiny_model):
    """The authors' code: an order without n-gram pairs weighs in as log(1e-10), 512 tokens at most,
    4 decimals, and an empty prediction fails (None here)."""
    original = TeXBleu(embedding_model=tiny_model, compat="original")
    default = TeXBleu(embedding_model=tiny_model)
    tokenizer, _ = load_embeddings(tiny_model)
    one = "x"
    assert len(tokenizer.encode(space_commands(one))) == 1
    assert original.corpus_score([one], [[one]]).segment_scores == [0.0]  # sqrt(1) * 1e-5 -> 0.0000
    assert default.corpus_score([one], [[one]]).segment_scores == [pytest.approx(1.0)]
    long_ref = " ".join(["a b"] * 400)
    long_hyp = long_ref + " c" * 50
    assert len(tokenizer.encode(space_commands(long_ref))) > 512
    assert original.corpus_score([long_hyp], [[long_ref]]).segment_scores == [1.0]
    empty = original.corpus_score(["", r"\alpha"], [["x", r"\alpha"]])
    assert empty.segment_scores == [None, 1.0] and empty.score == 1.0
    mid = original.corpus_score([r"\alpha - \gamma x"], [[r"\alpha + \beta"]]).segment_scores[0]
    assert mid == round(mid, 4) and mid == pytest.approx(
        default.corpus_score([r"\alpha - \gamma x"], [[r"\alpha + \beta"]]).score, abs=6e-5)
    assert "max_tokens:512" in original.signature() and "compat:original" in original.signature()
