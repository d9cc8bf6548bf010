"""Japanese noun prefixes: a span never starts between a prefix and its noun (`noun_prefixes`, stage `noun-prefixes`).

Japanese writes a bound prefix glued to the noun it modifies — `未請求債権` (unbilled receivable), `再トリガ`
(Retrigger), `全明細` (All Items), `非稼動日` — and IPADIC reads it as a word of its own (接頭詞,名詞接続), which
`wordseg` calls `content` like the noun. An alignment that links the noun alone (the prefix has no link, or only
a weak one: what the aligner gives where the examples are few) starts the span on the noun and leaves the
prefix outside (`未<emphasis>請求債権</emphasis>`). A reference never does: in the SAP en-ja dev part, 16 tagged
references start on a noun prefix and none starts right after one. So, for each span with words, parents
first, within the room its siblings leave (`edges.between_siblings`): a span that starts on a noun glued right
after a noun prefix starts on the prefix. Not where:

* the prefix is surely linked (`labelphrases.SURE`) to a source word outside the tag and to none inside — the
  source writes it as a word of its own outside the tag (`all <ui>Items</ui>`, `each <b>field</b>`): the
  translation of that word stays outside (a weak link there is the aligner's guess, not the source's word);
* the prefix is honorific (`ご<ui>確認</ui>`, `profiles.japanese.HONORIFIC_PREFIXES`): politeness, no part of
  a term;
* the source tag's start cuts a word or follows a hyphen glued to one (`non-<b>working</b> days` → `非<b>稼動</b>日`):
  the cut is the source's.

The end of a span is left alone: IPADIC reads some noun suffixes as the next noun's prefix (`発生元|項目`:
`元` 接頭詞), and a reference ends a tag there.
Korean writes its prefixes inside an eojeol (`미청구`), which `whole-eojeols` keeps whole; Chinese has no such
word class in its segmenter and a Latin prefix is a part of its word (`copycuts.py`): the stage is the Japanese
profile's only (`profiles.japanese`), and with no language known it reads kana in the translation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import Span, between_siblings
from tagmt.projection.labelphrases import SURE
from tagmt.projection.profiles.japanese import HONORIFIC_PREFIXES
from tagmt.projection.scripts import writes_kana
from tagmt.projection.wordseg import japanese_noun_prefixes, words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext


def noun_prefixes(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` with no start between a Japanese noun prefix and its noun (module docstring); in place,
    and returned. Only for a Japanese target (or none known: then where the translation writes kana)."""
    if ctx.family not in (None, "japanese") or not writes_kana(ctx.translation):
        return spans
    prefixes = {end: start for start, end in japanese_noun_prefixes(ctx.translation)
                if ctx.translation[start:end] not in HONORIFIC_PREFIXES}
    if prefixes:
        _Prefixes(ctx, prefixes).visit(spans, 0, len(ctx.translation))
    return spans


class _Prefixes:
    def __init__(self, ctx: PairContext, prefixes: dict[int, int]) -> None:
        self.ctx, self.prefixes = ctx, prefixes  # prefixes: end → start
        self.starting = {w.start: k for k, w in enumerate(ctx.trg)}

    def visit(self, nodes: list[Span], lo: int, hi: int) -> None:
        for node, floor, _ in between_siblings(nodes, lo, hi):
            if not node.point and node.start < node.end and not node.fixed:
                start = self.prefixes.get(node.start)
                if start is not None and start >= floor and self._takes(node, start):
                    node.start = start
            self.visit(node.children, node.start, node.end)

    def _takes(self, node: Span, start: int) -> bool:
        """The prefix at `start`, just before the span, goes in: the span starts on a noun, the source does not
        cut there, and the prefix has a link to a word of the tag or no sure link (to a word outside it)."""
        ctx = self.ctx
        first, prefix = self.starting.get(node.start), self.starting.get(start)
        if first is None or ctx.trg[first].kind != "content" or prefix is None or ctx.trg[prefix].end != node.start:
            return False
        if _source_cuts(ctx.plain, node.tag.start):
            return False
        owners = ctx.owners.get(prefix, ())
        inside = words_within(ctx.src, ctx.src_starts, node.tag.start, node.tag.end)
        return any(i in inside for i, _ in owners) or not any(weight >= SURE for _, weight in owners)


def _source_cuts(plain: str, x: int) -> bool:
    """The source tag's start at `x` lies inside a word, or right after a hyphen glued to one (`non-<b>…`)."""
    if not 0 < x < len(plain) or not plain[x].isalnum():
        return False
    return plain[x - 1].isalnum() or (plain[x - 1] in "-\u2010" and x > 1 and plain[x - 2].isalnum())
