"""Copies of a repeated word (`repeats.complete_repeats`, and `order_repeats` with an English source's plurals
folded): hand-made cases in Hangul, Japanese and Latin (German, French), cases where nothing is added, and a
property of the completion (a copy spilled over every target copy gives the others theirs)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.repeats import complete_repeats, order_repeats
from tagmt.projection.wordseg import Word

FUNCTION = {"는", "을", "에서", "を", "で", "die", "der", "le", "la", "the", "to"}


def words(text: str) -> list[Word]:
    """Space-separated words with their offsets (hand-made: no segmenter's choices); `,` `.` are punctuation,
    the few particles and articles above are particles."""
    out, pos = [], 0
    for token in text.split(" "):
        kind = "punct" if token in ",." else "particle" if token in FUNCTION else "content"
        out.append(Word(token, pos, pos + len(token), kind))
        pos += len(token) + 1
    return out


def test_korean_second_copy_left_unlinked_gets_its_target_copy():
    # from the Billed tab to the Postponed tab → 청구 예정 탭 에서 연기 예정 탭 으로: the aligner linked the
    # first `tab` to its `탭` and left the second unlinked (its `탭` too): the second copy takes the second `탭`
    src = words("from the Billed tab to the Postponed tab")
    trg = words("청구 예정 탭 에서 연기 예정 탭 으로")
    links = {(2, 0), (3, 2), (6, 4), (4, 7)}
    assert complete_repeats(src, trg, links, "en") == links | {(7, 6)}


def test_japanese_and_latin_copies_are_completed_alike():
    src = words("the Edit button and the Edit menu")
    ja = words("編集 ボタン と 編集 メニュー")
    assert complete_repeats(src, ja, {(1, 0), (2, 1), (6, 4)}, "en") == {(1, 0), (2, 1), (6, 4), (5, 3)}
    de = words("die Schaltfläche Bearbeiten und das Menü Bearbeiten")
    assert complete_repeats(src, de, {(1, 2), (2, 1), (6, 5)}, "en") == {(1, 2), (2, 1), (6, 5), (5, 6)}


def test_nothing_is_added_where_the_target_copy_is_linked_or_the_counts_differ():
    src = words("the Edit button and the Edit menu")
    trg = words("編集 ボタン と 編集 メニュー")
    taken = {(1, 0), (2, 1), (6, 4), (3, 3)}  # the second `編集` has a link (however wrong): the aligner's choice stays
    assert complete_repeats(src, trg, taken, "en") == taken
    three = words("編集 ボタン と 編集 メニュー 編集")  # written three times for two: no rank says which
    assert complete_repeats(src, three, {(1, 0), (2, 1), (6, 4)}, "en") == {(1, 0), (2, 1), (6, 4)}
    crossed = {(1, 3), (5, 0)}  # both linked already: `order_repeats`' business, nothing to add
    assert complete_repeats(src, trg, crossed, "en") == crossed


def test_no_copy_of_a_function_word_or_a_link_to_a_particle_is_added():
    # the French `le` and the Korean `을` written as often as `the`: never linked by rank
    src = words("the menu and the button")
    fr = words("le menu et le bouton")
    assert complete_repeats(src, fr, {(0, 0), (1, 1), (4, 4)}, "en") == {(0, 0), (1, 1), (4, 4)}
    ko = words("메뉴 을 버튼 을")
    assert complete_repeats(words("menu and button"), ko, {(0, 0), (2, 2)}, "en") == {(0, 0), (2, 2)}


def test_english_plurals_are_one_form_for_the_re_pairing():
    # In Periods to Show select the desired time period → 표시 할 기간 에서 원하는 기간 을 선택: the aligner crossed
    # `Periods` and `period`; as one form, they are re-paired in order
    src = words("In Periods to Show select the desired time period")
    trg = words("표시 할 기간 에서 원하는 기간 을 선택")
    links = {(3, 0), (1, 5), (8, 2), (6, 4), (4, 7)}
    assert order_repeats(src, trg, links, "en") == {(3, 0), (1, 2), (8, 5), (6, 4), (4, 7)}
    assert order_repeats(src, trg, links) == links  # no language: the two forms stay two
    # `process`, `status`, `analysis` keep their `s`: `proces` is no form of `processes`
    src = words("the process and its status")
    assert order_repeats(src, words("Prozess und Status"), {(1, 0), (4, 2)}, "en") == {(1, 0), (4, 2)}


def test_a_copy_spilled_over_every_target_copy_gives_the_others_theirs():
    # for Project with Revenue profile projects → 収益 あり プロジェクト プロファイル プロジェクト: `projects` linked to both
    # `プロジェクト`, `Project` (the label's word) to nothing: `Project` takes the first, `projects` keeps its own
    src = words("for Project with Revenue profile projects")
    ja = words("収益 あり プロジェクト プロファイル プロジェクト")
    links = {(3, 0), (4, 3), (5, 2), (5, 4)}
    assert complete_repeats(src, ja, links, "en") == {(3, 0), (4, 3), (1, 2), (5, 4)}
    ko = words("수익 있는 프로젝트 프로파일 프로젝트")
    assert complete_repeats(src, ko, links, "en") == {(3, 0), (4, 3), (1, 2), (5, 4)}
    # `Project` linked to the first copy too (weakly or not): the spilled link onto it goes
    assert complete_repeats(src, ja, links | {(1, 2)}, "en") == {(3, 0), (4, 3), (1, 2), (5, 4)}
    de = words("Projekt mit Erlös Profil Projekt")  # for the Latin script alike
    assert complete_repeats(src, de, {(3, 2), (4, 3), (5, 0), (5, 4)}, "en") == {(3, 2), (4, 3), (1, 0), (5, 4)}


def test_a_spill_stays_where_the_order_is_unclear_or_the_other_copy_is_linked():
    src = words("for Project with Revenue profile projects")
    ja = words("収益 あり プロジェクト プロファイル プロジェクト")
    linked = {(3, 0), (4, 3), (5, 2), (5, 4), (1, 1)}  # `Project` has a link (however wrong): the aligner's choice
    assert complete_repeats(src, ja, linked, "en") == linked
    crossed = {(3, 0), (4, 3), (5, 2), (5, 4), (1, 4)}  # `Project` on the other rank: no order to follow
    assert complete_repeats(src, ja, crossed, "en") == crossed
    three = words("プロジェクト 収益 プロジェクト プロジェクト")  # written three times for two: no rank says which
    assert complete_repeats(src, three, {(5, 0), (5, 2)}, "en") == {(5, 0), (5, 2)}
    src = words("the menu and the button")  # a function word's copies are never paired by rank
    fr = words("le menu et le bouton")
    assert complete_repeats(src, fr, {(3, 0), (3, 3), (1, 1)}, "en") == {(3, 0), (3, 3), (1, 1)}


SRC_FORMS = st.sampled_from(["a", "b", "Tab", "tabs", "the", ","])
TRG_FORMS = st.sampled_from(["x", "y", "탭", "을", "タブ", ","])


@settings(max_examples=300, deadline=None)
@given(st.lists(SRC_FORMS, min_size=1, max_size=8), st.lists(TRG_FORMS, min_size=1, max_size=8), st.data())
def test_completion_only_links_unlinked_content_copies(src_forms, trg_forms, data):
    src, trg = words(" ".join(src_forms)), words(" ".join(trg_forms))
    cells = st.tuples(st.integers(0, len(src) - 1), st.integers(0, len(trg) - 1))
    links = data.draw(st.sets(cells, max_size=12))
    out = complete_repeats(src, trg, links, "en")
    linked_before = {j for _, j in links}
    owners_before = {i for i, _ in links}
    for i, j in links - out:  # a link taken away only from a copy that spilled over its form's copies: another
        # copy holds that target copy, and this one keeps a link
        assert any(k != i and (k, j) in out for k in range(len(src))) and any(a == i for a, _ in out)
    for i, j in out - links:
        assert (j not in linked_before or i not in owners_before) and trg[j].kind == "content" \
            and src[i].kind == "content"
        assert src[i].text.casefold() != "the"
        same = [k for k, w in enumerate(trg) if w.text == trg[j].text]
        assert len(same) >= 2  # a copy of a repeated target form
    assert complete_repeats(src, trg, out, "en") == out  # once complete, it stays
