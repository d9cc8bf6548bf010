"""Points anchored on the source's structure (`pointanchors.py`): at an edge of their parent's text, after a list's
bullet, never right after a function word (a group's mark anchors nothing: taken out) — in Latin (de, fr, hu),
Cyrillic (ru), Japanese, Chinese and Korean targets; the text never changes and every code stays whole."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.detag import detag
from tagmt.projection.pointanchors import anchor_points
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline

from test_pipeline import _context, projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: bool = False) -> str:
    return projected(source, target, lang, pairs, "point-anchors" if without else "")


def _placed_at(source: str, target: str, lang: str, pairs: list[tuple[str, str]], at: int) -> str:
    """The point of `source` placed at `at` of `target` (as noisy links might), then the rule."""
    ctx = _context(source, target, lang, pairs)
    spans = Pipeline([s for s in Pipeline.for_profile(ctx.profiles.trg).stages if s.name != "point-anchors"]).spans(ctx)
    point = next(span for node in spans for span in node.walk() if span.point)
    point.start = point.end = at
    return render_spans(target, anchor_points(spans, ctx))[0]


# ------------------------------------------------------------------------------ 1. an edge of the text

@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # a closing half after the final stop: a number's copy inside the sentence does not pull it there
    ('The Commission adopted the report in December 2019.<ex id="1"/>',
     "A Bizottság 2019. decemberben fogadta el a jelentést.", "hu",
     [("Commission", "Bizottság"), ("adopted", "fogadta el"), ("report", "jelentést"), ("December", "decemberben"),
      ("2019", "2019")],
     'A Bizottság 2019. decemberben fogadta el a jelentést.<ex id="1"/>'),
    # a code before a text that begins with a number: the translation's start
    ('<x id="1"/>2019 was a good year.', "Das Jahr 2019 war ein gutes Jahr.", "de",
     [("2019", "2019"), ("was", "war"), ("good", "gutes"), ("year", "Jahr")],
     '<x id="1"/>Das Jahr 2019 war ein gutes Jahr.'),
    ('<bx id="1"/>2019 was a good year.', "2019年は良い年でした。", "ja", [("year", "年"), ("good", "良い")],
     '<bx id="1"/>2019年は良い年でした。'),
    ('<x id="1"/>5 Member States replied.', "Ответили 5 государств-членов.", "ru",
     [("5", "5"), ("Member", "государств"), ("replied", "Ответили")], '<x id="1"/>Ответили 5 государств-членов.'),
    # inside a parent tag: its edges; the translation's trailing space stays outside the glued point
    ('<g id="1">It was adopted in 2019.<x id="2"/></g>', "2019. évben fogadták el. ", "hu",
     [("2019", "2019"), ("adopted", "fogadták el")], '<g id="1">2019. évben fogadták el.<x id="2"/> </g>'),
])
def test_a_point_at_an_edge_of_its_text_stays_at_that_edge(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_the_edge_rule_is_what_keeps_the_closing_half_at_the_end():
    source = 'The Commission adopted the report in December 2019.<ex id="1"/>'
    target = "A Bizottság 2019. decemberben fogadta el a jelentést."
    pairs = [("Commission", "Bizottság"), ("report", "jelentést"), ("December", "decemberben"), ("2019", "2019")]
    assert _project(source, target, "hu", pairs, without=True) != _project(source, target, "hu", pairs)


@pytest.mark.parametrize("source, target, lang, at, expected", [
    # the links put the closing half before the final stop, or the opening half after the first word
    ('The report was adopted.<ex id="1"/>', "Der Bericht wurde angenommen.", "de", 27,
     'Der Bericht wurde angenommen.<ex id="1"/>'),
    ('<bx id="1"/>The report was adopted.', "보고서가 채택되었습니다.", "ko", 4, '<bx id="1"/>보고서가 채택되었습니다.'),
    ('<bx id="1"/> The report was adopted.', " 报告已通过。", "zh", 3, '<bx id="1"/> 报告已通过。'),
    # whitespace between the text and the point in the source: after the translation's whitespace
    ('The report was adopted. <x id="1"/>', "Le rapport a été adopté. ", "fr", 10,
     'Le rapport a été adopté. <x id="1"/>'),
])
def test_a_misplaced_edge_point_goes_back_to_the_edge(source, target, lang, at, expected):
    assert _placed_at(source, target, lang, [("report", target.split()[0])] if lang != "ko" else [], at) == expected


@pytest.mark.parametrize("source, target, lang, at", [
    # a link spaced after a verb is the sentence's object: a verb-final translation writes it before the verb
    ('For more information, please see <xref/>', "詳細については、を参照してください。", "ja", 9),
    ('For more information, please see <xref/>', "자세한 내용은 에서 확인하십시오.", "ko", 7),
    ('<xref/> describes the steps', "Die Schritte beschreibt", "de", 13),
])
def test_a_spaced_point_inside_a_sentence_is_no_edge_point(source, target, lang, at):
    assert _placed_at(source, target, lang, [], at) == target[:at] + "<xref/>" + target[at:]


def test_a_point_against_a_sibling_or_inside_the_text_is_not_an_edge_point():
    # against a sibling's end: it stays with the sibling, wherever the sibling went
    source = 'See the text <g id="1">below</g><x id="2"/>'
    out = _placed_at(source, "Unten steht der Text", "de", [("below", "Unten"), ("text", "Text")], 5)
    assert out == '<g id="1">Unten</g><x id="2"/> steht der Text'


# ------------------------------------------------------------------------------ 4. a leading bullet

@pytest.mark.parametrize("source, target, lang, at, expected", [
    ('<g id="1">-<x id="2"/>EUR 941,53 for a servant;</g>', "—941,53 EUR für Bedienstete,", "de", 7,
     '<g id="1">—<x id="2"/>941,53 EUR für Bedienstete,</g>'),
    ('-<x id="2"/>EUR 941,53 for a servant;', "– 941,53 евро для служащего;", "ru", 8,
     '–<x id="2"/> 941,53 евро для служащего;'),
    ('•<x id="1"/>the report;', "・報告書。", "ja", 4, '・<x id="1"/>報告書。'),
])
def test_a_point_after_a_leading_bullet_stays_after_the_translations_bullet(source, target, lang, at, expected):
    assert _placed_at(source, target, lang, [], at) == expected


def test_a_leading_word_or_number_is_no_bullet():
    # `(11)` is a number (its copy decides: standalone.py); `EUR` a word
    assert _placed_at('EUR<x id="1"/> 941,53', "941,53 EUR", "de", [], 10) == '941,53 EUR<x id="1"/>'


# ------------------------------------------------------------------------------ 2. a group's mark (taken out)

def test_a_point_against_a_group_mark_is_left_to_the_other_rules():
    # the k-th-group anchor was taken out after the lockbox: the stage moves no point that only a group holds
    source = 'The amounts (<x id="1"/>see Annex) are final.'
    target = "这些金额（见附件）是最终的。"
    pairs = [("amounts", "金额"), ("see", "见"), ("Annex", "附件"), ("final", "最终")]
    assert _project(source, target, "zh", pairs) == _project(source, target, "zh", pairs, without=True)


# ------------------------------------------------------------------------------ 3. not after a function word

@pytest.mark.parametrize("source, target, lang, at, expected", [
    ('the recommendations<x id="1"/> addressed in previous years apply', "die Empfehlungen der Vorjahre gelten", "de",
     20, 'die Empfehlungen<x id="1"/> der Vorjahre gelten'),
    ('the government<x id="1"/> extended the possibility', "la Regierung die Möglichkeiten", "de", 16,
     'la Regierung<x id="1"/> die Möglichkeiten'),
    ('the study<x id="1"/> was published', "l’étude a été publiée", "fr", 9, 'l’étude<x id="1"/> a été publiée'),
    ('the report<x id="1"/> on the markets', "доклад о рынках", "ru", 8, 'доклад<x id="1"/> о рынках'),
    ('the report<x id="1"/> and the study', "a jelentés és a tanulmány", "hu", 15,
     'a jelentés<x id="1"/> és a tanulmány'),
])
def test_a_marker_after_a_function_word_goes_back_to_the_word_before(source, target, lang, at, expected):
    assert _placed_at(source, target, lang, [], at) == expected


@pytest.mark.parametrize("source, target, lang, at", [
    # after a content word: stays
    ('the report<x id="1"/> on the markets', "le rapport sur les marchés", "fr", 10),
    # the source's own word is a function word: the code marks no phrase
    ('the report on<x id="1"/> the markets', "le rapport sur les marchés", "fr", 14),
    # a mark before the function word: not passed
    ('the report<x id="1"/> on the markets', "le rapport, sur les marchés", "fr", 15),
    # a function word before a mark begins no phrase: a verb's particle
    ('Croatia reported for the second time<x id="1"/>.', "Kroatien legte zum zweiten Mal einen Bericht vor.", "de", 48),
    # the marked word's translation is the function word itself
    ('it grew, according<x id="1"/> to the forecast', "es wuchs nach der Prognose", "de", 12),
    # Japanese has no function words written as words: the rule is for languages written with spaces
    ('the report<x id="1"/> on the markets', "市場に関する報告", "ja", 3),
])
def test_a_marker_stays_where_no_function_word_precedes_it(source, target, lang, at):
    marked = target[:at] + '<x id="1"/>' + target[at:]
    pairs = [("according", "nach")] if "according" in source else []
    assert _placed_at(source, target, lang, pairs, at) == marked


# ------------------------------------------------------------------------------ properties

_WORDS = ["der", "Bericht", "la", "étude", "доклад", "о", "2019.", "(EU)", "«", "»", "報告", "、", "és"]


@settings(max_examples=60, deadline=None)
@given(words=st.lists(st.sampled_from(_WORDS), min_size=1, max_size=8), where=st.integers(0, 12),
       lang=st.sampled_from(["de", "fr", "ru", "hu", "ja"]), trailing=st.sampled_from(["", " ", "."]))
def test_the_text_never_changes_and_every_code_stays_whole(words, where, lang, trailing):
    source_words = ["the", "report", "of", "2019", "(final)"][: max(1, len(words) // 2)]
    k = min(where, len(source_words))
    source = " ".join(source_words[:k]) + '<x id="1"/>' + " ".join(source_words[k:]) + '<ex id="2"/>'
    target = " ".join(words) + trailing
    ctx = _context(source, target, lang, [])
    spans = Pipeline.for_profile(ctx.profiles.trg).spans(ctx)
    out = render_spans(target, spans)[0]
    assert detag(out).plain == target
    assert out.count('<x id="1"/>') == 1 and out.count('<ex id="2"/>') == 1
    assert out.rstrip().endswith('<ex id="2"/>') or out.endswith('<ex id="2"/>' + target[len(target.rstrip()):])
