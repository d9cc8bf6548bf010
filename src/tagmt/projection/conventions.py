"""Placement conventions: whether a tag's edge takes in the whitespace, bracket, quotation mark,
punctuation or word next to it (`edges.py` asks, one unit at a time).

Without examples, neutral defaults that follow the source wherever the source shows the
convention, and that are the same for every language:

* whitespace and punctuation go inside the tag when the source tag encloses some at that edge
  (`<g id="1">  1 000</g>`, `<g>…levies. </g>`), else outside;
* brackets and quotation marks: inside when the source tag encloses one at that edge, outside
  when the source writes one just outside it (`"<b>~</b>"`); a pair the translation adds around
  the tag's words goes inside when it marks the term — square and corner brackets, quotation
  marks, guillemets (`<uicontrol>[Name]</uicontrol>`, `<parmname>«Дата»</parmname>`) — and
  outside when it is a parenthesis, which belongs to the sentence (`(<b>X</b>)`).

The added-pair default is what every tagged reference we have agrees on (the SAP zh-TW
translations put the brackets they add inside the tag in 527 of 527 cases; the SAP ja/ko/zh
references add none; neither do the EUR-Lex ones) and what the issue reports for a Japanese and a
Russian data set from another domain.

With tagged examples (`learn_conventions`), what the examples show overrides the defaults. The
examples are placed on their words like the segments themselves (their plain sides go through
the same aligner run); from where the words put it, every edge of an example tag that lies a few
units from the reference edge is walked towards it — the moves `edges.py` would have to make —
and each step records, for the unit next to the edge, whether moving over it was right or wrong
(`extend`/`shrink`, `left`/`right`, and the source's relation to that unit: `in`, `out`,
`none`). A decision is then taken from the most specific statistic that has seen `MIN_CASES`
cases — this tag name and the unit's text, any tag and the text, this tag name and the unit's
kind (`space`, `open`, `close`, `quote`, `punct`, `particle`, `content`, …), any tag and the
kind — with the default counted as `PRIOR_WEIGHT` more cases; with no such statistic the default
decides. So a convention is learned per target language (the examples' language) and tag name,
backing off to the language, then to the neutral default, and a few cases suffice to overturn a
default that the examples contradict. A tag that encloses all of its parent's text (a whole line in `<g>`), in the
source or the reference, teaches nothing (`whole_tags`: `edges.py` gives it the parent's whole text), and a run of
whitespace is learned by where it lies (`space_place`: between words, beside a mark, at the text's edge).

Two more statistics are read off the references themselves: which words they write just outside a tag's edge
rather than as its first or last word (`observe_edge_words`, `Conventions.keeps_outside`, for the `edge-words`
stage: `edgewords.py`), and whether their interchangeable tags keep the source's order (`observe_order` where the
placed words reorder; `observe_written_order`, the weaker evidence, in every example; `keeps_source_order`).
"""

from __future__ import annotations

import re

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable

from tagmt.markup import tokenize
from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.enumerations import SEPARATORS
from tagmt.projection.edges import (
    MAX_MOVES,
    PARENTHESES,
    Edge,
    char_class,
    EdgeContext,
    Span,
    Unit,
    source_edges,
)

MIN_CASES = 2
"""A statistic of fewer cases is not used: the next coarser one decides."""
PLACE_MIN_CASES = 4
"""A statistic of the space between words (`space_place`) is used from this many cases; with fewer, the default decides
(the source's edge, which is the language default: no typographic norm says where a tag's edge goes beside a word
space). A space beside a mark follows the mark's typography, the same through a language (SAP zf's added brackets,
`<uicontrol>[健康檢查支援]</uicontrol> 存取`), and keeps `MIN_CASES`: with 4 it lost that pair at seeds 1 and 11.
Where a space lies is a convention of one document or one translation tool (German EUR-Lex ends no tag with a
space between words, 8 of 8 dev cases; French keeps the source's, 8 of 8; Hungarian does both, 4 to 2): two cases
of it are one or two segments' habit (a CV half of the German dev part holds 1 to 4 of them, SAP zf's 2 or 3 of
its spaces beside an added bracket), and a statistic of 2 cases overturned the source's edge on pairs whose reference
keeps it. Never from 1–3 cases; 5 was measured too and differs only where a CV half holds exactly 4 of German's
8 (issue 35, t35eur4)."""
PRIOR_WEIGHT = 1.0
"""How many cases the default counts for against a statistic: of n cases, r of them right, the
statistic says move when (r + PRIOR_WEIGHT * default) / (n + PRIOR_WEIGHT) > 1/2."""


def default_decision(span: Span, edge: Edge, move: str, unit: Unit, context: EdgeContext) -> bool:
    """The neutral default (see the module docstring)."""
    relation = edge.relation(unit)
    if unit.kind in ("space", "punct"):
        return relation == "in" if move == "extend" else relation != "in"
    if unit.coarse == "pair":
        if relation == "in":
            return move == "extend"
        if relation == "out":
            return move == "shrink"
        if move == "shrink":
            return False
        pair = context.encloses(span.start, span.end)
        return pair is not None and unit in pair and pair[0].text not in PARENTHESES
    return False


def tag_name(tag: SourceTag) -> str:
    tokens = tokenize(tag.open, orphans=True)
    return tokens[0].name if tokens and tokens[0].is_markup else ""


def _keys(span: Span, edge: Edge, move: str, unit: Unit, context: EdgeContext | None = None) -> list[tuple]:
    """The statistics a decision looks up, coarsest first: any tag and this unit's kind, this tag
    name and the kind, then (for a unit whose text is more than its kind) any tag and the text,
    this tag name and the text. A run of whitespace's "text" is where it lies (`space_place`, given the
    translation's `context`): between two words, beside a mark, or at the text's start or end."""
    relation = edge.relation(unit)
    name = tag_name(span.tag)
    keys = [("", edge.side, move, relation, "kind", unit.kind)]
    keys.append((name, *keys[0][1:]))
    if unit.kind != "space":
        keys.append(("", edge.side, move, relation, "text", unit.text.lower()))
        keys.append((name, *keys[2][1:]))
    elif context is not None:
        place = space_place(unit, context.text)
        source = source_space_place(edge)
        if source not in (place, SPACE_PLACES[0]):  # (the source's space is a mark's or the text's, where the
            place = f"{place} ({source} in the source)"  # translation writes none: a case of its own)
        keys.append(("", edge.side, move, relation, "text", place))
        keys.append((name, *keys[2][1:]))
    return keys


SPACE_PLACES = ("space between words", "space beside a mark", "space at the text's edge")


def space_place(unit: Unit, text: str) -> str:
    """Where a run of whitespace of the translation `text` lies (`SPACE_PLACES`): at the text's start or end (the
    segment's own spacing, which a tag around the whole segment keeps: `<g>…levies. </g>`), beside a mark (a
    separator's own space: `<g>, </g>`), or between two words — the sentence's word space, whose side of a tag's
    edge is a convention of the document (`<g>1,5 Millionen</g> Kinder` where the source writes `<g>1.5 million
    </g>children`), learned apart from the other two."""
    if unit.start == 0 or unit.end >= len(text):
        return SPACE_PLACES[2]
    if char_class(text[unit.start - 1]) == "word" and char_class(text[unit.end]) == "word":
        return SPACE_PLACES[0]
    return SPACE_PLACES[1]


def source_space_place(edge: Edge) -> str:
    """Where the whitespace at a source tag's `edge` lies (`SPACE_PLACES`, read as `space_place` reads the
    translation's): beside a mark when the nearest character other than whitespace on either side of the edge, before
    any word character, is a mark (`<g>…levies. </g>`, `<g>, </g>`, `<g>word </g>(2018)`); at the text's edge when
    only whitespace lies outside it up to the text's start (end); else between words. A space the source writes
    beside a mark or at the text's edge whose place in the translation differs (`<g>…levies. </g>` translated without
    its stop, `<g>Abgaben </g>Weiter`) is counted apart (`_keys`): the source's space there is the mark's or the
    segment's, not a word space. A source's space between words is read by its place in the translation (a bracket
    the translation adds around a label: `<uicontrol>[健康檢查支援]</uicontrol> 存取` for `<uicontrol>Health Check
    Support </uicontrol> access`)."""
    if edge.inside.lstrip()[:1] or edge.outside.lstrip()[:1]:
        return SPACE_PLACES[1]
    return SPACE_PLACES[2] if edge.at_text_edge else SPACE_PLACES[0]


@dataclass
class Conventions:
    """Edge decisions learned from tagged examples, over the neutral default."""

    right: Counter = field(default_factory=Counter)
    wrong: Counter = field(default_factory=Counter)

    def observe(self, span: Span, edge: Edge, move: str, unit: Unit, good: bool,
                context: EdgeContext | None = None) -> None:
        for key in _keys(span, edge, move, unit, context):
            (self.right if good else self.wrong)[key] += 1

    def decide(self, span: Span, edge: Edge, move: str, unit: Unit, context: EdgeContext) -> bool:
        """Whether to move: what the most specific statistic with `MIN_CASES` cases says,
        smoothed towards the default; with none, or a tie, the default. A list separator (`,` `、` `，` `;`:
        `enumerations.SEPARATORS`) is decided by the statistics of its own text only, never by its class
        `punct`: a term or label may end with a mark of its own (`Navigate To…`, `Name:`), never with a
        separator, so the class's cases (mostly those marks) say nothing of it, and the default, which follows
        the source tag, decides where the examples show too few separators (`<ui>Assets</ui> or
        <ui>Liabilities</ui>` → `<ui>자산</ui>, <ui>부채</ui>`, not `<ui>자산,</ui>`). The move `OUTSIDE` (a
        word at a span's edge leaves it: `edgewords.py`) asks `keeps_outside`."""
        if move == OUTSIDE:
            return self.keeps_outside(span, edge, unit)
        default = default_decision(span, edge, move, unit, context)
        keys = _keys(span, edge, move, unit, context)
        placed = unit.kind == "space" and len(keys) > 2
        if unit.text in SEPARATORS or placed:
            # (a label ends with `…` or `:`, never with a comma: the class says nothing; a space between words, one
            # beside a mark and one at the text's edge follow conventions of their own: `space_place`, used from
            # `PLACE_MIN_CASES` cases)
            keys = [key for key in keys if key[4] == "text"]
        least = PLACE_MIN_CASES if placed and keys[-1][5].startswith(SPACE_PLACES[0]) else MIN_CASES
        for key in reversed(keys):
            right, wrong = self.right[key], self.wrong[key]
            if right + wrong >= least:
                p = (right + PRIOR_WEIGHT * default) / (right + wrong + PRIOR_WEIGHT)
                return p > 0.5 or (p == 0.5 and default)
        return default

    def keeps_outside(self, span: Span, edge: Edge, unit: Unit) -> bool:
        """Whether the examples' references clearly keep the word `unit` outside a tag at this edge
        (`observe_edge_words`: right = written just outside that edge, wrong = the tag's first or last word):
        the most specific statistic with `MIN_CASES` cases — this tag name and the word, any tag and the word,
        then for a word the segmenter marks as a function word (`FUNCTION_KINDS`) its kind — says outside in at
        least `CLEAR_SHARE` of its cases, the default (keep the word where it is) counted as `PRIOR_WEIGHT`
        cases against."""
        for key in reversed(_outside_keys(span.tag, edge.side, unit)):
            right, wrong = self.right[key], self.wrong[key]
            if right + wrong >= MIN_CASES:
                return right >= CLEAR_SHARE * (right + wrong + PRIOR_WEIGHT)
        return False

    def keeps_source_order(self) -> bool:
        """Whether the examples keep the source's order of interchangeable tags where their words reorder
        (`ORDER_KEY`: right = the reference kept the source's order, wrong = it followed the words), with at
        least `MIN_CASES` cases, smoothed towards not doing so. With fewer such cases, the weaker evidence
        (`WRITTEN_ORDER_KEY`): at least `WRITTEN_MIN_CASES` examples with interchangeable tags, every one of
        them written in the source's order."""
        right, wrong = self.right[ORDER_KEY], self.wrong[ORDER_KEY]
        if right + wrong >= MIN_CASES:
            return right / (right + wrong + PRIOR_WEIGHT) > 0.5
        kept, reordered = self.right[WRITTEN_ORDER_KEY], self.wrong[WRITTEN_ORDER_KEY]
        return reordered == 0 and kept >= WRITTEN_MIN_CASES

    def __len__(self) -> int:
        return sum(self.right.values()) + sum(self.wrong.values())


@dataclass(frozen=True)
class Example:
    """A projected example and its truth: the source's tags, the translation (the reference's
    plain text), its edge context, the projected spans and the reference's tags."""

    source: Detagged
    context: EdgeContext
    spans: list[Span]
    reference: Detagged


OUTSIDE = "outside"
"""The move of `Conventions.keeps_outside`: a word at a span's edge leaves the span."""
CLEAR_SHARE = 0.9
"""How clear the examples must be to take a word out of a span: outside in 9 of 10 cases (the prior included)."""
FUNCTION_KINDS = frozenset({"particle", "postposition", "auxiliary", "ending"})
"""Word kinds the segmenters give closed-class words (`wordseg.Word.kind`): their statistic backs off to the kind."""


def _outside_keys(tag: SourceTag, side: str, unit: Unit) -> list[tuple]:
    """The statistics of `keeps_outside`, coarsest first: the kind (function kinds only), any tag and the word's
    text, this tag name and the text."""
    name, text = tag_name(tag), unit.text.lower()
    keys = [("", side, OUTSIDE, "kind", unit.kind)] if unit.kind in FUNCTION_KINDS else []
    return [*keys, ("", side, OUTSIDE, "text", text), (name, side, OUTSIDE, "text", text)]


def observe_edge_words(learned: Conventions, reference: Detagged, context: EdgeContext) -> None:
    """`OUTSIDE` evidence of one example's reference (`context`: the units of its plain text): at each edge of each
    tag that encloses text, the word just outside it (across whitespace only) counts right, the tag's own first
    (last) word wrong (`auf <ui>Drucken</ui>`, `<ui>保存</ui>を`: `auf` and `を` outside)."""
    if context.text != reference.plain:
        return
    for tag in reference.walk():
        if tag.start >= tag.end:
            continue
        for side, inner, outer in (("left", _word(context, tag.start, True), _word(context, tag.start, False)),
                                   ("right", _word(context, tag.end, False), _word(context, tag.end, True))):
            for unit, good in ((outer, True), (inner, False)):
                if unit is not None:
                    for key in _outside_keys(tag, side, unit):
                        (learned.right if good else learned.wrong)[key] += 1


def _word(context: EdgeContext, x: int, after: bool) -> Unit | None:
    """The word unit that begins (`after`) or ends at `x`, across one run of whitespace; None: a mark or nothing."""
    unit = context.after(x) if after else context.before(x)
    if unit is not None and unit.kind == "space":
        unit = context.after(unit.end) if after else context.before(unit.start)
    return unit if unit is not None and unit.coarse == "word" else None


ORDER_KEY = ("order", "source")
"""The statistic of `keeps_source_order`: where two interchangeable sibling tags (`interchangeable`) were placed in
the reverse of the source's order, whether the reference kept the source's order (right) or reversed them too."""


WHOLE_KEY = ("terms", "whole")
"""Where the evidence of `termphrases.whole_cases` is counted (right: example tags showing a taught translation whole,
wrong: a part of one), so that a projection model keeps it with the edge statistics and a call with the model alone
keeps taught terms whole as a call with the examples does (`termphrases.keeps_whole` decides; issue 35)."""


WRITTEN_ORDER_KEY = ("order", "written")
"""The weaker statistic of `keeps_source_order`, where the words of too few examples reorder: of the examples with
interchangeable sibling tags, those whose reference writes them in the source's order (right) and the others."""
WRITTEN_MIN_CASES = 10
"""How many examples with interchangeable tags, none reordered, make the weaker evidence: where references follow
their words, some reorder (SAP: 3 to 9 in 100 multi-tag segments; EUR-Lex: 1 to 4 in 42), so ten in a row kept
in order are unlikely unless the domain keeps the source's order."""


def observe_written_order(learned: Conventions, source: Detagged, reference: Detagged) -> None:
    """`WRITTEN_ORDER_KEY` evidence of one example: whether its reference writes every pair of interchangeable leaf
    siblings (`interchangeable`, not written alike) in the source's order — one count, right or wrong."""
    truth = keyed_tags(reference.walk())
    where = {id(tag): truth.get(key) for key, tag in keyed_tags(source.walk()).items()}
    seen = kept = False
    for siblings in _sibling_groups(source):
        leaves = [t for t in siblings if not t.children and t.start < t.end and where.get(id(t)) is not None]
        for i, a in enumerate(leaves):
            for b in leaves[i + 1:]:
                if a.open == b.open or interchangeable(a) != interchangeable(b):
                    continue
                seen = True
                if where[id(a)].start > where[id(b)].start:  # type: ignore[union-attr]
                    learned.wrong[WRITTEN_ORDER_KEY] += 1
                    return
                kept = True
    if seen and kept:
        learned.right[WRITTEN_ORDER_KEY] += 1


def interchangeable(tag: SourceTag) -> tuple[str, str]:
    """What a tag is but for its id: two tags alike here differ only in which is which (`<g id="1">`, `<g id="2">`)."""
    return re.sub(r"""\sid\s*=\s*("[^"]*"|'[^']*')""", "", tag.open), tag.close


def observe_order(learned: Conventions, source: Detagged, spans: list[Span], reference: Detagged) -> None:
    """`ORDER_KEY` evidence of one example, its tags placed on links that no term of the examples anchors (the
    examples' own tag texts would anchor each tag to the reference's tag of its id): each pair of interchangeable
    leaf siblings the words put in the reverse of the source's order is counted right when the reference kept the
    source's order, wrong when it reversed them too."""
    if not has_interchangeable(source):
        return
    observe_written_order(learned, source, reference)
    truth = keyed_tags(reference.walk())
    where = {id(tag): truth.get(key) for key, tag in keyed_tags(source.walk()).items()}
    placed = {id(span.tag): span for root in spans for span in root.walk()}
    for siblings in _sibling_groups(source):
        leaves = [t for t in siblings if not t.children and t.start < t.end and id(t) in placed
                  and where.get(id(t)) is not None]
        for i, a in enumerate(leaves):
            for b in leaves[i + 1:]:
                if a.open == b.open or interchangeable(a) != interchangeable(b):
                    continue  # (tags written alike are matched by their order anyway: no evidence)
                if placed[id(b)].end <= placed[id(a)].start:  # the words put b before a
                    kept = where[id(a)].start < where[id(b)].start  # type: ignore[union-attr]
                    (learned.right if kept else learned.wrong)[ORDER_KEY] += 1


def _sibling_groups(source: Detagged) -> list[list[SourceTag]]:
    return [list(source.tags), *(list(tag.children) for tag in source.walk() if tag.children)]


def has_interchangeable(source: Detagged) -> bool:
    """Whether two leaf siblings of `source` are alike but for their ids."""
    for siblings in _sibling_groups(source):
        leaves = [t for t in siblings if not t.children and t.start < t.end]
        shapes = [interchangeable(t) for t in leaves]
        if len(set(shapes)) < len(shapes) and len({t.open for t in leaves}) > len(set(shapes)):
            return True  # two alike but for their ids (tags written alike are not: their order is their identity)
    return False


def learn_conventions(examples: Iterable[Example]) -> Conventions:
    """Edge statistics from projected examples against their references (module docstring)."""
    learned = Conventions()
    for example in examples:
        truth = keyed_tags(example.reference.walk())
        # (the k-th tag of a kind in the source's order: the placed spans are ordered by their links)
        got = keyed_tags(example.source.walk())
        observe_edge_words(learned, example.reference, example.context)
        spans = {id(span.tag): span for root in example.spans for span in root.walk()}
        whole = whole_tags(example.source) | whole_tags(example.reference)
        for key, tag in got.items():
            want = truth.get(key)
            span = spans.get(id(tag))
            if want is None or span is None or span.point or want.start == want.end or whole & {id(tag), id(want)}:
                continue
            if span.end <= want.start or want.end <= span.start:
                continue  # elsewhere: a wrong link, not a convention
            left, right = source_edges(example.source.plain, tag)
            _walk(learned, span, left, span.start, want.start, example.context)
            _walk(learned, span, right, span.end, want.end, example.context)
    return learned


def whole_tags(source: Detagged) -> set[int]:
    """The ids of the tags that enclose all of their parent's source text as its one span tag (a whole segment in
    `<g>`): `edges.py` gives them all of the parent's target text, whatever the conventions say, so their edges
    teach no convention (`<g> Inspections in Denmark</g>` → `<g> Kontrollen in Dänemark.</g>` says nothing of a
    full stop after a tag inside a sentence)."""
    found: set[int] = set()
    levels = [(source.tags, (0, len(source.plain)))]
    while levels:
        siblings, scope = levels.pop()
        spans = [tag for tag in siblings if tag.close and tag.start < tag.end]
        if len(spans) == 1 and (spans[0].start, spans[0].end) == scope:
            found.add(id(spans[0]))
        levels.extend((tag.children, (tag.start, tag.end)) for tag in siblings if tag.children)
    return found


def keyed_tags(tags: Iterable[SourceTag]) -> dict[tuple, SourceTag]:
    """Tags keyed by how they are written and their occurrence: the k-th `<b>` of a source is
    matched with the k-th `<b>` of its reference."""
    seen: Counter = Counter()
    out = {}
    for tag in tags:
        written = (tag.open, tag.close)
        out[(*written, seen[written])] = tag
        seen[written] += 1
    return out


def _walk(
    learned: Conventions, span: Span, edge: Edge, x: int, target: int, context: EdgeContext
) -> None:
    """Record the moves from the projected edge `x` to the reference's `target`: moving over each
    unit passed was right; moving the other way at `x`, or any way at `target`, was wrong. An
    edge more than `MAX_MOVES` units away, or a target inside a unit, teaches nothing."""
    left = edge.side == "left"

    def outward(at: int) -> Unit | None:
        return context.before(at) if left else context.after(at)

    def inward(at: int) -> Unit | None:
        return context.after(at) if left else context.before(at)

    extend = target < x if left else target > x
    move = "extend" if extend else "shrink"
    start, passed = x, []
    while x != target:
        unit = outward(x) if extend else inward(x)
        if unit is None or len(passed) == MAX_MOVES:
            return
        passed.append(unit)
        x = unit.start if left == extend else unit.end
        if (x < target) == (left == extend) and x != target:
            return  # overshot: the reference edge lies inside a unit
    for unit in passed:
        learned.observe(span, edge, move, unit, True, context)
    if passed:
        other = inward(start) if extend else outward(start)
        if other is not None:
            learned.observe(span, edge, "shrink" if extend else "extend", other, False, context)
    for wrong, unit in (("extend", outward(x)), ("shrink", inward(x))):
        if unit is not None:
            learned.observe(span, edge, wrong, unit, False, context)
