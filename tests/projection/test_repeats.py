"""Order-consistent links for repeated words (`repeats.order_repeats`): hand-made cases with known
answers and a property of the re-pairing."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection.repeats import order_repeats
from tagmt.projection.wordseg import Word


def words(text: str) -> list[Word]:
    """Space-separated words with their offsets (hand-made: no segmenter's choices involved); `,` `.` `、` are
    punctuation."""
    out, pos = [], 0
    for token in text.split(" "):
        out.append(Word(token, pos, pos + len(token), "punct" if token in ",.、" else "content"))
        pos += len(token) + 1
    return out


def test_a_crossing_repeated_pair_is_re_paired_in_order():
    # You run allocation cycles in the Run Allocations app → 배부 주기 실행은 배부 실행 앱: the aligner
    # linked the first `run` to the second `실행` and the second `Run` to the first
    src = words("run allocation cycles in the Run Allocations app")
    trg = words("배부 주기 실행 배부 실행 앱")
    links = {(1, 0), (2, 1), (0, 4), (5, 2), (6, 3), (7, 5)}
    assert order_repeats(src, trg, links) == {(1, 0), (2, 1), (0, 2), (5, 4), (6, 3), (7, 5)}


def test_copies_whose_neighbours_follow_the_reversed_order_are_left_alone():
    # select Save to save your changes → 변경사항 저장 하려면 저장 선택 (a verb-final purpose clause):
    # the first `Save` is the second `저장`, as its neighbours `select` and `to` say
    src = words("select Save to save your changes")
    trg = words("변경사항 저장 하려면 저장 선택")
    links = {(0, 4), (1, 3), (2, 2), (3, 1), (5, 0)}
    assert order_repeats(src, trg, links) == links


def test_ordered_links_and_unequal_counts_are_left_alone():
    src = words("Move Up and Move Down")
    ordered = {(0, 2), (1, 0), (3, 6), (4, 4)}
    trg = words("위 로 이동 , 아래 로 이동")
    assert order_repeats(src, trg, ordered) == ordered
    three = words("위 로 이동 , 아래 로 이동 이동")  # the target form written three times: no pairing
    crossing = {(0, 6), (1, 0), (3, 2), (4, 4)}
    assert order_repeats(src, three, crossing) == crossing


def test_a_copy_linked_to_two_copies_is_left_alone():
    src = words("run a run")
    trg = words("x run y run")
    links = {(0, 1), (0, 3), (2, 1)}
    assert order_repeats(src, trg, links) == links


SRC_FORMS = st.sampled_from(["a", "b", "A", "c", ","])
TRG_FORMS = st.sampled_from(["x", "y", "X", "z", ","])


@settings(max_examples=300, deadline=None)
@given(st.lists(SRC_FORMS, min_size=1, max_size=8), st.lists(TRG_FORMS, min_size=1, max_size=8), st.data())
def test_re_pairing_keeps_each_word_form_and_its_number_of_links(src_forms, trg_forms, data):
    src, trg = words(" ".join(src_forms)), words(" ".join(trg_forms))
    cells = st.tuples(st.integers(0, len(src) - 1), st.integers(0, len(trg) - 1))
    links = data.draw(st.sets(cells, max_size=12))
    out = order_repeats(src, trg, links)

    def forms(pairs):  # links counted per (source form, target form), case folded
        return Counter((src[i].text.casefold(), trg[j].text.casefold()) for i, j in pairs)

    assert forms(out) == forms(links)  # never a word linked to another form, never a link more or less
    assert Counter(i for i, _ in out) == Counter(i for i, _ in links)  # each source word keeps its links
    assert {(i, j) for i, j in out if src[i].kind == "punct" or trg[j].kind == "punct"} == {
        (i, j) for i, j in links if src[i].kind == "punct" or trg[j].kind == "punct"}
    assert order_repeats(src, trg, out) == out  # once in order, it stays


def test_a_re_pairing_that_changes_a_neighbours_evidence_is_carried_to_its_end():
    # `a` re-paired to its own rank's `z` leaves the `c` beside it with new neighbours' links; a second pass
    # re-pairs that `c` too, so the result is in order and another call leaves it as it is.
    src, trg = words("a c c a c a"), words("z z x z")
    out = order_repeats(src, trg, {(4, 0), (3, 0)})
    assert out == {(3, 1), (4, 3)}
    assert order_repeats(src, trg, out) == out
