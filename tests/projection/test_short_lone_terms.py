"""Short lone terms (`linking.short_lexicon`, `Lexicon.lookup(short=True)`): a tagged source word one letter shorter
than the inflection rule's stem (`law`, `tax`) that the aligner left unlinked takes its dictionary partner, in Latin
(hu, de), Cyrillic (ru) and Japanese; a function word does not, the anchors do not change, and a projection keeps its
text and tags."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_batch
from tagmt.projection.config import ProjectionConfig
from tagmt.projection.lexicon import Lexicon

_ENTRIES = {"law": frozenset({"törvény", "gesetz", "закон", "法律"}), "the": frozenset({"die", "der", "эта"}),
            "tax": frozenset({"steuer"})}


class _Unlinked:
    """Links the i-th word to the i-th word except the tagged one (`skip`), as eflomal leaves a rare word."""

    name = "unlinked"
    learns_from_corpus = False

    def __init__(self, links):
        self.links = links

    def align(self, src_words, trg_words):
        return [set(self.links) for _ in src_words]


@pytest.mark.parametrize("source, translation, lang, links, expected", [
    ("adopted soon: the <g>law</g> on audit", "hamarosan elfogadják: a belső ellenőrzésről szóló törvény", "hu",
     {(0, 1), (1, 0), (5, 3)}, "hamarosan elfogadják: a belső ellenőrzésről szóló <g>törvény</g>"),
    ("adopted soon: the <g>law</g> on audit", "Die Prüfung regelt bald das verabschiedete Gesetz.", "de",
     {(0, 5), (1, 3), (6, 1)}, "Die Prüfung regelt bald das verabschiedete <g>Gesetz</g>."),
    ("adopted soon: the <g>law</g> on audit", "Аудит скоро регулирует принятый закон.", "ru",
     {(0, 4), (1, 1), (6, 0)}, "Аудит скоро регулирует принятый <g>закон</g>."),
    ("the <g>law</g> is adopted", "法律が採択される", "ja", {(3, 3)}, "<g>法律</g>が採択される"),
])
def test_a_lone_short_term_takes_its_dictionary_partner(source, translation, lang, links, expected):
    lexicon = Lexicon("en", lang, entries=_ENTRIES)
    got = project_batch([detag(source)], [translation], "en", lang, _Unlinked(links), lexicon=lexicon)
    assert got == [expected]
    off = project_batch([detag(source)], [translation], "en", lang, _Unlinked(links), lexicon=lexicon,
                        config=ProjectionConfig(lone_terms=False))
    assert off != [expected] and strip(off[0]) == translation


def test_the_short_lookup_asks_for_short_words_alone_and_keeps_the_stem_rule_elsewhere():
    lexicon = Lexicon("en", "de", entries={**_ENTRIES, "taxes": frozenset({"steuern"})})
    assert lexicon.lookup(["law", "tax", "taxes"], ["gesetz", "steuer", "steuern"]) == {"taxes": {"steuern"}}
    assert lexicon.lookup(["law", "tax", "taxes"], ["gesetz", "steuer", "steuern"], short=True) == {
        "law": {"gesetz"}, "tax": {"steuer"}}
    assert Lexicon("ja", "de", entries={"法": frozenset({"gesetz"})}).lookup(["法"], ["gesetz"], short=True) == {}


def test_a_function_word_tagged_alone_takes_no_partner():
    lexicon = Lexicon("en", "de", entries=_ENTRIES)
    source, translation = "adopted soon: <g>the</g> law on audit", "bald verabschiedet: die Prüfung des Gesetzes"
    got = project_batch([detag(source)], [translation], "en", "de", _Unlinked({(0, 1), (1, 0)}), lexicon=lexicon)
    off = project_batch([detag(source)], [translation], "en", "de", _Unlinked({(0, 1), (1, 0)}), lexicon=lexicon,
                        config=ProjectionConfig(lone_terms=False))
    assert got == off


def test_a_linked_short_term_keeps_its_link():
    lexicon = Lexicon("en", "de", entries=_ENTRIES)
    source, translation = "the <g>law</g> and the Gesetz", "das Recht und das Gesetz"
    got = project_batch([detag(source)], [translation], "en", "de", _Unlinked({(1, 1), (0, 0)}), lexicon=lexicon)
    assert got == ["das <g>Recht</g> und das Gesetz"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["a", "törvény", "Gesetz", "закон", "szóló", ",", "die", "tax", "Steuer"]),
                min_size=1, max_size=7), st.sets(st.tuples(st.integers(0, 5), st.integers(0, 6)), max_size=5))
def test_projection_keeps_text_and_tags(words, links):
    translation = " ".join(words)
    source = "the <g>law</g> and <b>tax</b> audit"
    got = project_batch([detag(source)], [translation], "en", "hu", _Unlinked(links),
                        lexicon=Lexicon("en", "hu", entries=_ENTRIES))[0]
    assert strip(got) == translation
    assert got.count("<g>") == got.count("</g>") == 1 and got.count("<b>") == got.count("</b>") == 1
