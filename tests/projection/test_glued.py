"""Glued boundaries (`glued.py`): where the source's tags cut two words written without a space, the
translation's words are cut at the boundaries of the same kind, so an edge can land there — in French, German
and Dutch (cased scripts); scripts without case are never cut here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import detag, project_batch
from tagmt.projection.glued import CASE, SENTENCE, glued_cuts, glued_kinds

from test_conventions import LexiconAligner

WORDS = {"file": "fichier", "export": "exporter", "choose": "choisissez", "job": "travail",
         "cancelled": "annulé", "save": "speichern", "close": "schließen", "open": "openen", "print": "afdrukken"}


@pytest.mark.parametrize("source, kinds", [
    ("<ui>File</ui><ui>Export</ui>", {CASE}),
    ("It was cancelled.<x/>The job ends.", {SENTENCE}),
    ("Open <b>the file</b> now.", set()),           # edges at spaces: nothing glued
    ("<b>ab</b>cd", set()),                         # lower to lower: a tag inside a word, not a boundary
])
def test_the_kinds_of_glued_boundary_the_source_cuts(source, kinds):
    assert glued_kinds(detag(source)) == kinds


def test_the_translation_is_cut_only_at_the_kinds_the_source_cuts():
    case = detag("<ui>File</ui><ui>Export</ui>")
    assert glued_cuts(case, "FichierExporter. Le Menu") == [7]  # not at ". L" (a space), not at the sentence kind
    sentence = detag("It was cancelled.<x/>The job ends.")
    assert glued_cuts(sentence, "annulé.Le travailFin") == [7]  # the sentence kind only
    assert glued_cuts(detag("Open <b>the file</b>"), "FichierExporter") == []
    assert glued_cuts(case, "ファイルエクスポート") == []  # no case: the segmenter's business


@pytest.mark.parametrize("lang, source, translation, expected", [
    ("fr", "Choose <ui>File</ui><ui>Export</ui>.", "Choisissez FichierExporter.",
     "Choisissez <ui>Fichier</ui><ui>Exporter</ui>."),
    ("de", "Choose <b>Save</b><b>Close</b>.", "Wählen Sie SpeichernSchließen.",
     "Wählen Sie <b>Speichern</b><b>Schließen</b>."),
    ("nl", "Choose <ui>Open</ui><ui>Print</ui>.", "Kies OpenenAfdrukken.", "Kies <ui>Openen</ui><ui>Afdrukken</ui>."),
    ("fr", "The job was cancelled.<x id=\"1\"/>Restart it", "Le travail a été annulé.Relancez-le",
     "Le travail a été annulé.<x id=\"1\"/>Relancez-le"),
])
def test_adjacent_tags_keep_their_edge_in_a_glued_translation(lang, source, translation, expected):
    aligner = LexiconAligner({**WORDS, "the": "le", "was": "a", "restart": "relancez", ".": "."})
    assert project_batch([detag(source)], [translation], "en", lang, aligner)[0] == expected


@settings(max_examples=25, deadline=None)
@given(first=st.sampled_from(["File", "Save", "Open"]), second=st.sampled_from(["Export", "Close", "Print"]))
def test_text_never_changes_and_the_tags_stay_whole(first, second):
    source = f"Choose <ui>{first}</ui><ui>{second}</ui>."
    translation = f"Kies {WORDS[first.lower()].capitalize()}{WORDS[second.lower()].capitalize()}."
    out = project_batch([detag(source)], [translation], "en", "nl", LexiconAligner(WORDS))[0]
    assert out.replace("<ui>", "").replace("</ui>", "") == translation
    assert out.count("<ui>") == 2 and out.count("</ui>") == 2
