"""Governed words: between two adjacent tags, a preposition, article or conjunction goes with the tag after it
(stage `governed-words`, for the languages written with spaces that put such words before what they govern).

Where the source closes one tag and opens the next with no word between them (`<g1>1.5 million </g1><g2>migrants
received…</g2>`), the translation may add a function word at that edge — French `de` after a quantity (`1,5
million de migrants`), German `von` (`Mitglieder von Aufnahmegemeinschaften`), Russian `для`. Such a word governs the
words after it: a preposition its noun phrase, an article its noun, a conjunction the next conjunct; it belongs to the
phrase it opens, never to the one before (`<g1>1,5 million </g1><g2>de migrants…</g2>`). The aligner often links it
to nothing or to the quantity, and the first span, placed up to the second, ends on it.

Here, for a target whose profile lists its function words and is not head-final (Japanese and Korean particles follow
what they mark), where the source writes two sibling tags with only whitespace between them, the word before the
second span goes to it when

* it is a function word of the target, written last in the first span or alone (with whitespace) between the two
  spans, and the second span begins with a word;
* it translates nothing of the first span's tag: no link into the tag, or its links there only double another word's
  translation (`edgewords.doubles_only`);
* the first tag does not end on a function word of the source (`<g1>according to </g1>` → `<g1>nach </g1>`: the
  preposition is the tag's own).

The whitespace before the word stays in the first span, where the source writes it (`1,5 million </g1>`). Nothing moves
past a child tag.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.edgewords import closed_class, doubles_only
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def governed_words(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with a function word between two adjacent siblings given to the second (module docstring);
    in place, and returned."""
    profile = ctx.trg_profile
    if profile is None or not profile.function_words or profile.head_final or not ctx.trg or not ctx.src:
        return spans
    _siblings(spans, ctx)
    return spans


def _siblings(nodes: list[Span], ctx: PairContext) -> None:
    ordered = sorted((n for n in nodes if n.movable),
                     key=lambda n: (n.start, n.end))
    plain = ctx.plain
    for first, second in zip(ordered, ordered[1:]):
        if first.end <= second.start and first.tag.end <= second.tag.start \
                and not plain[first.tag.end:second.tag.start].strip():
            _hand_over(first, second, ctx)
    for node in nodes:
        _siblings(node.children, ctx)


def _hand_over(first: Span, second: Span, ctx: PairContext) -> None:
    """The function word at the end of `first`, or alone in the gap before `second`, to `second`."""
    text, trg = ctx.translation, ctx.trg
    k = bisect_left(ctx.trg_starts, second.start) - 1
    if k < 1 or trg[k].end > second.start or text[trg[k].end:second.start].strip():
        return
    word = trg[k]
    in_first = first.start <= word.start and word.end <= first.end
    if not in_first and (word.start < first.end or text[first.end:word.start].strip()):
        return  # (the word must end the first span or stand alone between the two)
    if not closed_class(word.text, word.kind, ctx.trg_profile) or not any(c.isalpha() for c in word.text):
        return
    nxt = bisect_left(ctx.trg_starts, second.start)
    if nxt >= len(trg) or not any(c.isalnum() for c in trg[nxt].text) or trg[nxt].end > second.end:
        return
    if any(c.end > word.start for c in first.children) or any(c.start < trg[nxt].start for c in second.children):
        return
    tag = first.tag
    inside = words_within(ctx.src, ctx.src_starts, tag.start, tag.end)
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    if not inside or (source_profile is not None and closed_class(ctx.src[inside[-1]].text, ctx.src[inside[-1]].kind,
                                                                  source_profile)):
        return
    inner = [i for i, _ in ctx.owners.get(k, ()) if i in inside]
    if inner and not doubles_only(ctx, k, inner, first.start, max(first.end, word.end)):
        return
    if in_first:
        if trg[k - 1].end <= first.start:
            return  # (the word is all the first span holds)
        first.end = word.start
    second.start = word.start
