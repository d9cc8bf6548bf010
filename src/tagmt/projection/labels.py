"""Whole labels: a UI label or term tagged whole in the source keeps its unlinked words in the translation.

A multi-word label is often linked only in part, and the span placed on its linked words drops the rest.
Rules from the target language's phrase structure, none tuned to a data set:

* **The label's head noun ends its noun chain** (`label_head`, read by `nounchains`): Japanese and Korean write
  the English phrase `the <ui>To Be Billed</ui> tab` as one chain of nouns, label first and the head noun
  (`탭`, `タブ`, `ボタン`, `項目`) last, glued or spaced (`청구 예정 탭`, `明細タイプ変更ボタン`). The chain then
  does not end at a particle right after the label, so the noun-chain rule, which grows a span only up to a
  chain's end, left the label's own unlinked or copy-linked nouns out (`<ui>청구</ui> 예정 탭`). A noun linked
  only to the source word that follows the tag — the English head of the label's phrase — is where the label
  ends: the chain rule may grow the span up to it, never over it (the references leave that noun outside).
* **Quoted labels** (`quoted_labels`, the `quoted-labels` stage, before the edge conventions): where the
  translation writes the label in quotation marks or brackets the source does not have (`„Bericht drucken“`,
  `「印刷」`, `«Imprimer»`, `[列印]`) and every word linked inside that group is linked to the tag's words (or
  to copies of them elsewhere in the source), the span placed on part of the group takes the whole group's
  text: the quoted words are the label. Whether the marks go inside or outside is then decided by the edge
  conventions (`conventions.default_decision`: added quotation marks and square or corner brackets inside,
  spaced ones and parentheses outside, unless the examples show otherwise), as for any span. Conversely a
  span that holds such a group and, outside it, words that no sure link ties to the tag is cut back to the
  group (`<ui>[增強] 兩種</ui>` → `<ui>[增強]</ui> 兩種`: a weak link of the tag's outside the group that
  holds its sure ones is the aligner's spill, and so is a sure one that only doubles a translation the group
  holds, `edgewords.doubles_only`: `кнопку «Сохранить»`, `sur « Enregistrer »` for `Save`; a span that opens the
  group and ends inside it counts as holding it); and again after the list rule (`quoted_labels_kept`, the
  `label-quotes-kept` stage), which takes a list item's conjunction in (`<ui>以及 [到期日]</ui>`), the
  marks then kept as the edge conventions put them. A parenthesis is the sentence's and a brace is code,
  neither a label's quotation: not a group here.
* **Glossed labels** (`_Glossed`, in the `quoted-labels` stage): a label written twice, the second in
  parentheses (`Rename (Umbenennen)`, `차이(%)`, `テキスト (長)`): a span on one side takes the other when every
  linked word of it is the tag's (one at least) — the parenthesis glosses the label, it is no aside. Not
  after a span that copies the source's text verbatim: a title kept in the source language is the tag's,
  its translation in parentheses the sentence's (`<xref>Integrating CDS Views</xref> (CDS-Views
  integrieren)`, what the SAP references do: `test_units.py`), so `Rename (Umbenennen)` keeps its gloss
  outside unless a later convention learns otherwise.

Nothing moves where the source quotes the tag itself or its tag holds a group (the unit rule's,
`units.respect_units`), nor past a sibling's span or out of the parent's.

Measured (benchmarks/bench_projection.py --part dev --modes cv, exact %, main ac73221 → this): SAP ja 92.1 →
92.4, ko 92.1 → 92.7, zf 94.1 → 95.8, zh 95.2 → 95.2; EUR-Lex and glossary de/fr/hu outputs identical (no
label shapes there). Not done: a label whose
words the aligner links to the words after the tag (`<ui>グループ化</ui>基準` for `<ui>Group By</ui>
criteria`) and the one-word term a translation writes as a phrase (`les parties <g>prenantes</g>`).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Sequence

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.edgewords import doubles_only
from tagmt.projection.wordseg import Word, words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def label_head(src: Sequence[Word], text: str, tag_end: int, starts: Sequence[int] | None = None) -> int | None:
    """The source word that follows a tag ending at `tag_end` with nothing but spaces between (the head of the
    label's phrase: `tab` in `the <ui>To Be Billed</ui> tab`), or None (the tag ends the sentence or a
    clause, a mark follows, or the tag ends inside a word). `starts`: the words' starts (found by bisection)."""
    i = bisect_left(starts if starts is not None else [w.start for w in src], tag_end)
    if i == len(src):
        return None
    word = src[i]
    gap = text[tag_end:word.start]
    if (gap == "" and i and src[i - 1].end == tag_end) or (gap and gap.isspace() and "\n" not in gap):
        return i if any(c.isalnum() for c in word.text) else None
    return None


def is_head_noun(owners: Sequence[tuple[int, float]], head: int | None, inside: set[int]) -> bool:
    """Whether a target word with these linked source words (`owners`) translates the label's head (`label_head`)
    only: linked to it and to no word of the tag."""
    return head is not None and any(i == head for i, _ in owners) and not any(i in inside for i, _ in owners)


def head_spill(owners: Sequence[tuple[int, float]], head: int, head_follows: bool, sure: float) -> bool:
    """Whether a noun of the label's chain with these links is the label's own although the aligner linked it to
    the head: its only links go to the head (`label_head`), all weaker than `sure`, and a later noun of the same
    chain is the head's sure translation (`head_follows`): the head is translated there, the weak link is spill
    (`청구 예정 탭`: `예정` weakly `tab`, `탭` surely)."""
    return head_follows and bool(owners) and all(i == head and share < sure for i, share in owners)


SURE = 1.0
"""A link this sure or surer (every aligner run found it, or an anchor: `confidence.py`) says a word is the
tag's; a weaker one outside the group that quotes the label does not (`_Quoted._trim`)."""
PARENTHESES = "(（"
"""Opening marks of a gloss (`Rename (Umbenennen)`)."""
NOT_QUOTING = "(（{｛"
"""Opening marks of the groups that are not a label's quotation: parentheses are the sentence's (`(<b>X</b>)`),
braces are code (`{{CurrentDate}}`)."""


def quoted_labels(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` grown to the whole text of the quotation or bracket group they lie in where that
    group quotes their label (module docstring); in place, and returned. Spans only grow, within the room
    their siblings leave."""
    text = ctx.translation
    groups = [g for g in ctx.groups if text[g[0]] not in NOT_QUOTING and g[1] - g[0] > 1]
    if groups and ctx.trg:
        _Quoted(ctx, groups).visit(spans, 0, len(text))
    glosses = [g for g in ctx.groups if text[g[0]] in PARENTHESES and g[1] - g[0] > 1]
    if glosses and ctx.trg:
        _Glossed(ctx, glosses).visit(spans, 0, len(text))
    return spans


class _Glossed:
    """A label glossed in parentheses (`Rename (Umbenennen)`, `テキスト (長)`): a span on one side whose other side
    is the tag's too (every linked word of it linked to the tag's words, one at least) takes both."""

    def __init__(self, ctx: PairContext, glosses: list[tuple[int, int]]) -> None:
        self.ctx, self.glosses = ctx, glosses
        self.openings = [g[0] for g in glosses]
        self.innermost = _innermost(glosses, len(ctx.translation))

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if node.movable and not _source_quotes(self.ctx, node):
                self._gloss(node, max(lo, floor), min(hi, ceiling))
            self.visit(node.children, node.start, node.end)

    def _gloss(self, node: Span, floor: int, ceiling: int) -> None:
        ctx, text = self.ctx, self.ctx.translation
        inside = set(words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end))
        if not inside:
            return
        k = bisect_left(self.openings, node.end)
        around = self.innermost[node.start]
        for opening, closing in [*self.glosses[k:k + 1], *([around] if around is not None else [])]:
            if text[node.end:opening].strip() == "" and node.end <= opening and closing < ceiling:
                if text[node.start:node.end] != ctx.plain[node.tag.start:node.tag.end].strip() \
                        and _all_the_tags(ctx, inside, opening + 1, closing):  # `<b>차이</b>(%)`
                    node.end = closing + 1
                return
            if opening < node.start and node.end <= closing and floor <= opening:
                start = self._before(opening, inside, floor)  # `テキスト (<b>長</b>)`
                if start is not None and text[opening + 1:node.start].strip() == "" \
                        and text[node.end:closing].strip() == "":
                    node.start, node.end = start, closing + 1
                return
            if opening < node.start:
                return

    def _before(self, opening: int, inside: set[int], floor: int) -> int | None:
        """The start of the word written just before a parenthesis (spaces between) when it is the tag's."""
        ctx = self.ctx
        j = bisect_left(ctx.trg_starts, opening) - 1
        if j < 0 or ctx.trg[j].start < floor or ctx.trg[j].end > opening:
            return None
        word = ctx.trg[j]
        if ctx.translation[word.end:opening].strip() or not any(c.isalnum() for c in word.text):
            return None
        return word.start if _all_the_tags(ctx, inside, word.start, word.end) else None


def quoted_labels_kept(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` that a later rule grew past the whole group quoting their label (the list rule takes a
    list item's words: `<ui>以及 [到期日]</ui>`) cut back to the group, its marks kept inside as the edge
    conventions put them; in place, and returned. No span grows."""
    text = ctx.translation
    groups = [g for g in ctx.groups if text[g[0]] not in NOT_QUOTING and g[1] - g[0] > 1]
    if groups and ctx.trg:
        _Quoted(ctx, groups, marks=True).visit(spans, 0, len(text))
    return spans


class _Quoted:
    def __init__(self, ctx: PairContext, groups: list[tuple[int, int]], marks: bool = False) -> None:
        """`marks`: trim only, to a group with its marks (after the edge conventions); else grow or trim to the
        text between the marks (before them)."""
        self.ctx, self.groups, self.marks = ctx, groups, marks
        self.openings = [g[0] for g in groups]
        self.innermost = _innermost(groups, len(ctx.translation))

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, floor, ceiling in between_siblings(nodes, lo, hi):
            if node.movable:
                content = None if self.marks else self._quoting(node)
                if content is not None and floor <= content[0] and content[1] <= ceiling \
                        and lo <= content[0] and content[1] <= hi:
                    node.start, node.end = min(node.start, content[0]), max(node.end, content[1])
                elif content is None:
                    self._trim(node, min(hi, ceiling))
            self.visit(node.children, node.start, node.end)

    def _trim(self, node: Span, ceiling: int) -> None:
        """A span that holds a whole group quoting its label and, outside the group, only words that are not
        the tag's (linked to none of its words by a sure link) is cut back to the group's text (`<ui>[增強] 兩種</ui>` →
        `<ui>[增強]</ui> 兩種`; the edge conventions then decide on the marks)."""
        ctx, text = self.ctx, self.ctx.translation
        k = bisect_left(self.openings, node.start)
        held = []
        while k < len(self.groups) and self.groups[k][0] < node.end:
            if self.groups[k][1] < node.end or k + 1 == len(self.groups) or self.groups[k + 1][0] >= node.end:
                held.append(self.groups[k])  # (or the last group the span opens: `<ui>sur « Enregistrer</ui> »`)
            k += 1
        if not held or self._source_quotes(node):
            return
        inside = set(words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end))
        quoting = [g for g in held if inside and _all_the_tags(ctx, inside, g[0] + 1, g[1])]
        if len(quoting) != 1:
            return
        opening, closing = quoting[0]
        outside = [j for j in words_within(ctx.trg, ctx.trg_starts, node.start, node.end)
                   if not opening <= ctx.trg[j].start < closing + 1]
        own = {ctx.src[i].text.lower() for i in inside}
        if not outside or any((i in inside or ctx.src[i].text.lower() in own) and share >= SURE
                              and not doubles_only(ctx, j, [i], opening, closing + 1)
                              for j in outside for i, share in ctx.owners.get(j, ())):
            return  # (a weak link of the tag's outside the group that holds its sure ones is the aligner's spill,
            # and so is a sure one doubling a translation the group holds: `кнопку «Сохранить»` for `Save`)
        start, end = (opening, closing + 1) if self.marks else _stripped(text, opening + 1, closing)
        if start < end and end <= max(node.end, ceiling) \
                and all(start <= c.start and c.end <= end for c in node.children):
            node.start, node.end = start, end

    def _source_quotes(self, node: Span) -> bool:
        return _source_quotes(self.ctx, node)

    def _quoting(self, node: Span) -> tuple[int, int] | None:
        """The text between the marks of the innermost group that holds `node` and quotes its label, or None."""
        ctx, text = self.ctx, self.ctx.translation
        g = self.innermost[node.start]
        if g is None or not (g[0] < node.start and node.end <= g[1]):
            return None
        opening, closing = g
        start, end = _stripped(text, opening + 1, closing)
        if (start, end) == (node.start, node.end) or not (start <= node.start and node.end <= end):
            return None
        tag = node.tag
        if self._source_quotes(node):
            return None
        inside = set(words_within(ctx.src, ctx.src_starts, tag.start, tag.end))
        return (start, end) if inside and _all_the_tags(ctx, inside, start, end) else None


def _innermost(groups: list[tuple[int, int]], n: int) -> list[tuple[int, int] | None]:
    """For each offset of a text of `n` characters, the innermost of the (properly nested, sorted) `groups` whose
    marks enclose it (`opening < x <= closing`), or None: each group paints its inside, the nested ones after
    their parents (time in the text times the nesting depth)."""
    inner: list[tuple[int, int] | None] = [None] * (n + 1)
    for g in groups:
        for x in range(g[0] + 1, min(g[1], n) + 1):
            inner[x] = g
    return inner


def _source_quotes(ctx: PairContext, node: Span) -> bool:
    """The source quotes the tag itself, or its tag holds a group: the unit rule's (`units.py`)."""
    tag = node.tag
    return any(g[0] < tag.start and tag.end <= g[1] or tag.start <= g[0] < tag.end for g in ctx.source_groups)


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """`[start, end)` without the whitespace at its ends."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _all_the_tags(ctx: PairContext, inside: set[int], start: int, end: int) -> bool:
    """Every linked word of the translation's `[start, end)` is linked to the tag's source words (`inside`) or
    to copies of them elsewhere only, and one is linked to them."""
    own = {ctx.src[i].text.lower() for i in inside}
    seen = False
    for j in words_within(ctx.trg, ctx.trg_starts, start, end):
        found = ctx.owners.get(j, ())
        if not found:
            continue
        if not all(i in inside or ctx.src[i].text.lower() in own for i, _ in found):
            return False
        seen = seen or any(i in inside for i, _ in found)
    return seen
