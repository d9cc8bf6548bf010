"""Tag edges in characters: what a projected tag encloses at its edges besides its words —
whitespace, brackets, quotes, punctuation.

`inside_outside.py` places every tag on target *words*; here each placed tag becomes a span of
characters (`Span`), and each edge of a span tag may then move over the *units* next to it (a word,
a punctuation mark, a run of whitespace), one at a time: extend over the unit outside the edge, or
shrink over the unit inside it. Whether to move is asked of a `decide` function with what the
source shows at the same edge of its tag (`Edge`): the classes of the characters the source tag
encloses at that edge (`<g> 1 000</g>` encloses a space on the left) and of those just outside it
(`[<b>Name</b>]` has a bracket just outside), a mark matched as itself, then as the same mark in
another width or script (`。` for `.`), then by its class (`Edge.relation`). `conventions.py`
gives the decisions: the source's own example first, then conventions learned from tagged
examples, then neutral defaults.

Point tags (self-closing tags, and tags that enclose no word) go into the gap between two target
words, on the side of the surrounding whitespace they have in the source (`word<x/> next` →
attached to the word before; a gap as wide as the source's spacing keeps it exactly; a
double-space hole keeps the source's space on the point's side, the translator's own on the
other: `在 <x/> 中`; a point moved to the start of the translation goes before its leading
space: `<xref/> 앱을`), never after full-width punctuation, and never inside a word — except a point
written between two glued source words (`parity<x/>July`), which goes to the seam of the
translation's glued words (`Kaufkraftparität<x/>Juli`, `DE<x/>DE`; `_seam`); a source tag that
encloses only whitespace (`<g id="3"> </g>`) encloses the whitespace at that place in the
translation, less the whitespace the source has outside it (`_whitespace_share`), and a point the
source writes at the very start (end) of its parent's text goes to the parent's edge over whitespace
(`to_parent_edge`). A span tag takes in no more whitespace at an edge than its source tag does, the
whitespace outside the source edge served first (`_measure_whitespace`).
"""

from __future__ import annotations

import unicodedata
from itertools import chain
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple

from tagmt.projection.detag import SourceTag
from tagmt.projection.inside_outside import Placed
from tagmt.projection.wordseg import Word

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

OPENERS = "([{（［｛「『【〈《«‹"
CLOSERS = ")]}）］｝」』】〉》»›"
QUOTES = "\"'`“”„‟‘’‚‛″〝〞〟"
PARENTHESES = "()（）"
PAIRS = {
    **dict(zip(OPENERS, CLOSERS)),
    '"': '"', "'": "'", "`": "'", "“": "”", "„": "“", "‚": "‘", "‘": "’", "»": "«", "〝": "〟",
}
"""Opening mark → closing mark (`„…“` and `»…«` as German and Danish write them)."""

_WIDE_PUNCT = set("、。，：；！？（「『")

_SAME_MARK = {"。": ".", "｡": ".", "．": ".", "，": ",", "、": ",", "：": ":", "；": ";", "！": "!",
              "？": "?", "…": "…", "‥": "…"}
"""Marks written otherwise in another width or script but the same mark: a full stop, a comma
(the Japanese and Chinese enumeration comma `、` included), a colon…"""
_MARKS = str.maketrans(_SAME_MARK)

MAX_MOVES = 3
"""At most this many units an edge moves over (`…levies. </g>`: the full stop and the space)."""


def char_class(char: str) -> str:
    """`space`, `pair` (a bracket or quotation mark), `punct` (other punctuation and symbols) or
    `word`: the classes that say what a source tag encloses at an edge."""
    if char.isspace():
        return "space"
    if char in OPENERS or char in CLOSERS or char in QUOTES:
        return "pair"
    return "punct" if unicodedata.category(char)[0] in "PS" else "word"


class Unit(NamedTuple):
    """A piece of the translation an edge can move over: a word (its kind from `wordseg`), one
    punctuation mark (`open`, `close`, `quote`, `punct`) or a run of whitespace (`space`)."""

    text: str
    start: int
    end: int
    kind: str

    @property
    def coarse(self) -> str:
        if self.kind == "space":
            return "space"
        if self.kind in ("open", "close", "quote"):
            return "pair"
        return "punct" if self.kind == "punct" else "word"


def _mark_kind(text: str) -> str:
    if text in OPENERS:
        return "open"
    if text in CLOSERS:
        return "close"
    return "quote" if text in QUOTES else "punct"


def units_of(text: str, words: list[Word]) -> list[Unit]:
    """The translation cut into units: its words (punctuation marks by their bracket role) and the
    whitespace runs between them; an ellipsis written as full stops (`...`, which the segmenters cut into
    one word a stop) is one unit, the same mark as `…` (`Edge.relation`: `<ui>탐색...</ui>` for `<ui>Navigate
    To…</ui>`)."""
    units: list[Unit] = []
    pos = 0
    for w in words:
        if w.start > pos:
            units.append(Unit(text[pos : w.start], pos, w.start, "space"))
        elif w.text == "." and units and units[-1].end == w.start and units[-1].text in (".", "..") \
                and units[-1].kind == "punct":  # (three stops: one ellipsis; a fourth is a full stop after it)
            units[-1] = Unit(units[-1].text + ".", units[-1].start, w.end, "punct")
            pos = w.end
            continue
        kind = _mark_kind(w.text) if w.kind == "punct" and len(w.text) == 1 else w.kind
        units.append(Unit(w.text, w.start, w.end, kind))
        pos = w.end
    if pos < len(text):
        units.append(Unit(text[pos:], pos, len(text), "space"))
    return units


@dataclass(frozen=True)
class Edge:
    """One edge of a source tag: the characters other than word characters that it encloses at
    that edge (`inside`) and those written just outside it (`outside`), up to the nearest word
    character."""

    side: str  # "left" | "right"
    inside: str
    outside: str
    at_text_edge: bool = False
    """Nothing but such characters lies outside the edge up to the text's start (end): `<g>Title </g>` at the end."""

    def relation(self, unit: Unit) -> str:
        """`in` when the source tag encloses this unit's mark at this edge (the mark itself, then
        the same mark in another width or script: `。` for `.`, `，` for `,`, `...` for `…`), `out` when the
        source has it just outside, else, failing both, `in` when the source tag's own edge mark
        is of its class, `out` when one outside is, else `none` (`word` for word units; a symbol
        and a punctuation mark are classes apart: `_same_class`). Only the mark right at the edge
        counts for the class: in `<b>Comma (,)</b>` the tag ends with a bracket, and the comma
        inside it says nothing of the `。` after the span.
        Whitespace counts only right at the edge too: in `<b>Comma (,)</b>` the space before
        the bracket is not the tag's."""
        if unit.coarse == "word":
            return "word"
        if unit.kind == "space":  # only whitespace right at the edge counts
            return "in" if self.inside[:1].isspace() else "out" if self.outside[:1].isspace() else "none"
        if unit.text in self.inside:
            return "in"
        if unit.text in self.outside:
            return "out"
        mark = "…" if _dots(unit.text) else _SAME_MARK.get(unit.text, unit.text)
        if mark in _same_marks(self.inside):
            return "in"
        if mark in _same_marks(self.outside):
            return "out"
        edge_mark = self.inside.lstrip()[:1]  # the tag's own mark nearest its edge
        if edge_mark and _same_class(edge_mark, unit):
            return "in"
        return "out" if any(_same_class(c, unit) for c in self.outside) else "none"


WORD_MARKS = frozenset("%‰‱٪％#＃&＆*＊@＠†‡§¶′″")
"""Marks Unicode files as punctuation that belong to the word or number they are written against, as a symbol does
(`5 %`, `§ 3`, `Art. 3*`): no sentence's mark, so of a symbol's class for `_same_class`."""


def _same_class(char: str, unit: Unit) -> bool:
    """Whether the source's mark `char` is of `unit`'s class, a symbol (`®`, `€`, `°`, and the `WORD_MARKS`: `%`)
    and a punctuation mark (`.`, `,`) being of different ones: `Windows<sup>®</sup>` encloses its symbol, which says
    nothing of the full stop after it (`Windows<sup>®</sup>.`), nor does `<g>5%</g>` of the stop a translation
    writes after it (`um <g>5 %</g>.`)."""
    if char_class(char) != unit.coarse:
        return False
    return unit.coarse != "punct" or _symbol(char) == _symbol(unit.text[:1])


def _symbol(char: str) -> bool:
    return unicodedata.category(char)[0] == "S" or char in WORD_MARKS


def _dots(text: str) -> bool:
    """An ellipsis written as full stops (`...`): the mark `…` (a single stop is a full stop)."""
    return len(text) >= 3 and set(text) == {"."}


def _same_marks(text: str) -> str:
    """`text` with each mark as its `_SAME_MARK` and an ellipsis written as stops as `…`."""
    return text.translate(_MARKS).replace("...", "…")


def source_edges(plain: str, tag: SourceTag) -> tuple[Edge, Edge]:
    """The left and right `Edge` of a source tag over its plain text."""

    def run(chars) -> str:
        found = []
        for char in chars:
            if char_class(char) == "word":
                break
            found.append(char)
        return "".join(found)

    inner = plain[tag.start : tag.end]
    # (the text around the tag read lazily from its edges, no copy of it: linear in the tags)
    before = run(plain[x] for x in range(tag.start - 1, -1, -1))
    after = run(plain[x] for x in range(tag.end, len(plain)))
    left = Edge("left", run(inner), before, len(before) == tag.start)
    right = Edge("right", run(reversed(inner)), after, len(after) == len(plain) - tag.end)
    return left, right


@dataclass
class Span:
    """A placed tag in characters of the translation: `[start, end)`, or a point `start == end`."""

    tag: SourceTag
    start: int
    end: int
    order: int
    point: bool
    children: list["Span"] = field(default_factory=list)
    fixed: bool = False
    """Set on a tag that encloses whole sentences of a paragraph (`paragraphs.Paragraph.pin`): its edges
    are the sentences', which no later step moves."""
    region: tuple[int, int] | None = None
    """Set on a tag inside one sentence of a paragraph whose counterpart is sure (`paragraphs.Paragraph.pin`):
    that counterpart's characters, which the span ranker reads as the tag's segment (`rerank.tag_case`)."""

    @property
    def movable(self) -> bool:
        """A span with text whose edges the rules after placement may move: no point, not pinned (`fixed`), not
        empty."""
        return not self.point and not self.fixed and self.start < self.end

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


Decide = Callable[[Span, Edge, str, Unit, "EdgeContext"], bool]
"""`decide(span, edge, move, unit, context)`: whether the edge of `span` moves over `unit`
(`move` is `extend` or `shrink`)."""


class EdgeContext:
    """What a decision may look at besides the unit: the translation and its units."""

    def __init__(self, text: str, units: list[Unit]) -> None:
        self.text = text
        self.units = units
        self._by_end = {u.end: u for u in units}
        self._by_start = {u.start: u for u in units}

    def before(self, x: int) -> Unit | None:
        return self._by_end.get(x)

    def after(self, x: int) -> Unit | None:
        return self._by_start.get(x)

    def has_text(self, start: int, end: int) -> bool:
        """Whether `[start, end)` holds something other than whitespace: a span never shrinks
        to nothing."""
        return any(not c.isspace() for c in self.text[start:end])

    def encloses(self, start: int, end: int) -> tuple[Unit, Unit] | None:
        """The matching pair of marks around the text `[start, end)`, each either just outside it
        or its first or last unit (`[X]`, `「X」`, `„X“`; one space may separate a mark, as
        French writes `« X »`)."""
        def mark(x: int, outward: bool, left: bool) -> Unit | None:
            unit = (self.before(x) if left else self.after(x)) if outward else (
                self.after(x) if left else self.before(x)
            )
            if unit is not None and unit.kind == "space" and len(unit.text) == 1:
                unit = self.before(unit.start) if outward == left else self.after(unit.end)
            return unit if unit is not None and unit.kind in ("open", "close", "quote") else None

        for opening in (mark(start, True, True), mark(start, False, True)):
            for closing in (mark(end, True, False), mark(end, False, False)):
                if opening and closing and opening.start < closing.start:
                    if PAIRS.get(opening.text) == closing.text:
                        return opening, closing
        return None


def to_spans(placed: list[Placed], plain: str, text: str, trg: list[Word]) -> list[Span]:
    """The placed tags in characters: a span tag covers its first to last word; a point goes into
    its gap as the source's whitespace says; a tag that encloses only whitespace in the source
    encloses the whitespace at its place in the translation."""

    def convert(node: Placed) -> Span:
        if node.point:
            x = _point_offset(node, plain, text, trg)
            span = Span(node.tag, x, x, node.order, True)
            if node.tag.start < node.tag.end and plain[node.tag.start : node.tag.end].isspace():
                span.start, span.end = _whitespace_share(node.tag, plain, *_whitespace_at(text, x))
        else:
            span = Span(node.tag, trg[node.a].start, trg[node.b - 1].end, node.order, False)
        span.children = [convert(child) for child in node.children]
        return span

    return [convert(node) for node in placed]


def _whitespace_at(text: str, x: int) -> tuple[int, int]:
    """The run of whitespace that `x` begins, ends or lies in, or the empty interval at `x`."""
    start = end = x
    while start > 0 and text[start - 1].isspace():
        start -= 1
    while end < len(text) and text[end].isspace():
        end += 1
    return start, end


def _whitespace_share(tag: SourceTag, plain: str, start: int, end: int) -> tuple[int, int]:
    """The part of the translation's whitespace run `[start, end)` that a source tag enclosing only
    whitespace takes: the whitespace the source has outside the tag is served first, as for a span's
    edge (`_measure_whitespace`), and the tag keeps at least its own width (`capital. <g> </g>With`,
    two spaces in the translation → `Kapital. <g> </g>Angesichts`, not `Kapital.<g>  </g>Angesichts`);
    a run no wider than the tag's own whitespace is all the tag's."""
    room = (end - start) - (tag.end - tag.start)
    if room <= 0:
        return start, end
    left = _spaces(reversed(plain[max(0, tag.start - room) : tag.start]))  # (at most `room`: linear)
    right = min(_spaces(plain[tag.end : tag.end + room]), room - left)
    return start + left, end - right


def _point_offset(node: Placed, plain: str, text: str, trg: list[Word]) -> int:
    """Where in the gap before target word `node.a` a point tag goes (or at a seam: `_seam`)."""
    tag = node.tag
    low = trg[node.a - 1].end if node.a > 0 else 0
    high = trg[node.a].start if node.a < len(trg) else len(text)
    seam = _seam(tag, plain, text, low, high)
    if seam is not None:
        return seam
    if low > 0 and text[low - 1] in _WIDE_PUNCT:
        return low  # no space after full-width punctuation: `、<xref/> を`
    space_before = tag.start > 0 and plain[tag.start - 1].isspace()
    space_after = tag.end < len(plain) and plain[tag.end].isspace()
    before = whitespace_before(plain, tag.start)  # (the runs only, no slice of the text: linear in the points)
    after = whitespace_after(plain, tag.end)
    # a point the translation moves to its start (end) from between words has nothing there to
    # keep a space from: it goes before (after) the leading (trailing) space (`use the <xref/>
    # app` → `<xref/> アプリ`); one at the start (end) of the source keeps the source's spacing
    if low == 0 and before < tag.start:  # (text before the point's whitespace)
        space_before, before = False, 0
    if high == len(text) and tag.end + after < len(plain):
        space_after, after = False, 0
    if high > low and text[low:high].isspace():
        if before + after == high - low:  # the source's spacing exactly: `a  <x/> b`
            return low + before
        if space_before and not space_after and high - low >= 2:
            # a hole: the translator's own space after the point, the source's before it
            # (`在  中` for `in <pname/>,` → `在 <pname/> 中`)
            return min(low + before, high)
    for x in range(low, high + 1):
        if (x > 0 and text[x - 1].isspace()) == space_before and (
            x < len(text) and text[x].isspace()
        ) == space_after:
            return x
    return high if space_before else low


def _seam(tag: SourceTag, plain: str, text: str, low: int, high: int) -> int | None:
    """A point written between two letters with no space (`parity<x/>July`, `EN<x/>EN`, a table
    cell's break) separates two words that the translation writes glued too
    (`KaufkraftparitätJuli`, `DEDE`): it goes at the seam of the translation's glued words
    nearest to the gap `[low, high)` it was placed in, in the text touching that gap — where a lowercase letter meets an
    uppercase one, a letter meets a digit (`paritás2019`), or a word repeats itself (`DEDE`).
    None when the source point has a space or a mark on either side, or the translation has
    no such seam: the point stays in its gap, never inside a word."""
    if not (0 < tag.start and tag.end < len(plain)
            and plain[tag.start - 1].isalnum() and plain[tag.end].isalnum()):
        return None
    if low == high and 0 < low < len(text) and text[low - 1].isalnum() and text[low].isalnum():
        return None  # placed between two glued words already
    # the runs of non-space characters that touch the gap, as far as SEAM_WINDOW characters either
    # side of it (the walk and the seams looked at stay bounded: a 30,000-character unspaced
    # translation is not scanned whole for each point)
    left, right = low, high
    while left > max(low - SEAM_WINDOW, 0) and not text[left - 1].isspace():
        left -= 1
    while right < min(high + SEAM_WINDOW, len(text)) and not text[right].isspace():
        right += 1
    if high - low <= 2 * SEAM_WINDOW:
        near = range(left + 1, right)
    else:  # a long gap: only its ends (a seam inside it is nearest at its first)
        near = chain(range(left + 1, low + SEAM_WINDOW), range(high - SEAM_WINDOW, right))
    seams = [x for x in near if _is_seam(text, x)]
    if not seams:
        return None
    return min(seams, key=lambda x: (max(low - x, x - high, 0), x))


SEAM_WINDOW = 64
"""How far (in characters) from its gap a point's seam is looked for: far beyond any word."""

REPEAT_MAX = 32
"""The longest word whose repetition (`DE|DE`) makes a seam: a country or language code, a short
label; a longer run of letters is looked at no further (a run of Han characters can be the
whole translation)."""


def _is_seam(text: str, x: int) -> bool:
    """Whether two glued words meet at `x`: `…tätJuli`, `…ás2019`, `DE|DE` (a repeated word of at
    most REPEAT_MAX letters; digits repeating each other are one number, `1.11`)."""
    a, b = text[x - 1], text[x]
    if not (a.isalnum() and b.isalnum()):
        return False
    if a.islower() and b.isupper():
        return True
    if a.isdigit() != b.isdigit():
        return True
    start = x
    while start > 0 and x - start <= REPEAT_MAX and text[start - 1].isalnum():
        start -= 1
    n = x - start
    if n > REPEAT_MAX or not text[start:x].isalpha():  # a repeated word, not a repeated digit (`1.1|1`)
        return False
    return text[start:x] == text[x : x + n] and (x + n == len(text) or not text[x + n].isalnum())


def adjust_edges(
    spans: list[Span], plain: str, text: str, trg: list[Word], decide: Decide, *, ctx: PairContext | None = None
) -> list[Span]:
    """Move the edges of the span tags over the units next to them as `decide` says, parents
    before children; a span keeps a word, its children, and its place among its siblings. `ctx`: the
    pair's context, whose edge context is read (None: made here from `text` and `trg`)."""
    context = ctx.edge_context if ctx is not None else EdgeContext(text, units_of(text, trg))
    _adjust(spans, 0, len(text), plain, context, decide, (0, len(plain)))
    return spans


def _adjust(
    nodes: list[Span],
    lo: int,
    hi: int,
    plain: str,
    context: EdgeContext,
    decide: Decide,
    scope: tuple[int, int],
) -> None:
    """Adjust sibling `nodes` inside the target characters `[lo, hi)`; `scope` is their parent's
    source span. A tag that encloses all of its parent's source text (a whole segment wrapped in
    `<g>`) encloses all of its parent's target text; its point siblings go to the side they
    have in the source."""
    spans = [n for n in nodes if not n.point]
    whole = spans[0] if len(spans) == 1 and (spans[0].tag.start, spans[0].tag.end) == scope else None
    if whole is not None:
        for node in nodes:
            if node is whole:
                node.start, node.end = lo, hi
            else:
                before = node.tag.start == scope[0] and node.order < whole.order
                node.start = node.end = lo if before else hi
    for node, floor, ceiling in between_siblings(nodes, lo, hi):
        node.start, node.end = min(max(node.start, lo), hi), min(max(node.end, lo), hi)
        if node.point and node.start == node.end:
            to_parent_edge(node, lo, hi, context.text, scope)
        if not node.point and node.end > node.start and node is not whole:
            left, right = source_edges(plain, node.tag)
            _move_left(node, left, floor, context, decide)
            _move_right(node, right, ceiling, context, decide)
            _measure_whitespace(node, plain, context.text, floor, ceiling)
        inner = (node.tag.start, node.tag.end)
        _adjust(node.children, node.start, node.end, plain, context, decide, inner)


def between_siblings(nodes: list[Span], lo: int, hi: int) -> Iterator[tuple[Span, int, int]]:
    """Sibling spans inside a parent's `[lo, hi)`, in order, each with the room it may move in: the
    furthest end of the siblings before it as they are when it is yielded (the caller may have moved
    them), and the nearest start of those after it (not yet moved). Running extremes, linear in the
    siblings. The caller visits a node's children itself, before asking for the next sibling."""
    ordered = sorted(nodes, key=lambda n: (n.start, n.end, n.order))
    ceilings = [hi] * (len(ordered) + 1)
    for k in range(len(ordered) - 1, -1, -1):
        ceilings[k] = min(ceilings[k + 1], ordered[k].start)
    floor = lo
    for k, node in enumerate(ordered):
        yield node, floor, ceilings[k + 1]
        floor = max(floor, node.end)


def to_parent_edge(node: Span, lo: int, hi: int, text: str, scope: tuple[int, int], width: int = 0) -> None:
    """A point the source writes at the very start (end) of its parent's text (`scope`) goes to the start
    (end) of the parent's target span `[lo, hi)` when only whitespace lies between: `<p><x/> Text</p>` →
    `<p><x/> Text</p>`, not `<p> <x/>Text</p>` (the point's own spacing would put it after the space the
    parent encloses). `width`: a point that encloses whitespace (`<g> </g>`) takes up to that much of the
    whitespace it passed over back in (`Paragraph._points_to_edges`)."""
    def blank(a: int, b: int) -> bool:  # (no copy, stops at the first non-space: linear in the run)
        return a < b and all(text[x].isspace() for x in range(a, b))

    if node.tag.start == scope[0] and blank(lo, node.start):
        node.start = lo
        node.end = max(node.end, min(lo + width, hi)) if width else lo
    elif node.tag.end == scope[1] and blank(node.end, hi):
        node.end = hi
        node.start = min(node.start, max(hi - width, lo)) if width else hi


def _measure_whitespace(node: Span, plain: str, text: str, floor: int, ceiling: int) -> None:
    """A tag takes in no more whitespace at an edge than its source tag does, and, where the
    source has whitespace on both sides of that edge (`Project </uicontrol> option`), the
    whitespace outside is served first: the translation's one space there is the sentence's
    (`추가</uicontrol> 옵션`), of two spaces one is the tag's. So where the source tag begins
    with one space and the translation has two there (`和  [定義` for `and<uicontrol> Define`),
    one stays inside and the other outside (`和 <uicontrol> [定義`). Only ever shrinks an edge:
    whether to take in whitespace from outside is the conventions' call."""
    source = plain[node.tag.start : node.tag.end]
    inside = text[node.start : node.end]
    if not inside.strip() or not (source[:1].isspace() or source[-1:].isspace()):
        return
    edges = (
        ("left", len(source) - len(source.lstrip()), whitespace_before(plain, node.tag.start),
         len(inside) - len(inside.lstrip()), max(0, min(whitespace_before(text, node.start), node.start - floor))),
        ("right", len(source) - len(source.rstrip()), whitespace_after(plain, node.tag.end),
         len(inside) - len(inside.rstrip()), max(0, min(whitespace_after(text, node.end), ceiling - node.end))),
    )
    for side, want_in, want_out, has_in, has_out in edges:
        if not want_in:
            continue
        keep = min(want_in, max(0, has_in + has_out - want_out))
        if keep >= has_in:
            continue
        if side == "left":
            start = node.start + has_in - keep
            if all(c.start >= start for c in node.children):
                node.start = start
        else:
            end = node.end - (has_in - keep)
            if all(c.end <= end for c in node.children):
                node.end = end


def whitespace_before(text: str, x: int) -> int:
    """How many whitespace characters end `text[:x]` (without copying it)."""
    y = x
    while y > 0 and text[y - 1].isspace():
        y -= 1
    return x - y


def whitespace_after(text: str, x: int) -> int:
    """How many whitespace characters begin `text[x:]` (without copying it)."""
    y = x
    while y < len(text) and text[y].isspace():
        y += 1
    return y - x


def _spaces(chars) -> int:
    """How many whitespace characters `chars` begins with."""
    count = 0
    for char in chars:
        if not char.isspace():
            break
        count += 1
    return count


TYPOGRAPHIC_SPACES = (" ", "\u00a0", "\u202f")
"""The one space a language's typography writes between a word and its mark (plain, no-break, narrow no-break)."""


def spaced_mark(node: Span, edge: Edge, unit: Unit, context: EdgeContext, decide: Decide) -> Unit | None:
    """The mark beyond `unit` when `unit` is the one space a language writes between a word and its mark (French
    `Remarque :`, `« Enregistrer »`, `prêt ?`) and the source tag encloses that mark at this edge (relation `in`):
    the space is the mark's typography, the edge moves over both where `decide` takes the mark (`<g>Note:</g>` →
    `<g>Remarque :</g>`, `<ui>"Save"</ui>` → `<ui>« Enregistrer »</ui>`). None otherwise: a mark the source leaves
    outside or does not have (`<ui>Save</ui>` → `« <ui>Enregistrer</ui> »`) stays where it is."""
    if unit.kind != "space" or unit.text not in TYPOGRAPHIC_SPACES:
        return None
    mark = context.before(unit.start) if edge.side == "left" else context.after(unit.end)
    if mark is None or mark.coarse != "pair" or edge.relation(mark) != "in":
        return None  # (`: ; ! ?` after a space are the target language's typography: stage `spaced-marks`)
    return mark if decide(node, edge, "extend", mark, context) else None


def _move_left(node: Span, edge: Edge, floor: int, context: EdgeContext, decide: Decide) -> None:
    """Extend the left edge over the units before it while `decide` says so; if it did not
    extend, shrink it over the units it begins with while `decide` says so."""
    start = node.start
    for _ in range(MAX_MOVES):
        unit = context.before(node.start)
        if unit is None or unit.start < floor:
            break
        if not decide(node, edge, "extend", unit, context):
            unit = spaced_mark(node, edge, unit, context, decide)
            if unit is None or unit.start < floor:
                break
        node.start = unit.start
    if node.start != start:
        return
    keep = min([c.start for c in node.children] + [node.end])
    for _ in range(MAX_MOVES):
        unit = context.after(node.start)
        if unit is None or unit.end > keep or not context.has_text(unit.end, node.end):
            break
        if not decide(node, edge, "shrink", unit, context):
            break
        node.start = unit.end


def _move_right(node: Span, edge: Edge, ceiling: int, context: EdgeContext, decide: Decide) -> None:
    """As `_move_left`, for the right edge."""
    end = node.end
    for _ in range(MAX_MOVES):
        unit = context.after(node.end)
        if unit is None or unit.end > ceiling:
            break
        if not decide(node, edge, "extend", unit, context):
            unit = spaced_mark(node, edge, unit, context, decide)
            if unit is None or unit.end > ceiling:
                break
        node.end = unit.end
    if node.end != end:
        return
    keep = max([c.end for c in node.children] + [node.start])
    for _ in range(MAX_MOVES):
        unit = context.before(node.end)
        if unit is None or unit.start < keep or not context.has_text(node.start, unit.start):
            break
        if not decide(node, edge, "shrink", unit, context):
            break
        node.end = unit.start
