"""Hungarian and Finnish (issue 35): a footnote marker goes before a postposition (`postpositionmarks.py`); a code
glued to a number goes after the ordinal dot or to the end of the longer token the translation writes the number in
(`standalone.py`); the profiles' articles, conjunctions and postpositions. Hand-made cases in Latin (hu, fi, de, fr),
Cyrillic (ru), Japanese and Hangul, each with its links written out; a property test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.profiles import profile_for

from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


# ------------------------------------------------------------------------------ a marker before a postposition

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("It has major consequences for humanity<x/> and for nature.",
     "Komoly következményekkel jár az emberiség számára és a természet számára.", "hu",
     [("major", "Komoly"), ("consequences", "következményekkel"), ("has", "jár"), ("humanity", "emberiség"),
      ("for", "számára"), ("and", "és"), ("nature", "természet")],
     "Komoly következményekkel jár az emberiség<x/> számára és a természet számára."),
    ("They submitted a report covering the period 2015-2017<x/>, while Croatia reported later.",
     "Jelentést nyújtottak be a 2015–2017 közötti időszak vonatkozásában, Horvátország később jelentett.", "hu",
     [("report", "Jelentést"), ("submitted", "nyújtottak be"), ("covering", "vonatkozásában"), ("period", "időszak"),
      ("Croatia", "Horvátország"), ("reported", "jelentett"), ("later", "később")],
     "Jelentést nyújtottak be a 2015–2017 közötti időszak<x/> vonatkozásában, Horvátország később jelentett."),
    # the marked word's translation unlinked (the aligner's usual miss): the links put the marker after the phrase
    ("The marker was placed under the agreement<x/>, as planned.", "Merkki sijoitettiin sopimuksen mukaan, kuten "
     "suunniteltiin.", "fi", [("marker", "Merkki"), ("placed", "sijoitettiin"), ("under", "mukaan"),
                              ("planned", "suunniteltiin")],
     "Merkki sijoitettiin sopimuksen<x/> mukaan, kuten suunniteltiin."),
    ("Prices rose after the reform<x/> in 2019.", "Hinnat nousivat uudistuksen jälkeen vuonna 2019.", "fi",
     [("Prices", "Hinnat"), ("rose", "nousivat"), ("after", "jälkeen"), ("2019", "2019")],
     "Hinnat nousivat uudistuksen<x/> jälkeen vuonna 2019."),
])
def test_a_marker_goes_before_the_postposition_after_its_phrase(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs, without="postposition-marks") != expected  # (the links: after it)
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the postposition translates the marked word itself
    ("The plan was adopted as planned, according<x/> to them.", "A tervet elfogadták, szerintük szerint.", "hu",
     [("plan", "tervet"), ("adopted", "elfogadták"), ("according", "szerint.")]),
    # a marker that ends its sentence ends the translation's, after the postposition
    ("It has major consequences for humanity<x/>.", "Komoly következményekkel jár az emberiség számára.", "hu",
     [("major", "Komoly"), ("consequences", "következményekkel"), ("has", "jár"), ("humanity", "emberiség"),
      ("for", "számára"), (".", ".")]),
    ("<g>Prices rose after the reform<x/></g>", "Hinnat nousivat uudistuksen jälkeen", "fi",
     [("Prices", "Hinnat"), ("rose", "nousivat"), ("after", "jälkeen")]),
    # a preposition language: the word before the marker is no postposition
    ("It has consequences for humanity<x/>.", "Это имеет последствия для человечества.", "ru",
     [("consequences", "последствия"), ("for", "для"), ("humanity", "человечества"), ("has", "имеет")]),
    ("It has consequences for humanity<x/>.", "Cela a des conséquences pour l'humanité.", "fr",
     [("consequences", "conséquences"), ("for", "pour"), ("humanity", "humanité"), ("has", "a")]),
    # Japanese and Korean write their particles glued to the noun: `footnotes.py` is theirs
    ("The committee adopted the Regulation<x/>.", "委員会は規則を採択した。", "ja",
     [("committee", "委員会"), ("adopted", "採択"), ("Regulation", "規則"), (".", "。")]),
    ("The committee adopted the Regulation<x/>.", "위원회는 규정을 채택했다.", "ko",
     [("committee", "위원회는"), ("adopted", "채택했다"), ("Regulation", "규정"), (".", ".")]),
    # a spaced code is no footnote marker
    ("It has major consequences for humanity <x/>.", "Komoly következményekkel jár az emberiség számára.", "hu",
     [("major", "Komoly"), ("consequences", "következményekkel"), ("humanity", "emberiség"), ("for", "számára")]),
])
def test_a_marker_stays_where_no_postposition_follows_its_phrase(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without="postposition-marks")


# ------------------------------------------------------------------------------ a code glued to a number

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the ordinal's dot is the number's own; a name's marker after the name's head noun (phrase-points, t35pts3)
    ("Article 5<x/> of the Regulation applies.", "A rendelet 5. cikke alkalmazandó.", "hu",
     [("5", "5"), ("Article", "cikke"), ("Regulation", "rendelet"), ("applies", "alkalmazandó")],
     "A rendelet 5. cikke<x/> alkalmazandó."),
    ("Article 5<x/> of the Regulation applies.", "Asetuksen 5. artiklaa sovelletaan.", "fi",
     [("5", "5"), ("Article", "artiklaa"), ("Regulation", "Asetuksen"), ("applies", "sovelletaan")],
     "Asetuksen 5. artiklaa<x/> sovelletaan."),
    ("It entered into force on 17<x/> December.", "Es trat am 17. Dezember in Kraft.", "de",
     [("17", "17"), ("December", "Dezember"), ("force", "Kraft"), ("entered", "trat")],
     "Es trat am 17.<x/> Dezember in Kraft."),
    # a number the translation writes inside a longer token: the code after the whole token, then the name's noun
    ("Regulation (EU) No 1303/2013<x/> applies.", "Az 1303/2013/EU rendelet alkalmazandó.", "hu",
     [("1303", "1303"), ("2013", "2013"), ("Regulation", "rendelet"), ("applies", "alkalmazandó")],
     "Az 1303/2013/EU rendelet<x/> alkalmazandó."),
    ("The figures of 2019<x/> were revised.", "A 2019-es adatokat felülvizsgálták.", "hu",
     [("2019", "2019"), ("figures", "adatokat"), ("revised", "felülvizsgálták")],
     "A 2019-es<x/> adatokat felülvizsgálták."),
])
def test_a_code_glued_to_a_number_keeps_the_number_whole(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the source writes the dot after the code: it stays before the dot
    ("See section 5<x/>.", "Lásd az 5. szakaszt.", "hu", [("5", "5"), ("section", "szakaszt")],
     "Lásd az 5<x/>. szakaszt."),
    # a sentence's end is no ordinal dot
    ("The total is 5<x/>. Then it stops.", "Az összeg 5. Ezután megáll.", "hu",
     [("5", "5"), ("total", "összeg"), ("stops", "megáll"), ("Then", "Ezután")], "Az összeg 5<x/>. Ezután megáll."),
    # French and Russian write no ordinal dot: the code stays against the digits
    ("Article 5<x/> applies.", "L'article 5. est applicable.", "fr", [("5", "5"), ("Article", "article")],
     "L'article 5<x/>. est applicable."),
    ("Article 5<x/> applies.", "Статья 5. применяется.", "ru", [("5", "5"), ("Article", "Статья")],
     "Статья 5<x/>. применяется."),
    # Japanese writes no ordinal dot: the code at the end of the article's name, as before
    ("Article 5<x/> applies.", "第5条が適用される。", "ja", [("5", "5"), ("Article", "条")], "第5条<x/>が適用される。"),
])
def test_a_code_glued_to_a_number_stays_against_its_digits_where_no_ordinal_dot_is(source, target, lang, pairs,
                                                                                   expected):
    assert _project(source, target, lang, pairs) == expected


# ------------------------------------------------------------------------------ the profiles

def test_hungarian_and_finnish_profiles_name_their_function_words_and_postpositions():
    hu, fi, de, fr = (profile_for(code) for code in ("hu", "fi", "de", "fr"))
    assert {"a", "az", "egy", "és", "hogy"} <= hu.function_words and {"szerint", "alapján", "után"} <= hu.postpositions
    assert {"ja", "tai"} <= fi.function_words and {"mukaan", "jälkeen"} <= fi.postpositions
    assert not fi.function_words & {"a", "an", "the"}  # (Finnish has no articles)
    assert hu.ordinal_dot and fi.ordinal_dot and de.ordinal_dot
    assert not fr.ordinal_dot and not profile_for("ru").ordinal_dot and not profile_for("ja").ordinal_dot
    assert not de.postpositions and not fr.postpositions
    assert "label-words" in hu.extra_stages and "label-words" in fi.extra_stages
    assert "hyphen-heads" not in hu.extra_stages and "hyphen-heads" in fi.extra_stages


# ------------------------------------------------------------------------------ property

_WORDS = ["a", "rendelet", "szerint", "időszak", "után", "sopimuksen", "mukaan", "5.", "2019-es", "1303/2013/EU", "és"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=2, max_size=8), st.integers(0, 7), st.sampled_from(["hu", "fi"]))
def test_the_text_never_changes_and_the_marker_stays_whole(words, at, lang):
    target = " ".join(words) + "."
    source_words = ["w%d" % k for k in range(len(words))]
    at = min(at, len(words) - 1)
    source = " ".join(source_words[:at + 1]) + "<x/> " + " ".join(source_words[at + 1:]) + "."
    pairs = [(s, t) for s, t in zip(source_words, words) if t not in ("szerint", "után", "mukaan")]
    out = _project(source.replace(" .", "."), target, lang, pairs)
    assert out.replace("<x/>", "") == target and out.count("<x/>") == 1


# ------------------------------------------------------------------------------ a postposition at a span's end

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # linked to the tag's noun beside its translation: a double, the preposition's translation
    ("Smart solutions for a cohesive and sustainable <g>future</g>",
     "Intelligens megoldások a koherens és fenntartható jövő érdekében", "hu",
     [("Smart", "Intelligens"), ("solutions", "megoldások"), ("cohesive", "koherens"), ("sustainable", "fenntartható"),
      ("future", "jövő érdekében")],
     "Intelligens megoldások a koherens és fenntartható <g>jövő</g> érdekében"),
    ("Prices rose after the <g>reform</g>.", "Hinnat nousivat uudistuksen jälkeen.", "fi",
     [("Prices", "Hinnat"), ("rose", "nousivat"), ("reform", "uudistuksen jälkeen")],
     "Hinnat nousivat <g>uudistuksen</g> jälkeen."),
    ("It was assessed on the basis of the <g>recommendation</g>.", "Az ajánlás alapján értékelték.", "hu",
     [("assessed", "értékelték"), ("recommendation", "ajánlás alapján")],
     "Az <g>ajánlás</g> alapján értékelték."),
])
def test_a_postposition_that_translates_nothing_of_the_tag_leaves_its_end(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs, without="postposition-edges") != expected
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the tag holds the preposition: the postposition is its translation
    ("Smart solutions <g>for the future</g>", "Intelligens megoldások a jövő érdekében", "hu",
     [("Smart", "Intelligens"), ("solutions", "megoldások"), ("future", "jövő érdekében")]),
    # the postposition is the tag's own word
    ("It was decided <g>according</g> to the plan.", "A terv szerint döntöttek.", "hu",
     [("decided", "döntöttek"), ("plan", "terv"), ("according", "szerint")]),
    # languages with prepositions list none: nothing moves (Cyrillic, Latin)
    ("Prices rose after the <g>reform</g>.", "Цены выросли после реформы.", "ru",
     [("Prices", "Цены"), ("rose", "выросли"), ("reform", "после реформы")]),
    ("Prices rose after the <g>reform</g>.", "Les prix ont augmenté après la réforme.", "fr",
     [("Prices", "prix"), ("rose", "augmenté"), ("reform", "après la réforme")]),
])
def test_a_postposition_the_tag_translates_stays(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without="postposition-edges")


# ------------------------------------------------------------------------------ a stop the translation adds

# A point that ends its source with no stop, where the translation adds one, stays where the links and the edge
# conventions put it (here after the stop): a rule that moved it before the stop (`tanulmány<x/>.`, from one dev reference) lost 7 held-out EUR-Lex
# pairs in de, fr and hu, whose references write `tanulmány.<x/>` — the rule was taken out (docs/projection-history.md).
@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("<g>Evaluation study “Beef labelling rules”<x/></g>", "„Marhahúscímkézési szabályok” című értékelő tanulmány.",
     "hu", [("Evaluation", "értékelő"), ("study", "tanulmány"), ("Beef", "Marhahúscímkézési"),
            ("rules", "szabályok")],
     "<g>„Marhahúscímkézési szabályok” című értékelő tanulmány.<x/></g>"),
])
def test_a_point_ending_the_source_stays_after_the_stop_the_translation_adds(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_a_point_before_the_source_s_own_stop_keeps_its_place():
    # the source writes the stop: the point's place is the links' (here after the stop, as the source has it)
    assert _project("<g>Annual report.<x/></g>", "Годовой отчёт.", "ru", [("Annual", "Годовой"), ("report", "отчёт")]) \
        == "<g>Годовой отчёт.<x/></g>"
