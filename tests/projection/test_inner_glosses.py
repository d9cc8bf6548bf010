"""A bracketed gloss the translation writes inside a tag's phrase is inside the span (`innerglosses.py`): Latin (hu,
fi, de, fr), Hangul, Japanese and Cyrillic cases with their links written out, and a property test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


from test_pipeline import projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: bool = False) -> str:
    return projected(source, target, lang, pairs, "inner-glosses" if without else "")


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # a modifier-first language puts the gloss before the head noun
    ("- the <g>separate account</g> (B) for amounts not recovered.",
     "– az elkülönített (B-) számlára a beszedetlen összegek esetében.", "hu",
     [("separate", "elkülönített"), ("account", "számlára"), ("B", "B"), ("amounts", "összegek"),
      ("recovered", "beszedetlen"), ("for", "esetében")],
     "– az <g>elkülönített (B-) számlára</g> a beszedetlen összegek esetében."),
    ("The <g>annual report</g> (AR) was published.", "Vuotuinen (AR) kertomus julkaistiin.", "fi",
     [("annual", "Vuotuinen"), ("report", "kertomus"), ("AR", "AR"), ("published", "julkaistiin")],
     "<g>Vuotuinen (AR) kertomus</g> julkaistiin."),
    # the gloss before the tag, the translation's head before it
    ("See (A) <g>normal account</g> below.", "Voir le compte (A) normal ci-dessous.", "fr",
     [("account", "compte"), ("normal", "normal"), ("A", "A"), ("See", "Voir"), ("below", "ci-dessous")],
     "Voir le <g>compte (A) normal</g> ci-dessous."),
    ("The <g>separate account</g> (B) is used.", "별도 (B) 계정이 사용된다.", "ko",
     [("separate", "별도"), ("account", "계정"), ("B", "B"), ("used", "사용된다")],
     "<g>별도 (B) 계정</g>이 사용된다."),
])
def test_a_gloss_inside_the_phrase_is_inside_the_span(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs, without=True) != expected
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the gloss after the phrase, as the source has it
    ("The <g>annual report</g> (AR) was published.", "Der <g>Jahresbericht</g> (AR) wurde veröffentlicht.", "de",
     [("annual", "Jahresbericht"), ("report", "Jahresbericht"), ("AR", "AR"), ("published", "veröffentlicht")]),
    ("The <g>annual report</g> (AR) was published.", "Годовой отчёт (AR) был опубликован.", "ru",
     [("annual", "Годовой"), ("report", "отчёт"), ("AR", "AR"), ("published", "опубликован")]),
    # the word after the group translates something outside the tag too
    ("The <g>separate account</g> (B) is used.", "Le compte séparé (B) utilisé est vide.", "fr",
     [("separate", "séparé"), ("account", "compte"), ("B", "B"), ("used", "utilisé")]),
    # the group translates a word of the tag: the links place it
    ("The <g>annual report (AR)</g> was published.", "年次 (AR) 報告が公開された。", "ja",
     [("annual", "年次"), ("report", "報告"), ("AR", "AR"), ("published", "公開")]),
    # no group beside the source tag
    ("The <g>separate account</g> is used (B).", "Az elkülönített (B) számla használatos.", "hu",
     [("separate", "elkülönített"), ("account", "számla"), ("B", "B"), ("used", "használatos")]),
])
def test_a_gloss_outside_the_phrase_stays_outside(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without=True)


_WORDS = ["az", "elkülönített", "(B-)", "számlára", "(A)", "rendes", "és", "a"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_WORDS), min_size=2, max_size=8), st.integers(0, 6), st.integers(1, 3))
def test_the_text_never_changes_and_tags_stay_whole(words, at, width):
    target = " ".join(words) + "."
    source_words = ["w%d" % k for k in range(len(words))]
    at = min(at, len(words) - 1)
    end = min(at + width, len(words))
    source = " ".join(source_words[:at]) + " <g>" + " ".join(source_words[at:end]) + "</g> (B) " + \
        " ".join(source_words[end:]) + "."
    pairs = [(s, t.strip("()-")) for s, t in zip(source_words, words)]
    pairs.append(("B", "B")) if "B" in target else None
    out = _project(source.strip(), target, "hu", pairs)
    assert out.replace("<g>", "").replace("</g>", "") == target
    assert out.count("<g>") == 1 and out.count("</g>") == 1 and out.index("<g>") < out.index("</g>")


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the head noun after the gloss unlinked (the aligner's usual miss), the tag's noun with no word of its own
    ("- the <g>separate account</g> (B) for amounts not recovered.",
     "– az elkülönített (B-) számlára a beszedetlen összegek esetében.", "hu",
     [("the", "az"), ("separate", "elkülönített"), ("B", "B"), ("amounts", "összegek"), ("recovered", "beszedetlen")],
     "– az <g>elkülönített (B-) számlára</g> a beszedetlen összegek esetében."),
    ("- the <g>normal account</g> (A) for amounts recovered.", "– a rendes (A-) számlára a beszedett összegek esetében.",
     "hu", [("normal", "rendes"), ("account", "rendes"), ("A", "A"), ("amounts", "összegek"),
            ("recovered", "beszedett")],
     "– a <g>rendes (A-) számlára</g> a beszedett összegek esetében."),
])
def test_an_unlinked_head_after_the_gloss_is_the_tags(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs) == expected


def test_an_unlinked_word_after_the_gloss_stays_out_when_every_word_of_the_tag_has_its_own():
    source, target = "The <g>annual report</g> (AR) is late.", "Jährlicher Bericht (AR) Anhang fehlt."
    pairs = [("annual", "Jährlicher"), ("report", "Bericht"), ("AR", "AR"), ("late", "fehlt")]
    assert _project(source, target, "de", pairs) == "<g>Jährlicher Bericht</g> (AR) Anhang fehlt."
    # one word of the tag without its own (both linked to one word): one unlinked word after the gloss, no more
    source, target = "The <g>annual report</g> (AR) is late.", "Das jährliche (AR) Dokument kommt spät."
    pairs = [("annual", "jährliche"), ("report", "jährliche"), ("AR", "AR"), ("late", "spät")]
    assert _project(source, target, "de", pairs) == "Das <g>jährliche (AR) Dokument</g> kommt spät."


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # a compound's first part in brackets, glued to its head (German, Finnish) or spaced (Hungarian): the head goes
    # with the group, though the aligner links it to a word beside the tag
    ("- the <g>separate account</g> (B) for amounts which have not been recovered.",
     "- in der gesonderten (B-)Buchführung verbuchen sie nicht eingezogene Beträge.", "de",
     [("the", "der"), ("separate", "gesonderten"), ("B", "B"), ("for", "Buchführung"), ("amounts", "Beträge"),
      ("not", "nicht"), ("recovered", "eingezogene")],
     "- in der <g>gesonderten (B-)Buchführung</g> verbuchen sie nicht eingezogene Beträge."),
    ("- the <g>normal account</g> (A) for amounts recovered.", "– a rendes (A-) számlára a beszedett összegek esetében.",
     "hu", [("the", "a"), ("normal", "rendes"), ("A", "A"), ("for", "számlára"), ("amounts", "összegek"),
            ("recovered", "beszedett")],
     "– a <g>rendes (A-) számlára</g> a beszedett összegek esetében."),
    ("The <g>separate account</g> (B) for sums is kept.", "Erillinen (B-)tili summille pidetään.", "fi",
     [("separate", "Erillinen"), ("B", "B"), ("for", "tili"), ("sums", "summille"), ("kept", "pidetään")],
     "<g>Erillinen (B-)tili</g> summille pidetään."),
])
def test_the_head_of_a_bracketed_compound_part_goes_with_it(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs, without=True) != expected
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # no hyphen in the group: a word linked outside the tag stays outside (Cyrillic, Japanese, German)
    ("The <g>separate account</g> (B) for sums is kept.", "Отдельный (B) счёт для сумм ведётся.", "ru",
     [("separate", "Отдельный"), ("B", "B"), ("for", "счёт"), ("sums", "сумм"), ("kept", "ведётся")]),
    ("The <g>separate account</g> (B) for sums is kept.", "別 (B) 口座で金額を管理する。", "ja",
     [("separate", "別"), ("B", "B"), ("for", "口座"), ("sums", "金額"), ("kept", "管理")]),
    # the word after a hyphened group is a function word: no compound head
    ("The <g>separate account</g> (B) and sums are kept.", "Die gesonderte (B-) und Summen werden geführt.", "de",
     [("separate", "gesonderte"), ("B", "B"), ("and", "und"), ("sums", "Summen"), ("kept", "geführt")]),
])
def test_a_group_without_a_suspended_hyphen_leaves_a_word_linked_outside(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["die", "gesonderte", "(B-)Buchführung", "(A-)", "számlára", "und", "Beträge"]),
                min_size=2, max_size=8), st.integers(0, 6), st.integers(1, 3), st.sampled_from(["de", "hu", "fi"]))
def test_bracketed_compound_heads_keep_the_text_and_the_tags_whole(words, at, width, lang):
    target = " ".join(words) + "."
    source_words = ["w%d" % k for k in range(len(words))]
    at = min(at, len(words) - 1)
    end = min(at + width, len(words))
    source = " ".join(source_words[:at]) + " <g>" + " ".join(source_words[at:end]) + "</g> (B) " + \
        " ".join(source_words[end:]) + "."
    pairs = [(s, t.strip("()-AB")) for s, t in zip(source_words, words) if t.strip("()-AB")]
    out = _project(source.strip(), target, lang, pairs)
    assert out.replace("<g>", "").replace("</g>", "") == target
    assert out.count("<g>") == 1 and out.count("</g>") == 1 and out.index("<g>") < out.index("</g>")
