"""Chinese function characters at a tag's edge (`chinesegrammar.py`): a circumposition is not cut in
two, an aspect adverb goes with its verb; hand-made cases in simplified (zh) and traditional (zf)
writing, with the cases that must not move, and a property over random spans."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import detag, project_tags
from tagmt.projection.chinesegrammar import keep_phrases
from tagmt.projection.context import PairContext
from tagmt.projection.conventions import default_decision
from tagmt.projection.edges import adjust_edges, to_spans
from tagmt.projection.inside_outside import place_tags
from tagmt.projection.profiles.chinese import ASPECT, LOCALIZERS
from tagmt.projection.units import respect_units, verbatim_spans
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], weights=None) -> str:
    """`source`'s tags projected onto `target`, a link for each (source word, target characters)
    pair: the target side is a run of characters, each linked (first occurrence)."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, lang)
    links, shares = set(), {}
    for s, t in pairs:
        i = next(k for k, w in enumerate(src) if w.text == s)
        at = target.index(t)
        for j, w in enumerate(trg):
            if at <= w.start and w.end <= at + len(t):
                links.add((i, j))
                shares[(i, j)] = (weights or {}).get((s, t), 1.0)
    return project_tags(detagged, target, src, trg, links, weights=shares)


# ------------------------------------------------------------------------------ circumposition

def test_the_localizer_joins_a_span_that_holds_its_preposition():
    # `In scope`: 在 and 范围 linked, 内 unlinked; the span stops before 内 (a span never ends on a localizer)
    out = project("Set the status to <uicontrol>In scope</uicontrol>.", "将状态设置为在范围内。", "zh",
                  [("In", "在"), ("scope", "范围"), ("status", "状态"), ("Set", "设置"), (".", "。")])
    assert out == "将状态设置为<uicontrol>在范围内</uicontrol>。"
    # with a negation before the preposition, and in traditional writing
    out = project("Choose <userinput>not in operation</userinput>.", "請選擇不在作業中。", "zf",
                  [("not", "不"), ("in", "在"), ("operation", "作業"), ("Choose", "選擇"), (".", "。")])
    assert out == "請選擇<userinput>不在作業中</userinput>。"
    out = project("Choose <userinput>not in operation</userinput>.", "请选择不在工序中。", "zh",
                  [("not", "不"), ("in", "在"), ("operation", "工序"), ("Choose", "选择"), (".", "。")])
    assert out == "请选择<userinput>不在工序中</userinput>。"


def test_the_localizer_stays_outside_when_the_preposition_does():
    # `in <b>draft mode</b>`: 在 outside the span, so 中 stays outside too
    for lang, target, noun in (("zh", "仅在草稿模式中才可以切换。", "草稿模式"), ("zf", "僅在草稿模式中才可切換。", "草稿模式")):
        out = project("Switch only in <b>draft mode</b>.", target, lang,
                      [("in", "在"), ("draft", noun[:2]), ("mode", noun[2:]), ("Switch", target[-3:-1])])
        assert out == target.replace(noun + "中", f"<b>{noun}</b>中"), out


def test_a_localizer_that_translates_a_word_of_the_tag_joins_it():
    # `Contract in Preparation`: 中 is linked to the tag's `in`, and no preposition opens it outside
    out = project("you can select <uicontrol>Contract in Preparation</uicontrol>.", "则可以选择合同准备中。", "zh",
                  [("Contract", "合同"), ("Preparation", "准备"), ("in", "中"), ("select", "选择"), (".", "。")])
    assert out == "则可以选择<uicontrol>合同准备中</uicontrol>。"
    out = project("you can select <uicontrol>Contract in Preparation</uicontrol>.", "則可選擇合約準備中。", "zf",
                  [("Contract", "合約"), ("Preparation", "準備"), ("in", "中"), ("select", "選擇"), (".", "。")])
    assert out == "則可選擇<uicontrol>合約準備中</uicontrol>。"
    # but with the preposition right before the span, the localizer closes that one: outside
    out = project("Only in <b>draft mode</b>, switch.", "仅在草稿模式中切换。", "zh",
                  [("Only", "仅"), ("in", "在"), ("draft", "草稿"), ("mode", "模式中"), ("switch", "切换")])
    assert out == "仅在<b>草稿模式</b>中切换。"


def test_a_span_that_ends_on_the_localizer_of_a_preposition_before_it_gives_it_out():
    # a span placed on `草稿模式中` (an earlier step took 中 in): 在 stands right before it, outside
    from tagmt.projection.edges import Span

    for lang, text in (("zh", "仅在草稿模式中切换"), ("zf", "僅在草稿模式中切換")):
        detagged = detag("only in <b>draft mode</b>")
        src = words_with_offsets(detagged.plain, "en", detagged.cuts())
        trg = words_with_offsets(text, lang)
        span = Span(detagged.tags[0], 2, 7, 0, False)
        keep_phrases([span], PairContext(detagged, text, src, trg, set()))
        assert text[span.start:span.end] == "草稿模式"
        # with the preposition inside the span, it keeps its localizer
        span = Span(detagged.tags[0], 1, 7, 0, False)
        keep_phrases([span], PairContext(detagged, text, src, trg, set()))
        assert text[span.start:span.end] == text[1:7]


def test_a_localizer_linked_outside_the_tag_stays_outside():
    # the span holds 在, but 中 is tied by a sure link to the source's own `within`: not the tag's
    out = project("<b>In stock</b> within the plant.", "在库存中。", "zh",
                  [("In", "在"), ("stock", "库存"), ("within", "中")])
    assert out == "<b>在库存</b>中。"


def test_a_localizer_that_begins_a_dictionary_word_stays_outside():
    # 中心 is one word: its 中 closes no circumposition
    out = project("<b>In cost</b> centers", "在成本中心", "zh", [("In", "在"), ("cost", "成本"), ("centers", "心")])
    assert out == "<b>在成本</b>中心"


# ---------------------------------------------------------------------------------- aspect adverb

def test_the_aspect_adverb_goes_with_its_verb():
    out = project("stored in the <uicontrol>Calculated Risk Class</uicontrol> field.", "存储在已计算风险类字段中。", "zh",
                  [("Calculated", "计算"), ("Risk", "风险"), ("Class", "类"), ("field", "字段"), ("stored", "存储")])
    assert out == "存储在<uicontrol>已计算风险类</uicontrol>字段中。"
    out = project("with the status <cite>Completed</cite>.", "狀態為已完成的通知。", "zf",
                  [("Completed", "完成"), ("status", "狀態"), ("with", "為")])
    assert out == "狀態為<cite>已完成</cite>的通知。"
    out = project("status <b>Not Yet Posted</b>", "状态为未过账", "zh", [("Posted", "过账"), ("status", "状态")])
    assert out == "状态为<b>未过账</b>"


def test_an_aspect_adverb_tied_to_a_far_word_still_goes_with_its_verb():
    # the aligner tied 已 to `then`, far from the tag: a guess for a character that translates no word
    out = project("It is then stored in the <b>Calculated Risk</b> field.", "随后存储在已计算风险字段中。", "zh",
                  [("then", "随后"), ("then", "已"), ("stored", "存储"), ("Calculated", "计算"), ("Risk", "风险"),
                   ("field", "字段")])
    assert out == "随后存储在<b>已计算风险</b>字段中。"


def test_an_aspect_adverb_tied_to_a_word_outside_the_tag_stays_outside():
    # `have` outside the tag is 已's word
    out = project("You have <b>saved</b> it.", "您已保存它。", "zh",
                  [("You", "您"), ("have", "已"), ("saved", "保存"), ("it", "它")])
    assert out == "您已<b>保存</b>它。"
    # 已经 is one word, an adverb of its own: its 已 (weakly linked, not tied) is no aspect prefix
    out = project("You already <b>saved</b> it.", "您已经保存它。", "zh",
                  [("You", "您"), ("already", "已经"), ("saved", "保存"), ("it", "它")], {("already", "已经"): 0.4})
    assert out == "您已经<b>保存</b>它。"


def test_japanese_korean_and_latin_text_are_left_alone():
    # Japanese writes 中 and 已 as parts of its own words: no rule applies
    out = project("<b>In scope</b> now", "在範囲内です", "ja", [("In", "在"), ("scope", "範囲")])
    assert "<b>在範囲</b>内" in out or "<b>在範囲内</b>" in out
    detagged = detag("<b>In scope</b>")
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    for text, lang in (("範囲内にある", "ja"), ("범위 내", "ko"), ("im Bereich", "de"), ("в области", "ru")):
        trg = words_with_offsets(text, lang)
        placed = place_tags(detagged, src, trg, {(0, 0)}, len(text))
        spans = to_spans(placed, detagged.plain, text, trg)
        before = [(s.start, s.end) for s in spans]
        ctx = PairContext(detagged, text, src, trg, {(0, 0)})
        assert [(s.start, s.end) for s in keep_phrases(spans, ctx)] == before


# --------------------------------------------------------------------------------------- property

PIECES = ["在", "不在", "从", "范围", "工序", "中", "内", "上", "已", "未", "计算", "风险", "的", "中心", "。", "已经", "创建"]


@st.composite
def cases(draw):
    n = draw(st.integers(1, 5))
    words = draw(st.lists(st.sampled_from(["alpha", "beta", "gamma", "delta"]), min_size=n, max_size=n))
    parts, k = [], 0
    while k < n:
        size = draw(st.integers(1, n - k))
        chunk = " ".join(words[k:k + size])
        if draw(st.booleans()):
            inner = f"<i>{chunk}</i>" if draw(st.booleans()) else chunk
            chunk = f"<b>{inner}</b>"
        parts.append(chunk)
        k += size
    detagged = detag(" ".join(parts))
    target = "".join(draw(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8)))
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, "zh")
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(draw(st.lists(st.sampled_from(pairs), max_size=6))) if pairs else set()
    weights = {link: draw(st.sampled_from([0.4, 1.0])) for link in links}
    return detagged, target, src, trg, links, weights


def _flat(spans):
    return [node for root in spans for node in root.walk()]


@settings(max_examples=300, deadline=None)
@given(cases())
def test_edges_move_only_over_one_function_character_and_keep_nesting(case):
    detagged, text, src, trg, links, weights = case
    placed = place_tags(detagged, src, trg, links, len(text), weights)
    spans = verbatim_spans(to_spans(placed, detagged.plain, text, trg), detagged.plain, text, trg)
    spans = respect_units(adjust_edges(spans, detagged.plain, text, trg, default_decision),
                          PairContext(detagged, text, src, trg, links))
    before = copy.deepcopy(spans)
    after = keep_phrases(spans, PairContext(detagged, text, src, trg, links, weights))
    for old, new in zip(_flat(before), _flat(after)):
        if new.start != old.start:  # only ever an aspect adverb taken in on the left
            assert new.start == old.start - 1 and text[new.start] in ASPECT
        if new.end != old.end:  # a localizer taken in, or given out, on the right
            lo, hi = sorted((old.end, new.end))
            assert text[lo:hi] in LOCALIZERS
            assert new.end > new.start
    def check(nodes, lo, hi):
        ordered = sorted(nodes, key=lambda s: (s.start, s.end))
        for a, b in zip(ordered, ordered[1:]):
            assert a.end <= b.start
        for node in ordered:
            assert lo <= node.start <= node.end <= hi
            check(node.children, node.start, node.end)
    check(after, 0, len(text))
