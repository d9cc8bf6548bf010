"""Taught terms kept whole: a tag whose source term the examples translate as a multi-word unit takes that whole
unit where it occurs over the span, not only the word the aligner linked (issue 35).

eflomal often links one word of a multi-word equivalent — `stakeholders` to `prenantes` of `parties prenantes`,
`compliance` to `Einhaltung` of `Einhaltung der Vorschriften` — and the other words, unlinked, fall outside the
span; or a span takes in unlinked words beside the term (`eléréséhez szükséges <g>kiigazítás</g>`, where the term
is `kiigazítás`). The examples' references say what a tagged term becomes (`terms.example_terms`: the text of each
source tag and of the reference's same tag); the glossary anchors (`anchors.anchor_glossary`) use it when exactly
one of its translations occurs exactly once, written exactly so. Here, before the edge and unit rules (which then
decide on the whitespace and marks at the new edges, and keep a bracket group or dictionary word whole), a span
tag without child tags whose source term the examples translate (`PairContext.terms`, `translations`; the batch's
own whole segments too: a UI label that is a segment of its own, `Account settings` → `Paramètres du compte`)
takes the occurrence of a translation that overlaps its words (`occurrences`: at word boundaries, case folded,
each word the same or — in a language written with spaces — the same stem with another ending: `partie prenante`
for `parties prenantes`, `érdekelt feleket` for `érdekelt felek`), when

* every word it takes in translates nothing outside the tag (unlinked, or linked only to the tag's words): words
  owned by another source word stay outside;
* every word it leaves translates nothing of the tag (no link to the tag's words);
* it overlaps no sibling span and swallows no point, stays inside its parent, and cuts no dictionary word of a
  language written without spaces (`PairContext.pieces`: `<ui>未清项</ui>目表` is not the label `未清项`).

Only the span's words count (not the marks at its edges), and an edge the occurrence does not move past those
marks stays where it is (a quotation mark an earlier stage took in). Of the occurrences over the span (itself one
of them, when it is), the one written exactly is preferred to a stem match, then the one sharing the most words
with the span, then the longest: a span that is one taught translation stays unless a longer one holds it
(`Paramètres` and `Paramètres du compte`: the label as the translation writes it).

Whether to do this at all is learned, never assumed (`kept_whole`): the examples whose term the other examples
teach must show the taught translation as their tag's whole text in most cases (`projector.Projector` then gives
the context the taught terms; without examples or a model, none). The cases are counted (`whole_cases`), so that a
projection model keeps them (`conventions.WHOLE_KEY`) and a file projected with the model alone decides as one
projected with the examples does (`keeps_whole`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from tagmt.projection.conventions import keyed_tags
from tagmt.projection.detag import Detagged
from tagmt.projection.edges import Span

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

Terms = Mapping[str, set[str]]
"""Term → its translations (`terms.Terms.taught`)."""

STEM_MIN = 4
"""The shortest shared beginning that makes two words the same stem (`same_stem`)."""
ENDING_MAX = 4
"""The longest ending either word may have past the shared beginning (`parties`/`partie`, `feleket`/`felek`;
not `Arbeitgeber`/`Arbeit`, a compound)."""
MIN_CASES = 2
"""`kept_whole`: fewer examples whose term another example teaches decide nothing (the stage stays off)."""


def same_stem(a: str, b: str) -> bool:
    """Whether two words (case folded) are one word with different endings: a shared beginning of at least
    `STEM_MIN` characters and at most `ENDING_MAX` more in either."""
    if a == b:
        return True
    if not (a.isalpha() and b.isalpha()):
        return False
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n >= STEM_MIN and len(a) - n <= ENDING_MAX and len(b) - n <= ENDING_MAX


class Folded:
    """A pair's translation and words case folded, made once per pair (`occurrences` reads them)."""

    def __init__(self, ctx: PairContext) -> None:
        self.ctx = ctx
        self.text = ctx.translation.casefold()
        self.offsets = len(self.text) == len(ctx.translation)
        """Case folding kept the offsets (`ß` → `ss` does not): the exact search reads them."""
        self.words = [w.text.casefold() for w in ctx.trg]
        self.stems = ctx.family in ("spaced", None)
        self.pieces = sorted(ctx.pieces)
        self.piece_starts = [a for a, _ in self.pieces]

    def cuts_piece(self, x: int) -> bool:
        """Whether `x` lies inside a dictionary word of the translation (`PairContext.pieces`: Chinese and
        Japanese, where the segmenter's words may cut one — `未清项|目`)."""
        k = bisect_right(self.piece_starts, x) - 1
        return k >= 0 and self.pieces[k][0] < x < self.pieces[k][1]


def occurrences(folded: Folded, translation: str, a0: int, b0: int) -> list[tuple[int, int, bool]]:
    """Where `translation` (a taught term's) occurs over the target words `[a0, b0)` (sharing one at least) as
    whole target words: (first word, past the last word, written exactly); exactly when its text is the words'
    text case folded, else by stem in a language written with spaces (`same_stem`, word for word, the words of
    `translation` split on whitespace). Only the words around `[a0, b0)` are read: time in the span and the
    term, not in the segment."""
    ctx, words = folded.ctx, folded.ctx.trg
    want = translation.casefold()
    if not words or not want.strip():
        return []
    found: list[tuple[int, int, bool]] = []
    if folded.offsets:
        lo, hi = max(0, words[a0].start - len(want)), min(len(folded.text), words[b0 - 1].end + len(want))
        at = folded.text.find(want, lo, hi)
        while at >= 0:
            a = bisect_left(ctx.trg_starts, at)
            b = bisect_right(ctx.trg_starts, at + len(want) - 1)
            if a < len(words) and words[a].start == at and b > a and words[b - 1].end == at + len(want) \
                    and a < b0 and a0 < b:
                found.append((a, b, True))
            at = folded.text.find(want, at + 1, hi)
    parts = want.split()
    if not folded.stems or not parts or len(parts) > len(words):
        return found
    texts = folded.words
    for a in range(max(0, a0 - len(parts) + 1), min(b0, len(words) - len(parts) + 1)):
        if all(same_stem(texts[a + k], part) for k, part in enumerate(parts)) \
                and all(words[a + k + 1].start > words[a + k].end for k in range(len(parts) - 1)):
            if (a, a + len(parts), True) not in found:
                found.append((a, a + len(parts), False))
    return found


def translations(terms: Terms, term: str) -> set[str]:
    """The translations `terms` gives `term`, written as it is or with its first letter in the other case (a term
    that begins a sentence in one segment and not in another: `Stakeholders`, `stakeholders`)."""
    found: set[str] = set()
    for key in {term, term[:1].lower() + term[1:], term[:1].upper() + term[1:]}:
        found |= terms.get(key) or set()
    return found


def whole_terms(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with each taught term taken whole (module docstring); in place, and returned."""
    if not ctx.terms or not ctx.trg:
        return spans
    _siblings(spans, 0, len(ctx.translation), Folded(ctx))
    return spans


def _siblings(nodes: list[Span], lo: int, hi: int, folded: Folded) -> None:
    for node in nodes:
        if node.children:
            _siblings(node.children, node.start, node.end, folded)
        elif node.movable:
            _take_whole(node, nodes, lo, hi, folded)


def _take_whole(node: Span, siblings: list[Span], lo: int, hi: int, folded: Folded) -> None:
    ctx, tag = folded.ctx, node.tag
    taught = translations(ctx.terms, ctx.plain[tag.start : tag.end].strip())
    if not taught:
        return
    words = ctx.trg
    a0 = bisect_left(ctx.trg_starts, node.start)
    b0 = a0
    while b0 < len(words) and words[b0].end <= node.end:
        b0 += 1
    while a0 < b0 and words[a0].kind == "punct":  # (the marks the edge rules put at its edges stay where the
        a0 += 1                                   # span keeps that edge: `„<g>Gruppen</g>“` stays quoted)
    while b0 > a0 and words[b0 - 1].kind == "punct":
        b0 -= 1
    if b0 == a0:
        return

    def of_tag(i: int) -> bool:
        w = ctx.src[i]
        return tag.start <= w.start and w.end <= tag.end

    def fits(a: int, b: int) -> bool:
        start, end = words[a].start, words[b - 1].end
        if start < lo or end > hi or folded.cuts_piece(start) or folded.cuts_piece(end):
            return False
        for other in siblings:
            if other is node:
                continue
            if other.point and start < other.start < end:
                return False
            if not other.point and other.start < end and start < other.end:
                return False
        added = [j for j in range(a, b) if not a0 <= j < b0]
        left = [j for j in range(a0, b0) if not a <= j < b]
        return (all(of_tag(i) for j in added for i, _ in ctx.owners.get(j, ()))
                and not any(of_tag(i) for j in left for i, _ in ctx.owners.get(j, ())))

    best: tuple | None = None
    for translation in taught:
        for a, b, exact in occurrences(folded, translation, a0, b0):
            shared = min(b, b0) - max(a, a0)
            if shared > 0 and fits(a, b):
                rank = (exact, shared, b - a)
                if best is None or rank > best[0]:
                    best = (rank, a, b)
    if best is not None and (best[1], best[2]) != (a0, b0):
        _, a, b = best
        start, end = words[a].start, words[b - 1].end
        core = words[a0].start, words[b0 - 1].end
        node.start = node.start if node.start <= start <= core[0] else start
        node.end = node.end if core[1] <= end <= node.end else end


class Either(Mapping):
    """Term tables read as one, without copying them: a term's translations in any of them (the examples' taught
    terms and the batch's own whole segments, `projector.Projector`)."""

    def __init__(self, *tables: Terms) -> None:
        self.tables = tables

    def __getitem__(self, term: str) -> set[str]:
        found: set[str] = set()
        for table in self.tables:
            found |= table.get(term) or set()
        if not found:
            raise KeyError(term)
        return found

    def __iter__(self) -> Iterator[str]:
        seen: set[str] = set()
        for table in self.tables:
            for term in table:
                if term not in seen and term in self:
                    seen.add(term)
                    yield term

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return bool(self.tables)  # (not whether they hold anything: `terms.TermsWithout` counts by reading them all)


def kept_whole(shown: Sequence[tuple[Detagged, Detagged]], taught_without: Callable[[int], Terms]) -> bool:
    """Whether the examples cover a tagged term's taught translation whole (`whole_cases`, `keeps_whole`)."""
    return keeps_whole(*whole_cases(shown, taught_without))


def keeps_whole(whole: int, part: int) -> bool:
    """The verdict of `whole` example tags that show a taught translation whole against `part` that show a part of
    one or more (`whole_cases`, or the counts a projection model keeps: `conventions.WHOLE_KEY`): at least
    `MIN_CASES` for, and more for than against with one case against added (the default: not whole)."""
    return whole >= MIN_CASES and whole / (whole + part + 1) > 0.5


def whole_cases(shown: Sequence[tuple[Detagged, Detagged]], taught_without: Callable[[int], Terms]) -> tuple[int, int]:
    """How the examples cover a tagged term's taught translation: of the example tags whose term the other
    examples teach (`taught_without(k)`: the taught terms without what example `k` alone taught), those whose
    reference text is one of its translations (the same words, endings aside: `same_stem`), and those whose
    reference text is a part of one, or holds one and more."""
    whole = part = 0
    for k, (source, reference) in enumerate(shown):
        if not source.tags:
            continue
        taught: Terms | None = None
        truth = keyed_tags(reference.walk())
        for key, tag in keyed_tags(source.walk()).items():
            want = truth.get(key)
            if want is None or tag.start == tag.end or want.start == want.end:
                continue
            if taught is None:
                taught = taught_without(k)
            found = translations(taught, source.plain[tag.start : tag.end].strip())
            if not found:
                continue
            got = reference.plain[want.start : want.end].strip().casefold().split()
            verdict = None
            for y in found:
                parts = y.casefold().split()
                if len(parts) == len(got) and all(map(same_stem, got, parts)):
                    verdict = True
                    break
                if _within(got, parts) or _within(parts, got):
                    verdict = False
            if verdict is True:
                whole += 1
            elif verdict is False:
                part += 1
    return whole, part


def _within(small: list[str], big: list[str]) -> bool:
    """Whether the words `small` are a run of the longer `big` (endings aside)."""
    n = len(small)
    return 0 < n < len(big) and any(all(map(same_stem, small, big[a : a + n])) for a in range(len(big) - n + 1))
