"""Lone tagged terms (`loneterms.py`): a tag whose words have no link takes its one dictionary or cognate
partner — hand-made cases in Latin (de, hu, fr), Cyrillic (ru) and Japanese, the cases where it must not fire,
and properties over random links (only lone tags' words gain links; the text and tags of a projection stay)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection import detag, project_batch
from tagmt.projection.config import ProjectionConfig
from tagmt.projection.loneterms import link_lone_terms
from tagmt.projection.wordseg import words_with_offsets


def _pair(source: str, translation: str, langs=("en", "de")):
    d = detag(source)
    return d, words_with_offsets(d.plain, langs[0]), words_with_offsets(translation, langs[1])


def _index(words, text, nth=0):
    return [k for k, w in enumerate(words) if w.text == text][nth]


def _linked(links, src, trg):
    return sorted((src[i].text, trg[j].text) for i, j in links)


def test_german_dictionary_partner_of_an_unlinked_term():
    d, src, trg = _pair("arising from <g>population</g> ageing", "aufgrund der Alterung der Bevölkerung")
    links = {(_index(src, "ageing"), _index(trg, "Alterung"))}
    out = link_lone_terms(d, src, trg, links, {"population": {"bevölkerung"}}, ("en", "de"))
    assert ("population", "Bevölkerung") in _linked(out, src, trg)
    assert ("ageing", "Alterung") in _linked(out, src, trg)


def test_hungarian_partner_under_a_case_ending():
    d, src, trg = _pair("the <g>authorities</g> decided", "a hatóságok döntöttek", ("en", "hu"))
    out = link_lone_terms(d, src, trg, set(), {"authorities": {"hatóság"}}, ("en", "hu"))
    assert _linked(out, src, trg) == [("authorities", "hatóságok")]


def test_french_cognate_without_dictionary():
    d, src, trg = _pair("the <g>inflation</g> rate", "le taux d'inflation élevé", ("en", "fr"))
    out = link_lone_terms(d, src, trg, set(), {}, ("en", "fr"))
    assert [s for s, t in _linked(out, src, trg)] == ["inflation"]
    assert "inflation" in _linked(out, src, trg)[0][1]


def test_russian_cognate_in_cyrillic():
    d, src, trg = _pair("restart the <g>server</g> now", "перезапустите сервер сейчас", ("en", "ru"))
    out = link_lone_terms(d, src, trg, set(), {}, ("en", "ru"))
    assert _linked(out, src, trg) == [("server", "сервер")]


def test_japanese_dictionary_unit_of_several_characters():
    d, src, trg = _pair("the <g>settings</g> are saved", "設定が保存されます", ("en", "ja"))
    out = link_lone_terms(d, src, trg, set(), {"settings": {"設定"}}, ("en", "ja"))
    assert {t for s, t in _linked(out, src, trg)} and "".join(
        trg[j].text for j in sorted({j for _, j in out})) == "設定"


def test_a_linked_term_keeps_its_links():
    d, src, trg = _pair("arising from <g>population</g> ageing", "aufgrund der Alterung der Bevölkerung")
    links = {(_index(src, "population"), _index(trg, "Alterung"))}
    assert link_lone_terms(d, src, trg, links, {"population": {"bevölkerung"}}, ("en", "de")) == links


def test_a_partner_written_twice_says_nothing():
    d, src, trg = _pair("the <g>population</g> grows", "die Bevölkerung wächst, die Bevölkerung altert")
    assert link_lone_terms(d, src, trg, set(), {"population": {"bevölkerung"}}, ("en", "de")) == set()


def test_a_partner_that_translates_another_linked_word_is_not_taken():
    d, src, trg = _pair("<g>people</g> and population", "Menschen und Bevölkerung")
    links = {(_index(src, "population"), _index(trg, "Bevölkerung"))}
    table = {"people": {"bevölkerung"}, "population": {"bevölkerung"}}
    assert link_lone_terms(d, src, trg, links, table, ("en", "de")) == links


def test_no_partner_leaves_the_links():
    d, src, trg = _pair("<g>according</g> to the forecast", "nach der Prognose")
    links = {(3, 2)}
    assert link_lone_terms(d, src, trg, links, {}, ("en", "de")) == links


def test_projection_places_the_lone_term_on_its_partner():
    class Unlinked:  # the aligner links everything but the tagged word, as eflomal does in a small corpus
        name = "unlinked"
        learns_from_corpus = False

        def align(self, src_words, trg_words):
            return [{(0, 0), (1, 1)} for _ in src_words]

    from tagmt.projection.lexicon import Lexicon

    lexicon = Lexicon("en", "de", entries={"population": frozenset({"bevölkerung"})})
    got = project_batch([detag("ageing of the <g>population</g>")], ["Alterung der Bevölkerung"], "en", "de",
                        Unlinked(), lexicon=lexicon)
    assert got == ["Alterung der <g>Bevölkerung</g>"]
    off = project_batch([detag("ageing of the <g>population</g>")], ["Alterung der Bevölkerung"], "en", "de",
                        Unlinked(), lexicon=lexicon, config=ProjectionConfig(lone_terms=False))
    assert strip(off[0]) == "Alterung der Bevölkerung"


WORDS = ["Bevölkerung", "Alterung", "der", "und", "Menschen", "inflation", "server", ",", "Reform"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7)), max_size=6))
def test_only_lone_tags_gain_links(words, raw_links):
    source = "ageing of <g>population</g> and <b>inflation server</b> reform"
    d, src, trg = _pair(source, " ".join(words))
    links = {(i, j) for i, j in raw_links if i < len(src) and j < len(trg)}
    table = {"population": {"bevölkerung"}, "reform": {"reform"}}
    out = link_lone_terms(d, src, trg, links, table, ("en", "de"))
    gained = out - links
    inside = {i for tag in d.walk() for i, w in enumerate(src) if tag.start <= w.start and w.end <= tag.end}
    assert all(i in inside and i not in {a for a, _ in links} for i, _ in gained)
    lost = links - out
    assert all(j in {b for _, b in gained} for _, j in lost)  # only a new partner's other links are dropped
    if not lost:  # (a partner taken from another word may leave that word's tag lone for a next pass)
        assert link_lone_terms(d, src, trg, out, table, ("en", "de")) == out  # nothing lone is left to link


@pytest.mark.parametrize("translation", ["Alterung der Bevölkerung", "Bevölkerung, Alterung", "der und"])
def test_projection_keeps_text_and_tags(translation):
    from tagmt.projection.align import get_aligner

    source = "ageing of the <g>population</g> and <b>the <i>people</i></b>"
    got = project_batch([detag(source)], [translation], "en", "de", get_aligner("eflomal"))[0]
    assert strip(got) == translation
    assert sorted(t for t in ("<g>", "</g>", "<b>", "</b>", "<i>", "</i>") if t in got) == sorted(
        ["<g>", "</g>", "<b>", "</b>", "<i>", "</i>"])


def test_batch_partners_keep_the_most_frequent_form_seen_twice():
    pairs = []
    for translation in ("a jogok védelme", "jogok és kötelességek", "a jogai szerint"):
        d, src, trg = _pair("the rights of people", translation, ("en", "hu"))
        pairs.append((src, trg, {(_index(src, "rights"), next(k for k, w in enumerate(trg) if w.text.startswith("jog")))}))
    from tagmt.projection.loneterms import batch_partners

    assert batch_partners(pairs)["rights"] == {"jogok"}
    assert "rights" not in batch_partners(pairs[:1])  # seen once: says nothing


def test_a_lone_hungarian_term_takes_the_form_the_batch_links_it_to():
    d, src, trg = _pair("the <g>rights</g> granted", "a biztosított jogok", ("en", "hu"))
    out = link_lone_terms(d, src, trg, set(), {}, ("en", "hu"), seen={"rights": {"jogok"}})
    assert _linked(out, src, trg) == [("rights", "jogok")]
