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

#: ``compat`` values: ``tagmt`` (the corrected definition, the default); ``original`` (the published
#: implementation's numbers on the same inputs, deviations and all; see docs/metrics.md);
#: ``original-strict`` (an original run without its lenient option: Lilt's evaluate-markup-tags without
#: ``--permissive``, stopping where it stops; elsewhere the same as ``original``); ``czechdocs`` (the
#: CzechDocs toolkit's preprocessing: lex-BLEU as its "BLEU without tags").
COMPAT_MODES = ("tagmt", "original", "original-strict", "czechdocs")


@dataclass(frozen=True)
class Figure:
    """What one reported number means: its scale, its direction and a one-line description.

    Every score is on 0–100 unless ``scale`` says otherwise ("0-1", "0-100+" for an edit rate that
    can pass 100, "characters" for a mean offset).
    """

    scale: str = "0-100"
    higher_is_better: bool = True
    description: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"scale": self.scale, "higher_is_better": self.higher_is_better, "description": self.description}


@dataclass
class MetricResult:
    """One metric's result for one system (``score`` is None when nothing could be scored)."""

    name: str
    score: float | None
    signature: str
    segment_scores: list[float] | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        shown = "n/a" if self.score is None else f"{self.score:.2f}"
        return f"{self.name} = {shown} ({self.signature})"


class Metric(ABC):
    """Base class: subclasses set ``name`` and implement ``corpus_score`` and ``signature_fields``."""

    name: str = ""
    #: True when the metric needs no reference (e.g. validity).
    reference_free: bool = False
    #: the figures the metric reports, keyed like the output (the first is ``name`` itself)
    figures: dict[str, Figure] = {}
    #: the scale of ``score`` (see :class:`Figure`) when ``figures`` does not say
    scale: str = "0-100"
    higher_is_better: bool = True
    #: Which definition the metric computes (see ``COMPAT_MODES``); set by ``set_compat``.
    compat: str = "tagmt"
    #: The ``compat`` values this metric implements.
    compat_modes: tuple[str, ...] = ("tagmt",)

    def describe(self) -> dict[str, Figure]:
        """Every figure this metric reports, with its scale and direction."""
        return self.figures or {self.name: Figure(self.scale, self.higher_is_better)}

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
