"""Closing marks: a footnote marker written right after a closing bracket or quotation mark, or after an
abbreviation's stop, goes after the translation of what that mark closes — not after the image of one word.

1. **After a closing bracket or quote.** A point glued to the closing mark of a source group (`(OJ L 347,
   20.12.2013, p. 320)<x/> and`, `the "de minimis"<x/> aid`) annotates the whole group. Its translation is the
   group of the translation, of the same family (parentheses, square brackets, braces, quotation marks of any
   kind: `„…“`, `« … »`, `「…」`), that holds the images of the source group's words: more than half of them, the
   innermost such group. The marker goes right after that group's closing mark (`„De-minimis“<x/>-Beihilfe`,
   `l'aide « de minimis »<x/>`, `「デミニミス」<x/>援助`), wherever the translation's word order put the group. The group
   is found by the links of its words, not by counting groups: a translation may add brackets or quotes the source
   lacks (a quoted UI label in Korean), so the k-th group of a family need not be the k-th (`pointanchors.py`, rule
   2, counted and was taken out). Falls back to the earlier placement when no group of the translation holds most
   images (the translation drops the quotes: `De-minimis-Beihilfe`; the group's words are linked to nothing).
2. **After an abbreviation's stop.** A point glued to a stop that a word is glued to, with the sentence going on
   after it (whitespace and a lower-case letter, or a comma, semicolon, colon or closing bracket right after it:
   `transport, storage, etc.<x/> are eligible`; not before a capital, digit or bracket that may begin a sentence or
   a numbered item, where the stop may end the sentence: `… dem Rat vorgelegt.<x/> (2) …`)
   annotates the abbreviation (the stop is no sentence's end). It goes after the translation of that word — right
   after the stop the translation glues to it if there is one (`usw.<x/>`, `stb.<x/> költségei`, `etc.<x/>`), else
   right after the word (`等<x/>`) — when the word's images are one run of target words (a written-out `und so
   weiter` too) linked to nothing else. Else the earlier placement stands.

Run after the other marker stages (`phrase-points`, `footnote-marks`, which read letters before a marker and do not
see these) and before `point-anchors`, whose edge rule keeps a point at its parent text's end. Not moved: a point at a
sibling tag's edge, one glued to a word after it (`(11)<x/>The`: a line's numbering), and a point that would leave
its parent span, enter a sibling's or land on another point. Hand-made cases: tests/projection/test_closing_marks.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.pointmoves import WordLinks, has_points, walk_markers, word_char
from tagmt.projection.units import _family

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext

STOPS = ".．"
"""An abbreviation's stop."""
CONTINUING = frozenset(",;:)]")
"""Marks written right after an abbreviation's stop inside a sentence (`etc.<x/>, and`)."""


def after_closing_marks(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with each point glued after a closing mark or an abbreviation's stop moved as the module docstring
    says."""
    if not spans or not has_points(ctx):
        return spans
    closers = _Closers(ctx)
    walk_markers(spans, None, ctx, lambda node, x, end: closers.where(x), words_only=False)
    return spans


class _Closers(WordLinks):
    """The source's groups by the offset after their closing mark, the translation's groups, the links by word:
    made once per pair."""

    def __init__(self, ctx: "PairContext") -> None:
        super().__init__(ctx)
        self.closing = {b + 1: (a, b) for a, b in ctx.source_groups}
        self.groups = ctx.groups

    def where(self, x: int) -> int | None:
        """The target offset a point at source offset `x` goes to (rule 1 or 2), or None."""
        plain = self.ctx.plain
        if x < len(plain) and word_char(plain[x]):
            return None  # (glued to the word after it: a line's numbering, `(11)<x/>The`)
        if x in self.closing:
            return self._after_group(*self.closing[x])
        if x >= 2 and plain[x - 1] in STOPS and word_char(plain[x - 2]):
            return self._after_abbreviation(x)
        return None

    def _after_group(self, a: int, b: int) -> int | None:
        """Rule 1: after the closing mark of the translation's group that holds most images of the source group
        `(a, b)`'s words."""
        ctx = self.ctx
        inner = [i for i, w in enumerate(ctx.src) if a < w.start and w.end <= b and w.kind != "punct"]
        images = {j for i in inner for j in self.targets.get(i, ()) if ctx.trg[j].kind != "punct"}
        if not images:
            return None
        family = _family(ctx.plain[a])
        best, best_count = None, 0
        for c, d in self.groups:
            if _family(ctx.translation[c]) != family:
                continue
            count = sum(c < ctx.trg[j].start and ctx.trg[j].end <= d for j in images)
            if count > best_count or (count == best_count and best is not None and best[0] <= c and d <= best[1]):
                best, best_count = (c, d), count
        if best is None or 2 * best_count <= len(images):
            return None
        return best[1] + 1

    def _after_abbreviation(self, x: int) -> int | None:
        """Rule 2: after the translation of the abbreviation whose stop ends at `x`, with its own stop."""
        ctx, plain = self.ctx, self.ctx.plain
        rest = plain[x:]
        going_on = rest[:1] in CONTINUING or (rest[:1].isspace() and rest.lstrip()[:1].islower())
        if not going_on:
            return None  # (a sentence, a numbered item or the text ends or begins after it: the stop may be its)
        i = self.ending.get(x - 1)
        if i is None or ctx.src[i].kind == "punct":
            return None
        own = sorted(j for j in self.targets.get(i, ()) if ctx.trg[j].kind != "punct")
        if not own or any(not self.sources.get(j, {i}) <= {i} for j in range(own[0], own[-1] + 1)):
            return None  # (no image, or a word of another source word between its images)
        at = ctx.trg[own[-1]].end
        text = ctx.translation
        return at + 1 if at < len(text) and text[at] in STOPS else at

