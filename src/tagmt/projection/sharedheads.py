"""Shared heads: coordinated labels that share a head noun the source writes once after them leave the translation's
copies of that head outside (stage `shared-heads`).

English coordinates labels before one head noun written outside every tag: `both <ui>classic</ui> and
<ui>enhanced</ui> modes`, `the <ui>Manage Jobs</ui> and <ui>Schedule Jobs</ui> apps`, `the <cite>Initiation</cite>
and <cite>Screening</cite> phases`. A translation may write the head once (`<ui>经典</ui>和<ui>增强</ui>模式`) or after
every label (`<ui>従来</ui>モードと<ui>拡張</ui>モード`, `<ui>기본</ui> 모드와 <ui>확장</ui> 모드`, `le mode <ui>classique</ui>
et le mode <ui>amélioré</ui>`); the aligner links the head's translation beside the last label to `modes`, and the copy
beside an earlier label to that label's word (spill: `classic` → `モード`) or to nothing, so the placement or the noun
chains take the copy in (`<ui>従来モード</ui>`, `<ui>현금 집중 관리 앱</ui>과`). The head is the source's own word
outside the tags: every copy of its translation is outside them too. SAP dev (ja, ko, zh, zf): 9 sentences a
language coordinate labels before a head noun; all 36 references leave the head outside every label, written once
or after each (ja 4, ko 2 write the copies).

The rule, for each run of sibling tags the source coordinates (only list separators, `/`, `&`, whitespace and at
most one word between each two, as `enumerations.py` reads a list) followed by a head word (`labels.label_head`: a
word right after the last tag, no function word, not a word of the tags):

* the head's translations are the runs of consecutive target words linked to the head and to no word of the tags;
* a span of the run whose text ends (or starts) with one of them, at a word's edge, with a letter or digit left
  besides, ends before (starts after) it — any number of times; so a label whose translation holds the head's
  translation as a copy stays whole only where its source tag holds the head's word (which the head then is not);
* a span that is nothing but such a copy, in a head-final language (`Profile.head_final`: the label is written
  before its head), moves to the content words written right before it that no link ties to anything (the label's
  words the aligner left unlinked: `<ui>기본</ui> 모드와` for a span on `모드`); without such words it stays.
Spans never grow past their siblings, and a span with a child is left alone. Language-independent: the match is
on the translation's own words, so it holds in any script and where the head is written once it changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from tagmt.projection.edges import Span
from tagmt.projection.edgewords import closed_class
from tagmt.projection.enumerations import SEPARATORS
from tagmt.projection.labels import label_head
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

_GAP_MARKS = SEPARATORS + "/&"
"""What may stand between two coordinated labels besides whitespace and one word (`A, B and C`, `A/B`, `A & B`)."""
_WORD = regex.compile(r"^[\p{L}\p{M}]+$")
_ALNUM = regex.compile(r"[\p{L}\p{N}]")


def shared_heads(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` without the copies of a coordinated run's shared head at their edges (module docstring);
    in place, and returned."""
    if ctx.src and ctx.trg and ctx.links:
        _visit(spans, ctx)
    return spans


def _visit(nodes: list[Span], ctx: PairContext) -> None:
    for run in _runs(nodes, ctx.plain):
        heads = _head_translations(run, ctx)
        if heads:
            for node in run:
                _trim(node, heads, nodes, ctx)
    for node in nodes:
        _visit(node.children, ctx)


def _runs(nodes: list[Span], plain: str) -> list[list[Span]]:
    """The runs (two or more) of sibling spans whose source tags the source coordinates, in source order."""
    tags = sorted((n for n in nodes if not n.point and n.tag.start < n.tag.end), key=lambda n: n.tag.start)
    runs: list[list[Span]] = []
    current: list[Span] = []
    for node in tags:
        if current and _coordinated(plain[current[-1].tag.end:node.tag.start]):
            current.append(node)
            continue
        if len(current) > 1:
            runs.append(current)
        current = [node]
    if len(current) > 1:
        runs.append(current)
    return runs


def _coordinated(gap: str) -> bool:
    """Whether the source text between two tags joins them as a list: separators, whitespace and at most one word
    (the conjunction), one of them at least."""
    marks = sum(1 for c in gap if c in _GAP_MARKS)
    words = "".join(" " if c in _GAP_MARKS else c for c in gap).split()
    return len(words) <= 1 and all(_WORD.match(w) for w in words) and (marks > 0 or len(words) == 1)


def _head_translations(run: list[Span], ctx: PairContext) -> set[str]:
    """The texts of the runs of consecutive target words linked to the run's shared head and to no word of its tags
    (empty: no head, or it is a function word, a word of the tags, or unlinked)."""
    src = ctx.src
    head = label_head(src, ctx.plain, run[-1].tag.end, ctx.src_starts)
    if head is None:
        return set()
    source_profile = None if ctx.profiles is None else ctx.profiles.src
    word = src[head]
    if closed_class(word.text, word.kind, source_profile) or not _ALNUM.search(word.text):
        return set()
    inside = {i for node in run for i in words_within(src, ctx.src_starts, node.tag.start, node.tag.end)}
    own = {src[i].text.lower() for i in inside}
    if _forms(word.text) & {f for text in own for f in _forms(text)}:
        return set()  # (`<ui>Mode</ui> and <ui>Edit Mode</ui> modes`: the tags' own word)
    linked = [j for j in range(len(ctx.trg))
              if any(i == head for i, _ in ctx.owners.get(j, ())) and not any(i in inside for i, _ in ctx.owners.get(j, ()))]
    texts: set[str] = set()
    k = 0
    while k < len(linked):
        a = b = linked[k]
        while k + 1 < len(linked) and linked[k + 1] == b + 1:
            k += 1
            b = linked[k]
        texts.add(ctx.translation[ctx.trg[a].start:ctx.trg[b].end])
        k += 1
    return {t for t in texts if _ALNUM.search(t)}


def _forms(text: str) -> set[str]:
    """A source word and its singular as English writes it (`modes` → `mode`), lower-cased."""
    text = text.lower()
    return {text, text[:-1]} if len(text) > 3 and text.endswith("s") else {text}


def _trim(node: Span, heads: set[str], siblings: list[Span], ctx: PairContext) -> None:
    if not node.movable or node.children:
        return
    text, trg, starts = ctx.translation, ctx.trg, ctx.trg_starts
    for _ in range(len(heads) * 4):
        held = list(words_within(trg, starts, node.start, node.end))
        if not held:
            return
        cut = _edge_copy(held, heads, ctx)
        if cut is None:
            break
        rest_end, rest_start = cut
        if rest_end is not None:
            node.end = trg[rest_end].end
        else:
            node.start = trg[rest_start].start
    held = list(words_within(trg, starts, node.start, node.end))
    if held and text[trg[held[0]].start:trg[held[-1]].end] in heads:
        _move_before(node, held[0], siblings, ctx)


def _edge_copy(held: list[int], heads: set[str], ctx: PairContext) -> tuple[int | None, int | None] | None:
    """Where a span over words `held` is cut to leave a head's copy at its end (the last word kept, None) or its start
    (None, the first word kept); None: no copy at an edge, or nothing with a letter or digit would be left."""
    text, trg = ctx.translation, ctx.trg
    for k in range(len(held) - 1, 0, -1):  # a copy ending the span: words held[k:]
        if text[trg[held[k]].start:trg[held[-1]].end] in heads:
            if _ALNUM.search(text[trg[held[0]].start:trg[held[k - 1]].end]):
                return held[k - 1], None
            break
    for k in range(0, len(held) - 1):  # a copy starting the span: words held[:k + 1]
        if text[trg[held[0]].start:trg[held[k]].end] in heads:
            if _ALNUM.search(text[trg[held[k + 1]].start:trg[held[-1]].end]):
                return None, held[k + 1]
            break
    return None


def _move_before(node: Span, first: int, siblings: list[Span], ctx: PairContext) -> None:
    """A span that is only a copy of the head goes to the unlinked content words right before it, in a head-final
    language; else it stays."""
    profile = ctx.trg_profile
    if profile is None or not profile.head_final:
        return
    trg, text = ctx.trg, ctx.translation
    floor = max((s.end for s in siblings if s is not node and s.end <= node.start), default=0)
    j = first - 1
    while j >= 0 and trg[j].start >= floor and trg[j].kind == "content" and not ctx.owners.get(j) \
            and text[trg[j].end:trg[j + 1].start].strip() == "" and "\n" not in text[trg[j].end:trg[j + 1].start]:
        j -= 1
    if j < first - 1:
        node.start, node.end = trg[j + 1].start, trg[first - 1].end
