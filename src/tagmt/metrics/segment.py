"""Segment metrics over tagged segments, computed as per-segment sufficient statistics.

Every segment metric turns one segment (a hypothesis and its references, parsed once) into a short
vector of numbers — its *sufficient statistics* — and computes its corpus figures from the sum of those
vectors (sacrebleu's design: ``metrics/base.py``). That is what lets ``tagmt evaluate`` stream a corpus
with flat memory (only running sums are kept), and what significance tests resample
(:mod:`tagmt.significance`).

BLEU, chrF, chrF++ and TER on the three views of a segment (raw = tagged string as it is, lex = markup
removed, tag = markup alone) are sacrebleu's own: the statistics come from the hooks sacrebleu's
reference cache uses (``_preprocess_segment``, ``_extract_reference_info``,
``_compute_segment_statistics``) and corpus scores from ``_compute_score_from_stats``; the tests pin
every figure to a public ``corpus_score`` call. The reference side of a segment is tokenized once for
all systems and metrics through a :class:`ParseCache` that lives for one segment only.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Sequence

from tagmt.errors import TagmtError
from tagmt.languages import NAMES, normalize, tokenizer_language
from tagmt.markup import TaggedSegment
from tagmt.metrics.base import Figure, Metric, MetricResult

VIEWS = ("raw", "lex", "tag")
FAMILIES = ("bleu", "chrf", "chrf++", "ter")

# BLEU tokenizer by target language (sacrebleu's own choice, with zf = traditional Chinese added).
_BLEU_TOKENIZERS = {"ja": "ja-mecab", "ko": "ko-mecab", "zh": "zh", "zf": "zh", "en": "13a"}
_EXTRAS = {"ja-mecab": "ja", "ko-mecab": "ko"}
# Longest run without a space that MeCab is given in one call. MeCab is quadratic on a long run of Latin
# letters (32k letters: 3.5 s; 160k: minutes) and sacrebleu's tokenizer fails on one of ~160k letters
# (`AttributeError … strip`), so longer runs are cut into pieces of this size (0.06 s each); a normal
# segment never has a run this long, so its tokens are sacrebleu's exactly.
MECAB_CHUNK = 4096


def bleu_tokenizer(trg_lang: str) -> str:
    """The sacrebleu tokenizer for BLEU in ``trg_lang``, any tag of it (``ja-JP`` → ``ja-mecab``, ``zh-TW`` →
    ``zh``; ``13a`` for languages without their own); a name or an unknown code is a TagmtError."""
    return _BLEU_TOKENIZERS.get(tokenizer_language(trg_lang), "13a")


def metric_language(trg_lang: str | None) -> str | None:
    """``trg_lang`` as a metric keeps it: tagmt's code (``ja-JP`` → ``ja``; ``zh-TW`` → ``zf``), None when
    not given. The one normalisation of :mod:`tagmt.languages`, so the API and the CLI agree."""
    if trg_lang is None or trg_lang == "":
        return None
    return normalize(trg_lang, "trg_lang") if isinstance(trg_lang, str) else trg_lang


def language_field(trg_lang: str | None, tokenize: str | None) -> dict[str, str]:
    """The signature's ``lang`` field; for a code tagmt has no entry for, a metric that tokenizes says that
    it used the default tokenizer (``lang:enm(unknown:default-tokenizer)``; ``tok`` names it)."""
    if not trg_lang:
        return {}
    if trg_lang in NAMES:
        return {"lang": trg_lang}
    return {"lang": f"{trg_lang}(unknown:default-tokenizer)" if tokenize else f"{trg_lang}(unknown)"}


def require_trg_lang(trg_lang: str | None, name: str) -> str:
    """A metric that tokenizes by target language must be told it (no silent ``13a``)."""
    if not trg_lang or not isinstance(trg_lang, str):
        raise TagmtError(
            f"{name} needs the target language (trg_lang='ja', 'en', …) to choose its tokenizer; "
            "give trg_lang, or tokenize='13a' explicitly"
        )
    return trg_lang


@dataclass
class SegmentPair:
    """One segment: the hypothesis and its references, parsed; hypotheses take the element names of
    their references (see :mod:`tagmt.markup`)."""

    hypothesis: TaggedSegment
    references: tuple[TaggedSegment, ...]

    @classmethod
    def parse(cls, hypothesis: str, references: Sequence[str]) -> "SegmentPair":
        refs = tuple(TaggedSegment.parse(text) for text in references)
        return cls.from_references(hypothesis, refs)

    @classmethod
    def from_references(cls, hypothesis: str, references: tuple[TaggedSegment, ...]) -> "SegmentPair":
        names = references[0].names if len(references) == 1 else frozenset().union(*(r.names for r in references))
        return cls(TaggedSegment.parse(hypothesis, names), references)

    @property
    def reference(self) -> TaggedSegment:
        return self.references[0]


class ParseCache:
    """Tokenized strings and reference n-gram tables of *one* segment, shared by every system and
    metric scored on it, then dropped (so memory does not grow with the corpus)."""

    def __init__(self) -> None:
        self.prepared: dict[tuple[tuple[str, str | None], str], str] = {}
        self.reference_info: dict[tuple[tuple[str, str | None], tuple[str, ...]], Any] = {}
        self.statistics: dict[tuple[tuple[str, str | None], str, tuple[str, ...]], list] = {}


def view_text(segment: TaggedSegment, view: str) -> str:
    """The string that a metric over ``view`` scores for ``segment``."""
    if view == "raw":
        return segment.text
    if view == "lex":
        return segment.lex
    return segment.tags


class Sacre:
    """One configured sacrebleu metric driven segment by segment."""

    def __init__(self, family: str, tokenize: str | None = None) -> None:
        self.family = family
        self.tokenize = tokenize
        self.metric = _sacrebleu_metric(family, tokenize)
        self.mecab = tokenize in ("ja-mecab", "ko-mecab")
        # metrics configured alike share a segment's tokenizations and reference tables (raw, lex and
        # XML-BLEU of an untagged segment all score the same strings)
        self.key = (family, tokenize)

    def prepare(self, text: str, cache: ParseCache | None) -> str:
        key = (self.key, text)
        if cache is not None and key in cache.prepared:
            return cache.prepared[key]
        prepared = self._preprocess(text)
        if cache is not None:
            cache.prepared[key] = prepared
        return prepared

    def _preprocess(self, text: str) -> str:
        if self.mecab and _longest_run(text) > MECAB_CHUNK:
            pieces = _cut_long_runs(text, MECAB_CHUNK)
            return " ".join(p for p in (self.metric._preprocess_segment(piece) for piece in pieces) if p)
        return self.metric._preprocess_segment(text)

    def statistics(self, hypothesis: str, references: tuple[str, ...], cache: ParseCache | None) -> list:
        if cache is not None:
            pair = (self.key, hypothesis, references)
            if pair not in cache.statistics:
                cache.statistics[pair] = self._statistics(hypothesis, references, cache)
            return list(cache.statistics[pair])
        return self._statistics(hypothesis, references, cache)

    def _statistics(self, hypothesis: str, references: tuple[str, ...], cache: ParseCache | None) -> list:
        key = (self.key, references)
        info = cache.reference_info.get(key) if cache is not None else None
        if info is None:
            info = self.metric._extract_reference_info([self.prepare(r, cache) for r in references])
            if cache is not None:
                cache.reference_info[key] = info
        return list(self.metric._compute_segment_statistics(self.prepare(hypothesis, cache), info))

    def corpus(self, stats: Sequence[float]) -> float:
        """The corpus score from summed statistics (sacrebleu's own aggregation)."""
        return float(self.metric._compute_score_from_stats(list(stats)).score)

    def sentence(self, stats: Sequence[float]) -> float:
        """A segment score: as sacrebleu's ``sentence_score`` (BLEU with effective order)."""
        ints = [int(x) for x in stats] if self.family == "bleu" else list(stats)
        if self.family != "bleu":
            return float(self.metric._compute_score_from_stats(ints).score)
        order = self.metric.max_ngram_order
        return float(
            self.metric.compute_bleu(
                correct=ints[2 : 2 + order], total=ints[2 + order :], sys_len=ints[0], ref_len=ints[1],
                smooth_method=self.metric.smooth_method, smooth_value=self.metric.smooth_value,
                effective_order=True, max_ngram_order=order,
            ).score
        )

    def forget(self) -> None:
        """Empty sacrebleu's own tokenizer cache (an ``lru_cache`` of up to 65,536 lines, kept across
        calls): the evaluate loop calls this after every chunk so that memory stays flat."""
        call = getattr(type(getattr(self.metric, "tokenizer", None)), "__call__", None)
        if hasattr(call, "cache_clear"):
            call.cache_clear()

    @property
    def width(self) -> int:
        if self.family == "bleu":
            return 2 + 2 * self.metric.max_ngram_order
        if self.family == "ter":
            return 2
        return 3 * (self.metric.char_order + self.metric.word_order)

    def signature_fields(self, nrefs: int) -> dict[str, str]:
        """sacrebleu's signature fields (``nrefs``, ``case``, ``tok``, …, ``version``)."""
        self.metric.num_refs = nrefs
        text = self.metric.get_signature().format()
        return dict(field.split(":", 1) for field in text.split("|"))


def _longest_run(text: str) -> int:
    longest = 0
    for run in text.split():
        longest = max(longest, len(run))
    return longest


def _cut_long_runs(text: str, size: int) -> list[str]:
    """``text`` cut at spaces, with any run longer than ``size`` cut every ``size`` characters."""
    pieces: list[str] = []
    for run in text.split():
        pieces.extend(run[i : i + size] for i in range(0, len(run), size))
    return pieces


def _sacrebleu_metric(family: str, tokenize: str | None):
    from sacrebleu.metrics import BLEU, CHRF, TER

    if family == "chrf":
        return CHRF()
    if family == "chrf++":
        return CHRF(word_order=2)
    if family == "ter":
        return TER(asian_support=True)
    if tokenize not in BLEU.TOKENIZERS:
        raise TagmtError(f"unknown BLEU tokenizer {tokenize!r}; choose from: {', '.join(BLEU.TOKENIZERS)}")
    try:
        return BLEU(tokenize=tokenize)
    except (RuntimeError, AssertionError, ImportError, OSError) as exc:
        extra = _EXTRAS.get(tokenize, "")
        why = " ".join(str(exc).split()) or type(exc).__name__
        raise TagmtError(
            f"BLEU tokenizer {tokenize!r} cannot start ({why}); install MeCab and its dictionary "
            f"with `pip install \"sacrebleu[{extra}]\"` or choose another with --tokenize"
        ) from None


class SegmentMetric(Metric):
    """A metric over tagged segments: per-segment statistics, corpus figures from their sum.

    Subclasses set ``name`` and ``figures`` and implement ``segment_statistics``, ``figures_from``
    (corpus figures from summed statistics) and ``sentence`` (the segment's own score, None = n/a).
    A metric whose definition chooses a tokenizer by language keeps ``tokenizes = True`` and then needs
    ``trg_lang`` (or an explicit ``tokenize``).

    A metric whose ``compat="original"`` needs the whole corpus before it can say anything about one
    segment (Hashimoto et al.'s multi-bleu pairs the lines of all segments across the corpus) sets
    ``corpus_level`` and computes every segment's statistics at once in ``corpus_statistics``; the
    statistics are then summed, resampled and shown per segment like any other metric's.
    """

    #: references a metric accepts (xml-bleu and friends take exactly one)
    single_reference = False
    #: the metric tokenizes by target language (so ``trg_lang`` or ``tokenize`` must be given)
    tokenizes = True

    def __init__(self, trg_lang: str | None = None, tokenize: str | None = None, compat: str = "tagmt") -> None:
        self.set_compat(compat)
        self.trg_lang = metric_language(trg_lang)
        self.tokenize = tokenize
        if self.tokenizes and not tokenize:
            self.tokenize = bleu_tokenizer(require_trg_lang(self.trg_lang, self.name))
        self.nrefs = 1

    def signature(self) -> str:
        """The metric's signature, with the target language it was told (``lang:ja``) after its fields."""
        text = super().signature()
        extra = language_field(self.trg_lang, self.tokenize if self.tokenizes else None)
        return text + "".join(f"|{key}:{value}" for key, value in extra.items())

    @property
    def corpus_level(self) -> bool:
        """True when one segment's statistics depend on the whole corpus (see the class docstring):
        ``tagmt.evaluation.score_systems`` then holds the inputs in memory."""
        return False

    def corpus_statistics(self, hypotheses: Sequence[str], references: Sequence[str],
                          shared: dict[Any, Any] | None = None) -> list[list[float]]:
        """Every segment's statistics of a corpus-level metric (one reference stream); ``shared`` is a
        memo for the metrics that score the same system (e.g. one parse of the corpus)."""
        raise NotImplementedError(f"{self.name} computes its statistics segment by segment")

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        raise NotImplementedError

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        raise NotImplementedError

    def sentence(self, stats: Sequence[float]) -> float | None:
        return self.figures_from(stats)[self.name]

    def undefined_reason(self, name: str, stats: Sequence[float] | None) -> str:
        """Why the corpus figure ``name`` is None (n/a) for the summed ``stats`` (None: no segment)."""
        why = self.why_no_score(stats) if name == self.name else None  # the metric's own word first
        if why:
            return why
        return "no segment was scored" if stats is None else "undefined on this corpus"

    def why_no_score(self, stats: Sequence[float] | None) -> str | None:
        """Why the corpus figure is None for these summed statistics, when the metric can say more than
        :meth:`undefined_reason` (it goes to ``MetricResult.details["reason"]``)."""
        return None

    def corpus_score(self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> MetricResult:
        check_lengths(hypotheses, references)
        self.check_references(len(references))
        if self.corpus_level:
            rows: Iterable[list[float]] = self.corpus_statistics(list(hypotheses), list(references[0]))
        else:
            rows = (self.segment_statistics(pair) for pair in pairs(hypotheses, references))
        total: list[float] | None = None
        segment_scores: list[float | None] = []
        for stats in rows:
            segment_scores.append(self.sentence(stats))
            total = list(stats) if total is None else [a + b for a, b in zip(total, stats)]
        figures = self.figures_from(total) if total is not None else {key: None for key in self.figures}
        score = figures[self.name]
        details: dict[str, Any] = {key: value for key, value in figures.items() if key != self.name}
        if score is None:  # n/a, and why (e.g. tag-bleu where no segment has markup)
            details["reason"] = self.why_no_score(total) or self.undefined_reason(self.name, total)
        return MetricResult(
            name=self.name,
            score=score,
            signature=self.signature(),
            segment_scores=segment_scores,
            details=details,
        )

    def check_references(self, count: int) -> None:
        self.nrefs = count
        if self.single_reference and count != 1:
            raise TagmtError(f"{self.name} takes exactly one reference, got {count}")


def pairs(hypotheses: Iterable[str], references: Sequence[Sequence[str]]) -> Iterator[SegmentPair]:
    for hypothesis, *refs in zip(hypotheses, *references):
        yield SegmentPair.parse(hypothesis, refs)


class ViewMetric(SegmentMetric):
    """BLEU, chrF, chrF++ or TER over one view of tagged segments; tag-view BLEU tokenizes with ``none``.

    On the tag view a segment where neither side has markup has no tag score (None, "n/a"): there is
    nothing to compare, and 0 would read as a failure. Its (empty) statistics add nothing to the corpus,
    and a corpus where no segment has markup has no tag score either (n/a, with the reason). Likewise on
    the raw and lex views a segment empty on both sides (an empty reference, an empty hypothesis) has no
    score (sacrebleu gives 0 there, TER 0 = perfect: an undefined 0/0 either way), and a corpus of such
    segments none. The last statistic of every view is that flag: 1 when the segment has something to
    compare.
    """

    def __init__(self, family: str, view: str, trg_lang: str | None = None, tokenize: str | None = None,
                 compat: str = "tagmt") -> None:
        if family not in FAMILIES or view not in VIEWS:
            raise ValueError(f"no metric {view}-{family}")
        self.name = f"{view}-{family}"
        self.family, self.view = family, view
        self.compat_modes = _VIEW_COMPAT.get(self.name, ("tagmt",))
        super().__init__(trg_lang, tokenize, compat)
        if family == "bleu" and view == "tag":
            self.tokenize = "none"
        self.sacre = Sacre(family, self.tokenize if family == "bleu" else None)
        ter = family == "ter"
        self.figures = {
            self.name: Figure(
                scale="0-100+" if ter else "0-100",
                higher_is_better=not ter,
                description=f"{_FAMILY_NAMES[family]} on the {_VIEW_NAMES[view]}",
            )
        }

    def text(self, segment: TaggedSegment) -> str:
        if self.compat == "czechdocs":
            return czechdocs_plain(segment.text)
        return view_text(segment, self.view)

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        hypothesis = self.text(pair.hypothesis)
        references = tuple(self.text(r) for r in pair.references)
        stats = self.sacre.statistics(hypothesis, references, cache)
        if self.view == "tag":
            compared = pair.hypothesis.has_markup or any(r.has_markup for r in pair.references)
        else:  # text on either side (white space alone is nothing: every tokenizer drops it)
            compared = bool(hypothesis.strip()) or any(r.strip() for r in references)
        stats.append(1.0 if compared else 0.0)
        return stats

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        # nothing to compare in any segment (no markup on the tag view, no text on the others): n/a, not 0
        return {self.name: self.sacre.corpus(stats[:-1]) if stats[-1] else None}

    def undefined_reason(self, name: str, stats: Sequence[float] | None) -> str:
        if self.view == "tag" and stats is not None and not stats[-1]:
            return "no segment has markup in its hypothesis or reference: there is nothing to compare"
        if stats is not None and not stats[-1]:
            return (f"every segment is empty in its hypothesis and its reference ({_VIEW_NAMES[self.view]}): there "
                    "is nothing to compare")
        return super().undefined_reason(name, stats)

    def sentence(self, stats: Sequence[float]) -> float | None:
        if not stats[-1]:  # n/a: see the class docstring
            return None
        return self.sacre.sentence(stats[:-1])

    def signature_fields(self) -> dict[str, str]:
        fields = self.sacre.signature_fields(self.nrefs)
        if self.compat == "czechdocs":
            fields["view"] = "czechdocs-strip"
            return fields
        fields["view"] = self.view
        fields["markup"] = "per-segment"
        return fields


#: The compat modes of the view metrics that have more than tagmt's.
_VIEW_COMPAT = {"lex-bleu": ("tagmt", "czechdocs")}
#: CzechDocs's tag strip: anything from ``<`` to the next ``>``.
_CZECHDOCS_TAG = re.compile(r"<[^>]+>")
_SPACES = re.compile(r"\s+")


def czechdocs_plain(text: str) -> str:
    """CzechDocs's "text without tags": every ``<…>`` removed by a regular expression (not a parser: a
    bare ``<`` up to the next ``>`` goes too), entities unescaped with ``html.unescape``, whitespace
    runs collapsed to one space and the ends stripped."""
    return _SPACES.sub(" ", html.unescape(_CZECHDOCS_TAG.sub("", text))).strip()


_FAMILY_NAMES = {"bleu": "BLEU", "chrf": "chrF", "chrf++": "chrF++", "ter": "TER (edit rate, lower is better)"}
_VIEW_NAMES = {"raw": "tagged string", "lex": "text without markup", "tag": "markup alone"}


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


def view_metric(family: str, view: str):
    """The registry factory of ``{view}-{family}``."""

    def factory(trg_lang: str | None = None, tokenize: str | None = None, compat: str = "tagmt") -> ViewMetric:
        return ViewMetric(family, view, trg_lang=trg_lang, tokenize=tokenize, compat=compat)

    factory.__name__ = f"{view}_{family}".replace("+", "p")
    factory.compat_modes = _VIEW_COMPAT.get(f"{view}-{family}", ("tagmt",))  # type: ignore[attr-defined]
    return factory


raw_bleu = view_metric("bleu", "raw")
lex_bleu = view_metric("bleu", "lex")
tag_bleu = view_metric("bleu", "tag")
raw_chrf = view_metric("chrf", "raw")
lex_chrf = view_metric("chrf", "lex")
tag_chrf = view_metric("chrf", "tag")
raw_chrfpp = view_metric("chrf++", "raw")
lex_chrfpp = view_metric("chrf++", "lex")
raw_ter = view_metric("ter", "raw")
lex_ter = view_metric("ter", "lex")
