"""German noun phrases end at their capitalized head noun (`nounheads.py`, stage `noun-heads`) and the German class
noun before a label leaves by its head (`edgewords._class_noun`, `Profile.class_nouns`): hand-made pairs with their
word links written out, run through the real pipeline; cases in French, Dutch, Russian and Japanese where the rules
must not fire (their noun phrases put modifiers after the noun, or their case tells the class noun already); and a
property test (the text never changes, tags stay whole and nested, `noun-heads` only shrinks spans)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection.edgewords import names_class
from tagmt.projection.profiles import profile_for

from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


# ------------------------------------------------------------------------------ noun-heads

@pytest.mark.parametrize("source, target, pairs, expected", [
    # a pronominal adverb linked to the term beside its noun: out
    ("Helping these <g>groups</g> to join helps.", "Um die genannten Gruppen dabei zu unterstützen, hilft es.",
     [("Helping", "unterstützen"), ("these", "genannten"), ("groups", "Gruppen"), ("groups", "dabei"),
      ("helps", "hilft")],
     "Um die genannten <g>Gruppen</g> dabei zu unterstützen, hilft es."),
    # an infinitive marker linked to the term: a function word translates no content word
    ("Promote SMEs and <g>entrepreneurship</g> now.", "Jetzt KMU und Unternehmergeist zu fördern.",
     [("Promote", "fördern"), ("SMEs", "KMU"), ("and", "und"), ("entrepreneurship", "Unternehmergeist"),
      ("entrepreneurship", "zu"), ("now", "Jetzt")],
     "Jetzt KMU und <g>Unternehmergeist</g> zu fördern."),
])
def test_a_one_word_term_ends_at_its_german_noun(source, target, pairs, expected):
    assert _project(source, target, "de", pairs) == expected
    assert _project(source, target, "de", pairs, without="noun-heads") != expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # a verb translating the verb term, no noun before it in the span
    ("It has <g>assessed</g> the plans.", "Sie hat die Pläne bewertet.", "de",
     [("It", "Sie"), ("has", "hat"), ("plans", "Pläne"), ("assessed", "bewertet")]),
    # the lower-case word translates the term and the capitalized word another source word
    ("Help these <g>groups</g> now.", "Hilf den Genannten gruppenweise jetzt.", "de",
     [("Help", "Hilf"), ("these", "Genannten"), ("groups", "Genannten"), ("groups", "gruppenweise"),
      ("now", "jetzt")]),
    # a capital that begins the sentence tells nothing
    ("<g>Growth</g> slowed.", "Wachstum verlangsamte sich.", "de",
     [("Growth", "Wachstum"), ("Growth", "verlangsamte")]),
    # a two-word tag: a label's verb written last is the label's (`Bericht drucken`)
    ("Click <ui>Print Report</ui>.", "Klicken Sie auf Bericht drucken.", "de",
     [("Click", "Klicken"), ("Print", "drucken"), ("Report", "Bericht")]),
    # French writes its adjectives after the noun: the rule does not run there
    ("The <g>Decision</g> applies.", "La Décision finale s'applique.", "fr",
     [("The", "La"), ("Decision", "Décision"), ("Decision", "finale"), ("applies", "applique")]),
    # Dutch does not capitalize its nouns
    ("Help these <g>groups</g> now.", "Help deze Groepen daarbij nu.", "nl",
     [("Help", "Help"), ("these", "deze"), ("groups", "Groepen"), ("groups", "daarbij"), ("now", "nu")]),
    # Russian writes a noun's complement after it, in lower case
    ("Print the <g>report</g> now.", "Напечатайте Отчет компании сейчас.", "ru",
     [("Print", "Напечатайте"), ("report", "Отчет"), ("report", "компании"), ("now", "сейчас")]),
    # Japanese: no capitals, the rule does not run
    ("Print the <g>report</g> now.", "今すぐ報告書を印刷します。", "ja",
     [("Print", "印刷"), ("report", "報告書"), ("now", "今すぐ")]),
])
def test_the_noun_rule_leaves_other_spans_and_languages_alone(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without="noun-heads")


# ------------------------------------------------------------------------------ the German class noun

@pytest.mark.parametrize("source, target, pairs, expected", [
    ("Click <ui>Save</ui>.", "Klicken Sie auf die Schaltfläche Speichern.",
     [("Click", "Klicken"), ("Save", "Schaltfläche"), ("Save", "Speichern")],
     "Klicken Sie auf die Schaltfläche <ui>Speichern</ui>."),
    # a compound counts by its head (`Kontroll|kästchen`)
    ("Select <ui>Active</ui>.", "Wählen Sie das Kontrollkästchen Aktiv.",
     [("Select", "Wählen"), ("Active", "Kontrollkästchen"), ("Active", "Aktiv")],
     "Wählen Sie das Kontrollkästchen <ui>Aktiv</ui>."),
    ("Open <ui>File</ui> first.", "Öffnen Sie zuerst das Menü Datei.",
     [("Open", "Öffnen"), ("first", "zuerst"), ("File", "Menü"), ("File", "Datei")],
     "Öffnen Sie zuerst das Menü <ui>Datei</ui>."),
])
def test_the_german_class_noun_before_a_label_leaves_by_its_head(source, target, pairs, expected):
    assert _project(source, target, "de", pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # an adjective of a name is no class noun
    ("Ask the <g>ECB</g> today.", "Fragen Sie heute die Europäische Zentralbank.", "de",
     [("Ask", "Fragen"), ("today", "heute"), ("ECB", "Europäische"), ("ECB", "Zentralbank")],
     "Fragen Sie heute die <g>Europäische Zentralbank</g>."),
    # a class noun that is the label's first word, before a lower-case verb: the label's
    ("Click <ui>Page Setup</ui>.", "Klicken Sie auf Seite einrichten.", "de",
     [("Click", "Klicken"), ("Page", "Seite"), ("Setup", "einrichten")],
     "Klicken Sie auf <ui>Seite einrichten</ui>."),
    # Russian and Dutch tell the class noun by its case (no list needed)
    ("Click <ui>Save</ui>.", "Нажмите кнопку Сохранить.", "ru",
     [("Click", "Нажмите"), ("Save", "кнопку"), ("Save", "Сохранить")], "Нажмите кнопку <ui>Сохранить</ui>."),
    ("Click <ui>Save</ui>.", "Klik op de knop Opslaan.", "nl",
     [("Click", "Klik"), ("Save", "knop"), ("Save", "Opslaan")], "Klik op de knop <ui>Opslaan</ui>."),
])
def test_a_german_class_noun_is_told_by_its_head_only(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_class_nouns_are_matched_whole_or_as_a_compounds_head():
    de = profile_for("de")
    assert names_class("Schaltfläche", de) and names_class("Optionsfeld", de) and names_class("Menübefehl", de)
    assert not names_class("Europäische", de) and not names_class("Bericht", de)
    assert not names_class("Schaltfläche", profile_for("fr"))  # (French tells it by its case)


# ------------------------------------------------------------------------------ property

WORDS = ["die", "Gruppen", "dabei", "zu", "Schaltfläche", "Speichern", "auf", "Bericht", "drucken", "Menü", "und",
         "Datei", "heute", "klicken", "Sie", ","]
SOURCE_WORDS = ["groups", "Save", "report", "File", "click", "the", "today"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=8),
       st.lists(st.sampled_from(SOURCE_WORDS), min_size=2, max_size=5, unique=True),
       st.integers(0, 4), st.data())
def test_the_text_never_changes_and_noun_heads_only_shrink(words, source_words, at, data):
    target = " ".join(words) + "."
    at = min(at, len(source_words) - 1)
    tagged = [f"<g>{w}</g>" if k == at else w for k, w in enumerate(source_words)]
    source = " ".join(tagged) + "."
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(source_words), st.sampled_from(words)), max_size=6))
    pairs = [(s, t) for s, t in pairs if t != ","]
    out = _project(source, target, "de", pairs)
    assert strip(out) == target
    assert is_well_formed(tokenize(out))
    before = _project(source, target, "de", pairs, without="noun-heads")
    inner = out[out.index("<g>") + 3:out.index("</g>")] if "<g>" in out else ""
    held = before[before.index("<g>") + 3:before.index("</g>")] if "<g>" in before else ""
    assert inner in held or not held
