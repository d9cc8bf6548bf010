"""BLEU and chrF on the three views of tagged segments (raw, lex, tag), computed by sacrebleu itself.

Each figure equals a direct ``sacrebleu.metrics.BLEU/CHRF`` call on the same view strings. What is
added is reuse: a :class:`MarkupContext` shared by metrics that score several systems against the
same references memoizes parsed segments, sacrebleu's tokenization (MeCab is the expensive part) and
its per-segment sufficient statistics, keyed by the strings themselves. So the reference side is
tokenized once, and a pair of strings that recurs (an untagged segment's lex view is its raw view,
and its only XML-BLEU fragment) is scored once.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Sequence

from tagmt.errors import TagmtError
from tagmt.markup import TaggedSegment, markup_vocabulary
from tagmt.metrics.base import Metric, MetricResult

VIEWS = ("raw", "lex", "tag")

# BLEU tokenizer by target language (sacrebleu's own choice, with zf = traditional Chinese added).
_BLEU_TOKENIZERS = {"ja": "ja-mecab", "ko": "ko-mecab", "zh": "zh", "zf": "zh", "en": "13a"}
_EXTRAS = {"ja-mecab": "ja", "ko-mecab": "ko"}


def bleu_tokenizer(trg_lang: str | None) -> str:
    """The sacrebleu tokenizer for BLEU in ``trg_lang`` (``13a`` for languages without their own)."""
    return _BLEU_TOKENIZERS.get((trg_lang or "").lower(), "13a")


class Statistics:
    """sacrebleu's sufficient statistics for one configured metric, memoized per distinct
    (hypothesis, references) pair, with each distinct string tokenized once.

    It drives the same hooks that sacrebleu's own reference cache uses (``_preprocess_segment``,
    ``_extract_reference_info``, ``_compute_segment_statistics``, ``_aggregate_and_compute``); the
    tests pin every figure to a public ``corpus_score`` call, so a change there cannot pass unseen.
    """

    def __init__(self, family: str, tokenize: str | None = None) -> None:
        self.family = family
        self.metric = _sacrebleu_metric(family, tokenize)
        self._prepared: dict[str, str] = {}
        self._references: dict[tuple[str, ...], dict[str, Any]] = {}
        self._pairs: dict[tuple[str, tuple[str, ...]], list[int]] = {}

    def _prepare(self, text: str) -> str:
        prepared = self._prepared.get(text)
        if prepared is None:
            prepared = self._prepared[text] = self.metric._preprocess_segment(text)
        return prepared

    def segment(self, hypothesis: str, references: tuple[str, ...]) -> list[int]:
        key = (hypothesis, references)
        stats = self._pairs.get(key)
        if stats is None:
            info = self._references.get(references)
            if info is None:
                info = self._references[references] = self.metric._extract_reference_info(
                    [self._prepare(reference) for reference in references]
                )
            stats = self.metric._compute_segment_statistics(self._prepare(hypothesis), info)
            self._pairs[key] = stats
        return stats

    def corpus(self, hypotheses: Sequence[str], references: Sequence[tuple[str, ...]]) -> list[list[int]]:
        return [self.segment(h, r) for h, r in zip(hypotheses, references)]

    def score(self, stats: Sequence[Sequence[int]]) -> float:
        """The corpus score from summed statistics (sacrebleu's aggregation)."""
        if not stats:
            return 0.0
        return float(self.metric._aggregate_and_compute(list(stats)).score)

    def sentence(self, stats: Sequence[int]) -> float:
        """A segment score: chrF as is, BLEU with effective order (as ``sacrebleu.sentence_bleu``)."""
        if self.family == "chrf":
            return float(self.metric._compute_score_from_stats(list(stats)).score)
        order = self.metric.max_ngram_order
        return float(
            self.metric.compute_bleu(
                correct=list(stats[2 : 2 + order]),
                total=list(stats[2 + order :]),
                sys_len=int(stats[0]),
                ref_len=int(stats[1]),
                smooth_method=self.metric.smooth_method,
                smooth_value=self.metric.smooth_value,
                effective_order=True,
                max_ngram_order=order,
            ).score
        )

    def signature_fields(self, nrefs: int) -> dict[str, str]:
        """sacrebleu's signature fields (``nrefs``, ``case``, ``tok``, …, ``version``)."""
        self.metric.num_refs = nrefs
        text = self.metric.get_signature().format()
        return dict(field.split(":", 1) for field in text.split("|"))


def _sacrebleu_metric(family: str, tokenize: str | None):
    from sacrebleu.metrics import BLEU, CHRF

    if family == "chrf":
        return CHRF()
    if tokenize not in BLEU.TOKENIZERS:
        raise TagmtError(
            f"unknown BLEU tokenizer {tokenize!r}; choose from: {', '.join(BLEU.TOKENIZERS)}"
        )
    try:
        return BLEU(tokenize=tokenize)
    except (RuntimeError, AssertionError, ImportError, OSError) as exc:
        extra = _EXTRAS.get(tokenize, "")
        why = " ".join(str(exc).split()) or type(exc).__name__
        raise TagmtError(
            f"BLEU tokenizer {tokenize!r} cannot start ({why}); install MeCab and its dictionary "
            f"with `pip install \"sacrebleu[{extra}]\"` or choose another with --tokenize"
        ) from None


class MarkupContext:
    """Work shared by every metric that scores systems against the same references."""

    def __init__(self) -> None:
        self._parsed: dict[tuple[str, frozenset[str]], TaggedSegment] = {}
        self._statistics: dict[tuple[str, str | None], Statistics] = {}
        self._vocabularies: dict[tuple[tuple[str, ...], ...], frozenset[str]] = {}
        self._memo: dict[Any, Any] = {}

    def memo(self, key: Any, build: Callable[[], Any]) -> Any:
        """``build()`` once per ``key`` for every metric sharing this context (e.g. a compat view)."""
        if key not in self._memo:
            self._memo[key] = build()
        return self._memo[key]

    def parse(self, text: str, vocabulary: frozenset[str]) -> TaggedSegment:
        key = (text, vocabulary)
        parsed = self._parsed.get(key)
        if parsed is None:
            parsed = self._parsed[key] = TaggedSegment.parse(text, vocabulary)
        return parsed

    def statistics(self, family: str, tokenize: str | None = None) -> Statistics:
        key = (family, tokenize if family == "bleu" else None)
        if key not in self._statistics:
            self._statistics[key] = Statistics(*key)
        return self._statistics[key]

    def vocabulary(self, references: Sequence[Sequence[str]]) -> frozenset[str]:
        """The element names the references use as markup (see :mod:`tagmt.markup`)."""
        key = tuple(tuple(stream) for stream in references)
        if key not in self._vocabularies:
            self._vocabularies[key] = markup_vocabulary(s for stream in key for s in stream)
        return self._vocabularies[key]


class MarkupMetric(Metric):
    """Common ground of the metrics over tagged segments: options, input checks, parsing."""

    #: raw/lex/tag BLEU and chrF are sacrebleu itself on the views (Buschbeck et al.'s definition), so
    #: ``original`` is the same computation; metrics with a different original override this.
    compat_modes = ("tagmt", "original")

    def __init__(
        self,
        trg_lang: str = "en",
        tokenize: str | None = None,
        vocabulary: Collection[str] | None = None,
        context: MarkupContext | None = None,
        compat: str = "tagmt",
    ) -> None:
        self.set_compat(compat)
        self.trg_lang = trg_lang
        self.tokenize = tokenize or bleu_tokenizer(trg_lang)
        self.vocabulary = None if vocabulary is None else frozenset(vocabulary)
        self.context = context or MarkupContext()
        self.nrefs = 1

    def _parse(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> tuple[list[TaggedSegment], list[tuple[TaggedSegment, ...]]]:
        """Check the input and parse both sides with one vocabulary."""
        check_lengths(hypotheses, references)
        self.nrefs = len(references)
        vocabulary = self.vocabulary
        if vocabulary is None:
            vocabulary = self.context.vocabulary(references)
        parse = self.context.parse
        hyps = [parse(text, vocabulary) for text in hypotheses]
        refs = [tuple(parse(text, vocabulary) for text in column) for column in zip(*references)]
        return hyps, refs

    def _markup_fields(self) -> dict[str, str]:
        return {"markup": "ref-vocab" if self.vocabulary is None else "given-vocab"}


def check_lengths(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> None:
    """Every stream must have one line per segment (sacrebleu would silently truncate)."""
    if not references:
        raise TagmtError("no reference given")
    for k, stream in enumerate(references):
        if len(stream) != len(hypotheses):
            which = f"reference {k + 1}" if len(references) > 1 else "the reference"
            raise TagmtError(
                f"the hypothesis has {len(hypotheses)} lines but {which} has {len(stream)}; "
                "give one line per segment in both"
            )


def view_text(segment: TaggedSegment, view: str) -> str:
    """The string that a metric over ``view`` scores for ``segment``."""
    if view == "raw":
        return segment.text
    if view == "lex":
        return segment.lex
    return segment.tags


class SegmentMetric(MarkupMetric):
    """BLEU or chrF over one view of tagged segments; tag-view BLEU tokenizes with ``none``."""

    def __init__(self, family: str, view: str, **options: Any) -> None:
        if family not in ("bleu", "chrf") or view not in VIEWS:
            raise ValueError(f"no metric {view}-{family}")
        super().__init__(**options)
        self.family, self.view = family, view
        self.name = f"{view}-{family}"
        if family == "bleu" and view == "tag":
            self.tokenize = "none"

    def _statistics(self) -> Statistics:
        return self.context.statistics(self.family, self.tokenize)

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        hyps, refs = self._parse(hypotheses, references)
        statistics = self._statistics()
        stats = statistics.corpus(
            [view_text(h, self.view) for h in hyps],
            [tuple(view_text(r, self.view) for r in column) for column in refs],
        )
        return MetricResult(
            name=self.name,
            score=statistics.score(stats),
            signature=self.signature(),
            segment_scores=[statistics.sentence(s) for s in stats],
        )

    def signature_fields(self) -> dict[str, str]:
        fields = self._statistics().signature_fields(self.nrefs)
        fields["view"] = self.view
        fields.update(self._markup_fields())
        return fields


def _accepts_markup_options(factory: Callable[..., SegmentMetric]) -> Callable[..., SegmentMetric]:
    """Declare the options a ``**options`` factory passes on (checked by the registry)."""
    factory.accepted_options = MARKUP_OPTIONS  # type: ignore[attr-defined]
    return factory


MARKUP_OPTIONS = ("trg_lang", "tokenize", "vocabulary", "context", "compat")


@_accepts_markup_options
def raw_bleu(**options: Any) -> SegmentMetric:
    return SegmentMetric("bleu", "raw", **options)


@_accepts_markup_options
def lex_bleu(**options: Any) -> SegmentMetric:
    return SegmentMetric("bleu", "lex", **options)


@_accepts_markup_options
def tag_bleu(**options: Any) -> SegmentMetric:
    return SegmentMetric("bleu", "tag", **options)


@_accepts_markup_options
def raw_chrf(**options: Any) -> SegmentMetric:
    return SegmentMetric("chrf", "raw", **options)


@_accepts_markup_options
def lex_chrf(**options: Any) -> SegmentMetric:
    return SegmentMetric("chrf", "lex", **options)


@_accepts_markup_options
def tag_chrf(**options: Any) -> SegmentMetric:
    return SegmentMetric("chrf", "tag", **options)
