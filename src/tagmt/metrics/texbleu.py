"""TeXBLEU (Jung et al., ICASSP 2025): n-gram similarity of LaTeX strings in a language model's
input-embedding space.

Both strings get a space before every backslash that lacks one (as the authors' code does, also at the
very start), are tokenized with the model's tokenizer, and every token is mapped to its input embedding.
The distance of two tokens is ``d = (cosdist(e1, e2)**alpha + tanh(beta * |p1 - p2|)) / 2`` with
``alpha = 2``, ``beta = 0.1`` and ``p`` the token's position in its own string. For n = 1..N (N = 2) the
i-th n-gram of the reference is aligned with the i-th n-gram of the prediction, for
``i < L_n = min(|R|, |P|) - n + 1``. The paper's algorithm and the authors' code align by index, so
aligned tokens share their position and ``tanh(beta * 0) = 0``: the distance reduces to
``cosdist**alpha / 2``. Then
``sim_n = 1 - sum of d over the aligned n-grams' tokens / (L_n * n)`` and
``TeXBLEU = exp(sum_n w_n log sim_n)`` with uniform weights and no brevity penalty.

Decisions where the definition is silent: ``sim_n`` is floored at 1e-10 before the log (as the authors'
code does); an order with ``L_n <= 0`` (a string shorter than n tokens) is left out and the weights of the
remaining orders renormalised; two empty strings score 1 and one empty string scores 0. Token ids are
not truncated (only input embeddings are used, so no context limit applies).

``compat="original"`` is the authors' ``new_metric.py``: ``tokenizer.encode(…, truncation=True,
max_length=512)`` (special tokens as the tokenizer adds them; text past 512 tokens is ignored), an order
with no n-gram pair scores 0 and so weighs in as ``log(1e-10)`` (a one-token string scores about
1e-5 times the square root of its unigram similarity), per-token distances summed in double precision
without clipping, the result rounded to 4 decimals; an empty prediction divides by zero there (its
unused brevity penalty) and gets None here. Its extra trained embeddings (``new_embeddings.pth``) are
only reached by ids beyond the tokenizer's vocabulary, which GPT-2's tokenizer never produces.

The signature names the model fully: the hub id or the resolved local path, and a hash of the input
embedding matrix, so two folders with the same name but other weights are told apart.
"""

from __future__ import annotations

import hashlib
import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from tagmt.errors import TagmtError, require
from tagmt.hub import load_pretrained
from tagmt.metrics.base import Metric, MetricResult

ALPHA = 2.0
BETA = 0.1
MAX_ORDER = 2
_FLOOR = 1e-10
_BACKSLASH = re.compile(r"(?<! )\\")


def space_commands(text: str) -> str:
    """Put a space before every backslash that is not already preceded by one."""
    return _BACKSLASH.sub(r" \\", text)


@lru_cache(maxsize=4)
def load_embeddings(model: str):
    """The tokenizer and input-embedding matrix of ``model`` (a hub id or a local directory).

    Loaded through :func:`tagmt.hub.load_pretrained`: the local cache first, the hub only when it may be
    asked and can be reached; otherwise one line saying how to supply the model.
    """
    transformers = require("transformers", "hf", "TeXBLEU")
    transformers.utils.logging.set_verbosity_error()
    transformers.utils.logging.disable_progress_bar()

    def load(path: str, local_files_only: bool):
        tokenizer = transformers.AutoTokenizer.from_pretrained(path, local_files_only=local_files_only)
        network = transformers.AutoModel.from_pretrained(path, local_files_only=local_files_only)
        return tokenizer, network

    tokenizer, network = load_pretrained(load, model, option="--embedding-model")
    weights = network.get_input_embeddings().weight.detach().float()
    return tokenizer, weights


@lru_cache(maxsize=4)
def model_identity(model: str) -> str:
    """``<hub id or absolute path>@sha256:<16 hex of the input embeddings>`` of a loaded model."""
    _, weights = load_embeddings(model)
    digest = hashlib.sha256(weights.contiguous().numpy().tobytes()).hexdigest()[:16]
    local = Path(model).expanduser()
    where = str(local.resolve()) if local.is_dir() else model
    return f"{where}@sha256:{digest}"


def texbleu_pair_original(reference: str, prediction: str, tokenizer, embeddings,
                          max_order: int = MAX_ORDER) -> float | None:
    """TeXBLEU as the authors' code computes it (see the module docstring); None where it divides by 0."""
    torch = require("torch", "hf", "TeXBLEU")
    ref_ids = tokenizer.encode(space_commands(reference), truncation=True, max_length=512)
    pred_ids = tokenizer.encode(space_commands(prediction), truncation=True, max_length=512)
    if not pred_ids:
        return None
    length = min(len(ref_ids), len(pred_ids))
    if length:
        cos = torch.nn.functional.cosine_similarity(
            embeddings[torch.tensor(ref_ids[:length])], embeddings[torch.tensor(pred_ids[:length])], dim=-1
        ).tolist()
    else:
        cos = []
    distance = [0.5 * (1 - c) ** ALPHA + 0.5 * math.tanh(BETA * 0.0) for c in cos]
    total_log = 0.0
    for n in range(1, max_order + 1):
        pairs = min(len(ref_ids), len(pred_ids)) - n + 1
        if pairs <= 0:
            sim = 0.0
        else:
            total = sum(sum(distance[i + j] for j in range(n)) for i in range(pairs))
            sim = 1 - total / (pairs * n)
        total_log += (1 / max_order) * math.log(max(sim, _FLOOR))
    return round(math.exp(total_log), 4)


def texbleu_pair(reference: str, prediction: str, tokenizer, embeddings, max_order: int = MAX_ORDER) -> float:
    """TeXBLEU of one prediction against one reference, given a tokenizer and its embedding matrix."""
    torch = require("torch", "hf", "TeXBLEU")
    ref_ids = tokenizer(space_commands(reference), add_special_tokens=False)["input_ids"]
    pred_ids = tokenizer(space_commands(prediction), add_special_tokens=False)["input_ids"]
    if not ref_ids or not pred_ids:
        return 1.0 if not ref_ids and not pred_ids else 0.0
    length = min(len(ref_ids), len(pred_ids))
    ref_emb = embeddings[torch.tensor(ref_ids[:length])]
    pred_emb = embeddings[torch.tensor(pred_ids[:length])]
    cos_dist = 1.0 - torch.nn.functional.cosine_similarity(ref_emb, pred_emb, dim=-1)
    # Aligned by index, both tokens sit at the same position: the tanh(BETA * |p1 - p2|) term is 0.
    distance = cos_dist.clamp(min=0.0) ** ALPHA / 2
    logs, weights = [], []
    for n in range(1, max_order + 1):
        windows = length - n + 1
        if windows <= 0:
            continue
        total = sum(float(distance[j:j + windows].sum()) for j in range(n))
        sim = 1.0 - total / (windows * n)
        logs.append(math.log(max(sim, _FLOOR)))
        weights.append(1.0 / max_order)
    return math.exp(sum(w * lg for w, lg in zip(weights, logs)) / sum(weights))


class TeXBleu(Metric):
    """TeXBLEU in [0, 1]: mean over items; several references: the best per item."""

    name = "texbleu"
    unit = "document"
    compat_modes = ("tagmt", "original")

    def __init__(self, embedding_model: str = "gpt2", compat: str = "tagmt") -> None:
        self.set_compat(compat)
        self.embedding_model = str(embedding_model)

    def signature_fields(self) -> dict[str, str]:
        fields = {
            "metric": "texbleu",
            "model": model_identity(self.embedding_model),
            "n": str(MAX_ORDER),
            "alpha": f"{ALPHA:g}",
            "beta": f"{BETA:g}",
        }
        if self.compat == "original":
            fields.update({"max_tokens": "512", "round": "4"})
        return fields

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if not references:
            raise TagmtError("TeXBLEU needs at least one reference")
        tokenizer, embeddings = load_embeddings(self.embedding_model)
        pair = texbleu_pair_original if self.compat == "original" else texbleu_pair
        scores = []
        for i, hypothesis in enumerate(hypotheses):
            options = [pair(stream[i], hypothesis, tokenizer, embeddings) for stream in references]
            known = [o for o in options if o is not None]
            scores.append(max(known) if known else None)
        counted = [s for s in scores if s is not None]
        return MetricResult(
            name=self.name,
            score=sum(counted) / len(counted) if counted else 0.0,
            signature=self.signature(),
            segment_scores=scores,  # type: ignore[arg-type]
            details={"scale": "0-1"},
        )
