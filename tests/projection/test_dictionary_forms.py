"""How dictionary entries are read and found (issue 35, t35gloss3): an English verb written with its infinitive marker
(`to confirm`, FreeDict's hun-eng and jpn-eng) is the verb, and a word whose y is written i inside the index key
(`bodies`, `duties`, `relies`) finds its headword (`body`, `duty`, `rely`)."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.lexicon import MIN_STEM, _keys_of, _translations, _y_stem, inflected, read_lexicon

sys.path.insert(0, str(Path(__file__).parent))
from test_lexicon import assert_anchored_projection_keeps, write_dictd  # noqa: E402


# --- `to` before an English verb ------------------------------------------------------------------------------


def test_hungarian_verb_read_from_its_english_infinitive(tmp_path):
    index = write_dictd(tmp_path, "freedict-hun-eng", {"megerősít": "1. to confirm\n2. to ratify\n3. to set, set"})
    table = read_lexicon([index], "en", "hu").lookup(["confirms", "ratified", "set"], ["megerősíti", "megerősítette"])
    assert table == {"confirms": {"megerősít"}, "ratified": {"megerősít"}}  # `set`: under the stem, never looked up


def test_german_and_russian_verbs_alike(tmp_path):
    de = write_dictd(tmp_path, "freedict-deu-eng", {"bestätigen": "to confirm <v>"})
    assert read_lexicon([de], "en", "de").lookup(["confirmed"], ["bestätigt"]) == {"confirmed": {"bestätigen"}}
    ru = write_dictd(tmp_path, "freedict-rus-eng", {"подтвердить": "to confirm"})
    assert read_lexicon([ru], "en", "ru").lookup(["confirm"], ["подтвердить"]) == {"confirm": {"подтвердить"}}


def test_japanese_unit_read_from_its_english_infinitive(tmp_path):
    index = write_dictd(tmp_path, "freedict-jpn-eng", {"確認": "to confirm, to check"})
    assert read_lexicon([index], "en", "ja").lookup(["confirm", "check"], ["確認"]) == {
        "confirm": {"確認"}, "check": {"確認"}}


def test_the_marker_is_dropped_only_before_an_english_verb():
    assert _translations("h\n1. to confirm\n2. to and fro\n3. to", True, "to ") == {"confirm", "to"}
    assert _translations("h\nto confirm, up to date", True, "") == set()  # no marker: phrases stay phrases
    # an English-to-X dictionary's translations are not English: `to` there is a word of that language
    index_text = "h\n1. tojás\n2. to"
    assert _translations(index_text, True, "") == {"tojás", "to"}


def test_an_eng_hun_entry_keeps_its_words(tmp_path):
    index = write_dictd(tmp_path, "freedict-eng-hun", {"confirm": "1. megerôsít\n2. to valami"})
    assert read_lexicon([index], "en", "hu").lookup(["confirm"], ["megerősít", "valami"]) == {"confirm": {"megerősít"}}


# --- y written i inside the key --------------------------------------------------------------------------------


def test_a_plural_with_its_y_inside_the_key_finds_its_headword(tmp_path):
    index = write_dictd(tmp_path, "freedict-eng-deu", {"body": "Körper <m>", "duty": "Pflicht <f>", "rely": "vertrauen"})
    table = read_lexicon([index], "en", "de").lookup(["bodies", "duties", "relies"], ["körper", "pflichten", "vertraut"])
    assert table == {"bodies": {"körper"}, "duties": {"pflicht"}, "relies": {"vertrauen"}}


def test_hungarian_russian_and_japanese_partners_of_a_y_plural(tmp_path):
    tsv = tmp_path / "lex.tsv"
    tsv.write_text("body\ttestület\nbody\tорган\nbody\t機関\n", encoding="utf-8")
    assert read_lexicon([tsv], "en", "hu").lookup(["bodies"], ["testületek"]) == {"bodies": {"testület"}}
    assert read_lexicon([tsv], "en", "ru").lookup(["bodies"], ["органы"]) == {"bodies": {"орган"}}
    assert read_lexicon([tsv], "en", "ja").lookup(["bodies"], ["機関"]) == {"bodies": {"機関"}}


def test_keys_keep_one_length_and_other_words_unchanged():
    assert _keys_of("bodies") == {"bodi", "body"} and _keys_of("countries") == {"coun"}
    assert _keys_of("dies") == {"dies"} and _keys_of("tied") == {"tied"}  # `dy`, `ty`: shorter than a key
    assert _keys_of("papier") >= {"papi"}  # German `papier`/`papiere` still share a key


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abdeiorstuy", min_size=MIN_STEM, max_size=9), st.sampled_from(["ies", "ied", "ier"]))
def test_a_y_headword_shares_a_key_with_its_i_form(stem, ending):
    headword = stem + "y"
    form = stem + "i" + ending[1:]
    if _y_stem(form) == headword and inflected(headword, form):
        assert any(len(k) == MIN_STEM for k in _keys_of(form))
        assert headword[:MIN_STEM] in _keys_of(form)


WORDS = ["bodies", "body", "duties", "confirms", "the", "and"]
TARGET = ["Körper", "Pflichten", "bestätigt", "die", "und", "органы", "確認"]
TABLE = {"bodies": {"körper", "орган"}, "body": {"körper"}, "duties": {"pflicht"}, "confirms": {"bestätigen", "確認"}}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), st.lists(st.sampled_from(TARGET), max_size=8),
       st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=6))
def test_projection_over_the_new_entries_keeps_text_and_tags(words, target, raw):
    assert_anchored_projection_keeps(
        f"<g id=\"1\">{' '.join(words)}</g> <b>{' '.join(words[: len(words) // 2])}</b><x/>", " ".join(target), raw, TABLE)
