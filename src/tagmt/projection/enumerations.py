"""Enumerations: a projected tag follows the translation's lists (`A, B, and C`, `A、B、C`).

Software help and legal text list things everywhere (menu paths, field lists, `A, B, and C`), in
every language, with the list separators `,` `、` `，` `;` `；` — and `·` `・` between terms of
scripts written without spaces. Two language-independent principles, applied to the placed spans
(`edges.Span`, characters of the translation) once the other placement rules are done
(`respect_lists`, after `units.respect_units`), parents first, rule 2 before rule 1:

1. **A span does not take in a list separator its source tag's text does not have**
   (`_Lists.trim`): a span holding more separators than its source tag's text is cut back at
   its outermost separator, dropping the piece beyond it, when more of that piece's link mass
   comes from source words outside the tag than from the tag's own (`<u>독성, 미생물</u>` where
   `미생물` translates the next tag's `Microorganisms` → `<u>독성</u>, 미생물`); the piece with the
   most outside mass goes first. A piece linked mostly to the tag's own words stays: a German
   `Stellen Sie sicher, dass …` for `Make sure that …` writes a comma English does not, and
   Japanese and Korean write a comma after many clauses. A span is never emptied, nor a child of
   it.

2. **Coordinated siblings follow the target's list** (`_Lists.coordinate`): sibling tags whose
   source texts are separated only by separators, whitespace and at most one word (a
   conjunction: `<a>X</a>, <a>Y</a>, and <a>Z</a>`, `<a>X</a> and <a>Y</a>`) take one item each, in
   order, where the translation has as many delimited items as there are siblings between the
   first and the last of the siblings' spans (or, failing that, of their linked words). A
   delimiter is a separator, or a word linked mostly to the source's words between the siblings
   (`und` linked to `and` in `Name, Straße und Ort`: Latin scripts write a conjunction before the
   last item), the two as one when only whitespace is between them (`、および`). An item is its whole text up to the separator — the first and last items reach the
   siblings' linked words before the next separator out — less, at its edges, the words linked
   only outside the siblings (the conjunction `および`, `및`; `의` linked to `from`), unlinked
   particles and whitespace. `<u>수중 무척추</u> 동물에 대한 독성, <u>수생</u> 식물에 대한 <u>독성,
   미생물</u>에 대한 독성의` → `<u>수중 무척추 동물에 대한 독성</u>, <u>수생 식물에 대한 독성</u>,
   <u>미생물에 대한 독성</u>의`.

What is **not a separator**: a mark inside a bracket or quotation group (`units.groups_of`) that
does not enclose the whole span (`<b>Text (Long, Short)</b>`); an ASCII `,` or `;` between two
letters or digits (`1,000`, `3,5 %`, `f(a,b)`: a token); a middle dot not between two letters of
CJK or Hangul script, or between two katakana (`ユーザー・インターフェース` is one foreign word).

Rule 2 refuses (the spans stay as placed) when the translation has another number of items than
there are siblings; when the item that holds most of a sibling's link mass comes before an
earlier sibling's (the translation reordered the list); when a span of another tag, or an item
a run before this one took, lies in the list; when an item is left without a word linked to a
sibling, holds a word linked mostly outside the siblings (another phrase between two terms:
`A を選択し、B`), or cuts a bracket or quotation group. Marks are never trimmed from an item:
their links are not translations.

Cost: linear in the segment's words, links, separators and tags (each run's words are read once;
sorted edges give each run its neighbours by bisection).

Measured (`benchmarks/bench_projection.py --modes cv`, 2-fold CV, oracle translations, exact %, main
ebbf362 → with this module, seed 1 / seed 11): SAP en-ja 92.7 → 93.1 / 92.0 → 92.7, en-ko 90.4 → 91.2 /
90.0 → 91.2, en-zh 92.5 → 92.3 / 92.7 → 92.7, en-zf 96.4 → 96.2 / 96.4 → 96.2 (Chinese: the span ranker, which
learns from the examples' projections that the rules change too, moved the one zh span they fixed
back, and one zf span onto `<u>以及 [到期日]</u>` where the rules leave `以及 <u>[到期日]</u>`);
EUR-Lex de/fr/hu 97.7/98.7/97.4 and glossary de/fr/hu
96.9/95.5/94.4 unchanged. Fixed: `<u>제거</u>, <u>위</u>로 <u>이동</u>, 아래로 이동` →
`<u>제거</u>, <u>위로 이동</u>, <u>아래로 이동</u>`; `<u>Word ファイル</u>生成または<u>PDF ファイル</u>生成` →
`<u>Word ファイル生成</u>または<u>PDF ファイル生成</u>`.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Sequence

import regex

from tagmt.projection.detag import SourceTag
from tagmt.projection.edges import Span
from tagmt.projection.scripts import KATAKANA_LONG, WIDE
from tagmt.projection.units import _set, dictionary_words, groups_of
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports `units`, which this module reads: a type only)
    from tagmt.projection.context import PairContext

SEPARATORS = ",、，;；"
"""List separators in every script (the ideographic comma `、` and the full-width forms)."""
MIDDLE_DOTS = "·・"
"""Middle dots: a separator between two terms of CJK or Hangul script, not inside a Latin word
(`l·l`) nor between two katakana (a foreign word: `ユーザー・インターフェース`)."""
_ASCII = ",;"
_WORDCHAR = regex.compile(r"[\p{L}\p{N}]")
_GAP_WORD = regex.compile(r"^[\p{L}\p{M}]+$")
_LOOSE = ("particle",)
"""Word kinds an item sheds at its edges when unlinked (the placement rules' own: a span does not
begin or end with a particle)."""


def separator_offsets(text: str) -> list[int]:
    """Offsets of the marks of `text` that separate list items (module docstring), before any
    bracket group is considered (`Separators.within` does that)."""
    found = []
    for x, char in enumerate(text):
        if char in SEPARATORS:
            if char in _ASCII and 0 < x < len(text) - 1 and _WORDCHAR.match(text[x - 1]) \
                    and _WORDCHAR.match(text[x + 1]):
                continue  # `1,000`, `a,b`: inside a token
            found.append(x)
        elif char in MIDDLE_DOTS and 0 < x < len(text) - 1:
            before, after = text[x - 1], text[x + 1]
            if WIDE.match(before) and WIDE.match(after) and not (
                KATAKANA_LONG.match(before) and KATAKANA_LONG.match(after)
            ):
                found.append(x)
    return found


class Separators:
    """The separators of one text with the innermost bracket or quotation group around each:
    `within(start, end)` gives those that count for a span `[start, end)` — all but the ones
    inside a group that does not enclose the whole span. Linear to build (one sweep)."""

    def __init__(self, text: str, groups: list[tuple[int, int]] | None = None) -> None:
        self.offsets = separator_offsets(text)
        groups = groups_of(text) if groups is None else groups
        self.innermost: list[tuple[int, int] | None] = []
        events = sorted([(o, 0, (o, c)) for o, c in groups] + [(c, 1, (o, c)) for o, c in groups])
        stack: list[tuple[int, int]] = []
        k = 0
        for x in self.offsets:
            while k < len(events) and events[k][0] < x:
                _, kind, group = events[k]
                if kind == 0:
                    stack.append(group)
                elif stack and stack[-1] == group:
                    stack.pop()
                k += 1
            self.innermost.append(stack[-1] if stack else None)

    def within(self, start: int, end: int) -> list[int]:
        """The separators that count for the span `[start, end)`, in order."""
        a = bisect.bisect_left(self.offsets, start)
        b = bisect.bisect_left(self.offsets, end)
        return [
            self.offsets[k] for k in range(a, b)
            if self.innermost[k] is None or (self.innermost[k][0] < start and end <= self.innermost[k][1])
        ]


def respect_lists(spans: list[Span], ctx: PairContext) -> list[Span]:
    """Rules 2 then 1 of the module docstring on the placed spans of `ctx`, parents first (in place; the
    spans are returned). Reads the context's words, links and their weights (`confidence.link_weights`;
    None: every link counts 1), groups, word offsets and dictionary pieces."""
    if not spans:
        return spans
    _Lists(ctx).visit(spans, 0, len(ctx.translation))
    return spans


class _Lists:
    def __init__(self, ctx: PairContext) -> None:
        self.ctx = ctx
        self.plain = ctx.plain
        self.text = ctx.translation
        self.src, self.trg, links = ctx.aligned
        self.source = Separators(self.plain, ctx.source_groups)
        groups = ctx.groups
        self.target = Separators(self.text, groups)
        self.partner = {o: c for o, c in groups} | {c: o for o, c in groups}
        self.marks = sorted(self.partner)
        # target word → (source word, what its link counts: its confidence; weak links too)
        counts = {**dict.fromkeys(links, 1.0), **(ctx.weights or {})}
        self.sources: list[list[tuple[int, float]]] = [[] for _ in self.trg]
        for (i, j), x in sorted(counts.items()):
            if 0 <= i < len(self.src) and 0 <= j < len(self.trg) and x > 0:
                self.sources[j].append((i, x))
        self.starts = ctx.trg_starts
        self.dictionary: list[tuple[int, int]] | None = None
        self.dictionary_starts: list[int] = []
        self.linked_sources = {i for sources in self.sources for i, _ in sources}
        self.translations: dict[str, set[str]] = {}  # a source word, lowercased → its linked target words
        for j, sources in enumerate(self.sources):
            for i, _ in sources:
                self.translations.setdefault(self.src[i].text.lower(), set()).add(self.trg[j].text)
        self.src_starts = ctx.src_starts

    # ------------------------------------------------------------------ helpers

    def words_in(self, start: int, end: int) -> range:
        """The target words that lie in `[start, end)`."""
        return words_within(self.trg, self.starts, start, end)

    def source_words(self, tag: SourceTag) -> range:
        """The source words that lie in the tag's text."""
        return words_within(self.src, self.src_starts, tag.start, tag.end)

    def mass(self, start: int, end: int, own: range) -> tuple[float, float]:
        """The link mass landing in `[start, end)`: from the source words `own`, from the others."""
        inside = outside = 0.0
        for j in self.words_in(start, end):
            for i, x in self.sources[j]:
                if i in own:
                    inside += x
                else:
                    outside += x
        return inside, outside

    def keeps(self, node: Span, start: int, end: int) -> bool:
        """Whether `[start, end)` has text, and each child span clamped into it still has."""
        if not self.text[start:end].strip():
            return False
        return all(
            self.text[max(child.start, start) : min(child.end, end)].strip()
            for child in node.children if not child.point and child.end > child.start
        )

    def cuts_group(self, a: int, b: int) -> bool:
        """Whether `[a, b)` holds one mark of a bracket or quotation group but not its partner."""
        first, stop = bisect.bisect_left(self.marks, a), bisect.bisect_left(self.marks, b)
        return any(not a <= self.partner[x] < b for x in self.marks[first:stop])

    # ------------------------------------------------------------------ walk

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        self.coordinate(nodes, lo, hi)
        for node in nodes:
            if not node.point and node.end > node.start:
                self.trim(node)
        for node in nodes:
            if node.children:
                self.visit(node.children, node.start, node.end)

    # ------------------------------------------------------------------ rule 1

    def trim(self, node: Span) -> bool:
        """Rule 1: drop the end pieces beyond separators the source tag does not have while the
        piece's links come more from outside the tag than from it; whether the span moved."""
        allowed = len(self.source.within(node.tag.start, node.tag.end))
        seps = self.target.within(node.start, node.end)
        if len(seps) <= allowed:
            return False
        own = self.source_words(node.tag)
        start, end = node.start, node.end
        first, last = 0, len(seps) - 1  # the separators still in the span: seps[first..last]
        while last - first + 1 > allowed:
            options = []
            left_in, left_out = self.mass(start, seps[first], own)
            if left_out > left_in:
                options.append((left_in - left_out, "left"))
            right_in, right_out = self.mass(seps[last] + 1, end, own)
            if right_out > right_in:
                options.append((right_in - right_out, "right"))
            cut = None
            for _, side in sorted(options):  # the piece with the most outside mass first
                a, b = (_skip_space(self.text, seps[first] + 1, end), end) if side == "left" else (
                    start, _back_space(self.text, start, seps[last]))
                if self.keeps(node, a, b):
                    cut = side, a, b
                    break
            if cut is None:
                break
            side, start, end = cut
            if side == "left":
                first += 1
            else:
                last -= 1
        if (start, end) == (node.start, node.end):
            return False
        _set(node, start, end)
        return True

    # ------------------------------------------------------------------ rule 2

    def coordinate(self, nodes: list[Span], lo: int, hi: int) -> None:
        """Rule 2 on each run of coordinated siblings among `nodes` (in source order)."""
        spans = [n for n in nodes if not n.point and n.end > n.start]
        self.sibling_starts = sorted(n.start for n in spans)
        self.sibling_ends = sorted(n.end for n in spans)
        self.taken: list[tuple[int, int]] = []  # the regions earlier runs took, sorted, disjoint
        run: list[Span] = []
        ordered = sorted(nodes, key=lambda n: (n.tag.start, n.order))
        attached = self._attached(ordered)
        for node in ordered:
            if id(node) in attached:
                node = None
            if run and node is not None and self._coordinated(run[-1], node):
                run.append(node)
                continue
            if len(run) >= 2:
                self._follow(run, lo, hi)
            run = [node] if node is not None and self._listable(node) else []
        if len(run) >= 2:
            self._follow(run, lo, hi)

    def _listable(self, node: Span) -> bool:
        return not node.point and node.end > node.start and bool(
            self.plain[node.tag.start : node.tag.end].strip())

    def _attached(self, ordered: list[Span]) -> set[int]:
        """The siblings written right against another one in the source (`<ui>Fiscal Year</ui><tn>
        =$Year$</tn>`): one unit of the text with it, not an item of a list."""
        found = set()
        for before, after in zip(ordered, ordered[1:]):
            if after.tag.start >= before.tag.end and not self.plain[before.tag.end : after.tag.start].strip():
                found |= {id(before), id(after)}
        return found

    def _coordinated(self, before: Span, after: Span) -> bool:
        """Whether the source writes only separators, whitespace and at most one word between
        two sibling tags, and a separator or a word."""
        if not self._listable(after) or after.tag.start < before.tag.end:
            return False
        seps = set(self.source.within(before.tag.end, after.tag.start))
        rest = "".join(
            " " if before.tag.end + k in seps else char
            for k, char in enumerate(self.plain[before.tag.end : after.tag.start])
        ).split()
        return len(rest) <= 1 and all(_GAP_WORD.match(word) for word in rest) and (
            bool(seps) or len(rest) == 1
        )

    def _follow(self, run: list[Span], lo: int, hi: int) -> bool:
        """Rule 2 on one run of coordinated siblings (in source order); whether it applied."""
        first, last = min(n.start for n in run), max(n.end for n in run)
        overlapping = bisect.bisect_left(self.sibling_starts, last) - bisect.bisect_right(self.sibling_ends, first)
        if overlapping > len(run):
            return False  # another tag's span lies among the siblings'
        k = bisect.bisect_right(self.sibling_ends, first)
        left = max(lo, self.sibling_ends[k - 1] if k else lo)
        k = bisect.bisect_left(self.sibling_starts, last)
        right = min(hi, self.sibling_starts[k] if k < len(self.sibling_starts) else hi)
        owner: dict[int, int] = {}  # source word → the sibling (index in `run`) whose text holds it
        for k, node in enumerate(run):
            owner.update(dict.fromkeys(self.source_words(node.tag), k))
        linked = [j for j in self.words_in(left, right) if self.side(j, owner, None) in ("own", "sibling")]
        joining = {  # the source words between the siblings: a conjunction (`and`, `or`)
            i for before, after in zip(run, run[1:])
            for i in self.source_words(SourceTag("", "", before.tag.end, after.tag.start))
        }
        start, end = first, last
        delimiters = self._delimiters(start, end, joining)
        if len(delimiters) != len(run) - 1:  # the spans alone do not hold the list: their links may
            start = min([start] + [self.trg[j].start for j in linked])
            end = max([end] + [self.trg[j].end for j in linked])
            delimiters = self._delimiters(start, end, joining)
            if len(delimiters) != len(run) - 1:
                return False
        # the first and last items reach the siblings' linked words up to the next separator out
        # (any sibling's: a list repeats its shared words, `Toxicity`, and the aligner links them
        # across items; only the first's or last's own measured 0.6 lower on SAP ko)
        before = self.target.within(left, start)
        after = self.target.within(end, right)
        floor, ceiling = (before[-1] + 1 if before else left), (after[0] if after else right)
        start = min([start] + [self.trg[j].start for j in linked if self.trg[j].start >= floor])
        end = max([end] + [self.trg[j].end for j in linked if self.trg[j].end <= ceiling])
        start = self._echo(run[0].tag, start, floor, -1)
        end = self._echo(run[-1].tag, end, ceiling, 1)
        if self._delimiters(start, end, joining) != delimiters:
            return False
        t = bisect.bisect_left(self.taken, (start, start))
        if (t and self.taken[t - 1][1] > start) or (t < len(self.taken) and self.taken[t][0] < end):
            return False  # an earlier run's items are there
        bounds, stops = [start] + [b for _, b in delimiters], [a for a, _ in delimiters] + [end]
        if not self._in_order(run, owner, bounds, stops):
            return False
        sides = {j: self.side(j, owner, None) for j in self.words_in(left, right)}
        echoes = {self.trg[j].text for j, side in sides.items() if side == "outside"} - {
            self.trg[j].text for j, side in sides.items() if side == "sibling"}
        items = []
        for k, (node, a, b) in enumerate(zip(run, bounds, stops)):
            item = self._item(k, node, owner, a, b, echoes)
            if item is None or not self.keeps(node, *item):
                return False
            items.append(item)
        if all((n.start, n.end) == item for n, item in zip(run, items)):
            return False
        for node, (a, b) in zip(run, items):
            _set(node, a, b)
        bisect.insort(self.taken, (items[0][0], items[-1][1]))
        return True

    def _delimiters(self, start: int, end: int, joining: set[int]) -> list[tuple[int, int]]:
        """What delimits the items in `[start, end)`: the separators, and the words linked mostly
        to the source's words between the siblings (`und` for `and` in `A, B und C`); a separator
        and such a word with only whitespace between are one delimiter (`、および`)."""
        found = [(x, x + 1) for x in self.target.within(start, end)]
        for j in self.words_in(start, end):
            mass = sum(x for i, x in self.sources[j] if i in joining)
            if self.trg[j].kind != "punct" and mass and 2 * mass > sum(x for _, x in self.sources[j]):
                found.append((self.trg[j].start, self.trg[j].end))
        merged: list[tuple[int, int]] = []
        for a, b in sorted(found):
            if merged and not self.text[merged[-1][1] : a].strip():
                merged[-1] = (merged[-1][0], b)
            else:
                merged.append((a, b))
        return merged

    def _whole(self, a: int, b: int) -> tuple[int, int]:
        """`[a, b)` widened over the dictionary words of an unspaced script its edges split
        (`销|售` → `销售`, `units.dictionary_words`; read once a segment, when an item needs it)."""
        if self.dictionary is None:
            self.dictionary = dictionary_words(self.text, self.ctx.pieces)
            self.dictionary_starts = [w[0] for w in self.dictionary]
        for x in (a, b):
            k = bisect.bisect_right(self.dictionary_starts, x) - 1
            if k >= 0 and self.dictionary[k][0] < x < self.dictionary[k][1]:
                a, b = min(a, self.dictionary[k][0]), max(b, self.dictionary[k][1])
        return a, b

    def predicate(self, j: int) -> bool:
        """Target word `j` is a form of the copula written onto a noun (`Profile.copulas`: `MKTG라는 노드`, `X입니다`)
        or the ending of one: the sentence's predicate, no part of a list item (as a particle is not), whatever
        (weak) link the aligner gave it to the item's noun."""
        profile, trg = self.ctx.trg_profile, self.trg
        if profile is None:
            return False
        if trg[j].kind == "ending":  # (the ending of a copula glued before it: `시스템|이|라는`)
            return j > 0 and trg[j - 1].end == trg[j].start and trg[j - 1].text in profile.copulas
        return trg[j].text in profile.copulas and trg[j].kind in ("verb", "auxiliary")

    def echoes_of(self, own: range) -> set[str]:
        """The target words linked to a source word written like one of `own` (lowercased)."""
        return set().union(*(self.translations.get(self.src[i].text.lower(), ()) for i in own))

    def sources_linked(self, i: int) -> bool:
        """Whether source word `i` has a link (a weak one too)."""
        return i in self.linked_sources

    def _echo(self, tag: SourceTag, x: int, limit: int, step: int) -> int:
        """The first (`step` -1) or last (1) item's edge `x` moved out, towards `limit`, over
        unlinked particles and unlinked repeats of a word linked to a word of the sibling's text
        (`아래로 이동` for `Move Down` when the aligner linked `Move` to the `이동` of `Move Up`: a
        list writes a shared word in each item), up to the last such repeat."""
        own = {self.src[i].text.lower() for i in self.source_words(tag)}
        words = self.words_in(*((limit, x) if step < 0 else (x, limit)))
        if not words:
            return x
        echoes = set().union(*(self.translations.get(word, ()) for word in own))
        best = x
        for j in (reversed(words) if step < 0 else words):
            if self.sources[j] or not (self.trg[j].kind in _LOOSE or self.trg[j].text in echoes):
                break
            if self.trg[j].text in echoes:
                best = self.trg[j].start if step < 0 else self.trg[j].end
        return best

    def _in_order(self, run: list[Span], owner: dict[int, int], bounds: list[int], stops: list[int]) -> bool:
        """Whether the siblings' links follow the items in order: the item that holds most of each
        sibling's link mass never comes before an earlier sibling's (a translation that reorders
        the list does that). One pass over the items' words."""
        masses: dict[tuple[int, int], float] = {}
        for item, (a, b) in enumerate(zip(bounds, stops)):
            for j in self.words_in(a, b):
                for i, x in self.sources[j]:
                    if i in owner:
                        masses[owner[i], item] = masses.get((owner[i], item), 0.0) + x
        best: dict[int, tuple[float, int]] = {}
        for (sibling, item), x in masses.items():
            if sibling not in best or (x, -item) > (best[sibling][0], -best[sibling][1]):
                best[sibling] = (x, item)
        order = [best[k][1] for k in range(len(run)) if k in best]
        return all(a <= b for a, b in zip(order, order[1:]))

    def side(self, j: int, owner: dict[int, int], own: int | None) -> str:
        """Whose target word `j` is by its links: `own` (the sibling `own`'s words), `sibling`
        (another sibling's), `outside` (more of its link mass from words outside the siblings),
        or `none` (unlinked)."""
        mine = theirs = out = 0.0
        for i, x in self.sources[j]:
            k = owner.get(i)
            if k is None:
                out += x
            elif k == own:
                mine += x
            else:
                theirs += x
        if not mine + theirs + out:
            return "none"
        if out > mine + theirs:
            return "outside"
        return "own" if mine else "sibling"

    def _item(
        self, k: int, node: Span, owner: dict[int, int], a: int, b: int, echoes: set[str]
    ) -> tuple[int, int] | None:
        """The item `[a, b)` of the `k`-th sibling: less the words at its edges linked outside the
        siblings, particles, and unlinked repeats of a word linked outside the siblings (`echoes`:
        `<cite>開始</cite>フェーズと<cite>スクリーニング</cite>フェーズ` for `the <cite>Initiation</cite>
        and <cite>Screening</cite> phases`, one `フェーズ` linked to `phases`), and so less
        whitespace; None when no word of it is linked to a sibling, one is linked outside the
        siblings, or it cuts a group."""
        words = list(self.words_in(a, b))
        sides = {j: self.side(j, owner, k) for j in words}

        def loose(j: int) -> bool:  # (a mark's links are not translations: marks stay)
            word = self.trg[j]
            if word.kind == "punct":
                return False
            return sides[j] == "outside" or word.kind in _LOOSE or self.predicate(j) or (
                sides[j] == "none" and len(word.text) > 1 and word.text in echoes)

        first, stop = 0, len(words)
        while first < stop and loose(words[first]):
            first += 1
        while stop > first and loose(words[stop - 1]):
            stop -= 1
        words = words[first:stop]
        kinds = {sides[j] for j in words if self.trg[j].kind != "punct"}
        if not words or "outside" in kinds or not kinds & {"own", "sibling"}:
            return None
        # the item's words linked to the siblings (or repeating the sibling's words), and those the
        # span holds already (a compound part glued to it: `承認|済`), are its core;
        # the unlinked words before (after) them are the sibling's only when its source text
        # begins (ends) with unlinked words (`Chronic Toxicity to Fish`, `Fish` unlinked → `어류에
        # 대한 만성 독성`), not an article the source does not tag (`et le <g>développement</g>`)
        own = self.source_words(node.tag)
        mine = self.echoes_of(own)
        core = [x for x, j in enumerate(words) if sides[j] in ("own", "sibling") or (
            sides[j] == "none" and self.trg[j].text in mine)
            or node.start <= self.trg[j].start and self.trg[j].end <= node.end]  # (as placed: kept)
        lead = own and not self.sources_linked(own[0])
        tail = own and not self.sources_linked(own[-1])
        words = words[0 if lead else core[0] : len(words) if tail else core[-1] + 1]
        a, b = self._whole(self.trg[words[0]].start, self.trg[words[-1]].end)
        if self.cuts_group(a, b):
            return None
        return a, b


def _skip_space(text: str, x: int, end: int) -> int:
    while x < end and text[x].isspace():
        x += 1
    return x


def _back_space(text: str, start: int, x: int) -> int:
    while x > start and text[x - 1].isspace():
        x -= 1
    return x


__all__: Sequence[str] = ("MIDDLE_DOTS", "SEPARATORS", "Separators", "respect_lists", "separator_offsets")
