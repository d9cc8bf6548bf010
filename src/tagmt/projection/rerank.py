"""A span ranker learned from the tagged examples: each span tag's final place is chosen among the
pipeline's span and spans near it by a scorer trained on the examples' own projections.

The placement rules (`inside_outside.py`, `edges.py`, `units.py`) choose a tag's span by fixed
rules; the spans they get slightly wrong are wrong in ways the examples show: too short over a
compound or a noun phrase (`<b>그룹화</b> 기준` for `<b>그룹화 기준</b>`), a copula or particle taken in
(`<b>はいです</b>`). Here, for every span tag (a tag with children too, as long as the span keeps them):

* **candidates** — the pipeline's span; the spans whose edges lie up to `K` target words away from
  its first and last word either way, within the tag's allowed region (its parent's span, between its
  placed siblings, enclosing its children; in a paragraph, within the sure counterpart of the tag's
  sentence, `Span.region`, whose edges the features read as a segment's), none beginning with a particle
  or a Korean ending nor ending with a particle or a Chinese localizer (the placement rules' own,
  `_NO_START`/`_NO_END`), none of punctuation alone for a tag around words (`…できます<b>。</b>`); and
  the raw inside–outside argmax of the region (the maximum-sum run of links in minus links out,
  before any edge rule). None that `units.respect_units` would move (issue 21, rule 1): no edge
  inside a verbatim token (`database-conf.xml`) or a dictionary word (`到期`, but for its link
  exception), none crossing a bracket or quotation group, unless the source tag's edge cuts one
  (`units.target_units(...).respects`; the pipeline's own span stays a candidate). O(K² + n) per tag.
* **features** (`FEATURES`) — language-independent, no tag name, no word: the inside–outside score
  below the region's best; the share of the tag's links that land outside; the other words' links
  that land inside; unlinked words inside and just outside; the kinds (`wordseg.Word.kind`) of the
  first and last word inside and of the words just outside; whether an edge splits a unit the
  translation writes as one (a dictionary word or kanji run of `units.dictionary_words`, a verbatim
  token of `units.verbatim_tokens`, a run written without spaces such as a Korean eojeol); the log
  length ratio to the source tag in characters and in words, and its square (a length that peaks);
  whether the candidate is the pipeline's, the raw argmax; how many words its edges moved; whether
  its text is a translation the examples taught for the tag's text (the term table).
* **training** (`learn_ranker`) — a conditional logit (softmax over each tag's candidates, L2) fitted
  by Newton's method with a line search (deterministic, a few steps; hand-written because it is ~30
  lines of numpy and sklearn is not a dependency), on the example tags whose reference span is among
  their candidates. The examples are projected as the batch is (same aligner run, the learned edge
  conventions) but without the term-table entries that only they taught, which would otherwise anchor
  their own tags and make their projections look better than the batch's. Fewer than `MIN_TAGS`
  such tags: no ranker, the pipeline's choice stands.
* **use** — the top candidate replaces the pipeline's only when its score beats the pipeline's by a
  margin chosen on the examples themselves (an inner 2-fold split of the examples: the margin of
  `MARGINS` whose changes gain most, right changes minus wrong ones; none gaining → no ranker). The
  gain must be clear (`clear_gain`, a one-sided sign test at `SIGN_Z`): a ranker switched on by one or
  two inner changes was switched on or off by eflomal's seed, and moved spans wrong more often than
  right (SAP ko, issue 35, docs/projection-history.md: t35stable).

What the ranker gained on the benchmarks is in docs/projection-history.md.
"""

from __future__ import annotations

import math
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from typing import Iterator, Mapping, Sequence

import numpy as np

from tagmt.projection.align import Links
from tagmt.projection.config import RerankMove
from tagmt.projection.conventions import keyed_tags
from tagmt.projection.detag import Detagged
from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.units import target_units
from tagmt.projection.wordseg import Word

K = 3
"""How many target words each edge of the pipeline's span may move either way."""
MIN_TAGS = 30
"""Fewer example tags with their reference among the candidates: no ranker."""
L2 = 0.01
"""Weight of the L2 penalty on the (standardized) weights, against the mean log-loss per tag."""
MARGINS = (0.0, 0.5, 1.0, 2.0, 4.0)
"""The margins (log-odds over the pipeline's span) the inner split chooses from."""
SIGN_Z = 1.645
"""How clear the ranker's inner gain must be: right − wrong ≥ `SIGN_Z` · √(right + wrong), the one-sided
5 % sign test (normal approximation) that its changes are more often right than wrong."""

KINDS = ("content", "particle", "postposition", "punct", "verb", "auxiliary", "ending", "other", "none")
_PLACES = ("first", "last", "before", "after")
FEATURES: tuple[str, ...] = (
    "io_gap", "tag_links_out", "other_links_in", "unlinked_in", "unlinked_before", "unlinked_after",
    *(f"{place}_{kind}" for place in _PLACES for kind in KINDS),
    "split_word_left", "split_word_right", "split_token_left", "split_token_right",
    "split_run_left", "split_run_right",
    "len_chars", "len_chars_sq", "len_words", "len_words_sq",
    "pipeline", "raw_argmax", "moved", "taught",
)
_INDEX = {name: k for k, name in enumerate(FEATURES)}
_NO_START = ("particle", "ending")
"""Word kinds a moved span never begins with (a particle belongs to the word before it, a Korean
verbal ending to its stem) ..."""
_NO_END = ("particle", "postposition")
"""... nor ends with (a particle or a Chinese localizer follows the term): what `inside_outside.py`'s
`_trim` and `_verb_group` keep for the pipeline's spans, kept for the candidates."""


class Segment:
    """What the features of one segment's candidates read: its words, links, units and terms."""

    def __init__(self, detagged: Detagged, text: str, src: list[Word], trg: list[Word], links: Links,
                 taught: Mapping[str, set[str]]) -> None:
        self.detagged, self.text, self.src, self.trg, self.taught = detagged, text, src, trg, taught
        m = len(trg)
        self.links = [(i, j) for i, j in links if j < m and i < len(src)]
        self.aligned = [False] * m
        # made once a segment, read by each tag's case over its region only (`tag_case`: linear in the tags)
        self.linked_to: list[list[int]] = [[] for _ in range(m)]  # target word → its links' source words
        self.links_from = [0] * len(src)  # source word → how many links it has
        for i, j in self.links:
            self.aligned[j] = True
            self.linked_to[j].append(i)
            self.links_from[i] += 1
        self.src_starts = [w.start for w in src]
        self.trg_starts = [w.start for w in trg]
        self.trg_ends = [w.end for w in trg]
        n = len(text)
        self.units = target_units(detagged.plain, text, (src, trg, links))
        token_at, word_at, _ = self.units._tables()
        self.cut_word = [w is not None for w in word_at]
        self.cut_token = [t is not None for t in token_at]
        self.cut_run = [0 < x < n and _letter(text[x - 1]) and _letter(text[x]) for x in range(n + 1)]

    def words_in(self, start: int, end: int) -> tuple[int, int]:
        """The target words `[a, b)` that overlap the characters `[start, end)`."""
        a = bisect_right(self.trg_ends, start)  # (the words are in text order: their ends too)
        b = a
        while b < len(self.trg) and self.trg[b].start < end:
            b += 1
        return a, b


def _letter(char: str) -> bool:
    return not char.isspace() and unicodedata.category(char)[0] not in "PSZ"


@dataclass
class Case:
    """One span tag: its candidates `(start, end)` (the pipeline's first), their features, the index of
    the reference's span among them (None: not among them, or unknown) and the example's fold."""

    spans: list[tuple[int, int]]
    features: np.ndarray
    truth: int | None = None
    fold: int = 0


def tag_case(seg: Segment, node: Span, floor: int, ceiling: int) -> Case | None:
    """The candidates of span tag `node` between the characters `floor` and `ceiling` (its free
    region), or None when it cannot move (no word under it, or the pipeline's span outside the region)."""
    if node.region is not None:  # (a tag in one sentence of a paragraph: its counterpart is the tag's segment)
        floor, ceiling = max(floor, node.region[0]), min(ceiling, node.region[1])
    if not floor <= node.start < node.end <= ceiling:
        return None
    a0, b0 = seg.words_in(node.start, node.end)
    if a0 >= b0:
        return None
    trg = seg.trg
    lo = bisect_left(seg.trg_starts, floor)
    hi = lo
    while hi < len(trg) and trg[hi].end <= ceiling:
        hi += 1
    keep_start = min([c.start for c in node.children] + [node.end])
    keep_end = max([c.end for c in node.children] + [node.start])
    tag = node.tag
    inside = set()  # the source words inside the tag (in text order: from the first at its start)
    for i in range(bisect_left(seg.src_starts, tag.start), len(seg.src)):
        if seg.src[i].start > tag.end:
            break
        if seg.src[i].end <= tag.end:
            inside.add(i)
    m = len(trg)
    first, last = 0, m  # the words of its segment (a paragraph's sentence: its counterpart's)
    if node.region is not None:
        first, last = bisect_left(seg.trg_starts, node.region[0]), bisect_left(seg.trg_starts, node.region[1])
    # the links into the tag's words (w_in) and the others' (w_out) landing before each target word, over
    # the words a candidate can reach only (the region and the pipeline's span), not the whole segment
    base, top = min(lo, a0), max(hi, b0)
    w_in, w_out = _Prefix(base, top), _Prefix(base, top)
    for j in range(base, top):
        for i in seg.linked_to[j]:
            (w_in if i in inside else w_out).counts[j - base + 1] += 1
    w_in.accumulate()
    w_out.accumulate()
    total = sum(seg.links_from[i] for i in inside)

    def io(a: int, b: int) -> int:
        return (w_in[b] - w_in[a]) - (w_out[b] - w_out[a])

    raw, best = None, None  # Kadane over the region's words (a run holding a link of the tag)
    run, run_start = 0, lo
    for j in range(lo, hi):
        w = (w_in[j + 1] - w_in[j]) - (w_out[j + 1] - w_out[j])
        if run <= 0:
            run, run_start = w, j
        else:
            run += w
        if w_in[j + 1] > w_in[j] and (best is None or run > best):
            best, raw = run, (run_start, j + 1)
    best = best if best is not None else max(0, io(a0, b0))

    source_text = seg.detagged.plain[tag.start:tag.end].strip()
    src_chars = max(1, len(source_text))
    worded = any(seg.src[i].kind != "punct" for i in inside)
    src_words = max(1, sum(1 for i in inside if seg.src[i].kind != "punct"))
    taught = seg.taught.get(source_text, ()) if source_text else ()

    def features(a: int, b: int, start: int, end: int, pipeline: bool) -> list[float]:
        f = [0.0] * len(FEATURES)
        f[0] = max(0, best - io(a, b))
        f[1] = (total - (w_in[b] - w_in[a])) / total if total else 0.0
        f[2] = w_out[b] - w_out[a]
        f[3] = sum(1 for j in range(a, b) if not seg.aligned[j] and trg[j].kind != "punct")
        f[4] = float(a > lo and not seg.aligned[a - 1] and trg[a - 1].kind != "punct")
        f[5] = float(b < hi and not seg.aligned[b] and trg[b].kind != "punct")
        for place, j in zip(_PLACES, (a, b - 1, a - 1, b)):
            kind = trg[j].kind if first <= j < last else "none"
            f[_INDEX[f"{place}_{kind if kind in KINDS else 'other'}"]] = 1.0
        f[_INDEX["split_word_left"]] = seg.cut_word[start]
        f[_INDEX["split_word_right"]] = seg.cut_word[end]
        f[_INDEX["split_token_left"]] = seg.cut_token[start]
        f[_INDEX["split_token_right"]] = seg.cut_token[end]
        f[_INDEX["split_run_left"]] = seg.cut_run[start]
        f[_INDEX["split_run_right"]] = seg.cut_run[end]
        chars = math.log(max(1, len(seg.text[start:end].strip())) / src_chars)
        words = math.log(sum(1 for j in range(a, b) if trg[j].kind != "punct") or 1) - math.log(src_words)
        f[_INDEX["len_chars"]], f[_INDEX["len_chars_sq"]] = chars, chars * chars
        f[_INDEX["len_words"]], f[_INDEX["len_words_sq"]] = words, words * words
        f[_INDEX["pipeline"]] = float(pipeline)
        f[_INDEX["raw_argmax"]] = float((a, b) == raw)
        f[_INDEX["moved"]] = abs(a - a0) + abs(b - b0)
        f[_INDEX["taught"]] = float(seg.text[start:end].strip() in taught)
        return f

    spans = [(node.start, node.end)]
    rows = [features(a0, b0, node.start, node.end, True)]
    pairs = {(a, b) for a in range(a0 - K, a0 + K + 1) for b in range(b0 - K, b0 + K + 1)}
    if raw is not None:
        pairs.add(raw)
    for a, b in sorted(pairs):
        if not lo <= a < b <= hi or (a, b) == (a0, b0):
            continue
        if trg[a].kind in _NO_START or trg[b - 1].kind in _NO_END:
            continue  # (the placement rules' own: `_trim`, `_verb_group`)
        if worded and all(trg[j].kind == "punct" for j in range(a, b)):
            continue  # (a tag around words never encloses only punctuation: `…できます<b>。</b>`)
        start, end = trg[a].start, trg[b - 1].end
        if start > keep_start or end < keep_end or (start, end) == (node.start, node.end):
            continue
        if not seg.units.respects(tag, start, end):
            continue  # (what `units.respect_units` kept whole stays whole: issue 21's rule 1)
        spans.append((start, end))
        rows.append(features(a, b, start, end, False))
    return Case(spans, np.asarray(rows, dtype=np.float64))


class _Prefix:
    """Counts landing before each target word `x` of `[base, top]`, read as `prefix[x]` (differences only:
    what lands before `base` is not counted)."""

    def __init__(self, base: int, top: int) -> None:
        self.base = base
        self.counts = [0] * (top - base + 1)

    def accumulate(self) -> None:
        for x in range(1, len(self.counts)):
            self.counts[x] += self.counts[x - 1]

    def __getitem__(self, x: int) -> int:
        return self.counts[x - self.base]


def cases_of(seg: Segment, spans: list[Span]) -> list[tuple[Span, Case]]:
    """Every movable span tag of a segment's placed `spans` with its candidates, parents first (the
    region of a child is its parent's span as placed)."""
    return list(_cases(seg, spans))


def _cases(seg: Segment, spans: list[Span]) -> Iterator[tuple[Span, Case]]:
    """`cases_of`, made as they are read: a caller may move a span it was given before its children's
    region and its later siblings' bounds are read (`Ranker.rerank`)."""

    def visit(nodes: list[Span], lo: int, hi: int, scope: tuple[int, int]) -> Iterator[tuple[Span, Case]]:
        # the floor is read after each earlier sibling was yielded (and perhaps moved): `between_siblings`
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if not node.point and not node.fixed and (node.tag.start, node.tag.end) != scope:
                case = tag_case(seg, node, floor, ceiling)
                if case is not None and len(case.spans) > 1:
                    yield node, case
            yield from visit(node.children, node.start, node.end, (node.tag.start, node.tag.end))

    yield from visit(spans, 0, len(seg.text), (0, len(seg.detagged.plain)))


def example_cases(seg: Segment, spans: list[Span], reference: Detagged, fold: int) -> list[Case]:
    """The cases of an example's projection, each with the index of its reference span."""
    truth = keyed_tags(reference.walk())
    keys = {id(tag): key for key, tag in keyed_tags(seg.detagged.walk()).items()}  # (the source's order)
    cases = []
    for node, case in cases_of(seg, spans):
        want = truth.get(keys.get(id(node.tag)))
        if want is None or want.start == want.end:
            continue
        case.truth = case.spans.index((want.start, want.end)) if (want.start, want.end) in case.spans else None
        case.fold = fold
        cases.append(case)
    return cases


@dataclass
class Ranker:
    """A learned span scorer: weights over the standardized `FEATURES` and the margin over the
    pipeline's span a change needs; `tags`, `changes`, `right`, `wrong`: what the inner split saw."""

    weights: np.ndarray
    scale: np.ndarray
    margin: float
    tags: int = 0
    inner: dict = field(default_factory=dict)

    def choose(self, case: Case) -> int:
        """The index of the candidate to use (0: the pipeline's)."""
        scores = _dot(case.features / self.scale, self.weights)
        best = int(np.argmax(scores))
        return best if best and scores[best] - scores[0] > self.margin else 0

    def rerank(self, seg: Segment, spans: list[Span], on_move: RerankMove | None = None) -> int:
        """Move the span tags of `spans` (in place) to the candidates chosen; the number moved. Parents
        are moved before their children's regions are read. `on_move` (`config.ProjectionConfig.on_rerank`)
        hears of every move."""
        moved = 0
        for node, case in _cases(seg, spans):
            pick = self.choose(case)
            if pick:
                old = (node.start, node.end)
                node.start, node.end = case.spans[pick]
                moved += 1
                if on_move is not None:
                    on_move(seg.detagged, seg.text, node.tag, old, case.spans[pick])
        return moved

    def as_json(self) -> dict:
        return {"features": list(FEATURES), "weights": [round(float(w), 8) for w in self.weights],
                "scale": [round(float(s), 8) for s in self.scale], "margin": self.margin, "tags": self.tags,
                "inner": self.inner}

    @classmethod
    def from_json(cls, data: dict) -> "Ranker":
        """The ranker of a model file. `OtherFeatures` when it was learned on other features (another
        tagmt): the model's projections would not be the ones it was learned to give."""
        if list(data.get("features", [])) != list(FEATURES):
            raise OtherFeatures(f"its span ranker was learned on other features ({len(data.get('features', []))} "
                                f"named, this tagmt has {len(FEATURES)})")
        return cls(np.asarray(data["weights"], dtype=np.float64), np.asarray(data["scale"], dtype=np.float64),
                   float(data["margin"]), int(data.get("tags", 0)), dict(data.get("inner", {})))


class OtherFeatures(ValueError):
    """A stored ranker whose features are not this tagmt's (`Ranker.from_json`)."""


def learn_ranker(cases: Sequence[Case]) -> Ranker | None:
    """A ranker from example cases (module docstring), or None: too few tags, or no margin at which
    its changes gain on the inner split."""
    usable = [c for c in cases if c.truth is not None]
    if len(usable) < MIN_TAGS:
        return None
    gains = {m: [0, 0, 0] for m in MARGINS}  # margin → changes, right, wrong
    for fold in (0, 1):
        train = [c for c in usable if c.fold != fold]
        if len(train) < MIN_TAGS // 2:
            return None
        ranker = _fit(train)
        for case in cases:
            if case.fold != fold:
                continue
            scores = _dot(case.features / ranker.scale, ranker.weights)
            best = int(np.argmax(scores))
            if not best:
                continue
            for m in MARGINS:
                if scores[best] - scores[0] > m:
                    gains[m][0] += 1
                    gains[m][1] += case.truth == best
                    gains[m][2] += case.truth == 0
    margin = max(MARGINS, key=lambda m: (gains[m][1] - gains[m][2], m))
    if not clear_gain(gains[margin][1], gains[margin][2]):
        return None
    ranker = _fit(usable)
    ranker.margin = margin
    ranker.inner = dict(zip(("changes", "right", "wrong"), gains[margin]))
    return ranker


def clear_gain(right: int, wrong: int, z: float = SIGN_Z) -> bool:
    """Whether `right` changes against `wrong` ones are a gain beyond chance: more right than wrong, by
    at least `z` standard deviations of the difference were each change a coin toss (a sign test; with
    no wrong change, 3 right ones are needed at the default `z`)."""
    return right > wrong and right - wrong >= z * math.sqrt(right + wrong)


def _dot(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """`x @ w` by einsum's own loop, not BLAS: OpenBLAS's threads spin on a busy machine (10x the wall
    time and 20x the CPU of one thread on matrices this small)."""
    return np.einsum("ri,i->r", x, w)


def _fit(cases: Sequence[Case]) -> Ranker:
    """Conditional logit with L2 by Newton's method: per tag, softmax over its candidates."""
    X = np.concatenate([c.features for c in cases])
    scale = X.std(axis=0)
    scale[scale < 1e-9] = 1.0
    Z = X / scale
    starts = np.cumsum([0] + [len(c.spans) for c in cases[:-1]])
    truth = starts + np.asarray([c.truth for c in cases])
    g = len(cases)
    w = np.zeros(Z.shape[1])

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        s = _dot(Z, w)
        top = np.maximum.reduceat(s, starts)
        e = np.exp(s - np.repeat(top, np.diff(np.append(starts, len(s)))))
        total = np.add.reduceat(e, starts)
        return float(np.sum(top + np.log(total) - s[truth]) / g + L2 / 2 * np.sum(w * w)), e

    value, e = loss(w)
    for _ in range(50):
        sizes = np.diff(np.append(starts, len(Z)))
        p = e / np.repeat(np.add.reduceat(e, starts), sizes)
        mu = np.add.reduceat(Z * p[:, None], starts)
        grad = (mu.sum(axis=0) - Z[truth].sum(axis=0)) / g + L2 * w
        hess = (np.einsum("ri,rj->ij", Z * p[:, None], Z) - np.einsum("gi,gj->ij", mu, mu)) / g + L2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        t = 1.0
        while t > 1e-4:  # backtracking: the loss must fall
            new, e_new = loss(w - t * step)
            if new <= value - 1e-4 * t * np.sum(grad * step):
                break
            t /= 2
        else:
            break
        w, done = w - t * step, value - new < 1e-9
        value, e = new, e_new
        if done:
            break
    return Ranker(w, scale, 0.0, len(cases))
