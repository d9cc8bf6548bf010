"""A code glued to a word the translation writes with a case ending after a mark follows the whole word form
(`caseendings.py`): Hungarian, Finnish, Turkish (Latin); German compounds, Russian and Japanese untouched; a property
test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.profiles import profile_for

from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: bool = False) -> str:
    return projected(source, target, lang, pairs, "case-endings" if without else "")


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("This applies in the EU<x/> and elsewhere.", "Ez az EU-ban és máshol is érvényes.", "hu",
     [("EU", "EU"), ("applies", "érvényes"), ("elsewhere", "máshol"), ("and", "és")],
     "Ez az EU-ban<x/> és máshol is érvényes."),
    ("It was agreed with the UN<x/> last year.", "Tavaly az ENSZ-szel állapodtak meg.", "hu",
     [("UN", "ENSZ"), ("agreed", "állapodtak"), ("year", "Tavaly")], "Tavaly az ENSZ-szel<x/> állapodtak meg."),
    ("This applies in the EU<x/> and elsewhere.", "Tämä pätee EU:ssa ja muualla.", "fi",
     [("EU", "EU"), ("applies", "pätee"), ("elsewhere", "muualla"), ("and", "ja")],
     "Tämä pätee EU:ssa<x/> ja muualla."),
    ("This applies in the EU<x/> and elsewhere.", "Bu AB'de ve başka yerlerde geçerlidir.", "tr",
     [("EU", "AB"), ("applies", "geçerlidir"), ("elsewhere", "yerlerde"), ("and", "ve")],
     "Bu AB'de<x/> ve başka yerlerde geçerlidir."),
])
def test_a_code_follows_the_case_ending_of_the_word_it_is_glued_to(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # a compound's head, no case ending
    ("The EU<x/> Member States agreed.", "Az EU-tagállamok megállapodtak.", "hu",
     [("EU", "EU"), ("States", "tagállamok"), ("agreed", "megállapodtak")]),
    ("The EU<x/> Commission agreed.", "Die EU-Kommission stimmte zu.", "de",
     [("EU", "EU"), ("Commission", "Kommission"), ("agreed", "stimmte")]),
    # no mark before an ending (Russian declines the word itself), a script without one
    ("This applies in the EU<x/> and elsewhere.", "Это действует в ЕС и в других местах.", "ru",
     [("EU", "ЕС"), ("applies", "действует"), ("elsewhere", "местах"), ("and", "и")]),
    ("This applies in the EU<x/> and elsewhere.", "これはEUとその他の地域で適用される。", "ja",
     [("EU", "EU"), ("applies", "適用"), ("elsewhere", "地域")]),
    # a spaced code
    ("This applies in the EU <x/>and elsewhere.", "Ez az EU-ban és máshol is érvényes.", "hu",
     [("EU", "EU"), ("applies", "érvényes"), ("elsewhere", "máshol"), ("and", "és")]),
])
def test_a_code_stays_where_no_case_ending_follows_the_word(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without=True)


def test_the_profiles_say_where_case_endings_are_written():
    assert profile_for("hu").suffix_marks.startswith("-") and "ban" in profile_for("hu").case_endings
    assert "tagállamok" not in profile_for("hu").case_endings
    assert profile_for("fi").suffix_marks == ":" and not profile_for("fi").case_endings
    assert not profile_for("de").suffix_marks and not profile_for("ru").suffix_marks


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["EU-ban", "EU", "ENSZ-szel", "az", "EU-tagállam", "2013-ban", "és"]), min_size=1,
                max_size=6), st.integers(0, 5))
def test_the_text_never_changes_and_the_point_stays_whole(words, at):
    target = " ".join(words) + "."
    source_words = ["EU" if "EU" in w else "UN" if "ENSZ" in w else "w%d" % k for k, w in enumerate(words)]
    at = min(at, len(words) - 1)
    source = " ".join(source_words[:at + 1]) + "<x/> " + " ".join(source_words[at + 1:])
    pairs = [(s, t.split("-")[0]) for s, t in zip(source_words, words) if s.startswith("w")]
    out = _project(source.strip() + ".", target, "hu", pairs)
    assert out.replace("<x/>", "") == target and out.count("<x/>") == 1
