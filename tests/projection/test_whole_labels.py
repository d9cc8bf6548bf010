"""Whole labels (`labels.py`): a label the translation quotes takes the whole quotation (German, French,
Russian, Japanese), and a Korean or Japanese label's noun chain ends at its head noun (`nounchains` with
`labels.label_head`); the rules never change the text and keep tags whole and nested."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.labels import head_spill, is_head_noun, label_head, quoted_labels, quoted_labels_kept
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline
from tagmt.projection.wordseg import words_with_offsets

from test_pipeline import _context, projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


# ------------------------------------------------------------------------------ quoted labels

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the label verb the translation writes last, unlinked, inside German quotation marks
    ("Click <ui>Print Report</ui> now.", "Klicken Sie jetzt auf „Bericht drucken“.", "de",
     [("Click", "Klicken"), ("now", "jetzt"), ("Report", "Bericht")],
     "Klicken Sie jetzt auf <ui>„Bericht drucken“</ui>."),
    # French guillemets with their spaces (the neutral default leaves spaced marks out: no example says otherwise)
    ("Choose <ui>Print Preview</ui>.", "Choisissez « Aperçu avant impression ».", "fr",
     [("Choose", "Choisissez"), ("Preview", "Aperçu")], "Choisissez « <ui>Aperçu avant impression</ui> »."),
    # Russian, a word of the label linked to a copy of the tag's word elsewhere in the source
    ("Select <ui>Save File</ui> to save the file.", "Выберите «Сохранить файл», чтобы сохранить файл.", "ru",
     [("Select", "Выберите"), ("File", "файл»"), ("save", "сохранить файл")],
     "Выберите <ui>«Сохранить файл»</ui>, чтобы сохранить файл."),
    # Japanese corner brackets
    ("Choose <ui>Print Preview</ui>.", "「印刷プレビュー」を選択します。", "ja",
     [("Choose", "選択"), ("Print", "印刷")], "<ui>「印刷プレビュー」</ui>を選択します。"),
])
def test_a_quoted_label_takes_the_whole_quotation(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # German: the label translated, its abbreviation in parentheses after it
    ("Enter the <ui>Difference</ui> value.", "Geben Sie den Wert Differenz (Diff.) ein.", "de",
     [("Enter", "Geben"), ("value", "Wert"), ("Difference", "Differenz (Diff")],
     "Geben Sie den Wert <ui>Differenz (Diff.)</ui> ein."),
    # a label kept verbatim in the source language: its translation in parentheses is the sentence's
    ("Click <ui>Rename</ui> now.", "Klicken Sie jetzt auf Rename (Umbenennen).", "de",
     [("Click", "Klicken"), ("now", "jetzt"), ("Rename", "Rename (Umbenennen)")],
     "Klicken Sie jetzt auf <ui>Rename</ui> (Umbenennen)."),
    # Japanese: the span on the gloss, the word before the parenthesis the tag's too
    ("Change the <ui>LongText</ui> column.", "テキスト (長) 列を変更します。", "ja",
     [("LongText", "テキスト"), ("LongText", "長"), ("column", "列"), ("Change", "変更")],
     "<ui>テキスト (長)</ui> 列を変更します。"),
    # Russian: a parenthesis that is another word's stays out
    ("Open <ui>Settings</ui> first.", "Сначала откройте Настройки (раздел).", "ru",
     [("Open", "откройте"), ("first", "Сначала"), ("Settings", "Настройки"), ("first", "раздел")],
     "Сначала откройте <ui>Настройки</ui> (раздел)."),
])
def test_a_glossed_label_takes_the_gloss(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # a word of the quotation is another source word's: the quotation is more than the label
    ("The message File <b>not</b> found appears.", "Die Meldung „Datei nicht gefunden“ erscheint.", "de",
     [("File", "Datei"), ("not", "nicht"), ("found", "gefunden"), ("message", "Meldung")]),
    # the source quotes it itself: the unit rule's
    ('The message "File <b>not</b> found" appears.', "Die Meldung „Datei nicht gefunden“ erscheint.", "de",
     [("not", "nicht"), ("message", "Meldung")]),
    # braces are code, not a label's quotation
    ("See the field <codeph>Date</codeph>: {{Date}} here.", "Feld Date: {{Date}} hier.", "de",
     [("Date", "{{Date}}"), ("here", "hier")]),
    # parentheses are the sentence's
    ("Use <b>the tool</b> here.", "Utilisez (l'outil fourni) ici.", "fr", [("tool", "outil"), ("here", "ici")]),
    # another tag's span in the quotation
    ("Choose <b>Print</b> <i>Preview</i>.", "「印刷 プレビュー」を選択します。", "ja",
     [("Print", "印刷"), ("Preview", "プレビュー"), ("Choose", "選択")]),
])
def test_a_quotation_that_is_not_the_label_is_left_alone(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, "quoted-labels")


@pytest.mark.parametrize("source, target, lang, pairs, grown, expected", [
    # Traditional Chinese brackets a label; a list item's conjunction taken in by a later rule goes back out
    ("See <ui>Expired Resources</ui> and <ui>Expiration Date</ui>.", "請參閱 [到期資源] 以及 [到期日]。", "zh-TW",
     [("Expired", "到期資源"), ("Expiration", "到期日"), ("See", "請參閱")], "以及 [到期日]",
     "請參閱 <ui>[到期資源]</ui> 以及 <ui>[到期日]</ui>。"),
    # German: a word after the quotation that no link ties to the tag is not the label's
    ("Click <ui>Print Report</ui> now.", "Klicken Sie „Bericht drucken“ jetzt.", "de",
     [("Click", "Klicken"), ("Report", "Bericht drucken")], "„Bericht drucken“ jetzt",
     "Klicken Sie <ui>„Bericht drucken“</ui> jetzt."),
])
def test_a_span_grown_past_its_quoted_label_goes_back_to_it(source, target, lang, pairs, grown, expected):
    ctx = _context(source, target, lang, pairs)
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    last = max(spans, key=lambda span: span.start)
    last.start = target.index(grown)
    last.end = last.start + len(grown)
    assert render_spans(target, quoted_labels_kept(spans, ctx))[0] == expected


def test_a_span_whose_words_outside_the_quotation_are_the_tags_is_kept():
    target = "Klicken Sie „Bericht“ drucken jetzt."
    ctx = _context("Click <ui>Print Report</ui> now.", target, "de",
                   [("Click", "Klicken"), ("Report", "Bericht"), ("Print", "drucken")])
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    spans[0].start, spans[0].end = target.index("„"), target.index(" jetzt")
    assert render_spans(target, quoted_labels_kept(spans, ctx))[0] == "Klicken Sie <ui>„Bericht“ drucken</ui> jetzt."


# ------------------------------------------------------------------------------ the label's head noun

def test_the_head_word_is_the_source_word_after_the_tag():
    plain = "On the To Be Billed tab, choose Save."
    src = words_with_offsets(plain, "en")
    head = label_head(src, plain, plain.index(" tab"))
    assert head is not None and src[head].text == "tab"
    assert label_head(src, plain, plain.index(",")) is None  # a mark follows
    assert label_head(src, plain, len(plain)) is None  # the end
    assert is_head_noun([(head, 1.0)], head, {2, 3, 4})
    assert not is_head_noun([(head, 1.0), (3, 1.0)], head, {2, 3, 4})  # also the tag's
    assert head_spill([(head, 0.5)], head, True, 1.0) and not head_spill([(head, 1.0)], head, True, 1.0)
    assert not head_spill([(head, 0.5)], head, False, 1.0) and not head_spill([], head, True, 1.0)


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # Korean: the label's second noun unlinked, the head noun `탭` after it (the chain goes on past the label)
    ("On the <ui>To Be Billed</ui> tab, choose it.", "청구 예정 탭에서 선택합니다.", "ko",
     [("Billed", "청구"), ("tab", "탭"), ("choose", "선택")], "<ui>청구 예정</ui> 탭에서 선택합니다."),
    # Japanese: the label's verb noun linked to a later copy of its word, glued to the head noun `ボタン`
    ("Use the <ui>Change Item Type</ui> button to change it.", "明細タイプ変更ボタンを使用して変更します。", "ja",
     [("Item", "明細"), ("Type", "タイプ"), ("button", "ボタン"), ("change", "変更"), ("Use", "使用")],
     "<ui>明細タイプ変更</ui>ボタンを使用して変更します。"),
])
def test_a_label_chain_ends_at_its_head_noun(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_the_head_noun_itself_stays_outside():
    # Japanese: the head noun is linked to the word after the tag only: never taken in
    out = _project("Open the <ui>Item Type</ui> tab.", "明細タイプタブを開きます。", "ja",
                   [("Item", "明細"), ("Type", "タイプ"), ("tab", "タブ"), ("Open", "開き")])
    assert out == "<ui>明細タイプ</ui>タブを開きます。"


# ------------------------------------------------------------------------------ properties

_WORD = st.sampled_from(["Datei", "Bericht", "drucken", "印刷", "プレビュー", "файл", "Сохранить", "aperçu"])
_MARKS = st.sampled_from([("„", "“"), ("«", "»"), ("「", "」"), ("[", "]"), ("(", ")"), ("\"", "\"")])


@settings(max_examples=40, deadline=None)
@given(before=st.lists(_WORD, max_size=2), inner=st.lists(_WORD, min_size=1, max_size=3),
       after=st.lists(_WORD, max_size=2), marks=_MARKS, k=st.integers(0, 2), lang=st.sampled_from(["de", "ja", "ru"]))
def test_quoting_never_changes_the_text_and_keeps_tags_whole(before, inner, after, marks, k, lang):
    target = " ".join([*before, marks[0] + " ".join(inner) + marks[1], *after]) + "."
    source = "Click <ui>Alpha <b>Beta</b></ui> here."
    word = inner[min(k, len(inner) - 1)]
    ctx = _context(source, target, lang, [("Beta", word), ("Alpha", word)])
    spans = quoted_labels(Pipeline.for_profile(ctx.profiles.trg).spans(ctx), ctx)
    out = render_spans(target, spans)[0]
    assert strip(out) == target
    assert out.count("<ui>") == out.count("</ui>") == 1 and out.count("<b>") == out.count("</b>") == 1
    assert out.index("<ui>") <= out.index("<b>") < out.index("</b>") <= out.index("</ui>")
