"""The offline engines: ``copy`` (the source unchanged, the lower bound of every metric) and
``reference`` (the reference itself, so that a DP run measures tag projection alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from tagmt.engines.base import Engine
from tagmt.errors import TagmtError

if TYPE_CHECKING:
    from tagmt.engines.options import EngineOptions

OFFLINE_ENGINES = ("copy", "reference")


class _OfflineEngine(Engine):
    """An engine that needs nothing and is named by its own name (`--model copy`)."""

    offline = True

    @classmethod
    def serves(cls, model: str) -> bool:
        return model == cls.engine_name


class CopyEngine(_OfflineEngine):
    """Returns the source unchanged: the lower bound of every metric."""

    name = engine_name = "copy"

    @classmethod
    def load(cls, options: "EngineOptions", *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "CopyEngine":
        return cls()

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        return list(texts)


class ReferenceEngine(_OfflineEngine):
    """Returns the reference of each segment, so that a DP run measures tag projection alone.

    It is built for one list of segments and must be asked for exactly that list, in order.
    """

    name = engine_name = "reference"

    @classmethod
    def load(cls, options: "EngineOptions", *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "ReferenceEngine":
        if references is None:
            raise TagmtError("the reference engine needs the references of the segments it translates")
        return cls(references)

    def __init__(self, references: Sequence[str]) -> None:
        self.references = list(references)

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        if len(texts) != len(self.references):
            raise ValueError(
                f"the reference engine holds {len(self.references)} references but was given {len(texts)} "
                "segments; build it for the segments it translates"
            )
        return list(self.references)
