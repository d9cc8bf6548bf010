"""Translation engines behind one protocol (`base.Engine`): Hugging Face seq2seq checkpoints through
PyTorch (`hf`) or CTranslate2 (`ct2`), chat LLMs behind an OpenAI-compatible server (`llm`,
``openai:NAME``) and the offline `copy` and `reference` engines (`offline`). `load_engine` picks one by
name."""

from __future__ import annotations

from typing import Sequence

from tagmt.engines.base import Engine
from tagmt.engines.hf import ALIASES, NUM_BEAMS, HFSeq2SeqEngine, load_hf, resolve_device
from tagmt.engines.llm import LLMOptions, load_llm, split_model
from tagmt.engines.offline import OFFLINE_ENGINES, CopyEngine, ReferenceEngine
from tagmt.errors import TagmtError

__all__ = [
    "ALIASES",
    "ENGINES",
    "OFFLINE_ENGINES",
    "CopyEngine",
    "Engine",
    "HFSeq2SeqEngine",
    "LLMOptions",
    "ReferenceEngine",
    "load_engine",
    "resolve_device",
]

#: The back ends a checkpoint can run on (``--engine``).
ENGINES = ("hf", "ct2")


def load_engine(
    model: str,
    *,
    engine: str = "hf",
    references: Sequence[str] | None = None,
    device: str = "auto",
    batch_size: int = 16,
    max_tokens: int | None = None,
    beam: int = NUM_BEAMS,
    compute_type: str | None = None,
    fp16: bool = False,
    option: str = "--model",
    llm: LLMOptions | None = None,
    approach: str = "dt",
) -> Engine:
    """The engine named ``model``: ``copy``, ``reference``, an alias (``m2m100``, ``m2m100-1.2b``,
    ``mbart50``), a Hugging Face hub id, or a local checkpoint directory of either family.

    A checkpoint runs on ``engine`` (``hf``: PyTorch ``generate``; ``ct2``: converted once for
    CTranslate2) at ``compute_type`` (None: the engine's default for the device; ``fp16=True`` is
    ``compute_type="float16"``), in batches of ``batch_size`` segments or, with ``max_tokens``, of at
    most that many padded input tokens. ``option`` is the calling command's option that takes a
    checkpoint folder, named in load errors. ``openai:NAME`` is a chat model behind an
    OpenAI-compatible server, asked as ``llm`` says and set up for ``approach`` (its prompt); other
    engines ignore both.
    """
    if batch_size < 1:
        raise TagmtError(f"batch size must be at least 1, not {batch_size}")
    if max_tokens is not None and max_tokens < 1:
        raise TagmtError(f"--max-tokens must be at least 1, not {max_tokens}")
    if beam < 1:
        raise TagmtError(f"beam size must be at least 1, not {beam}")
    if engine not in ENGINES:
        raise TagmtError(f"unknown engine {engine!r}: use {' or '.join(ENGINES)}")
    if model == "copy":
        return CopyEngine()
    llm_model = split_model(model)
    if llm_model is not None:
        return load_llm(llm_model, llm, approach)
    if model == "reference":
        if references is None:
            raise TagmtError("the reference engine needs the references of the segments it translates")
        return ReferenceEngine(references)
    if fp16:
        if compute_type not in (None, "float16"):
            raise TagmtError(f"--fp16 and --compute-type {compute_type} disagree: give one of them")
        compute_type = "float16"
    options = dict(device=resolve_device(device, fp16, engine), batch_size=batch_size, compute_type=compute_type,
                   option=option, beam=beam, max_tokens=max_tokens)
    if engine == "ct2":
        from tagmt.engines.ct2 import load_ct2

        return load_ct2(model, **options)
    return load_hf(model, **options)
