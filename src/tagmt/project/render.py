"""Rendering: the placed tags written into the translation at character offsets.

The translation is never altered: stripping the output (`tagmt.markup.strip`) gives it back
exactly. A span tag hugs its first and last word: whitespace stays outside (the references write
`<b>X</b> app`, even for a source `<b>X </b>app`). A point tag takes the side of the surrounding
whitespace that it has in the source (`word<xref/> next` → attached to the word before), never
after full-width punctuation.
"""

from __future__ import annotations

from tagmt.project.inside_outside import Placed
from tagmt.project.wordseg import Word

_WIDE_PUNCT = set("、。，：；！？（「『")


def render_tags(
    plain: str, translation: str, trg: list[Word], placed: list[Placed]
) -> tuple[str, dict[int, tuple[int, int]]]:
    """The translation with the `placed` tags of the source `plain` inserted, and the characters
    each tag (by source order) encloses."""
    renderer = _Renderer(plain, translation, trg)
    return renderer.render(placed, 0, len(translation)), renderer.where


class _Renderer:
    """Turns placed tags into the tagged translation at character offsets."""

    def __init__(self, plain: str, text: str, trg: list[Word]) -> None:
        self.plain = plain
        self.text = text
        self.trg = trg
        self.where: dict[int, tuple[int, int]] = {}  # tag order → characters it got

    def _gap(self, k: int) -> tuple[int, int]:
        low = self.trg[k - 1].end if k > 0 else 0
        high = self.trg[k].start if k < len(self.trg) else len(self.text)
        return low, high

    def chars(self, node: Placed) -> tuple[int, int]:
        """The character interval a placed tag gets in the translation."""
        tag, text = node.tag, self.text
        if node.point:
            low, high = self._gap(node.a)
            if low > 0 and text[low - 1] in _WIDE_PUNCT:
                return low, low  # no space after full-width punctuation: `、<xref/> を`
            space_before = tag.start > 0 and self.plain[tag.start - 1].isspace()
            space_after = tag.end < len(self.plain) and self.plain[tag.end].isspace()
            for x in range(low, high + 1):
                if (x > 0 and text[x - 1].isspace()) == space_before and (
                    x < len(text) and text[x].isspace()
                ) == space_after:
                    return x, x
            return (high, high) if space_before else (low, low)
        return self.trg[node.a].start, self.trg[node.b - 1].end

    def render(self, nodes: list[Placed], lo: int, hi: int) -> str:
        """The text `[lo, hi)` with the placed tags `nodes` inserted (clamped into it, in order)."""
        spans = sorted(((*self.chars(n), n.order, n) for n in nodes), key=lambda x: x[:3])
        out: list[str] = []
        pos = lo
        for start, end, _, node in spans:
            start = min(max(start, pos), hi)
            end = min(max(end, start), hi)
            self.where[node.order] = (start, end)
            out.append(self.text[pos:start])
            out.append(node.tag.open)
            out.append(self.render(node.children, start, end))
            out.append(node.tag.close)
            pos = end
        out.append(self.text[pos:hi])
        return "".join(out)
