"""A stop the translation adds at a tag's end is the sentence's (issue 35, t35eur4: EUR-Lex `punct`).

* a span whose source tag ends with a mark that belongs to its number or word (`<g>5%</g>`, `§`, `*`:
  `edges.WORD_MARKS`) does not take in the stop the translation writes after it (`um <g>5 %</g>.`): that mark is of
  a symbol's class, not of the stop's (`edges._same_class`);
* a point glued to the end of a source text that has no stop (`… rules”<x/>`, a title, a list item, a table cell)
  goes before the stop the translation adds at the end (`… tanulmány<x/>.`): a footnote marker follows the word it
  marks, before the punctuation after it (`pointanchors._before_added_stop`); a source that ends with its stop keeps
  the point after it (`Council.<x/>`), and the half of a pair split across segments (`<ex/>`) stays at the edge.

Hand-made pairs in German, French, Hungarian (Latin), Russian (Cyrillic), Japanese and Chinese, with their word links
written out, run through the real pipeline; a property test: the text never changes and the codes stay whole.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import strip
from tagmt.projection.detag import detag

from test_pipeline import projected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ("It rose by <g>5%</g> in 2018.", "Es stieg 2018 um 5\u00a0%.", "de",
     [("rose", "stieg"), ("5", "5"), ("%", "%"), ("2018", "2018")], "Es stieg 2018 um <g>5\u00a0%</g>."),
    ("It rose by <g>5%</g> in 2018.", "En 2018, il a augmenté de 5\u00a0%.", "fr",
     [("rose", "augmenté"), ("5", "5"), ("%", "%"), ("2018", "2018")], "En 2018, il a augmenté de <g>5\u00a0%</g>."),
    ("It rose by <g>5%</g> in 2018.", "A növekedés 2018-ban 5 % volt.", "hu",
     [("rose", "növekedés"), ("5", "5"), ("%", "%"), ("2018", "2018")], "A növekedés 2018-ban <g>5 %</g> volt."),
    ("The growth in 2018: <g>5%</g>", "A növekedés 2018-ban: 5 %.", "hu",
     [("growth", "növekedés"), ("5", "5"), ("%", "%"), ("2018", "2018")], "A növekedés 2018-ban: <g>5 %</g>."),
    ("It rose by <g>5%</g> in 2018.", "В 2018 году рост составил 5\u00a0%.", "ru",
     [("rose", "рост"), ("5", "5"), ("%", "%"), ("2018", "2018")], "В 2018 году рост составил <g>5\u00a0%</g>."),
    ("It rose by <g>5%</g> in 2018.", "2018年に5%増加した。", "ja",
     [("rose", "増加"), ("5", "5"), ("%", "%"), ("2018", "2018")], "2018年に<g>5%</g>増加した。"),
    ("See <g>Article 3*</g> below.", "Siehe unten Artikel 3*.", "de",
     [("See", "Siehe"), ("Article", "Artikel"), ("3", "3"), ("below", "unten")], "Siehe unten <g>Artikel 3*</g>."),
    # a tag that ends with the sentence's own mark keeps taking it (`<g>done.</g>` → `<g>fertig.</g>`)
    ("It is <g>done.</g>", "Es ist fertig.", "de", [("It", "Es"), ("done", "fertig")], "Es ist <g>fertig.</g>"),
    ("It is <g>done.</g>", "Это сделано.", "ru", [("It", "Это"), ("done", "сделано")], "Это <g>сделано.</g>"),
])
def test_a_tag_ending_with_a_words_mark_leaves_the_sentences_stop_out(source, target, lang, pairs, expected):
    assert projected(source, target, lang, pairs) == expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    ('<g id="1">Study on the “beef rules”<x id="2"/></g>', "<g>Tanulmány a „marhahús szabályokról”.</g>", "hu",
     [("Study", "Tanulmány"), ("beef", "marhahús"), ("rules", "szabályokról")],
     '<g id="1">Tanulmány a „marhahús szabályokról”<x id="2"/>.</g>'),
    ('<g id="1">Study on the beef rules<x id="2"/></g>', "Studie über die Rindfleischregeln.", "de",
     [("Study", "Studie"), ("rules", "Rindfleischregeln")],
     '<g id="1">Studie über die Rindfleischregeln<x id="2"/>.</g>'),
    ("Study on the beef rules<x id=\"2\"/>", "Étude sur les règles relatives au bœuf.", "fr",
     [("Study", "Étude"), ("rules", "règles"), ("beef", "bœuf")], 'Étude sur les règles relatives au bœuf<x id="2"/>.'),
    ("Study on the beef rules<x id=\"2\"/>", "Исследование правил о говядине.", "ru",
     [("Study", "Исследование"), ("rules", "правил"), ("beef", "говядине")],
     'Исследование правил о говядине<x id="2"/>.'),
    ("Study on the beef rules<x id=\"2\"/>", "牛肉规则研究。", "zh", [("Study", "研究"), ("rules", "规则"), ("beef", "牛肉")],
     '牛肉规则研究<x id="2"/>。'),
    # the source's own stop: the point stays after it, as the source writes it
    ("The report of the Council.<x id=\"1\"/>", "Der Bericht des Rates.", "de",
     [("report", "Bericht"), ("Council", "Rates")], 'Der Bericht des Rates.<x id="1"/>'),
    ("The report of the Council<x id=\"1\"/>.", "Доклад Совета.", "ru", [("report", "Доклад"), ("Council", "Совета")],
     'Доклад Совета<x id="1"/>.'),
    # the closing half of a pair split across segments runs to the edge
    ("Study on the beef rules<ex id=\"2\"/>", "Studie über die Rindfleischregeln.", "de",
     [("Study", "Studie"), ("rules", "Rindfleischregeln")], 'Studie über die Rindfleischregeln.<ex id="2"/>'),
])
def test_a_point_at_the_end_goes_before_the_stop_the_translation_adds(source, target, lang, pairs, expected):
    assert projected(source, strip(target), lang, pairs) == expected


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["Bericht", "Rates", "5", "%", "»", "доклад", "報告", "2019"]), min_size=1,
                max_size=6),
       st.sampled_from(["", ".", "!", "。", " .", "..."]), st.sampled_from(["x", "ex"]),
       st.sampled_from(["de", "fr", "hu", "ru", "ja"]), st.booleans())
def test_the_text_never_changes_and_the_codes_stay_whole(words, stop, name, lang, wrapped):
    target = " ".join(words) + stop
    inner = f'the report of 5%<{name} id="2"/>'
    source = f'<g id="1">{inner}</g>' if wrapped else inner
    pairs = [(w, w) for w in ("5", "%") if w in words]
    out = projected(source, target, lang, pairs)
    assert detag(out).plain == target
    assert out.count(f'<{name} id="2"/>') == 1
    if wrapped:
        assert out.count('<g id="1">') == out.count("</g>") == 1
        assert out.index('<g id="1">') < out.index(f'<{name} id="2"/>') < out.index("</g>")
