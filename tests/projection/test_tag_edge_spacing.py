"""Spaces and marks at tag edges (issue 35, EUR-Lex `white` and `punct`): what the edge conventions learn from the
examples and how a few typographic principles hold in German, French, Hungarian (Latin), Russian (Cyrillic) and
Japanese — hand-made pairs with their word links written out, run through the real pipeline, known answers.

* whole tags teach no edge convention (`conventions.whole_tags`): a stop a whole-line translation adds inside its tag
  says nothing of the sentence's stop after a tag inside a sentence;
* a space is learned by where it lies (`conventions.space_place`): between words (a document's convention: German
  EUR-Lex ends no tag with one), beside a mark (a separator's `, `) or at the text's edge;
* two tags that touch in the source touch in the translation (`seams.py`, stage `adjacent-seams`);
* the space French writes between a word and its mark goes with the mark (`edges.spaced_mark`, and a block tag that
  leaves its sentence's closing marks out leaves that space out too: `paragraphs.Paragraph.block`).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.conventions import Example, learn_conventions, space_place, whole_tags
from tagmt.projection.detag import detag
from tagmt.projection.edges import Unit
from tagmt.projection.render import render_spans
from tagmt.projection.seams import keep_seams
from tagmt.projection.stages import Pipeline

from test_pipeline import _context, projected


def _plain(tagged: str) -> str:
    return detag(tagged).plain


def _learn(lang: str, examples: list[tuple[str, str, list[tuple[str, str]]]]):
    """The conventions that tagged examples (source, reference, links) teach, placed as `project_batch` places them."""
    found = []
    for source, reference, pairs in examples:
        ctx = _context(source, _plain(reference), lang, pairs)
        placed = Pipeline.for_profile(ctx.profiles.trg).placed_spans(ctx)
        found.append(Example(ctx.detagged, ctx.edge_context, placed, detag(reference)))
    return learn_conventions(found)


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], conventions=None) -> str:
    return projected(source, target, lang, pairs, decide=conventions.decide if conventions is not None else None)


# ------------------------------------------------------------------------------ whole tags

def test_whole_tags_are_those_around_all_of_their_parents_text():
    d = detag('<g id="1"> <g id="2">Text. </g></g><g id="3"> </g>')
    assert whole_tags(d) == set()  # (two span tags tile the segment: neither is whole)
    d = detag('<g id="1"><x id="2"/>Title <g id="3">A</g></g>')
    assert whole_tags(d) == {id(d.tags[0])}
    d = detag('<g id="1"><g id="2">All of it</g></g>')
    assert whole_tags(d) == {id(d.tags[0]), id(d.tags[0].children[0])}
    assert whole_tags(detag("In 2018, <g>the strategy</g> was checked.")) == set()


WHOLE_LINES = {
    "hu": [("<g>Inspections in Denmark</g>", "<g>Ellenőrzések Dániában.</g>",
            [("Inspections", "Ellenőrzések"), ("Denmark", "Dániában")]),
           ("<g>Controls in Austria</g>", "<g>Ellenőrzések Ausztriában.</g>",
            [("Controls", "Ellenőrzések"), ("Austria", "Ausztriában")]),
           ("<g>Audits in Spain</g>", "<g>Auditok Spanyolországban.</g>", [("Audits", "Auditok"), ("Spain", "Spanyol")])],
    "de": [("<g>Inspections in Denmark</g>", "<g>Kontrollen in Dänemark.</g>",
            [("Inspections", "Kontrollen"), ("Denmark", "Dänemark")]),
           ("<g>Controls in Austria</g>", "<g>Kontrollen in Österreich.</g>",
            [("Controls", "Kontrollen"), ("Austria", "Österreich")]),
           ("<g>Audits in Spain</g>", "<g>Prüfungen in Spanien.</g>", [("Audits", "Prüfungen"), ("Spain", "Spanien")])],
}


@pytest.mark.parametrize("lang, target, pairs, expected", [
    # the translation puts the tag's phrase last: the sentence's stop stays outside, as the source has it
    ("hu", "2018-ban ellenőrizték a stratégiát.", [("strategy", "stratégiát"), ("checked", "ellenőrizték")],
     "2018-ban ellenőrizték a <g>stratégiát</g>."),
    ("de", "2018 wurde geprüft die Strategie.", [("strategy", "Strategie"), ("checked", "geprüft")],
     "2018 wurde geprüft die <g>Strategie</g>."),
])
def test_a_stop_whole_lines_add_inside_their_tag_is_no_convention_for_a_tag_in_a_sentence(lang, target, pairs,
                                                                                          expected):
    conventions = _learn(lang, WHOLE_LINES[lang])
    assert _project("In 2018, the <g>strategy</g> was checked.", target, lang, pairs, conventions) == expected


# ------------------------------------------------------------------------------ a space by where it lies

def test_a_space_is_placed_between_words_beside_a_mark_or_at_the_texts_edge():
    text = "a b, c "
    assert space_place(Unit(" ", 1, 2, "space"), text) == "space between words"
    assert space_place(Unit(" ", 4, 5, "space"), text) == "space beside a mark"
    assert space_place(Unit(" ", 6, 7, "space"), text) == "space at the text's edge"
    assert space_place(Unit("\u00a0", 2, 3, "space"), "42\u00a0000") == "space between words"


def _seam_examples(lang: str, cases: int = 3) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """Examples whose references keep (fr) or move (de, ru) the space between words a source tag ends with — two cases
    for each of `cases` numbers (six: a place's statistic needs `conventions.PLACE_MIN_CASES`) — and that keep a
    separator's space and a whole line's (which teach nothing either way)."""
    refs = {
        "de": ('<g id="1">{n}</g><g id="2"> Opfer erhielten Hilfe.</g>',
               '<g id="1">Fast <g id="2">{m} Millionen</g> Kinder wurden geimpft.</g>',
               "Armenien<g>, </g>Georgien", "Belarus<g>, </g>Ukraine", "<g>Die Ergebnisse. </g>"),
        "fr": ('<g id="1">{n} </g><g id="2">victimes ont reçu une aide.</g>',
               '<g id="1">Près de <g id="2">{m} millions </g>enfants ont été vaccinés.</g>',
               "Arménie<g>, </g>Géorgie", "Biélorussie<g>, </g>Ukraine", "<g>Les résultats. </g>"),
        "ru": ('<g id="1">{n}</g><g id="2"> жертв получили помощь.</g>',
               '<g id="1">Почти <g id="2">{m} миллиона</g> детей были привиты.</g>',
               "Армения<g>, </g>Грузия", "Беларусь<g>, </g>Украина", "<g>Результаты. </g>"),
    }[lang]
    words = {"de": ("Opfer", "Hilfe", "Millionen", "Kinder", "Armenien", "Georgien", "Belarus", "Ukraine", "Ergebnisse"),
             "fr": ("victimes", "aide", "millions", "enfants", "Arménie", "Géorgie", "Biélorussie", "Ukraine",
                    "résultats"),
             "ru": ("жертв", "помощь", "миллиона", "детей", "Армения", "Грузия", "Беларусь", "Украина",
                    "Результаты")}[lang]
    found = []
    for n, m in list(zip(("42 000", "12 500", "37 100", "8 300"), ("64", "12", "37", "81")))[:cases]:
        found += [
            (f'<g id="1">{n} </g><g id="2">victims were helped.</g>', refs[0].format(n=n),
             [(n, n), ("victims", words[0]), ("helped", words[1])]),
            (f'<g id="1">Almost <g id="2">{m} million </g>children were vaccinated.</g>', refs[1].format(m=m),
             [(m, m), ("million", words[2]), ("children", words[3])]),
        ]
    return found + [
        ("Armenia<g>, </g>Georgia", refs[2], [("Armenia", words[4]), ("Georgia", words[5])]),
        ("Belarus<g>, </g>Ukraine", refs[3], [("Belarus", words[6]), ("Ukraine", words[7])]),
        ("<g>The results. </g>", refs[4], [("results", words[8])]),
    ]


@pytest.mark.parametrize("lang, target, pairs, expected", [
    # German references end no tag with the space between words: the next tag, which touches it, takes it
    ("de", "98 Länder erhielten Hilfe.", [("98", "98"), ("countries", "Länder"), ("had", "erhielten"), ("help", "Hilfe")],
     '<g id="1">98 Länder</g><g id="2"> erhielten Hilfe.</g>'),
    ("ru", "98 стран получили помощь.", [("98", "98"), ("countries", "стран"), ("had", "получили"), ("help", "помощь")],
     '<g id="1">98 стран</g><g id="2"> получили помощь.</g>'),
    # French references keep the source's
    ("fr", "98 pays ont reçu une aide.", [("98", "98"), ("countries", "pays"), ("had", "ont reçu"), ("help", "aide")],
     '<g id="1">98 pays </g><g id="2">ont reçu une aide.</g>'),
])
def test_the_space_between_two_adjacent_tags_goes_where_the_examples_put_it(lang, target, pairs, expected):
    conventions = _learn(lang, _seam_examples(lang))
    source = '<g id="1">98 countries </g><g id="2">had help.</g>'
    assert _project(source, target, lang, pairs, conventions) == expected
    first, rest = target.split(" ", 2)[:2], target.split(" ", 2)[2]
    assert _project(source, target, lang, pairs) == f'<g id="1">{" ".join(first)} </g><g id="2">{rest}</g>'


@pytest.mark.parametrize("lang, target, pairs, expected", [
    # a tag inside a sentence: the space after it stays outside (German), where the source has it (French)
    ("de", "Fast 5 Millionen Kinder.", [("5", "5"), ("million", "Millionen"), ("children", "Kinder")],
     '<g id="1">Fast <g id="2">5 Millionen</g> Kinder.</g>'),
    ("fr", "Près de 5 millions enfants.", [("5", "5"), ("million", "millions"), ("children", "enfants")],
     '<g id="1">Près de <g id="2">5 millions </g>enfants.</g>'),
    # a separator's own space stays in its tag in both
    ("de", "Moldau, Ukraine", [("Moldova", "Moldau"), ("Ukraine", "Ukraine")], None),
    ("fr", "Moldavie, Ukraine", [("Moldova", "Moldavie"), ("Ukraine", "Ukraine")], None),
])
def test_a_space_between_words_and_a_separators_space_follow_conventions_of_their_own(lang, target, pairs, expected):
    conventions = _learn(lang, _seam_examples(lang))
    if expected is None:
        assert _project("Moldova<g>, </g>Ukraine", target, lang, pairs, conventions) == \
            target.replace(", ", "<g>, </g>")
    else:
        assert _project('<g id="1">Almost <g id="2">5 million </g>children.</g>', target, lang, pairs,
                        conventions) == expected


def test_a_language_without_spaces_keeps_its_adjacent_tags_as_they_are():
    conventions = _learn("de", _seam_examples("de"))
    source = '<g id="1">98 countries </g><g id="2">had help.</g>'
    pairs = [("98", "98"), ("countries", "か国"), ("had", "受け"), ("help", "支援")]
    out = _project(source, "98か国が支援を受けた。", "ja", pairs, conventions)
    assert strip(out) == "98か国が支援を受けた。" and '</g><g id="2">' in out


# ------------------------------------------------------------------------------ a mark with its space

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the source tag encloses the mark: the space French writes before (after) it goes in with it
    ('<g>Note:</g> the text.', "Remarque : le texte.", "fr", [("Note", "Remarque"), ("text", "texte")],
     "<g>Remarque :</g> le texte."),
    ('<g>Note:</g> the text.', "Remarque\u00a0: le texte.", "fr", [("Note", "Remarque"), ("text", "texte")],
     "<g>Remarque\u00a0:</g> le texte."),
    ('Click <ui>"Save"</ui>.', "Cliquez sur « Enregistrer ».", "fr", [("Click", "Cliquez"), ("Save", "Enregistrer")],
     "Cliquez sur <ui>« Enregistrer »</ui>."),
    ("Is it <g>ready?</g> Yes.", "Est-ce prêt ? Oui.", "fr", [("ready", "prêt"), ("Yes", "Oui")],
     "Est-ce <g>prêt ?</g> Oui."),
    # the source leaves the mark outside, or has none: the space stays with the mark, outside
    ("See <g>Note</g>: the text.", "Voir Remarque : le texte.", "fr",
     [("See", "Voir"), ("Note", "Remarque"), ("text", "texte")], "Voir <g>Remarque</g> : le texte."),
    ("Click <ui>Save</ui>.", "Cliquez sur « Enregistrer ».", "fr", [("Click", "Cliquez"), ("Save", "Enregistrer")],
     "Cliquez sur « <ui>Enregistrer</ui> »."),
    ("<g>Is it ready</g>? Yes.", "Est-ce prêt ? Oui.", "fr", [("Is", "Est"), ("ready", "prêt"), ("Yes", "Oui")],
     "<g>Est-ce prêt</g> ? Oui."),
    # a mark of the same class is not the mark: a placeholder's `%` encloses no colon (Polish, UI catalogues)
    ("See the <a>%s</a> for details.", "Więcej informacji: %s.", "pl", [("details", "informacji"), ("s", "%s")],
     "Więcej informacji: <a>%s</a>."),
    ("See the <a>%s</a> for details.", "Pour plus d’informations : %s.", "fr", [("details", "informations"),
                                                                                ("s", "%s")],
     "Pour plus d’informations : <a>%s</a>."),
    # languages that write no such space: as before
    ("<g>Is it ready</g>? Yes.", "Ist es fertig? Ja.", "de", [("Is", "Ist"), ("ready", "fertig"), ("Yes", "Ja")],
     "<g>Ist es fertig</g>? Ja."),
    ('<g>Note:</g> the text.', "Примечание: текст.", "ru", [("Note", "Примечание"), ("text", "текст")],
     "<g>Примечание:</g> текст."),
    ('Click <ui>"Save"</ui>.', "Нажмите «Сохранить».", "ru", [("Click", "Нажмите"), ("Save", "Сохранить")],
     "Нажмите <ui>«Сохранить»</ui>."),
    ('<g>Note:</g> the text.', "注：テキスト。", "ja", [("Note", "注"), ("text", "テキスト")], "<g>注：</g>テキスト。"),
    ('<g>Note:</g> the text.', "Megjegyzés: a szöveg.", "hu", [("Note", "Megjegyzés"), ("text", "szöveg")],
     "<g>Megjegyzés:</g> a szöveg."),
])
def test_the_space_before_a_mark_goes_with_the_mark(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


# ------------------------------------------------------------------------------ properties

@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Haus", "Rat", "EU", ",", "é", "Ülés", "дом", "и"]), min_size=2, max_size=6),
       st.lists(st.sampled_from([" ", "  ", "\u00a0", ""]), min_size=6, max_size=6),
       st.integers(1, 5), st.booleans(), st.booleans())
def test_seams_never_change_the_text_and_keep_the_tags_whole(words, gaps, cut, in_first, refuse):
    cut = min(cut, len(words) - 1)
    translation = "".join(w + g for w, g in zip(words, gaps)).strip() or "x"
    left, right = " ".join(words[:cut]), " ".join(words[cut:])
    source = f'<g id="1">{left} </g><g id="2">{right}</g>' if in_first else \
        f'<g id="1">{left}</g><g id="2"> {right}</g>'
    pairs = [(w, w) for w in dict.fromkeys(words) if w in translation and w.isalnum()]
    ctx = _context(source, translation, "de", pairs)
    ctx.decide = lambda *args: not refuse
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    before = [(s.start, s.end) for s in spans]
    keep_seams(spans, ctx)
    out = render_spans(translation, spans)[0]
    assert strip(out) == translation
    assert out.count('<g id="1">') == out.count('<g id="2">') == 1 and out.count("</g>") == 2
    def clear(pairs):  # siblings in order, none overlapping the next
        ordered = sorted(pairs)
        return all(a[1] <= b[0] for a, b in zip(ordered, ordered[1:]))

    assert clear([(s.start, s.end) for s in spans]) or not clear(before)
    assert all(s.start < s.end for s in spans) or not all(a < b for a, b in before)
    if not refuse:
        assert [(s.start, s.end) for s in spans] == before  # (the conventions take the space: nothing moves)


# ------------------------------------------------------------------------------ locutions

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the link on one word of the locution: the tag takes it whole
    ("He spoke <g>as regards</g> exports.", "Il a parlé en ce qui concerne les exportations.", "fr",
     [("He", "Il"), ("spoke", "parlé"), ("regards", "concerne"), ("exports", "exportations")],
     "Il a parlé <g>en ce qui concerne</g> les exportations."),
    ("GDP hovered <g>around</g> 131.5%.", "Le PIB a tourné autour de 131,5 %.", "fr",
     [("GDP", "PIB"), ("hovered", "tourné"), ("around", "autour")], "Le PIB a tourné <g>autour de</g> 131,5 %."),
    ("It relies <g>largely</g> on reforms.", "Il s’appuie en grande partie sur des réformes.", "fr",
     [("It", "Il"), ("relies", "appuie"), ("largely", "grande"), ("reforms", "réformes")],
     "Il s’appuie <g>en grande partie</g> sur des réformes."),
    ("It is <g>mainly</g> growth.", "Это в основном рост.", "ru",
     [("It", "Это"), ("mainly", "основном"), ("growth", "рост")], "Это <g>в основном</g> рост."),
    ("It is <g>mainly</g> growth.", "Das ist vor allem Wachstum.", "de",
     [("It", "Das"), ("mainly", "allem"), ("growth", "Wachstum")], "Das ist <g>vor allem</g> Wachstum."),
    # a tag beside a locution, or one whose other words translate a word outside the tag: nothing moves
    ("It hovered around <g>the city</g>.", "Il a tourné autour de la ville.", "fr",
     [("It", "Il"), ("hovered", "tourné"), ("around", "autour"), ("city", "ville")], "Il a tourné autour de la <g>ville</g>."),
    ("<g>Around</g> the <g>house</g>.", "Autour de la maison.", "fr",
     [("Around", "Autour"), ("the", "de"), ("house", "maison")], "<g>Autour</g> de la <g>maison</g>."),
    # a language with no list: as the links put it
    ("GDP hovered <g>around</g> 131.5%.", "GDP kisi karibu na 131.5%.", "sw",
     [("GDP", "GDP"), ("hovered", "kisi"), ("around", "karibu")], "GDP kisi <g>karibu</g> na 131.5%."),
    ("GDP hovered <g>around</g> 131.5%.", "GDP は 131.5% 前後 で 推移 した。", "ja",
     [("GDP", "GDP"), ("hovered", "推移"), ("around", "前後")], "GDP は 131.5% <g>前後</g> で 推移 した。"),
])
def test_a_tag_takes_a_locution_it_cuts_whole(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected
