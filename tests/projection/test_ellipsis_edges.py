"""An ellipsis written as full stops (`...`) is the same mark as `…` at a tag's edge (`edges.units_of`,
`Edge.relation`): a menu item's `Navigate To…` keeps its dots in the translation's tag, in Hangul, Japanese and
Latin (German); a single full stop stays the sentence's; property tests over the units."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_tags
from tagmt.projection.context import Profiles
from tagmt.projection.edges import Edge, Unit, units_of
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, translation: str, pairs, lang: str) -> str:
    """`pairs`: (source word, target word) texts to link, each target word's every occurrence."""
    d = detag(source)
    src = words_with_offsets(d.plain, "en", d.cuts())
    trg = words_with_offsets(translation, lang)
    links = [(i, j) for s, t in pairs for i, a in enumerate(src) if a.text == s
             for j, b in enumerate(trg) if b.text == t]
    return project_tags(d, translation, src, trg, links, profiles=Profiles.of("en", lang))


SOURCE = "Right-click and choose <uicontrol>Navigate To…</uicontrol>."


def test_korean_menu_item_keeps_its_dots():
    text = "마우스 오른쪽 단추를 클릭하고 탐색...을 선택합니다."
    out = project(SOURCE, text, [("Navigate", "탐색"), ("choose", "선택"), ("click", "클릭")], "ko")
    assert out == "마우스 오른쪽 단추를 클릭하고 <uicontrol>탐색...</uicontrol>을 선택합니다."
    assert strip(out) == text


def test_japanese_and_german_menu_items_keep_their_dots():
    out = project(SOURCE, "右クリックしてナビゲート...を選択します。", [("Navigate", "ナビゲート"), ("choose", "選択")], "ja")
    assert out == "右クリックして<uicontrol>ナビゲート...</uicontrol>を選択します。"
    de = "Klicken Sie mit der rechten Maustaste und wählen Sie Navigieren zu...."
    out = project(SOURCE, de, [("Navigate", "Navigieren"), ("To", "zu"), ("choose", "wählen")], "de")
    assert out == "Klicken Sie mit der rechten Maustaste und wählen Sie <uicontrol>Navigieren zu...</uicontrol>."


def test_a_single_full_stop_stays_the_sentences():
    out = project("Choose <uicontrol>Save</uicontrol>.", "저장을 선택합니다.", [("Save", "저장"), ("Choose", "선택")], "ko")
    assert out == "<uicontrol>저장</uicontrol>을 선택합니다."
    out = project("Choose <uicontrol>Save</uicontrol>.", "Wählen Sie Speichern.", [("Save", "Speichern")], "de")
    assert out == "Wählen Sie <uicontrol>Speichern</uicontrol>."


def test_the_relation_reads_dots_and_the_ellipsis_as_one_mark():
    dots = Unit("...", 0, 3, "punct")
    assert Edge("right", "…", ".").relation(dots) == "in"
    assert Edge("right", "", "...").relation(Unit("…", 0, 1, "punct")) == "out"
    assert Edge("right", "...", "").relation(Unit("…", 0, 1, "punct")) == "in"
    assert Edge("right", "…", ".").relation(Unit(".", 0, 1, "punct")) == "out"  # a full stop is no ellipsis


@settings(max_examples=80, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("ab. 가나…")), min_size=0, max_size=24),
       lang=st.sampled_from(["ko", "de", "ja"]))
def test_units_cover_the_text_in_order(text, lang):
    units = units_of(text, words_with_offsets(text, lang))
    assert "".join(u.text for u in units) == text[units[0].start:] if units else True
    for a, b in zip(units, units[1:]):
        assert a.end == b.start and a.start < a.end
    for u in units:
        assert text[u.start:u.end] == u.text
        assert len(u.text) <= 3 or u.kind == "space" or set(u.text) != {"."}  # an ellipsis, then full stops
