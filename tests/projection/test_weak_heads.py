"""A label's head the aligner linked only weakly (`labelphrases._unlinked_head`): `the <ui>Must start on</ui>
constraint` → `<ui>일자에 시작</ui> 제약`, `제약` weakly linked to `constraint` and to the tag's function word `on`. Hand-made
cases in Hangul and Japanese where the head leaves the span, where it stays (a sure link, a content word of the tag,
no determiner), German and Chinese (no label-phrases stage: nothing moves), and a property test."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection import detag
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import default_decision
from tagmt.projection.edges import Span
from tagmt.projection.labelphrases import label_phrases
from tagmt.projection.render import render_spans
from tagmt.projection.wordseg import words_with_offsets

WEAK = 0.67


def _trim(source: str, target: str, lang: str, links: list[tuple[str, str, float]], placed: str) -> str:
    """The label-phrases stage on the pair's one tag placed on `placed`, with the links (source word, target text,
    confidence) written."""
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    trg = words_with_offsets(target, lang)
    weights = {}
    for s, t, share in links:
        i = next(k for k, w in enumerate(src) if w.text == s)
        at = target.index(t)
        weights.update({(i, j): share for j, w in enumerate(trg) if at <= w.start and w.end <= at + len(t)})
    ctx = PairContext(d, target, src, trg, set(weights), weights, default_decision, Profiles.of("en", lang))
    start = target.index(placed)
    spans = [Span(d.tags[0], start, start + len(placed), 0, False)]
    return render_spans(target, label_phrases(spans, ctx))[0]


MUST = "The <ui>Must start on</ui> constraint remains."
DIALOG = "In the <ui>Select Chart of Accounts</ui> dialog, select one."


def test_a_head_linked_weakly_to_the_head_and_the_tags_function_word_leaves():
    out = _trim(MUST, "일자에 시작 제약은 유지됩니다.", "ko",
                [("start", "시작", 1.0), ("Must", "일자", WEAK), ("constraint", "제약", WEAK), ("on", "제약", WEAK),
                 ("remains", "유지", 1.0)], "일자에 시작 제약")
    assert out == "<ui>일자에 시작</ui> 제약은 유지됩니다."
    # the head's only guess elsewhere (`dialog` weakly on a later `목표`), the span's last noun unlinked
    out = _trim(DIALOG, "계정과목표 선택 다이얼로그에서 로컬 계정과목표를 선택합니다.", "ko",
                [("Accounts", "계정", 1.0), ("Chart", "과목표 ", 1.0), ("Select", "선택 ", 1.0),
                 ("dialog", "로컬 계정과목표", WEAK), ("select", "선택합", 1.0)], "계정과목표 선택 다이얼로그")
    assert out == "<ui>계정과목표 선택</ui> 다이얼로그에서 로컬 계정과목표를 선택합니다."


def test_japanese_heads_leave_alike():
    out = _trim(MUST, "開始日制約は変更されません。", "ja",
                [("start", "開始", 1.0), ("Must", "日", WEAK), ("constraint", "制約", WEAK), ("on", "制約", WEAK)],
                "開始日制約")
    assert out == "<ui>開始日</ui>制約は変更されません。"


def test_the_head_stays_where_a_link_says_it_is_the_labels():
    text = "일자에 시작 제약은 유지됩니다."
    # linked to a content word of the tag (`start`): the label's own noun
    links = [("start", "시작", 1.0), ("Must", "일자", WEAK), ("constraint", "제약", WEAK), ("start", "제약", WEAK)]
    assert _trim(MUST, text, "ko", links, "일자에 시작 제약") == "<ui>일자에 시작 제약</ui>은 유지됩니다."
    # the head surely translated (elsewhere): this noun is not its translation
    links = [("start", "시작", 1.0), ("Must", "일자", WEAK), ("constraint", "유지", 1.0)]
    assert _trim(MUST, text, "ko", links, "일자에 시작 제약") == "<ui>일자에 시작 제약</ui>은 유지됩니다."
    # no determiner before the tag: the word after it may be no head noun
    links = [("start", "시작", 1.0), ("Must", "일자", WEAK), ("constraint", "제약", WEAK), ("on", "제약", WEAK)]
    assert _trim("Choose <ui>Must start on</ui> constraint now.", text, "ko", links, "일자에 시작 제약") \
        == "<ui>일자에 시작 제약</ui>은 유지됩니다."


def test_languages_without_phrase_internal_particles_are_untouched():
    for lang, text, placed in (("de", "Die Einschränkung Muss starten am bleibt.", "Muss starten am bleibt"),
                               ("zh", "必须开始于约束保持不变。", "必须开始于约束")):
        out = _trim(MUST, text, lang, [("start", placed.split()[0][:2], 1.0)], placed)
        assert out == text.replace(placed, f"<ui>{placed}</ui>"), lang


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Must", "start", "on", "constraint", "remains"]),
                          st.sampled_from(["일자", "시작", "제약", "유지"]), st.sampled_from([WEAK, 1.0])), max_size=6),
       st.sampled_from(["일자에 시작 제약", "시작 제약", "일자에 시작", "제약은 유지"]))
def test_the_text_never_changes_and_the_tag_stays_whole(links, placed):
    text = "일자에 시작 제약은 유지됩니다."
    out = _trim(MUST, text, "ko", links, placed)
    assert strip(out) == text
    assert out.count("<ui>") == 1 and out.count("</ui>") == 1 and out.index("<ui>") + len("<ui>") < out.index("</ui>")
