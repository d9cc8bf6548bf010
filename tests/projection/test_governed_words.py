"""A function word between two adjacent tags goes with the second, whose words it governs (`governedwords.py`, stage
`governed-words`): hand-made pairs with their word links written out in French, German and Russian; the tag's own
preposition, a word linked into the first tag alone, and Japanese (postpositions: the stage does not run) where
nothing moves; and a property test (the text never changes, tags stay whole and nested)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize

from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: str = "", decide=None
             ) -> str:
    return projected(source, target, lang, pairs, without, decide)


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # French `de` after a quantity, linked to it
    ("Last year <g>1.5 million </g><g>migrants</g> received aid.",
     "L'an dernier, 1,5 million de migrants ont reçu une aide.", "fr",
     [("Last", "dernier"), ("year", "an"), ("1.5", "1,5"), ("million", "million"), ("million", "de"),
      ("migrants", "migrants"), ("received", "reçu"), ("aid", "aide")],
     "L'an dernier, <g>1,5 million </g><g>de migrants</g> ont reçu une aide."),
    # German `von`, linked to the first tag's word
    ("Aid reached <g>members </g><g>host communities</g> fast.",
     "Die Hilfe erreichte Mitglieder von Aufnahmegemeinschaften schnell.", "de",
     [("Aid", "Hilfe"), ("reached", "erreichte"), ("members", "Mitglieder"), ("members", "von"),
      ("host", "Aufnahmegemeinschaften"), ("communities", "Aufnahmegemeinschaften"), ("fast", "schnell")],
     "Die Hilfe erreichte <g>Mitglieder </g><g>von Aufnahmegemeinschaften</g> schnell."),
    # Russian `для`
    ("The <g>funds </g><g>families</g> grew.", "Выросли средства для семей.", "ru",
     [("funds", "средства"), ("funds", "для"), ("families", "семей"), ("grew", "Выросли")],
     "Выросли <g>средства </g><g>для семей</g>."),
])
def test_a_function_word_between_two_tags_goes_with_the_second(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected
    assert _project(source, target, lang, pairs, without="governed-words") != expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the source tag ends on a preposition: the target's is the tag's own
    ("<g>According to </g><g>the forecast, it grows.</g>", "Nach der Prognose wächst es.", "de",
     [("According", "Nach"), ("forecast", "Prognose"), ("grows", "wächst"), ("it", "es")]),
    # linked into the first tag alone: it translates the tag
    ("<g>Tons of </g><g>waste fell.</g>", "Tonnen an Abfall sanken.", "de",
     [("Tons", "Tonnen"), ("of", "an"), ("waste", "Abfall"), ("fell", "sanken")]),
    # a separable particle before a mark: no word of the second tag follows it
    ("<g>Select the option</g><g>.</g>", "Wählen Sie die Option aus.", "de",
     [("Select", "Wählen"), ("option", "Option"), ("Select", "aus")]),
    # Japanese particles follow what they mark: the stage does not run
    ("<g>Members </g><g>of the communities</g>", "共同体のメンバー", "ja",
     [("Members", "メンバー"), ("communities", "共同体"), ("of", "の")]),
])
def test_nothing_moves_where_the_word_is_the_first_tags(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without="governed-words")


WORDS = ["1,5", "million", "de", "migrants", "les", "et", "ont", "reçu", "pour", ","]
SOURCE_WORDS = ["1.5", "million", "migrants", "received", "and", "for"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=2, max_size=8),
       st.lists(st.sampled_from(SOURCE_WORDS), min_size=2, max_size=5, unique=True),
       st.integers(1, 4), st.sampled_from(["fr", "de", "ru"]), st.data())
def test_the_text_never_changes_and_tags_stay_whole(words, source_words, cut, lang, data):
    target = " ".join(words) + "."
    cut = min(cut, len(source_words) - 1)
    source = "<g>" + " ".join(source_words[:cut]) + " </g><g>" + " ".join(source_words[cut:]) + ".</g>"
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(source_words), st.sampled_from(words)), max_size=6))
    pairs = [(s, t) for s, t in pairs if t != ","]
    out = _project(source, target, lang, pairs)
    assert strip(out) == target
    assert is_well_formed(tokenize(out))
