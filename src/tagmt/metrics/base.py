"""The metric contract shared by every metric family (after sacrebleu's ``metrics/base.py``).

A metric is an object configured once (language, options) that scores a corpus of hypotheses against
references, gives per-segment (or per-document) scores, and describes every setting in a signature.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Sequence

from tagmt import __version__
from tagmt.errors import TagmtError

#: ``compat`` values: ``tagmt`` (the corrected definition, the default) or ``original`` (the published
#: implementation's numbers on the same inputs, deviations and all; see docs/metrics.md).
COMPAT_MODES = ("tagmt", "original")


@dataclass
class MetricResult:
    """One metric's result for one system."""

    name: str
    score: float
    signature: str
    segment_scores: list[float] | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.name} = {self.score:.2f} ({self.signature})"


class Metric(ABC):
    """Base class: subclasses set ``name`` and implement ``corpus_score`` and ``signature_fields``."""

    name: str = ""
    #: True when the metric needs no reference (e.g. validity).
    reference_free: bool = False
    #: Which definition the metric computes (see ``COMPAT_MODES``); set by ``set_compat``.
    compat: str = "tagmt"
    #: The ``compat`` values this metric implements.
    compat_modes: tuple[str, ...] = ("tagmt",)

    def set_compat(self, compat: str) -> None:
        """Choose the definition; a value this metric does not implement is an error naming those it does."""
        if compat not in self.compat_modes:
            raise TagmtError(
                f"metric {self.name} has no compat mode {compat!r}; choose from: {', '.join(self.compat_modes)}"
            )
        self.compat = compat

    @abstractmethod
    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        """Score ``hypotheses`` against one or more reference streams (``references[k][i]``)."""

    @abstractmethod
    def signature_fields(self) -> dict[str, str]:
        """The settings that determine the score, in sacrebleu's ``key:value`` style."""

    def signature(self) -> str:
        fields = dict(self.signature_fields())
        fields.setdefault("compat", self.compat)
        fields.setdefault("tagmt", __version__)
        return "|".join(f"{key}:{value}" for key, value in fields.items())
