"""Span precision, recall and F1 per tag, as TEI annotation is evaluated (after the tei-annotator project).

Every element of a fragment is a span ``(tag, start, end, text)`` with offsets into the fragment's plain
text; tail text belongs to the parent. A predicted span matches a gold span of the same tag when their
offsets are equal (``exact``), their whitespace-normalised texts are equal (``text``, the default) or
their intersection over union reaches a threshold (``overlap``). Matching is greedy and one-to-one by
descending score, ties in document order. Counts are kept per tag; micro averages sum the counts, macro
averages take the mean over the tags that have gold spans; a corpus sums the counts of its items.

On translated tagged segments this is the per-tag diagnosis of markup transfer when the hypothesis text
equals the reference text (the detag-and-project oracle). Scores are fractions in [0, 1].
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.metrics.base import Metric, MetricResult

MATCH_MODES = ("exact", "text", "overlap")
_WRAPPER = "tagmt-span-root"


@dataclass(frozen=True)
class Span:
    """One element: its tag (namespace dropped), character offsets in the plain text, and its text."""

    tag: str
    start: int
    end: int
    text: str

    @property
    def normalized(self) -> str:
        return " ".join(self.text.split())


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _walk(
    element: etree._Element, offset: int, pieces: list[str], spans: list[tuple[str, int, int]], own: bool
) -> int:
    """Append ``(tag, start, end)`` below ``element`` (its own too when ``own``); return the end offset."""
    start = offset
    if element.text:
        pieces.append(element.text)
        offset += len(element.text)
    for child in element:
        if isinstance(child.tag, str):
            offset = _walk(child, offset, pieces, spans, True)
        if child.tail:
            pieces.append(child.tail)
            offset += len(child.tail)
    if own:
        spans.append((_local(element.tag), start, offset))
    return offset


def _parser() -> etree.XMLParser:
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)


def parse_fragment(text: str) -> etree._Element:
    """Parse a tagged segment or a whole document; a segment is wrapped in a root element first."""
    data = text.encode("utf-8")
    try:
        return etree.fromstring(b"<%s>%s</%s>" % (_WRAPPER.encode(), data, _WRAPPER.encode()), _parser())
    except etree.XMLSyntaxError as wrapped_error:
        try:  # a document with an XML declaration or a DOCTYPE cannot be wrapped
            return etree.fromstring(data, _parser())
        except etree.XMLSyntaxError:
            raise wrapped_error from None


def extract_spans(text: str) -> tuple[str, list[Span]]:
    """The plain text of a fragment and its spans, children before parents."""
    root = parse_fragment(text)
    pieces: list[str] = []
    found: list[tuple[str, int, int]] = []
    _walk(root, 0, pieces, found, own=root.tag != _WRAPPER)
    plain = "".join(pieces)
    return plain, [Span(tag, start, end, plain[start:end]) for tag, start, end in found]


def _iou(a: Span, b: Span) -> float:
    inter = min(a.end, b.end) - max(a.start, b.start)
    if inter <= 0:
        return 0.0
    union = max(a.end, b.end) - min(a.start, b.start)
    return inter / union


def match_spans(gold: Sequence[Span], pred: Sequence[Span], mode: str = "text", iou: float = 0.5
                ) -> list[tuple[int, int]]:
    """Greedy one-to-one matching, highest score first, ties by gold then predicted index."""
    candidates: list[tuple[float, int, int]] = []
    for gi, g in enumerate(gold):
        for pi, p in enumerate(pred):
            if g.tag != p.tag:
                continue
            if mode == "exact":
                score = 1.0 if (g.start, g.end) == (p.start, p.end) else 0.0
            elif mode == "text":
                score = 1.0 if g.normalized == p.normalized else 0.0
            else:
                score = _iou(g, p)
                score = score if score >= iou else 0.0
            if score > 0.0:
                candidates.append((score, gi, pi))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    used_gold: set[int] = set()
    used_pred: set[int] = set()
    pairs = []
    for _, gi, pi in candidates:
        if gi not in used_gold and pi not in used_pred:
            used_gold.add(gi)
            used_pred.add(pi)
            pairs.append((gi, pi))
    return pairs


def _prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


@dataclass
class SpanCounts:
    """TP/FP/FN per tag, with micro and macro precision, recall and F1."""

    tp: Counter = field(default_factory=Counter)
    fp: Counter = field(default_factory=Counter)
    fn: Counter = field(default_factory=Counter)

    def add(self, other: "SpanCounts") -> None:
        self.tp.update(other.tp)
        self.fp.update(other.fp)
        self.fn.update(other.fn)

    def tags(self) -> list[str]:
        return sorted(set(self.tp) | set(self.fp) | set(self.fn))

    def per_tag(self) -> dict[str, dict[str, float]]:
        table = {}
        for tag in self.tags():
            tp, fp, fn = self.tp[tag], self.fp[tag], self.fn[tag]
            p, r, f = _prf(tp, fp, fn)
            table[tag] = {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f1": f}
        return table

    def micro(self) -> tuple[float, float, float]:
        return _prf(sum(self.tp.values()), sum(self.fp.values()), sum(self.fn.values()))

    def macro(self) -> tuple[float, float, float]:
        rows = [row for tag, row in self.per_tag().items() if self.tp[tag] + self.fn[tag] > 0]
        if not rows:
            return 0.0, 0.0, 0.0
        return tuple(sum(row[key] for row in rows) / len(rows) for key in ("precision", "recall", "f1"))


def span_counts(gold: Sequence[Span], pred: Sequence[Span], mode: str = "text", iou: float = 0.5
                ) -> SpanCounts:
    """Counts for one gold/predicted pair of span lists."""
    pairs = match_spans(gold, pred, mode, iou)
    counts = SpanCounts()
    matched_gold = {gi for gi, _ in pairs}
    matched_pred = {pi for _, pi in pairs}
    for gi, _ in pairs:
        counts.tp[gold[gi].tag] += 1
    for gi, span in enumerate(gold):
        if gi not in matched_gold:
            counts.fn[span.tag] += 1
    for pi, span in enumerate(pred):
        if pi not in matched_pred:
            counts.fp[span.tag] += 1
    return counts


class SpanF1(Metric):
    """Micro span F1 over a corpus of fragments or documents; several references: the best F1 per item."""

    name = "span-f1"
    unit = "document"
    scale = "0-1"

    def __init__(self, match_mode: str = "text", iou: float = 0.5, **_unused: object) -> None:
        if match_mode not in MATCH_MODES:
            raise TagmtError(f"unknown match mode {match_mode!r}; choose from: {', '.join(MATCH_MODES)}")
        if not 0.0 < iou <= 1.0:
            raise TagmtError(f"the IoU threshold must be in (0, 1], not {iou}")
        self.match_mode, self.iou = match_mode, iou

    def signature_fields(self) -> dict[str, str]:
        fields = {"metric": "span-f1", "match": self.match_mode}
        if self.match_mode == "overlap":
            fields["iou"] = f"{self.iou:g}"
        fields["avg"] = "micro"
        return fields

    def _gold(self, text: str, k: int, i: int) -> list[Span]:
        try:
            return extract_spans(text)[1]
        except etree.XMLSyntaxError as exc:
            raise TagmtError(f"reference {k + 1}, item {i + 1} is not well-formed XML: {exc}") from None

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> MetricResult:
        if not references:
            raise TagmtError("span F1 needs at least one reference")
        total = SpanCounts()
        item_f1: list[float] = []
        errors: list[str | None] = []
        for i, hypothesis in enumerate(hypotheses):
            try:
                pred = extract_spans(hypothesis)[1]
                errors.append(None)
            except etree.XMLSyntaxError as exc:
                pred = []
                errors.append(str(exc))
            options = [
                span_counts(self._gold(stream[i], k, i), pred, self.match_mode, self.iou)
                for k, stream in enumerate(references)
            ]
            best = max(options, key=lambda counts: counts.micro()[2])
            item_f1.append(best.micro()[2])
            total.add(best)
        p, r, f = total.micro()
        mp, mr, mf = total.macro()
        return MetricResult(
            name=self.name,
            score=f,
            signature=self.signature(),
            segment_scores=item_f1,
            details={
                "micro": {"precision": p, "recall": r, "f1": f},
                "macro": {"precision": mp, "recall": mr, "f1": mf},
                "per_tag": total.per_tag(),
                "parse_errors": errors,
            },
        )
