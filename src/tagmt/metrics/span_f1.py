"""Span precision, recall and F1 per tag, as TEI annotation is evaluated (after the tei-annotator project).

Every element of a fragment is a span ``(tag, start, end, text)`` with offsets into the fragment's plain
text; tail text belongs to the parent. A predicted span matches a gold span of the same tag when their
offsets are equal (``exact``), their whitespace-normalised texts are equal (``text``, the default) or
their intersection over union reaches a threshold (``overlap``). Matching is greedy and one-to-one by
descending score, ties in document order. Counts are kept per tag; micro averages sum the counts, macro
averages take the mean over the tags that have gold spans; a corpus sums the counts of its items.

On translated tagged segments this is the per-tag diagnosis of markup transfer when the hypothesis text
equals the reference text (the detag-and-project oracle). Scores are fractions in [0, 1].

A bare ``&`` (one that starts no entity or character reference) is read as ``&amp;`` before parsing,
as the original does, so an output identical to its reference scores 1.0. Matching costs time and
memory linear in the spans for ``exact`` and ``text`` (a queue of predicted spans per key gives the
greedy order's pairs directly) and linear in the candidate pairs for ``overlap`` (only spans whose
IoU can reach the threshold are paired, kept in compact arrays).

``compat="original"`` is tei-annotator's evaluator: the prediction is parsed only wrapped in a root
(a document with an XML declaration or a DOCTYPE gives no spans), and ``<`` / ``>`` of tags whose name
is not in the schema — here the element names the references use, or ``schema_tags`` — are escaped
first, so an invented element is text, not a false positive.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field
from typing import Collection, Sequence

import numpy as np

from lxml import etree

from tagmt import safexml
from tagmt.errors import TagmtError
from tagmt.metrics.base import Metric, MetricResult

MATCH_MODES = ("exact", "text", "overlap")
#: Most (gold, predicted) pairs below IoU 1 that overlap matching keeps (16 bytes each); more is refused.
MAX_OVERLAP_PAIRS = 20_000_000
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
    return safexml.parser()


_BARE_AMPERSAND = re.compile(r"&(?!(?:[A-Za-z_:][\w.:-]*|#[0-9]+|#x[0-9A-Fa-f]+);)")
# tei-annotator's pattern for a tag (open, close, self-closing) or a comment
_ORIGINAL_TAG = re.compile(
    r"<(/?)([a-zA-Z_][\w:.-]*)(\s[^<>\"']*(?:(?:\"[^\"]*\"|'[^']*')[^<>\"']*)*)?/?>|<!--.*?-->", re.DOTALL
)


def repair_ampersands(text: str) -> str:
    """``&`` that starts no entity or character reference becomes ``&amp;``."""
    return _BARE_AMPERSAND.sub("&amp;", text) if "&" in text else text


def escape_unknown_tags(text: str, allowed: Collection[str]) -> str:
    """tei-annotator's repair: ``<``/``>`` outside tags, and of tags whose name is not allowed, escaped."""
    parts, last = [], 0
    for match in _ORIGINAL_TAG.finditer(text):
        parts.append(text[last:match.start()].replace("<", "&lt;").replace(">", "&gt;"))
        name = match.group(2)
        keep = name is None or name in allowed
        parts.append(match.group() if keep else match.group().replace("<", "&lt;").replace(">", "&gt;"))
        last = match.end()
    parts.append(text[last:].replace("<", "&lt;").replace(">", "&gt;"))
    return "".join(parts)


def parse_fragment(text: str) -> etree._Element:
    """Parse a tagged segment or a whole document; a segment is wrapped in a root element first."""
    data = repair_ampersands(text).encode("utf-8")
    try:
        return etree.fromstring(b"<%s>%s</%s>" % (_WRAPPER.encode(), data, _WRAPPER.encode()), _parser())
    except etree.XMLSyntaxError as wrapped_error:
        if safexml.too_deep(wrapped_error):  # not malformed, but deeper than tagmt reads: refused, not scored 0
            raise TagmtError(f"span-f1: {safexml.DEPTH_REFUSAL}") from None
        try:  # a document with an XML declaration or a DOCTYPE cannot be wrapped
            return etree.fromstring(data, _parser())
        except etree.XMLSyntaxError:
            raise wrapped_error from None


def extract_spans(text: str, root: etree._Element | None = None) -> tuple[str, list[Span]]:
    """The plain text of a fragment and its spans, children before parents."""
    root = parse_fragment(text) if root is None else root
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
    """Greedy one-to-one matching, highest score first, ties by gold then predicted index.

    The pairs are those of sorting every candidate pair by ``(-score, gold, pred)`` and taking each
    whose two spans are still free (the original's definition), found without listing all pairs.
    """
    if mode in ("exact", "text"):
        # Every score is 1.0: in (gold, pred) order each gold span takes the first free predicted span
        # with its key, i.e. the head of that key's queue.
        def key(span: Span):
            return (span.tag, span.start, span.end) if mode == "exact" else (span.tag, span.normalized)

        queues: dict[object, deque[int]] = defaultdict(deque)
        for pi, span in enumerate(pred):
            queues[key(span)].append(pi)
        pairs = []
        for gi, span in enumerate(gold):
            queue = queues.get(key(span))
            if queue:
                pairs.append((gi, queue.popleft()))
        return pairs
    return _match_overlap(gold, pred, iou)


def _match_overlap(gold: Sequence[Span], pred: Sequence[Span], threshold: float) -> list[tuple[int, int]]:
    """Greedy IoU matching without listing every pair.

    Pairs with IoU 1 (equal offsets) sort first, in (gold, pred) order: per-offset queues give them, as
    in ``exact`` mode. The other candidates are only the predicted spans that can reach ``threshold``:
    one must start in ``[g.end - len(g) / threshold, g.end)`` (IoU <= len(g) / union, and the union
    reaches back to the earlier start); they are kept in compact arrays and sorted once.
    """
    pairs = []
    used_gold = np.zeros(len(gold), dtype=bool)
    used_pred = np.zeros(len(pred), dtype=bool)
    queues: dict[tuple[str, int, int], deque[int]] = defaultdict(deque)
    for pi, span in enumerate(pred):
        if span.end > span.start:
            queues[(span.tag, span.start, span.end)].append(pi)
    for gi, span in enumerate(gold):
        queue = queues.get((span.tag, span.start, span.end))
        if queue:
            pi = queue.popleft()
            pairs.append((gi, pi))
            used_gold[gi] = used_pred[pi] = True
    by_tag: dict[str, list[int]] = defaultdict(list)
    for pi, span in enumerate(pred):
        if not used_pred[pi]:
            by_tag[span.tag].append(pi)
    starts_of: dict[str, list[int]] = {}
    for tag, indices in by_tag.items():
        indices.sort(key=lambda pi: pred[pi].start)
        starts_of[tag] = [pred[pi].start for pi in indices]
    scores, gis, pis = array("d"), array("i"), array("i")
    for gi, g in enumerate(gold):
        indices = by_tag.get(g.tag)
        if used_gold[gi] or not indices or g.end <= g.start:
            continue
        starts = starts_of[g.tag]
        for k in range(bisect_left(starts, g.end - (g.end - g.start) / threshold), bisect_left(starts, g.end)):
            score = _iou(g, pred[indices[k]])
            if score >= threshold and score > 0.0:
                scores.append(score)
                gis.append(gi)
                pis.append(indices[k])
        if len(scores) > MAX_OVERLAP_PAIRS:
            raise TagmtError(
                f"span-f1 (overlap): more than {MAX_OVERLAP_PAIRS:,} overlapping span pairs in one item "
                "(limit tagmt.metrics.span_f1.MAX_OVERLAP_PAIRS); use --match-mode exact or text, or split it"
            )
    if not scores:
        return pairs
    s_all = np.frombuffer(scores, dtype=np.float64)
    gi_all = np.frombuffer(gis, dtype=np.int32)
    pi_all = np.frombuffer(pis, dtype=np.int32)
    for k in np.lexsort((pi_all, gi_all, -s_all)).tolist():
        gi, pi = int(gi_all[k]), int(pi_all[k])
        if not used_gold[gi] and not used_pred[pi]:
            used_gold[gi] = used_pred[pi] = True
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

    compat_modes = ("tagmt", "original")

    def __init__(self, match_mode: str = "text", iou: float = 0.5, compat: str = "tagmt",
                 schema_tags: Collection[str] | None = None) -> None:
        self.set_compat(compat)
        if match_mode not in MATCH_MODES:
            raise TagmtError(f"unknown match mode {match_mode!r}; choose from: {', '.join(MATCH_MODES)}")
        if not 0.0 < iou <= 1.0:
            raise TagmtError(f"the IoU threshold must be in (0, 1], not {iou}")
        if schema_tags is not None and compat != "original":
            raise TagmtError("span-f1: schema_tags is the original's schema; use it with compat original")
        self.match_mode, self.iou = match_mode, iou
        self.schema_tags = None if schema_tags is None else frozenset(schema_tags)

    def signature_fields(self) -> dict[str, str]:
        fields = {"metric": "span-f1", "match": self.match_mode}
        if self.match_mode == "overlap":
            fields["iou"] = f"{self.iou:g}"
        fields["avg"] = "micro"
        if self.compat == "original":
            fields["schema"] = "given" if self.schema_tags is not None else "ref-tags"
        return fields

    def _predicted(self, text: str, allowed: Collection[str]) -> list[Span]:
        """The predicted spans; raises ``etree.XMLSyntaxError`` when the output does not parse."""
        if self.compat == "original":
            wrapped = f"<{_WRAPPER}>{escape_unknown_tags(repair_ampersands(text), allowed)}</{_WRAPPER}>"
            root = etree.fromstring(wrapped.encode("utf-8"), _parser())
            return extract_spans(text, root)[1]
        return extract_spans(text)[1]

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
            golds = [self._gold(stream[i], k, i) for k, stream in enumerate(references)]
            allowed = self.schema_tags
            if allowed is None:
                allowed = {span.tag for gold in golds for span in gold}
            try:
                pred = self._predicted(hypothesis, allowed)
                errors.append(None)
            except etree.XMLSyntaxError as exc:
                pred = []
                errors.append(str(exc))
            options = [span_counts(gold, pred, self.match_mode, self.iou) for gold in golds]
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
