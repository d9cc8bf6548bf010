"""Cognate anchors (`project/cognates.py`, `anchors.anchor_cognates`): hand-made pairs in Latin (de, fr,
hu) and Cyrillic (ru) with known answers, and properties (one partner each; text and tags kept)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.anchors import anchor_cognates
from tagmt.projection.cognates import cognate_pairs, folded, room_for_more
from tagmt.projection.wordseg import words_with_offsets

pytest.importorskip("icu")


def linked(src_text: str, src_lang: str, trg_text: str, trg_lang: str) -> set[tuple[str, str]]:
    src, trg = words_with_offsets(src_text, src_lang), words_with_offsets(trg_text, trg_lang)
    return {(src[i].text, trg[j].text) for i, j in cognate_pairs(src, trg)}


@pytest.mark.parametrize(
    "word, form",
    [("Konfiguration", "konfiguration"), ("infláció", "inflacio"), ("сервер", "server"),
     ("Élément", "element"), ("設定", ""), ("サーバー", ""), ("die", ""), ("E-Mail", "")],
)
def test_words_fold_to_lowercase_ascii_letters(word, form):
    assert folded(word) == form


@pytest.mark.parametrize(
    "trg_lang, translation, expected",
    [
        ("de", "Die Inflation bleibt hoch, prüfen Sie die Konfiguration.",
         {("inflation", "Inflation"), ("configuration", "Konfiguration")}),
        ("fr", "L’inflation reste élevée ; vérifiez la configuration du serveur.",
         {("inflation", "inflation"), ("configuration", "configuration"), ("server", "serveur")}),
        ("hu", "Az infláció magas marad; ellenőrizze a szerver konfigurációt.",
         {("inflation", "infláció"), ("configuration", "konfigurációt"), ("server", "szerver")}),
    ],
)
def test_cognates_are_linked_in_latin_and_cyrillic(trg_lang, translation, expected):
    source = "The inflation remains high; check the server configuration."
    found = linked(source, "en", translation, trg_lang)
    assert expected <= found
    assert all(s.lower() not in {"the", "remains", "high", "check"} for s, _ in found)


def test_cognates_are_linked_across_scripts():
    found = linked("Open the document in the server protocol.", "en",
                   "Откройте документ в протоколе сервера.", "ru")
    assert found == {("document", "документ"), ("server", "сервера"), ("protocol", "протоколе")}
    # -tion against -ция (`inflacia`) stays under the threshold: the aligner keeps those words
    assert linked("The inflation remains high.", "en", "Инфляция остаётся высокой.",
                  "ru") == set()


def test_an_ambiguous_word_is_not_linked():
    # `informations` and `information` are both close to `information`: no clear best partner
    assert linked("Read the information.", "en", "Lisez les informations et l’information.", "fr") == set()
    # two occurrences of the same word on the target side: a tie
    assert linked("Restart the server.", "en", "Redémarrez le serveur, puis le serveur.", "fr") == set()


def test_short_words_are_not_linked_and_a_true_cognate_is():
    assert linked("Open the file.", "en", "Öffnen Sie die Datei.", "de") == set()
    assert linked("The sun is red.", "en", "Die Sonne ist rot.", "de") == set()
    assert linked("Not under the sun.", "en", "Nicht unter der Sonne.", "de") == {("under", "unter")}


def test_han_and_kana_take_no_part():
    assert linked("Restart the server.", "en", "サーバーを再起動します。", "ja") == set()
    assert linked("Restart the server.", "en", "重新启动服务器。", "zh") == set()


def test_anchors_replace_the_aligners_wrong_links_but_a_compound_keeps_its_other_part():
    src = words_with_offsets("Check the server configuration", "en")
    trg = words_with_offsets("Prüfen Sie die Serverkonfiguration", "de")
    assert [w.text for w in trg] == ["Prüfen", "Sie", "die", "Serverkonfiguration"]
    wrong = {(3, 2), (2, 3), (0, 0)}  # configuration-die (wrong), server-Serverkonfiguration (right)
    out = anchor_cognates(src, trg, wrong)
    assert (3, 3) in out and (3, 2) not in out
    assert (2, 3) in out and (0, 0) in out
    assert room_for_more("Serverkonfiguration", "configuration")
    assert not room_for_more("konfigurációját", "configuration")


def test_an_anchored_word_of_like_length_loses_its_other_links():
    src = words_with_offsets("Restart the server now", "en")
    trg = words_with_offsets("Перезапустите сервер сейчас", "ru")
    out = anchor_cognates(src, trg, {(2, 0), (3, 1), (2, 2)})
    assert out == {(2, 1)}


LATIN = ["server", "serveur", "szerver", "сервер", "configuration", "Konfiguration", "konfigurációját",
         "inflation", "Inflation", "infláció", "information", "informations", "the", "die", "und"]


@st.composite
def sentences(draw):
    return " ".join(draw(st.lists(st.sampled_from(LATIN), max_size=8)))


@settings(max_examples=200, deadline=None)
@given(sentences(), sentences())
def test_each_word_gets_at_most_one_cognate_partner(source, translation):
    src, trg = words_with_offsets(source, "en"), words_with_offsets(translation, "de")
    pairs = cognate_pairs(src, trg)
    assert len({i for i, _ in pairs}) == len(pairs) == len({j for _, j in pairs})


@settings(max_examples=100, deadline=None)
@given(sentences(), sentences(), st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=6))
def test_projection_with_cognate_anchors_keeps_text_and_tags(words, translation, raw):
    source = f"<b>{words}</b> <i>{words[: len(words) // 2]}</i>"
    d = detag(source)
    src, trg = words_with_offsets(d.plain, "en", d.cuts()), words_with_offsets(translation, "hu")
    links = {(i, j) for i, j in raw if i < len(src) and j < len(trg)}
    out = project_tags(d, translation, src, trg, anchor_cognates(src, trg, links))
    assert strip(out) == translation
    tags = sorted(t.text for t in tokenize(out) if t.is_markup)
    assert tags == sorted(t.text for t in tokenize(source) if t.is_markup)


def test_a_pair_too_long_to_compare_keeps_its_links(monkeypatch):
    import tagmt.projection.cognates as cognates

    src = words_with_offsets("server configuration inflation", "en")
    trg = words_with_offsets("Server Konfiguration Inflation", "de")
    assert len(cognate_pairs(src, trg)) == 3
    monkeypatch.setattr(cognates, "MAX_WORDS", 2)
    assert cognate_pairs(src, trg) == set()
    assert anchor_cognates(src, trg, {(0, 1)}) == {(0, 1)}


def test_without_pyicu_latin_words_fold_and_other_scripts_take_no_part(monkeypatch):
    # an install without the `align` extra (the awesome aligner's) projects on, Latin cognates still linked
    from tagmt.projection import cognates

    monkeypatch.setattr(cognates, "icu_available", lambda: False)
    cognates.folded.cache_clear()
    try:
        assert cognates.folded("Infláció") == "inflacio"
        assert cognates.folded("Größe") == ""  # ß has no ASCII decomposition: left out, not a crash
        assert cognates.folded("сервер") == ""
    finally:
        cognates.folded.cache_clear()
