"""Footnote markers after a closing bracket or quote and after an abbreviation's stop (`closemarks.py`), as EU
official translations write them, in Latin (de, fr, hu), Cyrillic (ru), Japanese, Chinese and Hangul targets; the
fallbacks (no group of the translation holds the words, a sentence's stop, images split by another word's); the
text never changes and every code stays whole."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_pipeline import assert_marker_keeps_text, projected

_MINIMIS = 'The "de minimis"<x id="1"/> aid is granted.'


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # German writes the quoted term as the first part of a hyphenated compound: after the closing quote
    (_MINIMIS, "Die „De-minimis“-Beihilfe wird gewährt.", "de",
     [("minimis", "De-minimis"), ("aid", "Beihilfe"), ("granted", "gewährt")],
     'Die „De-minimis“<x id="1"/>-Beihilfe wird gewährt.'),
    # French writes the quoted term after its noun: the marker goes with the group, not with the first word
    (_MINIMIS, "L'aide « de minimis » est accordée.", "fr",
     [("de", "de"), ("minimis", "minimis"), ("aid", "aide"), ("granted", "accordée")],
     'L\'aide « de minimis »<x id="1"/> est accordée.'),
    (_MINIMIS, "「デミニミス」援助が付与される。", "ja",
     [("minimis", "デミニミス"), ("aid", "援助"), ("granted", "付与")], '「デミニミス」<x id="1"/>援助が付与される。'),
    (_MINIMIS, "给予“微量”援助。", "zh", [("minimis", "微量"), ("aid", "援助"), ("granted", "给予")],
     '给予“微量”<x id="1"/>援助。'),
    (_MINIMIS, "Помощь «де минимис» предоставляется.", "ru",
     [("minimis", "минимис"), ("aid", "Помощь"), ("granted", "предоставляется")],
     'Помощь «де минимис»<x id="1"/> предоставляется.'),
    # the Official Journal reference after the act: after the translation's bracket, whatever the words inside
    ('Regulation (EU) No 1303/2013 (OJ L 347, 20.12.2013, p. 320)<x id="1"/> applies.',
     "Az 1303/2013/EU rendelet (HL L 347., 2013.12.20., 320. o.) alkalmazandó.", "hu",
     [("Regulation", "rendelet"), ("1303", "1303"), ("OJ", "HL"), ("347", "347"), ("320", "320"), ("p", "o."),
      ("applies", "alkalmazandó")],
     'Az 1303/2013/EU rendelet (HL L 347., 2013.12.20., 320. o.)<x id="1"/> alkalmazandó.'),
    # a quoted group the translation adds (a Korean UI label) is not the source's: the group of the images is
    ('Under the rules, the "de minimis"<x id="1"/> aid is granted.', "'규정'에 따라 \"최소 허용\" 지원이 제공된다.", "ko",
     [("rules", "규정"), ("de", "최소"), ("minimis", "허용"), ("aid", "지원"), ("granted", "제공")],
     "'규정'에 따라 \"최소 허용\"<x id=\"1\"/> 지원이 제공된다."),
])
def test_a_marker_after_a_closing_mark_follows_the_translations_group(source, target, lang, pairs, expected):
    assert projected(source, target, lang, pairs) == expected


def test_the_rule_is_what_moves_the_marker_to_the_group():
    pairs = [("de", "de"), ("minimis", "minimis"), ("aid", "aide"), ("granted", "accordée")]
    target = "L'aide « de minimis » est accordée."
    assert projected(_MINIMIS, target, "fr", pairs, "closing-marks") != projected(_MINIMIS, target, "fr", pairs)


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ('costs of transport, storage, etc.<x id="1"/> are eligible', "Kosten für Transport, Lagerung usw. sind "
     "förderfähig", "de", [("transport", "Transport"), ("storage", "Lagerung"), ("etc", "usw"),
                           ("eligible", "förderfähig"), ("costs", "Kosten")],
     'Kosten für Transport, Lagerung usw.<x id="1"/> sind förderfähig'),
    # Hungarian writes the possessor first: the marker stays on the abbreviation, not on the head noun after it
    ('costs of transport, storage, etc.<x id="1"/> are eligible', "a szállítás, tárolás stb. költségei "
     "támogathatók", "hu", [("transport", "szállítás"), ("storage", "tárolás"), ("etc", "stb"),
                             ("costs", "költségei"), ("eligible", "támogathatók")],
     'a szállítás, tárolás stb.<x id="1"/> költségei támogathatók'),
    ('costs of transport, storage, etc.<x id="1"/> are eligible', "les frais de transport, de stockage, etc. sont "
     "éligibles", "fr", [("transport", "transport"), ("storage", "stockage"), ("etc", "etc"), ("costs", "frais"),
                         ("eligible", "éligibles")],
     'les frais de transport, de stockage, etc.<x id="1"/> sont éligibles'),
    # Russian writes it in three words with stops between: after the last one's stop
    ('costs of transport, storage, etc.<x id="1"/> are eligible', "расходы на транспорт, хранение и т. д. являются "
     "приемлемыми", "ru", [("transport", "транспорт"), ("storage", "хранение"), ("etc", "и т. д"),
                           ("costs", "расходы"), ("eligible", "приемлемыми")],
     'расходы на транспорт, хранение и т. д.<x id="1"/> являются приемлемыми'),
    # a comma right after the stop: the sentence goes on
    ('staff, premises, etc.<x id="1"/>, and other costs', "le personnel, les locaux, etc., et d'autres coûts", "fr",
     [("staff", "personnel"), ("premises", "locaux"), ("etc", "etc"), ("other", "autres"), ("costs", "coûts")],
     'le personnel, les locaux, etc.<x id="1"/>, et d\'autres coûts'),
    # Chinese: no stop after `等`, the marker right after it
    ('costs of transport, storage, etc.<x id="1"/> are eligible', "运输、储存等费用符合条件", "zh",
     [("transport", "运输"), ("storage", "储存"), ("etc", "等"), ("costs", "费用"), ("eligible", "符合条件")],
     '运输、储存等<x id="1"/>费用符合条件'),
])
def test_a_marker_after_an_abbreviations_stop_follows_the_abbreviation(source, target, lang, pairs, expected):
    assert projected(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs", [
    # the translation drops the quotes: no group holds the words
    (_MINIMIS, "Die De-minimis-Beihilfe wird gewährt.", "de",
     [("minimis", "De-minimis"), ("aid", "Beihilfe"), ("granted", "gewährt")]),
    # the group's words are linked to nothing
    (_MINIMIS, "L'aide « de minimis » est accordée.", "fr", [("aid", "aide"), ("granted", "accordée")]),
    # a stop before a capitalized word ends a sentence: no abbreviation
    ('The rules apply.<x id="1"/> The Commission reports.', "Die Vorschriften gelten. Die Kommission berichtet.",
     "de", [("rules", "Vorschriften"), ("apply", "gelten"), ("Commission", "Kommission"), ("reports", "berichtet")]),
    # a numbered item after the stop: the stop may end the sentence, whose verb German writes last
    ('The report was submitted to the Council.<x id="1"/> (2) The rules apply.',
     "Der Bericht wurde dem Rat vorgelegt. (2) Die Vorschriften gelten.", "de",
     [("report", "Bericht"), ("Council", "Rat"), ("submitted", "vorgelegt"), ("rules", "Vorschriften"),
      ("apply", "gelten")]),
    # another source word's translation between the abbreviation's images
    ('transport, etc.<x id="1"/> are eligible', "Transport und so weiter sind förderfähig", "de",
     [("transport", "Transport"), ("etc", "und"), ("etc", "weiter"), ("are", "so"), ("eligible", "förderfähig")]),
])
def test_without_evidence_the_earlier_placement_stands(source, target, lang, pairs):
    assert projected(source, target, lang, pairs) == projected(source, target, lang, pairs, "closing-marks")


_WORDS = st.lists(st.sampled_from(["Regulation", "(OJ", "L", "347)", '"de', 'minimis"', "etc.", "aid", "the", "and",
                                   "applies", ","]), min_size=1, max_size=8)
_TARGETS = [("Az 1303/2013/EU rendelet (HL L 347.) „de minimis” stb. alkalmazandó.", "hu"),
            ("Die „De-minimis“-Beihilfe (ABl. L 347) usw. gilt.", "de"), ("「デミニミス」援助(官報)等が適用される。", "ja"),
            ("Помощь «де минимис» (ОЖ L 347) и т. д. принят.", "ru"), ("“微量”援助（公报）等适用。", "zh")]


@settings(max_examples=40, deadline=None)
@given(_WORDS, st.integers(min_value=1, max_value=8), st.sampled_from(_TARGETS),
       st.sets(st.tuples(st.integers(0, 24), st.integers(0, 24)), max_size=14))
def test_the_text_never_changes_and_codes_stay_whole(words, cut, target_lang, links):
    assert_marker_keeps_text(words, cut, *target_lang, links)
