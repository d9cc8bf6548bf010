"""A tagged term's own evidence before an uncertain link (issue 35, t35dehu2): FreeDict eng-hun's `ô`/`û` read as
Hungarian's `ő`/`ű` (`lexicon.SPELLING`), a dictionary word as a compound's first part where the target writes
compounds as one word (`lexicon.compound_part`, `Lexicon.lookup(parts=...)`), and a tag whose words the aligner
linked only below unanimity, to no partner, relinked to its one run of partners (`loneterms.link_lone_terms` with
`weights`). Hand-made cases in Hungarian, German, Finnish (Latin), Russian (Cyrillic) and Japanese; properties over
random links and weights."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tagmt.projection import detag
from tagmt.projection.lexicon import compound_part, default_lexicon, read_lexicon
from tagmt.projection.loneterms import link_lone_terms
from tagmt.projection.profiles import profile_for
from tagmt.projection.wordseg import words_with_offsets

sys.path.insert(0, str(Path(__file__).parent))
from test_lexicon import write_dictd  # noqa: E402


def _pair(source: str, translation: str, langs=("en", "hu")):
    d = detag(source)
    return d, words_with_offsets(d.plain, langs[0]), words_with_offsets(translation, langs[1])


def _at(words, text):
    return next(k for k, w in enumerate(words) if w.text == text)


def _linked(links, src, trg):
    return sorted((src[i].text, trg[j].text) for i, j in links)


# --- the dictionary's spelling ---------------------------------------------------------------------------


def test_eng_hun_circumflex_letters_are_read_as_hungarian_double_acute(tmp_path):
    index = write_dictd(tmp_path, "freedict-eng-hun", {"confirm": "1. megerôsít\n2. igazol", "women": "nôk",
                                                       "average": "átlagos, középértékû"})
    table = read_lexicon([index], "en", "hu").lookup(["confirm", "average"], ["megerősít", "középértékű", "nôk"])
    assert table == {"confirm": {"megerősít"}, "average": {"középértékű"}}


def test_the_spelling_is_repaired_for_hungarian_only(tmp_path):
    index = write_dictd(tmp_path, "freedict-eng-fra", {"window": "fenêtre", "must": "dû"})
    table = read_lexicon([index], "en", "fr").lookup(["window"], ["fenêtre"])
    assert table == {"window": {"fenêtre"}}  # French writes `ê`, `û` of its own
    assert default_lexicon("en", "hu", tmp_path).names == ()


def test_a_reversed_hungarian_dictionary_keeps_its_english(tmp_path):
    index = write_dictd(tmp_path, "freedict-hun-eng", {"küszöb": "threshold", "nő": "woman"})
    table = read_lexicon([index], "en", "hu").lookup(["threshold"], ["küszöb"])
    assert table == {"threshold": {"küszöb"}}


# --- compounds ---------------------------------------------------------------------------------------------


def test_compound_first_parts():
    assert compound_part("küszöb", ["küszöbérték"])
    assert compound_part("schwelle", ["schwellenwert"])
    assert compound_part("kynnys", ["kynnysarvo"])
    assert not compound_part("stand", ["standard"])  # three letters after it: a longer word's start
    assert not compound_part("jog", ["jogszabály"])  # a part of three letters says nothing
    assert not compound_part("küszöb", ["küszöb"])  # the word itself is no compound


def test_closed_compound_languages():
    assert all(profile_for(lang).closed_compounds for lang in ("de", "hu", "fi", "nl", "sv"))
    assert not any(profile_for(lang).closed_compounds for lang in ("fr", "ru", "en", "ja"))


def test_lookup_finds_a_compounds_first_part_only_when_asked(tmp_path):
    index = write_dictd(tmp_path, "freedict-eng-hun", {"threshold": "küszöb"})
    lexicon = read_lexicon([index], "en", "hu")
    assert lexicon.lookup(["threshold"], ["küszöbérték"]) == {}
    parts: dict[str, set[str]] = {}
    assert lexicon.lookup(["threshold"], ["küszöbérték"], parts=parts) == {}  # never the anchors' table
    assert parts == {"threshold": {"küszöb"}}
    reversed_index = write_dictd(tmp_path, "freedict-deu-eng", {"Schwelle": "threshold", "Wert": "value"})
    german = read_lexicon([reversed_index], "en", "de")
    parts = {}
    assert german.lookup(["threshold", "value"], ["schwellenwert", "wert"], parts=parts) == {"value": {"wert"}}
    assert parts == {"threshold": {"schwelle"}}


# --- an uncertain link and the term's own evidence -------------------------------------------------------


def test_hungarian_compound_term_over_an_uncertain_link_to_an_ending():
    d, src, trg = _pair("the 0.25% of GDP <g>threshold</g> for a deviation",
                        "a GDP 0,25 %-ában meghatározott, eltérésre vonatkozó küszöbérték túllépése")
    wrong = (_at(src, "threshold"), _at(trg, "ában"))
    links = {wrong, (_at(src, "deviation"), _at(trg, "eltérésre"))}
    out = link_lone_terms(d, src, trg, links, {"threshold": {"küszöb"}}, ("en", "hu"), weights={wrong: 2 / 3})
    assert ("threshold", "küszöbérték") in _linked(out, src, trg)
    assert ("threshold", "ában") not in _linked(out, src, trg)
    assert ("deviation", "eltérésre") in _linked(out, src, trg)


def test_german_dictionary_partner_over_an_uncertain_link():
    d, src, trg = _pair("the <g>population</g> is ageing", "die Alterung der Bevölkerung", ("en", "de"))
    wrong = (_at(src, "population"), _at(trg, "Alterung"))
    out = link_lone_terms(d, src, trg, {wrong}, {"population": {"bevölkerung"}}, ("en", "de"),
                          weights={wrong: 0.5})
    assert _linked(out, src, trg) == [("population", "Bevölkerung")]


def test_finnish_compound_head_word_taken_whole():
    d, src, trg = _pair("the <g>threshold</g> value is low", "kynnysarvo on matala", ("en", "fi"))
    wrong = (_at(src, "threshold"), _at(trg, "matala"))
    out = link_lone_terms(d, src, trg, {wrong}, {"threshold": {"kynnys"}}, ("en", "fi"), weights={wrong: 1 / 3})
    assert _linked(out, src, trg) == [("threshold", "kynnysarvo")]


def test_russian_cognate_over_an_uncertain_link():
    d, src, trg = _pair("restart the <g>server</g> now", "перезапустите сервер сейчас", ("en", "ru"))
    wrong = (_at(src, "server"), _at(trg, "сейчас"))
    out = link_lone_terms(d, src, trg, {wrong}, {}, ("en", "ru"), weights={wrong: 2 / 3})
    assert _linked(out, src, trg) == [("server", "сервер")]


def test_japanese_dictionary_unit_over_an_uncertain_link():
    d, src, trg = _pair("the <g>settings</g> are saved", "設定が保存されます", ("en", "ja"))
    wrong = (_at(src, "settings"), _at(trg, "保存"))
    out = link_lone_terms(d, src, trg, {wrong}, {"settings": {"設定"}}, ("en", "ja"), weights={wrong: 0.5})
    assert "".join(trg[j].text for j in sorted({j for _, j in out})) == "設定"


def test_a_unanimous_or_anchored_link_is_kept():
    d, src, trg = _pair("the <g>population</g> is ageing", "die Alterung der Bevölkerung", ("en", "de"))
    link = (_at(src, "population"), _at(trg, "Alterung"))
    table = {"population": {"bevölkerung"}}
    assert link_lone_terms(d, src, trg, {link}, table, ("en", "de"), weights={}) == {link}  # not in it: 1
    assert link_lone_terms(d, src, trg, {link}, table, ("en", "de"), weights={link: 1.0}) == {link}
    assert link_lone_terms(d, src, trg, {link}, table, ("en", "de")) == {link}  # no weights: kept


def test_a_link_on_a_partner_is_kept_with_its_neighbours():
    d, src, trg = _pair("the <g>population</g> is ageing", "die Bevölkerung altert", ("en", "de"))
    links = {(_at(src, "population"), _at(trg, "Bevölkerung")), (_at(src, "population"), _at(trg, "die"))}
    out = link_lone_terms(d, src, trg, links, {"population": {"bevölkerung"}}, ("en", "de"),
                          weights={link: 0.5 for link in links})
    assert out == links


def test_french_writes_no_closed_compound():
    d, src, trg = _pair("the <g>threshold</g> value", "la valeur seuillage élevée", ("en", "fr"))
    wrong = (_at(src, "threshold"), _at(trg, "valeur"))
    out = link_lone_terms(d, src, trg, {wrong}, {"threshold": {"seuil"}}, ("en", "fr"), weights={wrong: 0.5})
    assert out == {wrong}


def test_partners_apart_or_taken_say_nothing():
    d, src, trg = _pair("the <g>rights</g> of workers", "a jogok és a munkavállalók jogai", ("en", "hu"))
    wrong = (_at(src, "rights"), _at(trg, "munkavállalók"))
    table = {"rights": {"jogok", "jogai"}}
    assert link_lone_terms(d, src, trg, {wrong}, table, ("en", "hu"), weights={wrong: 0.5}) == {wrong}
    d, src, trg = _pair("<g>people</g> and population", "emberek és lakosság", ("en", "hu"))
    taken = (_at(src, "population"), _at(trg, "lakosság"))
    wrong = (_at(src, "people"), _at(trg, "és"))
    table = {"people": {"lakosság"}, "population": {"lakosság"}}
    assert link_lone_terms(d, src, trg, {wrong, taken}, table, ("en", "hu"),
                           weights={wrong: 0.5}) == {wrong, taken}


WORDS = ["küszöbérték", "küszöb", "a", "és", "emberek", "ában", "0,25", ",", "Bevölkerung"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 7), st.sampled_from([1 / 3, 0.5, 2 / 3, 1.0])),
                max_size=6))
@example(["a", "a", "Bevölkerung", "küszöbérték"], [(3, 3, 1.0)])  # a sure link taken by a lone tag's partner
def test_only_weakly_linked_or_lone_tags_change(words, raw):
    source = "the <g>threshold</g> and <b>people population</b> here"
    d, src, trg = _pair(source, " ".join(words))
    links = {(i, j) for i, j, _ in raw if i < len(src) and j < len(trg)}
    weights = {(i, j): w for i, j, w in raw if (i, j) in links and w < 1}
    table = {"threshold": {"küszöb"}, "population": {"bevölkerung"}}
    out = link_lone_terms(d, src, trg, links, table, ("en", "hu"), weights=weights)
    inside = {i for tag in d.walk() for i, w in enumerate(src) if tag.start <= w.start and w.end <= tag.end}
    changed = {i for i, _ in out ^ links}
    gained = out - links
    for i, _ in gained:
        assert i in inside
        mine = {(a, b) for a, b in links if a == i}
        # a tag with a sure link keeps its links — unless an earlier lone tag's partner took them all, which
        # leaves it a lone tag in turn (`the <g>threshold</g> … <b>people …</b>`, `people` surely on `küszöbérték`)
        assert all(weights.get(link, 1.0) < 1 for link in mine) or not mine & out
    lost = links - out
    new_targets = {b for _, b in gained}
    new_sources = {a for a, _ in gained}
    assert all(j in new_targets or i in new_sources for i, j in lost)  # only what the relinked words touch
    assert changed <= inside | {i for i, j in lost}


def test_the_batchs_linked_forms_do_not_overrule_a_link():
    d, src, trg = _pair("the <g>results</g> achieved", "az elért eredmények", ("en", "hu"))
    link = (_at(src, "results"), _at(trg, "eredmények"))
    out = link_lone_terms(d, src, trg, {link}, {}, ("en", "hu"), seen={"results": {"elért"}}, weights={link: 0.5})
    assert out == {link}  # the aligner's links elsewhere are no evidence against its link here
    alone = link_lone_terms(d, src, trg, set(), {}, ("en", "hu"), seen={"results": {"eredmények"}})
    assert _linked(alone, src, trg) == [("results", "eredmények")]  # (a lone tag still takes them)
