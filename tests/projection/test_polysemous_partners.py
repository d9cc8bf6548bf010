"""A dictionary pair with one polysemous side, read for lone tagged terms only (issue 35, t35gloss3):
`Lexicon.lookup(loose=…)` keeps the pairs the fan limit drops because ONE of their words has more than
`MAX_TRANSLATIONS` translations, when the other word's entry is specific (`megerősít` lists 33 English verbs, one of
them `confirm`); the anchors' table is unchanged."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.lexicon import MAX_TRANSLATIONS, read_lexicon
from tagmt.projection.loneterms import LoneEntries, link_lone_terms
from tagmt.projection.wordseg import words_with_offsets

sys.path.insert(0, str(Path(__file__).parent))
from test_lexicon import write_dictd  # noqa: E402

MANY = ", ".join(f"to w{'abcdefghijklmnopqrstuvwxyz'[k]}x" for k in range(MAX_TRANSLATIONS + 1))


def _pair(source: str, translation: str, langs):
    d = detag(source)
    return d, words_with_offsets(d.plain, langs[0]), words_with_offsets(translation, langs[1])


def test_hungarian_polysemous_verb_is_a_loose_partner(tmp_path):
    index = write_dictd(tmp_path, "freedict-hun-eng", {"megerősít": f"to confirm, {MANY}"})
    loose: dict[str, set[str]] = {}
    table = read_lexicon([index], "en", "hu").lookup(["confirms"], ["megerősíti"], loose=loose)
    assert table == {} and loose == {"confirms": {"megerősít"}}  # the anchors never see it


def test_both_sides_polysemous_stay_out(tmp_path):
    eng = write_dictd(tmp_path, "freedict-eng-deu", {"set": ", ".join(f"wort{k}" for k in range(13)) + ", stellen"})
    deu = write_dictd(tmp_path, "freedict-deu-eng", {"stellen": f"set, {MANY}"})
    loose: dict[str, set[str]] = {}
    assert read_lexicon([eng, deu], "en", "de").lookup(["set"], ["stellen"], loose=loose) == {}
    assert loose == {}


def test_specific_english_headword_over_a_polysemous_german_word(tmp_path):
    eng = write_dictd(tmp_path, "freedict-eng-deu", {"employer": "Arbeitgeber <m>"})
    deu = write_dictd(tmp_path, "freedict-deu-eng", {"arbeitgeber": f"employer, {MANY}"})
    loose: dict[str, set[str]] = {}
    found = read_lexicon([eng, deu], "en", "de").lookup(["employers"], ["arbeitgeber"], loose=loose)
    assert found == {} and loose == {"employers": {"arbeitgeber"}}


def test_russian_and_japanese_loose_partners(tmp_path):
    ru = write_dictd(tmp_path, "freedict-rus-eng", {"подтвердить": f"to confirm, {MANY}"})
    loose: dict[str, set[str]] = {}
    read_lexicon([ru], "en", "ru").lookup(["confirmed"], ["подтвердить"], loose=loose)
    assert loose == {"confirmed": {"подтвердить"}}
    ja = write_dictd(tmp_path, "freedict-jpn-eng", {"確認": f"to confirm, {MANY}"})
    loose = {}
    read_lexicon([ja], "en", "ja").lookup(["confirm"], ["確認"], loose=loose)
    assert loose == {"confirm": {"確認"}}


def test_a_lone_hungarian_term_takes_its_loose_partner():
    d, src, trg = _pair("the assessment <g>confirms</g> the risk", "az értékelés megerősíti a kockázatot", ("en", "hu"))
    out = link_lone_terms(d, src, trg, set(), {"confirms": {"megerősít"}}, ("en", "hu"))
    assert sorted((src[i].text, trg[j].text) for i, j in out) == [("confirms", "megerősíti")]


WORDS = ["confirms", "the", "risk", "assessment"]
TARGET = ["megerősíti", "a", "kockázatot", "értékelés", "подтвердить", "確認"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6), st.lists(st.sampled_from(TARGET), max_size=8),
       st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=5))
def test_projection_with_loose_partners_keeps_text_and_tags(words, target, raw):
    source = f"<g id=\"1\">{' '.join(words)}</g> and <b>{words[0]}</b>"
    translation = " ".join(target)
    d, src, trg = _pair(source, translation, ("en", "hu"))
    links = {(i, j) for i, j in raw if i < len(src) and j < len(trg)}
    table = {"confirms": {"megerősít", "подтвердить", "確認"}}
    links = link_lone_terms(d, src, trg, links, table, ("en", "hu"), weights={link: 0.5 for link in links})
    out = project_tags(d, translation, src, trg, links)
    assert strip(out) == translation
    assert sorted(t.text for t in tokenize(out) if t.is_markup) == sorted(
        t.text for t in tokenize(source) if t.is_markup)


def test_loose_entries_serve_an_unlinked_tag_only():
    table = LoneEntries({}, {"confirms": {"megerősít"}, "principles": {"alap"}})
    d, src, trg = _pair("the assessment <g>confirms</g> the risk", "az értékelés megerősíti a kockázatot", ("en", "hu"))
    out = link_lone_terms(d, src, trg, set(), table, ("en", "hu"))
    assert sorted((src[i].text, trg[j].text) for i, j in out) == [("confirms", "megerősíti")]
    d, src, trg = _pair("the <g>principles</g> identified", "azonosított elvek alapján", ("en", "hu"))
    weak = (1, 1)  # `principles` → `elvek`, below unanimity: the loose `alap` of `alapján` does not overrule it
    out = link_lone_terms(d, src, trg, {weak}, table, ("en", "hu"), weights={weak: 2 / 3})
    assert sorted((src[i].text, trg[j].text) for i, j in out) == [("principles", "elvek")]


def test_japanese_and_russian_unlinked_tags_take_loose_partners():
    table = LoneEntries({}, {"confirm": {"確認", "подтвердить"}})
    d, src, trg = _pair("please <g>confirm</g> the order", "注文を確認してください", ("en", "ja"))
    out = link_lone_terms(d, src, trg, set(), table, ("en", "ja"))
    assert "".join(trg[j].text for j in sorted({j for _, j in out})) == "確認"
    d, src, trg = _pair("please <g>confirm</g> the order", "пожалуйста подтвердить заказ", ("en", "ru"))
    out = link_lone_terms(d, src, trg, set(), table, ("en", "ru"))
    assert sorted(trg[j].text for _, j in out) == ["подтвердить"]
