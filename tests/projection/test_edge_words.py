"""Learned conventions applied to linked edge words (stage `edge-words`, `edgewords.py`): a function word at a
span's edge that translates nothing of its source tag leaves the span where the examples' references keep that word
outside; a word that translates a word of the tag stays in. German, French, Russian (Latin, Cyrillic), Japanese
and Korean words written by hand with their kinds, links given: known answers, no aligner."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.context import PairContext, Profiles
from tagmt.projection.conventions import Conventions, default_decision, observe_edge_words
from tagmt.projection.detag import detag
from tagmt.projection.edges import EdgeContext, Span, units_of
from tagmt.projection.render import render_spans
from tagmt.projection.stages import STAGES
from tagmt.projection.wordseg import Word


def words(text: str, kinds: dict[str, str] | None = None) -> list[Word]:
    """`text`'s words cut at `|` and spaces (the bars are not part of the text): a hand-made segmentation."""
    out, plain, pos = [], text.replace("|", ""), 0
    for chunk in text.split(" "):
        for piece in chunk.split("|"):
            if piece:
                kind = (kinds or {}).get(piece, "punct" if not piece[0].isalnum() else "content")
                out.append(Word(piece, pos, pos + len(piece), kind))
                pos += len(piece)
        pos += 1
    assert all(plain[w.start:w.end] == w.text for w in out)
    return out


def learned(references: list[str], segmented: list[str], kinds: dict[str, str] | None = None) -> Conventions:
    """What the tagged `references` (their words as `segmented` cuts them) teach of edge words."""
    conventions = Conventions()
    for reference, cut in zip(references, segmented):
        ref = detag(reference)
        observe_edge_words(conventions, ref, EdgeContext(ref.plain, units_of(ref.plain, words(cut, kinds))))
    return conventions


def project(source: str, src_cut: str, target_cut: str, links, span_words: tuple[int, int], lang: str,
            conventions: Conventions | None, kinds: dict[str, str] | None = None) -> str:
    """The one tag of `source` placed on target words `span_words` [a, b), then the edge-words stage."""
    detagged = detag(source)
    translation = target_cut.replace("|", "")
    src, trg = words(src_cut), words(target_cut, kinds)
    assert detagged.plain == src_cut.replace("|", "")
    decide = default_decision if conventions is None else conventions.decide
    ctx = PairContext(detagged, translation, src, trg, set(links), None, decide, Profiles.of("en", lang))
    a, b = span_words
    spans = [Span(detagged.tags[0], trg[a].start, trg[b - 1].end, 0, False)]
    return render_spans(translation, STAGES["edge-words"]().run(ctx, spans))[0]


def _span(source: str) -> Span:
    return Span(detag(source).tags[0], 0, 1, 0, False)


def _right():
    from tagmt.projection.edges import Edge
    return Edge("right", "", "")


def _unit(text: str):
    from tagmt.projection.edges import Unit
    return Unit(text, 0, len(text), "content")


LABELS_DE = ["Speichern", "Öffnen", "Drucken", "Schließen", "Kopieren", "Löschen", "Senden", "Suchen", "Abbrechen",
             "Hinzufügen"]
DE = learned([f"Klicken Sie auf <ui>{label}</ui>." for label in LABELS_DE],
             [f"Klicken Sie auf {label}|." for label in LABELS_DE])


def test_german_preposition_linked_outside_the_tag_leaves_it():
    # `auf` linked to `Click` (outside the source tag): the examples keep `auf` outside 10 to 0
    out = project("Click <ui>Print Report</ui>.", "Click Print Report|.", "Klicken Sie auf Bericht drucken|.",
                  {(0, 0), (0, 2), (1, 4), (2, 3), (3, 5)}, (2, 5), "de", DE)
    assert out == "Klicken Sie auf <ui>Bericht drucken</ui>."


def test_an_unlinked_preposition_leaves_unless_the_tag_holds_an_unlinked_function_word():
    out = project("Click <ui>Print</ui>.", "Click Print|.", "Klicken Sie auf Drucken|.",
                  {(0, 0), (1, 3), (2, 4)}, (2, 4), "de", DE)
    assert out == "Klicken Sie auf <ui>Drucken</ui>."
    # the label's noun is unlinked (`Report`): no preposition translates it
    out = project("Click <ui>Print Report</ui>.", "Click Print Report|.", "Klicken Sie auf Bericht drucken|.",
                  {(0, 0), (1, 4), (3, 5)}, (2, 5), "de", DE)
    assert out == "Klicken Sie auf <ui>Bericht drucken</ui>."
    # `on` inside the tag is unlinked: the unlinked `auf` may be its translation, it stays
    out = project("Click <ui>on Print</ui>.", "Click on Print|.", "Klicken Sie auf Drucken|.",
                  {(0, 0), (2, 3), (3, 4)}, (2, 4), "de", DE)
    assert out == "Klicken Sie <ui>auf Drucken</ui>."


def test_save_as_a_word_that_translates_a_word_of_the_tag_stays_in():
    conventions = learned([f"Klicken Sie auf <ui>{label}</ui> unter X." for label in LABELS_DE],
                          [f"Klicken Sie auf {label} unter X|." for label in LABELS_DE])  # `unter` after: 10 to 0
    # `unter` linked to `as`, inside the source tag: it stays, whatever the examples say of it
    out = project("Choose <ui>Save as</ui>.", "Choose Save as|.", "Wählen Sie Speichern unter|.",
                  {(0, 0), (1, 2), (2, 3), (3, 4)}, (2, 4), "de", conventions)
    assert out == "Wählen Sie <ui>Speichern unter</ui>."
    # both unlinked: `unter` may translate `as`, it stays too
    out = project("Choose <ui>Save as</ui>.", "Choose Save as|.", "Wählen Sie Speichern unter|.",
                  {(0, 0), (1, 2), (3, 4)}, (2, 4), "de", conventions)
    assert out == "Wählen Sie <ui>Speichern unter</ui>."
    assert conventions.keeps_outside(_span("<ui>Save as</ui>"), _right(), _unit("unter"))  # what the examples say


def test_without_clear_examples_the_word_stays():
    few = learned([f"Klicken Sie auf <ui>{label}</ui>." for label in LABELS_DE[:3]],
                  [f"Klicken Sie auf {label}|." for label in LABELS_DE[:3]])  # 3 to 0: too few to be clear
    mixed = learned([f"Klicken Sie {'auf ' if k % 2 else ''}<ui>{'' if k % 2 else 'auf '}{label}</ui>."
                     for k, label in enumerate(LABELS_DE)],
                    [f"Klicken Sie auf {label}|." for label in LABELS_DE])  # 5 to 5
    for conventions in (None, few, mixed):
        out = project("Click <ui>Print</ui>.", "Click Print|.", "Klicken Sie auf Drucken|.",
                      {(0, 0), (0, 2), (1, 3), (2, 4)}, (2, 4), "de", conventions)
        assert out == "Klicken Sie <ui>auf Drucken</ui>."


def test_a_content_word_never_leaves_though_the_examples_write_it_outside():
    # `Sie` is no function word of German: the examples' counts are not asked
    conventions = learned([f"Klicken <ui>Sie</ui> {label}." for label in LABELS_DE],
                          [f"Klicken Sie {label}|." for label in LABELS_DE])
    conventions.right.update({key: 20 for key in list(conventions.wrong)})
    out = project("Click <ui>Print</ui>.", "Click Print|.", "Klicken Sie Drucken|.",
                  {(0, 0), (1, 2), (2, 3)}, (1, 3), "de", conventions)
    assert out == "Klicken <ui>Sie Drucken</ui>."


def test_french_article_and_preposition_leave_the_tag():
    labels = ["Enregistrer", "Ouvrir", "Imprimer", "Fermer", "Copier", "Supprimer", "Envoyer", "Chercher",
              "Annuler", "Ajouter"]
    conventions = learned([f"Cliquez sur <ui>{label}</ui>." for label in labels],
                          [f"Cliquez sur {label}|." for label in labels])
    out = project("Click <ui>Print</ui>.", "Click Print|.", "Cliquez sur Imprimer|.",
                  {(0, 0), (0, 1), (1, 2), (2, 3)}, (1, 3), "fr", conventions)
    assert out == "Cliquez sur <ui>Imprimer</ui>."


def test_russian_preposition_leaves_the_tag():
    labels = ["Сохранить", "Открыть", "Печать", "Закрыть", "Копировать", "Удалить", "Отправить", "Найти",
              "Отмена", "Добавить"]
    conventions = learned([f"Нажмите на <ui>{label}</ui>." for label in labels],
                          [f"Нажмите на {label}|." for label in labels])
    out = project("Click <ui>Print</ui>.", "Click Print|.", "Нажмите на Печать|.",
                  {(0, 0), (0, 1), (1, 2), (2, 3)}, (1, 3), "ru", conventions)
    assert out == "Нажмите на <ui>Печать</ui>."


JA_KINDS = {"を": "particle", "に": "particle", "選択": "verb", "し": "auxiliary", "ます": "auxiliary"}
JA_LABELS = ["保存", "印刷", "削除", "複製", "送信", "検索", "追加", "編集", "更新", "終了"]


def test_japanese_particle_after_the_label_leaves_the_tag():
    conventions = learned([f"<ui>{label}</ui>を選択します。" for label in JA_LABELS],
                          [f"{label}|を|選択|し|ます|。" for label in JA_LABELS], JA_KINDS)
    # `を` linked to nothing the tag holds (to `Choose`): out; kind `particle`, so even a label never seen
    out = project("Choose <ui>Open</ui>.", "Choose Open|.", "開く|を|選択|し|ます|。",
                  {(0, 1), (0, 2), (1, 0), (2, 5)}, (0, 2), "ja", conventions, JA_KINDS)
    assert out == "<ui>開く</ui>を選択します。"
    # a particle linked to a word inside the tag stays (`Add to List` → `リストに追加`)
    out = project("Choose <ui>Add to List</ui>.", "Choose Add to List|.", "リスト|に|追加|を|選択|。",
                  {(0, 4), (1, 2), (2, 1), (3, 0), (4, 5)}, (0, 2), "ja", conventions, {**JA_KINDS, "追加": "content"})
    assert out == "<ui>リストに</ui>追加を選択。"


def test_korean_particle_glued_to_the_label_leaves_the_tag():
    labels = ["저장", "인쇄", "삭제", "복사", "전송", "검색", "추가", "편집", "갱신", "종료"]
    kinds = {"을": "particle", "를": "particle", "클릭": "content", "합니다": "verb"}
    conventions = learned([f"<ui>{label}</ui>을 클릭합니다." for label in labels],
                          [f"{label}|을 클릭|합니다|." for label in labels], kinds)
    out = project("Click <ui>Open</ui>.", "Click Open|.", "열기|를 클릭|합니다|.",
                  {(0, 2), (1, 0), (2, 4)}, (0, 2), "ko", conventions, kinds)
    assert out == "<ui>열기</ui>를 클릭합니다."  # `를` unseen as text: its kind `particle` backs off, 10 to 0


# ------------------------------------------------------------------------------ properties

TOKENS = ["auf", "die", "Drucken", "Bericht", "を", "に", "保存", "을", "저장", "на", "Печать", ",", "."]
KINDS = {"を": "particle", "に": "particle", "을": "particle"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=2, max_size=8), st.data())
def test_the_text_never_changes_and_tags_stay_whole_and_nested(tokens, data):
    cut = " ".join(tokens)
    trg = words(cut, KINDS)
    a = data.draw(st.integers(0, len(trg) - 1))
    b = data.draw(st.integers(a + 1, len(trg)))
    c = data.draw(st.integers(a, b - 1))
    detagged = detag("Click <ui>Print <b>Report</b></ui> now.")
    src = words("Click Print Report now|.")
    links = set(data.draw(st.lists(st.tuples(st.integers(0, len(src) - 1), st.integers(0, len(trg) - 1)),
                                   max_size=6)))
    always = Conventions()
    always.keeps_outside = lambda span, edge, unit: True  # type: ignore[method-assign]  # every word would leave
    ctx = PairContext(detagged, cut, src, trg, links, None, always.decide, Profiles.of("en", "de"))
    outer, inner = detagged.tags[0], detagged.tags[0].children[0]
    span = Span(outer, trg[a].start, trg[b - 1].end, 0, False)
    span.children.append(Span(inner, trg[c].start, trg[c].end, 1, False))
    (out,) = STAGES["edge-words"]().run(ctx, [span])
    rendered = render_spans(cut, [out])[0]
    assert strip(rendered) == cut
    child = out.children[0]
    assert out.start < out.end and cut[out.start:out.end].strip() == cut[out.start:out.end]
    assert out.start <= child.start <= child.end <= out.end and (child.start, child.end) == (trg[c].start, trg[c].end)
    assert trg[a].start <= out.start and out.end <= trg[b - 1].end
