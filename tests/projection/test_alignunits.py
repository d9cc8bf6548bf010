"""The units the aligner sees: Chinese dictionary words over one-character words, links spread back."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.alignunits import (
    align_words,
    spread_links,
    unit_groups,
    unit_rule,
    unit_texts,
    view_sentences,
    views,
)
from tagmt.projection.wordbreak import icu_available
from tagmt.projection.wordseg import words_with_offsets

needs_icu = pytest.mark.skipif(not icu_available(), reason="PyICU (the align extra) is not installed")


class Recorder:
    """An aligner that records what it is given and links unit k to unit k of every pair."""

    name = "recorder"
    learns_from_corpus = True

    def __init__(self) -> None:
        self.calls: list[tuple[list[list[str]], list[list[str]]]] = []

    def align(self, src, trg):
        self.calls.append(([list(s) for s in src], [list(t) for t in trg]))  # the inputs may be lazy
        return [{(k, k) for k in range(min(len(s), len(t)))} for s, t in zip(src, trg)]


@needs_icu
@pytest.mark.parametrize("lang", ["zh", "zf", "zh_CN"])
def test_chinese_units_are_dictionary_words_over_characters(lang):
    text = "选择到期日期和SAP经典视图。"
    words = words_with_offsets(text, lang)
    assert all(len(w.text) == 1 for w in words if w.text not in ("SAP",))  # placement: characters
    units = unit_texts(words, unit_groups(words, lang))
    assert units == ["选择", "到期", "日期", "和", "SAP", "经典", "视图", "。"]
    assert unit_rule(lang) == "icu-words"


@needs_icu
def test_a_unit_never_crosses_a_cut():
    text = "选择到期日期"
    words = words_with_offsets(text, "zh", cuts=[3])  # a tag begins at 期
    units = unit_texts(words, unit_groups(words, "zh", cuts=[3]))
    assert "到期" not in units and "".join(units) == text
    assert all(not (w.start < 3 < w.end) for w in words)


@pytest.mark.parametrize("lang, text", [
    ("en", "Select the due date."), ("de", "Wählen Sie das Fälligkeitsdatum."),
    ("ja", "支払期日を選択します。"), ("ko", "만기일을 선택하십시오."), ("th", "เลือกวันครบกำหนด"),
])
def test_other_languages_align_on_their_words(lang, text):
    words = words_with_offsets(text, lang)
    assert unit_rule(lang) == "words"
    assert views(words, lang) == [[(k, k + 1) for k in range(len(words))]]


def test_spread_links_gives_every_word_of_a_unit_its_links():
    assert spread_links({(0, 1), (1, 0)}, [(0, 1), (1, 3)], [(0, 2), (2, 3)]) == {
        (0, 2), (1, 0), (1, 1), (2, 0), (2, 1)}
    assert spread_links({(5, 0)}, [(0, 1)], [(0, 1)]) == set()  # a link past the units is dropped


@needs_icu
def test_chinese_pairs_are_aligned_on_both_views_and_links_joined():
    src = words_with_offsets("the due date", "en")
    trg = words_with_offsets("到期日期", "zh")
    aligner = Recorder()
    (links,) = align_words(aligner, [src], [trg], "en", "zh")
    assert [call[1] for call in aligner.calls] == [[["到", "期", "日", "期"]], [["到期", "日期"]]]
    assert [call[0] for call in aligner.calls] == [[["the", "due", "date"]]] * 2
    # characters: k-k; words: the→到期 (both characters), due→日期
    assert links == {(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (1, 3)}


def test_one_view_when_no_side_has_units():
    src = words_with_offsets("Select the date", "en")
    trg = words_with_offsets("Wählen Sie das Datum", "de")
    aligner = Recorder()
    assert list(align_words(aligner, [src], [trg], "en", "de")) == [{(0, 0), (1, 1), (2, 2)}]
    assert len(aligner.calls) == 1


@needs_icu
def test_a_pretrained_aligner_sees_the_words_only():
    aligner = Recorder()
    aligner.learns_from_corpus = False
    align_words(aligner, [words_with_offsets("due date", "en")], [words_with_offsets("到期日期", "zh")],
                "en", "zh")
    assert aligner.calls == [([["due", "date"]], [["到", "期", "日", "期"]])]


@needs_icu
def test_extra_pairs_are_aligned_along_but_not_returned():
    aligner = Recorder()
    extra = [(words_with_offsets("due", "en"), words_with_offsets("到期", "zh"))]
    found = align_words(aligner, [words_with_offsets("date", "en")], [words_with_offsets("日期", "zh")],
                        "en", "zh", extra=extra)
    assert len(found) == 1
    assert aligner.calls[1][1] == [["日期"], ["到期"]]


@needs_icu
def test_view_sentences_are_what_tagmt_learn_writes():
    src, trg = words_with_offsets("due date", "en"), words_with_offsets("到期日期", "zh")
    assert view_sentences(src, trg, "en", "zh") == [
        (["due", "date"], ["到", "期", "日", "期"]), (["due", "date"], ["到期", "日期"])]
    de = words_with_offsets("Datum", "de")
    assert view_sentences(src, de, "en", "de") == [(["due", "date"], ["Datum"])]


_HAN_OR_NOT = st.text(alphabet=st.sampled_from(list("到期日期经典视图选择和的中 ,.SAP1《》")), max_size=30)


@needs_icu
@settings(max_examples=150, deadline=None)
@given(_HAN_OR_NOT, st.lists(st.integers(0, 30), max_size=4))
def test_units_cover_every_word_once_in_order_and_are_text_of_the_sentence(text, cuts):
    words = words_with_offsets(text, "zh", cuts)
    groups = unit_groups(words, "zh", cuts)
    assert [k for a, b in groups for k in range(a, b)] == list(range(len(words)))
    for (a, b), unit in zip(groups, unit_texts(words, groups)):
        assert unit == text[words[a].start : words[b - 1].end]  # joined words touch: text is exact
        assert not any(words[a].start < c < words[b - 1].end for c in cuts)


@needs_icu
@settings(max_examples=80, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("due date of the item")), max_size=25), _HAN_OR_NOT)
def test_links_stay_on_the_words_of_their_pair(source, target):
    """Whatever the units, every link joins a word of the source to a word of the target, and each
    word of a unit carries the links of its unit's view."""
    src, trg = words_with_offsets(source, "en"), words_with_offsets(target, "zh")
    (links,) = align_words(Recorder(), [src], [trg], "en", "zh")
    assert all(0 <= i < len(src) and 0 <= j < len(trg) for i, j in links)
    groups = unit_groups(trg, "zh")
    for k, (a, b) in enumerate(groups):
        if k < len(src):  # the recorder links unit k to source word k in the units' view
            assert all((k, j) in links for j in range(a, b))


def test_the_lazy_views_index_from_the_end_as_lists_do():
    # an aligner may read src_words[-1]: the last pair (here the extra corpus's), never the batch's
    from tagmt.projection.alignunits import _Joined, _ViewTexts

    joined = _Joined(["a"], ["b", "c"])
    assert [joined[-1], joined[-3]] == ["c", "a"]
    with pytest.raises(IndexError):
        joined[3]
    sentences = _Joined([words_with_offsets("one", "en")], [words_with_offsets("two three", "en")])
    view = _ViewTexts(sentences, "en", [(), ()], 0, True)
    assert view[-1] == list(view)[-1] == ["two", "three"]


class Scorer(Recorder):
    """A Recorder with `align_scored`: unit k–k of every pair at the share `diagonal` gives (by view),
    and unit 0 to the last unit of the target at 1/3 (below the vote)."""

    def __init__(self, diagonal: list[float]) -> None:
        super().__init__()
        self.diagonal = diagonal

    def align_scored(self, src, trg):
        share = self.diagonal[len(self.calls)]
        self.calls.append(([list(s) for s in src], [list(t) for t in trg]))
        return [{**{(k, k): share for k in range(min(len(s), len(t)))}, (0, len(t) - 1): 1 / 3}
                for s, t in zip(src, trg)]


@needs_icu
@pytest.mark.parametrize("how, expected", [
    # characters: (0,0) (1,1) (2,2) at 2/3, (0,3) at 1/3; words: the→到期 and due→日期 at 1, the→日期 at 1/3
    ("max", {(0, 0): 1.0, (1, 1): 2 / 3, (2, 2): 2 / 3, (0, 1): 1.0, (1, 2): 1.0, (1, 3): 1.0,
             (0, 2): 1 / 6, (0, 3): 1 / 6}),
    ("mean", {(0, 0): 5 / 6, (1, 1): 1 / 3, (2, 2): 1 / 3, (0, 1): 0.5, (1, 2): 0.5, (1, 3): 0.5,
              (0, 2): 1 / 12, (0, 3): 1 / 6}),
])
def test_two_views_join_their_shares_per_word_link(monkeypatch, how, expected):
    from tagmt.projection import confidence

    monkeypatch.setattr(confidence, "VIEW_JOIN", how)
    src = words_with_offsets("the due date", "en")
    trg = words_with_offsets("到期日期", "zh")
    aligner = Scorer([2 / 3, 1.0])
    store = align_words(aligner, [src], [trg], "en", "zh", weak=0.5)
    assert [call[1] for call in aligner.calls] == [[["到", "期", "日", "期"]], [["到期", "日期"]]]
    # the links are those of either view's vote, as without confidences; (0, 2) and (0, 3) are weak
    assert store[0] == {(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (1, 3)}
    assert store.weighted(0) == pytest.approx(expected, abs=1e-9)


def test_one_view_keeps_the_voted_shares():
    aligner = Scorer([2 / 3])
    store = align_words(aligner, [words_with_offsets("a b", "en")], [words_with_offsets("x y z", "de")],
                        "en", "de", weak=0.5)
    assert len(aligner.calls) == 1
    assert store[0] == {(0, 0), (1, 1)}
    assert store.weighted(0) == pytest.approx({(0, 0): 2 / 3, (1, 1): 2 / 3, (0, 2): 1 / 6}, abs=1 / 60)
