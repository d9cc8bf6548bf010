"""Locutions: no tag edge cuts a multi-word expression the target language uses as one word (stage `locutions`, for
the languages whose profile lists them: `Profile.locutions`).

French, German and Russian write many prepositions, adverbs and connectives as fixed groups of words — `en ce qui
concerne` (as regards), `autour de` (around), `en grande partie` (largely), `im Hinblick auf`, `в соответствии с` —
that translate one English word or a fixed English group. The aligner links one of their words (`concerne`, `grande`)
and leaves the others unlinked, so a tag around the English word ends up on part of the locution (`en <g>grande</g>
partie`, `<g>autour</g> de`), where the references tag it whole (`<g>en grande partie</g>`, `<g>autour de</g>`).
Here a span whose edge falls inside an occurrence of a listed locution, and whose words in it are linked to its tag's
source words, grows over the rest of the locution, when no word taken in is linked to a source word outside the tag
(the locution then translates the tag's words) and the siblings and parent leave room. A span that only touches a
locution from outside (`autour de <g>la ville</g>`) is left alone, and nothing shrinks: a locution the links put
outside the tag stays outside. Matched case-insensitively on whole words, either apostrophe.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def whole_locutions(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` grown over the locutions their edges cut (module docstring); in place, and returned."""
    profile = ctx.trg_profile
    if profile is None or not profile.locutions or not ctx.trg:
        return spans
    found = [(m.start(), m.end()) for m in _pattern(profile.locutions).finditer(ctx.translation)]
    if found:
        _visit(spans, 0, len(ctx.translation), found, ctx)
    return spans


@lru_cache(maxsize=64)
def _pattern(locutions: tuple[str, ...]) -> re.Pattern:
    """One regular expression for the listed locutions, longest first, as whole words (either apostrophe)."""
    alternatives = sorted(locutions, key=len, reverse=True)
    escaped = [re.escape(loc).replace("\\ ", r"\s+").replace("'", "['\u2019]") for loc in alternatives]
    return re.compile(r"(?<!\w)(?:" + "|".join(escaped) + r")(?!\w)", re.IGNORECASE)


def _visit(nodes: list[Span], lo: int, hi: int, found: list[tuple[int, int]], ctx: PairContext) -> None:
    for node, floor, ceiling in between_siblings(nodes, lo, hi):
        if node.movable:
            for a, b in found:
                if a < node.end and node.start < b and (a < node.start or node.end < b):
                    _grow(node, a, b, max(lo, floor), min(hi, ceiling), ctx)
        _visit(node.children, node.start, node.end, found, ctx)


def _grow(node: Span, a: int, b: int, floor: int, ceiling: int, ctx: PairContext) -> None:
    """`node` over the locution `[a, b)` it overlaps and cuts, when its words in the locution are linked to its tag and
    the words it takes in to nothing outside the tag."""
    if a < floor or b > ceiling:
        return
    inside = set(words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end))
    words = words_within(ctx.trg, ctx.trg_starts, a, b)
    mine = [k for k in words if node.start <= ctx.trg[k].start and ctx.trg[k].end <= node.end]
    if not any(i in inside for k in mine for i, _ in ctx.owners.get(k, ())):
        return
    if any(i not in inside for k in words if k not in mine for i, _ in ctx.owners.get(k, ())):
        return
    node.start, node.end = min(node.start, a), max(node.end, b)
