"""No Japanese span starts between a noun prefix and its noun (`nounprefixes.py`, stage `noun-prefixes`): hand-made
cases in Japanese where it fires and where it must not (the prefix linked only outside the tag, an honorific
prefix, the source's own cut, a prefix read before a span's end), in Korean (the eojeol rule's business: untouched),
Chinese (no such word class: untouched) and Latin (German, French: untouched); the full Japanese pipeline; a
property test (the text never changes, the tags stay whole and nested, the start moves back only)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection.edges import Span
from tagmt.projection.nounprefixes import noun_prefixes
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline, STAGES

from test_pipeline import _context, draw_nested, projected


def _run(source: str, text: str, lang: str, start: int, end: int, pairs=(), profiles: bool = True
         ) -> tuple[int, int]:
    ctx = _context(source, text, lang, list(pairs))
    if not profiles:
        ctx.profiles = None
    (span,) = noun_prefixes([Span(ctx.detagged.tags[0], start, end, 0, False)], ctx)
    return span.start, span.end


def test_a_span_starting_after_a_prefix_takes_it():
    # `an <emphasis>unbilled receivable</emphasis>` → 未請求債権: the aligner linked 請求債権 alone
    source = "This is called an <emphasis>unbilled receivable</emphasis>."
    text = "この金額は未請求債権と呼ばれます。"
    at = text.index("未")
    pairs = [("unbilled", "請求"), ("receivable", "債権")]
    assert _run(source, text, "ja", at + 1, at + 5, pairs) == (at, at + 5)
    assert _run(source, text, "ja", at + 1, at + 5, pairs, profiles=False) == (at, at + 5)  # reads the kana
    # the prefix linked to a word of the tag: in as well; linked only weakly outside it (the aligner's guess): in
    assert _run(source, text, "ja", at + 1, at + 5, [*pairs, ("unbilled", "未")]) == (at, at + 5)
    ctx = _context(source, text, "ja", [*pairs, ("called", "未")])
    ctx.weights = {link: 0.4 for link in ctx.links}
    (span,) = noun_prefixes([Span(ctx.detagged.tags[0], at + 1, at + 5, 0, False)], ctx)
    assert (span.start, span.end) == (at, at + 5)
    ctx = _context(source, text, "ja", [*pairs, ("called", "未")])  # surely linked outside only: out
    (span,) = noun_prefixes([Span(ctx.detagged.tags[0], at + 1, at + 5, 0, False)], ctx)
    assert (span.start, span.end) == (at + 1, at + 5)
    text = "エラーログで再トリガをクリックします。"
    at = text.index("再")
    assert _run("In the log, click <ui>Retrigger</ui>.", text, "ja", at + 1, at + 4, [("Retrigger", "トリガ")]) \
        == (at, at + 4)


def test_the_prefix_stays_out_where_the_source_writes_it_outside():
    # `all <ui>Items</ui>`: 全 translates `all`, a word of its own outside the tag
    text = "全明細を選択します。"
    assert _run("Select all <ui>Items</ui>.", text, "ja", 1, 3, [("all", "全"), ("Items", "明細")]) == (1, 3)
    # an honorific prefix is the sentence's politeness
    text = "内容をご確認ください。"
    at = text.index("確認")
    assert _run("Please <b>check</b> the content.", text, "ja", at, at + 2, [("check", "確認")]) == (at, at + 2)
    # the source cuts its own word (`non-<b>working</b> days`, `un<b>billed</b>`)
    text = "非稼動日を設定します。"
    assert _run("Set the non-<b>working</b> days.", text, "ja", 1, 3, [("working", "稼動")]) == (1, 3)
    assert _run("Set the un<b>billed</b> items.", "未請求明細を設定します。", "ja", 1, 3) == (1, 3)
    # a span that ends on a prefix (IPADIC reads `元` of `発生元` as the next noun's prefix) is left alone
    text = "廃棄物発生元項目で入力します。"
    end = text.index("項目")
    assert _run("Enter it in the <ui>Waste Generator</ui> field.", text, "ja", 0, end) == (0, end)


def test_other_scripts_are_untouched():
    for lang, text, start, end in (("ko", "미청구 채권이라고 합니다.", 1, 6),  # inside an eojeol: whole-eojeols
                                   ("zh", "此金额称为未开票应收款。", 6, 11), ("de", "Das ist ein Unbezahlt-Betrag.", 14, 28),
                                   ("fr", "C'est une non-créance facturée.", 14, 30)):
        source = "It is an <emphasis>unbilled receivable</emphasis>."
        assert _run(source, text, lang, start, end) == (start, end), lang
        assert _run(source, text, lang, start, end, profiles=False) == (start, end), lang


def test_the_japanese_pipeline_runs_it_last_among_its_rules():
    assert "noun-prefixes" in Pipeline.for_profile(_context("a", "あ", "ja", []).profiles.trg).names
    assert "noun-prefixes" not in Pipeline.for_profile(_context("a", "아", "ko", []).profiles.trg).names
    assert STAGES["noun-prefixes"].placing is False
    source = "This amount is called an <emphasis>unbilled receivable</emphasis>."
    text = "この金額は未請求債権と呼ばれます。"
    pairs = [("amount", "金額"), ("unbilled", "請求"), ("receivable", "債権"), ("called", "呼ば")]
    assert projected(source, text, "ja", pairs) == "この金額は<emphasis>未請求債権</emphasis>と呼ばれます。"
    # the aligner's weak guess links the prefix to `an`, outside the tag: the other rules leave it out
    assert _weakly(source, text, [*pairs, ("an", "未")]) == "この金額は<emphasis>未請求債権</emphasis>と呼ばれます。"
    assert _weakly(source, text, [*pairs, ("an", "未")], without="noun-prefixes") == \
        "この金額は未<emphasis>請求債権</emphasis>と呼ばれます。"


def _weakly(source: str, text: str, pairs: list[tuple[str, str]], without: str = "") -> str:
    """`text` projected by the Japanese pipeline with the prefix's link (the last of `pairs`) a weak one."""
    ctx = _context(source, text, "ja", pairs)
    ctx.weights = {link: 0.4 for link in ctx.links if ctx.trg[link[1]].text == "未"}
    stages = [stage for stage in Pipeline.for_profile(ctx.profiles.trg).stages if stage.name != without]
    return render_spans(text, Pipeline(stages).spans(ctx))[0]


WORDS = st.sampled_from(["未請求債権", "と", "全明細", "を", "再トリガ", "ご確認", "非稼動日", "各項目", "選択", "。", "Save"])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=7), st.data())
def test_the_text_never_changes_and_the_tags_stay_whole_and_nested(parts, data):
    text = "".join(parts)
    ctx = _context("Choose <ui>the <b>Save</b> option</ui> now.", text, "ja", [])
    outer, (a, b, c, d) = draw_nested(data, ctx.detagged.tags[0], len(text))
    (span,) = noun_prefixes([outer], ctx)
    assert 0 <= span.start <= a and span.end == b  # only a start moves, and only back
    (child,) = span.children
    assert span.start <= child.start <= child.end <= span.end and child.end == d
    assert ctx.translation == text and strip(text) == text
