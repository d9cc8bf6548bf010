"""Tag edges: whitespace, brackets, quotation marks and punctuation by the source's example, by the
neutral default, and by conventions learned from tagged examples — hand-made cases with known
answers in several languages (Chinese, Russian, Finnish, Dutch, German, French, Japanese)."""

from __future__ import annotations

from tagmt.markup import strip
from tagmt.projection import detag, project_batch, project_tags
from tagmt.projection.align import Links
from tagmt.projection.conventions import Conventions, default_decision
from tagmt.projection.edges import Edge, EdgeContext, Span, Unit, source_edges
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, translation: str, links: Links, trg: str, decide=default_decision) -> str:
    detagged = detag(source)
    src_words = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg_words = words_with_offsets(translation, trg)
    print([w.text for w in src_words], [w.text for w in trg_words])
    return project_tags(detagged, translation, src_words, trg_words, links, decide)


# --------------------------------------------------------------------------- source edges


def test_source_edges_list_what_the_tag_encloses_and_what_is_just_outside():
    d = detag('Type "<b>[yes] </b>" now')
    left, right = source_edges(d.plain, d.tags[0])
    assert (left.inside, left.outside) == ("[", '" ')
    assert (right.inside, right.outside) == (" ]", '" ')
    space = Unit(" ", 0, 1, "space")
    assert left.relation(space) == "none" and right.relation(space) == "in"
    assert left.relation(Unit("「", 0, 1, "open")) == "in"  # a bracket for a bracket
    assert right.relation(Unit("”", 0, 1, "quote")) == "in"  # ] encloses: a pair mark inside
    assert Edge("left", "", "(").relation(Unit("(", 0, 1, "open")) == "out"
    assert Edge("left", "", "").relation(Unit("の", 0, 1, "particle")) == "word"


# --------------------------------------------------------------------------- defaults


def test_square_brackets_the_translation_adds_go_inside_the_tag():
    # Select Save .  /  選 擇 [ 儲 存 ] 。 (zh-TW writes UI labels in brackets)
    out = project(
        "Select <uicontrol>Save</uicontrol>.", "選擇 [儲存]。",
        {(0, 0), (0, 1), (1, 3), (1, 4), (2, 6)}, "zf",
    )
    assert out == "選擇 <uicontrol>[儲存]</uicontrol>。"


def test_guillemets_the_translation_adds_go_inside_the_tag_in_russian():
    out = project(
        "Enter the <parmname>End Date</parmname>.", "Введите «Дата завершения».",
        {(0, 0), (2, 3), (3, 2), (4, 5)}, "ru",
    )
    assert out == "Введите <parmname>«Дата завершения»</parmname>."


def test_parentheses_the_translation_adds_stay_outside():
    out = project("the <b>ID</b> field", "le champ (ID)", {(0, 0), (1, 3), (2, 1)}, "fr")
    assert out == "le champ (<b>ID</b>)"


def test_quotation_marks_the_source_writes_outside_stay_outside():
    out = project(
        'Type "<b>yes</b>".', "Geben Sie „ja“ ein.", {(0, 0), (0, 1), (0, 5), (2, 3), (4, 6)}, "de"
    )
    assert out == "Geben Sie „<b>ja</b>“ ein."


def test_brackets_the_source_tag_encloses_stay_inside():
    out = project(
        "Choose <b>[Save]</b>.", "Wählen Sie [Speichern].", {(0, 0), (0, 1), (2, 3), (4, 5)}, "de"
    )
    assert out == "Wählen Sie <b>[Speichern]</b>."


def test_a_hyphen_the_source_does_not_have_stays_outside_in_finnish():
    # Open the File menu  /  Avaa Tiedosto - valikko
    out = project(
        "Open the <b>File</b> menu", "Avaa Tiedosto-valikko", {(0, 0), (2, 1), (3, 3)}, "fi"
    )
    assert out == "Avaa <b>Tiedosto</b>-valikko"


def test_punctuation_follows_the_source_mark_by_mark():
    # the source tag ends with an ellipsis and is followed by a full stop: only the ellipsis goes in
    out = project(
        "Choose <b>Navigate To…</b>.", "Kies Navigeren naar….",
        {(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)}, "nl",
    )
    assert out == "Kies <b>Navigeren naar…</b>."


def test_whitespace_between_tags_goes_where_the_source_has_it():
    out = project(
        '<g id="1">- EUR 3002,43; </g><g id="2">next</g>', "— 3002,43 EUR, weiter",
        {(0, 0), (1, 2), (2, 1), (3, 3), (4, 4)}, "de",  # a number with its decimal comma is one word
    )
    assert out == '<g id="1">— 3002,43 EUR, </g><g id="2">weiter</g>'


# --------------------------------------------------------------------------- learned


class LexiconAligner:
    """Links words that a small bilingual lexicon pairs (or that are written alike): a known
    answer for what the aligner would find."""

    name = "lexicon"
    learns_from_corpus = True

    def __init__(self, lexicon: dict[str, str]) -> None:
        self.lexicon = lexicon

    def align(self, src_words, trg_words):
        out = []
        for src, trg in zip(src_words, trg_words):
            out.append({
                (i, j)
                for i, s in enumerate(src)
                for j, t in enumerate(trg)
                if self.lexicon.get(s.lower(), s.lower()) == t.lower()
            })
        return out


LEXICON = {"select": "valitse", "save": "tallenna", "open": "avaa", "print": "tulosta",
           "close": "sulje", "delete": "poista", "copy": "kopioi", "new": "uusi", ".": "."}


def test_examples_teach_that_brackets_go_outside_the_tag():
    examples = [
        ("Select <b>Save</b>.", "Valitse [<b>Tallenna</b>]."),
        ("Select <b>Open</b>.", "Valitse [<b>Avaa</b>]."),
        ("Select <b>Print</b>.", "Valitse [<b>Tulosta</b>]."),
    ]
    aligner = LexiconAligner(LEXICON)
    source = detag("Select <b>Delete</b>.")
    plain = ["Valitse [Poista]."]
    assert project_batch([source], plain, "en", "fi", aligner) == ["Valitse <b>[Poista]</b>."]
    out = project_batch([source], plain, "en", "fi", aligner, examples=examples)
    assert out == ["Valitse [<b>Poista</b>]."]


def test_examples_teach_that_whitespace_stays_outside_the_tag():
    # the SAP habit: the source tag encloses a trailing space, the reference does not
    examples = [
        (f"<b>{w.title()} </b>now", f"<b>{LEXICON[w].title()}</b> nyt")
        for w in ("save", "open", "print", "close", "delete")
    ]
    aligner = LexiconAligner({**LEXICON, "now": "nyt"})
    source = detag("<b>Copy </b>now")
    assert project_batch([source], ["Kopioi nyt"], "en", "fi", aligner) == ["<b>Kopioi </b>nyt"]
    out = project_batch([source], ["Kopioi nyt"], "en", "fi", aligner, examples=examples)
    assert out == ["<b>Kopioi</b> nyt"]
    # (a space's place decides from `PLACE_MIN_CASES` cases: three examples leave the source's edge)
    out = project_batch([source], ["Kopioi nyt"], "en", "fi", aligner, examples=examples[:3])
    assert out == ["<b>Kopioi </b>nyt"]


def test_examples_teach_per_tag_name_with_back_off_to_the_language():
    # <b> puts added quotation marks outside, <i> inside; <u>, never seen, follows the language
    examples = [
        ("Select <b>Save</b>.", "Valitse \"<b>Tallenna</b>\"."),
        ("Select <b>Open</b>.", "Valitse \"<b>Avaa</b>\"."),
        ("Select <b>Print</b>.", "Valitse \"<b>Tulosta</b>\"."),
        ("Select <b>Close</b>.", "Valitse \"<b>Sulje</b>\"."),
        ("Select <i>Save</i>.", "Valitse <i>\"Tallenna\"</i>."),
        ("Select <i>Open</i>.", "Valitse <i>\"Avaa\"</i>."),
    ]
    aligner = LexiconAligner(LEXICON)
    sources = [detag(f"Select <{t}>Delete</{t}>.") for t in ("b", "i", "u")]
    out = project_batch(sources, ['Valitse "Poista".'] * 3, "en", "fi", aligner, examples=examples)
    assert out == [
        'Valitse "<b>Poista</b>".',
        'Valitse <i>"Poista"</i>.',
        'Valitse "<u>Poista</u>".',
    ]
    assert all(strip(o) == 'Valitse "Poista".' for o in out)


def test_conventions_without_cases_keep_the_default():
    conventions = Conventions()
    d = detag("Select <b>Save</b>.")
    unit = Unit("[", 8, 9, "open")
    left, _ = source_edges(d.plain, d.tags[0])
    assert len(conventions) == 0
    context = EdgeContext("Valitse [Tallenna].", [])
    span = Span(d.tags[0], 9, 17, 0, False)
    assert conventions.decide(span, left, "extend", unit, context) == default_decision(
        span, left, "extend", unit, context
    )
