"""Outside words: a content word at a span's edge that translates a word written outside the source tag leaves the
span, when its links into the tag only double translations the span holds anyway (stage `outside-words`).

A UI label's class noun is written outside the tag in the source (`the <ui>Save</ui> button`, `the <ui>File</ui>
menu`) and beside the label in the translation, glued to it or not: `<ui>保存</ui>ボタン`, `<ui>保存</ui>按钮`,
`<ui>저장</ui> 버튼`, `le menu <ui>Fichier</ui>`. The aligner links the class noun to the source's `button`, and often
to the label's word too, the spill of a many-to-one pair (`Save` → `저장` and `버튼`); the placement then takes it
in: `<ui>저장 버튼</ui>을`.
`edgewords.py` lets such a spilled link go for function words and for the class noun a spaced language writes
before a label in lower case; this is the same principle for every word: a word that translates a source word
outside the tag, and whose links into the tag only double the translation of words another word of the span
translates, is no part of the tag's translation.

Here the first and last words of each span tag (a dictionary word of the translation as one, `按钮`) leave it, one
at a time (at most `edges.MAX_MOVES` a side), while the word

* is linked to a content word of the source outside the source tag (no copy of a word of the tag: `Correct` …
  `correct`), at least as surely as to any word inside it, and every content word of the tag has a link (an unlinked
  one may be what the edge word translates);
* has links into the tag only to content words that another word of the remaining span — no function word —
  translates too (`edgewords.doubles_only`'s principle), or none;
* leaves the span a word linked into the tag, and no child tag behind;
* is written apart from the rest of the span, with whitespace between (`<ui>저장</ui> 버튼`, `le menu <ui>Fichier</ui>`):
  Japanese and Chinese glue a class noun to the label (`保存ボタン`), as they glue a compound's parts and a verb's
  endings, and cutting there on the links took SAP en-ja dev from 94.6 to 94.1 % (`<uicontrol>絞</uicontrol>込`,
  `含ま<emphasis>れません</emphasis>`, a translator's added `コード` left out of `<uicontrol>銀行仮勘定コード</uicontrol>`).

A copy of a word of the tag stays, and a span that is the tag's text copied is not cut. A word linked to a word of
the tag alone stays (`<ui>名前を付けて保存</ui>`), as does a word that is the only
translation of a tag's word (`<ui>Dateimenü</ui>` for `<ui>File</ui> menu` written as one word: nothing doubles
`File`). Spans only shrink.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from tagmt.projection.edges import MAX_MOVES, Span
from tagmt.projection.edgewords import closed_class
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def drop_outside_words(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` without the edge words that translate source words outside their tags (module
    docstring), parents first; in place, and returned."""
    if ctx.trg and ctx.src and ctx.links:
        for root in spans:
            for node in root.walk():
                if node.movable:
                    _trim(node, ctx)
    return spans


def _trim(node: Span, ctx: PairContext) -> None:
    if ctx.translation[node.start:node.end].strip() == ctx.plain[node.tag.start:node.tag.end].strip():
        return  # (the tag's own text copied: `units.verbatim_spans`' span)
    for _ in range(MAX_MOVES):
        held = words_within(ctx.trg, ctx.trg_starts, node.start, node.end)
        if len(held) < 2:
            return
        group = _group(ctx, held, held[0], forward=True)
        if any(c.start < ctx.trg[group[-1]].end for c in node.children):
            break
        rest = [j for j in held if j not in group]
        if not rest or not _apart(ctx, group[-1], rest[0]) or not _translates_outside(ctx, node, group, rest):
            break
        node.start = ctx.trg[rest[0]].start
    for _ in range(MAX_MOVES):
        held = words_within(ctx.trg, ctx.trg_starts, node.start, node.end)
        if len(held) < 2:
            return
        group = _group(ctx, held, held[-1], forward=False)
        if any(c.end > ctx.trg[group[0]].start for c in node.children):
            break
        rest = [j for j in held if j not in group]
        if not rest or not _apart(ctx, rest[-1], group[0]) or not _translates_outside(ctx, node, group, rest):
            break
        node.end = ctx.trg[rest[-1]].end


def _apart(ctx: PairContext, a: int, b: int) -> bool:
    """Whether target words `a` and `b` (in order) are written apart: whitespace between them. Words written together
    (`保存ボタン`, `絞込`, `含まれません`) are one compound or one verb form to the references of a language that
    writes no spaces, which cut them where their own segmentation does (`nounchains.py`, `units.py`), not here."""
    return any(c.isspace() for c in ctx.translation[ctx.trg[a].end:ctx.trg[b].start])


def _group(ctx: PairContext, held: range, j: int, *, forward: bool) -> list[int]:
    """Word `j` with the other words of `held` in the same dictionary word of the translation (`PairContext.pieces`:
    `按钮` is two characters), in order."""
    word = ctx.trg[j]
    pieces = ctx.pieces
    k = bisect_left(pieces, (word.start + 1,)) - 1
    if k < 0 or not (pieces[k][0] <= word.start and word.end <= pieces[k][1]):
        return [j]
    a, b = pieces[k]
    found = [i for i in held if a <= ctx.trg[i].start and ctx.trg[i].end <= b]
    return found if j in found else [j]


def _translates_outside(ctx: PairContext, node: Span, group: list[int], rest: list[int]) -> bool:
    if not rest:
        return False
    tag = node.tag
    src = ctx.src
    source_profile = None if ctx.profiles is None else ctx.profiles.src

    def inside(i: int) -> bool:
        return tag.start <= src[i].start and src[i].end <= tag.end

    tag_words = words_within(src, ctx.src_starts, tag.start, tag.end)
    content = [i for i in tag_words if not closed_class(src[i].text, src[i].kind, source_profile)
               and any(c.isalnum() for c in src[i].text)]
    linked_anywhere = {i for i, _ in ctx.links}
    if any(i not in linked_anywhere for i in content):
        return False  # (an unlinked word of the label may be what the edge word translates)
    copies = {src[i].text.lower() for i in tag_words}
    if any(ctx.trg[j].text.lower() in copies for j in group):
        return False  # (a copy of the tag's own word is its translation, whatever else it is linked to)
    owners = [(i, share) for j in group for i, share in ctx.owners.get(j, ())]
    outer = [share for i, share in owners if not inside(i) and src[i].text.lower() not in copies
             and not closed_class(src[i].text, src[i].kind, source_profile) and any(c.isalnum() for c in src[i].text)]
    inner = [(i, share) for i, share in owners if inside(i)]
    if not outer or (inner and max(outer) < max(share for _, share in inner)):
        return False
    if any(closed_class(src[i].text, src[i].kind, source_profile) for i, _ in inner):
        return False  # (a function word of the tag linked to it is what it translates)
    needed = {i for i, _ in inner}
    kept_inside = False
    for j in rest:
        word = ctx.trg[j]
        linked = {i for i, _ in ctx.owners.get(j, ())}
        kept_inside |= any(inside(i) for i in linked)
        if not closed_class(word.text, word.kind, ctx.trg_profile):
            needed -= linked
    return kept_inside and not needed
