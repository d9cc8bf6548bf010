"""Link confidences (`confidence.py`, `align.vote_shares`, `LinkStore.weighted`, the weighted
inside–outside sums): hand-made cases with known answers, and the vote's links as a property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import detag, project_tags
from tagmt.projection.align import EflomalAligner, vote_links, vote_shares
from tagmt.projection.confidence import link_weights, voted
from tagmt.projection.wordseg import Word
from tagmt.projection.wordstore import LinkStore


def words(text: str) -> list[Word]:
    out, pos = [], 0
    for token in text.split(" "):
        out.append(Word(token, pos, pos + len(token), "content"))
        pos += len(token) + 1
    return out


def test_the_vote_keeps_the_majority_links_and_their_shares():
    scored = {(0, 0): 1.0, (1, 1): 2 / 3, (2, 2): 1 / 3}
    assert voted(scored) == ({(0, 0), (1, 1)}, {(1, 1): 2 / 3})
    assert voted(scored, weak=0.5) == ({(0, 0), (1, 1)}, {(1, 1): 2 / 3, (2, 2): 1 / 6})


def test_anchored_words_lose_their_weak_links_and_added_links_weigh_one():
    stored = {(0, 0), (1, 1)}
    weighted = {(0, 0): 1.0, (1, 1): 2 / 3, (2, 2): 1 / 6, (1, 2): 1 / 6}
    # an anchor replaced (1, 1) by (1, 3): word 1 lost its weak link, (2, 2) stays
    assert link_weights({(0, 0), (1, 3)}, stored, weighted) == {(0, 0): 1.0, (1, 3): 1.0, (2, 2): 1 / 6}
    assert link_weights(stored, stored, {(0, 0): 1.0, (1, 1): 1.0}) is None  # every link counts 1


def test_confidences_change_the_span_a_tag_takes():
    # `b` is linked to x (one run of three) and to z (every run); `c`, outside the tag, to z (one
    # run), `a` to y: counted, x wins (z has one link in and one out); weighed, z wins (1 − 1/3 > 1/3)
    detagged = detag("a <b>b</b> c")
    src, trg = words("a b c"), words("x y z")
    links = {(1, 0), (1, 2), (2, 2), (0, 1)}
    assert project_tags(detagged, "x y z", src, trg, links) == "<b>x</b> y z"
    weights = {(1, 0): 1 / 3, (1, 2): 1.0, (2, 2): 1 / 3, (0, 1): 1.0}
    assert project_tags(detagged, "x y z", src, trg, links, weights=weights) == "x y <b>z</b>"


def test_a_weak_link_places_a_tag_that_has_no_link():
    detagged = detag("a <b>b</b> c")
    src, trg = words("a b c"), words("x y z")
    links = {(0, 0), (2, 2)}
    weights = {(0, 0): 1.0, (2, 2): 1.0, (1, 1): 1 / 6}
    assert project_tags(detagged, "x y z", src, trg, links, weights=weights) == "x <b>y</b> z"


def test_link_store_keeps_one_byte_of_confidence_a_link_and_the_weak_links_apart():
    store = LinkStore()
    store.append({(0, 0), (1, 1)}, {(1, 1): 2 / 3, (2, 2): 1 / 6})
    store.append({(3, 3)})
    assert not LinkStore([{(0, 0)}]).has_weights() and store.has_weights()
    assert store[0] == {(0, 0), (1, 1)} and store[1] == {(3, 3)}  # the weak link is not a link
    assert store.weighted(0) == {(0, 0): 1.0, (1, 1): 2 / 3, (2, 2): 1 / 6}
    assert store.weighted(1) == {(3, 3): 1.0}
    assert len(store._weights) == 3  # one byte a link
    big = LinkStore()
    big.append({(2**40, 0)}, {(2**40, 0): 0.5, (1, 1): 0.25})  # kept as given when the array cannot
    assert big[0] == {(2**40, 0)} and big.weighted(0) == {(2**40, 0): 0.5, (1, 1): 0.25}


LINKS = st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.tuples(LINKS, LINKS), min_size=1, max_size=2), min_size=1, max_size=5))
def test_the_shares_above_one_half_are_the_voted_links(runs):
    pairs = min(len(run) for run in runs)
    runs = [([f for f, _ in run[:pairs]], [r for _, r in run[:pairs]]) for run in runs]
    shares = vote_shares(runs)
    assert [{link for link, share in s.items() if 2 * share > 1} for s in shares] == vote_links(runs)
    assert all(0 < share <= 1 for s in shares for share in s.values())


def test_align_scored_gives_the_links_of_align(monkeypatch):
    runs = {1: ([{(0, 0), (1, 1)}], [{(0, 0), (1, 1)}]), 2: ([{(0, 0)}], [{(0, 0)}]),
            3: ([{(0, 0), (1, 2)}], [{(0, 0), (1, 2)}])}
    aligner = EflomalAligner(seed=1, runs=3)
    monkeypatch.setattr(EflomalAligner, "align_both", lambda self, s, t, seed=None: runs[seed])
    monkeypatch.setattr("tagmt.projection.align._seeded_binary", lambda binary=None: None)
    scored = aligner.align_scored([["a", "b"]], [["x", "y", "z"]])
    assert scored == [{(0, 0): 1.0, (1, 1): 1 / 3, (1, 2): 1 / 3}]
    assert aligner.align([["a", "b"]], [["x", "y", "z"]]) == [{(0, 0)}]


def test_two_views_join_to_the_union_of_their_votes():
    from tagmt.projection.confidence import joined

    first = {(0, 0): 1.0, (1, 1): 2 / 3, (2, 2): 1 / 3}
    second = {(0, 0): 2 / 3, (1, 2): 1 / 3, (2, 2): 1 / 3}
    assert joined(first, second, weak=0.5, how="max") == (
        {(0, 0), (1, 1)}, {(1, 1): 2 / 3, (1, 2): 1 / 6, (2, 2): 1 / 6})
    links, weights = joined(first, second, weak=0.5, how="mean")
    assert links == {(0, 0), (1, 1)}
    assert weights == pytest.approx({(0, 0): 5 / 6, (1, 1): 1 / 3, (1, 2): 1 / 12, (2, 2): 1 / 6})
    assert joined(first, second, how="max")[1] == {(1, 1): 2 / 3}  # no weak links unless asked
    with pytest.raises(ValueError):
        joined(first, second, how="min")
