"""Spaced marks: a tag that ends with a colon, semicolon, question or exclamation mark in the source takes the
translation's mark with the space a language writes before it (stage `spaced-marks`; French).

French typography writes a space — a no-break or narrow no-break one, or a plain space — before the two-part marks
`: ; ! ?` (`Remarque :`, `Attention !`). A help text's note label holds its colon (`<b>Note:</b> Changes…`), and a
French reference holds it with its space: `<b>Remarque :</b> les modifications…`. The edge rules move an edge over one
unit at a time, asking what the source encloses there (`edges.Edge.relation`): the space is the first unit after the
label, and the source encloses no space at that edge, so the edge stops before it and the colon stays out —
`<b>Remarque</b> :`. The space is the mark's, not the sentence's.

Here (for the targets whose profile names `spaced_marks`) a span whose source tag encloses such a mark at its right
edge, and that ends right before whitespace without a line break (at most `MAX_SPACE` characters) followed by one of
those marks, is extended over both when the edge conventions (`ctx.decide`) would take the mark were it glued to the
span — so examples that keep the mark outside are followed, and without examples the source's edge decides. A span whose
source tag leaves the mark outside (`<b>Note</b>:`) is left as it is, as is one whose parent or next sibling begins
before the mark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, Unit, source_edges

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

MAX_SPACE = 2
"""At most this many whitespace characters between the span and the mark (a typed double space included)."""


def take_spaced_marks(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` extended over a spaced mark their source tag encloses (module docstring); in place,
    and returned."""
    profile = ctx.trg_profile
    if profile is None or not profile.spaced_marks or not ctx.trg:
        return spans
    _visit(spans, len(ctx.translation), ctx, profile.spaced_marks)
    return spans


def _visit(nodes: list[Span], ceiling: int, ctx: PairContext, marks: str) -> None:
    """`nodes` (siblings inside a parent that ends at `ceiling`), each before its children."""
    starts = sorted(n.start for n in nodes)
    for node in nodes:
        if node.movable:
            after = [s for s in starts if s >= node.end]
            _extend(node, min([ceiling, *after]), ctx, marks)
        _visit(node.children, node.end, ctx, marks)


def _extend(node: Span, ceiling: int, ctx: PairContext, marks: str) -> None:
    text = ctx.translation
    _, edge = source_edges(ctx.plain, node.tag)
    if not edge.inside or edge.inside[0] not in marks:
        return
    at = node.end
    while at < len(text) and at - node.end < MAX_SPACE and text[at].isspace() and text[at] not in "\n\r":
        at += 1
    if at == node.end or at >= len(text) or at + 1 > ceiling or text[at] not in marks:
        return
    mark = Unit(text[at], at, at + 1, "punct")
    if edge.relation(mark) != "in" or not ctx.decide(node, edge, "extend", mark, ctx.edge_context):
        return
    node.end = at + 1
