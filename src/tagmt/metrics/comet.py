"""COMET (Rei et al. 2020) through ``unbabel-comet``, from a local checkpoint only (extra ``tagmt[comet]``).

A COMET model is a trained regressor over a multilingual encoder: the score of a segment is its
prediction from the source, the hypothesis and the reference. tagmt never downloads a model: give the
checkpoint folder (``…/checkpoints/model.ckpt`` inside, ``hparams.yaml`` beside ``checkpoints/``) or the
``.ckpt`` file; the encoder its ``hparams.yaml`` names (``pretrained_model``, e.g. ``xlm-roberta-large``
or a local folder) must be local too (the Hugging Face cache), as for every model tagmt loads: it is
loaded with ``local_files_only``. unbabel-comet pins numpy<2 and transformers<5, so it lives in its own
environment (docs/metrics.md says how to make one).

Scores are reported × 100 (``scale: comet×100``: COMET's scale is not bounded to 0–1). The hypothesis
is scored as written, tags included, because that is what a reader of the output gets. Segments are
scored a chunk at a time (:data:`tagmt.evaluation.CHUNK`), so memory stays flat.
"""

from __future__ import annotations

import logging
import pickle
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from tagmt.errors import TagmtError, require
from tagmt.metrics.base import Figure
from tagmt.metrics.segment import ParseCache, SegmentMetric, SegmentPair


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
    # unbabel-comet reads the model class from hparams.yaml two levels up from the .ckpt file
    hparams = path.resolve().parents[1] / "hparams.yaml"
    if not hparams.is_file():
        raise TagmtError(f"comet model {model}: no {hparams} beside checkpoints/; a COMET model folder holds "
                         "hparams.yaml and checkpoints/model.ckpt")
    return path


def model_name(checkpoint: Path) -> str:
    """The model's name for the signature: its folder's name, or ``Org/name@revision`` for a model in the
    Hugging Face cache (``models--Org--name/snapshots/REVISION/checkpoints/model.ckpt``)."""
    folder = checkpoint.absolute().parents[1]
    if folder.parent.name == "snapshots" and folder.parent.parent.name.startswith("models--"):
        repo = folder.parent.parent.name[len("models--"):].replace("--", "/")
        return f"{repo}@{folder.name[:12]}"
    return folder.name


def check_encoder(checkpoint: Path) -> None:
    """Refuse, in one line, a model whose encoder (``pretrained_model`` in ``hparams.yaml``) is neither a
    local folder nor in the Hugging Face cache: unbabel-comet would otherwise fail deep inside transformers."""
    import yaml

    hparams = checkpoint.resolve().parents[1] / "hparams.yaml"
    try:
        name = str((yaml.safe_load(hparams.read_text(encoding="utf-8")) or {}).get("pretrained_model") or "")
    except (yaml.YAMLError, AttributeError, UnicodeDecodeError) as exc:
        raise TagmtError(f"comet model {hparams}: not a COMET hparams.yaml ({type(exc).__name__})") from None
    if not name or Path(name).expanduser().is_dir():
        return
    where = f"comet model {checkpoint}: its encoder {name!r} (pretrained_model in {hparams})"
    if name.startswith((".", "/", "~")):
        raise TagmtError(f"{where} is not a folder; point pretrained_model at the encoder's folder")
    from huggingface_hub import try_to_load_from_cache

    if not isinstance(try_to_load_from_cache(name, "config.json"), str):
        raise TagmtError(
            f"{where} is neither a local folder nor in the Hugging Face cache, and tagmt never downloads one: "
            f"run `hf download {name}` on a machine with network and copy the cache ($HF_HOME/hub)"
        )


#: The loggers through which unbabel-comet and PyTorch Lightning report their set-up (devices, tips,
#: "Encoder model frozen.") at INFO level.
CHATTY_LOGGERS = ("comet", "pytorch_lightning", "lightning_fabric", "lightning")


@contextmanager
def quiet_comet() -> Iterator[None]:
    """Keep unbabel-comet's and Lightning's set-up chatter and deprecation notices off tagmt's stderr, and
    undo the ``logging.basicConfig(level=INFO)`` that ``import comet`` does to the root logger."""
    root = logging.getLogger()
    root_handlers, root_level = list(root.handlers), root.level
    loggers = [logging.getLogger(name) for name in CHATTY_LOGGERS]
    levels = [logger.level for logger in loggers]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", FutureWarning)  # torch's on Lightning's use of LeafSpec
        warnings.filterwarnings("ignore", message="pkg_resources is deprecated")
        for logger in loggers:
            logger.setLevel(logging.WARNING)
        try:
            yield
        finally:
            root.handlers[:] = root_handlers
            root.setLevel(root_level)
            for logger, level in zip(loggers, levels):
                logger.setLevel(level)


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
        with quiet_comet():
            comet = require("comet", "comet", "COMET scores")
            check_encoder(self.path)
            try:
                self.model = comet.load_from_checkpoint(str(self.path.resolve()), local_files_only=True)
            except OSError as exc:  # transformers: the encoder's tokenizer or config is not local
                why = " ".join(str(exc).split())[:300]
                raise TagmtError(f"comet model {self.path}: its encoder cannot be loaded ({why}); the checkpoint's "
                                 "pretrained_model must be a local folder or in the Hugging Face cache") from None
            except (ValueError, RuntimeError, KeyError, EOFError, pickle.UnpicklingError) as exc:
                why = " ".join(str(exc).split())[:300]
                raise TagmtError(f"comet model {self.path} is not a readable COMET checkpoint "
                                 f"({type(exc).__name__}: {why})") from None
        self.batch_size = batch_size

    def batch_statistics(self, sources: Sequence[str] | None, hypotheses: Sequence[str],
                         references: Sequence[str]) -> list[list[float]]:
        if sources is None:
            raise TagmtError("comet needs the source segments: give --src FILE (or use --data/--pair)")
        data = [{"src": s, "mt": h, "ref": r} for s, h, r in zip(sources, hypotheses, references)]
        # gpus=0: Lightning runs on the CPU with no data-loader workers; the scores come back in input order
        with quiet_comet():
            output = self.model.predict(data, batch_size=self.batch_size, gpus=0, progress_bar=False)
        return [[100.0 * float(score), 1.0] for score in output.scores]

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        raise TagmtError("comet scores batches of segments with their sources; use tagmt.evaluation.score_systems")

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: stats[0] / stats[1] if stats[1] else None}

    def signature_fields(self) -> dict[str, str]:
        return {"nrefs": "1", "model": model_name(self.path), "scale": "x100"}
