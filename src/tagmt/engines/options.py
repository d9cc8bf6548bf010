"""An engine's options as two small frozen objects, split as CTranslate2 splits them: what is fixed when the
model is loaded (``EngineOptions``: the model, the back end, device, precision, batching, an LLM's server and
prompt) and how it decodes (``DecodingOptions``: beam size, the token budget of a batch).

One object travels from the command line (``tagmt.commands.shared.engine_options``) through every
translate entry point to ``load_engine``, which checks the fields and hands them to the engine class it picks
(``Engine.load`` reads them): adding an engine option means adding a field here, an argument to the CLI's
engine group and its use in the engine classes' ``load``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

#: The beam size of M2M-100/mBART-50 decoding unless told (the paper's).
NUM_BEAMS = 4


@dataclass(frozen=True)
class DecodingOptions:
    """How a loaded model decodes: ``beam`` (beam size) and ``max_tokens`` (batches by a budget of that many
    padded input tokens instead of ``batch_size`` segments; None: by segments)."""

    beam: int = NUM_BEAMS
    max_tokens: int | None = None


@dataclass(frozen=True)
class EngineOptions:
    """What ``load_engine`` loads: ``model`` (an alias, hub id, checkpoint folder, ``copy``, ``reference``
    or ``openai:NAME``) on ``engine`` (``hf`` or ``ct2``) and ``device``, at ``compute_type`` (None: the
    back end's default; ``fp16`` is ``float16``), ``batch_size`` segments a batch; ``llm`` (``LLMOptions``)
    says how to reach and prompt an ``openai:NAME`` model; ``decoding`` how it decodes."""

    model: str = "m2m100"
    engine: str = "hf"
    device: str = "auto"
    compute_type: str | None = None
    fp16: bool = False
    batch_size: int = 16
    llm: Any = None
    decoding: DecodingOptions = field(default_factory=DecodingOptions)
    #: ``pseudo``: how much longer the text gets (a share; None: ``offline.PSEUDO_EXPANSION``)
    pseudo_expansion: float | None = None
    #: ``pseudo``: the legacy encoding of the document written (``iso-8859-2``): look-alikes it cannot write
    #: stay plain letters (None: any character)
    pseudo_charset: str | None = None

    @classmethod
    def of(cls, model: str, **settings: Any) -> "EngineOptions":
        """The options from flat keywords (``beam=2, max_tokens=512, device="cpu"``): each goes to the field of
        that name here or in ``DecodingOptions``; None leaves a field at its default; unknown names are an error."""
        mine = {f.name for f in fields(cls)} - {"model", "decoding"}
        theirs = {f.name for f in fields(DecodingOptions)}
        unknown = set(settings) - mine - theirs - {"decoding"}
        if unknown:
            raise TypeError(f"unknown engine option(s): {', '.join(sorted(unknown))}")
        decoding = settings.get("decoding") or DecodingOptions(
            **{k: v for k, v in settings.items() if k in theirs and v is not None})
        return cls(model=model, decoding=decoding,
                   **{k: v for k, v in settings.items() if k in mine and v is not None})

    def with_model(self, model: str) -> "EngineOptions":
        """The same options for another model."""
        return replace(self, model=model)

    @property
    def offline(self) -> bool:
        """Whether the model is one of the offline engines (``copy``, ``reference``)."""
        from tagmt.engines.offline import OFFLINE_ENGINES

        return self.model in OFFLINE_ENGINES
