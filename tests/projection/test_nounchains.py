"""Noun chains (`nounchains.py`): a tag that cuts a Korean or Japanese noun chain takes the chain's free
nouns — hand-made cases with known answers, and a property of the rule over random spans."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import detag, project_tags
from tagmt.projection.context import PairContext
from tagmt.projection.conventions import default_decision
from tagmt.projection.edges import adjust_edges, to_spans
from tagmt.projection.inside_outside import place_tags
from tagmt.projection.nounchains import _script_noun, complete_chains
from tagmt.projection.units import respect_units, verbatim_spans
from tagmt.projection.wordseg import words_with_offsets


def project(source: str, target: str, lang: str, pairs: list[tuple[str, str]], weights=None) -> str:
    """`source`'s tags projected onto `target`, with a link for each (source word, target word) pair
    (first occurrences); `weights`: (source word, target word) → confidence."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, lang)

    def index(words, text):
        return next(k for k, w in enumerate(words) if w.text == text)

    links = {(index(src, s), index(trg, t)) for s, t in pairs}
    shares = {(index(src, s), index(trg, t)): v for (s, t), v in (weights or {}).items()}
    return project_tags(detagged, target, src, trg, links, weights=shares if weights else None)


def test_an_unlinked_noun_of_the_chain_joins_the_term_korean():
    out = project("Go from <b>Refinement</b> now.", "세부 지정에서 이동합니다.", "ko",
                  [("Refinement", "세부"), ("Go", "이동")])
    assert out == "<b>세부 지정</b>에서 이동합니다."


def test_the_left_edge_grows_to_the_chains_start_korean():
    # `Locations` is written twice: the aligner linked `장소` to the copy outside the tag
    out = project("Locations in the <b>Manage Locations</b> app", "장소 관리 앱에서 확인합니다.", "ko",
                  [("Locations", "장소"), ("Manage", "관리"), ("app", "앱")])
    assert out == "<b>장소 관리</b> 앱에서 확인합니다."
    # an unlinked noun before the term across a space may be the sentence's modifier: not taken
    out = project("the <b>Manage</b> app now", "장소 관리 앱에서 확인합니다.", "ko",
                  [("Manage", "관리"), ("app", "앱"), ("now", "확인")])
    assert out == "장소 <b>관리</b> 앱에서 확인합니다."
    out = project("Click <b>Files</b> now", "회사 부서 파일을 지금 클릭", "ko",
                  [("Files", "파일"), ("now", "지금"), ("Click", "클릭")])
    assert out == "회사 부서 <b>파일</b>을 지금 클릭"


def test_a_noun_linked_outside_the_tag_stays_out_korean():
    out = project("the <b>Manage Locations</b> app", "장소 관리 앱에서 확인합니다.", "ko",
                  [("Manage", "관리"), ("Locations", "장소"), ("app", "앱")])
    assert out == "<b>장소 관리</b> 앱에서 확인합니다."


def test_no_growth_when_the_chain_goes_on_with_a_noun_tied_elsewhere():
    # `기준` is free, but the chain ends with `목록`, the word `list`'s: the tag is not the chain's
    out = project("the <b>Group</b> criteria list", "그룹 기준 목록을 선택합니다.", "ko",
                  [("Group", "그룹"), ("list", "목록")])
    assert out == "<b>그룹</b> 기준 목록을 선택합니다."


def test_a_noun_after_a_verb_form_heads_its_own_clause():
    out = project("After selecting, press <b>Generate File</b>.", "선택한 다음 파일 생성을 누릅니다.", "ko",
                  [("Generate", "생성"), ("File", "파일"), ("selecting", "선택"), ("press", "누릅니다"),
                   (".", ".")])
    assert out == "선택한 다음 <b>파일 생성</b>을 누릅니다."


def test_a_weak_link_frees_a_glued_noun_but_not_one_across_a_space():
    glued = project("the <b>Balance Sheet</b> review app", "대차대조표 검토 앱에서", "ko",
                    [("Sheet", "대조표"), ("review", "대차"), ("review", "검토"), ("app", "앱")],
                    {("review", "대차"): 0.6})
    assert glued == "<b>대차대조표</b> 검토 앱에서"
    spaced = project("<b>Refinement</b> back", "세부 지정에서", "ko",
                     [("Refinement", "세부"), ("back", "지정")], {("back", "지정"): 0.6})
    assert spaced == "<b>세부</b> 지정에서"


def test_a_bound_noun_ends_the_chain():
    # `중` (a bound noun, "among") and `하나` (a numeral) head the phrase built on the term
    out = project("Choose <b>Generate PDF File</b> from the list.", "PDF 파일 생성 중 하나를 선택합니다.", "ko",
                  [("PDF", "PDF"), ("File", "파일"), ("Choose", "선택")])
    assert out == "<b>PDF 파일 생성</b> 중 하나를 선택합니다."


def test_a_noun_linked_to_a_copy_of_the_tags_word_is_free():
    # `Generate` is written twice: the aligner linked `생성` to the copy outside the tag
    out = project("Generate them with <b>Generate File</b>.", "파일 생성으로 생성합니다.", "ko",
                  [("Generate", "생성"), ("File", "파일"), (".", ".")])
    assert out == "<b>파일 생성</b>으로 생성합니다."


def test_a_particle_inside_the_term_when_the_noun_after_it_is_the_tags():
    out = project("Set it to <b>Marked as Correct</b> now.", "정상으로 표시로 설정합니다.", "ko",
                  [("Correct", "정상"), ("Marked", "표시"), ("Set", "설정")])
    assert out == "<b>정상으로 표시</b>로 설정합니다."
    # the noun after the particle unlinked: not the term's for sure, the particle ends it
    out = project("Go from <b>Refinement</b> back.", "세부로 지정합니다.", "ko", [("Refinement", "세부")])
    assert out.startswith("<b>세부</b>로")


def test_an_adverb_span_takes_the_noun_after_it():
    out = project("<i>Postpone</i> | <i>Reinclude</i> | <i>Set</i>", "연기 | 다시 포함 | 설정", "ko",
                  [("Postpone", "연기"), ("Reinclude", "다시"), ("Set", "설정"), ("|", "|")])
    assert out == "<i>연기</i> | <i>다시 포함</i> | <i>설정</i>"


def _placed(source: str, target: str, lang: str, pairs: list[tuple[str, str]]):
    """The spans of the placement rules before the noun chains, and the words and links."""
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, lang)
    links = {(next(k for k, w in enumerate(src) if w.text == a), next(k for k, w in enumerate(trg) if w.text == b))
             for a, b in pairs}
    placed = place_tags(detagged, src, trg, links, len(target))
    spans = verbatim_spans(to_spans(placed, detagged.plain, target, trg), detagged.plain, target, trg)
    spans = respect_units(adjust_edges(spans, detagged.plain, target, trg, default_decision),
                          PairContext(detagged, target, src, trg, links))
    return spans, detagged, src, trg, links


def test_japanese_takes_only_nouns_linked_to_the_tag():
    # `生成` linked to the copy of the tag's `Generate` outside it: the term's
    target = "ファイル生成で生成します。"
    pairs = [("Generate", "生成"), ("File", "ファイル"), (".", "。")]
    spans, detagged, src, trg, links = _placed("Generate them with <b>Generate File</b>.", target, "ja", pairs)
    assert [target[s.start:s.end] for s in spans] == ["ファイル"]
    ctx = PairContext(detagged, target, src, trg, links)
    assert [target[s.start:s.end] for s in complete_chains(spans, ctx)] == ["ファイル生成"]
    # the tag has no `Generate`: `生成`, linked elsewhere, is not taken
    spans, detagged, src, trg, links = _placed("Generate them with the <b>File</b> generator.", target, "ja", pairs)
    ctx = PairContext(detagged, target, src, trg, links)
    assert [target[s.start:s.end] for s in complete_chains(spans, ctx)] == ["ファイル"]


def test_chinese_and_latin_text_is_left_to_the_placement_rules():
    for source, target, lang, pairs in [
        ("the <b>Manage</b> app", "地点管理应用", "zh", [("Manage", "管")]),
        ("the <b>Manage</b> app", "Standorte verwalten App", "de", [("Manage", "verwalten")]),
    ]:
        spans, detagged, src, trg, links = _placed(source, target, lang, pairs)
        before = [(s.start, s.end) for s in spans]
        after = complete_chains(spans, PairContext(detagged, target, src, trg, links))
        assert [(s.start, s.end) for s in after] == before


# ----------------------------------------------------------------------------------------- property

NOUNS = ["세부", "지정", "장소", "관리", "앱", "그룹", "기준"]
OTHERS = ["에서", "을", "합니다", ".", "다시", "한"]


@st.composite
def cases(draw):
    n = draw(st.integers(1, 5))
    words = draw(st.lists(st.sampled_from(["alpha", "beta", "gamma", "delta"]), min_size=n, max_size=n))
    # one to three tags, maybe nested, over the source words
    parts, k = [], 0
    while k < n:
        size = draw(st.integers(1, n - k))
        chunk = " ".join(words[k:k + size])
        if draw(st.booleans()):
            inner = f"<i>{chunk}</i>" if draw(st.booleans()) else chunk
            chunk = f"<b>{inner}</b>"
        parts.append(chunk)
        k += size
    source = " ".join(parts)
    target = ""
    for _ in range(draw(st.integers(1, 8))):
        target += draw(st.sampled_from(NOUNS + OTHERS)) + draw(st.sampled_from(["", " "]))
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, "ko")
    pairs = [(i, j) for i in range(len(src)) for j in range(len(trg))]
    links = set(draw(st.lists(st.sampled_from(pairs), max_size=6))) if pairs else set()
    weights = {link: draw(st.sampled_from([0.4, 0.7, 1.0])) for link in links}
    return detagged, target, src, trg, links, weights


def _flat(spans):
    return [node for root in spans for node in root.walk()]


@settings(max_examples=300, deadline=None)
@given(cases())
def test_chains_only_grow_spans_over_nouns_and_keep_nesting(case):
    detagged, text, src, trg, links, weights = case
    placed = place_tags(detagged, src, trg, links, len(text), weights)
    spans = verbatim_spans(to_spans(placed, detagged.plain, text, trg), detagged.plain, text, trg)
    spans = respect_units(adjust_edges(spans, detagged.plain, text, trg, default_decision),
                          PairContext(detagged, text, src, trg, links))
    before = copy.deepcopy(spans)
    after = complete_chains(spans, PairContext(detagged, text, src, trg, links, weights))
    for old, new in zip(_flat(before), _flat(after)):
        assert new.start <= old.start and old.end <= new.end
        for lo, hi, right in ((new.start, old.start, False), (old.end, new.end, True)):
            added = [w for w in trg if lo <= w.start and w.end <= hi]
            assert sum(len(w.text) for w in added) == len("".join(text[lo:hi].split()))
            if not added:
                continue
            # nouns; on the right, also a particle followed by a noun (`정상으로 표시`)
            assert all(_script_noun(w) or (right and w.kind == "particle") for w in added)
            assert _script_noun(added[-1] if right else added[0])
    # nesting kept: children inside parents, siblings apart
    def check(nodes, lo, hi):
        ordered = sorted(nodes, key=lambda s: (s.start, s.end))
        for a, b in zip(ordered, ordered[1:]):
            assert a.end <= b.start
        for node in ordered:
            assert lo <= node.start <= node.end <= hi
            check(node.children, node.start, node.end)
    check(after, 0, len(text))


def _by_index(source: str, target: str, lang: str, pairs: list[tuple[int, int]]) -> str:
    detagged = detag(source)
    src = words_with_offsets(detagged.plain, "en", detagged.cuts())
    trg = words_with_offsets(target, lang)
    return project_tags(detagged, target, src, trg, set(pairs))


def test_a_copy_of_the_tag_word_outside_keeps_its_own_translation_korean():
    # `Distribution` (the tag) and `distribution` (after it) each linked to their own `배부`: the tag's word
    # already holds its copy, so the second `배부`, glued to no particle of the tag, stays outside
    source = "<b>Distribution</b> In distribution, amounts are distributed."
    target = "배부 배부에서는 금액이 배부됩니다."
    assert [w.text for w in words_with_offsets(target, "ko")][:2] == ["배부", "배부"]
    assert _by_index(source, target, "ko", [(0, 0), (2, 1)]) == "<b>배부</b> 배부에서는 금액이 배부됩니다."
    # the tag's word linked to nothing: a noun linked to its copy elsewhere may still be the tag's
    assert _by_index(source, target, "ko", [(2, 0), (1, 2)]).startswith("<b>배부")


def test_a_copy_of_the_tag_word_outside_keeps_its_own_translation_japanese():
    source = "<b>Packing</b> Navigate to the Packing screen"
    target = "梱包梱包画面にナビゲートします。"
    words = [w.text for w in words_with_offsets(target, "ja")]
    assert words[:3] == ["梱包", "梱包", "画面"]
    assert _by_index(source, target, "ja", [(0, 0), (4, 1), (5, 2)]) == "<b>梱包</b>梱包画面にナビゲートします。"
