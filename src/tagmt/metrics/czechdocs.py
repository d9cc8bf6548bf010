"""The tag figures of the CzechDocs toolkit (Jon & Bojar 2026, "CzechDocs: A Multiway Parallel Dataset of
Formatted Documents for Minority Languages in Czechia").

CzechDocs counts markup by characters, not by parsing: a tag is whatever holds a ``<``. tagmt reports

* ``tag-preservation`` — 100 × (``<`` characters in the hypotheses) / (``<`` characters in the references),
  summed over the corpus; above 100 when the system writes more tags than the reference has (scale
  ``0-100+``; "n/a" when no reference holds a ``<``);
* the four segment counts of tag presence (a segment "has tags" when its string holds a ``<``):
  ``tags-both`` (reference and hypothesis), ``tags-lost`` (reference only), ``tags-added`` (hypothesis
  only), ``tags-none`` (neither). They add up to the number of segments.

Its "BLEU without tags" is ``lex-bleu`` with ``compat="czechdocs"`` (:func:`tagmt.metrics.segment.czechdocs_plain`).
The definitions follow the paper's description of its toolkit; the toolkit's code was not in the
sources tagmt could read, so the hand-computed tests pin the definitions above, not its outputs.
"""

from __future__ import annotations

from typing import Sequence

from tagmt.metrics.base import Figure
from tagmt.metrics.segment import ParseCache, SegmentMetric, SegmentPair

PRESENCE = ("tags-both", "tags-lost", "tags-added", "tags-none")


class TagPreservation(SegmentMetric):
    """CzechDocs's tag preservation rate and its four tag-presence counts."""

    name = "tag-preservation"
    single_reference = True
    tokenizes = False
    figures = {
        "tag-preservation": Figure(scale="0-100+", description="100 × hypothesis '<' count / reference '<' count"),
        "tags-both": Figure(scale="segments", description="segments with a '<' in reference and hypothesis"),
        "tags-lost": Figure(scale="segments", higher_is_better=False,
                            description="segments with a '<' in the reference only"),
        "tags-added": Figure(scale="segments", higher_is_better=False,
                             description="segments with a '<' in the hypothesis only"),
        "tags-none": Figure(scale="segments", description="segments without a '<' on either side"),
    }

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        hyp, ref = pair.hypothesis.text.count("<"), pair.reference.text.count("<")
        presence = [float(bool(ref) and bool(hyp)), float(bool(ref) and not hyp),
                    float(bool(hyp) and not ref), float(not ref and not hyp)]
        return [float(hyp), float(ref), *presence]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        hyp, ref = stats[0], stats[1]
        figures: dict[str, float | None] = {self.name: 100.0 * hyp / ref if ref else None}
        figures.update({key: float(value) for key, value in zip(PRESENCE, stats[2:6])})
        return figures

    def signature_fields(self) -> dict[str, str]:
        return {"nrefs": "1", "count": "lt-chars", "definition": "czechdocs"}
