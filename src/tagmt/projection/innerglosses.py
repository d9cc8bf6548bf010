"""A gloss the translation writes inside a tag's phrase: a bracketed group the source writes beside the tag (`the
<g>separate account</g> (B)`) that the translation puts between the words of the tag's translation (Hungarian, which
writes a noun's modifiers before it, puts the gloss before the head noun: `az elkülönített (B-) számlára`) is inside
the tag's span (`az <g>elkülönített (B-) számlára</g>`): a tag's translation is one stretch of the text, and a group
inside it does not cut it. The links put the span on the words before the group alone, the group's words being linked
to the source's group outside the tag.

A span grows over the group and the words after it (before it, on its left) when:

* the source writes a bracket group right beside the tag (only whitespace between) on either side, outside it;
* the translation writes a bracket group right after the span (before it), only whitespace between — on either side,
  whichever side the source's is (`See (A) <g>normal account</g>` → `Voir le <g>compte (A) normal</g>`);
* the group's words translate nothing of the tag: each is linked to source words outside the tag only, or unlinked;
* right after the group (before it) stand one or more words linked to source words inside the tag and to none outside
  it, or unlinked words of letters that are no function words of the target, at most as many as the tag has content
  words with no target word of their own (its content words less the target words linked to them: the aligner often
  leaves the head noun after the gloss unlinked, `számlára` for `account`); the span takes them, in a row;
* a group that ends with a hyphen (`(B-)`, a compound's first part the translation writes in brackets) begins a
  compound whose head is the one word right after it, glued (German, `(B-)Buchführung`) or spaced (Hungarian, `(A-)
  számlára`): the span takes that word whatever its links (they are often to a source word beside the tag, `for`),
  when it is a word of letters and no function word of the target, and ends there (the head ends the phrase);
* the span stays inside its parent and out of its siblings.

The same in every language written with spaces and in the others: a group inside a phrase is the translator's
choice of place, not a boundary. Hand-made cases: tests/projection/test_inner_glosses.py.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.edgewords import closed_class

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def take_inner_glosses(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` grown over a gloss the translation writes inside their phrase (module docstring); in place."""
    if not spans or not ctx.links or not ctx.source_groups or not ctx.groups:
        return spans
    _visit(spans, _Pair(ctx), 0, len(ctx.translation))
    return spans


class _Pair:
    """What the rule reads of a pair, made once: links by target word, the bracket groups by their marks."""

    def __init__(self, ctx: "PairContext") -> None:
        self.ctx = ctx
        self.sources: dict[int, set[int]] = {}
        for i, j in ctx.links:
            self.sources.setdefault(j, set()).add(i)
        self.src_open = {o: c for o, c in ctx.source_groups if ctx.plain[o] in _BRACKETS}
        self.src_close = {c: o for o, c in self.src_open.items()}
        self.trg_open = {o: c for o, c in ctx.groups if ctx.translation[o] in _BRACKETS}
        self.trg_close = {c: o for o, c in self.trg_open.items()}


_BRACKETS = "([（［"
"""The opening marks of a gloss (not quotation marks: a quoted label is `labels.py`'s)."""


def _visit(nodes: list[Span], pair: _Pair, lo: int, hi: int) -> None:
    ctx = pair.ctx
    for node, floor, ceiling in between_siblings(nodes, lo, hi):
        if node.movable:
            plain, tag = ctx.plain, node.tag
            glossed = _skip_space(plain, tag.end, 1) in pair.src_open \
                or _skip_space(plain, tag.start, -1) - 1 in pair.src_close
            if glossed:
                inner = _inner(ctx, node)
                end = _grown(pair, inner, node.end, 1)
                if end is not None and end <= min(hi, ceiling):
                    node.end = end
                start = _grown(pair, inner, node.start, -1)
                if start is not None and start >= max(lo, floor):
                    node.start = start
        _visit(node.children, pair, node.start, node.end)


def _inner(ctx: "PairContext", node: Span) -> set[int]:
    """The indexes of the source words inside `node`'s tag (linear in the tag)."""
    found, k = set(), bisect_left(ctx.src_starts, node.tag.start)
    while k < len(ctx.src) and ctx.src[k].end <= node.tag.end:
        found.add(k)
        k += 1
    return found


def _grown(pair: _Pair, inner: set[int], x: int, step: int) -> int | None:
    """The new edge past a group beside `x` (right: `step` 1; left: -1) and the words of the tag after it; None."""
    ctx, sources = pair.ctx, pair.sources
    text, trg = ctx.translation, ctx.trg
    y = _skip_space(text, x, step)
    if step > 0:
        group = (y, pair.trg_open[y]) if y in pair.trg_open else None
    else:
        group = (pair.trg_close[y - 1], y - 1) if y - 1 in pair.trg_close else None
    if group is None or not inner:
        return None
    if any(sources.get(j, set()) & inner for j in _words_in(ctx, group[0], group[1] + 1)):
        return None  # (the group translates something of the tag: the links place it)
    y = _skip_space(text, group[1] + 1 if step > 0 else group[0], step)
    k = bisect_left(ctx.trg_starts, y) if step > 0 else bisect_left(ctx.trg_starts, y) - 1
    edge, missing = None, None
    head = step > 0 and _suspended(text, group)
    while 0 <= k < len(trg) and (trg[k].start == y if step > 0 else trg[k].end == y):
        linked = sources.get(k, set())
        if head and trg[k].text.isalpha() and not closed_class(trg[k].text, trg[k].kind, ctx.trg_profile):
            return trg[k].end  # (the head of the compound the group begins, `(B-)Buchführung`, ends the phrase)
        head = False
        if trg[k].kind == "punct" or (linked and not linked <= inner):
            break
        if not linked:  # an unlinked word: the translation of a word of the tag that has none of its own
            missing = _untranslated(pair, inner) if missing is None else missing
            if missing <= 0 or not trg[k].text.isalpha() or closed_class(trg[k].text, trg[k].kind, ctx.trg_profile):
                break
            missing -= 1
        edge = trg[k].end if step > 0 else trg[k].start
        y = _skip_space(text, edge, step)
        k += step
    return edge


_HYPHENS = "-\u2010\u2011"


def _suspended(text: str, group: tuple[int, int]) -> bool:
    """Whether the group ends with a hyphen before its closing mark: a compound's first part whose head is the word
    after it (`(B-)Buchführung`, `(A-) számlára`), so that word belongs with the group."""
    return group[1] - group[0] >= 3 and text[group[1] - 1] in _HYPHENS and text[group[1] - 2].isalnum()


def _untranslated(pair: _Pair, inner: set[int]) -> int:
    """How many content words of the tag (no function words of the source's profile) have no target word of their
    own: the content words less the target words linked to them (`normal account` → `rendes`: one of two; `separate
    account` → `elkülönített`, `account` unlinked: one of two)."""
    ctx = pair.ctx
    function_words = ctx.profiles.src.function_words if ctx.profiles is not None else frozenset()
    content = {i for i in inner if ctx.src[i].text.isalpha() and ctx.src[i].text.lower() not in function_words}
    return len(content) - len({j for i, j in ctx.links if i in content})


def _words_in(ctx: "PairContext", start: int, end: int) -> list[int]:
    k = bisect_left(ctx.trg_starts, start)
    found = []
    while k < len(ctx.trg) and ctx.trg[k].end <= end:
        found.append(k)
        k += 1
    return found


def _skip_space(text: str, x: int, step: int) -> int:
    """The offset past the whitespace beside `x` (after it: `step` 1; before it: -1)."""
    if step > 0:
        while x < len(text) and text[x].isspace():
            x += 1
    else:
        while x > 0 and text[x - 1].isspace():
            x -= 1
    return x
