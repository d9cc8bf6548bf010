"""The engine contract: translate a list of segments in one direction, one output per input, in order; and
what an engine class says about itself for the registry (`tagmt.engines.ENGINE_CLASSES`): its name, the
options it reads, what it needs installed, and how it is loaded from an ``EngineOptions``."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from tagmt.errors import TagmtError
from tagmt.registry import Needs, Option

if TYPE_CHECKING:
    from tagmt.engines.options import EngineOptions


class PartialBatchError(TagmtError):
    """A batch stopped part-way (a server went down): the one-line reason, and the outputs that did
    finish (index in the batch → output), which the run caches before it stops. ``failed``: the segments
    the engine failed on by themselves (index in the batch → one-line reason: an empty or malformed answer
    after the retries, a request refused for that segment) — empty when the failure is not one segment's
    (the server is unreachable, refuses every request): a run told to skip failing segments
    (``--on-engine-failure skip``) skips only those named here."""

    def __init__(self, message: str, finished: dict[int, str], failed: dict[int, str] | None = None) -> None:
        super().__init__(message)
        self.finished = finished
        self.failed = dict(failed or {})


class Engine(ABC):
    """Translates a list of segments in one direction, returning one output per input, in order."""

    name: str
    #: The registry's name for the class: the model name it serves (``copy``, ``reference``, ``openai`` for
    #: ``openai:NAME``; see `serves`) or the --engine back end that runs checkpoints (``hf``, ``ct2``).
    engine_name: ClassVar[str]
    #: Whether the class is a back end of --engine (it runs any checkpoint) rather than a named model.
    backend: ClassVar[bool] = False
    #: Whether it needs nothing (no package, no weights, no server) and costs nothing.
    offline: ClassVar[bool] = False
    #: What it needs installed, and whether it reads weights (`tagmt.preflight` checks this before a run).
    needs: ClassVar[Needs] = Needs()
    #: The ``EngineOptions`` fields (and ``DecodingOptions``) it reads.
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: How many segments one call to the model takes (runs cut their work into batches of this size).
    batch_size: int = 16
    #: Whether a run should cache this engine's outputs (false for engines that cost nothing).
    cacheable: bool = False

    @classmethod
    def serves(cls, model: str) -> bool:
        """Whether ``model`` names this engine (back ends serve no name: --engine picks them)."""
        return False

    @classmethod
    def load(cls, options: "EngineOptions", *, references: Sequence[str] | None = None, option: str = "--model",
             approach: str = "dt") -> "Engine":
        """The engine for ``options`` (see `tagmt.engines.load_engine`, which checks them first)."""
        raise NotImplementedError(f"{cls.__name__} cannot be loaded from options")

    @property
    def identity(self) -> str:
        """What the outputs depend on, for cache keys: the model and its exact weights."""
        return self.name

    def settings(self) -> dict[str, Any]:
        """Decoding settings that change the output (part of a run's cache key)."""
        return {}

    def for_approach(self, approach: str) -> "Engine":
        """The engine set up for ``approach`` (``dt``, ``dp`` or ``document``); engines whose input is
        the same text whatever the approach (all but prompted LLMs) are themselves."""
        return self

    def check_direction(self, src_lang: str, trg_lang: str) -> None:
        """Raise TagmtError when the engine cannot translate ``src_lang`` → ``trg_lang``."""

    def batch_order(self, texts: Sequence[str]) -> list[int]:
        """The order in which to translate ``texts`` so that batches hold inputs of similar length."""
        return sorted(range(len(texts)), key=lambda i: -len(texts[i]))

    def plan_batches(self, texts: Sequence[str]) -> list[list[int]]:
        """The batches (indices into ``texts``) a run translates, in order: ``batch_order`` cut every
        ``batch_size``. Engines over token models cut by tokens instead (``--max-tokens``)."""
        order = self.batch_order(texts)
        return [order[lo:lo + self.batch_size] for lo in range(0, len(order), self.batch_size)]

    @abstractmethod
    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        """Translate ``texts``; the result has the same length and order."""
