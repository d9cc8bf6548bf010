"""Placement given imperfect links (issue 21): where the word links leave a tag's words without a
home, or link a repeated word to the wrong copy, the span follows what the translation shows.
Hand-made links, so no aligner decides; properties on random links (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.markup import is_well_formed, strip, tokenize
from tagmt.projection import detag, project_tags
from tagmt.projection.context import PairContext
from tagmt.projection.edges import Edge, Span, Unit
from tagmt.projection.inside_outside import _Projector
from tagmt.projection.units import dictionary_words, respect_units, unknown_compounds
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, translation: str, pairs, src_lang="en", trg_lang="ja") -> str:
    """Project with links given as (source word index, target word index)."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, src_lang, detagged.cuts())
    trg = words_with_offsets(translation, trg_lang)
    return project_tags(detagged, translation, src, trg, set(pairs))


# --------------------------------------------------------------------------- unlinked edge words


def test_a_tag_with_unlinked_edge_words_grows_over_unlinked_target_words_japanese():
    # results(0) from(1) Chronic(2) Toxicity(3) to(4) Fish(5) and(6) more(7)
    # 魚(0) に対する(1) 慢性(2) 毒性(3) および(4) 藻類(5) に対する(6) 毒性(7) から(8)
    out = project("results from <b>Chronic Toxicity to Fish</b> and more",
                  "魚に対する慢性毒性および藻類に対する毒性から", {(2, 2), (6, 4), (1, 8)})
    assert out == "<b>魚に対する慢性毒性</b>および藻類に対する毒性から"


def test_a_tag_with_unlinked_edge_words_grows_over_unlinked_target_words_korean():
    # Select(0) Not(1) in(2) Work(3) .(4) / 작업(0) 중(1) 아님(2) 을(3) 선택(4) 합니다(5) .(6)
    out = project("Select <b>Not in Work</b>.", "작업 중 아님을 선택합니다.",
                  {(3, 0), (0, 4), (4, 6)}, trg_lang="ko")
    assert out == "<b>작업 중 아님</b>을 선택합니다."


def test_unlinked_words_inside_a_tag_do_not_make_it_grow():
    """`to` lies between two linked words of the tag: its home is inside the span already, and
    the unlinked verb after the span is not the tag's (German puts it at the end)."""
    source = "He looked at the <g>obstacles to citizens</g>."
    # He(0) looked(1) at(2) the(3) obstacles(4) to(5) citizens(6) .(7)
    # Er(0) hat(1) die(2) Hindernisse(3) für(4) Bürger(5) betrachtet(6) .(7)
    out = project(source, "Er hat die Hindernisse für Bürger betrachtet.",
                  {(0, 0), (3, 2), (4, 3), (6, 5), (7, 7)}, trg_lang="de")
    assert out == "Er hat die <g>Hindernisse für Bürger</g> betrachtet."


def test_growth_stops_at_punctuation_and_at_words_linked_outside():
    # a(0) b(1) <b>c(2) d(3)</b> e(4): only c is linked; 、 and the word linked to `e` stop it
    out = project("a b <b>c d</b> e", "甲、乙丙丁戊", set(), trg_lang="ja")
    assert strip(out) == "甲、乙丙丁戊"


def test_a_run_longer_than_the_unlinked_words_is_not_taken():
    # Click(0) Big(1) Files(2) now(3): `Big` unlinked (one word), two unlinked nouns precede
    # 회사(0) 부서(1) 파일(2) 을(3) 지금(4) 클릭(5)
    out = project("Click <b>Big Files</b> now", "회사 부서 파일을 지금 클릭",
                  {(2, 2), (3, 4), (0, 5)}, trg_lang="ko")
    assert out == "회사 부서 <b>파일</b>을 지금 클릭"


# --------------------------------------------------------------------------- repeated words


def test_a_repeat_of_an_outside_words_translation_is_not_glued():
    # the(0) Post(1) or(2) the(3) Complete(4) button(5) .(6)
    # 転記(0) ボタン(1) または(2) 完了(3) ボタン(4) を(5) 選択(6) し(7) ます(8) 。(9)
    out = project("the <b>Post</b> or the <b>Complete</b> button.",
                  "転記ボタンまたは完了ボタンを選択します。",
                  {(1, 0), (2, 2), (4, 3), (5, 4), (6, 9)})
    assert out == "<b>転記</b>ボタンまたは<b>完了</b>ボタンを選択します。"


def test_a_repeat_of_the_tags_own_word_is_glued():
    """`Move` is in both tags: the copy linked to the other tag's `Move` is not an outside word."""
    # Move(0) Up(1) and(2) Move(3) Down(4) / 上(0) に(1) 移動(2) および(3) 下(4) に(5) 移動(6)
    out = project("<b>Move Up</b> and <b>Move Down</b>", "上に移動および下に移動",
                  {(1, 0), (2, 3), (4, 4), (3, 6)})
    assert out == "<b>上に移動</b>および<b>下に移動</b>"


@pytest.mark.parametrize("translation, trg_lang, links, expected", [
    # You(0) can(1) then(2) Recalculate(3) DLT(4) to(5) calculate(6) the(7) time(8) .(9)
    ("その後、DLT 再計算を実行して、時間を計算します。", "ja",
     {(2, 0), (4, 2), (3, 4), (8, 10), (6, 12), (9, 15)},
     "その後、<b>DLT 再計算</b>を実行して、時間を計算します。"),
    ("그리고 DLT 재계산을 통해 리드 타임을 계산할 수 있습니다.", "ko",
     {(2, 0), (4, 1), (3, 2), (8, 7), (6, 9), (1, 11), (9, 14)},
     "그리고 <b>DLT 재계산</b>을 통해 리드 타임을 계산할 수 있습니다."),
])
def test_a_repeat_linked_to_a_kin_of_the_tags_word_is_glued(translation, trg_lang, links, expected):
    """計算 is linked to `calculate` outside the tag, but the tag's `Recalculate` holds it."""
    source = "You can then <b>Recalculate DLT</b> to calculate the time."
    assert project(source, translation, links, trg_lang=trg_lang) == expected


def test_an_unlinked_span_does_not_grow_back_over_a_predicate():
    """`해당하며` (`and belongs`) ends a clause of its own: not a part of the tag's term."""
    # objects(0) with(1) the(2) Expiration(3) Date(4) and(5) dates(6)
    # 오브젝트(0) 에(1) 해당(2) 하(3) 며(4) 만료일(5) 과(6) 일자(7) 가(8)
    out = project("objects with the <b>Expiration Date</b> and dates",
                  "오브젝트에 해당하며 만료일과 일자가", {(0, 0), (4, 5), (5, 6), (6, 7)},
                  trg_lang="ko")
    assert out == "오브젝트에 해당하며 <b>만료일</b>과 일자가"


# --------------------------------------------------------------------------- kanji compounds


def test_unknown_kanji_runs_of_japanese_are_one_word():
    pytest.importorskip("icu")
    text = "ステータスを未消込に設定します。"
    assert (6, 9) in dictionary_words(text)  # 未|消|込: ICU knows none of it as a word
    assert unknown_compounds(text) == [(6, 9)]
    assert unknown_compounds("将处理状态重置为到期。") == []  # Chinese: a character may be a word
    assert unknown_compounds("グループ化基準を選択") == []  # 化 alone is no run


@pytest.mark.parametrize("text, start, end, expected", [
    ("ステータスを未消込に設定します。", 6, 8, "未消込"),  # `<b>未消</b>込`
    ("以下を実行する場合は、絞込から戻ります。", 11, 12, "絞込"),  # `<b>絞</b>込`
])
def test_an_edge_does_not_split_an_unknown_kanji_compound(text, start, end, expected):
    pytest.importorskip("icu")
    source = detag("<b>x</b>")
    (span,) = respect_units([Span(source.tags[0], start, end, 0, False)], PairContext(source, text, [], [], set()))
    assert text[span.start : span.end] == expected


def test_links_do_not_split_an_unknown_kanji_compound():
    """込 is linked to `back`, outside the tag: a stray link to one character of a compound ICU
    does not know, which is no word of its own."""
    pytest.importorskip("icu")
    # set(0) back(1) to(2) status(3) Open(4) / ステータス(0) を(1) 未(2) 消(3) 込(4) に(5) 設定(6)…
    out = project("set back to status <b>Open</b>", "ステータスを未消込に設定します",
                  {(3, 0), (4, 2), (4, 3), (1, 4), (0, 6)})
    assert out == "ステータスを<b>未消込</b>に設定します"


def test_a_head_kanji_linked_outside_is_cut_off_an_unknown_compound():
    """`消|込|列` is one run of kanji ICU does not know, but `列` translates `column`, outside the
    tag, and `消込` the tag's `Clear`: the head noun written against the term stays outside."""
    pytest.importorskip("icu")
    # Select(0) the(1) Clear(2) column(3) .(4) / 消(0) 込(1) 列(2) を(3) 選択(4) し(5) ます(6) 。(7)
    links = {(2, 0), (2, 1), (3, 2), (0, 4), (4, 7)}
    assert project("Select the <b>Clear</b> column.", "消込列を選択します。", links) == "<b>消込</b>列を選択します。"
    # the head linked to the tag too (`Clear column` as one label): the compound stays whole
    assert project("Select the <b>Clear</b> column.", "消込列を選択します。",
                   links | {(2, 2)}) == "<b>消込列</b>を選択します。"
    # one character unlinked: no clean cut, the compound stays whole (`<b>未消込</b>`)
    assert project("Select the <b>Clear</b> column.", "消込列を選択します。",
                   links - {(2, 1)}) == "<b>消込列</b>を選択します。"


def test_one_kanji_glued_to_a_term_is_no_head():
    """`絞込` (`絞` linked to the tag's `Refinement`, `込` to `back`): one kanji before a glued kanji
    is a verb compound written without its kana, not a term and its head; it stays whole."""
    pytest.importorskip("icu")
    # Go(0) from(1) Refinement(2) back(3) / 絞(0) 込(1) から(2) 戻り(3) ます(4) 。(5)
    out = project("Go from <b>Refinement</b> back.", "絞込から戻ります。", {(2, 0), (3, 1), (1, 2), (0, 3)})
    assert out == "<b>絞込</b>から戻ります。"


def test_an_unlinked_one_kanji_word_repeating_an_outside_head_is_not_glued():
    """`列` written after each conjunct, linked to `columns` once: the unlinked copy against the
    first term is that word's, not a compound part of the term (Japanese: a word of one kanji is a
    noun; the kana words carry the grammar)."""
    # Activate(0) the(1) Promised(2) Amount(3) and(4) Promise(5) Status(6) columns(7) .(8)
    # 約束(0) 金額(1) 列(2) と(3) 約束(4) ステータス(5) 列(6) を(7) 有効(8) 化(9) し(10) ます(11) 。(12)
    out = project("Activate the <b>Promised Amount</b> and <b>Promise Status</b> columns.",
                  "約束金額列と約束ステータス列を有効化します。",
                  {(2, 0), (3, 1), (4, 3), (5, 4), (6, 5), (7, 6), (0, 8), (8, 12)})
    assert out == "<b>約束金額</b>列と<b>約束ステータス</b>列を有効化します。"


@pytest.mark.parametrize("text, lang, expected", [
    ("約束金額列と約束ステータス列を有効化します。", "ja", {"列", "化"}),  # kanji words of one character
    ("承诺金额列和承诺状态列。", "zh", set()),  # Chinese: one Han character a word, repeats by chance
    ("약정 금액 열과 약정 상태 열을 활성화합니다.", "ko", set()),  # Hangul: no kanji
])
def test_only_japanese_counts_one_kanji_words_as_echoes(text, lang, expected):
    detagged = detag("<b>x</b>")
    trg = words_with_offsets(text, lang)
    projector = _Projector(detagged, words_with_offsets("x", "en"), trg, set(), len(text))
    assert {w.text for j, w in enumerate(trg) if projector._kanji_word(j)} == expected


# --------------------------------------------------------------------------- properties

SOURCE = detag("one <b>two three four</b> five six")  # words 0..5, the tag holds 1..3
TARGET_WORDS = ["甲", "、", "乙", "丙", "丁", "戊", "己"]
TARGET = "".join(TARGET_WORDS)


@settings(max_examples=150, deadline=None)
@given(links=st.sets(st.tuples(st.integers(0, 5), st.integers(0, 6)), max_size=8),
       a=st.integers(0, 6), width=st.integers(1, 3))
def test_home_gains_only_free_unlinked_words_up_to_a_stop(links, a, width):
    """`_home` only grows a span, never over punctuation or a word linked outside the tag, and
    every word it gains that is linked at all is linked to the tag."""
    src = words_with_offsets(SOURCE.plain, "en", SOURCE.cuts())
    trg = words_with_offsets(TARGET, "ja")
    assert [w.text for w in trg] == TARGET_WORDS
    b = min(a + width, len(trg))
    inside = {1, 2, 3}
    projector = _Projector(SOURCE, src, trg, links, len(TARGET))
    new_a, new_b = projector._home((a, b), inside, [(0, len(trg))])
    assert new_a <= a and b <= new_b
    outside = {j for i, j in links if i not in inside}
    for j in (*range(new_a, a), *range(b, new_b)):
        assert trg[j].kind != "punct" and j not in outside


@settings(max_examples=100, deadline=None)
@given(links=st.sets(st.tuples(st.integers(0, 6), st.integers(0, 9)), max_size=10))
def test_projection_with_random_links_keeps_the_text_and_every_tag(links):
    source = "the <b>Post</b> or the <b>Complete</b> button."
    translation = "転記ボタンまたは完了ボタンを選択します。"
    out = project(source, translation, links)
    assert strip(out) == translation
    assert is_well_formed(tokenize(out))
    assert out.count("<b>") == out.count("</b>") == 2


# --------------------------------------------------------------------------- marks after a span


def test_a_mark_is_the_same_mark_in_another_width():
    edge = Edge("right", "…", ".")  # `<b>Navigate To…</b>.`
    assert edge.relation(Unit("。", 0, 1, "punct")) == "out"  # the sentence's full stop
    assert Edge("right", "", ",").relation(Unit("，", 0, 1, "punct")) == "out"
    assert Edge("right", ",", "").relation(Unit("、", 0, 1, "punct")) == "in"


def test_a_mark_inside_a_bracket_group_at_the_edge_does_not_speak_for_its_class():
    edge = Edge("right", "),( ", ".")  # `<b>Comma (,)</b>.`: the run read from the edge inward
    edge_with_group = Edge("right", "),( ", "")  # no mark outside: `<b>Comma (,)</b>` at the end
    assert edge.relation(Unit("。", 0, 1, "punct")) == "out"
    assert edge_with_group.relation(Unit(";", 0, 1, "punct")) == "none"
    assert edge_with_group.relation(Unit(",", 0, 1, "punct")) == "in"  # the same mark still is
    assert edge_with_group.relation(Unit("]", 0, 1, "close")) == "in"  # a bracket still is


@pytest.mark.parametrize("source, translation, trg_lang, links, expected", [
    # Choose(0) Comma(1) ((2) ,(3) )(4) .(5)
    ("Choose <b>Comma (,)</b>.", "选择逗号 (,)。", "zh",
     {(0, 0), (0, 1), (1, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 7)}, "选择<b>逗号 (,)</b>。"),
    ("Choose <b>Comma (,)</b>.", "カンマ (,) を選択します。", "ja",
     {(1, 0), (2, 1), (3, 2), (4, 3), (0, 5), (5, 8)}, "<b>カンマ (,)</b> を選択します。"),
    ("Choose <b>Semicolon (;)</b>, then save.", "Wählen Sie Semikolon (;), dann speichern.", "de",
     {(0, 0), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9)},
     "Wählen Sie <b>Semikolon (;)</b>, dann speichern."),
])
def test_a_tag_that_ends_with_a_bracket_group_leaves_the_sentences_mark_out(
    source, translation, trg_lang, links, expected
):
    assert project(source, translation, links, trg_lang=trg_lang) == expected


@settings(max_examples=80, deadline=None)
@given(text=st.text(alphabet="未消込絞条件設定をにのがアプリ", min_size=1, max_size=16),
       cut=st.data())
def test_no_edge_falls_inside_an_unknown_kanji_compound(text, cut):
    """Whatever the span, after `respect_units` no edge lies strictly inside a run of kanji that
    ICU cuts into single characters (a lone span can always move out to the run's far end)."""
    pytest.importorskip("icu")
    runs = unknown_compounds(text)
    for a, b in runs:
        assert b - a >= 2 and all("\u4e00" <= c <= "\u9fff" for c in text[a:b])
    start = cut.draw(st.integers(0, len(text) - 1))
    end = cut.draw(st.integers(start + 1, len(text)))
    source = detag("<b>x</b>")
    (span,) = respect_units([Span(source.tags[0], start, end, 0, False)], PairContext(source, text, [], [], set()))
    assert 0 <= span.start < span.end <= len(text)
    assert not any(a < x < b for a, b in runs for x in (span.start, span.end)), (span, runs)


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet="未消込列絞を", min_size=2, max_size=10), data=st.data())
def test_an_edge_inside_an_unknown_compound_is_a_clean_head_cut(text, data):
    """With links, an edge left strictly inside a run of kanji ICU does not know has every character
    beyond it linked, only to the source word beside the tag on that side, and two or more within it
    linked, only to the tag."""
    pytest.importorskip("icu")
    source = detag("a <b>b c</b> d")  # source words a(0) b(1) c(2) d(3); the tag holds 1, 2
    src = words_with_offsets(source.plain, "en", source.cuts())
    trg = words_with_offsets(text, "ja")
    links = data.draw(st.sets(st.tuples(st.integers(0, 3), st.integers(0, len(trg) - 1)), max_size=8))
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    (span,) = respect_units([Span(source.tags[0], start, end, 0, False)], PairContext(source, text, src, trg, links))
    assert 0 <= span.start < span.end <= len(text)
    owners: dict[int, set[int]] = {}
    for i, j in links:
        for x in range(trg[j].start, trg[j].end):
            owners.setdefault(x, set()).add(i)
    for a, b in unknown_compounds(text):
        for x, outer, inner, beside in ((span.start, (a, span.start), (span.start, b), 0),
                                        (span.end, (span.end, b), (a, span.end), 3)):
            if a < x < b:
                assert all(owners.get(k) == {beside} for k in range(*outer)), (text, span, links)
                assert inner[1] - inner[0] >= 2
                assert all(owners.get(k) and owners[k] <= {1, 2} for k in range(*inner)), (text, span, links)


# --------------------------------------------------------------------------- Chinese circumpositions


@pytest.mark.parametrize("source, translation, lang, links, expected", [
    # Set(0) the(1) status(2) to(3) In(4) scope(5) .(6) / 将0 状1 态2 设3 置4 为5 在6 范7 围8 内9 。10
    ("Set the status to <b>In scope</b>.", "将状态设置为在范围内。", "zh",
     {(2, 1), (2, 2), (0, 3), (0, 4), (3, 5), (4, 6), (5, 7), (5, 8), (6, 10)}, "将状态设置为<b>在范围内</b>。"),
    # choose(0) not(1) in(2) operation(3) .(4) / 请0 选1 择2 不3 在4 工5 序6 中7 。8
    ("choose <b>not in operation</b>.", "请选择不在工序中。", "zh",
     {(0, 1), (0, 2), (1, 3), (2, 4), (3, 5), (3, 6), (4, 8)}, "请选择<b>不在工序中</b>。"),
    ("choose <b>not in operation</b>.", "請選擇不在工序中。", "zf",
     {(0, 1), (0, 2), (1, 3), (2, 4), (3, 5), (3, 6), (4, 8)}, "請選擇<b>不在工序中</b>。"),
    # a localizer after a span that does not hold the preposition stays out:
    # in(0) the(1) Plan(2) view(3) / 在0 计1 划2 中3 查4 看5 。6
    ("view in the <b>Plan</b>.", "在计划中查看。", "zh", {(0, 4), (0, 5), (1, 0), (3, 1), (3, 2)},
     "在<b>计划</b>中查看。"),
])
def test_a_span_holding_a_circumposition_takes_its_localizer(source, translation, lang, links, expected):
    """`在…内`, `在…中` are one unit, as a bracket pair is: a span holding `在` takes the localizer
    that closes it right after it."""
    assert project(source, translation, links, trg_lang=lang) == expected


def test_a_localizer_and_de_are_two_words_for_the_edges():
    """ICU cuts `范围|内的|请求`: `内` closes `在范围内`, `的` ties it to `请求`; an edge may fall between
    them (`<b>不在范围内</b>的请求`), while a real word of two characters stays whole."""
    pytest.importorskip("icu")
    text = "未计划将状态为不在范围内的请求入口点用于目标版本中。"
    assert (11, 13) not in dictionary_words(text)
    assert (9, 11) in dictionary_words(text)  # 范围
    # Request(0) entry(1) points(2) with(3) the(4) status(5) Not(6) in(7) scope(8) are(9)
    out = project("Request entry points with the status <b>Not in scope</b> are not planned.", text,
                  {(0, 13), (0, 14), (1, 15), (1, 16), (2, 17), (5, 4), (5, 5), (6, 7), (7, 8), (8, 9),
                   (8, 10), (9, 6)}, trg_lang="zh")
    assert "<b>不在范围内</b>的请求" in out
