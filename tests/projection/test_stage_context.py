"""The unit, list, noun-chain and Chinese-phrase stages read what the pair's context (`context.PairContext`)
makes once: the translation's dictionary pieces, its and the source's groups, the link owners and the word
offsets are computed once per pair, however many of these stages read them; the Korean noun chains and the
Chinese phrases read the target profile's family, not the script (a Japanese text in kanji alone)."""

from __future__ import annotations

from collections import Counter

import pytest

from tagmt.projection import chinesegrammar, context, detag, enumerations, nounchains, units
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.render import render_spans
from tagmt.projection.stages import STAGES, place
from tagmt.projection.wordseg import words_with_offsets

from test_pipeline import _context

RULES = ("units", "lists", "noun-chains", "chinese-phrases")
"""The stages whose rules read the context's shared data (this engineer's: `units`, `enumerations`,
`nounchains`, `chinesegrammar`)."""


def _counting(monkeypatch, calls: Counter, name: str, function, *modules) -> None:
    """`function` replaced in each of `modules` (each imports it by name) by one that counts its calls by
    its first argument."""
    def counted(*args, **kwargs):
        calls[(name, args[0] if isinstance(args[0], str) else "")] += 1
        return function(*args, **kwargs)

    for module in modules:
        if hasattr(module, name):
            monkeypatch.setattr(module, name, counted)


CASES = [
    # Chinese: a circumposition, a list, a bracket group; every rule reads the pieces
    ("Set <b>In scope</b>, <i>Open</i> (<u>Draft</u>).", "设置在范围内、打开（草稿）。", "zh",
     [("In", "在"), ("scope", "范围"), ("Open", "打开"), ("Draft", "草稿"), ("Set", "设置")]),
    # Korean: a noun chain the tag cuts (the link owners), a list
    ("Set it to <b>Marked as Correct</b>, <i>Open</i>.", "정상으로 표시, 열기로 설정합니다.", "ko",
     [("Correct", "정상"), ("Marked", "표시"), ("Set", "설정"), ("Open", "열기")]),
    # Japanese: an unknown kanji compound and a noun chain
    ("Generate them with <b>Generate File</b>, <i>Clear</i>.", "ファイル生成、未消込で生成します。", "ja",
     [("Generate", "生成"), ("File", "ファイル"), ("Clear", "消込")]),
]


@pytest.mark.parametrize("source, target, lang, pairs", CASES)
def test_the_rule_stages_share_the_pieces_groups_and_owners_of_one_context(source, target, lang, pairs,
                                                                          monkeypatch):
    expected = _rules(_context(source, target, lang, pairs))
    ctx = _context(source, target, lang, pairs)
    spans = place(ctx)  # (placing is not these stages': counted from here on)
    calls: Counter = Counter()
    _counting(monkeypatch, calls, "dictionary_pieces", units.dictionary_pieces, context, units, enumerations,
              chinesegrammar)
    _counting(monkeypatch, calls, "groups_of", units.groups_of, context, units, enumerations)
    _counting(monkeypatch, calls, "link_owners", nounchains.link_owners, context, nounchains, chinesegrammar)
    assert _rules(ctx, spans) == expected  # (the counters change nothing)
    assert calls[("dictionary_pieces", target)] == 1
    assert calls[("groups_of", target)] == 1 and calls[("groups_of", ctx.plain)] == 1
    assert calls[("link_owners", "")] == 1  # (zh: the Chinese phrases; ja, ko: the noun chains)
    assert set(calls) <= {("dictionary_pieces", target), ("groups_of", target), ("groups_of", ctx.plain),
                          ("link_owners", "")}  # no call on another text


def _rules(ctx: PairContext, spans=None) -> str:
    """The translation with the tags as the rule stages leave them after placing (`spans`: placed
    already), without the edge conventions' stage, which reads none of this."""
    spans = place(ctx) if spans is None else spans
    for name in RULES:
        spans = STAGES[name]().run(ctx, spans)
    return render_spans(ctx.translation, spans)[0]


# ------------------------------------------------------------------- the target profile, not the script

def _chained(target: str, profiles: Profiles | None) -> str:
    """`<b>Generate File</b>` placed on `target`'s first word (its `生成` linked to the copy of `Generate`
    outside the tag), after the units and noun-chain stages."""
    detagged = detag("Generate them with <b>Generate File</b>.")
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, "ja")
    links = {(0, 1), (4, 0)}  # Generate → 生成, File → 文書
    assert [src[i].text for i, _ in sorted(links)] == ["Generate", "File"]
    ctx = PairContext(detagged, target, src, trg, links, profiles=profiles)
    spans = place(ctx)
    for name in ("units", "noun-chains"):
        spans = STAGES[name]().run(ctx, spans)
    return render_spans(target, spans)[0]


def test_a_japanese_noun_chain_written_in_kanji_alone_is_still_read_by_the_script():
    # no kana: the chains still guess from the script (reading the ja profile changes SAP en-ja none:
    # `<uicontrol>原価</uicontrol>見積` → `<uicontrol>原価見積</uicontrol>`, a later, measured step)
    assert _chained("文書生成、生成", Profiles.of("en", "ja")) == "<b>文書</b>生成、生成"
    assert _chained("文書生成、生成", None) == "<b>文書</b>生成、生成"
    assert _chained("ファイル生成、生成", Profiles.of("en", "ja")) == "<b>ファイル生成</b>、生成"


def test_korean_chains_run_for_the_korean_profile_only():
    detagged = detag("Go from <b>Refinement</b> back.")
    text = "세부 지정"
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(text, "ko")
    from tagmt.projection.edges import Span

    for profiles, expected in ((None, "세부 지정"), (Profiles.of("en", "ko"), "세부 지정"),
                               (Profiles.of("en", "de"), "세부")):
        ctx = PairContext(detagged, text, src, trg, {(2, 0)}, profiles=profiles)
        (span,) = STAGES["noun-chains"]().run(ctx, [Span(detagged.tags[0], 0, 2, 0, False)])
        assert text[span.start:span.end] == expected, profiles


def test_japanese_written_in_kanji_alone_is_not_chinese_for_the_chinese_phrases():
    from tagmt.projection.edges import Span

    detagged = detag("only in <b>draft mode</b>")
    text = "仅在草稿模式中切换"
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(text, "zh")
    for profiles, expected in ((None, "草稿模式"), (Profiles.of("en", "zh"), "草稿模式"),
                               (Profiles.of("en", "ja"), "草稿模式中")):
        ctx = PairContext(detagged, text, src, trg, set(), profiles=profiles)
        (span,) = STAGES["chinese-phrases"]().run(ctx, [Span(detagged.tags[0], 2, 7, 0, False)])
        assert text[span.start:span.end] == expected, profiles
