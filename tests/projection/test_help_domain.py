"""The help domain (UI documentation) in Finnish, Russian, Dutch, German, French, Japanese and Chinese, by the
linguistics of each language: hand-made pairs with their word links written out (the aligner's usual noise among
them: a label's word linked to the preposition, the case-inflected head noun or the noun before a quotation too)
run through the real pipeline (`Pipeline.for_profile`), with and without the conventions examples teach.

Rules: `hyphenheads.py` (`<ui>Tallenna</ui>-painiketta`), `labelwords.py` (`auf <ui>Bericht drucken</ui>`),
`edgewords.doubles_only` (a function word linked to a label word another word translates, `auf Speichern`),
`labels._Quoted._trim` (a quoted label's noun or preposition before the quotation, `кнопку «Сохранить»`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.context import PairContext
from tagmt.projection.conventions import Conventions, observe_edge_words
from tagmt.projection.detag import detag
from tagmt.projection.edges import EdgeContext, Span, units_of
from tagmt.projection.render import render_spans
from tagmt.projection.stages import STAGES, Pipeline
from tagmt.projection.wordseg import words_with_offsets

from test_pipeline import _context, projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], conventions=None) -> str:
    return projected(source, target, lang, pairs, decide=conventions.decide if conventions is not None else None)


def _learned(lang: str, references: list[str]) -> Conventions:
    """What the tagged `references` teach of the words kept outside tags (`observe_edge_words`)."""
    conventions = Conventions()
    for reference in references:
        ref = detag(reference)
        observe_edge_words(conventions, ref, EdgeContext(ref.plain, units_of(ref.plain,
                                                                             words_with_offsets(ref.plain, lang))))
    return conventions


# ------------------------------------------------------------------------------ Finnish

@pytest.mark.parametrize("source, target, pairs, expected", [
    # the label's word linked to the inflected head noun after the hyphen too: the head leaves
    ("Click <ui>Save</ui>.", "Napsauta Tallenna-painiketta.",
     [("Click", "Napsauta"), ("Save", "Tallenna"), ("Save", "painiketta")], "Napsauta <ui>Tallenna</ui>-painiketta."),
    ("Run it in <ui>Windows</ui>.", "Suorita se Windows-käyttöjärjestelmässä.",
     [("Run", "Suorita"), ("it", "se"), ("Windows", "Windows"), ("Windows", "käyttöjärjestelmässä")],
     "Suorita se <ui>Windows</ui>-käyttöjärjestelmässä."),
    # the head linked to the source's head noun outside the tag
    ("On the <ui>File</ui> menu, click <ui>Open</ui>.", "Valitse Tiedosto-valikossa Avaa.",
     [("click", "Valitse"), ("File", "Tiedosto"), ("menu", "valikossa"), ("Open", "Avaa")],
     "Valitse <ui>Tiedosto</ui>-valikossa <ui>Avaa</ui>."),
    # Finnish quotation marks `”…”` (the same mark both sides) quote the label before the hyphen
    ("Click <ui>Save</ui>.", "Napsauta ”Tallenna”-painiketta.",
     [("Click", "Napsauta"), ("Save", "Tallenna"), ("Save", "painiketta")], "Napsauta <ui>”Tallenna”</ui>-painiketta."),
    ("Click <ui>Preview</ui>.", "Napsauta »Esikatselu»-painiketta.",
     [("Click", "Napsauta"), ("Preview", "Esikatselu"), ("Preview", "painiketta")],
     "Napsauta <ui>»Esikatselu»</ui>-painiketta."),
    # a label of several words: a space before the hyphen
    ("Click <ui>Print Report</ui>.", "Napsauta Tulosta raportti -painiketta.",
     [("Click", "Napsauta"), ("Print", "Tulosta"), ("Report", "raportti"), ("Report", "painiketta")],
     "Napsauta <ui>Tulosta raportti</ui> -painiketta."),
    # a case ending after a colon (`clitics.py`) stays outside
    ("Click <ui>OK</ui>.", "Napsauta OK:ta.", [("Click", "Napsauta"), ("OK", "OK")], "Napsauta <ui>OK</ui>:ta."),
    # a menu path: the `>` between the tags
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "Valitse Tiedosto > Tallenna nimellä.",
     [("Choose", "Valitse"), ("File", "Tiedosto"), ("Save", "Tallenna"), ("As", "nimellä"), ("File", ">")],
     "Valitse <ui>Tiedosto</ui> > <ui>Tallenna nimellä</ui>."),
])
def test_finnish(source, target, pairs, expected):
    assert _project(source, target, "fi", pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the head translates a word of the tag that nothing else in the span translates: the label's own
    ("The <ui>General Data Protection Regulation</ui> applies.", "Die Datenschutz-Grundverordnung gilt.", "de",
     [("Data", "Datenschutz"), ("Protection", "Datenschutz"), ("Regulation", "Grundverordnung"),
      ("General", "Grundverordnung"), ("applies", "gilt")]),
    # a hyphen with a space after it joins no compound
    ("Open <ui>Bluetooth and other devices</ui>.", "Avaa Bluetooth- ja muut laitteet.", "fi",
     [("Open", "Avaa"), ("Bluetooth", "Bluetooth"), ("other", "muut"), ("devices", "laitteet"), ("and", "ja")]),
    # a tag around the whole source holds the whole translation (a word broken at the line's end)
    ("<g>GRADE</g>", "BESOL-DUNGS-GRUPPE", "de", [("GRADE", "BESOL"), ("GRADE", "DUNGS"), ("GRADE", "GRUPPE")]),
    # Hungarian writes a place name whole with a hyphen: no hyphen heads there
    ("Trade with the <g>Comoros</g> grew.", "A Comore-szigetekkel folytatott kereskedelem nőtt.", "hu",
     [("Comoros", "Comore"), ("Comoros", "szigetekkel"), ("Trade", "kereskedelem"), ("grew", "nőtt")]),
    # French writes the noun first: no hyphen heads there
    ("Click <ui>Save</ui>.", "Cliquez Enregistrer-bouton.", "fr",
     [("Click", "Cliquez"), ("Save", "Enregistrer"), ("Save", "bouton")]),
])
def test_a_hyphen_head_that_is_the_labels_stays(source, target, lang, pairs):
    out = _project(source, target, lang, pairs)
    assert out == render_spans(target, Pipeline([stage for stage in Pipeline.for_profile(
        _context(source, target, lang, pairs).profiles.trg).stages if stage.name != "hyphen-heads"]).spans(
        _context(source, target, lang, pairs)))[0]
    assert "</ui>-" not in out


# ------------------------------------------------------------------------------ Russian

@pytest.mark.parametrize("source, target, pairs, expected", [
    # the noun before the quotation linked to the label too: the quotation is the label
    ("Click <ui>Save</ui>.", "Нажмите кнопку «Сохранить».",
     [("Click", "Нажмите"), ("Save", "кнопку"), ("Save", "Сохранить")], "Нажмите кнопку <ui>«Сохранить»</ui>."),
    # a preposition and the case-inflected noun before the label stay outside
    ("In the <ui>File</ui> menu, click <ui>Open</ui>.", "В меню Файл нажмите Открыть.",
     [("In", "В"), ("menu", "меню"), ("File", "Файл"), ("click", "нажмите"), ("Open", "Открыть")],
     "В меню <ui>Файл</ui> нажмите <ui>Открыть</ui>."),
    # the complement of the label's noun, unlinked, after it
    ("Click <ui>Print Report</ui>.", "Нажмите Печать отчета.", [("Click", "Нажмите"), ("Print", "Печать")],
     "Нажмите <ui>Печать отчета</ui>."),
    # the label's noun unlinked before its linked complement, the verb before it the sentence's
    ("Click <ui>Print Report</ui>.", "Нажмите Печать отчета.", [("Click", "Нажмите"), ("Report", "отчета")],
     "Нажмите <ui>Печать отчета</ui>."),
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "Выберите Файл > Сохранить как.",
     [("Choose", "Выберите"), ("File", "Файл"), ("Save", "Сохранить"), ("As", "как"), ("Save", ">")],
     "Выберите <ui>Файл</ui> > <ui>Сохранить как</ui>."),
    ("In the <ui>Settings</ui> dialog box, select <ui>Enable sync</ui>.",
     "В диалоговом окне Параметры выберите Включить синхронизацию.",
     [("In", "В"), ("dialog", "диалоговом"), ("box", "окне"), ("Settings", "Параметры"), ("Settings", "окне"),
      ("select", "выберите"), ("Enable", "Включить"), ("sync", "синхронизацию")],
     "В диалоговом окне <ui>Параметры</ui> выберите <ui>Включить синхронизацию</ui>."),
])
def test_russian(source, target, pairs, expected):
    assert _project(source, target, "ru", pairs) == expected


# ------------------------------------------------------------------------------ Dutch, German, French

NL_HELP = [f"Klik op <ui>{label}</ui>." for label in
           ["Openen", "Sluiten", "Afdrukken", "Kopiëren", "Verwijderen", "Verzenden", "Zoeken", "Annuleren",
            "Toevoegen", "Bewerken"]]
DE_HELP = [f"Klicken Sie auf <ui>{label}</ui>." for label in
           ["Öffnen", "Schließen", "Drucken", "Kopieren", "Löschen", "Senden", "Suchen", "Abbrechen", "Hinzufügen",
            "Bearbeiten"]]
FR_HELP = [f"Cliquez sur <ui>{label}</ui>." for label in
           ["Ouvrir", "Fermer", "Imprimer", "Copier", "Supprimer", "Envoyer", "Rechercher", "Annuler", "Ajouter",
            "Modifier"]]


@pytest.mark.parametrize("source, target, pairs, expected", [
    ("Open the <ui>Start</ui> menu.", "Open het Start-menu.",
     [("Open", "Open"), ("Start", "Start"), ("Start", "menu")], "Open het <ui>Start</ui>-menu."),
    ("In the <ui>Settings</ui> dialog box, select <ui>Enable sync</ui>.",
     "Selecteer in het dialoogvenster Instellingen de optie Synchronisatie inschakelen.",
     [("select", "Selecteer"), ("In", "in"), ("dialog", "dialoogvenster"), ("Settings", "Instellingen"),
      ("sync", "Synchronisatie")],
     "Selecteer in het dialoogvenster <ui>Instellingen</ui> de optie <ui>Synchronisatie inschakelen</ui>."),
    # a separable verb's particle after the label is no word of it
    ("Turn on <ui>Sync</ui>.", "Schakel Synchronisatie in.", [("Turn", "Schakel"), ("Sync", "Synchronisatie")],
     "Schakel <ui>Synchronisatie</ui> in."),
    ("Click <ui>Print Report</ui>.", "Klik op Rapport afdrukken.", [("Click", "Klik"), ("Report", "Rapport")],
     "Klik op <ui>Rapport afdrukken</ui>."),
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "Kies Bestand > Opslaan als.",
     [("Choose", "Kies"), ("File", "Bestand"), ("Save", "Opslaan"), ("As", "als")],
     "Kies <ui>Bestand</ui> > <ui>Opslaan als</ui>."),
])
def test_dutch(source, target, pairs, expected):
    assert _project(source, target, "nl", pairs) == expected


@pytest.mark.parametrize("source, target, pairs, expected", [
    ("Open the <ui>File</ui> menu.", "Öffnen Sie das Datei-Menü.",
     [("Open", "Öffnen"), ("File", "Datei"), ("File", "Menü")], "Öffnen Sie das <ui>Datei</ui>-Menü."),
    ("In the <ui>Settings</ui> dialog box, click <ui>OK</ui>.", "Klicken Sie im Dialogfeld Einstellungen auf OK.",
     [("click", "Klicken"), ("In", "im"), ("dialog", "Dialogfeld"), ("Settings", "Einstellungen"), ("OK", "OK")],
     "Klicken Sie im Dialogfeld <ui>Einstellungen</ui> auf <ui>OK</ui>."),
    # the label's verb last, unlinked
    ("Click <ui>Print Report</ui>.", "Klicken Sie auf Bericht drucken.", [("Click", "Klicken"), ("Report", "Bericht")],
     "Klicken Sie auf <ui>Bericht drucken</ui>."),
    # … before a separable particle
    ("Select <ui>Print Report</ui>.", "Wählen Sie Bericht drucken aus.", [("Select", "Wählen"), ("Report", "Bericht")],
     "Wählen Sie <ui>Bericht drucken</ui> aus."),
    # a verb bracket open before the tag (`wird`): the clause's last verb is the bracket's
    ("The report looks at the <g>obstacles hindering growth</g>.",
     "Im Bericht wird auf die Hindernisse für das Wachstum eingegangen.",
     [("report", "Bericht"), ("obstacles", "Hindernisse"), ("growth", "Wachstum"), ("at", "auf")],
     "Im Bericht wird auf die <g>Hindernisse für das Wachstum</g> eingegangen."),
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "Wählen Sie Datei > Speichern unter.",
     [("Choose", "Wählen"), ("File", "Datei"), ("Save", "Speichern"), ("As", "unter")],
     "Wählen Sie <ui>Datei</ui> > <ui>Speichern unter</ui>."),
])
def test_german(source, target, pairs, expected):
    assert _project(source, target, "de", pairs) == expected


@pytest.mark.parametrize("source, target, pairs, expected", [
    ("In the <ui>Settings</ui> dialog box, click <ui>OK</ui>.", "Dans la boîte de dialogue Paramètres, cliquez sur OK.",
     [("In", "Dans"), ("dialog", "dialogue"), ("box", "boîte"), ("Settings", "Paramètres"), ("click", "cliquez"),
      ("OK", "OK")], "Dans la boîte de dialogue <ui>Paramètres</ui>, cliquez sur <ui>OK</ui>."),
    # spaced guillemets (no-break spaces), the preposition linked to the label too: out of the tag, marks outside
    ("Click <ui>Save</ui>.", "Cliquez sur\u00a0«\u00a0Enregistrer\u00a0».",
     [("Click", "Cliquez"), ("Save", "sur"), ("Save", "Enregistrer")], "Cliquez sur\u00a0«\u00a0<ui>Enregistrer</ui>\u00a0»."),
    ("Click <ui>Save</ui>.", "Cliquez sur « Enregistrer ».",
     [("Click", "Cliquez"), ("Save", "sur"), ("Save", "Enregistrer")], "Cliquez sur « <ui>Enregistrer</ui> »."),
    # a label's unlinked word after a function word: no boundary reached, nothing taken
    ("Choose <ui>Print Preview</ui>.", "Choisissez Aperçu avant impression.",
     [("Choose", "Choisissez"), ("Preview", "Aperçu")], "Choisissez <ui>Aperçu</ui> avant impression."),
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "Choisissez Fichier > Enregistrer sous.",
     [("Choose", "Choisissez"), ("File", "Fichier"), ("Save", "Enregistrer"), ("As", "sous"), ("File", ">")],
     "Choisissez <ui>Fichier</ui> > <ui>Enregistrer sous</ui>."),
])
def test_french(source, target, pairs, expected):
    assert _project(source, target, "fr", pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, examples, expected", [
    ("Click <ui>Save</ui>.", "Klik op Opslaan.", "nl", [("Click", "Klik"), ("Save", "op"), ("Save", "Opslaan")],
     NL_HELP, "Klik op <ui>Opslaan</ui>."),
    ("Click <ui>Save</ui>.", "Klicken Sie auf Speichern.", "de",
     [("Click", "Klicken"), ("Save", "auf"), ("Save", "Speichern")], DE_HELP, "Klicken Sie auf <ui>Speichern</ui>."),
    ("Click <ui>Save</ui>.", "Cliquez sur Enregistrer.", "fr",
     [("Click", "Cliquez"), ("Save", "sur"), ("Save", "Enregistrer")], FR_HELP, "Cliquez sur <ui>Enregistrer</ui>."),
    ("Click <ui>Save</ui>.", "Нажмите на Сохранить.", "ru",
     [("Click", "Нажмите"), ("Save", "на"), ("Save", "Сохранить")],
     [f"Нажмите на <ui>{label}</ui>." for label in ["Открыть", "Закрыть", "Печать", "Копировать", "Удалить",
                                                    "Отправить", "Найти", "Отмена", "Добавить", "Изменить"]],
     "Нажмите на <ui>Сохранить</ui>."),
])
def test_a_preposition_linked_to_a_translated_label_word_leaves_where_the_examples_keep_it_out(
        source, target, lang, pairs, examples, expected):
    assert _project(source, target, lang, pairs, _learned(lang, examples)) == expected
    # without examples the neutral default keeps it where it was placed
    assert _project(source, target, lang, pairs) != expected


def test_a_preposition_that_translates_a_function_word_of_the_label_stays():
    # `in` linked to `to` of the label (and to `file`): what it translates, whatever the examples say of `in`
    conventions = _learned("de", [f"Speichern Sie in <ui>{label}</ui>." for label in DE_HELP])
    out = _project("Choose <ui>Save to file</ui>.", "Wählen Sie In Datei speichern.", "de",
                   [("Choose", "Wählen"), ("to", "In"), ("file", "In"), ("file", "Datei"), ("Save", "speichern")],
                   conventions)
    assert out == "Wählen Sie <ui>In Datei speichern</ui>."


# ------------------------------------------------------------------------------ Japanese, Chinese

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "[ファイル] > [名前を付けて保存] を選択します。", "ja",
     [("Choose", "選択"), ("File", "ファイル"), ("Save", "保存"), ("As", "名前を付けて")],
     "<ui>[ファイル]</ui> > <ui>[名前を付けて保存]</ui> を選択します。"),
    ("Choose <ui>File</ui> > <ui>Export</ui>.", "ファイル > エクスポートを選択します。", "ja",
     [("Choose", "選択"), ("File", "ファイル"), ("Export", "エクスポート"), ("File", ">")],
     "<ui>ファイル</ui> > <ui>エクスポート</ui>を選択します。"),
    ("Click <ui>Save</ui>.", "「保存」をクリックします。", "ja", [("Click", "クリック"), ("Save", "保存")],
     "<ui>「保存」</ui>をクリックします。"),
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "选择“文件”>“另存为”。", "zh",
     [("Choose", "选择"), ("File", "文件"), ("Save", "存"), ("As", "另")], "选择<ui>“文件”</ui>><ui>“另存为”</ui>。"),
    ("Choose <ui>File</ui> > <ui>Save As</ui>.", "选择文件 > 另存为。", "zh",
     [("Choose", "选择"), ("File", "文件"), ("Save", "存"), ("As", "另"), ("As", "为"), ("Save", ">")],
     "选择<ui>文件</ui> > <ui>另存为</ui>。"),
    ("Click <ui>Save</ui>.", "单击保存。", "zh", [("Click", "单击"), ("Save", "保存")], "单击<ui>保存</ui>。"),
])
def test_japanese_and_chinese_menu_paths_and_labels(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


# ------------------------------------------------------------------------------ properties

_WORDS = st.sampled_from(["Tallenna", "painiketta", "-", "Datei", "Menü", "auf", "drucken", "Bericht", "в", "меню",
                          "Файл", "aus", ".", ",", "«", "»"])


@settings(max_examples=60, deadline=None)
@given(words=st.lists(_WORDS, min_size=2, max_size=9), glue=st.lists(st.booleans(), min_size=9, max_size=9),
       lang=st.sampled_from(["fi", "de", "ru", "nl"]), data=st.data())
def test_the_text_never_changes_and_tags_stay_whole_and_nested(words, glue, lang, data):
    target = words[0] + "".join(("" if g else " ") + w for w, g in zip(words[1:], glue))
    source = "Click <ui>Print <b>Report</b></ui> now."
    trg = words_with_offsets(target, lang)
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    links = set(data.draw(st.lists(st.tuples(st.integers(0, len(src) - 1), st.integers(0, len(trg) - 1)),
                                   max_size=6)))
    ctx = PairContext(detagged, target, src, trg, links, profiles=_context(source, target, lang, []).profiles)
    a = data.draw(st.integers(0, len(trg) - 1))
    b = data.draw(st.integers(a + 1, len(trg)))
    c = data.draw(st.integers(a, b - 1))
    outer, inner = detagged.tags[0], detagged.tags[0].children[0]
    span = Span(outer, trg[a].start, trg[b - 1].end, 0, False)
    span.children.append(Span(inner, trg[c].start, trg[c].end, 1, False))
    spans = [span]
    for name in ("quoted-labels", "label-words", "hyphen-heads", "edge-words"):
        spans = STAGES[name]().run(ctx, spans)
    rendered = render_spans(target, spans)[0]
    assert strip(rendered) == target
    (out,) = spans
    child = out.children[0]
    assert out.start < out.end and out.start <= child.start < child.end <= out.end
    assert rendered.count("<ui>") == rendered.count("</ui>") == rendered.count("<b>") == rendered.count("</b>") == 1
    assert rendered.index("<ui>") <= rendered.index("<b>") < rendered.index("</b>") <= rendered.index("</ui>")


ZH_HELP = [f"在<ui>{label}</ui>中单击保存。" for label in
           ["设置", "文件", "视图", "工具", "帮助", "编辑", "窗口", "选项", "格式", "插入"]]


@pytest.mark.parametrize("source, target, pairs, expected", [
    # the localizer linked to the label beside the label's translation: out, as the examples write it
    ("In <ui>Settings</ui>, click Save.", "在设置中单击保存。",
     [("In", "在"), ("Settings", "设置"), ("Settings", "中"), ("click", "单击"), ("Save", "保存")],
     "在<ui>设置</ui>中单击保存。"),
    # a character of the label's dictionary word (`集中`, concentration) is no localizer: it stays
    ("Use <ui>Manage Cash Concentration</ui> now.", "现在使用管理现金集中。",
     [("Use", "使用"), ("now", "现在"), ("Manage", "管理"), ("Cash", "现金"), ("Concentration", "集"),
      ("Concentration", "中")], "现在使用<ui>管理现金集中</ui>。"),
])
def test_a_chinese_localizer_doubling_a_label_word_leaves_unless_it_is_part_of_the_word(source, target, pairs,
                                                                                        expected):
    assert _project(source, target, "zh", pairs, _learned("zh", ZH_HELP)) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the class noun the translation adds before a label, linked to the label too: out, its case tells it
    ("Click <ui>Save</ui>.", "Нажмите кнопку Сохранить.", "ru",
     [("Click", "Нажмите"), ("Save", "кнопку"), ("Save", "Сохранить")], "Нажмите кнопку <ui>Сохранить</ui>."),
    ("Click <ui>Save</ui>.", "Cliquez sur le bouton Enregistrer.", "fr",
     [("Click", "Cliquez"), ("Save", "bouton"), ("Save", "Enregistrer")], "Cliquez sur le bouton <ui>Enregistrer</ui>."),
    ("Click <ui>Save</ui>.", "Klik op de knop Opslaan.", "nl",
     [("Click", "Klik"), ("Save", "knop"), ("Save", "Opslaan")], "Klik op de knop <ui>Opslaan</ui>."),
    # German capitalizes its nouns: the class noun is told by its head (`Profile.class_nouns`, test_noun_heads.py)
    ("Click <ui>Save</ui>.", "Klicken Sie auf die Schaltfläche Speichern.", "de",
     [("Click", "Klicken"), ("Save", "Schaltfläche"), ("Save", "Speichern")],
     "Klicken Sie auf die Schaltfläche <ui>Speichern</ui>."),
    # a term in lower case translated by two words: both the term's
    ("Consult the <g>stakeholders</g> first.", "Consultez d'abord les parties Prenantes.", "fr",
     [("Consult", "Consultez"), ("first", "abord"), ("stakeholders", "parties"), ("stakeholders", "Prenantes")],
     "Consultez d'abord les <g>parties Prenantes</g>."),
    # a label that begins the sentence is no label told by its capital
    ("<ui>Save</ui> it.", "сохранить кнопку Сохранить.", "ru",
     [("Save", "кнопку"), ("Save", "Сохранить"), ("it", "сохранить")], "сохранить <ui>кнопку Сохранить</ui>."),
])
def test_the_class_noun_before_a_label_leaves_where_its_case_tells_it(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected
