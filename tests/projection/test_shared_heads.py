"""Coordinated labels that share a head noun the source writes once after them leave the translation's copies of that
head outside (`sharedheads.py`, stage `shared-heads`): hand-made cases in Japanese, Korean, Chinese and French where it
cuts (the copy spilled onto a label's word, or unlinked and taken in), where a span that is only the copy moves to
the label's unlinked words (head-final only), and where it must not act (no coordination, a function word after the
tags, the head a word of the tags, a label that merely ends with a character of the head's translation, the head
written once); the full Japanese pipeline; a property test (the text never changes, spans stay inside the text, never
empty, never overlapping)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection.edges import Span
from tagmt.projection.render import render_spans
from tagmt.projection.sharedheads import shared_heads
from tagmt.projection.stages import LAST, STAGES, Pipeline

from test_label_copies import _at  # the nth copy of a piece of text, as offsets
from test_pipeline import _context

MODES = "The levels for both <ui>classic</ui> and <ui>enhanced</ui> modes are these."
APPS = "Use the <ui>Manage Jobs</ui> and <ui>Schedule Jobs</ui> apps."


def _link(ctx, source_word: str, target: str, nth: int = 0) -> None:
    """Link the source word to the target words of the `nth` occurrence of `target`."""
    i = next(k for k, w in enumerate(ctx.src) if w.text == source_word)
    at = -1
    for _ in range(nth + 1):
        at = ctx.translation.index(target, at + 1)
    ctx.links |= {(i, j) for j, w in enumerate(ctx.trg) if at <= w.start and w.end <= at + len(target)}


def _run(source: str, text: str, lang: str, spans: list[tuple[int, int]], links: list[tuple[str, str, int]]
         ) -> list[str]:
    """The texts of the tags' spans after the rule (spans given as character offsets, in the source's tag order)."""
    ctx = _context(source, text, lang, [])
    for word, target, nth in links:
        _link(ctx, word, target, nth)
    nodes = [Span(tag, a, b, k, False) for k, (tag, (a, b)) in enumerate(zip(ctx.detagged.tags, spans))]
    out = shared_heads(nodes, ctx)
    return [text[n.start:n.end] for n in out]


def test_a_copy_of_the_shared_head_leaves_the_label():
    # Japanese: `classic` spilled onto the first `モード`, `modes` linked to the second
    text = "従来モードと拡張モードの両方で使えます。"
    links = [("classic", "モード", 0), ("classic", "従来", 0), ("enhanced", "拡張", 0), ("modes", "モード", 1)]
    assert _run(MODES, text, "ja", [_at(text, "従来モード"), _at(text, "拡張")], links) == ["従来", "拡張"]
    # the head's own translation taken into the last label goes too
    assert _run(MODES, text, "ja", [_at(text, "従来"), _at(text, "拡張モード")], links) == ["従来", "拡張"]
    # Korean: the copy `앱` unlinked, taken in by the noun chain
    text = "작업 관리 앱과 작업 일정 앱을 사용합니다."
    links = [("Manage", "관리", 0), ("Jobs", "작업", 0), ("Schedule", "일정", 0), ("apps", "앱", 1)]
    assert _run(APPS, text, "ko", [_at(text, "작업 관리 앱"), _at(text, "작업 일정", 0)], links) == ["작업 관리", "작업 일정"]
    # Chinese writing the head after each label: `经典模式和增强模式`
    text = "经典模式和增强模式都支持。"
    links = [("classic", "经典", 0), ("enhanced", "增强", 0), ("modes", "模式", 1)]
    assert _run(MODES, text, "zh", [_at(text, "经典模式"), _at(text, "增强")], links) == ["经典", "增强"]
    # French writes the head first: a copy at the span's start leaves it
    text = "Les niveaux du mode classique et du mode amélioré sont ceux-ci."
    links = [("classic", "classique", 0), ("enhanced", "amélioré", 0), ("modes", "mode", 1)]
    assert _run(MODES, text, "fr", [_at(text, "mode classique"), _at(text, "amélioré")], links) == \
        ["classique", "amélioré"]


def test_a_span_that_is_only_the_copy_moves_to_the_labels_unlinked_words():
    text = "기본 모드와 확장 모드 둘 다에서 지원됩니다."
    links = [("classic", "모드", 0), ("enhanced", "확장", 0), ("modes", "모드", 1)]
    assert _run(MODES, text, "ko", [_at(text, "모드"), _at(text, "확장")], links) == ["기본", "확장"]
    # in a language that writes the label after its head, nothing says where the label is: it stays
    text = "Les niveaux du mode classique et du mode amélioré sont ceux-ci."
    links = [("classic", "mode", 0), ("enhanced", "amélioré", 0), ("modes", "mode", 1)]
    assert _run(MODES, text, "fr", [_at(text, "mode"), _at(text, "amélioré")], links) == ["mode", "amélioré"]


def test_the_spans_stay_where_nothing_is_shared():
    text = "従来モードと拡張モードの両方で使えます。"
    links = [("classic", "従来", 0), ("enhanced", "拡張", 0)]
    spans = [_at(text, "従来モード"), _at(text, "拡張")]
    # the head's translation linked to nothing: no copy to know
    assert _run(MODES, text, "ja", spans, links) == ["従来モード", "拡張"]
    # no coordination between the tags (`in`): the head is the second label's alone
    source = "The <ui>classic</ui> view in <ui>enhanced</ui> modes is shown."
    assert _run(source, text, "ja", spans, [*links, ("modes", "モード", 1)]) == ["従来モード", "拡張"]
    # a function word after the last tag
    source = "Both <ui>classic</ui> and <ui>enhanced</ui> are modes."
    assert _run(source, text, "ja", spans, [*links, ("are", "モード", 1)]) == ["従来モード", "拡張"]
    # the head is a word of the tags (`Mode`): its translation is the label's own
    source = "Both <ui>classic Mode</ui> and <ui>enhanced</ui> modes work."
    assert _run(source, text, "ja", spans, [*links, ("modes", "モード", 1)]) == ["従来モード", "拡張"]
    # a label that ends with a character of the head's translation, not with the whole of it (`格式` / `模式`)
    text = "格式和样式模式都支持。"
    source = "Both <ui>Format</ui> and <ui>Style</ui> modes work."
    links = [("Format", "格式", 0), ("Style", "样式", 0), ("modes", "模式", 0)]
    assert _run(source, text, "zh", [_at(text, "格式"), _at(text, "样式")], links) == ["格式", "样式"]
    # the head written once, after the last label: nothing to cut
    text = "经典和增强模式都支持。"
    links = [("classic", "经典", 0), ("enhanced", "增强", 0), ("modes", "模式", 0)]
    assert _run(MODES, text, "zh", [_at(text, "经典"), _at(text, "增强")], links) == ["经典", "增强"]


def test_the_japanese_pipeline_leaves_the_copy_outside():
    assert "shared-heads" == LAST[0] and STAGES["shared-heads"].placing is False
    text = "従来モードと拡張モードの両方で使えます。"
    ctx = _context(MODES, text, "ja", [])
    for word, target, nth in [("classic", "モード", 0), ("enhanced", "拡張", 0), ("modes", "モード", 1)]:
        _link(ctx, word, target, nth)
    ctx.weights = {link: 0.67 for link in ctx.links if link[1] == 1}
    pipeline = Pipeline.for_profile(ctx.profiles.trg)
    assert render_spans(text, pipeline.spans(ctx))[0] == \
        "<ui>従来</ui>モードと<ui>拡張</ui>モードの両方で使えます。"
    without = Pipeline([stage for stage in pipeline.stages if stage.name != "shared-heads"])
    assert render_spans(text, without.spans(ctx))[0] == "<ui>従来モード</ui>と<ui>拡張</ui>モードの両方で使えます。"


WORDS = st.sampled_from(["従来", "モード", "と", "拡張", "기본", " ", "모드", "와", "、", "模式", "mode", "。"])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=2, max_size=10), st.data())
def test_the_text_never_changes_and_spans_stay_whole(parts, data):
    text = "".join(parts)
    lang = data.draw(st.sampled_from(["ja", "ko", "zh", "fr"]))
    ctx = _context(MODES, text, lang, [])
    n_src, n_trg = len(ctx.src), len(ctx.trg)
    if not n_trg:
        return
    ctx.links = set(data.draw(st.lists(st.tuples(st.integers(0, n_src - 1), st.integers(0, n_trg - 1)), max_size=8)))
    cut = data.draw(st.integers(1, len(text)))
    a = data.draw(st.integers(0, cut - 1))
    b = data.draw(st.integers(a + 1, cut))
    c = data.draw(st.integers(b, len(text)))
    d = data.draw(st.integers(c, len(text)))
    first, second = ctx.detagged.tags
    nodes = [Span(first, a, b, 0, False)] + ([Span(second, c, d, 1, False)] if c < d else [])
    out = shared_heads(nodes, ctx)
    assert ctx.translation == text and strip(text) == text
    for node in out:
        assert 0 <= node.start < node.end <= len(text)
    if len(out) == 2:
        assert out[0].end <= out[1].start
