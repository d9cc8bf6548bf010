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
attributes whose paired hypothesis element (:func:`pair_tags`: aligned by kind, name and attributes) has
the same attributes; ``placeholder-preservation`` the % of reference placeholders — self-closing elements (name
and attributes) and ``<locked-ref>`` markers — that the hypothesis has too (multiset intersection).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable, NamedTuple, Sequence

from tagmt.markup import TaggedSegment, Token, attributes
from tagmt.metrics import lilt
from tagmt.metrics.base import Figure
from tagmt.metrics.pairing import pair_in_order
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



def _paired(ref: TaggedSegment, hyp: TaggedSegment) -> Iterable[tuple[Token, Token | None]]:
    """Each reference element (start or self-closing tag) with its hypothesis partner by
    :func:`pair_tags` (or None): one dropped element does not shift the partners of the later ones."""
    partner = {pair.reference.index: pair.hypothesis.token for pair in pair_tags(ref, hyp).pairs}
    for index, token in enumerate(ref.tokens):
        if token.kind in ("start", "empty") and not token.name.startswith("#"):
            yield token, partner.get(index)


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
        return {"markup": "per-segment", "pairing": "aligned"}

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

    Every markup token is a tag (``<b>`` and ``</b>`` are two). Per segment, the hypothesis's tags are
    paired with the reference's by :func:`pair_tags` (a sequence alignment: one dropped or extra tag
    changes nothing for the others); ``dropped`` counts the reference tags left without a partner,
    ``inserted`` the hypothesis tags. A pair is *misplaced* when, with the same text without markup on
    both sides, their character offsets differ — or, with different texts, when the tag moved across
    others (out of order), to another depth or inside another parent element. ``attributes_changed``
    counts pairs of start or self-closing tags whose attributes differ.
    """

    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = {}

    def add(self, pair: SegmentPair, pairing: TagPairing | None = None) -> None:
        """Count one segment; ``pairing``: :func:`pair_tags` of its reference and hypothesis, when the
        caller has it already (a page that also draws the segment pairs its tags once)."""
        hyp, ref = pair.hypothesis, pair.reference
        if not hyp.has_markup and not ref.has_markup:
            return
        if pairing is None:
            pairing = pair_tags(ref, hyp)

        def row(name: str) -> list[int]:
            return self.counts.setdefault(name, [0] * len(TAG_REPORT_COLUMNS))

        for token in ref.markup:
            row(token.name)[0] += 1
        for token in hyp.markup:
            row(token.name)[1] += 1
        for place in pairing.dropped:
            row(place.token.name)[2] += 1
        for place in pairing.inserted:
            row(place.token.name)[3] += 1
        for tag_pair in pairing.pairs:
            counts = row(tag_pair.reference.token.name)
            counts[4] += tag_pair.misplaced
            counts[5] += tag_pair.attributes_changed

    def rows(self) -> list[dict[str, int | str]]:
        """One row per name, most troubled first (then by name)."""
        def trouble(item: tuple[str, list[int]]) -> tuple[int, str]:
            return (-sum(item[1][2:]), item[0])

        return [
            {"tag": name, **dict(zip(TAG_REPORT_COLUMNS, counts))}
            for name, counts in sorted(self.counts.items(), key=trouble)
        ]


def segment_tag_figures(pair: SegmentPair, pairing: TagPairing | None = None) -> dict[str, int]:
    """The tag counts of one segment: :class:`TagReport`'s columns summed over names, and ``present``
    (reference tags not dropped); ``pairing`` as for :meth:`TagReport.add`."""
    report = TagReport()
    report.add(pair, pairing)
    totals = {column: sum(row[k] for row in report.counts.values()) for k, column in enumerate(TAG_REPORT_COLUMNS)}
    totals["present"] = totals["reference"] - totals["dropped"]
    return totals


class TagPlace(NamedTuple):
    """A markup token of a segment: ``index`` among its tokens, its lex ``offset`` (characters of text
    before it), its ``depth`` and ``parent`` (the name of the innermost open element, "" at the top) and
    the attributes of its element (a start or self-closing tag's own; an end tag's are its start's)."""

    index: int
    token: Token
    offset: int
    depth: int
    parent: str
    attrs: tuple[tuple[str, str], ...]


class TagPair(NamedTuple):
    """A reference tag and the hypothesis tag paired with it; ``misplaced`` and ``attributes_changed``
    as :class:`TagReport` counts them."""

    reference: TagPlace
    hypothesis: TagPlace
    misplaced: bool
    attributes_changed: bool


class TagPairing(NamedTuple):
    """How the tags of a hypothesis pair with its reference's (:func:`pair_tags`): the pairs, the
    reference tags without a partner (``dropped``) and the hypothesis tags without one (``inserted``)."""

    pairs: list[TagPair]
    dropped: list[TagPlace]
    inserted: list[TagPlace]


def tag_places(segment: TaggedSegment) -> list[TagPlace]:
    """The markup tokens of ``segment`` in order, each with its place (see :class:`TagPlace`)."""
    places: list[TagPlace] = []
    offset = 0
    open_elements: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    for index, token in enumerate(segment.tokens):
        if not token.is_markup:
            offset += len(token.text)
            continue
        attrs = tuple(sorted(attributes(token).items()))
        if token.kind == "end" and open_elements and open_elements[-1][0] == token.name:
            attrs = open_elements.pop()[1]
        parent = open_elements[-1][0] if open_elements else ""
        places.append(TagPlace(index, token, offset, len(open_elements), parent, attrs))
        if token.kind == "start":
            open_elements.append((token.name, attrs))
    return places


def pair_tags(reference: TaggedSegment, hypothesis: TaggedSegment) -> TagPairing:
    """Pair the markup tokens of ``hypothesis`` with those of ``reference`` by sequence alignment, so that
    one dropped or extra tag is one dropped or inserted tag and leaves the pairing of the others alone.

    Three steps (:func:`tagmt.metrics.pairing.pair_in_order`), each only on the tags the previous left
    unpaired: (1) an order-keeping alignment (a longest common subsequence) on the tag's kind, name and attributes (an end tag's are
    its start's) — and its offset when both sides have the same text without markup; (2) within each gap
    between those matches, the same alignment on kind and name only (a tag whose attributes or offset
    changed, in its place in the order); (3) what is still unpaired, by kind, name and attributes in
    order, then by kind and name (a tag moved across others: *out of order*). Nesting is no part of the
    keys: a dropped wrapper changes the depth of everything inside it, which must not unpair those.

    A pair is *misplaced* when, with the same text on both sides, the offsets differ; with different
    texts, when it comes from step 3 or its depth or parent differs. The tags left over are dropped
    (reference) or inserted (hypothesis).
    """
    ref, hyp = tag_places(reference), tag_places(hypothesis)
    same_text = hypothesis.lex == reference.lex

    def fine(t: TagPlace) -> tuple:
        return (t.token.kind, t.token.name, t.attrs, t.offset if same_text else None)

    def same_tag(t: TagPlace) -> tuple:
        return (t.token.kind, t.token.name, t.attrs)

    def coarse(t: TagPlace) -> tuple[str, str]:
        return (t.token.kind, t.token.name)

    pairing = pair_in_order(ref, hyp, (fine, coarse), (same_tag, coarse))
    pairs = []
    for (i, j), out_of_order in [(m, False) for m in pairing.in_order] + [(m, True) for m in pairing.moved]:
        r, h = ref[i], hyp[j]
        if same_text:
            misplaced = r.offset != h.offset
        else:
            misplaced = out_of_order or (r.depth, r.parent) != (h.depth, h.parent)
        changed = r.token.kind != "end" and attributes(r.token) != attributes(h.token)
        pairs.append(TagPair(r, h, misplaced, changed))
    pairs.sort(key=lambda pair: pair.reference.index)
    return TagPairing(pairs, [ref[i] for i in pairing.left_a], [hyp[j] for j in pairing.left_b])
