"""A code glued to a word the translation writes with a case ending after a mark: the code follows the whole word form.

Hungarian writes a case ending after a hyphen on a name, an abbreviation or a number (`az EU-ban`, `a 2013-ban`, `az
ENSZ-szel`), Finnish and Swedish after a colon (`EU:ssa`, `EU:s`), Turkish and Azerbaijani after an apostrophe
(`AB'de`). The word links tie the source word to its copy, and a footnote marker written against the source word
(`in the EU<x/>`) lands between the copy and its ending (`az EU<x/>-ban`): it cuts one word form in two. A footnote
mark follows the word as written, ending and all (`az EU-ban<x/>`, `EU:ssa<x/>`). Numbers are `standalone.py`'s
(rule 1, which puts a code glued to a number after the longer token the translation writes: `2013-ban<x/>`).

A point moves when it is written right after the end of a source word of letters, with no letter or digit after it;
the links placed it right after a word of the translation (its copy, `EU`, or translation, `ENSZ` for `UN`), followed
by one of the target profile's `suffix_marks` and a case ending (`Profile.case_endings`; any letters where the profile
lists none), with no letter or digit after the ending; and the move leaves the point inside its parent and out of its siblings. Paired tags are
not moved: whether a tag takes the ending (`<g>EU</g>-ban`) is the placement's and the examples' conventions'.
Hand-made cases: tests/projection/test_case_endings.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.pointmoves import free, has_points, move, word_char

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def after_case_endings(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with each point that cuts a copied word from its case ending moved after the ending (module)."""
    profile = ctx.trg_profile
    if not spans or profile is None or not profile.suffix_marks:
        return spans
    if not has_points(ctx):
        return spans
    _walk(spans, None, ctx, profile.suffix_marks, profile.case_endings)
    return spans


def _walk(nodes: list[Span], parent: Span | None, ctx: "PairContext", marks: str, endings: frozenset[str]) -> None:
    lo, hi = (parent.start, parent.end) if parent is not None else (0, len(ctx.translation))
    for node in nodes:
        if node.point and node.tag.start == node.tag.end:
            at = _moved(node, ctx.plain, ctx.translation, marks, endings)
            if at is not None and free(at, node, nodes, (lo, hi)):
                move(node, at)
        _walk(node.children, node, ctx, marks, endings)


def _moved(node: Span, plain: str, text: str, marks: str, endings: frozenset[str]) -> int | None:
    x, y = node.tag.start, node.start
    if x == 0 or not plain[x - 1].isalpha() or (x < len(plain) and word_char(plain[x])):
        return None
    if y == 0 or not word_char(text[y - 1]):
        return None  # (the point is not written against a word of the translation)
    if y + 1 >= len(text) or text[y] not in marks or not text[y + 1].isalpha():
        return None
    end = y + 1
    while end < len(text) and text[end].isalpha():
        end += 1
    if end < len(text) and word_char(text[end]):
        return None
    ending = text[y + 1:end]
    if endings and ending.lower() not in endings:
        return None  # (a compound's head, `EU-tagállam`, no case ending)
    return end

