"""Translation engines behind one protocol (`base.Engine`): Hugging Face seq2seq checkpoints (`hf`),
chat LLMs behind an OpenAI-compatible server (`llm`, ``openai:NAME``) and the offline `copy` and
`reference` engines (`offline`). `load_engine` picks one by name."""

from __future__ import annotations

from typing import Sequence

from tagmt.engines.base import Engine
from tagmt.engines.hf import ALIASES, NUM_BEAMS, HFSeq2SeqEngine, load_hf, resolve_device
from tagmt.engines.llm import LLMOptions, load_llm, split_model
from tagmt.engines.offline import OFFLINE_ENGINES, CopyEngine, ReferenceEngine
from tagmt.errors import TagmtError

__all__ = [
    "ALIASES",
    "OFFLINE_ENGINES",
    "CopyEngine",
    "Engine",
    "HFSeq2SeqEngine",
    "LLMOptions",
    "ReferenceEngine",
    "load_engine",
    "resolve_device",
]


def load_engine(
    model: str,
    *,
    references: Sequence[str] | None = None,
    device: str = "auto",
    batch_size: int = 16,
    fp16: bool = False,
    option: str = "--model",
    beam: int = NUM_BEAMS,
    llm: LLMOptions | None = None,
    approach: str = "dt",
) -> Engine:
    """The engine named ``model``: ``copy``, ``reference``, an alias (``m2m100``, ``m2m100-1.2b``,
    ``mbart50``), a Hugging Face hub id, or a local checkpoint directory of either family.

    ``option`` is the calling command's option that takes a checkpoint folder, named in load errors;
    ``beam`` is the beam size of engines that search (the paper's 4 by default).
    ``openai:NAME`` is a chat model behind an OpenAI-compatible server, asked as ``llm`` says and set up
    for ``approach`` (its prompt); other engines ignore both."""
    if batch_size < 1:
        raise TagmtError(f"batch size must be at least 1, not {batch_size}")
    if beam < 1:
        raise TagmtError(f"beam size must be at least 1, not {beam}")
    if model == "copy":
        return CopyEngine()
    llm_model = split_model(model)
    if llm_model is not None:
        return load_llm(llm_model, llm, approach)
    if model == "reference":
        if references is None:
            raise TagmtError("the reference engine needs the references of the segments it translates")
        return ReferenceEngine(references)
    return load_hf(model, device=resolve_device(device, fp16), batch_size=batch_size, fp16=fp16, option=option,
                   beam=beam)
