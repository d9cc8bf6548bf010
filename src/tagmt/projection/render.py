"""Rendering: the projected tags (`edges.Span`, character offsets) written into the translation.

The translation is never altered: stripping the output (`tagmt.markup.strip`) gives it back
exactly. A child is clamped into its parent and siblings are written in order, so the output is
well formed whatever the spans say.
"""

from __future__ import annotations

from tagmt.projection.edges import Span


def render_spans(translation: str, spans: list[Span]) -> tuple[str, dict[int, tuple[int, int]]]:
    """The translation with the tags of `spans` inserted, and the characters each tag (by source
    order) encloses."""
    where: dict[int, tuple[int, int]] = {}

    def render(nodes: list[Span], lo: int, hi: int) -> str:
        out: list[str] = []
        pos = lo
        for node in sorted(nodes, key=lambda n: (n.start, n.end, n.order)):
            start = min(max(node.start, pos), hi)
            end = min(max(node.end, start), hi)
            where[node.order] = (start, end)
            out.append(translation[pos:start])
            out.append(node.tag.open)
            out.append(render(node.children, start, end))
            out.append(node.tag.close)
            pos = end
        out.append(translation[pos:hi])
        return "".join(out)

    return render(spans, 0, len(translation)), where
