"""Where the tags went: tag placement (lilt/markup-tag-evaluation), attribute and placeholder
preservation, and the per-tag-name report (dropped / inserted / misplaced / attributes changed).

Tag placement follows ``markup_tag_evaluation/tag_evaluation.py`` (Zenkel et al., Findings of EMNLP
2021, §3): a *tag* is a markup token written as is, its *position* the character offset in the text
without markup. A segment is *consistent* when hypothesis and reference have the same text without
markup and the same multiset of tags; only consistent segments are scored (tag projection onto the
reference is what this measures: ``--model reference --approach dp``):

* ``tag-placement`` — % of reference tags at exactly their reference position (multiset intersection
  of (tag, position));
* ``tag-offset`` — mean over reference tags of the distance in characters to the nearest hypothesis
  tag of the same text (lower is better);
* ``tag-inconsistent`` — % of segments that are not consistent (lower is better).

Where the original divides by ``max(1, tags)``, a corpus without any reference tag gets "n/a" here.

Preservation, on every segment: ``attribute-preservation`` is the % of reference elements with
attributes whose paired hypothesis element (the k-th tag of the same name and kind) has the same
attributes; ``placeholder-preservation`` the % of reference placeholders — self-closing elements (name
and attributes) and ``<locked-ref>`` markers — that the hypothesis has too (multiset intersection).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable, NamedTuple, Sequence

from tagmt.markup import TaggedSegment, Token, attributes
from tagmt.metrics import lilt
from tagmt.metrics.base import Figure
from tagmt.metrics.segment import ParseCache, SegmentMetric, SegmentPair

LOCKED_REF = "<locked-ref>"


def positioned_tags(segment: TaggedSegment) -> list[tuple[str, int]]:
    """Each markup token with its character offset in the text without markup (lilt's ``Tag``)."""
    found, offset = [], 0
    for token in segment.tokens:
        if token.is_markup:
            found.append((token.text, offset))
        else:
            offset += len(token.text)
    return found


class TagPlacement(SegmentMetric):
    """Accuracy of tag positions, mean character offset and % inconsistent segments, with the kinds of
    inconsistency and the reference tags they hold.

    ``compat="original"`` is Lilt's ``evaluate-markup-tags --permissive`` and ``compat="original-strict"``
    the same without ``--permissive`` (:mod:`tagmt.metrics.lilt`: every ``<…>`` a tag, unbalanced
    references dropped, open tags closed in place; the strict mode stops at the first problem).
    """

    name = "tag-placement"
    single_reference = True
    tokenizes = False
    compat_modes = ("tagmt", "original", "original-strict")
    figures = {
        "tag-placement": Figure(description="% of reference tags placed at their exact character position"),
        "tag-offset": Figure(scale="characters", higher_is_better=False,
                             description="mean distance in characters to the reference position"),
        "tag-inconsistent": Figure(higher_is_better=False,
                                   description="% of segments whose text or tag multiset differs"),
        "tag-inconsistent-hypothesis": Figure(scale="segments", higher_is_better=False,
                                              description="inconsistent: the hypothesis's tags cannot be read "
                                              "(Lilt: '<' and '>' do not alternate; tagmt reads every hypothesis)"),
        "tag-inconsistent-count": Figure(scale="segments", higher_is_better=False,
                                         description="inconsistent: the multisets of tags differ"),
        "tag-inconsistent-text": Figure(scale="segments", higher_is_better=False,
                                        description="inconsistent: same tags, different text without tags"),
        "tags-in-inconsistent": Figure(scale="tags", higher_is_better=False,
                                       description="reference tags in inconsistent segments (not scored)"),
    }

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        """[tags, correct, offset, sentences, inconsistent hypothesis / count / text, tags in inconsistent]."""
        if self.compat != "tagmt":
            return lilt.evaluate_line_or_stop(pair.reference.text, pair.hypothesis.text,
                                              permissive=self.compat == "original").as_list()
        hyp, ref = pair.hypothesis, pair.reference
        ref_tags, hyp_tags = positioned_tags(ref), positioned_tags(hyp)
        if Counter(t for t, _ in ref_tags) != Counter(t for t, _ in hyp_tags):
            return [0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, float(len(ref_tags))]
        if hyp.lex != ref.lex:
            return [0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, float(len(ref_tags))]
        correct = sum((Counter(ref_tags) & Counter(hyp_tags)).values())
        by_text: dict[str, list[int]] = defaultdict(list)
        for text, position in hyp_tags:
            by_text[text].append(position)
        offset = sum(min(abs(position - p) for p in by_text[text]) for text, position in ref_tags)
        return [float(len(ref_tags)), float(correct), float(offset), 1.0, 0.0, 0.0, 0.0, 0.0]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        tags, correct, offset, segments, bad_hyp, bad_count, bad_text, tags_inconsistent = stats[:8]
        inconsistent = bad_hyp + bad_count + bad_text
        if self.compat != "tagmt":  # the original divides by max(1, n): 0, not n/a, without tags
            placement, mean_offset = 100.0 * correct / max(1.0, tags), offset / max(1.0, tags)
            share: float | None = 100.0 * inconsistent / max(1.0, segments)
        else:
            placement = 100.0 * correct / tags if tags else None  # type: ignore[assignment]
            mean_offset = offset / tags if tags else None  # type: ignore[assignment]
            share = 100.0 * inconsistent / segments if segments else None
        return {
            "tag-placement": placement,
            "tag-offset": mean_offset,
            "tag-inconsistent": share,
            "tag-inconsistent-hypothesis": float(bad_hyp),
            "tag-inconsistent-count": float(bad_count),
            "tag-inconsistent-text": float(bad_text),
            "tags-in-inconsistent": float(tags_inconsistent),
        }

    def sentence(self, stats: Sequence[float]) -> float | None:
        if not stats[3]:
            return None  # a reference the original ignores
        return self.figures_from(stats)[self.name]

    def signature_fields(self) -> dict[str, str]:
        if self.compat == "original":
            return {"tags": "lt-gt", "position": "raw-characters", "as": "lilt-evaluate-markup-tags",
                    "permissive": "yes"}
        if self.compat == "original-strict":
            return {"tags": "lt-gt", "position": "raw-characters", "as": "lilt-evaluate-markup-tags",
                    "permissive": "no"}
        return {"markup": "per-segment", "position": "lex-characters", "as": "lilt-markup-tag-evaluation"}

    def undefined_reason(self, name: str, stats: Sequence[float] | None) -> str:
        if stats is not None and name != "tag-inconsistent" and not stats[0]:
            return ("no reference tag in a consistent segment (same text and tags): no tag position to compare")
        return super().undefined_reason(name, stats)



def _elements(segment: TaggedSegment) -> list[Token]:
    return [t for t in segment.markup if t.kind in ("start", "empty") and not t.name.startswith("#")]


def _paired(ref: TaggedSegment, hyp: TaggedSegment) -> Iterable[tuple[Token, Token | None]]:
    """Each reference element with the hypothesis element of the same kind, name and rank (or None)."""
    ranked: dict[tuple[str, str], list[Token]] = defaultdict(list)
    for token in _elements(hyp):
        ranked[(token.kind, token.name)].append(token)
    seen: Counter[tuple[str, str]] = Counter()
    for token in _elements(ref):
        key = (token.kind, token.name)
        rank = seen[key]
        seen[key] += 1
        candidates = ranked.get(key, [])
        yield token, candidates[rank] if rank < len(candidates) else None


def placeholders(segment: TaggedSegment) -> Counter:
    """Self-closing elements (name and attributes) and ``<locked-ref>`` markers of a segment."""
    items: Counter = Counter(
        (token.name, tuple(sorted(attributes(token).items())))
        for token in segment.markup
        if token.kind == "empty" and not token.name.startswith("#")
    )
    count = segment.text.count(LOCKED_REF)
    if count:
        items[(LOCKED_REF, ())] += count
    return items


class AttributePreservation(SegmentMetric):
    """% of reference elements with attributes whose hypothesis counterpart keeps them all."""

    name = "attribute-preservation"
    single_reference = True
    tokenizes = False
    figures = {"attribute-preservation": Figure(description="% of reference attributes sets kept exactly")}

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        kept = total = 0
        for ref_token, hyp_token in _paired(pair.reference, pair.hypothesis):
            wanted = attributes(ref_token)
            if wanted:
                total += 1
                kept += hyp_token is not None and attributes(hyp_token) == wanted
        return [float(kept), float(total)]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: 100.0 * stats[0] / stats[1] if stats[1] else None}

    def signature_fields(self) -> dict[str, str]:
        return {"markup": "per-segment", "pairing": "kind-name-rank"}

    def undefined_reason(self, name: str, stats: Sequence[float] | None) -> str:
        if stats is not None and not stats[1]:
            return "no reference tag carries attributes: there is nothing to preserve"
        return super().undefined_reason(name, stats)


class PlaceholderPreservation(SegmentMetric):
    """% of reference placeholders (self-closing elements, ``<locked-ref>``) found in the hypothesis."""

    name = "placeholder-preservation"
    single_reference = True
    tokenizes = False
    figures = {"placeholder-preservation": Figure(description="% of reference placeholders and locked refs kept")}

    def segment_statistics(self, pair: SegmentPair, cache: ParseCache | None = None) -> list[float]:
        wanted = placeholders(pair.reference)
        kept = wanted & placeholders(pair.hypothesis)
        return [float(sum(kept.values())), float(sum(wanted.values()))]

    def figures_from(self, stats: Sequence[float]) -> dict[str, float | None]:
        return {self.name: 100.0 * stats[0] / stats[1] if stats[1] else None}

    def signature_fields(self) -> dict[str, str]:
        return {"markup": "per-segment", "placeholders": "self-closing+locked-ref"}

    def undefined_reason(self, name: str, stats: Sequence[float] | None) -> str:
        if stats is not None and not stats[1]:
            return "no reference segment has placeholders: there is nothing to preserve"
        return super().undefined_reason(name, stats)


#: Columns of the per-tag report, in order.
TAG_REPORT_COLUMNS = ("reference", "hypothesis", "dropped", "inserted", "misplaced", "attributes_changed")


class TagReport:
    """Per element name, over a corpus: tags in the reference and the hypothesis, dropped, inserted,
    misplaced and with changed attributes.

    Every markup token is a tag (``<b>`` and ``</b>`` are two). Per segment and name, ``dropped`` is
    how many more tags the reference has, ``inserted`` how many more the hypothesis has. Tags of the
    same kind, name and rank are paired; a pair is *misplaced* when, with the same text without markup
    on both sides, their character offsets differ — or, with different texts, when the tag comes at
    another rank among the segment's tags, at another depth or inside another parent element. ``attributes_changed`` counts
    pairs of start or self-closing tags whose attributes differ.
    """

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = {}

    def add(self, pair: SegmentPair) -> None:
        hyp, ref = pair.hypothesis, pair.reference
        if not hyp.has_markup and not ref.has_markup:
            return
        same_text = hyp.lex == ref.lex
        ref_places, hyp_places = tag_places(ref, same_text), tag_places(hyp, same_text)
        ref_names = Counter(t.name for t in ref.markup)
        hyp_names = Counter(t.name for t in hyp.markup)
        for name in ref_names | hyp_names:
            row = self.counts.setdefault(name, [0] * len(TAG_REPORT_COLUMNS))
            r, h = ref_names[name], hyp_names[name]
            row[0] += r
            row[1] += h
            row[2] += max(0, r - h)
            row[3] += max(0, h - r)
        for key, ref_list in ref_places.items():
            for (_, ref_token, ref_place, _), (_, hyp_token, hyp_place, _) in zip(ref_list, hyp_places.get(key, [])):
                row = self.counts[ref_token.name]
                row[4] += ref_place != hyp_place
                row[5] += attributes(ref_token) != attributes(hyp_token)

    def rows(self) -> list[dict[str, int | str]]:
        """One row per name, most troubled first (then by name)."""
        def trouble(item: tuple[str, list[int]]) -> tuple[int, str]:
            return (-sum(item[1][2:]), item[0])

        return [
            {"tag": name, **dict(zip(TAG_REPORT_COLUMNS, counts))}
            for name, counts in sorted(self.counts.items(), key=trouble)
        ]


class TagPlace(NamedTuple):
    """A markup token of a segment (``index`` among its tokens), its place for pairing (the lex offset when
    ``by_offset``, else its rank, depth and parent name) and its lex ``offset``."""

    index: int
    token: Token
    place: object
    offset: int


def tag_places(segment: TaggedSegment, by_offset: bool) -> dict[tuple[str, str], list[TagPlace]]:
    """Markup tokens grouped by (kind, name) in order, each with its place (see :class:`TagReport`); the
    per-tag report and the HTML page's chips pair tags through it."""
    places: dict[tuple[str, str], list[TagPlace]] = defaultdict(list)
    offset, rank = 0, 0
    open_names: list[str] = []
    for index, token in enumerate(segment.tokens):
        if not token.is_markup:
            offset += len(token.text)
            continue
        if token.kind == "end" and open_names and open_names[-1] == token.name:
            open_names.pop()
        place = offset if by_offset else (rank, len(open_names), open_names[-1] if open_names else "")
        places[(token.kind, token.name)].append(TagPlace(index, token, place, offset))
        if token.kind == "start":
            open_names.append(token.name)
        rank += 1
    return places
