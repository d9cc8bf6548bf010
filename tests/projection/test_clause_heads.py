"""A Japanese or Korean label's span ends at its head noun after the relative clause before it (`clauseheads.py`,
stage `clause-heads`): hand-made cases in Japanese and Korean where it fires (the head linked weakly, to a copy of the
tag's word, or to nothing while the word's link goes to another copy of the noun) and where it must not (the head
surely another source word's, no word of the tag missing, no clause between, a clause word surely linked outside,
a long clause), Chinese and Latin (German) untouched; the full Japanese pipeline; a property test (the text never
changes, the tags stay whole and nested, only an end moves, and only forward)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection.clauseheads import clause_heads
from tagmt.projection.edges import Span
from tagmt.projection.render import render_spans
from tagmt.projection.stages import STAGES, Pipeline

from test_pipeline import _context, draw_nested


def _run(source: str, text: str, lang: str, start: int, end: int, pairs=(), weak=(), profiles: bool = True
         ) -> tuple[int, int]:
    """The first tag's span `[start, end)` after the rule; the links onto the target words in `weak` count 0.67."""
    ctx = _context(source, text, lang, list(pairs))
    ctx.weights = {link: 0.67 for link in ctx.links if ctx.trg[link[1]].text in weak}
    if not profiles:
        ctx.profiles = None
    (span,) = clause_heads([Span(ctx.detagged.tags[0], start, end, 0, False)], ctx)
    return span.start, span.end


SLOTS = "<ui>Slots with Sufficient Capacity</ui>- Displays time slots that have enough capacity."
SLOTS_JA = "十分な能力があるスロット - 十分な能力があるタイムスロットを表示します。"


def test_a_span_that_stops_before_the_clause_ends_at_its_head():
    # `Slots` has no link; the head noun is linked (weakly) to the copy `slots` outside the tag
    head = SLOTS_JA.index("スロット") + 4
    pairs = [("Capacity", "能力"), ("Sufficient", "十分"), ("slots", "スロット")]
    assert _run(SLOTS, SLOTS_JA, "ja", 0, 5, pairs, weak={"スロット"}) == (0, head)
    assert _run(SLOTS, SLOTS_JA, "ja", 0, 5, pairs, weak={"スロット"}, profiles=False) == (0, head)  # reads the kana
    # the head linked to the tag's own word (a weak link: one eflomal run's), the clause `し|て|いる`
    source = "<ui>Slots with Overlapping Capacity</ui>- Displays the conflicting slots."
    text = "能力が重複しているスロット - コンフリクトスロットを表示します。"
    pairs = [("Capacity", "能力"), ("Overlapping", "重複"), ("Slots", "スロット")]
    assert _run(source, text, "ja", 0, 5, pairs, weak={"スロット"}) == (0, text.index(" -"))
    # Korean: `충분한 용량이 있는 슬롯`, the clause `이 있|는` written with a space
    text = "충분한 용량이 있는 슬롯을 표시합니다."
    pairs = [("Capacity", "용량"), ("Sufficient", "충분"), ("Slots", "슬롯")]
    assert _run("Shows <ui>Slots with Sufficient Capacity</ui>.", text, "ko", 0, 6, pairs, weak={"슬롯"}) \
        == (0, text.index("을"))


def test_an_unlinked_head_that_copies_the_missing_words_noun():
    # `Value` is linked to the `値` at the sentence's end; the `値` after `左の` has no link
    source = "It equals the absolute value of <ui>Left Value</ui>."
    text = "左の値の絶対値に等しい値です。"
    ctx = _context(source, text, "ja", [("Left", "左"), ("absolute", "絶対")])
    value = next(i for i, w in enumerate(ctx.src) if w.text == "Value")
    ctx.links.add((value, max(j for j, w in enumerate(ctx.trg) if w.text == "値")))
    (span,) = clause_heads([Span(ctx.detagged.tags[0], 0, 1, 0, False)], ctx)
    assert (span.start, span.end) == (0, 3)


def test_the_span_stays_where_nothing_says_the_noun_is_the_labels():
    pairs = [("Capacity", "能力"), ("Sufficient", "十分")]
    # the noun surely another source word's (`time slots`), not a copy of the tag's word
    source = "<ui>Sufficient Capacity Check</ui> shows time slots."
    assert _run(source, SLOTS_JA, "ja", 0, 5, [*pairs, ("time", "スロット")]) == (0, 5)
    # every content word of the tag translated inside the span: the clause is the sentence's
    assert _run("<ui>Sufficient Capacity</ui> slots.", SLOTS_JA, "ja", 0, 5, [*pairs, ("slots", "スロット")]) == (0, 5)
    # the noun linked to nothing, no copy of it linked to the missing word
    assert _run(SLOTS, SLOTS_JA, "ja", 0, 5, pairs) == (0, 5)
    # a word of the clause surely linked outside the tag (`have`): a clause of the sentence
    assert _run(SLOTS, SLOTS_JA, "ja", 0, 5, [*pairs, ("slots", "スロット"), ("have", "ある")], weak={"スロット"}) == (0, 5)
    # no clause between: a noun glued to the span is the noun chains' business
    text = "能力スロットを表示します。"
    assert _run(SLOTS, text, "ja", 0, 2, [("Capacity", "能力"), ("Slots", "スロット")], weak={"スロット"}) == (0, 2)
    # a clause longer than a label's (`が|あり|ませ|ん|でし|た`: six particles, stems and auxiliaries)
    text = "能力がありませんでしたスロットです。"
    assert _run(SLOTS, text, "ja", 0, 2, [("Capacity", "能力"), ("Slots", "スロット")], weak={"スロット"}) == (0, 2)


def test_other_scripts_are_untouched():
    pairs = [("Capacity", "产能"), ("Slots", "时段")]
    text = "有足够产能的时段"
    assert _run(SLOTS, text, "zh", 0, 5, pairs, weak={"时段"}) == (0, 5)
    assert _run(SLOTS, text, "zh", 0, 5, pairs, weak={"时段"}, profiles=False) == (0, 5)
    text = "Zeitfenster mit ausreichender Kapazität anzeigen."
    assert _run(SLOTS, text, "de", 12, 41, [("Capacity", "Kapazität"), ("Slots", "Zeitfenster")]) == (12, 41)


def test_the_japanese_pipeline_ends_the_label_at_its_head():
    assert "clause-heads" in Pipeline.for_profile(_context("a", "あ", "ja", []).profiles.trg).names
    assert "clause-heads" in Pipeline.for_profile(_context("a", "아", "ko", []).profiles.trg).names
    assert "clause-heads" not in Pipeline.for_profile(_context("a", "的", "zh", []).profiles.trg).names
    assert STAGES["clause-heads"].placing is False
    pairs = [("Capacity", "能力"), ("Sufficient", "十分"), ("slots", "スロット"), ("Displays", "表示")]
    ctx = _context(SLOTS, SLOTS_JA, "ja", pairs)
    ctx.weights = {link: 0.67 for link in ctx.links if ctx.trg[link[1]].text == "スロット"}
    stages = Pipeline.for_profile(ctx.profiles.trg).stages
    assert render_spans(SLOTS_JA, Pipeline(stages).spans(ctx))[0] == \
        "<ui>十分な能力があるスロット</ui> - 十分な能力があるタイムスロットを表示します。"
    without = Pipeline([stage for stage in stages if stage.name != "clause-heads"])
    assert render_spans(SLOTS_JA, without.spans(ctx))[0] == \
        "<ui>十分な能力</ui>があるスロット - 十分な能力があるタイムスロットを表示します。"


WORDS = st.sampled_from(["十分", "な", "能力", "が", "ある", "スロット", "の", "値", "し", "て", "いる", " ", "。", "슬롯"])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=8), st.data())
def test_the_text_never_changes_and_the_tags_stay_whole_and_nested(parts, data):
    text = "".join(parts)
    pairs = [(s, t) for s, t in (("Slots", "スロット"), ("Capacity", "能力"), ("Value", "値")) if t in text]
    ctx = _context("Choose <ui>Slots with <b>Sufficient</b> Capacity Value</ui> now.", text, "ja", pairs)
    ctx.weights = {link: data.draw(st.sampled_from([0.5, 1.0])) for link in ctx.links}
    outer, (a, b, c, d) = draw_nested(data, ctx.detagged.tags[0], len(text))
    (span,) = clause_heads([outer], ctx)
    assert span.start == a and b <= span.end <= len(text)  # only an end moves, and only forward
    (child,) = span.children
    assert span.start <= child.start <= child.end <= span.end and child.start == c and child.end >= d
    assert ctx.translation == text and strip(text) == text
