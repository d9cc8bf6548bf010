"""A function word of the target at a span's edge that translates nothing of its tag leaves the span where the source
writes a function word of its own just outside that edge (`edgewords._source_word_outside`, stage `edge-words`):
`a <g>Sustainable Europe Investment Plan</g>` → `Mit einer <g>Investitionsoffensive …</g>`, with no example saying so.
Hand-made pairs with their links written out in German, French, Hungarian and Russian; where nothing moves: the
source tag's own article at that edge, a word the translation links into the tag alone, Japanese and Chinese; a
property test (the text never changes, tags stay whole and nested)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize

from test_pipeline import projected

STAGE = "edge-words"


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # German: the article of `a`, its link only a spill of the noun's (EUR-Lex, both seeds)
    ("Building on it, a <g>Sustainable Plan</g> will deliver.", "Mit einer Investitionsoffensive wird es geliefert.",
     "de", [("Building", "Mit"), ("Sustainable", "Investitionsoffensive"), ("Plan", "Investitionsoffensive"),
            ("Plan", "einer"), ("deliver", "geliefert")],
     "Mit einer <g>Investitionsoffensive</g> wird es geliefert."),
    # French `le` for `the` outside the tag
    ("We read the <g>annual report</g> today.", "Nous lisons le rapport annuel aujourd'hui.", "fr",
     [("We", "Nous"), ("read", "lisons"), ("annual", "annuel"), ("report", "rapport"), ("report", "le"),
      ("today", "aujourd'hui")],
     "Nous lisons le <g>rapport annuel</g> aujourd'hui."),
    # Hungarian `az`
    ("We read the <g>annual report</g> today.", "Ma elolvassuk az éves jelentést.", "hu",
     [("We", "elolvassuk"), ("read", "elolvassuk"), ("annual", "éves"), ("report", "jelentést"), ("annual", "az"),
      ("today", "Ma")],
     "Ma elolvassuk az <g>éves jelentést</g>."),
    # Russian, the right edge: `на` for `to` after the tag
    ("Copy <ui>Reports</ui> to the disk.", "Скопируйте отчёты на диск.", "ru",
     [("Reports", "отчёты"), ("Reports", "на"), ("disk", "диск"), ("Copy", "Скопируйте")],
     "Скопируйте <ui>отчёты</ui> на диск."),
])
def test_the_counterpart_of_a_source_word_outside_the_tag_stays_outside(source, target, lang, pairs, expected):
    assert projected(source, target, lang, pairs) == expected
    assert projected(source, target, lang, pairs, without=STAGE) != expected


@pytest.mark.parametrize("source, target, lang, pairs, expected", [
    # the source tag begins with its own article: the target's is the tag's
    ("We read <g>the annual report</g> today.", "Nous lisons le rapport annuel aujourd'hui.", "fr",
     [("We", "Nous"), ("read", "lisons"), ("annual", "annuel"), ("report", "rapport"), ("report", "le"),
      ("today", "aujourd'hui")],
     "Nous lisons <g>le rapport annuel</g> aujourd'hui."),
    # linked into the tag alone, no other word translating it: the word is the tag's (`of` is outside)
    ("Tons of <g>waste</g> fell.", "Tonnen an Abfall sanken.", "de",
     [("Tons", "Tonnen"), ("waste", "an"), ("fell", "sanken")],
     None),
    # Japanese: the particle after the label stays outside
    ("Copy <ui>Reports</ui> to the disk.", "レポートをディスクにコピーします。", "ja",
     [("Reports", "レポート"), ("Reports", "を"), ("disk", "ディスク"), ("to", "に"), ("Copy", "コピー")],
     "<ui>レポート</ui>をディスクにコピーします。"),
    # Chinese: `到` is no function word the profile lists (a coverb): nothing moves
    ("Copy <ui>Reports</ui> to the disk.", "复制报告到磁盘。", "zh",
     [("Reports", "报告"), ("Reports", "到"), ("disk", "磁盘"), ("Copy", "复制")],
     None),
])
def test_nothing_moves_where_the_word_may_be_the_tags(source, target, lang, pairs, expected):
    out = projected(source, target, lang, pairs)
    assert out == projected(source, target, lang, pairs, without=STAGE)
    if expected is not None:
        assert out == expected


WORDS = {"de": ["Mit", "einer", "der", "Investitionsoffensive", "Plan", "wird", "geliefert", "von", ","],
         "fr": ["Nous", "lisons", "le", "la", "rapport", "annuel", "de", "aujourd'hui", ","],
         "hu": ["Ma", "az", "a", "éves", "jelentést", "elolvassuk", "és", ","],
         "ru": ["Скопируйте", "отчёты", "на", "для", "диск", "и", ","]}
SOURCE_WORDS = ["the", "a", "of", "to", "annual", "report", "plan", "read", "disk"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(WORDS)), st.data())
def test_the_text_never_changes_and_tags_stay_whole(lang, data):
    words = data.draw(st.lists(st.sampled_from(WORDS[lang]), min_size=2, max_size=9))
    source_words = data.draw(st.lists(st.sampled_from(SOURCE_WORDS), min_size=3, max_size=7))
    a = data.draw(st.integers(0, len(source_words) - 1))
    b = data.draw(st.integers(a + 1, len(source_words)))
    c = data.draw(st.integers(a, b))
    inner = " ".join(source_words[a:c]) + ' <x id="2"/> ' + " ".join(source_words[c:b])
    source = " ".join(source_words[:a]) + ' <g id="1">' + inner.strip() + "</g> " + " ".join(source_words[b:]) + "."
    target = " ".join(words) + "."
    pairs = data.draw(st.lists(st.tuples(st.sampled_from(source_words), st.sampled_from(words)), max_size=8))
    out = projected(source.strip(), target, lang, [(s, t) for s, t in pairs if t != ","])
    assert strip(out) == target
    assert is_well_formed(tokenize(out))
    assert out.count('<g id="1">') == 1 and out.count("</g>") == 1 and out.count('<x id="2"/>') == 1
