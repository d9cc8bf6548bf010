"""Paragraphs: a segment of several sentences, and where its tags go sentence by sentence.

Structured documents keep whole paragraphs in one segment (an XLIFF trans-unit without segmentation, a
help page's `<p>`), often with block tags around sentences or list items. The word links of such a pair
are the same as a sentence's, but a tag placed on them alone may land in the wrong sentence (a word
written in two sentences) or a block tag's edge may cross a sentence boundary. Five principles, none
tied to a language or a data set:

1. **Sentence correspondence** (`beads.py`): the units of the plain source (its sentences, cut further at
   the edges of sibling tags that tile the segment and at a point tag that opens a sentence no full stop
   marks) and the sentences of the translation are aligned monotonically in *beads* (`beads.correspond`);
   a bead of several source units and one target sentence is split into one part a unit
   (`beads.BeadSplit`, methods of `Paragraph`).
2. **Tags that enclose whole sentences** (`Paragraph.block`): a source tag whose edges are at source
   sentence boundaries (up to whitespace, and the sentence's own closing marks when the tag leaves them
   out) spans exactly the target sentences of the beads of the source sentences it encloses; the
   whitespace between sentences stays outside, as the source has it (when the translation has less of it
   than the source, the one space between two blocks stays outside before a block takes in the whitespace
   its source encloses: `… Ukrajna.</g> <g>Az …` for `… Ukraine.</g> <g> Figures …`). Its children are placed inside
   that span by the ordinary rules. The span is kept after the edge rules (`Paragraph.pin`).
3. **Tags inside one sentence stay in its counterpart** (`Paragraph.confine`): a source tag (or point)
   inside one source sentence is placed among the target words of its bead's sentences only — a link to
   a word repeated in another sentence no longer pulls it out — when the bead is sure: its link mass is
   at least `beads.SURE` of the mass that touches its sentences (links leaving the bead count against it), and
   the tag's own links agree: at least half of their mass lands in the bead, or the words they reach
   elsewhere are written in it too (a repeated word). Otherwise today's placement stays. A point between
   two units (`… 3. <bx/>A risk …`) that rule 4 leaves goes between their sure parts (`Paragraph.between`):
   before the next one's first word, or after the previous one's last when the source writes it against
   that unit's end.
4. **Points between sentences stay at their sentence's edge** (`Paragraph.edge`): a point written between
   two source units (a footnote mark after a full stop, the code that opens the next sentence) goes to the
   edge of the counterpart of the unit it touches, when that part is sure — not after the next sentence's
   first word, where the links of the word beside it put it in a translation that reorders
   (`… conditions. <x/>Extra-Community …` → `… Arbeitsbedingungen. <x/>Verbringungen …`; `… impact. <x/>
   Nevertheless, the Commission …` → `… <x/>Die Kommission behält trotzdem …`). A pinned block's point
   children written at its very start or end stay at its edge (`_points_to_edges`).
5. **Tags at a sentence's edge reach its counterpart's edge** (`Paragraph.unit_edges`): a span tag that
   begins (ends) its source unit, confined to a sure part that unit begins (ends), extends to the part's
   first (last) word over target words that hold no translating link (a punctuation mark's link to a word
   is none), as a sentence's tag reaches the segment's edges (`inside_outside._Projector._reach`): `…
   deleted. <b>Delete Data Before</b>:` → `…されます。<b>次より前のデータを削除</b>:`, not `…されます。次より<b>前の
   …</b>`. And a span tag (not a block) leaves out the whitespace between two target sentences at an edge
   whose source whitespace lies inside a unit (`_off_sentence_spaces`: `… in the<b> Run Reports</b> app.`
   → `…합니다. <b>규제 준수 리포트 실행</b> 앱에서는`, where the edge rules took the sentences' space in); a
   confined tag's part is its `Span.region`, inside which the span ranker moves it and whose edges its
   word-kind features read as a segment's (`rerank.tag_case`).

What each rule gained on the benchmarks: docs/projection-history-rules.md (and projector.py's docstring).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, Mapping

from tagmt.projection.beads import (
    Bead,
    BeadSplit,
    Part,
    _block_edges,
    _cut,
    _length,
    _point_edges,
    _sentence_index,
    correspond,
)
from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.edges import Span, to_parent_edge, whitespace_after, whitespace_before
from tagmt.projection.sentences import sentence_spans
from tagmt.projection.wordseg import Word

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

_TRAILING = set(".?!…。？！．\"'”’»›」』）)］]】〕〉》")
"""A sentence's own closing marks: its stop and the quotation marks and brackets after it."""


class Paragraph(BeadSplit):
    """The sentences of a pair and their beads, and where they put the tags (module docstring)."""

    def __init__(
        self,
        plain: str,
        text: str,
        src: list[Word],
        trg: list[Word],
        sentences: tuple[list[tuple[int, int]], list[tuple[int, int]]],
        beads: list[Bead],
        links: Mapping[tuple[int, int], float] | None = None,
        ctx: PairContext | None = None,
    ) -> None:
        """`sentences`: the source units and the target sentences, in characters; `ctx`: the pair's
        context, whose word offsets, dictionary pieces, groups and target profile are read (None: computed
        here, the language told by the script)."""
        self.plain, self.text = plain, text
        self.src, self.trg = src, trg
        src_sentences, trg_sentences = sentences
        self.src_sentences, self.trg_sentences = src_sentences, trg_sentences
        self.beads = beads
        self._ctx = ctx
        self._starts = [a for a, _ in src_sentences]
        self._trg_starts = ctx.trg_starts if ctx is not None else [w.start for w in trg]
        self._inner: set[int] | None = None
        self._src_starts = ctx.src_starts if ctx is not None else [w.start for w in src]
        self.links_of: dict[int, list[tuple[int, float]]] = {}  # source word → its (target word, weight)
        for (i, j), w in (links or {}).items():
            if 0 <= j < len(trg):
                self.links_of.setdefault(i, []).append((j, w))
        self.parts = self._parts(beads, links or {})
        self.part_of = [0] * len(src_sentences)
        for k, part in enumerate(self.parts):
            for s in range(*part.src):
                self.part_of[s] = k
        self.blocks: dict[int, tuple[int, int, bool]] = {}  # id(tag) → its span in characters, firm (rule 2)
        self._gaps: set[tuple[int, int]] | None = None  # the whitespace between target sentences (rule 6)

    # ----------------------------------------------------------------- source sentences of a tag

    def _sentence_at(self, x: int) -> int:
        """The source sentence that begins at or before character `x` (-1: none)."""
        return bisect_right(self._starts, x) - 1

    def _enclosed(self, tag: SourceTag) -> tuple[int, int, bool] | None:
        """The source sentences `[first, last]` a tag encloses whole, and whether it leaves out the
        last one's closing marks; None when an edge is not at a sentence boundary."""
        raw = self.plain[tag.start : tag.end]
        core = raw.strip()
        if not core:
            return None
        start = tag.start + len(raw) - len(raw.lstrip())
        end = start + len(core)
        first = self._sentence_at(start)
        last = self._sentence_at(end - 1)
        if first < 0 or self.src_sentences[first][0] != start:
            return None
        sentence_end = self.src_sentences[last][1]
        if end == sentence_end:
            return first, last, False
        if end < sentence_end and all(c in _TRAILING for c in self.plain[end:sentence_end]) and \
                self.plain[end - 1] not in _TRAILING:
            return first, last, True
        return None

    def _inside_one(self, start: int, end: int) -> int | None:
        """The source sentence `[start, end)` lies in, when it lies in one (None: it crosses)."""
        s = self._sentence_at(start)
        if s < 0 or end > self.src_sentences[s][1]:
            return None
        return s

    def _words_of(self, t0: int, t1: int) -> tuple[int, int] | None:
        """The target words of target sentences `[t0, t1)`: a word range `[a, b)` (None: no words)."""
        if t0 >= t1:
            return None
        start, end = self.trg_sentences[t0][0], self.trg_sentences[t1 - 1][1]
        a = bisect_right(self._trg_starts, start - 1)
        b = bisect_right(self._trg_starts, end - 1)
        return (a, b) if a < b else None

    # ----------------------------------------------------------------- the rules

    def block(self, tag: SourceTag) -> tuple[int, int] | None:
        """Rule 2: the target words of a tag that encloses whole source sentences (whole beads), or
        None. Records the span in characters for `pin`."""
        found = self._enclosed(tag)
        if found is None:
            return None
        first, last, bare = found
        head, tail = self.parts[self.part_of[first]], self.parts[self.part_of[last]]
        if head.src[0] != first or tail.src[1] != last + 1:
            return None  # the tag splits a bead: its sentences' counterparts are not its own
        if head.a >= tail.b:
            return None
        words = head.a, tail.b
        start, end = head.start, tail.end
        if bare:  # the source tag leaves the sentence's closing marks out: so does the target's
            marked = end
            while end - 1 > start and self.text[end - 1] in _TRAILING:
                end -= 1
            while end < marked and end - 1 > start and self.text[end - 1].isspace():
                end -= 1  # (and the space French writes before them, which is theirs: `prêt</g> ?`)
        self.blocks[id(tag)] = (start, end, not head.cut and not tail.cut)
        return words

    def confine(self, tag: SourceTag) -> tuple[int, int] | None:
        """Rule 3: the target words a tag inside one source sentence is placed among — its sure
        bead's sentences — or None (the tag crosses sentences, or the bead is unsure)."""
        raw = self.plain[tag.start : tag.end]
        core = raw.strip()
        start = tag.start + len(raw) - len(raw.lstrip())
        s = self._inside_one(start, start + len(core)) if core else self._inside_one(tag.start, tag.end)
        if s is None:
            return None
        if not core:  # a point: only strictly inside its sentence
            a, b = self.src_sentences[s]
            if not a < tag.start < b:
                return None
        part = self.parts[self.part_of[s]]
        if not part.sure or part.a >= part.b:
            return None
        if core and not self._agrees(start, start + len(core), part):
            return None
        return part.a, part.b

    def unit_edges(self, tag: SourceTag) -> tuple[int | None, int | None]:
        """Rule 5: the target words a span tag that begins (ends) its source unit may reach to — the first
        word (one past the last word) of that unit's counterpart — as a sentence's tag reaches its segment's
        edges (`inside_outside._Projector._reach`): `… deleted. <b>Delete Data Before</b>:` → `…されます。
        <b>次より前のデータを削除</b>:`, where `次` has no link to `Before`. Each is None unless the tag lies in
        one unit (only whitespace between its edge and the unit's), that unit begins (ends) its part, and the
        part is sure and holds the tag (`confine`)."""
        raw = self.plain[tag.start : tag.end]
        core = raw.strip()
        if not core or self.confine(tag) is None:
            return None, None
        start = tag.start + len(raw) - len(raw.lstrip())
        s = self._inside_one(start, start + len(core))
        if s is None:
            return None, None
        a, b = self.src_sentences[s]
        part = self.parts[self.part_of[s]]
        first = part.a if part.src[0] == s and not self.plain[a:start].strip() else None
        last = part.b if part.src[1] == s + 1 and not self.plain[start + len(core) : b].strip() else None
        return first, last

    def edge(self, tag: SourceTag) -> int | None:
        """Rule 4: the split (a target word index) of a point written between two source units, or
        before the first or after the last — on no unit's text: the edge of the counterpart of the unit
        it belongs to (`… conditions. <x/>Extra-Community …` → `… Arbeitsbedingungen. <x/>Verbringungen
        …`, not after the next sentence's first word, where the links of `Extra` put it). It belongs to
        the unit it touches (the one after it when it has a space before it and none after, the one
        before it for the converse; the last unit after it, when a full stop or the like ends that unit:
        `… please see <xref/>` ends its sentence's words); a point with a space on both sides or on none
        belongs to both, and their counterparts must then meet. A point before the first unit is the
        ordinary placement's (the source's start). None when that unit's part is not sure, when a bead
        joins the two units, or when the two counterparts do not meet (a target sentence no source unit
        translates, or words no part holds, between them): `between` decides next, then the ordinary
        placement."""
        text = self.plain[tag.start : tag.end]
        if text.strip():
            return None
        s = bisect_left(self._starts, tag.end)  # the first unit at or after the point
        if s > 0 and self.src_sentences[s - 1][1] > tag.start:
            return None  # inside unit s - 1
        before = tag.start > 0 and self.plain[tag.start - 1].isspace()
        after = tag.end < len(self.plain) and self.plain[tag.end].isspace()
        nxt = self._part_from(s) if s < len(self.src_sentences) else None
        prev = self._part_to(s - 1) if s > 0 else None
        if s == 0:  # before the first unit: the ordinary placement's (a point at the source's start)
            return None
        if s == len(self.src_sentences):  # after the last unit: its end, when a full stop ends it
            last = self.src_sentences[s - 1]
            if self.plain[last[1] - 1] not in _TRAILING:
                return None  # (`… please see <xref/>`: the sentence's own word, placed as any other)
            sides = [(prev, "b")]
        elif before and not after:
            sides = [(nxt, "a")]
        elif after and not before:
            sides = [(prev, "b")]
        else:
            sides = [(prev, "b"), (nxt, "a")]
        splits = set()
        for part, side in sides:
            if part is None or part.a >= part.b:
                continue
            if not part.sure:
                return None
            splits.add(part.a if side == "a" else part.b)
        return splits.pop() if len(splits) == 1 else None

    def _part_from(self, s: int) -> Part | None:
        """The part that begins with source unit `s` (None: `s` is inside one)."""
        part = self.parts[self.part_of[s]]
        return part if part.src[0] == s else None

    def _part_to(self, s: int) -> Part | None:
        """The part that ends with source unit `s` (None: `s` is inside one)."""
        part = self.parts[self.part_of[s]]
        return part if part.src[1] == s + 1 else None

    def between(self, tag: SourceTag) -> int | None:
        """Rule 3 for a point between two source units (`… 3. <bx/>A risk …`): the target word it goes
        before — the first word of the next unit's part, or the word after the previous unit's part when
        the source writes the point against that unit's end — when both parts are sure and in order; None
        otherwise (a point inside a unit, at the segment's ends, or beside an unsure part)."""
        if tag.start != tag.end:
            return None
        s = bisect_left(self._starts, tag.start)  # the first unit that begins at or after the point
        if s == 0 or s >= len(self.src_sentences) or self.src_sentences[s - 1][1] > tag.start:
            return None
        if self.plain[self.src_sentences[s - 1][1] : self.src_sentences[s][0]].strip():
            return None
        before, after = self.parts[self.part_of[s - 1]], self.parts[self.part_of[s]]
        if before is after or not (before.sure and after.sure) or not (before.a < before.b <= after.a < after.b):
            return None
        if after.src[0] != s or before.src[1] != s:
            return None
        against_end = tag.start == self.src_sentences[s - 1][1] and tag.start < self.src_sentences[s][0]
        return before.b if against_end else after.a

    def _agrees(self, start: int, end: int, part: "Part") -> bool:
        """Whether the links of the source words in `[start, end)` let the part hold the tag: at least
        half of their mass lands in it, or the words they land on outside it are written in it too (a word
        repeated in two sentences, the aligner's link on the wrong copy). A tag whose words the
        translation moved to the next sentence (`… see this article: <xref>2994416</xref>` → `…を参照して
        ください。2994416 …`) keeps today's placement."""
        inside = outside = 0.0
        texts = None
        for i in range(bisect_right(self._src_starts, start - 1), len(self.src)):
            if self.src[i].start >= end:
                break
            for j, w in self.links_of.get(i, ()):
                if part.a <= j < part.b:
                    inside += w
                else:
                    if texts is None:
                        texts = {self.trg[x].text for x in range(part.a, part.b)}
                    if self.trg[j].text not in texts:
                        outside += w
        return inside >= outside

    def pin(self, spans: list[Span]) -> list[Span]:
        """The block tags (rule 2) back on their sentences after the edge rules moved them, with the
        whitespace the source tag encloses at an edge; a span is pinned only when it stays clear of
        its siblings and holds its children; its point children written at its very start (end) go to its
        edge (`_points_to_edges`: the move `edges.to_parent_edge` made before the block was put back), and it
        is kept from the span ranker only when its edges are the translation's sentence ends (an edge
        `_split` cut by the links inside a sentence may be moved)."""

        def visit(nodes: list[Span], lo: int, hi: int) -> None:
            clear = _Siblings(nodes)
            for node in nodes:
                where = self.blocks.get(id(node.tag))
                if where is None and not node.point:
                    node.region = self._region(node.tag)
                    start, end = self._off_sentence_spaces(node)
                    if (start, end) != (node.start, node.end):
                        clear.move(node, start, end)
                        node.start, node.end = start, end
                if where is not None and not node.point:
                    start, end = self._with_spaces(node.tag, *where[:2])
                    if lo <= start < end <= hi and clear.free(node, start, end):
                        clear.move(node, start, end)
                        _clamp(node, start, end)
                        self._points_to_edges(node)
                        node.fixed = where[2]  # an edge the links cut inside a sentence: the ranker may move it
                visit(node.children, node.start, node.end)

        visit(spans, 0, len(self.text))
        return spans

    def _region(self, tag: SourceTag) -> tuple[int, int] | None:
        """The characters of the counterpart a tag inside one sentence is confined to (`confine`), or None."""
        words = self.confine(tag)
        return None if words is None else (self.trg[words[0]].start, self.trg[words[1] - 1].end)

    def _off_sentence_spaces(self, node: Span) -> tuple[int, int]:
        """Rule 6: the span of a (non-block) span tag without the whitespace between two target sentences
        at an edge where its source tag's whitespace is inside a unit: `… the<b> Run Reports</b> app.` →
        `… 지정합니다. <b>규제 준수 리포트 실행</b> 앱에서는`, not `….<b> 규제 …`, which the edge rules make
        of the source's leading space when the tag begins its counterpart sentence. Only that whitespace
        is left out, and the span keeps its children and a character."""
        if self._gaps is None:
            self._gaps = {(a[1], b[0]) for a, b in zip(self.trg_sentences, self.trg_sentences[1:])}
        tag, start, end = node.tag, node.start, node.end
        x = start + whitespace_after(self.text, start)
        if x > start and (start, x) in self._gaps and x < end and \
                all(c.start >= x for c in node.children) and not self._between_units(tag.start, 1):
            start = x
        y = end - whitespace_before(self.text, end)
        if y < end and (y, end) in self._gaps and y > start and \
                all(c.end <= y for c in node.children) and not self._between_units(tag.end, -1):
            end = y
        return start, end

    def _between_units(self, x: int, step: int) -> bool:
        """Whether the source tag's whitespace at its edge `x` (its first character with `step` 1, its last
        with -1) lies outside every source unit (between two, or before the first or after the last)."""
        c = x if step > 0 else x - 1
        if not (0 <= c < len(self.plain) and self.plain[c].isspace()):
            return False
        s = self._sentence_at(c)
        return s < 0 or self.src_sentences[s][1] <= c

    def _points_to_edges(self, node: Span) -> None:
        """The point children a pinned block tag's source writes at its very start (end) go to the start
        (end) of its span when only whitespace lies between — the whitespace the block took in with
        `_with_spaces` stays after (before) them, as in the source (`<p><x/> Text</p>`, not `<p> <x/>Text</p>`);
        a child that encloses only whitespace (`<p><g> </g>Text</p>`) takes that whitespace again."""
        for child in node.children:
            if child.point:  # (a point that encloses whitespace takes its width of it again)
                to_parent_edge(child, node.start, node.end, self.text, (node.tag.start, node.tag.end),
                               child.tag.end - child.tag.start)

    def _with_spaces(self, tag: SourceTag, start: int, end: int) -> tuple[int, int]:
        """`[start, end)` with as much of the whitespace around it as the source tag encloses at each edge;
        where the source also writes whitespace outside that edge, between the tag and more text, the
        translation's last whitespace character there stays outside (`… Ukrajna.</g> <g> Az …` has one
        space for the source's `</g> <g> Figures`: the one between the sentences, not the tag's), unless a
        child tag holds the source's whitespace at that edge."""
        raw = self.plain[tag.start : tag.end]
        lead, trail = len(raw) - len(raw.lstrip()), len(raw) - len(raw.rstrip())
        # (not when a child tag holds that whitespace, `<p><g> </g>Then …</p>`: the child's text comes first)
        held = [(c.start, c.end) for c in tag.children if c.start < c.end]
        keep_before = tag.start > 0 and self.plain[tag.start - 1].isspace() and bool(self.plain[: tag.start].strip()) \
            and not any(a < tag.start + lead for a, _ in held)
        keep_after = tag.end < len(self.plain) and self.plain[tag.end].isspace() and bool(self.plain[tag.end :].strip()) \
            and not any(b > tag.end - trail for _, b in held)
        while lead and start > 0 and self.text[start - 1].isspace() and \
                not (keep_before and (start == 1 or not self.text[start - 2].isspace())):
            start, lead = start - 1, lead - 1
        while trail and end < len(self.text) and self.text[end].isspace() and \
                not (keep_after and (end + 1 == len(self.text) or not self.text[end + 1].isspace())):
            end, trail = end + 1, trail - 1
        return start, end


class _Siblings:
    """The span siblings of one level, to ask whether `[start, end)` (non-empty) overlaps none but a given
    one: when they lie in order without overlapping (as a well-formed output's do) by bisection over
    them sorted, kept so as each is moved; else by reading them all (linear in the siblings a
    question, not quadratic in a paragraph of many block tags)."""

    def __init__(self, nodes: list[Span]) -> None:
        self.spans = sorted((n for n in nodes if not n.point), key=lambda n: (n.start, n.end))
        self.keys = [(n.start, n.end) for n in self.spans]
        self.ordered = all(a[1] <= b[0] for a, b in zip(self.keys, self.keys[1:]))

    def free(self, node: Span, start: int, end: int) -> bool:
        if not self.ordered:
            return not any(n.start < end and start < n.end for n in self.spans if n is not node)
        k = bisect_left(self.keys, (end, -1))  # the siblings before it begin before `end`; ends in order
        while k > 0 and self.spans[k - 1] is node:
            k -= 1
        return k == 0 or self.keys[k - 1][1] <= start

    def move(self, node: Span, start: int, end: int) -> None:
        if not self.ordered:
            return
        k = bisect_left(self.keys, (node.start, node.end))
        while self.spans[k] is not node:
            k += 1
        del self.spans[k], self.keys[k]
        k = bisect_left(self.keys, (start, end))
        self.spans.insert(k, node)
        self.keys.insert(k, (start, end))


def _clamp(node: Span, start: int, end: int) -> None:
    node.start, node.end = start, end
    for child in node.children:
        a = min(max(child.start, start), end)
        _clamp(child, a, min(max(child.end, a), end))


def paragraph_of(
    detagged: Detagged,
    text: str,
    src: list[Word],
    trg: list[Word],
    links,
    weights: Mapping[tuple[int, int], float] | None = None,
    *,
    ctx: PairContext | None = None,
) -> Paragraph | None:
    """The paragraph of a pair when its source has two or more units (sentences, or blocks that tile
    the segment; else None: a sentence is placed as before), with its beads from the links (`weights`: their
    confidences; a weak link, below the aligner's vote, counts too, as in the inside–outside sums). `ctx`:
    the pair's context, whose shared data the paragraph reads (None: computed here)."""
    if not detagged.tags:
        return None
    cuts = sorted(set(_block_edges(detagged)) | set(_point_edges(detagged)))
    src_sentences = _cut(detagged.plain, sentence_spans(detagged.plain, short_words=False), cuts)
    if len(src_sentences) < 2:
        return None
    trg_sentences = sentence_spans(text, short_words=False)
    if not trg_sentences:
        return None
    src_of = _sentence_index(ctx.src_starts if ctx is not None else [w.start for w in src], src_sentences)
    trg_of = _sentence_index(ctx.trg_starts if ctx is not None else [w.start for w in trg], trg_sentences)
    counted = dict.fromkeys(links, 1.0)
    if weights is not None:
        counted.update(weights)
    mass: dict[tuple[int, int], float] = {}
    for (i, j), w in counted.items():
        if i < len(src) and j < len(trg) and src_of[i] >= 0 and trg_of[j] >= 0:
            key = (src_of[i], trg_of[j])
            mass[key] = mass.get(key, 0.0) + w
    beads = correspond(mass, [_length(detagged.plain, a, b) for a, b in src_sentences],
                       [_length(text, a, b) for a, b in trg_sentences])
    return Paragraph(detagged.plain, text, src, trg, (src_sentences, trg_sentences), beads, counted, ctx)
