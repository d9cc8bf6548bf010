"""The help domain's edges: a note label's colon with the space French writes before it (`spaced-marks`,
`spacedmarks.py`: `<b>Remarque :</b>`), and a class noun or head the aligner also linked to the label
(`outside-words`, `outsidewords.py`: `<ui>저장</ui> 버튼`, `le menu <ui>Fichier</ui>`; not where the words are written
together, `保存ボタン`). Hand-made pairs in Latin, Cyrillic, Japanese, Chinese and Hangul with their links written out
(the aligner's spill among them), run through the real pipeline; cases where each rule must not fire; a property
test (the text never changes, tags stay whole and nested)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection.conventions import Conventions
from tagmt.projection.detag import detag
from tagmt.projection.edges import Edge, Span, Unit

from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


NOTE = "<b>Note:</b> Changes take effect after a restart."
NOTE_LINKS = [("Note", "Remarque"), ("Changes", "modifications"), ("restart", "redémarrage")]


# ------------------------------------------------------------------------------ spaced marks

@pytest.mark.parametrize("source, target, pairs, expected", [
    (NOTE, "Remarque : les modifications prennent effet après un redémarrage.", NOTE_LINKS,
     "<b>Remarque :</b> les modifications prennent effet après un redémarrage."),
    # a no-break space, a narrow no-break space
    (NOTE, "Remarque\u00a0: les modifications prennent effet après un redémarrage.", NOTE_LINKS,
     "<b>Remarque\u00a0:</b> les modifications prennent effet après un redémarrage."),
    (NOTE, "Remarque\u202f: les modifications prennent effet après un redémarrage.", NOTE_LINKS,
     "<b>Remarque\u202f:</b> les modifications prennent effet après un redémarrage."),
    # an exclamation and a question mark; a tag that is not the sentence's first
    ("Read this: <b>Warning!</b> Do not unplug it.", "Lisez ceci : Attention ! Ne le débranchez pas.",
     [("Read", "Lisez"), ("this", "ceci"), ("Warning", "Attention"), ("unplug", "débranchez")],
     "Lisez ceci : <b>Attention !</b> Ne le débranchez pas."),
    ("<b>Why?</b> The file is locked.", "Pourquoi ? Le fichier est verrouillé.",
     [("Why", "Pourquoi"), ("file", "fichier"), ("locked", "verrouillé")],
     "<b>Pourquoi ?</b> Le fichier est verrouillé."),
    # the translation writes the colon glued: the edge rules took it already
    (NOTE, "Remarque: les modifications prennent effet après un redémarrage.", NOTE_LINKS,
     "<b>Remarque:</b> les modifications prennent effet après un redémarrage."),
])
def test_a_tag_that_encloses_its_colon_takes_the_french_spaced_colon(source, target, pairs, expected):
    assert _project(source, target, "fr", pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the source leaves the colon outside: so does the translation
    ("<b>Note</b>: Changes take effect after a restart.",
     "Remarque : les modifications prennent effet après un redémarrage.", "fr", NOTE_LINKS,
     "<b>Remarque</b> : les modifications prennent effet après un redémarrage."),
    # a line break is no typographic space
    (NOTE, "Remarque\n: les modifications prennent effet après un redémarrage.", "fr", NOTE_LINKS,
     "<b>Remarque</b>\n: les modifications prennent effet après un redémarrage."),
    # languages that glue their colon: nothing to do (Cyrillic, Japanese, Chinese, German)
    (NOTE, "Примечание: изменения вступят в силу после перезапуска.", "ru",
     [("Note", "Примечание"), ("Changes", "изменения")],
     "<b>Примечание:</b> изменения вступят в силу после перезапуска."),
    (NOTE, "注: 変更は再起動後に有効になります。", "ja", [("Note", "注"), ("Changes", "変更")],
     "<b>注:</b> 変更は再起動後に有効になります。"),
    (NOTE, "注意：更改将在重新启动后生效。", "zh", [("Note", "注意"), ("Changes", "更改")],
     "<b>注意：</b>更改将在重新启动后生效。"),
    # German writes no space before a colon; a space there is not the mark's (the rule is French's)
    (NOTE, "Hinweis : Änderungen werden nach einem Neustart wirksam.", "de",
     [("Note", "Hinweis"), ("Changes", "Änderungen")],
     "<b>Hinweis</b> : Änderungen werden nach einem Neustart wirksam."),
])
def test_the_spaced_colon_stays_outside_where_the_source_or_language_says(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_examples_that_keep_the_mark_outside_are_followed():
    def outside(span: Span, edge: Edge, move: str, unit: Unit, context) -> bool:
        return False if unit.text == ":" else Conventions().decide(span, edge, move, unit, context)

    target = "Remarque : les modifications prennent effet après un redémarrage."
    assert _project(NOTE, target, "fr", NOTE_LINKS, decide=outside).startswith("<b>Remarque</b> :")


# ------------------------------------------------------------------------------ outside words

BUTTON = "Click the <ui>Save</ui> button."


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the class noun linked to `button` and, spilled, to `Save` beside the label's own translation
    (BUTTON, "저장 버튼을 클릭합니다.", "ko",
     [("Click", "클릭"), ("Save", "저장"), ("Save", "버튼을"), ("button", "버튼을")], "<ui>저장</ui> 버튼을 클릭합니다."),
    # the class noun written before the label (Latin, Cyrillic), linked to the source's `menu` after the tag
    ("Open the <ui>File</ui> menu.", "Ouvrez le menu Fichier.", "fr",
     [("Open", "Ouvrez"), ("File", "Fichier"), ("File", "menu"), ("menu", "menu")], "Ouvrez le menu <ui>Fichier</ui>."),
    ("Open the <ui>File</ui> menu.", "Откройте меню Файл.", "ru",
     [("Open", "Откройте"), ("File", "Файл"), ("File", "меню"), ("menu", "меню")], "Откройте меню <ui>Файл</ui>."),
    # Hungarian and Turkish write the class noun after the label too, apart from it
    (BUTTON, "Kattintson a Mentés gombra.", "hu",
     [("Click", "Kattintson"), ("Save", "Mentés"), ("Save", "gombra"), ("button", "gombra")],
     "Kattintson a <ui>Mentés</ui> gombra."),
    (BUTTON, "Kaydet düğmesine tıklayın.", "tr",
     [("Click", "tıklayın"), ("Save", "Kaydet"), ("Save", "düğmesine"), ("button", "düğmesine")],
     "<ui>Kaydet</ui> düğmesine tıklayın."),
    # a label of two words: both translated inside, the class noun after them spilled onto one
    ("Select the <ui>Hidden Files</ui> check box.", "숨김 파일 확인란을 선택합니다.", "ko",
     [("Select", "선택"), ("Hidden", "숨김"), ("Files", "파일"), ("Files", "확인란을"), ("check", "확인란을")],
     "<ui>숨김 파일</ui> 확인란을 선택합니다."),
])
def test_a_word_that_translates_the_labels_head_leaves_the_span(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the only translation of the label's word (`Dateimenü` for `File menu`: nothing doubles `File`)
    ("Open the <ui>File</ui> menu.", "Öffnen Sie das Dateimenü.", "de",
     [("Open", "Öffnen"), ("File", "Dateimenü"), ("menu", "Dateimenü")]),
    # a word linked to the tag more surely than outside — here: linked to the tag only
    ("Click <ui>Save As</ui>.", "名前を付けて保存をクリックします。", "ja",
     [("Click", "クリック"), ("Save", "保存"), ("As", "名前を付けて")]),
    # written together with the label (Japanese, Chinese): a compound or a verb form, not cut on the links
    (BUTTON, "保存ボタンをクリックします。", "ja",
     [("Click", "クリック"), ("Save", "保存"), ("Save", "ボタン"), ("button", "ボタン")]),
    (BUTTON, "单击保存按钮。", "zh", [("Click", "单击"), ("Save", "保存"), ("Save", "按钮"), ("button", "按钮")]),
    ("It is <emphasis>not</emphasis> included.", "含まれません。", "ja",
     [("not", "ません"), ("included", "含ま"), ("not", "含ま")]),
    # the outside word is a copy of the tag's own word (`Correct` … `correct`) that has no link of its own
    ("Choose <ui>Marked as Correct</ui> when it is correct.", "정상인 경우 정상으로 표시를 선택합니다.", "ko",
     [("Choose", "선택"), ("Marked", "표시"), ("correct", "정상으로"), ("correct", "정상인"), ("when", "경우")]),
    # a word of the label left unlinked: the edge word may be its translation
    ("Select the <ui>Show Hidden Files</ui> check box.", "隠しファイルを表示チェックボックスを選択します。", "ja",
     [("Select", "選択"), ("Show", "表示"), ("Files", "ファイル"), ("Files", "隠し"), ("check", "隠し")]),
])
def test_nothing_leaves_where_the_word_is_the_labels(source, target, lang, pairs):
    with_rule = _project(source, target, lang, pairs)
    assert with_rule == _project(source, target, lang, pairs, without="outside-words")


# ------------------------------------------------------------------------------ a symbol copied once

SYMBOL = "They are part of the Windows<sup>®</sup> driver."


@pytest.mark.parametrize("target, lang, pairs, expected", [
    # the symbol left unlinked (the aligner's small-vocabulary miss): its one copy is the tag's place
    ("Ils font partie du pilote Windows®.", "fr", [("part", "partie"), ("Windows", "Windows"), ("driver", "pilote")],
     "Ils font partie du pilote Windows<sup>®</sup>."),
    ("Они входят в драйвер Windows®.", "ru", [("part", "входят"), ("Windows", "Windows"), ("driver", "драйвер")],
     "Они входят в драйвер Windows<sup>®</sup>."),
    ("多くはWindows®ドライバーの一部です。", "ja", [("part", "一部"), ("Windows", "Windows"), ("driver", "ドライバー")],
     "多くはWindows<sup>®</sup>ドライバーの一部です。"),
])
def test_a_symbol_written_once_on_both_sides_is_the_tags(target, lang, pairs, expected):
    assert _project(SYMBOL, target, lang, pairs) == expected


def test_a_symbol_written_twice_in_the_translation_is_left_to_the_links():
    target = "Windows® et Office® font partie du pilote."
    pairs = [("part", "partie"), ("Windows", "Windows"), ("driver", "pilote"), ("®", "Office®")]
    out = _project(SYMBOL, target, "fr", pairs)
    assert "Office<sup>®</sup>" in out or "<sup>Office®</sup>" in out  # (where the link is, not the first copy)


# ------------------------------------------------------------------------------ a code mentioned in a bracketed list

LISTS = "Paragraphs (<p/>) and lists (<ul/>, <ol/>) only."


@pytest.mark.parametrize("target, lang, pairs, expected", [
    # the translator kept the list's comma and space: the hole before the closing bracket is the code's
    ("단락() 및 목록(, )만.", "ko", [("Paragraphs", "단락"), ("lists", "목록"), ("only", "만")],
     "단락(<p/>) 및 목록(<ul/>, <ol/>)만."),
    ("Только абзацы () и списки (, ).", "ru", [("Paragraphs", "абзацы"), ("lists", "списки"), ("only", "Только")],
     "Только абзацы (<p/>) и списки (<ul/>, <ol/>)."),
    ("Sólo párrafos () y listas (, ).", "es", [("Paragraphs", "párrafos"), ("lists", "listas"), ("only", "Sólo")],
     "Sólo párrafos (<p/>) y listas (<ul/>, <ol/>)."),
    # full width, no space: a list does not end with its comma
    ("段落（）とリスト（、）のみ。", "ja", [("Paragraphs", "段落"), ("lists", "リスト"), ("only", "のみ")],
     "段落（<p/>）とリスト（<ul/>、<ol/>）のみ。"),
])
def test_a_code_takes_the_hole_before_a_closing_bracket(target, lang, pairs, expected):
    assert _project(LISTS, target, lang, pairs) == expected


def test_a_source_that_writes_such_a_hole_itself_gives_no_hole_to_go_by():
    source = "Write (a, ) or (<ul/>, <ol/>) here."
    target = "Écrivez (a, ) ou (, ) ici."
    out = _project(source, target, "fr", [("Write", "Écrivez"), ("here", "ici"), ("or", "ou")])
    assert out == _project(source, target, "fr", [("Write", "Écrivez"), ("here", "ici"), ("or", "ou")],
                           without="standalone-codes")


# ------------------------------------------------------------------------------ properties

WORDS = ["Remarque", ":", "le", "bouton", "Enregistrer", "!", "menu", "Fichier", "?", "ouvrir", "\u00a0", "保存", "按钮"]
SOURCE = ["Note", "Save", "button", "menu", "File", "open", "the"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=8), st.integers(0, 5), st.integers(1, 3),
       st.sampled_from([":", "!", "?", ""]), st.sampled_from(["fr", "ja", "zh", "ru"]), st.data())
def test_the_text_never_changes_and_tags_stay_whole(words, at, width, mark, lang, data):
    target = " ".join(words).replace(" \u00a0 ", "\u00a0") + "."
    names = SOURCE[at:at + width + 2]
    source = " ".join(names[:1]) + " <b>" + " ".join(names[1:1 + width]) + mark + "</b> " + " ".join(names[1 + width:])
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(words)), max_size=6))
    pairs = [(s, t) for s, t in pairs if t.strip() and s in detag(source).plain.split() and t in target]
    out = _project(source.strip(), target, lang, pairs)
    assert strip(out) == target
    assert is_well_formed(tokenize(out))
