"""Translation engines behind one protocol (`base.Engine`): Hugging Face seq2seq checkpoints through
PyTorch (`hf`) or CTranslate2 (`ct2`), chat LLMs behind an OpenAI-compatible server (`llm`,
``openai:NAME``) and the offline `copy` and `reference` engines (`offline`). `load_engine` picks one by
name."""

from __future__ import annotations

from typing import Any, Sequence

from tagmt.engines.base import Engine
from tagmt.engines.hf import ALIASES, HFSeq2SeqEngine, load_hf, resolve_device
from tagmt.engines.llm import LLMOptions, load_llm, split_model
from tagmt.engines.options import DecodingOptions, EngineOptions
from tagmt.engines.offline import OFFLINE_ENGINES, CopyEngine, ReferenceEngine
from tagmt.errors import TagmtError

__all__ = [
    "ALIASES",
    "ENGINES",
    "OFFLINE_ENGINES",
    "CopyEngine",
    "DecodingOptions",
    "Engine",
    "EngineOptions",
    "HFSeq2SeqEngine",
    "LLMOptions",
    "ReferenceEngine",
    "load_engine",
    "resolve_device",
]

#: The back ends a checkpoint can run on (``--engine``).
ENGINES = ("hf", "ct2")


def load_engine(
    model: str | EngineOptions,
    *,
    references: Sequence[str] | None = None,
    option: str = "--model",
    approach: str = "dt",
    **settings: Any,
) -> Engine:
    """The engine that ``model`` names — an ``EngineOptions``, or a model name with its options as keywords
    (``load_engine("m2m100", device="cpu", beam=2)``: ``EngineOptions.of``). The model is ``copy``,
    ``reference``, an alias (``m2m100``, ``m2m100-1.2b``, ``mbart50``), a Hugging Face hub id, or a local
    checkpoint directory of either family.

    A checkpoint runs on ``engine`` (``hf``: PyTorch ``generate``; ``ct2``: converted once for
    CTranslate2) at ``compute_type`` (None: the engine's default for the device; ``fp16=True`` is
    ``compute_type="float16"``), in batches of ``batch_size`` segments or, with ``decoding.max_tokens``, of
    at most that many padded input tokens, with beams of ``decoding.beam``. ``option`` is the calling
    command's option that takes a checkpoint folder, named in load errors. ``openai:NAME`` is a chat model
    behind an OpenAI-compatible server, asked as ``llm`` says and set up for ``approach`` (its prompt);
    other engines ignore both. ``references``: what the ``reference`` engine returns.
    """
    options = model if isinstance(model, EngineOptions) else EngineOptions.of(model, **settings)
    if settings and isinstance(model, EngineOptions):
        raise TypeError("load_engine takes EngineOptions or a model name with keywords, not both")
    name, decoding = options.model, options.decoding
    if options.batch_size < 1:
        raise TagmtError(f"batch size must be at least 1, not {options.batch_size}")
    if decoding.max_tokens is not None and decoding.max_tokens < 1:
        raise TagmtError(f"--max-tokens must be at least 1, not {decoding.max_tokens}")
    if decoding.beam < 1:
        raise TagmtError(f"beam size must be at least 1, not {decoding.beam}")
    if options.engine not in ENGINES:
        raise TagmtError(f"unknown engine {options.engine!r}: use {' or '.join(ENGINES)}")
    if name == "copy":
        return CopyEngine()
    llm_model = split_model(name)
    if llm_model is not None:
        return load_llm(llm_model, options.llm, approach)
    if name == "reference":
        if references is None:
            raise TagmtError("the reference engine needs the references of the segments it translates")
        return ReferenceEngine(references)
    compute_type = options.compute_type
    if options.fp16:
        if compute_type not in (None, "float16"):
            raise TagmtError(f"--fp16 and --compute-type {compute_type} disagree: give one of them")
        compute_type = "float16"
    loading = dict(device=resolve_device(options.device, options.fp16, options.engine),
                   batch_size=options.batch_size, compute_type=compute_type, option=option, beam=decoding.beam,
                   max_tokens=decoding.max_tokens)
    if options.engine == "ct2":
        from tagmt.engines.ct2 import load_ct2

        return load_ct2(name, **loading)
    return load_hf(name, **loading)
