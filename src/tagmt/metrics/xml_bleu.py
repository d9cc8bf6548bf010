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

``compat="original"`` computes all three as Hashimoto et al.'s own ``evaluate.py`` does
(:mod:`tagmt.metrics.hashimoto`: lxml trees, its literal list of 22 tag names, Moses tokenization,
multi-bleu over two line files). Lines of one segment can meet lines of another there (a fragment with
a line break), so the statistics are computed for the corpus at once (``corpus_level``), then summed,
resampled and shown per segment like the default's.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from tagmt.errors import TagmtError
from tagmt.metrics import hashimoto
from tagmt.metrics.base import Figure
from tagmt.metrics.segment import Sacre, ParseCache, SegmentMetric, SegmentPair, require_trg_lang


class HashimotoMetric(SegmentMetric):
    """Common ground of the metrics that ``compat="original"`` computes as Hashimoto et al.'s script.

    ``vocabulary`` replaces the original's literal tag list (default: the script's own 22 names,
    ``hashimoto.ORIGINAL_TAGS``); it exists only under ``compat="original"``, since the default decides
    markup per segment.
    """

    single_reference = True
    compat_modes = ("tagmt", "original")

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None, compat: str = "tagmt",
                 vocabulary: Collection[str] | None = None) -> None:
        super().__init__(trg_lang, tokenize, compat)
        if vocabulary is not None and compat != "original":
            raise TagmtError(
                f"{self.name}: vocabulary is the original's literal tag list; use it with compat original "
                "(the default decides markup per segment)"
            )
        self.vocabulary = None if vocabulary is None else frozenset(vocabulary)

    @property
    def corpus_level(self) -> bool:
        return self.compat == "original"

    def original_corpus(self, hypotheses: Sequence[str], references: Sequence[str],
                        shared: dict[Any, Any] | None = None) -> hashimoto.OriginalCorpus:
        """The original's view of the corpus, built once for every metric sharing ``shared``."""
        key = ("hashimoto", self.vocabulary)
        if shared is not None and key in shared:
            return shared[key]
        corpus = hashimoto.OriginalCorpus(hypotheses, references, self.vocabulary)
        if shared is not None:
            shared[key] = corpus
        return corpus

    def check_references(self, count: int) -> None:
        self.nrefs = count
        if (self.single_reference or self.corpus_level) and count != 1:
            raise TagmtError(f"{self.name} takes exactly one reference, got {count}")

    def original_fields(self) -> dict[str, str]:
        tags = "original" if self.vocabulary is None else "given"
        return {"nrefs": "1", "tags": f"literal-{tags}", "xml": "lxml-strict"}


class XmlBleu(HashimotoMetric):
    """Corpus BLEU over aligned text fragments of structurally matching segments."""

    name = "xml-bleu"
    figures = {"xml-bleu": Figure(description="BLEU over the text fragments of segments whose markup matches")}

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None, compat: str = "tagmt",
                 vocabulary: Collection[str] | None = None) -> None:
        super().__init__(trg_lang, tokenize, compat, vocabulary)
        self.sacre = Sacre("bleu", self.tokenize)
        self._original_tokenizer: hashimoto.Tokenizer | None = None

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
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

    def corpus_statistics(self, hypotheses: Sequence[str], references: Sequence[str],
                          shared: dict[Any, Any] | None = None) -> list[list[float]]:
        """multi-bleu's running sums of each segment's lines (hypothesis and reference length, matches
        and totals of orders 1–4), on the original's fragments and tokenization."""
        corpus = self.original_corpus(hypotheses, references, shared)
        tokenize = self.original_tokenizer()
        per_segment = [hashimoto.BleuStats() for _ in corpus.segments]
        for index, hyp, ref in corpus.line_pairs():
            per_segment[index] = per_segment[index] + hashimoto.line_stats(
                tokenize(hyp), None if ref is None else tokenize(ref))
        return [[float(stats.hyp_len), float(stats.ref_len), *map(float, stats.correct), *map(float, stats.total)]
                for stats in per_segment]

    def original_tokenizer(self) -> hashimoto.Tokenizer:
        if self._original_tokenizer is None:
            self._original_tokenizer = hashimoto.Tokenizer(require_trg_lang(self.trg_lang, self.name))
        return self._original_tokenizer

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        if self.compat == "original":
            return {self.name: hashimoto.multi_bleu(_bleu_stats(stats))}
        return {self.name: self.sacre.corpus(stats[:-2])}

    def sentence(self, stats: Sequence[float]) -> float | None:
        if self.compat == "original":
            return hashimoto.multi_bleu(_bleu_stats(stats))
        if not stats[-1]:  # no fragment on either side: a match of two empty segments
            return 100.0 if stats[-2] else 0.0
        return self.sacre.sentence(stats[:-2])

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {**self.original_fields(), "tok": self.original_tokenizer().name, "bleu": "multi-bleu",
                    "view": "fragments"}
        fields = self.sacre.signature_fields(self.nrefs)
        fields["view"] = "fragments"
        fields["markup"] = "per-segment"
        fields["match"] = "tree"
        return fields


def _bleu_stats(stats: Sequence[float]) -> hashimoto.BleuStats:
    ints = [int(x) for x in stats]
    return hashimoto.BleuStats(ints[0], ints[1], tuple(ints[2:6]), tuple(ints[6:10]))  # type: ignore[arg-type]


class MarkupMatch(HashimotoMetric):
    """Percentage of segments whose hypothesis matches the reference's markup; ``markup-match-tagged``
    gives the same share over the segments whose reference has markup (None when there are none)."""

    name = "markup-match"
    tokenizes = False
    figures = {
        "markup-match": Figure(description="% of segments whose markup matches the reference's"),
        "markup-match-tagged": Figure(description="markup match over the segments whose reference has markup"),
    }

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        match = float(pair.hypothesis.matches(pair.reference))
        tagged = float(pair.reference.has_markup)
        return [match, 1.0, match * tagged, tagged]

    def corpus_statistics(self, hypotheses: Sequence[str], references: Sequence[str],
                          shared: dict[Any, Any] | None = None) -> list[list[float]]:
        """The original's match per segment; a reference is tagged when its tags split it."""
        rows = []
        for segment in self.original_corpus(hypotheses, references, shared).segments:
            match, tagged = float(segment.match), float(len(segment.ref_fragments) > 1)
            rows.append([match, 1.0, match * tagged, tagged])
        return rows

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {"markup-match": _percent(stats[0], stats[1]), "markup-match-tagged": _percent(stats[2], stats[3])}

    def undefined_reason(self, name: str, stats: Sequence[float] | None) -> str:
        if name == "markup-match-tagged" and stats is not None and not stats[3]:
            return "no reference segment has markup"
        return super().undefined_reason(name, stats)

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {**self.original_fields(), "match": "lxml-tree"}
        return {"nrefs": str(self.nrefs), "markup": "per-segment", "match": "tree"}


class StructureAccuracy(HashimotoMetric):
    """Percentage of hypotheses whose markup is well-formed (the reference supplies the element names
    whose orphan tags count as markup: see :mod:`tagmt.markup`)."""

    name = "structure-accuracy"
    tokenizes = False
    single_reference = False
    figures = {"structure-accuracy": Figure(description="% of hypotheses whose markup is well-formed")}

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        return [float(pair.hypothesis.well_formed), 1.0]

    def corpus_statistics(self, hypotheses: Sequence[str], references: Sequence[str],
                          shared: dict[Any, Any] | None = None) -> list[list[float]]:
        """Whether each hypothesis parses as ``<ROOT>…</ROOT>`` with lxml's strict parser."""
        return [[float(s.well_formed), 1.0] for s in self.original_corpus(hypotheses, references, shared).segments]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: _percent(stats[0], stats[1])}

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {"xml": "lxml-strict", "check": "parses"}
        return {"markup": "per-segment", "check": "well-formed"}


def _percent(part: float, whole: float) -> float | None:
    return 100.0 * part / whole if whole else None
