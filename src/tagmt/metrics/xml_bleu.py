"""The metrics of Hashimoto et al. (2019) for translating tagged text: XML-BLEU, markup matching,
and the share of well-formed outputs (structure accuracy).

A hypothesis *matches* its reference when it is well-formed and has the reference's element tree
(:meth:`tagmt.markup.TaggedSegment.matches`). XML-BLEU splits both segments at every markup token into
text fragments; a matching hypothesis pairs fragment k with the reference's fragment k, any other
pairs every reference fragment with an empty hypothesis; pairs where both sides are empty are
dropped; XML-BLEU is corpus BLEU (target-language tokenizer) over all pairs of the corpus. The
per-segment statistics are the BLEU statistics of the segment's pairs added up, so the corpus figure
is the same as BLEU over the pairs.

Markup is decided per segment (:mod:`tagmt.markup`): an element the reference does not have is an
inserted element, whatever its name, so wrapping words in ``<b>…</b>`` breaks the match.
"""

from __future__ import annotations

from typing import Sequence

from tagmt.metrics.base import Figure
from tagmt.metrics.segment import Sacre, SegmentCache, SegmentMetric, SegmentPair


class XmlBleu(SegmentMetric):
    """Corpus BLEU over aligned text fragments of structurally matching segments."""

    name = "xml-bleu"
    single_reference = True
    figures = {"xml-bleu": Figure(description="BLEU over the text fragments of segments whose markup matches")}

    def __init__(self, **options) -> None:
        super().__init__(**options)
        self.sacre = Sacre("bleu", self.tokenize)

    def segment_statistics(self, pair: SegmentPair, cache: SegmentCache | None = None) -> list[float]:
        hyp, ref = pair.hypothesis, pair.reference
        match = hyp.matches(ref)
        hyp_fragments = hyp.fragments if match else [""] * len(ref.fragments)
        total = [0.0] * self.sacre.width
        count = 0
        for h, r in zip(hyp_fragments, ref.fragments):
            if h or r:
                count += 1
                total = [a + b for a, b in zip(total, self.sacre.statistics(h, (r,), cache))]
        return total + [float(match), float(count)]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: self.sacre.corpus(stats[:-2])}

    def sentence(self, stats: Sequence[float]) -> float | None:
        if not stats[-1]:  # no fragment on either side: a match of two empty segments
            return 100.0 if stats[-2] else 0.0
        return self.sacre.sentence(stats[:-2])

    def signature_fields(self) -> dict[str, str]:
        fields = self.sacre.signature_fields(self.nrefs)
        fields["view"] = "fragments"
        fields["markup"] = "per-segment"
        fields["match"] = "tree"
        return fields


class MarkupMatch(SegmentMetric):
    """Percentage of segments whose hypothesis matches the reference's markup; ``markup-match-tagged``
    gives the same share over the segments whose reference has markup (None when there are none)."""

    name = "markup-match"
    single_reference = True
    figures = {
        "markup-match": Figure(description="% of segments whose markup matches the reference's"),
        "markup-match-tagged": Figure(description="markup match over the segments whose reference has markup"),
    }

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None) -> None:
        self.trg_lang, self.tokenize, self.nrefs = trg_lang, tokenize, 1  # no tokenizer needed

    def segment_statistics(self, pair: SegmentPair, cache: SegmentCache | None = None) -> list[float]:
        match = float(pair.hypothesis.matches(pair.reference))
        tagged = float(pair.reference.has_markup)
        return [match, 1.0, match * tagged, tagged]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {"markup-match": _percent(stats[0], stats[1]), "markup-match-tagged": _percent(stats[2], stats[3])}

    def signature_fields(self) -> dict[str, str]:
        return {"nrefs": str(self.nrefs), "markup": "per-segment", "match": "tree"}


class StructureAccuracy(SegmentMetric):
    """Percentage of hypotheses whose markup is well-formed (the reference supplies the element names
    whose orphan tags count as markup: see :mod:`tagmt.markup`)."""

    name = "structure-accuracy"
    figures = {"structure-accuracy": Figure(description="% of hypotheses whose markup is well-formed")}

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None) -> None:
        self.trg_lang, self.tokenize, self.nrefs = trg_lang, tokenize, 1

    def segment_statistics(self, pair: SegmentPair, cache: SegmentCache | None = None) -> list[float]:
        return [float(pair.hypothesis.well_formed), 1.0]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: _percent(stats[0], stats[1])}

    def signature_fields(self) -> dict[str, str]:
        return {"markup": "per-segment", "check": "well-formed"}


def _percent(part: float, whole: float) -> float | None:
    return 100.0 * part / whole if whole else None
