"""Adjacent tags stay adjacent (stage `adjacent-seams`, the last): the space at the seam of two sibling tags that
touch in the source goes to one of them, never between them, and to the one the edge conventions let hold it.

A source that closes one tag and opens the next at the same place (`<g1>1.5 million </g1><g2>migrants…</g2>`) writes
the space between their words inside one of them. The edge conventions (`conventions.py`) may learn that the
references never end (begin) a tag with a space between words (`conventions.space_place`): the German references of
EUR-Lex write `<g1>1,5 Millionen</g1><g2> Migranten…</g2>` — the space leaves the first tag, and the tags still touch,
the space now the second's. The edge rules decide each edge on its own (the first span gives the space up, the second,
whose source edge has no space inside, does not take it: `<g1>1,5 Millionen</g1> <g2>Migranten`, a gap the source does
not have), and the paragraph pin puts the source's whitespace back on tags that tile a segment. Here, last, where two
sibling spans in the source's order have only one run of whitespace between their words and their source tags touch
with whitespace at the seam, the conventions are asked whether the tag that holds that whitespace in the source takes
it in at that edge (`Decide`, as `edges.py` asks); where they say no, the other tag takes it: the seam stays where the
source has it and the convention stands. Where they say yes (the default, which follows the source) nothing moves.
Nothing moves past a child or another sibling (a point written at the seam keeps its place), nor a fixed span's edge
(`paragraphs.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, source_edges

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def keep_seams(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with the whitespace between two source-adjacent siblings given to the one the conventions
    let hold it (module docstring); in place, and returned."""
    _siblings(spans, ctx)
    return spans


def _siblings(nodes: list[Span], ctx: PairContext) -> None:
    ordered = sorted(nodes, key=lambda n: (n.start, n.end, n.order))
    for first, second in zip(ordered, ordered[1:]):
        _seam(first, second, ctx)
    for node in nodes:
        _siblings(node.children, ctx)


def _seam(first: Span, second: Span, ctx: PairContext) -> None:
    """The whitespace between the words of `first` and `second` (consecutive siblings) to the one the conventions let
    hold it, where their source tags touch with whitespace at the seam."""
    plain, text = ctx.plain, ctx.translation
    if first.point or second.point or first.fixed or second.fixed:
        return
    if not (first.tag.start < first.tag.end == second.tag.start < second.tag.end):
        return
    in_first = plain[first.tag.end - 1].isspace()
    if not (in_first or plain[second.tag.start].isspace()):
        return
    end = len(text[first.start:first.end].rstrip()) + first.start  # the first's words end here
    start = second.end - len(text[second.start:second.end].lstrip())  # the second's begin here
    unit = ctx.edge_context.after(end)
    if not (first.start < end and start < second.end and unit is not None and unit.kind == "space"
            and unit.end == start and first.end <= second.start):
        return
    if any(c.end > end for c in first.children) or any(c.start < start for c in second.children):
        return
    owner = first if in_first else second
    edge = source_edges(plain, owner.tag)[1 if in_first else 0]
    if ctx.decide(owner, edge, "extend", unit, ctx.edge_context):
        return  # (the source's holder takes it, as the edge rules left it or the paragraph pin put it)
    seam = end if in_first else start  # the other takes the whitespace
    first.end, second.start = seam, seam
