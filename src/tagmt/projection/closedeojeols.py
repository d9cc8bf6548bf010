"""Closed eojeols: a Korean span does not open with an eojeol that closes a phrase of its own, unless the aligner's
vote ties it to the tag (stage `closed-eojeols`).

A Korean noun phrase puts its modifiers before its head: nouns, genitives (`계정의`), adnominal verb forms
(`매핑된`, `원하는`), determiners. An eojeol that ends in a topic, subject or object particle (`이를`, `파일을`:
`Profile.phrase_final`) or in a connective verb ending (`하려면`, `저장하고`, `삭제하면`) is an argument or a clause of a
predicate further on: it closes its own phrase and modifies no noun after it. So a span tag whose translation is a
noun phrase does not start with one — `이를 <ui>매핑된 G/L 계정의 내역</ui>` (`them … <ui>Descriptions for Mapped
G/L Accounts</ui>`), `…발생하도록 하려면 <ui>가격 변경 임계값 고려</ui>를`. The placement takes such a word in where
its score is zero: no voted link, or only links below the vote — one run's links, which another seed has or has not
(SAP en-ko dev, seeds 1 / 11 / 21: `이를` in at 11 and 21, `하려면` in at 21 only).

A label that is a clause holds such an eojeol (`<ui>파일을 저장</ui>` for `Save File`): there the aligner links the
eojeol's noun to the tag's word. So, for each span tag, parents first, its first eojeol leaves it (at most
`edges.MAX_MOVES` times) while

* it ends in a phrase-final particle of the target profile or a connective ending (an `ending` that is not one of
  `ADNOMINAL`, after a predicate stem), and is written apart from the rest of the span (whitespace between);
* no word of it has a link the vote keeps to a word of the source tag (weak links are no link here);
* no child tag starts in it.

Korean only (a profile with `phrase_final` whose family is korean, or no profile and Hangul text): Japanese writes
no spaces, so where its phrase starts is the chains' and the label phrases' business (`nounchains.py`,
`labelphrases.py`); the spaced languages' edge words are `edgewords.py`'s. Spans only shrink.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagmt.projection.edges import MAX_MOVES, Span
from tagmt.projection.profiles.korean import PHRASE_FINAL
from tagmt.projection.scripts import HANGUL_BLOCKS
from tagmt.projection.wordseg import words_within

if TYPE_CHECKING:  # (the context imports the rule modules: a type only)
    from tagmt.projection.context import PairContext

ADNOMINAL = frozenset({"는", "은", "ㄴ", "ㄹ", "을", "던"})
"""Korean adnominal endings (MeCab-ko ETM, as MeCab-ko writes them alone): a verb form with one modifies the noun
after it (`원하|는 값`), so it may open a noun phrase; every other ending is connective or final."""


def open_phrases(spans: list[Span], ctx: PairContext) -> list[Span]:
    """The spans of `ctx` without a first eojeol that closes a phrase of its own (module docstring); in place, and
    returned."""
    if ctx.family not in (None, "korean") or not ctx.trg or HANGUL_BLOCKS.search(ctx.translation) is None:
        return spans
    final = ctx.trg_profile.phrase_final if ctx.trg_profile is not None else PHRASE_FINAL
    for root in spans:
        for node in root.walk():
            if node.movable and not node.point and node.start < node.end:
                _trim(node, ctx, final)
    return spans


def _trim(node: Span, ctx: PairContext, final: frozenset[str]) -> None:
    trg, text = ctx.trg, ctx.translation
    tag = node.tag
    inside = set(words_within(ctx.src, ctx.src_starts, tag.start, tag.end))
    for _ in range(MAX_MOVES):
        held = words_within(trg, ctx.trg_starts, node.start, node.end)
        if len(held) < 2:
            return
        last = held[0]
        while last + 1 in held and trg[last].end == trg[last + 1].start:
            last += 1
        rest = last + 1
        if rest not in held or not text[trg[last].end:trg[rest].start].isspace():
            return
        if not _closes(ctx, held[0], last, final):
            return
        if any((i, j) in ctx.links for j in range(held[0], last + 1) for i in inside):
            return
        if any(c.start < trg[last].end for c in node.children):
            return
        node.start = trg[rest].start


def _closes(ctx: PairContext, first: int, last: int, final: frozenset[str]) -> bool:
    """The eojeol of words `first`..`last` ends in a phrase-final particle or a connective ending after a stem."""
    word = ctx.trg[last]
    if last == first:
        return False  # (a particle alone: MeCab-ko's reading of a detached one, not a closed phrase)
    if word.kind == "particle":
        return word.text in final
    return word.kind == "ending" and word.text not in ADNOMINAL and ctx.trg[last - 1].kind == "verb"
