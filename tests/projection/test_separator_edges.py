"""A list separator (`,` `、` `，` `;`: `enumerations.SEPARATORS`) at a span's edge is decided by its own statistics,
never by what the examples teach of punctuation as a class (`conventions.Conventions.decide`): a label ends with `…`
or `:`, never with a comma. Hand-made cases in Hangul, Japanese, Chinese and Latin (German), and property tests."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_tags
from tagmt.projection.context import Profiles
from tagmt.projection.conventions import Conventions, default_decision
from tagmt.projection.edges import EdgeContext, Span, Unit, source_edges
from tagmt.projection.enumerations import SEPARATORS
from tagmt.projection.wordseg import words_with_offsets

SOURCE = "It consists of items such as <uicontrol>Assets</uicontrol> or debts."
# It(0) consists(1) of(2) items(3) such(4) as(5) Assets(6) or(7) debts(8) .(9): one tag, no list of tags for the
# list rule (`enumerations.py`) to line up


def punct_extends(tag: str = "uicontrol", side: str = "right", relation: str = "none", n: int = 3) -> Conventions:
    """Conventions whose examples extended `n` times over a mark of the class `punct` (an ellipsis, a colon),
    never over a separator."""
    learned = Conventions()
    for name in ("", tag):
        learned.right[(name, side, "extend", relation, "kind", "punct")] += n
    return learned


def project(translation: str, lang: str, links, decide) -> str:
    d = detag(SOURCE)
    src = words_with_offsets(d.plain, "en", d.cuts())
    trg = words_with_offsets(translation, lang)
    return project_tags(d, translation, src, trg, links, decide, profiles=Profiles.of("en", lang))


def test_korean_comma_for_or_stays_outside_the_label():
    # 이(0) 는(1) 자산(2) ,(3) 부채(4) 등(5) 의(6) 항목(7) 으로(8) 구성(9) 됩니다(10) .(11)
    text = "이는 자산, 부채 등의 항목으로 구성됩니다."
    links = [(6, 2), (7, 3), (8, 4), (3, 7), (1, 9), (9, 11)]
    out = project(text, "ko", links, punct_extends().decide)
    assert out == "이는 <uicontrol>자산</uicontrol>, 부채 등의 항목으로 구성됩니다."
    assert strip(out) == text


def test_japanese_enumeration_comma_stays_outside_the_label():
    # これ(0) は(1) 資産(2) 、(3) 負債(4) など(5) の(6) 項目(7) で(8) 構成(9) さ(10) れ(11) ます(12) 。(13)
    text = "これは資産、負債などの項目で構成されます。"
    links = [(6, 2), (7, 3), (8, 4), (3, 7), (1, 9), (9, 13)]
    out = project(text, "ja", links, punct_extends().decide)
    assert out == "これは<uicontrol>資産</uicontrol>、負債などの項目で構成されます。"


def test_chinese_and_german_commas_stay_outside_the_label():
    # 它(0) 由(1) 资(2) 产(3) ，(4) 负(5) 债(6) 等(7) 项(8) 目(9) 组(10) 成(11) 。(12)
    zh = "它由资产，负债等项目组成。"
    out = project(zh, "zh", [(6, 2), (6, 3), (7, 4), (8, 5), (8, 6), (3, 8), (3, 9), (9, 12)], punct_extends().decide)
    assert out == "它由<uicontrol>资产</uicontrol>，负债等项目组成。"
    # Sie(0) besteht(1) aus(2) Posten(3) wie(4) Aktiva(5) ,(6) Passiva(7) .(8)
    de = "Sie besteht aus Posten wie Aktiva, Passiva."
    out = project(de, "de", [(0, 0), (1, 1), (3, 3), (5, 4), (6, 5), (7, 6), (8, 7), (9, 8)], punct_extends().decide)
    assert out == "Sie besteht aus Posten wie <uicontrol>Aktiva</uicontrol>, Passiva."


def _decide(learned: Conventions, source: str, translation: str, unit: Unit) -> bool:
    d = detag(source)
    _, right = source_edges(d.plain, d.tags[0])
    span = Span(d.tags[0], 0, unit.start, 0, False)
    return learned.decide(span, right, "extend", unit, EdgeContext(translation, [unit]))


def test_other_marks_still_follow_the_class_statistics():
    # where it must not fire: an ellipsis or a colon is a label's own mark, learned through the class
    learned = punct_extends()
    assert _decide(learned, "Choose <uicontrol>Navigate To</uicontrol> now", "탐색…", Unit("…", 2, 3, "punct"))
    assert _decide(learned, "Enter <uicontrol>Name</uicontrol> now", "名前：", Unit("：", 2, 3, "punct"))
    assert not _decide(learned, "Enter <uicontrol>Name</uicontrol> now", "名前、", Unit("、", 2, 3, "punct"))


def test_a_separator_the_source_tag_encloses_goes_in_and_its_own_statistics_decide():
    # the default follows the source: `<b>Assets,</b>` encloses its comma
    assert _decide(Conventions(), "Such as <b>Assets,</b> debts", "자산, 부채", Unit(",", 2, 3, "punct"))
    # the examples' statistics of the comma itself still override the default
    learned = Conventions()
    learned.right[("uicontrol", "right", "extend", "none", "text", ",")] += 3
    source = "Such as <uicontrol>Assets</uicontrol> or debts"
    assert _decide(learned, source, "Aktiva, Passiva", Unit(",", 6, 7, "punct"))


@settings(max_examples=60, deadline=None)
@given(mark=st.sampled_from(sorted(SEPARATORS)), relation=st.sampled_from(["none", "out", "in"]),
       side=st.sampled_from(["left", "right"]), move=st.sampled_from(["extend", "shrink"]),
       right=st.integers(0, 9), wrong=st.integers(0, 9))
def test_class_statistics_never_decide_a_separator(mark, relation, side, move, right, wrong):
    d = detag("See <b>Assets</b> or debts")
    left_edge, right_edge = source_edges(d.plain, d.tags[0])
    edge = left_edge if side == "left" else right_edge
    unit = Unit(mark, 2, 3, "punct")
    span, context = Span(d.tags[0], 0, 2, 0, False), EdgeContext(f"자산{mark} 부채", [unit])
    learned = Conventions()
    for name in ("", "b"):
        for rel in ("none", "out", "in"):
            learned.right[(name, side, move, rel, "kind", "punct")] += right
            learned.wrong[(name, side, move, rel, "kind", "punct")] += wrong
    assert learned.decide(span, edge, move, unit, context) == default_decision(span, edge, move, unit, context)


@settings(max_examples=40, deadline=None)
@given(items=st.lists(st.sampled_from(["자산", "負債", "资产", "Aktiva", "부채"]), min_size=2, max_size=4),
       mark=st.sampled_from(sorted(SEPARATORS)), lang=st.sampled_from(["ko", "ja", "zh", "de"]))
def test_text_never_changes_and_tags_stay_whole(items, mark, lang):
    text = f"{mark} ".join(items) + "."
    src_text = " or ".join(f"<b>I{k}</b>" for k in range(len(items))) + "."
    d = detag(src_text)
    src = words_with_offsets(d.plain, "en", d.cuts())
    trg = words_with_offsets(text, lang)
    links = [(i, j) for i in range(len(src)) for j in range(len(trg)) if src[i].text.startswith("I")
             and trg[j].text in items and i // 2 == [w.text for w in trg if w.text in items].index(trg[j].text)]
    out = project_tags(d, text, src, trg, links, punct_extends("b").decide, profiles=Profiles.of("en", lang))
    assert strip(out) == text
    assert out.count("<b>") == out.count("</b>") == len(items)
