"""Translation engines behind one protocol (`base.Engine`): Hugging Face seq2seq checkpoints through
PyTorch (`hf`) or CTranslate2 (`ct2`), chat LLMs behind an OpenAI-compatible server (`llm`,
``openai:NAME``) and the offline `copy` and `reference` engines (`offline`).

`ENGINE_CLASSES` is the registry (name → class); each class says what it serves (`Engine.serves`), the options
it reads, what it needs (`Engine.needs`, which `tagmt.preflight` checks) and how it loads (`Engine.load`).
`load_engine` picks one: the engine a model name names, else the --engine back end that runs checkpoints."""

from __future__ import annotations

from typing import Any, Sequence

from tagmt.engines.base import Engine
from tagmt.engines.ct2 import CT2Engine
from tagmt.engines.hf import ALIASES, HFSeq2SeqEngine, resolve_device
from tagmt.engines.llm import LLMOptions, OpenAIEngine
from tagmt.engines.options import DecodingOptions, EngineOptions
from tagmt.engines.offline import OFFLINE_ENGINES, CopyEngine, PseudoEngine, ReferenceEngine
from tagmt.errors import TagmtError

__all__ = [
    "ALIASES",
    "ENGINES",
    "ENGINE_CLASSES",
    "OFFLINE_ENGINES",
    "CopyEngine",
    "PseudoEngine",
    "DecodingOptions",
    "Engine",
    "EngineOptions",
    "HFSeq2SeqEngine",
    "LLMOptions",
    "ReferenceEngine",
    "engine_class",
    "load_engine",
    "resolve_device",
]

#: Every engine class by its registry name; the named engines are asked in this order (`engine_class`).
ENGINE_CLASSES: dict[str, type[Engine]] = {
    cls.engine_name: cls for cls in (CopyEngine, PseudoEngine, OpenAIEngine, ReferenceEngine, HFSeq2SeqEngine,
                                     CT2Engine)}

#: The back ends a checkpoint can run on (``--engine``).
ENGINES = tuple(name for name, cls in ENGINE_CLASSES.items() if cls.backend)


def engine_class(model: str, engine: str = "hf") -> type[Engine]:
    """The class that runs ``model``: the engine that serves that name (``copy``, ``reference``,
    ``openai:NAME``), else the back end ``engine`` (a checkpoint: alias, hub id or folder)."""
    for cls in ENGINE_CLASSES.values():
        if cls.serves(model):
            return cls
    if engine not in ENGINES:
        raise TagmtError(f"unknown engine {engine!r}: use {' or '.join(ENGINES)}")
    return ENGINE_CLASSES[engine]


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
    decoding = options.decoding
    if options.batch_size < 1:
        raise TagmtError(f"batch size must be at least 1, not {options.batch_size}")
    if decoding.max_tokens is not None and decoding.max_tokens < 1:
        raise TagmtError(f"--max-tokens must be at least 1, not {decoding.max_tokens}")
    if decoding.beam < 1:
        raise TagmtError(f"beam size must be at least 1, not {decoding.beam}")
    if options.engine not in ENGINES:  # refused whatever the model
        raise TagmtError(f"unknown engine {options.engine!r}: use {' or '.join(ENGINES)}")
    return engine_class(options.model, options.engine).load(options, references=references, option=option, approach=approach)
