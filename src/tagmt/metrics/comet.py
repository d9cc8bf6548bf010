"""COMET (Rei et al. 2020) through ``unbabel-comet``, from a local checkpoint only (extra ``tagmt[comet]``).

A COMET model is a trained regressor over a multilingual encoder: the score of a segment is its
prediction from the source, the hypothesis and the reference. tagmt never downloads a model: give the
checkpoint folder (``…/checkpoints/model.ckpt`` inside) or the ``.ckpt`` file; its encoder
(e.g. ``xlm-roberta-large``) must be in the local Hugging Face cache, as for every model tagmt loads.

Scores are reported × 100 (``scale: comet×100``: COMET's scale is not bounded to 0–1). The hypothesis
is scored as written, tags included, because that is what a reader of the output gets. Segments are
scored a chunk at a time (:data:`tagmt.evaluation.CHUNK`), so memory stays flat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tagmt.errors import TagmtError, require
from tagmt.metrics.base import Figure
from tagmt.metrics.segment import SegmentCache, SegmentMetric, SegmentPair


def checkpoint_path(model: str | Path | None) -> Path:
    """The ``.ckpt`` file of a local COMET model folder or file, or a one-line error saying what to give."""
    if not model:
        raise TagmtError(
            "comet needs a local model: give --comet-model DIR (a downloaded COMET model folder with "
            "checkpoints/model.ckpt) or the .ckpt file; tagmt never downloads one"
        )
    path = Path(model)
    if path.is_dir():
        path = path / "checkpoints" / "model.ckpt"
    if not path.is_file():
        raise TagmtError(f"comet model {model}: no checkpoint at {path}; give a COMET model folder or its .ckpt file")
    return path


class Comet(SegmentMetric):
    """Mean COMET score × 100 over segments."""

    name = "comet"
    single_reference = True
    batched = True
    figures = {"comet": Figure(scale="comet×100", description="COMET from a local checkpoint, × 100")}

    tokenizes = False

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None, model: str | Path | None = None,
                 batch_size: int = 16, compat: str = "tagmt") -> None:
        super().__init__(trg_lang, tokenize, compat)
        self.path = checkpoint_path(model)
        comet = require("comet", "comet", "COMET scores")
        try:
            self.model = comet.load_from_checkpoint(str(self.path))
        except (OSError, ValueError, RuntimeError, KeyError) as exc:
            why = " ".join(str(exc).split())[:300]
            raise TagmtError(f"comet model {self.path} cannot be loaded ({why})") from None
        self.batch_size = batch_size

    def batch_statistics(self, sources: Sequence[str] | None, hypotheses: Sequence[str],
                         references: Sequence[str]) -> list[list[float]]:
        if sources is None:
            raise TagmtError("comet needs the source segments: give --src FILE (or use --data/--pair)")
        data = [{"src": s, "mt": h, "ref": r} for s, h, r in zip(sources, hypotheses, references)]
        output = self.model.predict(data, batch_size=self.batch_size, gpus=0, progress_bar=False)
        return [[100.0 * float(score), 1.0] for score in output.scores]

    def segment_statistics(self, pair: SegmentPair, cache: SegmentCache | None = None) -> list[float]:
        raise TagmtError("comet scores batches of segments with their sources; use tagmt.evaluation.score_systems")

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: stats[0] / stats[1] if stats[1] else None}

    def signature_fields(self) -> dict[str, str]:
        return {"nrefs": "1", "model": str(self.path.parent.parent.name or self.path.name), "scale": "x100"}
