"""Word aligners: symmetrization, the seeded eflomal, and awesome-align on a tiny BERT."""

from __future__ import annotations

import pytest

from tagmt.errors import TagmtError
from tagmt.testing.tiny_bert import build_tiny_bert
from tagmt.projection.align import (
    SYMMETRIZERS, get_aligner, grow_diag, grow_diag_final, grow_diag_final_and, majority, vote_links,
)

SRC = [
    "the red house".split(),
    "the blue house".split(),
    "a red car".split(),
    "the car".split(),
    "a blue car".split(),
    "red".split(),
] * 4
TRG = [
    "das rote haus".split(),
    "das blaue haus".split(),
    "ein rotes auto".split(),
    "das auto".split(),
    "ein blaues auto".split(),
    "rot".split(),
] * 4


def test_grow_diag_final_and_known_answer():
    forward = {(0, 0), (1, 1), (2, 1)}
    reverse = {(0, 0), (1, 1), (2, 2)}
    # intersection {(0,0),(1,1)}; (2,1) neighbours (1,1) and source word 2 is unaligned, so it
    # grows in; then (2,2) too, as its target word 2 is still unaligned
    assert grow_diag_final_and(forward, reverse) == {(0, 0), (1, 1), (2, 1), (2, 2)}
    # final-and: a union link joins only when both of its words are still unaligned
    assert grow_diag_final_and({(0, 0), (3, 3)}, {(0, 0), (3, 0)}) == {(0, 0), (3, 3)}
    assert grow_diag_final_and(set(), {(0, 3)}) == {(0, 3)}


def test_grow_diag_and_grow_diag_final_known_answers():
    # growth alone: the intersection {(0,0),(1,1)} grows (2,1) then (2,2), as grow-diag-final-and
    assert grow_diag({(0, 0), (1, 1), (2, 1)}, {(0, 0), (1, 1), (2, 2)}) == {(0, 0), (1, 1), (2, 1), (2, 2)}
    # a union link next to no link: only a final step adds it
    assert grow_diag({(0, 0), (3, 3)}, {(0, 0)}) == {(0, 0)}
    assert grow_diag_final({(0, 0), (3, 3)}, {(0, 0)}) == {(0, 0), (3, 3)}
    # (2,2) joins first (both words free); then (2,3) has source word 2 aligned but target word 3
    # free: grow-diag-final adds it, grow-diag-final-and does not
    forward, reverse = {(0, 0), (2, 2)}, {(0, 0), (2, 3)}
    assert grow_diag_final(forward, reverse) == {(0, 0), (2, 2), (2, 3)}
    assert grow_diag_final_and(forward, reverse) == {(0, 0), (2, 2)}
    assert grow_diag(forward, reverse) == {(0, 0)}
    assert {"grow-diag", "grow-diag-final", "grow-diag-final-and"} <= set(SYMMETRIZERS)


def test_majority_needs_more_than_half_of_the_runs():
    assert majority([{(0, 0), (1, 1)}, {(0, 0)}, {(1, 2)}]) == {(0, 0)}
    assert majority([{(0, 0), (1, 1)}, {(0, 0)}]) == {(0, 0)}  # two runs: both must agree
    assert majority([{(0, 0)}]) == {(0, 0)}


def test_vote_on_symmetrized_links_or_on_each_direction():
    # one one-word pair, three runs: A links it forward only, B reverse only, C not at all
    runs = [([{(0, 0)}], [set()]), ([set()], [{(0, 0)}]), ([set()], [set()])]
    # each of A and B symmetrizes (grow-diag-final-and's final step) to {(0,0)}: 2 of 3 runs
    assert vote_links(runs, "grow-diag-final-and", "symmetrized") == [{(0, 0)}]
    # voted per direction first: 1 of 3 forward, 1 of 3 reverse, so nothing is left to join
    assert vote_links(runs, "grow-diag-final-and", "directions") == [set()]
    # the direction vote then grows from the majorities: forward {(0,0),(1,2)} (2 of 3),
    # reverse {(0,0),(1,1)} (2 of 3) -> intersection (0,0) grows (1,1), then (1,2)
    runs = [
        ([{(0, 0), (1, 1)}], [{(0, 0), (1, 1)}]),
        ([{(0, 0), (1, 2)}], [{(0, 0), (1, 1)}]),
        ([{(0, 0), (1, 2)}], [{(0, 0), (2, 2)}]),
    ]
    assert vote_links(runs, "grow-diag-final-and", "directions") == [{(0, 0), (1, 1), (1, 2)}]
    assert vote_links(runs, "grow-diag", "directions") == [{(0, 0), (1, 1), (1, 2)}]
    # one run: no vote, its links symmetrized
    assert vote_links(runs[2:], "grow-diag-final-and") == [{(0, 0), (1, 2)}]
    assert vote_links(runs[2:], "grow-diag") == [{(0, 0)}]


def test_eflomal_learns_a_toy_corpus_deterministically():
    aligner = get_aligner("eflomal", seed=7)
    first = aligner.align(SRC, TRG)
    assert first == aligner.align(SRC, TRG)  # a fixed seed gives the same links
    assert len(first) == len(SRC)
    for links, s, t in zip(first, SRC, TRG):
        assert all(0 <= i < len(s) and 0 <= j < len(t) for i, j in links)
    assert (2, 2) in first[0] and (1, 1) in first[3]  # house-haus, car-auto


def test_eflomal_majority_of_runs_and_empty_input():
    aligner = get_aligner("eflomal", runs=3)
    links = aligner.align(SRC, TRG)
    assert (2, 2) in links[0]
    assert aligner.align([], []) == []
    assert get_aligner("eflomal").align([[], ["x"]], [["y"], []]) == [set(), set()]
    links = get_aligner("eflomal", runs=3, vote="directions").align(SRC, TRG)
    assert (2, 2) in links[0] and (1, 1) in links[3]


def test_bad_arguments_are_clear_errors():
    with pytest.raises(TagmtError, match="unknown aligner"):
        get_aligner("fast_align")
    with pytest.raises(TagmtError, match="symmetrization"):
        get_aligner("eflomal", symmetrize="diag")
    with pytest.raises(TagmtError, match="unknown vote"):
        get_aligner("eflomal", vote="median")
    with pytest.raises(TagmtError, match="cannot align 1 source"):
        get_aligner("eflomal").align([["a"]], [])


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory):
    words = {w for s in SRC + TRG for w in s} | {"Enter", "作業"}
    return build_tiny_bert(tmp_path_factory.mktemp("bert"), words)


def test_awesome_self_alignment_is_the_diagonal(tiny_bert):
    # identical sentences give identical hidden states, so each subword's best match is itself;
    # "Enterhouse" is split into several word pieces that must map back to word 0
    aligner = get_aligner("awesome", model=str(tiny_bert), threshold=0.5)
    sentences = [["the", "red", "house"], ["Enterhouse", "作業"]]
    assert aligner.align(sentences, sentences) == [{(0, 0), (1, 1), (2, 2)}, {(0, 0), (1, 1)}]


def test_awesome_threshold_bounds(tiny_bert):
    everything = get_aligner("awesome", model=str(tiny_bert), threshold=0.0)
    assert everything.align([["the", "car"]], [["das", "rote", "auto"]]) == [
        {(i, j) for i in range(2) for j in range(3)}
    ]
    nothing = get_aligner("awesome", model=str(tiny_bert), threshold=1.0)
    assert nothing.align([["the", "car"]], [["das", "auto"]]) == [set()]
    assert nothing.align([[]], [["das"]]) == [set()]


def test_eflomal_and_awesome_combined_union_and_intersection(tiny_bert):
    options = {"awesome.model": str(tiny_bert), "threshold": 0.0, "seed": 7}
    union = get_aligner("eflomal+awesome", **options)
    intersection = get_aligner("eflomal+awesome", **options, combine="intersection")
    assert union.name == "eflomal+awesome" and union.learns_from_corpus
    alone = get_aligner("eflomal", seed=7).align(SRC, TRG)
    everything = [{(i, j) for i in range(len(s)) for j in range(len(t))} for s, t in zip(SRC, TRG)]
    assert union.align(SRC, TRG) == everything  # threshold 0: awesome links every pair of words
    assert intersection.align(SRC, TRG) == alone
    with pytest.raises(TagmtError, match="takes the option 'colour'"):
        get_aligner("eflomal+awesome", colour="red")
    with pytest.raises(TagmtError, match="write eflomal.model or awesome.model"):
        get_aligner("eflomal+awesome", model=str(tiny_bert))
    with pytest.raises(TagmtError, match="unknown combination"):
        get_aligner("eflomal+awesome", **options, combine="sum")


def test_awesome_missing_model_names_it_and_how_to_supply_it(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "empty-hf-home"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(TagmtError, match=r"bert-base-multilingual-cased.*--aligner-model /path/to/dir"):
        get_aligner("awesome")
    with pytest.raises(TagmtError, match="layer 12 does not exist"):
        get_aligner("awesome", model=str(build_tiny_bert(tmp_path, ["a"], layers=2)), layer=12)


def test_eflomal_binary_that_cannot_be_seeded_still_aligns_with_a_warning(tmp_path, capsys):
    from tagmt.projection.align import _eflomal_binary

    # another build: the same program, but it reads its seed from /dev/random
    code = _eflomal_binary().read_bytes().replace(b"/dev/urandom\0", b"/dev/random\0\0")
    other = tmp_path / "eflomal"
    other.write_bytes(code)
    other.chmod(0o755)
    links = get_aligner("eflomal", binary=str(other), runs=1).align(SRC, TRG)
    warning = capsys.readouterr().err.strip().splitlines()
    assert len(warning) == 1 and "cannot seed" in warning[0] and "differ" in warning[0]
    assert len(links) == len(SRC) and (2, 2) in links[0]  # house-haus


def test_eflomal_links_are_read_compact_and_vote_alike(tmp_path):
    """A run's links file read into a compact store (one new set per pair, missing rows empty) votes as
    the same links held as sets."""
    from tagmt.projection.align import _read_links
    from tagmt.projection.wordstore import LinkStore

    (tmp_path / "fwd").write_text("0-0 1-2 2-1\n\n3-3 0-1\n", encoding="ascii")
    read = _read_links(tmp_path / "fwd", 4)
    assert isinstance(read, LinkStore)
    assert list(read) == [{(0, 0), (1, 2), (2, 1)}, set(), {(3, 3), (0, 1)}, set()]
    as_sets = [([{(0, 0), (1, 1)}], [{(0, 0)}]), ([{(0, 0)}], [{(0, 0), (1, 1)}]), ([{(1, 1)}], [{(1, 1)}])]
    compact = [(LinkStore(f), LinkStore(r)) for f, r in as_sets]
    for vote in ("symmetrized", "directions"):
        assert vote_links(compact, "grow-diag-final-and", vote) == vote_links(as_sets, "grow-diag-final-and", vote)
