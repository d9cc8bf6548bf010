"""The metrics of Hashimoto et al. (2019) for translating tagged text: XML-BLEU, markup matching,
and the share of well-formed outputs (structure accuracy).

A hypothesis *matches* its reference when it is well-formed and has the reference's element tree
(:meth:`tagmt.markup.TaggedSegment.matches`). XML-BLEU splits both segments at every markup token into
text fragments; a matching hypothesis pairs fragment k with the reference's fragment k, any other
pairs every reference fragment with an empty hypothesis; pairs where both sides are empty are
dropped; XML-BLEU is corpus BLEU (target-language tokenizer) over all pairs of the corpus.

``compat="original"`` computes all three as Hashimoto et al.'s own ``evaluate.py`` does
(:mod:`tagmt.metrics.hashimoto`: lxml trees, literal tag list, Moses tokenization, multi-bleu).
"""

from __future__ import annotations

from typing import Any, Sequence

from tagmt.errors import TagmtError
from tagmt.metrics import hashimoto
from tagmt.metrics.base import MetricResult
from tagmt.metrics.segment import MarkupMetric, check_lengths


def _single_reference(references: Sequence[Sequence[str]], name: str) -> None:
    if len(references) != 1:
        raise TagmtError(f"{name} takes exactly one reference, got {len(references)}")


class _OriginalMixin:
    """Shared by the three metrics under ``compat="original"``: one ``OriginalCorpus`` per input."""

    def _original(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
                  ) -> hashimoto.OriginalCorpus:
        check_lengths(hypotheses, references)
        _single_reference(references, self.name)  # type: ignore[attr-defined]
        vocabulary = self.vocabulary  # type: ignore[attr-defined]
        key = ("hashimoto", tuple(hypotheses), tuple(references[0]), vocabulary)
        return self.context.memo(  # type: ignore[attr-defined]
            key, lambda: hashimoto.OriginalCorpus(hypotheses, references[0], vocabulary)
        )

    def _original_fields(self) -> dict[str, str]:
        tags = "files" if self.vocabulary is None else "given"  # type: ignore[attr-defined]
        return {"nrefs": "1", "tags": f"literal-{tags}", "xml": "lxml-strict"}


class XmlBleu(_OriginalMixin, MarkupMetric):
    """Corpus BLEU over aligned text fragments of structurally matching segments."""

    name = "xml-bleu"

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if self.compat == "original":
            return self._original_score(hypotheses, references)
        _single_reference(references, self.name)
        hyps, refs = self._parse(hypotheses, references)
        statistics = self.context.statistics("bleu", self.tokenize)
        corpus: list[list[int]] = []
        segment_scores: list[float] = []
        matched = 0
        for hyp, (ref,) in zip(hyps, refs):
            match = hyp.matches(ref)
            matched += match
            hyp_fragments = hyp.fragments if match else [""] * len(ref.fragments)
            stats = [
                statistics.segment(h, (r,))
                for h, r in zip(hyp_fragments, ref.fragments)
                if h or r
            ]
            corpus.extend(stats)
            if stats:
                segment_scores.append(statistics.sentence([sum(column) for column in zip(*stats)]))
            else:
                segment_scores.append(100.0 if match else 0.0)
        return MetricResult(
            name=self.name,
            score=statistics.score(corpus),
            signature=self.signature(),
            segment_scores=segment_scores,
            details={"pairs": len(corpus), "matched": matched},
        )

    def _original_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> MetricResult:
        corpus = self._original(hypotheses, references)
        tokenize = self._original_tokenizer()
        total = hashimoto.BleuStats()
        segment_scores = []
        for segment in corpus.segments:
            stats = hashimoto.BleuStats()
            for hyp, ref in corpus.bleu_pairs(segment):
                stats = stats + hashimoto.line_stats(tokenize(hyp), tokenize(ref))
            total = total + stats
            segment_scores.append(hashimoto.multi_bleu(stats))
        return MetricResult(
            name=self.name,
            score=hashimoto.multi_bleu(total),
            signature=self.signature(),
            segment_scores=segment_scores,
            details={
                "matched": sum(s.match for s in corpus.segments),
                "tags": sorted(corpus.names),
                "references_not_xml": sum(not s.reference_is_xml for s in corpus.segments),
            },
        )

    def _original_tokenizer(self) -> hashimoto.Tokenizer:
        return self.context.memo(("hashimoto-tok", self.trg_lang), lambda: hashimoto.Tokenizer(self.trg_lang))

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {**self._original_fields(), "tok": self._original_tokenizer().name, "bleu": "multi-bleu",
                    "view": "fragments"}
        fields = self.context.statistics("bleu", self.tokenize).signature_fields(self.nrefs)
        fields["view"] = "fragments"
        fields.update(self._markup_fields())
        fields["match"] = "tree"
        return fields


class MarkupMatch(_OriginalMixin, MarkupMetric):
    """Percentage of segments whose hypothesis matches the reference's markup; ``details["tagged"]``
    gives the same share over the segments whose reference has markup (None when there are none)."""

    name = "markup-match"

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if self.compat == "original":
            segments = self._original(hypotheses, references).segments
            flags = [s.match for s in segments]
            tagged = [s.match for s in segments if len(s.ref_fragments) > 1]
        else:
            _single_reference(references, self.name)
            hyps, refs = self._parse(hypotheses, references)
            flags = [hyp.matches(ref) for hyp, (ref,) in zip(hyps, refs)]
            tagged = [flag for flag, (ref,) in zip(flags, refs) if ref.has_markup]
        details: dict[str, Any] = {
            "matched": sum(flags),
            "tagged": _percent(tagged),
            "tagged_segments": len(tagged),
            "tagged_matched": sum(tagged),
        }
        return MetricResult(
            name=self.name,
            score=_percent(flags) or 0.0,
            signature=self.signature(),
            segment_scores=[100.0 * flag for flag in flags],
            details=details,
        )

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {**self._original_fields(), "match": "lxml-tree"}
        return {"nrefs": str(self.nrefs), **self._markup_fields(), "match": "tree"}


class StructureAccuracy(_OriginalMixin, MarkupMetric):
    """Percentage of hypotheses whose markup is well-formed (the references only supply the
    vocabulary of markup names)."""

    name = "structure-accuracy"

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if self.compat == "original":
            flags = [s.well_formed for s in self._original(hypotheses, references).segments]
        else:
            hyps, _ = self._parse(hypotheses, references)
            flags = [hyp.well_formed for hyp in hyps]
        return MetricResult(
            name=self.name,
            score=_percent(flags) or 0.0,
            signature=self.signature(),
            segment_scores=[100.0 * flag for flag in flags],
            details={"well_formed": sum(flags)},
        )

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {"xml": "lxml-strict", "check": "parses"}
        return {**self._markup_fields(), "check": "well-formed"}


def _percent(flags: Sequence[bool]) -> float | None:
    return 100.0 * sum(flags) / len(flags) if flags else None
