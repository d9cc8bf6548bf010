"""Footnote markers before a postposition: a marker written against the end of a source word annotates the noun phrase
that word ends, and a language with postpositions writes the word for the preposition before that phrase after it
(Hungarian `for the period 2015-2017<x/>` → `a 2015–2017 közötti időszak<x/> vonatkozásában`, `according to the types
of shipments<x/>` → `a szállítások típusa<x/> szerint`; Finnish `under the agreement<x/>` → `sopimuksen<x/> mukaan`).
The links put the marker after the postposition (it ends the stretch the source's words before the marker translate
to); the phrase ends before it, and so does the marker.

A point moves back over one word when:

* it is a marker in the source: written right after a letter or digit, with no letter or digit after it (not a code
  glued to a copied number, which `standalone.py` placed), and more words follow it in its parent's source text — a
  marker that ends its sentence (`… for humanity<x/>.`) ends the translation's too, after whatever word ends it (`az
  emberiség számára<x/>.`: so the examples write it; inside the sentence they write `időszak<x/> vonatkozásában,`);
* the target word written right before it, after a space, is a postposition of the target's profile
  (`Profile.postpositions`, words of their own: Hungarian, Finnish);
* that postposition translates nothing of the marked word: none of its links goes to the source word the marker is
  written against (`according<x/>` → `szerint<x/>` stays);
* the word before the postposition is no punctuation, and the move leaves the point inside its parent span and out of
  its siblings'.

Languages whose postpositions or case particles are written glued to the noun (Japanese, Korean, Chinese localizers)
never have a postposition after a space here; `footnotes.py` handles their markers. Languages with prepositions
(German, French, Russian) list no postpositions: nothing moves. Hand-made cases: tests/projection/
test_postposition_marks.py.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.pointmoves import free, has_points, marker, move, word_char
from tagmt.projection.edgewords import doubles_only
from tagmt.projection.standalone import copies_number

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def before_postpositions(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with each footnote marker written after a postposition moved before it (module docstring)."""
    profile = ctx.trg_profile
    if not spans or profile is None or not profile.postpositions or not ctx.trg:
        return spans
    if not has_points(ctx):
        return spans
    _walk(spans, None, ctx, profile.postpositions)
    return spans


def _walk(nodes: list[Span], parent: Span | None, ctx: "PairContext", postpositions: frozenset[str]) -> None:
    lo, hi = (parent.start, parent.end) if parent is not None else (0, len(ctx.translation))
    end = parent.tag.end if parent is not None else len(ctx.plain)
    for node in nodes:
        if node.point and node.tag.start == node.tag.end and _words_after(ctx.plain, node.tag.start, end):
            at = _moved(node, ctx, postpositions)
            if at is not None and free(at, node, nodes, (lo, hi)):
                move(node, at)
        _walk(node.children, node, ctx, postpositions)


def _moved(node: Span, ctx: "PairContext", postpositions: frozenset[str]) -> int | None:
    """The target offset the marker goes to, before the postposition it was placed after; None when it stays."""
    plain, text, x = ctx.plain, ctx.translation, node.tag.start
    if not (marker(x, plain) and not copies_number(plain, x, text)):
        return None
    k = bisect_left(ctx.trg_starts, node.start) - 1  # the target word ending right at the point
    if k < 1 or ctx.trg[k].end != node.start:
        return None
    word, before = ctx.trg[k], ctx.trg[k - 1]
    if word.text.lower() not in postpositions or not text[before.end:word.start].isspace() or before.kind == "punct":
        return None
    marked = {i for i, w in enumerate(ctx.src) if w.end == x}
    if any(i in marked for i, j in ctx.links if j == k):
        return None  # (the postposition translates the marked word itself: `according<x/>` → `szerint<x/>`)
    return before.end


def _words_after(plain: str, x: int, end: int) -> bool:
    """Whether the source writes a letter or digit after `x` in its parent's text (a marker before only the
    sentence's final mark ends the sentence: the translation's last word carries it)."""
    return any(word_char(char) for char in plain[x:end])








def postpositions_outside(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with a postposition at their end left outside where it translates nothing of the tag (stage
    `postposition-edges`): a postposition translates a preposition written before the noun phrase in the source, so a
    tag that starts after that preposition (`for a sustainable <g>future</g>` → `fenntartható <g>jövő</g> érdekében`)
    does not hold it. It leaves when it is unlinked, linked only outside the tag, or its links into the tag only double
    a content word's translation in the span (`edgewords.doubles_only`: `érdekében` linked to `future` beside `jövő`),
    and the tag holds no function word of the source (a preposition of the tag, `<g>for the future</g>`, may be what it
    translates); never past a child, never emptying the span."""
    profile = ctx.trg_profile
    if not spans or profile is None or not profile.postpositions or not ctx.trg or ctx.profiles is None:
        return spans
    for root in spans:
        for node in root.walk():
            if node.movable:
                _outside(node, ctx, profile.postpositions)
    return spans


def _outside(node: Span, ctx: "PairContext", postpositions: frozenset[str]) -> None:
    text, trg = ctx.translation, ctx.trg
    k = bisect_left(ctx.trg_starts, node.end) - 1
    if k < 1 or trg[k].end != node.end or trg[k].text.lower() not in postpositions:
        return
    before = trg[k - 1]
    if before.start < node.start or before.kind == "punct" or not text[before.end:trg[k].start].isspace() \
            or any(child.end > before.end for child in node.children):
        return
    tag, src = node.tag, ctx.src
    inner = [i for i in range(bisect_left(ctx.src_starts, tag.start), len(src)) if src[i].end <= tag.end]
    function_words = ctx.profiles.src.function_words
    if any(src[i].text.lower() in function_words for i in inner):
        return
    linked = [i for i, j in ctx.links if j == k and i in inner]
    if linked and not doubles_only(ctx, k, linked, node.start, node.end):
        return
    node.end = before.end
