"""Footnote markers (`footnotes.py`): a point written against the end of a word follows the translation of the noun
phrase that word ends, where the translation's word order moved a verb between them — in Latin (German,
Hungarian), Japanese, Korean and Cyrillic targets — and stays where nothing shows such a move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.footnotes import follow_phrases, source_phrase
from tagmt.projection.profiles import profile_for
from tagmt.projection.render import render_spans
from tagmt.projection.stages import Pipeline
from tagmt.projection.wordseg import words_with_offsets

from test_pipeline import _context, projected


def _project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], without: bool = False) -> str:
    return projected(source, target, lang, pairs, "footnote-marks" if without else "")


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # German puts the verb last: the marker stays on the noun phrase, not after the verb
    ("Member States must use a standard document<x/>.", "Die Mitgliedstaaten müssen einen einheitlichen Begleitschein "
     "verwenden.", "de", [("Member", "Mitgliedstaaten"), ("must", "müssen"), ("use", "verwenden"),
                          ("standard", "einheitlichen"), ("document", "Begleitschein"), (".", ".")],
     "Die Mitgliedstaaten müssen einen einheitlichen Begleitschein<x/> verwenden."),
    # a legal act's number the translation writes otherwise (EC → EG): the whole token is the phrase's end
    ("The contract was amended by Directive 2004/18/EC<x/>.", "Der Vertrag wurde durch die Richtlinie 2004/18/EG "
     "geändert.", "de", [("contract", "Vertrag"), ("amended", "geändert"), ("by", "durch"), ("Directive", "Richtlinie"),
                         ("2004", "2004"), ("18", "18"), ("EC", "EG"), ("was", "wurde"), (".", ".")],
     "Der Vertrag wurde durch die Richtlinie 2004/18/EG<x/> geändert."),
    # Japanese and Korean: the marker before the case particle, the verb after
    ("The committee adopted the Regulation<x/>.", "委員会は規則を採択した。", "ja",
     [("committee", "委員会"), ("adopted", "採択"), ("Regulation", "規則"), (".", "。")], "委員会は規則<x/>を採択した。"),
    ("The committee adopted the Regulation<x/>.", "위원회는 규정을 채택했다.", "ko",
     [("committee", "위원회는"), ("adopted", "채택했다"), ("Regulation", "규정"), (".", ".")], "위원회는 규정<x/>을 채택했다."),
])
def test_a_marker_follows_its_phrase_where_the_verb_moved_past_it(source, target, lang, pairs, expected):
    assert _project(source, target, lang, pairs, without=True) != expected  # (the links alone put it after the verb)
    assert _project(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the same order: the phrase's translation ends where the marker is
    ("The committee amended the Directive<x/>.", "Комиссия изменила Директиву.", "ru",
     [("committee", "Комиссия"), ("amended", "изменила"), ("Directive", "Директиву"), (".", ".")]),
    ("The committee adopted the Regulation<x/>.", "委员会通过了该条例。", "zh",
     [("committee", "委员会"), ("adopted", "通过"), ("Regulation", "条例"), (".", "。")]),
    # an adjective the links missed after the noun: no verb between, the marker stays at the phrase's end
    ("The Directive requires the use of a standard document<x/>.", "La directive exige l'utilisation d'un document "
     "uniforme.", "fr", [("Directive", "directive"), ("requires", "exige"), ("use", "utilisation"),
                         ("document", "document"), (".", ".")]),
    # a postposition that translates the preposition before the phrase is not a moved verb
    ("It has major consequences for humanity<x/>.", "Komoly következményekkel jár az emberiség számára.", "hu",
     [("major", "Komoly"), ("consequences", "következményekkel"), ("has", "jár"), ("humanity", "emberiség"),
      ("for", "számára"), (".", ".")]),
    # a marker at the end of its parent's text stays at the parent's edge
    ("<g>Principles for the control of shipments<x/> </g>", "A szállítások ellenőrzésére vonatkozó elvek ", "hu",
     [("shipments", "szállítások"), ("control", "ellenőrzésére"), ("Principles", "elvek")]),
    # not glued to a word: a spaced code, a code between two glued words
    ("Member States must use a document <x/>.", "Die Mitgliedstaaten müssen einen Beleg verwenden.", "de",
     [("Member", "Mitgliedstaaten"), ("use", "verwenden"), ("document", "Beleg")]),
    ("Exchange rate<x/>July 2019", "Wechselkurs Juli 2019", "de", [("Exchange", "Wechselkurs"), ("July", "Juli")]),
])
def test_a_marker_stays_where_nothing_moved_between_it_and_its_phrase(source, target, lang, pairs):
    assert _project(source, target, lang, pairs) == _project(source, target, lang, pairs, without=True)


@pytest.mark.parametrize("text, phrase, wide", [
    ("as amended by Directive 2004/18/EC", "Directive 2004 / 18 / EC", "Directive 2004 / 18 / EC"),
    ("according to the types of shipments", "types of shipments", "types of shipments"),
    ("the use of a standard document", "standard document", "use of a standard document"),
    ("in the Treaty on the Functioning of the European Union", "Treaty on the Functioning of the European Union",
     "Treaty on the Functioning of the European Union"),
    ("EUR 100,000 (write-off reports", "write - off reports", "write - off reports"),
    ("reported for the second time", "second time", "second time"),
    ("has consequences for humanity", "humanity", "humanity"),
])
def test_the_phrase_a_marker_closes(text, phrase, wide):
    english = profile_for("en")
    words = words_with_offsets(text, "en")
    found = source_phrase(words, len(words) - 1, english.function_words, english.noun_links)
    assert " ".join(words[k].text for k in sorted(found)) == phrase
    found = source_phrase(words, len(words) - 1, english.function_words, english.noun_links, wide=True)
    assert " ".join(words[k].text for k in sorted(found)) == wide


_WORDS = st.lists(st.sampled_from(["Richtlinie", "der", "geändert", "規則", "が", "규정", "을", "директива", ",", "."]),
                  min_size=1, max_size=6)


@settings(max_examples=15, deadline=None)
@given(words=_WORDS, lang=st.sampled_from(["de", "ja", "ko", "ru", "hu"]), linked=st.sets(st.integers(0, 5)))
def test_the_text_never_changes_and_every_code_stays_whole(words, lang, linked):
    source = "The <b>Regulation</b> was amended by Directive<x/> and the Decision<y/>, now."
    target = " ".join(words)
    ctx = _context(source, target, lang, [])
    names = ["Regulation", "amended", "Directive", "Decision", "now", "by"]
    ctx.links = {(next(i for i, w in enumerate(ctx.src) if w.text == names[k]), j)
                 for k in linked for j in range(len(ctx.trg)) if (j + k) % 3 == 0}
    out = render_spans(target, Pipeline.for_profile(ctx.profiles.trg).spans(ctx))[0]
    for code in ("<x/>", "<y/>", "<b>", "</b>"):
        assert out.count(code) == 1
    assert out.index("<b>") < out.index("</b>")
    assert out.replace("<x/>", "").replace("<y/>", "").replace("<b>", "").replace("</b>", "") == target


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the noun the marked phrase depends on (`the use of`): Hungarian writes the possessor first, and the noun after
    # it with the marker; German writes a possessor after its noun, so a word for `use` after the phrase is a verb
    ("Member States require the use of a document<x/>.", "A tagállamok előírják egy dokumentum használatát.", "hu",
     [("Member", "tagállamok"), ("require", "előírják"), ("use", "használatát"), ("document", "dokumentum")],
     "A tagállamok előírják egy dokumentum használatát<x/>."),
    ("Member States require the use of a document<x/>.", "Die Mitgliedstaaten verlangen, ein Dokument zu verwenden.",
     "de", [("Member", "Mitgliedstaaten"), ("require", "verlangen"), ("use", "verwenden"), ("document", "Dokument")],
     "Die Mitgliedstaaten verlangen, ein Dokument<x/> zu verwenden."),
    ("Member States require the use of a document<x/>.", "加盟国は文書の使用を求める。", "ja",
     [("Member", "加盟国"), ("require", "求める"), ("use", "使用"), ("document", "文書")],
     "加盟国は文書の使用<x/>を求める。"),
    # German capitalizes its nouns: an unlinked lower-case word after the phrase is its verb; Hungarian does not
    # (`használatát`, a noun, or `számára`, a postposition, the aligner left unlinked): no evidence
    ("Member States require the use of a document<x/>.", "Die Mitgliedstaaten verlangen, ein Dokument zu verwenden.",
     "de", [("Member", "Mitgliedstaaten"), ("require", "verlangen"), ("document", "Dokument")],
     "Die Mitgliedstaaten verlangen, ein Dokument<x/> zu verwenden."),
    ("Member States require the use of a document<x/>.", "A tagállamok előírják egy dokumentum használatát.", "hu",
     [("Member", "tagállamok"), ("require", "előírják"), ("document", "dokumentum")],
     "A tagállamok előírják egy dokumentum használatát<x/>."),
])
def test_only_a_moved_verb_takes_a_marker_back_to_its_phrase(source, target, lang, pairs, expected):
    """The marker placed at the clause's end (where the link-based split puts it in a verb-final translation)."""
    ctx = _context(source, target, lang, pairs)
    spans = Pipeline([stage for stage in Pipeline.for_profile(ctx.profiles.trg).stages
                      if stage.name != "footnote-marks"]).spans(ctx)
    point = next(span for span in spans if span.point)
    point.start = point.end = len(target.rstrip(".。"))
    assert render_spans(target, follow_phrases(spans, ctx))[0] == expected


def test_a_number_the_translation_writes_inside_a_longer_token_is_a_phrase_not_a_copy():
    # (Hungarian writes `No 1303/2013` as `1303/2013/EU` before the noun: not the number's copy, standalone.py —
    # and the marker is no longer this rule's there, test_free_word_order_leaves_markers_where_placed)
    source = "It was amended by Regulation (EU) No 1303/2013<x/>."
    # German copies it whole: the standalone-codes stage puts the marker against the copy
    assert _project(source, "Dies wurde durch die Verordnung (EU) Nr. 1303/2013 geändert.", "de",
                    [("Regulation", "Verordnung"), ("amended", "geändert"), ("No", "Nr")]) == \
        "Dies wurde durch die Verordnung (EU) Nr. 1303/2013<x/> geändert."


@pytest.mark.parametrize("source, target, pairs, moved", [
    ("The report was submitted for the period 2015-2017<x/>.", "A jelentést a 2015–2017 közötti időszakra nyújtották "
     "be.", [("report", "jelentést"), ("submitted", "nyújtották"), ("period", "időszakra"), ("2015", "2015"),
             ("2017", "2017"), (".", ".")], "A jelentést a 2015–2017 közötti időszakra<x/> nyújtották be."),
    ("It is laid down in Regulation (EU) No 1303/2013 of the Council<x/>.",
     "Ezt a Tanács 1303/2013/EU rendelete állapítja meg.",
     [("Council", "Tanács"), ("Regulation", "rendelete"), ("laid", "állapítja"), ("down", "meg"), ("1303", "1303")],
     "Ezt a Tanács 1303/2013/EU rendelete<x/> állapítja meg."),
    ("It was amended by Council Directive 92/43/EEC<x/>.", "Ezt a 92/43/EGK tanácsi irányelv módosította.",
     [("Council", "tanácsi"), ("Directive", "irányelv"), ("amended", "módosította"), ("92", "92")],
     "Ezt a 92/43/EGK tanácsi irányelv<x/> módosította."),
])
def test_free_word_order_leaves_markers_where_placed(source, target, pairs, moved):
    """Hungarian orders its words by topic and focus, not with the verb bound to the clause's end: the rule (moved
    verbs between a phrase and its marker) is for German/Dutch verb brackets and head-final Japanese/Korean only.
    Measured: in Hungarian it gained nothing on the dev part and lost on the (spent) lockbox, where translators
    put the marker after the verb as often as after the phrase."""
    out = _project(source, target, "hu", pairs)
    assert out != moved and out == _project(source, target, "hu", pairs, without=True)
