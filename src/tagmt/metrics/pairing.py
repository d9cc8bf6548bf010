"""Pair the items of two sequences (a reference's tags and an output's) in order, by sequence alignment.

Pairing by rank — the k-th ``<b>`` of one side with the k-th ``<b>`` of the other — shifts every later
partner when one tag is dropped or added, so every later tag of that name reads as misplaced.
:func:`pair_in_order` aligns instead: a longest common subsequence (:func:`lcs`) on the finest key, then,
inside each gap between those pairs, on coarser keys; what is left can still be paired by key, in order,
as items that moved across others. The per-tag report and the pages' chips pair tags through it
(:func:`tagmt.metrics.placement.pair_tags`).
"""

from __future__ import annotations

from collections import defaultdict, deque
from difflib import SequenceMatcher
from typing import Callable, Hashable, NamedTuple, Sequence, TypeVar

T = TypeVar("T")

#: Above this many cells (the items of one side × the other's, between their common head and tail) two
#: sequences are aligned by difflib's longest-blocks heuristic instead of an exact LCS, so that time and
#: memory stay bounded per segment (over 700 tags on each side of one segment).
LCS_CELLS = 500_000


def lcs(a: Sequence[Hashable], b: Sequence[Hashable]) -> list[tuple[int, int]]:
    """A longest common subsequence of ``a`` and ``b`` as index pairs, in order (dynamic programming, by
    hand: difflib's matching blocks are not a longest subsequence; they serve above :data:`LCS_CELLS`)."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    middle_a, middle_b = a[head:len(a) - tail], b[head:len(b) - tail]
    n, m = len(middle_a), len(middle_b)
    pairs = [(k, k) for k in range(head)]
    if n and m and n * m > LCS_CELLS:
        blocks = SequenceMatcher(None, middle_a, middle_b, autojunk=False).get_matching_blocks()
        pairs.extend((head + i + k, head + j + k) for i, j, size in blocks for k in range(size))
    elif n and m:
        # lengths[i][j]: the LCS of middle_a[i:] and middle_b[j:]; walked forward from (0, 0)
        lengths = [[0] * (m + 1) for _ in range(n + 1)]
        for i in range(n - 1, -1, -1):
            row, below = lengths[i], lengths[i + 1]
            for j in range(m - 1, -1, -1):
                row[j] = below[j + 1] + 1 if middle_a[i] == middle_b[j] else max(below[j], row[j + 1])
        i = j = 0
        while i < n and j < m:
            if middle_a[i] == middle_b[j]:
                pairs.append((head + i, head + j))
                i, j = i + 1, j + 1
            elif lengths[i + 1][j] >= lengths[i][j + 1]:
                i += 1
            else:
                j += 1
    pairs.extend((len(a) - tail + k, len(b) - tail + k) for k in range(tail))
    return pairs


class Pairing(NamedTuple):
    """Index pairs of two sequences: ``in_order`` (aligned), ``moved`` (paired by key across others), and
    the indices of each side left without a partner."""

    in_order: list[tuple[int, int]]
    moved: list[tuple[int, int]]
    left_a: list[int]
    left_b: list[int]


def pair_in_order(a: Sequence[T], b: Sequence[T], keys: Sequence[Callable[[T], Hashable]],
                  moved_keys: Sequence[Callable[[T], Hashable]] = ()) -> Pairing:
    """Pair ``a`` with ``b``: an LCS on ``keys[0]``; each further key aligns, inside each gap between the
    pairs so far, what is still unpaired; then each of ``moved_keys`` pairs what is left, the k-th item of
    ``a`` with a key with the k-th of ``b`` with that key."""
    in_order: list[tuple[int, int]] = []
    gaps: list[tuple[list[int], list[int]]] = [(list(range(len(a))), list(range(len(b))))]
    for key in keys:
        next_gaps = []
        for gap_a, gap_b in gaps:
            if not gap_a or not gap_b:
                continue
            matches = lcs([key(a[i]) for i in gap_a], [key(b[j]) for j in gap_b])
            in_order.extend((gap_a[i], gap_b[j]) for i, j in matches)
            start_a = start_b = 0
            for i, j in matches + [(len(gap_a), len(gap_b))]:
                next_gaps.append((gap_a[start_a:i], gap_b[start_b:j]))
                start_a, start_b = i + 1, j + 1
        gaps = next_gaps
    paired_a = {i for i, _ in in_order}
    paired_b = {j for _, j in in_order}
    moved: list[tuple[int, int]] = []
    for key in moved_keys:
        waiting: dict[Hashable, deque[int]] = defaultdict(deque)
        for j, item in enumerate(b):
            if j not in paired_b:
                waiting[key(item)].append(j)
        for i, item in enumerate(a):
            partners = waiting.get(key(item))
            if i not in paired_a and partners:
                j = partners.popleft()
                moved.append((i, j))
                paired_a.add(i)
                paired_b.add(j)
    return Pairing(sorted(in_order), moved, [i for i in range(len(a)) if i not in paired_a],
                   [j for j in range(len(b)) if j not in paired_b])
