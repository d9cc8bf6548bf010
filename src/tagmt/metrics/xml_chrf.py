"""XML-Match and XML-chrF (Dabre et al., AMTA 2024, Appendix B), defined as tower-eval computes them
(``tower_eval/utils.py``: ``match_xml``, ``split_by_xml_tags``, ``prepare_xml_markup_pairs``).

* Two segments *XML-match* when both are well-formed and their element trees are equal: same element
  names, same number of children, recursively (``<b/>`` and ``<b></b>`` are the same tree here, unlike
  markup match; comments are leaves). XML-Match is the % of segments whose hypothesis XML-matches.
* XML-chrF splits both sides of an XML-matching segment into text parts in tower-eval's order — the
  text before the first element, then for each element in document order its ``text`` (before its
  first child) and its ``tail`` (after its end tag) — strips every part and drops the empty ones. When
  the two sides keep the same number of parts, each part pair is one entry scored with sentence chrF
  (sacrebleu, default settings); a segment that does not match, or whose part counts differ, is one
  entry of 0. XML-chrF is the mean over all entries, so a matching segment weighs as many entries as
  it has parts.

A segment whose *reference* is not well-formed (a stray closing tag, an unclosed one) has no score in
either metric (n/a; tower-eval gives it 0, so an output identical to its reference scored 0): no tree can
be matched against it. It is left out of the corpus figure, which is n/a, with the reason, when every
reference is so. ``compat="original"`` keeps tower-eval's 0.

Two more differences from tower-eval, on purpose. A matching segment without any text part on either side
(an empty line, or tags alone) has no entry here; tower-eval's ``if hs and rs`` makes it an entry of 0,
so an output identical to its reference would score below 100. And tower-eval parses ``<root>segment</root>`` with lxml, so a
segment with a bare ``&``, a lone ``<`` or ``<name of composition type>`` in its text fails to parse
and scores 0 even against itself; here markup is decided by :mod:`tagmt.markup` (those stay text), and
entity references are left as written in the parts.
"""

from __future__ import annotations

from typing import Sequence

from tagmt.markup import COMMENT, TaggedSegment
from tagmt.metrics import towereval
from tagmt.metrics.base import Figure
from tagmt.metrics.segment import Sacre, ParseCache, SegmentMetric, SegmentPair


def xml_match(hypothesis: TaggedSegment, reference: TaggedSegment) -> bool:
    """tower-eval's ``match_xml`` on two segments that both parse as XML (compared as flat open/close
    sequences, equal exactly when the trees are, so a deeply nested segment needs no recursion)."""
    return hypothesis.well_formed and reference.well_formed and _shape(hypothesis) == _shape(reference)


def _shape(segment: TaggedSegment) -> list[str]:
    shape: list[str] = []
    for kind, name in segment.skeleton:
        if kind == "end":
            shape.append("")
        else:
            shape.append(name)
            if kind == "empty":
                shape.append("")
    return shape


def text_parts(segment: TaggedSegment) -> list[str]:
    """tower-eval's ``split_by_xml_tags`` of a well-formed segment: stripped, non-empty text parts in
    the order root text, then (text, tail) of each element in document order."""
    root_text: list[str] = []
    slots: list[tuple[list[str], list[str]]] = []  # (text, tail) of each element in document order
    stack: list[int] = []
    target = root_text
    for token in segment.tokens:
        if token.kind == "text":
            target.append(token.text)
        elif token.kind == "start":
            slots.append(([], []))
            stack.append(len(slots) - 1)
            target = slots[-1][0]
        elif token.kind == "empty":
            content = token.text[4:-3] if token.name == COMMENT else ""
            slots.append(([content], []))
            target = slots[-1][1]
        else:  # end: well-formed, so it closes the innermost open element
            target = slots[stack.pop()][1]
    parts = ["".join(root_text)]
    for text, tail in slots:
        parts += ["".join(text), "".join(tail)]
    return [part.strip() for part in parts if part.strip()]


#: Why XML-Match or XML-chrF is n/a on a corpus whose references are none of them well-formed.
MALFORMED_REFERENCES = ("no reference is well-formed XML (a stray or unclosed tag): the metric matches XML "
                        "trees, so there is nothing to compare")


class XmlMatch(SegmentMetric):
    """% of segments whose hypothesis has the reference's XML tree (tower-eval's XML-Match)."""

    name = "xml-match"
    single_reference = True
    tokenizes = False
    compat_modes = ("tagmt", "original")
    figures = {"xml-match": Figure(description="% of segments with the reference's XML tree (tower-eval)")}

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        """[matches, segments scored]: a segment whose reference is not well-formed is not scored."""
        if self.compat == "original":
            return [float(towereval.xml_match(pair.hypothesis.text, pair.reference.text)), 1.0]
        if not pair.reference.well_formed:
            return [0.0, 0.0]  # n/a: no tree to match (tower-eval: 0)
        return [float(xml_match(pair.hypothesis, pair.reference)), 1.0]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: 100.0 * stats[0] / stats[1] if stats[1] else None}

    def why_no_score(self, stats: Sequence[float] | None) -> str | None:
        return MALFORMED_REFERENCES if stats is not None and not stats[1] else None

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {"nrefs": "1", "xml": "lxml-root", "match": "xml-tree", "scale": "0-100(tower-eval:0-1)"}
        return {"nrefs": "1", "markup": "per-segment", "match": "xml-tree", "as": "tower-eval"}


class XmlChrf(SegmentMetric):
    """Mean sentence chrF over the text parts of XML-matching segments, 0 for the others."""

    name = "xml-chrf"
    single_reference = True
    tokenizes = False
    compat_modes = ("tagmt", "original")
    figures = {"xml-chrf": Figure(description="chrF over the text parts of XML-matching segments (tower-eval)")}

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None, compat: str = "tagmt") -> None:
        super().__init__(trg_lang, tokenize, compat)
        self.sacre = Sacre("chrf")

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        """[sum of entry scores, entries, entries from part pairs]."""
        if self.compat == "original":
            pairs = towereval.part_pairs(pair.hypothesis.text, pair.reference.text)
            if pairs is None:
                return [0.0, 1.0, 0.0]
            scores = [self.sacre.sentence(self.sacre.statistics(h, (r,), cache)) for h, r in pairs]
            return [sum(scores), float(len(scores)), float(len(scores))]
        hyp, ref = pair.hypothesis, pair.reference
        if not ref.well_formed:
            return [0.0, 0.0, 0.0, 1.0]  # n/a: no tree to match (tower-eval: an entry of 0)
        if xml_match(hyp, ref):
            hyp_parts, ref_parts = text_parts(hyp), text_parts(ref)
            if not hyp_parts and not ref_parts:
                return [0.0, 0.0, 0.0, 0.0]  # nothing to score on either side: no entry (tower-eval: an entry of 0)
            if len(hyp_parts) == len(ref_parts):
                scores = [
                    self.sacre.sentence(self.sacre.statistics(h, (r,), cache))
                    for h, r in zip(hyp_parts, ref_parts)
                ]
                return [sum(scores), float(len(scores)), float(len(scores)), 0.0]
        return [0.0, 1.0, 0.0, 0.0]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        if self.compat == "original" and not stats[2]:
            return {self.name: None}  # tower-eval crashes here (towereval.NO_PARTS)
        return {self.name: stats[0] / stats[1] if stats[1] else None}

    def sentence(self, stats: Sequence[float]) -> float | None:
        return stats[0] / stats[1] if stats[1] else None

    def why_no_score(self, stats: Sequence[float] | None) -> str | None:
        if self.compat == "original" and (stats is None or not stats[2]):
            return towereval.NO_PARTS
        if stats is not None and len(stats) > 3 and stats[3] and not stats[1]:
            return MALFORMED_REFERENCES
        return None

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            fields = self.sacre.signature_fields(1)
            fields.update({"view": "xml-parts", "xml": "lxml-root", "average": "entries"})
            return fields
        fields = self.sacre.signature_fields(1)
        fields.update({"view": "xml-parts", "markup": "per-segment", "average": "entries", "as": "tower-eval"})
        return fields
