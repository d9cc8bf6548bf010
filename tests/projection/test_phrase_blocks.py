"""Footnote markers after the consistent target block of the name they close (`phrasepoints.py`): EU-act
citations as the official translations write them, in Latin (de, fr, hu), Cyrillic (ru), Japanese and Chinese
targets; the fallbacks (no consistent block, a lower-case phrase, a sentence's end, a placement already past the
block); the text never changes and every code stays whole."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.phrasepoints import close_phrases
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline

from test_pipeline import _context, assert_marker_keeps_text, projected

_ACT = [("Regulation", "rendelet"), ("1303", "1303"), ("2013", "2013")]


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: bool = False) -> str:
    return projected(source, target, lang, pairs, "phrase-points" if without else "")


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # Hungarian writes the act's number before its head noun: the marker after the noun, not on the number's copy
    ('Regulation (EU) No 1303/2013<x id="1"/> applies.', "Az 1303/2013/EU rendelet alkalmazandó.", "hu",
     _ACT + [("applies", "alkalmazandó")], 'Az 1303/2013/EU rendelet<x id="1"/> alkalmazandó.'),
    # the genitive name first, then the number and the head noun with its possessive ending
    ('Regulation (EU) No 1303/2013 of the European Parliament and of the Council<x id="1"/> lays this down.',
     "Ezt az Európai Parlament és a Tanács 1303/2013/EU rendelete határozza meg.", "hu",
     [("Regulation", "rendelete"), ("1303", "1303"), ("2013", "2013"), ("European", "Európai"),
      ("Parliament", "Parlament"), ("Council", "Tanács"), ("lays", "határozza meg")],
     'Ezt az Európai Parlament és a Tanács 1303/2013/EU rendelete<x id="1"/> határozza meg.'),
    # `Article 5<x/>` → `az 5. cikk<x/>`: the ordinal's stop is no clause mark
    ('Article 5<x id="1"/> shall apply.', "Az 5. cikk alkalmazandó.", "hu",
     [("Article", "cikk"), ("5", "5"), ("apply", "alkalmazandó")], 'Az 5. cikk<x id="1"/> alkalmazandó.'),
    # Japanese: the act's name after its genitive, the marker after the number that ends the name
    ('Regulation (EU) No 1303/2013 of the European Parliament and of the Council<x id="1"/> applies.',
     "欧州議会及び理事会の規則(EU) No 1303/2013が適用される。", "ja",
     [("Regulation", "規則"), ("1303", "1303"), ("2013", "2013"), ("European", "欧州"), ("Parliament", "議会"),
      ("Council", "理事会"), ("applies", "適用")],
     '欧州議会及び理事会の規則(EU) No 1303/2013<x id="1"/>が適用される。'),
    # Chinese: the act's head noun after its genitive and number
    ('Regulation (EU) No 1303/2013 of the European Parliament and of the Council<x id="1"/> applies.',
     "欧洲议会和理事会第1303/2013号条例适用。", "zh",
     [("Regulation", "条例"), ("1303", "1303"), ("2013", "2013"), ("Council", "理事会"), ("applies", "适用")],
     '欧洲议会和理事会第1303/2013号条例<x id="1"/>适用。'),
    # Chinese: a name whose translation is one word
    ('the Member States<x id="1"/> shall comply', "各成员国应遵守", "zh",
     [("Member", "成员"), ("States", "国"), ("comply", "遵守")], '各成员国<x id="1"/>应遵守'),
    # French: the adjective after its noun ends the phrase
    ('The competent authorities<x id="1"/> shall inform the Commission.',
     "Les autorités compétentes informent la Commission.", "fr",
     [("authorities", "autorités"), ("competent", "compétentes"), ("inform", "informent"),
      ("Commission", "Commission")], 'Les autorités compétentes<x id="1"/> informent la Commission.'),
    # German: the comma after the act stays after the marker
    ('as amended by Directive 2009/138/EC<x id="1"/>, the rules apply',
     "geändert durch die Richtlinie 2009/138/EG, gelten die Vorschriften", "de",
     [("Directive", "Richtlinie"), ("2009", "2009"), ("138", "138"), ("EC", "EG"), ("amended", "geändert"),
      ("rules", "Vorschriften"), ("apply", "gelten")],
     'geändert durch die Richtlinie 2009/138/EG<x id="1"/>, gelten die Vorschriften'),
    # Russian: the genitive after its noun ends the name
    ('the Council Decision<x id="1"/> applies', "Решение Совета применяется", "ru",
     [("Decision", "Решение"), ("Council", "Совета"), ("applies", "применяется")],
     'Решение Совета<x id="1"/> применяется'),
    # Russian: the adjective before the noun, the genitive after it is another phrase
    ('the annual report<x id="1"/> of the agency was adopted', "годовой отчёт агентства был принят", "ru",
     [("annual", "годовой"), ("report", "отчёт"), ("agency", "агентства"), ("adopted", "принят")],
     'годовой отчёт<x id="1"/> агентства был принят'),
])
def test_a_marker_follows_the_translation_of_its_whole_phrase(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_the_rule_is_what_moves_the_marker_off_the_numbers_copy():
    source, target = 'Regulation (EU) No 1303/2013<x id="1"/> applies.', "Az 1303/2013/EU rendelet alkalmazandó."
    pairs = _ACT + [("applies", "alkalmazandó")]
    assert _project(source, target, "hu", pairs, without=True) == 'Az 1303/2013/EU<x id="1"/> rendelet alkalmazandó.'


def _placed_at(source: str, target: str, lang: str, pairs: list[tuple[str, str]], at: int) -> str:
    """The point of `source` placed at `at` of `target` (as noisy links might), then the rule alone."""
    ctx = _context(source, target, lang, pairs)
    spans = Pipeline([s for s in Pipeline.for_profile(ctx.profiles.trg).stages if s.name == "edges"]).spans(ctx)
    point = next(span for node in spans for span in node.walk() if span.point)
    point.start = point.end = at
    return render_spans(target, close_phrases(spans, ctx))[0]


@pytest.mark.parametrize("source, target, lang, pairs, at", [
    # a word inside the block translates a word outside the phrase (`Bizottság`): no consistent block, it stays
    ('the Member States<x id="1"/> and the Commission agree', "a tagállamok és a Bizottság egyetértenek", "hu",
     [("Member", "tagállamok"), ("States", "Bizottság"), ("Commission", "Bizottság"), ("agree", "egyetértenek")], 12),
    # the marked word is linked to nothing
    ('the Treaty<x id="1"/> applies', "Der Vertrag gilt", "de", [("applies", "gilt")], 10),
    # a comma splits the images of the phrase's words
    ('the Annual Report<x id="1"/> applies', "das Jahr, der Bericht gilt", "de",
     [("Annual", "Jahr"), ("Report", "Bericht"), ("applies", "gilt")], 8),
    # the placement is past the name's block already: the rest of a phrase the name is part of, not moved back
    ('covering the period 2015-2017<x id="1"/>, while', "a 2015–2017 közötti időszak vonatkozásában, míg", "hu",
     [("period", "időszak"), ("2015", "2015"), ("2017", "2017"), ("covering", "vonatkozásában"), ("while", "míg")], 27),
    # before the sentence's final mark: after the verb as often as after the name, left where it is
    ('It is laid down in Regulation (EU) No 1303/2013<x id="1"/>.', "Ezt az 1303/2013/EU rendelet határozza meg.", "hu",
     _ACT + [("laid", "határozza")], 19),
    # a lower-case phrase: where it begins is not known without word classes, the earlier placement stays
    ('the competent authorities<x id="1"/> inform', "les autorités compétentes informent", "fr",
     [("authorities", "autorités"), ("competent", "compétentes"), ("inform", "informent")], 13),
])
def test_without_a_consistent_block_the_marker_stays(source, target, lang, pairs, at):
    rendered = _placed_at(source, target, lang, pairs, at)
    assert rendered == target[:at] + '<x id="1"/>' + target[at:]


def test_a_marker_at_its_texts_end_is_left_to_the_edge_rule():
    source, target = 'It applies to the Treaty<x id="1"/>', "Es gilt für den Vertrag."
    assert _placed_at(source, target, "de", [("Treaty", "Vertrag"), ("applies", "gilt")], 2) \
        == 'Es<x id="1"/> gilt für den Vertrag.'


_WORDS = st.lists(st.sampled_from(["Regulation", "of", "the", "Council", "1303/2013", "report", "annual", "and",
                                   "applies", "(EU)", ","]), min_size=1, max_size=8)
_TARGETS = [("Az 1303/2013/EU rendelet, alkalmazandó.", "hu"), ("Die Verordnung (EU) Nr. 1303/2013 gilt.", "de"),
            ("規則が適用される。", "ja"), ("Годовой отчёт Совета, принят.", "ru"), ("年度报告适用。", "zh")]


@settings(max_examples=80, deadline=None)
@given(_WORDS, st.integers(min_value=1, max_value=8), st.sampled_from(_TARGETS),
       st.sets(st.tuples(st.integers(0, 20), st.integers(0, 20)), max_size=12))
def test_the_text_never_changes_and_codes_stay_whole(words, cut, target_lang, links):
    assert_marker_keeps_text(words, cut, *target_lang, links)


@pytest.mark.parametrize("source, target, lang, pairs, at, expected", [
    # the links put the marker on the first word of the name's translation (or before it): after the block's end
    ('the Council Decision<x id="1"/> applies', "Решение Совета применяется", "ru",
     [("Decision", "Решение"), ("Council", "Совета"), ("applies", "применяется")], 7,
     'Решение Совета<x id="1"/> применяется'),
    ('Regulation (EU) No 1303/2013<x id="1"/> applies.', "Az 1303/2013/EU rendelet alkalmazandó.", "hu",
     _ACT + [("applies", "alkalmazandó")], 3, 'Az 1303/2013/EU rendelet<x id="1"/> alkalmazandó.'),
    ('Regulation (EU) No 1303/2013 of the European Parliament and of the Council<x id="1"/> applies.',
     "欧州議会及び理事会の規則(EU) No 1303/2013が適用される。", "ja",
     [("Regulation", "規則"), ("1303", "1303"), ("2013", "2013"), ("Council", "理事会"), ("applies", "適用")], 9,
     '欧州議会及び理事会の規則(EU) No 1303/2013<x id="1"/>が適用される。'),
    # an article inside the block linked to the source's article before the name is no word from elsewhere
    ('a Sustainable Europe Investment Plan<x id="1"/> will deliver', "un plan d’investissement pour une Europe durable "
     "fournira", "fr", [("Plan", "plan"), ("Investment", "investissement"), ("Europe", "Europe"),
                         ("Sustainable", "durable"), ("a", "une"), ("deliver", "fournira")], 7,
     'un plan d’investissement pour une Europe durable<x id="1"/> fournira'),
])
def test_a_misplaced_marker_goes_to_the_end_of_its_block(source, target, lang, pairs, at, expected):
    assert _placed_at(source, target, lang, pairs, at) == expected
