"""Enumerations: a projected tag follows the translation's lists (`A, B, and C`, `A、B、C`).

Software help and legal text list things everywhere (menu paths, field lists, `A, B, and C`), in
every language, with the list separators `,` `、` `，` `;` `；` — and `·` `・` between terms of
scripts written without spaces. Two language-independent principles, applied to the placed spans
(`edges.Span`, characters of the translation) once the other placement rules are done
(`respect_lists`, after `units.respect_units`):

1. **A span does not take in a list separator its source tag's text does not have**
   (`_Lists.trim`): a span that holds more separators than its source tag's text is cut at its
   outermost separators, the piece beyond one dropped when more of its link mass comes from
   source words outside the tag than from the tag's own words (`<b>독성, 미생물</b>` where
   `미생물` translates the next tag's `Microorganisms` → `<b>독성</b>, 미생물`). A piece whose links are
   the tag's own stays (a German `Stellen Sie sicher, dass …` for `Make sure that …` writes a comma
   English does not); a span is never emptied nor a child of it.
2. **Coordinated siblings follow the target's list** (`_Lists.coordinate`): sibling tags whose
   source text is separated only by separators and at most one word (a conjunction: `<a>X</a>,
   <a>Y</a>, and <a>Z</a>`, `<a>X</a> and <a>Y</a>`) take, where the translation has the same number
   of separator-delimited items between the siblings' first and last linked words (and their
   spans), one item each in order: its whole text up to the separator, less the words at its
   edges linked only outside the siblings (the conjunction `および`, `및`, a particle `의` linked to
   `from`), unlinked particles at its edges and whitespace.

What is **not a separator**: a mark inside a bracket or quotation group (`units.groups_of`) that
does not also enclose the whole span (`<b>Text (Long, Short)</b>`), an ASCII `,` or `;` between
two letters or digits (`1,000`, `3,5 %`, `f(a,b)`, a token the translation copies), and a middle dot
between Latin letters or between two katakana (`ユーザー・インターフェース`: one foreign word).

Where rule 2 refuses (the spans stay as placed): a different number of items than siblings; the
siblings' spans placed in another order than the source's (the translation reordered the list); a
span of another tag in the region; an item left empty, or without a link from its sibling's
words; an item that holds a word linked only to source words outside the siblings (a predicate
or another phrase between two terms: `A を選択し、B`).
"""

from __future__ import annotations

import bisect
from typing import Mapping

import regex

from tagmt.project.align import Links
from tagmt.project.edges import Span
from tagmt.project.units import _set, groups_of
from tagmt.project.wordseg import Word

SEPARATORS = ",、，;；"
"""List separators in every script (the ideographic comma `、` and the full-width forms)."""
MIDDLE_DOTS = "·・"
"""Middle dots: a separator between two terms of CJK or Hangul script, not inside a Latin word
(`l·l`) nor between katakana (a foreign word: `ユーザー・インターフェース`)."""
_ASCII = ",;"
_WORDCHAR = regex.compile(r"[\p{L}\p{N}]")
_CJK = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]")
_KATAKANA = regex.compile(r"[\p{Katakana}ー]")
_GAP_WORD = regex.compile(r"^[\p{L}\p{M}]+$")
_LOOSE = ("particle",)  # word kinds an item does not begin or end with (unless linked inside)


def separator_offsets(text: str) -> list[int]:
    """Offsets of the marks of `text` that separate list items (module docstring), before any
    bracket group is considered (`counted` does that)."""
    found = []
    for x, char in enumerate(text):
        if char in SEPARATORS:
            if char in _ASCII and 0 < x < len(text) - 1 and _WORDCHAR.match(text[x - 1]) \
                    and _WORDCHAR.match(text[x + 1]):
                continue  # `1,000`, `a,b`: inside a token
            found.append(x)
        elif char in MIDDLE_DOTS and 0 < x < len(text) - 1:
            before, after = text[x - 1], text[x + 1]
            if _CJK.match(before) and _CJK.match(after) and not (
                _KATAKANA.match(before) and _KATAKANA.match(after)
            ):
                found.append(x)
    return found


class Separators:
    """The separators of one text with the innermost bracket or quotation group around each:
    `within(start, end)` gives those that count for a span `[start, end)` — all but the ones
    inside a group that does not enclose the whole span. Linear to build (one sweep)."""

    def __init__(self, text: str, groups: list[tuple[int, int]] | None = None) -> None:
        self.text = text
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


def respect_lists(
    spans: list[Span], plain: str, text: str, aligned: tuple[list[Word], list[Word], Links],
    weights: Mapping[tuple[int, int], float] | None = None,
) -> list[Span]:
    """Rules 2 then 1 of the module docstring on the placed spans, parents first (in place; the
    spans are returned). `aligned`: source words, target words, links; `weights`: the links'
    confidences and weak links (`confidence.link_weights`; None: every link counts 1)."""
    lists = _Lists(plain, text, aligned, weights)
    lists.visit(spans, 0, len(text))
    return spans


class _Lists:
    def __init__(
        self, plain: str, text: str, aligned: tuple[list[Word], list[Word], Links],
        weights: Mapping[tuple[int, int], float] | None,
    ) -> None:
        self.plain = plain
        self.text = text
        self.src, self.trg, links = aligned
        self.source = Separators(plain)
        self.target = Separators(text)
        # target word → (source word, what the link counts: its confidence; weak links too)
        counts = {**dict.fromkeys(links, 1.0), **(weights or {})}
        self.sources: list[list[tuple[int, float]]] = [[] for _ in self.trg]
        for (i, j), x in sorted(counts.items()):
            if i < len(self.src) and j < len(self.trg) and x > 0:
                self.sources[j].append((i, x))
        self.starts = [w.start for w in self.trg]

    # ------------------------------------------------------------------ helpers

    def words_in(self, start: int, end: int) -> range:
        """The target words that lie in `[start, end)`."""
        a = bisect.bisect_left(self.starts, start)
        b = a
        while b < len(self.trg) and self.trg[b].end <= end:
            b += 1
        return range(a, b)

    def _in_tag(self, i: int, tag) -> bool:
        return tag.start <= self.src[i].start and self.src[i].end <= tag.end

    def mass(self, start: int, end: int, tag) -> tuple[float, float]:
        """The link mass landing in `[start, end)`: from the source words of `tag`, and from the
        others."""
        inside = outside = 0.0
        for j in self.words_in(start, end):
            for i, x in self.sources[j]:
                if self._in_tag(i, tag):
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

    def source_count(self, node: Span) -> int:
        return len(self.source.within(node.tag.start, node.tag.end))

    # ------------------------------------------------------------------ walk

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        self.coordinate(nodes, lo, hi)
        for node in nodes:
            if not node.point and node.end > node.start:
                self.trim(node)
        for node in nodes:
            self.visit(node.children, node.start, node.end)

    # ------------------------------------------------------------------ rule 1

    def trim(self, node: Span) -> bool:
        """Rule 1: drop the end pieces beyond separators the source tag does not have, while the
        piece's links come more from outside the tag than from it; whether the span moved."""
        allowed = self.source_count(node)
        start, end = node.start, node.end
        moved = False
        while True:
            seps = self.target.within(start, end)
            if len(seps) <= allowed:
                break
            first, last = seps[0], seps[-1]
            left_in, left_out = self.mass(start, first, node.tag)
            right_in, right_out = self.mass(last + 1, end, node.tag)
            options = []
            if left_out > left_in:
                options.append((left_in - left_out, _skip_space(self.text, first + 1, end), end))
            if right_out > right_in:
                options.append((right_in - right_out, start, _back_space(self.text, start, last)))
            options = [o for o in sorted(options) if self.keeps(node, o[1], o[2])]
            if not options:
                break
            _, start, end = options[0]  # drop the piece with the most outside mass first
            moved = True
        if moved:
            _set(node, start, end)
        return moved

    # ------------------------------------------------------------------ rule 2

    def coordinate(self, nodes: list[Span], lo: int, hi: int) -> None:
        """Rule 2 on each run of coordinated siblings among `nodes`."""
        ordered = sorted(nodes, key=lambda n: (n.tag.start, n.order))
        run: list[Span] = []
        for node in ordered:
            if run and self._coordinated(run[-1], node):
                run.append(node)
                continue
            if len(run) >= 2:
                self._follow(run, nodes, lo, hi)
            run = [node] if self._listable(node) else []
        if len(run) >= 2:
            self._follow(run, nodes, lo, hi)

    def _listable(self, node: Span) -> bool:
        return not node.point and node.end > node.start and bool(self.plain[node.tag.start : node.tag.end].strip())

    def _coordinated(self, before: Span, after: Span) -> bool:
        """Whether the source writes only separators, whitespace and at most one word between
        two sibling tags."""
        if not self._listable(after) or after.tag.start < before.tag.end:
            return False
        gap = self.plain[before.tag.end : after.tag.start]
        seps = set(self.source.within(before.tag.end, after.tag.start))
        rest = "".join(
            " " if before.tag.end + k in seps else char for k, char in enumerate(gap)
        ).split()
        return len(rest) <= 1 and all(_GAP_WORD.match(word) for word in rest) and (
            bool(seps) or len(rest) == 1
        )

    def _follow(self, run: list[Span], nodes: list[Span], lo: int, hi: int) -> bool:
        """Rule 2 on one run of coordinated siblings (in source order); whether it applied."""
        members = {id(node) for node in run}
        others = [n for n in nodes if id(n) not in members and not n.point and n.end > n.start]
        first, last = min(n.start for n in run), max(n.end for n in run)
        if any(n.start < last and first < n.end for n in others):
            return False
        left = max([lo] + [n.end for n in others if n.end <= first])
        right = min([hi] + [n.start for n in others if n.start >= last])
        tags = [node.tag for node in run]
        linked = [j for j in self.words_in(left, right) if self.side(j, tags, None) in ("own", "sibling")]
        start, end = first, last
        seps = self.target.within(start, end)
        if len(seps) != len(run) - 1:  # the spans alone do not hold the list: their links may
            start = min([start] + [self.trg[j].start for j in linked])
            end = max([end] + [self.trg[j].end for j in linked])
            seps = self.target.within(start, end)
            if len(seps) != len(run) - 1:
                return False
        # the first and last items reach the siblings' linked words up to the next separator
        before = [x for x in self.target.within(left, start) if x < start]
        after = [x for x in self.target.within(end, right) if x >= end]
        floor, ceiling = (before[-1] + 1 if before else left), (after[0] if after else right)
        start = min([start] + [self.trg[j].start for j in linked if self.trg[j].start >= floor])
        end = max([end] + [self.trg[j].end for j in linked if self.trg[j].end <= ceiling])
        bounds = [start] + [x + 1 for x in seps]
        stops = seps + [end]
        if not self._in_order(run, bounds, stops):
            return False
        items = []
        for node, a, b in zip(run, bounds, stops):
            item = self._item(node, tags, a, b)
            if item is None or not self.keeps(node, *item):
                return False
            items.append(item)
        if all((n.start, n.end) == item for n, item in zip(run, items)):
            return False
        for node, (a, b) in zip(run, items):
            _set(node, a, b)
        return True

    def _in_order(self, run: list[Span], bounds: list[int], stops: list[int]) -> bool:
        """Whether the siblings' links follow the items in order: the item that holds most of each
        sibling's link mass never goes back (a translation that reorders the list does)."""
        best = []
        for node in run:
            masses = [self.mass(a, b, node.tag)[0] for a, b in zip(bounds, stops)]
            if max(masses) > 0:
                best.append(masses.index(max(masses)))
        return all(a <= b for a, b in zip(best, best[1:]))

    def side(self, j: int, tags, own) -> str:
        """Whose target word `j` is by its links: `own` (the tag `own`'s words link it), `sibling`
        (another of `tags`), `outside` (more of its link mass from other words), or `none`."""
        mine = theirs = out = 0.0
        for i, x in self.sources[j]:
            if own is not None and self._in_tag(i, own):
                mine += x
            elif any(self._in_tag(i, tag) for tag in tags):
                theirs += x
            else:
                out += x
        if not mine + theirs + out:
            return "none"
        if out > mine + theirs:
            return "outside"
        return "own" if mine else "sibling"

    def _item(self, node: Span, tags, a: int, b: int) -> tuple[int, int] | None:
        """The item `[a, b)` of the sibling `node`: less the words at its edges that are linked
        outside the siblings or are unlinked particles (and so less whitespace); None when no
        word of it is linked to a sibling or one is linked outside the siblings."""
        words = list(self.words_in(a, b))
        sides = {j: self.side(j, tags, node.tag) for j in words}

        def loose(j: int) -> bool:
            return sides[j] == "outside" or (sides[j] == "none" and self.trg[j].kind in _LOOSE)

        while words and loose(words[0]):
            words.pop(0)
        while words and loose(words[-1]):
            words.pop()
        if not words:
            return None
        kinds = {sides[j] for j in words}
        if "outside" in kinds or not kinds & {"own", "sibling"}:
            return None
        return self.trg[words[0]].start, self.trg[words[-1]].end


def _skip_space(text: str, x: int, end: int) -> int:
    while x < end and text[x].isspace():
        x += 1
    return x


def _back_space(text: str, start: int, x: int) -> int:
    while x > start and text[x - 1].isspace():
        x -= 1
    return x
