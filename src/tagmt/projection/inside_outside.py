"""Inside–outside placement: where each tag of a source segment goes among the target words.

Given the source and target words and their links, the rule of Zenkel et al. (2021) with the edge
rules that make the spans match how the references write them:

* A tag covering source words S goes to the contiguous target words T that maximize the links from
  S landing inside T plus the links from outside S landing outside T — the maximum-sum subarray of
  w_j = links(S → j) − links(not S → j), found in O(n) by Kadane's scan; with link confidences
  (`confidence.py`), each link counts its confidence, and weak links below the aligner's vote count
  there too (and nowhere else). Ties go to the shortest
  span. The span then grows over unaligned compound parts written against it (`受領|済`), sheds
  particles (and punctuation the source tag does not have) at its edges (`X を` → `X`, `X中` in
  Chinese), never cuts a bracket pair (it takes in the partner of a bracket it opens or closes,
  and the bracket group after it when the source tag ends with one: `<b>Comma (,)</b>` →
  `<b>カンマ (,)</b>`), and never cuts a verb group (`実行<b>されません</b>`, not
  `実行され<b>ませ</b>ん`; `되지 <b>않은</b>`, not `되<b>지 않</b>은`).
* Imperfect links: a tag whose source words begin or end with unlinked words (`Chronic Toxicity
  to Fish`, only `Chronic` linked) grows over the unlinked target words next to its span, their
  likeliest home (`_home`: `<b>魚に対する慢性毒性</b>`); and a span is not glued to an unlinked
  repeat of a word whose other copy is linked outside the tag — a coordination writes a shared
  word after each conjunct (`the <b>A</b> and <b>B</b> apps` → `<b>A</b>アプリと<b>B</b>アプリ`; in
  Japanese a word of one kanji counts too: `<b>約束金額</b>列と<b>約束ステータス</b>列`). (A Chinese
  circumposition, `<b>在范围内</b>`, is kept whole after the edge rules: `chinesegrammar.keep_phrases`.)
* Nested tags are placed inside their parent's target span; siblings never overlap (a sibling is
  placed only in the words its earlier-placed siblings left free; the sibling with more links is
  placed first, so siblings may swap order as translations do).
* A tag with no text (self-closing, a comment, or an element that encloses no word) is a *point*.
  It stays against a sibling span it touches in the source (`<b>X</b><icon/>`); else, written
  against a word with a space on its other side (a footnote mark `years<x/> to`), it goes after
  the translation of that word's phrase (`trois ans<x/>, la Commission`; `_attached_splits`);
  else, with a space beside it in the source, it fills a *hole* of the translation — a double
  space, or a particle with nothing to attach to (`詳細については、を参照`) — else it goes next to
  the translation of a neighbouring source word (a word's link to a punctuation mark is not its
  translation), else to the split that best separates the links of the words before it from
  those after it (these split rules: `points.py`). A point touching punctuation (`document<x/>.`) is
  not attached to its word: whether a footnote mark follows its noun or the sentence's full stop differs between
  languages (EUR-Lex de and hu references disagree), and the split that separates the links
  keeps it before the mark.
* Paragraphs (`paragraphs.py`, a pair of several sentences): a tag that encloses whole source sentences
  takes the target words of their counterparts as they are, placed before its siblings; a tag or point
  inside one source sentence is placed among the target words of that sentence's counterpart only (when
  the correspondence is sure), so a link to a word repeated in another sentence does not pull it out,
  and one that begins (ends) its sentence reaches the counterpart's edge as a segment's tag does;
  a point written between two sentences goes to the edge of its sentence's counterpart (`_edge`), or,
  where the two counterparts do not meet, between them (`_between`).
* Fallbacks, so that no tag is ever dropped: a span tag with no link into its free target words
  takes the free words at its relative position in the source (the same share of the sentence);
  if no target word is free at all, it is emitted as an empty element at that position. A point
  with no links goes to its relative position.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

import regex
from typing import TYPE_CHECKING, Mapping, Sequence

from tagmt.projection.align import Links
from tagmt.projection.confidence import WEIGHT_SCALE
from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.points import PointSplits, _allowed_splits
from tagmt.projection.scripts import HAN, writes_kana
from tagmt.projection.wordseg import Word

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext
    from tagmt.projection.paragraphs import Paragraph

_BRACKETS = (
    ("(", ")"), ("（", "）"), ("[", "]"), ("［", "］"), ("「", "」"), ("『", "』"), ("“", "”"),
    ("【", "】"), ("〈", "〉"), ("《", "》"),
)

_PREDICATE = ("verb", "auxiliary", "ending")
"""Word kinds that end a predicate: one written before a span closes a clause of its own or a
relative clause (`해당하며 <b>만료일</b>`, `選択した<b>項目</b>`), not a part of the tag's term."""


@dataclass
class Placed:
    """Where a tag went in the target words: a span `[a, b)` or a point `a == b` (split index)."""

    tag: SourceTag
    a: int
    b: int
    order: int
    point: bool
    children: list["Placed"] = field(default_factory=list)


def place_tags(
    detagged: Detagged, src: list[Word], trg: list[Word], links: Links, length: int,
    weights: Mapping[tuple[int, int], float] | None = None,
    paragraph: "Paragraph | None" = None, *, ctx: "PairContext | None" = None,
) -> list[Placed]:
    """The tag tree of `detagged` placed on the words `trg` of a translation `length` chars long.
    `weights` (optional, `confidence.link_weights`): what each link counts for in the inside–outside
    sums — its confidence — and weak links that count there only (None: every link counts 1).
    `paragraph` (`paragraphs.paragraph_of`, a pair of several sentences): a tag enclosing whole
    sentences takes their target sentences, one inside a sentence is placed in its counterpart.
    `ctx`: the pair's context, whose word offsets and target profile are read (None: the offsets are
    computed here and the script tells the language)."""
    projector = _Projector(detagged, src, trg, links, length, weights, ctx)
    projector.paragraph = paragraph
    return projector.place(detagged.tags, 0, len(trg), set(range(len(src))))


class _Projector(PointSplits):
    """Places the tags of one segment on the target words, given the word links."""

    def __init__(
        self, detagged: Detagged, src: list[Word], trg: list[Word], links: Links, length: int,
        weights: Mapping[tuple[int, int], float] | None = None, ctx: "PairContext | None" = None,
    ) -> None:
        self.detagged = detagged
        # (in sixtieths, as `wordstore` keeps them: integer sums, no float ties; a link without a weight
        # counts 1, as `LinkStore.append` reads it; a weight of no link is a weak link)
        self.weights = None if weights is None else [
            (link, round(x * WEIGHT_SCALE)) for link, x in sorted({**dict.fromkeys(links, 1.0), **weights}.items())]
        self.length = length
        self.src = src
        self.trg = trg
        self.n = len(src)
        self.m = len(trg)
        self.links = sorted(links)
        self.aligned = {j for _, j in self.links}
        self.linked_src = {i for i, _ in self.links}
        self._links_from = [0] * self.n  # per source word: how many links leave it
        for i, _ in self.links:
            if 0 <= i < self.n:
                self._links_from[i] += 1
        self._starts = ctx.src_starts if ctx is not None else [w.start for w in src]
        # each link's weight, by target word (all links into it) and by source word (for `_best_span`,
        # which reads only a tag's own links and its gaps: per tag, not per tag and link of the pair)
        self._into = [0] * self.m
        self._from: dict[int, list[tuple[int, int]]] = {}
        for (i, j), x in (self.weights if self.weights is not None else [(link, 1) for link in self.links]):
            if j < self.m:
                self._into[j] += x
                self._from.setdefault(i, []).append((j, x))
        self._sorted = all(a <= b for a, b in zip(self._starts, self._starts[1:]))
        chars = [" "] * length  # the translation as far as its words say (gaps: whitespace)
        for w in trg:
            for x, char in zip(range(w.start, min(w.end, length)), w.text):
                chars[x] = char
        self.text = "".join(chars)
        self.echoes: dict[str, set[int]] = {}  # a linked target word's text → its source words
        for i, j in self.links:
            if j < self.m:
                self.echoes.setdefault(trg[j].text, set()).add(i)
        self.order = {id(tag): k for k, tag in enumerate(detagged.walk())}
        self.paragraph: Paragraph | None = None
        self._meant: set[int] | None = None  # the target words a translating link reaches (`_translates`)
        profile = ctx.trg_profile if ctx is not None else None
        # the target profile's family when known (a Japanese segment in kanji alone writes no kana); else the
        # script says (no other language writes kana)
        self.japanese = profile.family == "japanese" if profile is not None else writes_kana(self.text)

    def _inside(self, tag: SourceTag) -> set[int]:
        if not self._sorted:
            return {i for i, w in enumerate(self.src) if w.start >= tag.start and w.end <= tag.end}
        # the words in order: only those from the first starting at the tag's start are read (a tag per
        # sentence in a paragraph of thousands would otherwise read every word once a tag)
        found = set()
        for i in range(bisect_left(self._starts, tag.start), self.n):
            w = self.src[i]
            if w.start > tag.end:
                break
            if w.end <= tag.end:
                found.add(i)
        return found

    def _split_of(self, offset: int) -> int:
        """The number of source words that end at or before character `offset`."""
        return sum(1 for w in self.src if w.end <= offset)

    def place(
        self, tags: Sequence[SourceTag], lo: int, hi: int, scope: set[int]
    ) -> list[Placed]:
        """Place sibling `tags` inside the target word range `[lo, hi)`; `scope` is the source
        words of their parent (all words for the top level)."""
        spans, points = [], []
        for tag in tags:
            inside = self._inside(tag) if tag.start < tag.end else set()
            (spans if inside else points).append((tag, inside))
        weight = {id(tag): sum(self._links_from[i] for i in inside) for tag, inside in spans}
        blocks = {id(tag): self._block(tag, lo, hi) for tag, _ in spans}
        spans.sort(key=lambda item: (blocks[id(item[0])] is None, -weight[id(item[0])], self.order[id(item[0])]))
        placed: list[Placed] = []
        taken: list[tuple[int, int]] = []
        for tag, inside in spans:
            gaps = _free_gaps(lo, hi, taken)
            block = blocks[id(tag)]
            if block is not None and not any(ga <= block[0] and block[1] <= gb for ga, gb in gaps):
                block = None
            if block is None:
                gaps = self._confined(tag, gaps)
            where = block or self._best_span(inside, gaps)
            if where and not block:  # (a tag enclosing whole sentences takes their target sentences as they are)
                where = self._reach(tag, self._glue(where, inside, gaps), inside, scope, gaps)
                where = self._trim(self._home(where, inside, gaps), inside)
                where = self._verb_group(self._balance(where, inside, gaps), gaps)
            elif not where:
                where = self._fallback_span(inside, gaps)
            if where is None:  # no free target word left: an empty element
                k = self._fallback_split(tag, lo, hi, taken)
                placed.append(self._as_point(tag, k))
                continue
            a, b = where
            taken.append(where)
            node = Placed(tag, a, b, self.order[id(tag)], False)
            node.children = self.place(tag.children, a, b, inside)
            placed.append(node)
        # the splits no sibling span encloses and the spans' source edges, found once for all the points
        # (a scan of the siblings per point made a paragraph of many points quadratic)
        free = set(_allowed_splits(lo, hi, taken)) if points else set()
        edges = _SpanEdges([node for node in placed if not node.point]) if points else None
        for tag, _ in points:
            k = self._stuck(tag, edges)
            if k is None:
                k = self._edge(tag, lo, hi, free)
            if k is None:
                k = self._between(tag, lo, hi, free)
            if k is None:
                k = self._best_split(tag, *self._confined_range(tag, lo, hi, taken), taken)
            placed.append(self._as_point(tag, k))
        return placed

    def _block(self, tag: SourceTag, lo: int, hi: int) -> tuple[int, int] | None:
        """The target words of a tag that encloses whole sentences of a paragraph, inside `[lo, hi)`
        (`paragraphs.Paragraph.block`), or None."""
        if self.paragraph is None:
            return None
        words = self.paragraph.block(tag)
        return words if words is not None and lo <= words[0] < words[1] <= hi else None

    def _edge(self, tag: SourceTag, lo: int, hi: int, free: set[int]) -> int | None:
        """The split of a point written between two sentences of a paragraph: the edge of the
        counterpart of the sentence it belongs to (`paragraphs.Paragraph.edge`), when no sibling span
        covers it (it is in `free`, the splits of `[lo, hi]` no sibling encloses); else None (then
        `_between`)."""
        k = self.paragraph.edge(tag) if self.paragraph is not None else None
        return k if k in free else None

    def _confined(self, tag: SourceTag, gaps: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The free gaps cut to the target sentences of the tag's sentence in a paragraph
        (`paragraphs.Paragraph.confine`); all of them when that leaves none or there is none."""
        region = self.paragraph.confine(tag) if self.paragraph is not None else None
        if region is None:
            return gaps
        cut = [(max(ga, region[0]), min(gb, region[1])) for ga, gb in gaps]
        cut = [(a, b) for a, b in cut if a < b]
        return cut or gaps

    def _confined_range(
        self, tag: SourceTag, lo: int, hi: int, taken: list[tuple[int, int]]
    ) -> tuple[int, int]:
        """`[lo, hi]` for a point, cut to the target sentences of its sentence in a paragraph; the
        whole `[lo, hi]` when a sibling span placed across that region leaves no split free in it."""
        region = self.paragraph.confine(tag) if self.paragraph is not None else None
        if region is None or max(lo, region[0]) > min(hi, region[1]):
            return lo, hi
        a, b = max(lo, region[0]), min(hi, region[1])
        return (a, b) if _allowed_splits(a, b, taken) else (lo, hi)

    def _between(self, tag: SourceTag, lo: int, hi: int, free: set[int]) -> int | None:
        """A point between two units of a paragraph goes between their counterparts
        (`paragraphs.Paragraph.between`), when that split is in `free` (inside `[lo, hi]`, no sibling
        span enclosing it)."""
        k = self.paragraph.between(tag) if self.paragraph is not None else None
        return k if k in free else None

    def _stuck(self, tag: SourceTag, edges: "_SpanEdges") -> int | None:
        """A point written right against a sibling span (`<b>X</b><icon/>`) stays against it: the first
        placed span (in placing order) that ends where the point is written and comes before it, or
        begins there and comes after it."""
        order = self.order[id(tag)]
        found = [(n, node.b) for n, node in edges.ending.get(tag.start, ()) if order > node.order]
        found += [(n, node.a) for n, node in edges.starting.get(tag.start, ()) if order < node.order]
        return min(found)[1] if found else None

    def _as_point(self, tag: SourceTag, k: int) -> Placed:
        node = Placed(tag, k, k, self.order[id(tag)], True)
        node.children = [self._as_point(child, k) for child in tag.children]
        return node

    def _best_span(self, inside: set[int], gaps: list[tuple[int, int]]) -> tuple[int, int] | None:
        """Inside–outside: the max-sum subarray of w_j over the free gaps (shortest on ties); each
        link counts its weight when the links have weights."""
        w_in: dict[int, int] = {}  # target word → the weight of the tag's links into it
        for i in inside:
            for j, x in self._from.get(i, ()):
                w_in[j] = w_in.get(j, 0) + x
        best: tuple[int, int, int] | None = None
        for ga, gb in gaps:
            if not any(w_in.get(j) for j in range(ga, gb)):
                continue
            run, run_start = 0, ga
            for j in range(ga, gb):
                here = w_in.get(j, 0)
                w = here - (self._into[j] - here)  # in minus out
                if run <= 0:
                    run, run_start = w, j
                else:
                    run += w
                if here and (best is None or run > best[0]):
                    best = (run, run_start, j + 1)
        if best is None:
            return None
        return best[1], best[2]

    def _glue(
        self, span: tuple[int, int], inside: set[int], gaps: list[tuple[int, int]]
    ) -> tuple[int, int]:
        """Grow a span over unaligned compound parts written against it (`受領|済`), but not over
        a repeat of an outside word's translation (`_echoes_outside`)."""
        a, b = span
        ga, gb = next(g for g in gaps if g[0] <= a and b <= g[1])
        own = self._own_words(inside)
        while a > ga and self._joins(a - 1, a) and not self._echoes_outside(a - 1, inside, own):
            a -= 1
        while b < gb and self._joins(b, b - 1) and not self._echoes_outside(b, inside, own):
            b += 1
        return a, b

    def _own_words(self, inside: set[int]) -> frozenset[str]:
        """The tag's source words, lowercased (what `_echoes_outside` compares with)."""
        return frozenset(self.src[i].text.lower() for i in inside)

    def _echoes_outside(self, j: int, inside: set[int], own: frozenset[str]) -> bool:
        """Whether unlinked target word `j` repeats a word of the translation that is linked, and
        only to source words outside the tag: a coordination writes a shared word once in the
        source and after each conjunct in the translation (`the <b>A</b> and <b>B</b> apps` →
        `<b>A</b>アプリおよび<b>B</b>アプリ`), and the aligner links one of the copies. Not when
        the tag has a word written like one of those source words, or one holding it
        (`Manage` in two tags; `Recalculate` in the tag, `calculate` outside)."""
        if j in self.aligned or (len(self.trg[j].text) < 2 and not self._kanji_word(j)):
            return False  # (one character repeats by chance, but for a kanji word of Japanese)
        sources = self.echoes.get(self.trg[j].text, set())
        return bool(sources) and not any(
            i in inside or self.src[i].text.lower() in own
            or any(_kin(self.src[i].text.lower(), word) for word in own)
            for i in sources
        )

    def _kanji_word(self, j: int) -> bool:
        """Whether target word `j` is one kanji that a Japanese translation writes as a word of its own
        (`列`, `行`): Japanese writes its grammatical words in kana, so a word of one kanji is a noun, not a
        piece that repeats by chance (in Chinese, one Han character a word for the aligner, it is)."""
        return self.japanese and self.trg[j].kind == "content" and HAN.fullmatch(self.trg[j].text) is not None

    def _home(
        self, span: tuple[int, int], inside: set[int], gaps: list[tuple[int, int]]
    ) -> tuple[int, int]:
        """A tag whose source words begin or end with unlinked words (`Chronic Toxicity to Fish`,
        only `Chronic` linked) grows over the unlinked target words written next to its span,
        the likeliest home of those words (`魚に対する<b>慢性毒性</b>` →
        `<b>魚に対する慢性毒性</b>`): up to punctuation, a word linked outside the tag or a
        sibling's span, on both sides or none (on the left, not back over a predicate, which
        closes a clause of its own), and only when the words gained hold a word of
        content and no more content words than the tag's unlinked edge words (a longer run is
        not theirs alone). Unlinked words between two linked words of the tag are housed
        between their translations already, inside the span, and a word the translation copies
        (`conf.xml`) is housed in its copy."""
        words = [i for i in sorted(inside) if self.src[i].kind != "punct"]
        budget = 0
        for run in (words, words[::-1]):
            for i in run:
                if i in self.linked_src or self._copied(self.src[i].text):
                    break
                budget += 1
        if not budget or budget >= len(words):
            return span
        a, b = span
        ga, gb = next(g for g in gaps if g[0] <= a and b <= g[1])
        outside = {j for i, j in self.links if i not in inside}
        own = self._own_words(inside)

        def stop(j: int) -> bool:
            return (self.trg[j].kind == "punct" or j in outside
                    or self._echoes_outside(j, inside, own))

        new_a, new_b = a, b
        while new_a > ga and not stop(new_a - 1) and self.trg[new_a - 1].kind not in _PREDICATE:
            new_a -= 1
        while new_b < gb and not stop(new_b):
            new_b += 1
        gained = [self.trg[j].kind for j in (*range(new_a, a), *range(b, new_b))
                  if j not in self.aligned]
        content = gained.count("content")
        if not content + gained.count("verb") or content > budget:
            return span
        return new_a, new_b

    def _copied(self, word: str) -> bool:
        """Whether the translation writes `word` as it is, not inside a longer word."""
        return regex.search(rf"(?<![\w]){regex.escape(word)}(?![\w])", self.text) is not None

    def _reach(
        self,
        tag: SourceTag,
        span: tuple[int, int],
        inside: set[int],
        scope: set[int],
        gaps: list[tuple[int, int]],
    ) -> tuple[int, int]:
        """A tag that begins (ends) its parent's source words — a heading, a whole sentence, a
        list item — reaches the beginning (end) of its free target words when nothing there is
        linked: `<g>#7 Affordable and clean energy</g>` → `<g>#7 Énergie propre et d’un coût
        abordable</g>`, where `d’un coût abordable` has no link. In a paragraph, a tag that begins (ends)
        its sentence reaches its sure counterpart's first (last) word the same way
        (`paragraphs.Paragraph.unit_edges`); a word linked only across punctuation (`次` to `:`) holds no
        translation there (`_translates`)."""
        a, b = span
        ga, gb = next(g for g in gaps if g[0] <= a and b <= g[1])
        first, last = self.paragraph.unit_edges(tag) if self.paragraph is not None else (None, None)
        if min(inside) == min(scope):
            first = ga
        if first is not None and ga <= first <= a and not any(self._translates(j) for j in range(first, a)):
            a = first
        if max(inside) == max(scope):
            last = gb
        if last is not None and b <= last <= gb and not any(self._translates(j) for j in range(b, last)):
            b = last
        return a, b

    def _translates(self, j: int) -> bool:
        """Whether target word `j` holds a link that may translate: not a punctuation mark's link to a
        word, or a word's to a punctuation mark (`Before</b>:` → `次より…:`, `次` linked to `:`)."""
        if self._meant is None:
            self._meant = {j for i, j in self.links if 0 <= i < self.n and j < self.m
                           and (self.src[i].kind == "punct") == (self.trg[j].kind == "punct")}
        return j in self._meant

    def _trim(self, span: tuple[int, int], inside: set[int]) -> tuple[int, int]:
        """Drop particles, and punctuation the source tag does not begin or end with, from the
        edges of a span (`<b>X を</b>` → `<b>X</b> を`); a span keeps at least one word."""
        a, b = span
        keep_first = self.src[min(inside)].kind == "punct"
        keep_last = self.src[max(inside)].kind == "punct"
        while b - a > 1 and self._loose(self.trg[a], keep_first):
            a += 1
        while b - a > 1 and (
            self._loose(self.trg[b - 1], keep_last) or self.trg[b - 1].kind == "postposition"
        ):
            b -= 1
        return a, b

    def _balance(
        self, span: tuple[int, int], inside: set[int], gaps: list[tuple[int, int]]
    ) -> tuple[int, int]:
        """Never cut a bracket pair: take in the closing bracket of an opening one inside the span
        and vice versa; and when the source tag ends (begins) with a bracket group
        (`Round (2)`), take in the bracket group that follows (precedes) the span."""
        a, b = span
        ga, gb = next(g for g in gaps if g[0] <= a and b <= g[1])
        texts = [w.text for w in self.trg[a:b]]
        for opening, closing in _BRACKETS:
            opened = texts.count(opening) - texts.count(closing)
            if opened > 0 and b < gb and self.trg[b].text == closing:
                b += 1
            if opened < 0 and a > ga and self.trg[a - 1].text == opening:
                a -= 1
        first, last = self.src[min(inside)].text, self.src[max(inside)].text
        for opening, closing in _BRACKETS:
            if last == closing and b < gb and self.trg[b].text == opening:
                end = next((k for k in range(b + 1, gb) if self.trg[k].text == closing), None)
                b = b if end is None else end + 1
            if first == opening and a > ga and self.trg[a - 1].text == closing:
                start = next(
                    (k for k in range(a - 2, ga - 1, -1) if self.trg[k].text == opening), None
                )
                a = a if start is None else start
        return a, b

    def _verb_group(self, span: tuple[int, int], gaps: list[tuple[int, int]]) -> tuple[int, int]:
        """Never cut a verb group (`実行|さ|れ|ませ|ん`, `않|습니다`): a span that begins on a
        Japanese auxiliary takes in the verb and auxiliaries written before it
        (`返却されて<x>いない`, not `返却されてい<x>ない`); one that begins on a Korean ending
        leaves it to the stem before it; and one that ends on a verb, auxiliary or ending takes
        in the auxiliaries and endings written after it (`されません`, not `されませ`)."""
        a, b = span
        ga, gb = next(g for g in gaps if g[0] <= a and b <= g[1])
        while b - a > 1 and self.trg[a].kind == "ending":
            a += 1
        while (
            a > ga
            and self.trg[a].kind == "auxiliary"
            and self.trg[a - 1].kind in ("verb", "auxiliary")
            and self.trg[a - 1].end == self.trg[a].start
        ):
            a -= 1
        while (
            b < gb
            and self.trg[b - 1].kind in ("verb", "auxiliary", "ending")
            and self.trg[b].kind in ("auxiliary", "ending")
            and self.trg[b - 1].end == self.trg[b].start
        ):
            b += 1
        return a, b

    @staticmethod
    def _loose(word: Word, keep_punct: bool) -> bool:
        return word.kind == "particle" or (word.kind == "punct" and not keep_punct)

    def _joins(self, j: int, neighbour: int) -> bool:
        word, other = self.trg[j], self.trg[neighbour]
        touching = word.end == other.start or other.end == word.start
        return touching and word.glue and j not in self.aligned

    def _fallback_span(
        self, inside: set[int], gaps: list[tuple[int, int]]
    ) -> tuple[int, int] | None:
        """No link: the free target words at the tag's relative position in the source."""
        if not gaps:
            return None
        first, last = min(inside), max(inside) + 1
        a = round(first * self.m / self.n)
        b = max(a + 1, round(last * self.m / self.n))
        ga, gb = min(gaps, key=lambda g: (max(g[0] - a, a - g[1] + 1, 0), g[0]))
        a = min(max(a, ga), gb - 1)
        return a, min(max(b, a + 1), gb)


def _kin(a: str, b: str) -> bool:
    """Whether two lowercased words are one word or one holds the other (`calculate`,
    `recalculate`): a derived word shares its stem's translation."""
    return a == b or (min(len(a), len(b)) >= 3 and (a in b or b in a))


class _SpanEdges:
    """The placed sibling spans by the source offset where their tag ends and where it begins, each with
    its place in the placing order: a point's neighbours found without a scan of all the siblings."""

    def __init__(self, spans: list[Placed]) -> None:
        self.ending: dict[int, list[tuple[int, Placed]]] = {}
        self.starting: dict[int, list[tuple[int, Placed]]] = {}
        for n, node in enumerate(spans):
            self.ending.setdefault(node.tag.end, []).append((n, node))
            self.starting.setdefault(node.tag.start, []).append((n, node))


def _free_gaps(lo: int, hi: int, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    gaps, pos = [], lo
    for a, b in sorted(taken):
        if a > pos:
            gaps.append((pos, a))
        pos = max(pos, b)
    if hi > pos:
        gaps.append((pos, hi))
    return gaps
