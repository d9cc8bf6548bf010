"""Translation edit rate over token lists: sacrebleu's algorithm, step for step, fast on long documents.

sacrebleu's ``lib_ter.translation_edit_rate`` (Tercom's greedy shift search) is the definition XATER
uses. Its cost on long documents comes from re-running a Python edit distance over the whole suffix of
the hypothesis for every shift candidate, and from scanning every (hyp, ref) position pair for shifts.
This module returns *the same numbers* (it makes the same decisions in the same order) while avoiding
that work:

* The edit distance is sacrebleu's banded one (same beam, same pseudo-diagonal, same tie-breaking
  between substitution, deletion and insertion, so the same trace); rows are numpy vectors and every
  row of the current hypothesis is kept.
* A candidate shift changes the hypothesis only inside one window ``[a, b)``. Rows before ``a`` are
  reused; rows from ``a`` on are recomputed only until a row equals the old row plus a constant ``c``
  (on the same band); from there on every later row, and the final distance, is the old one plus ``c``,
  because the recurrence commutes with adding a constant to a whole row. This is exact, not a heuristic:
  when no such row appears, the recomputation simply runs to the end.
* Shift candidates are enumerated in sacrebleu's order but only where they can pass its filters (a
  hypothesis error within ``MAX_SHIFT_SIZE`` tokens, a matching reference token within
  ``MAX_SHIFT_DIST``), so the global cap of ``MAX_SHIFT_CANDIDATES`` candidates is reached at the same
  candidate as in sacrebleu. Neither the order nor the cap depends on the candidates' gains, so a round's
  candidates are listed first, deduplicated, and their distances computed together, one batch row per
  candidate advancing per numpy call. A round that reaches the cap is not scored at all: sacrebleu
  checks the cap before it takes the round's best shift, so that shift is never used.

The cap is global: on long documents with many errors sacrebleu evaluates its 1,000 candidates in the
first round, and stops without applying a shift (the cap check comes before the shift is taken). So the
exact TER of a long document is often its banded edit distance alone. Cutting the document into
independent windows (each with its own beam diagonal and its own candidate budget) would not reproduce
that number, which is why this module keeps sacrebleu's global search and makes each step cheap.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from typing import Hashable, Sequence

import numpy as np
from sacrebleu.metrics import lib_ter

MAX_SHIFT_SIZE: int = lib_ter._MAX_SHIFT_SIZE
MAX_SHIFT_DIST: int = lib_ter._MAX_SHIFT_DIST
BEAM_WIDTH: int = lib_ter._BEAM_WIDTH
MAX_SHIFT_CANDIDATES: int = lib_ter._MAX_SHIFT_CANDIDATES

_INF = 1 << 40
# Operation codes (sacrebleu's ' ', 's', 'd', 'i' as seen from the hypothesis: DEL consumes a
# hypothesis token, INS a reference token).
_NOP, _SUB, _DEL, _INS = 0, 1, 2, 3


def translation_edit_rate(hyp: Sequence[Hashable], ref: Sequence[Hashable]) -> tuple[int, int]:
    """Number of edits (shifts included) and reference length, equal to sacrebleu's on the same lists."""
    n_h, n_r = len(hyp), len(ref)
    if n_r == 0:
        return n_h, 0
    if n_h == 0:
        return n_r, n_r
    vocab: dict[Hashable, int] = {}
    ref_ids = np.array([vocab.setdefault(tok, len(vocab)) for tok in ref], dtype=np.int64)
    hyp_ids = [vocab.setdefault(tok, len(vocab)) for tok in hyp]
    return _ShiftSearch(hyp_ids, ref_ids).run(), n_r


class _BandedDistance:
    """sacrebleu's beam edit distance for one reference and one hypothesis length.

    Row ``i`` covers reference columns ``[lo[i], hi[i])``. Every row is stored in a uniform frame:
    ``values[i, t]`` is column ``lo[i] - 1 + t`` (``t = 0`` is a padding column, cells outside the band
    hold ``_INF``), so a whole batch of rows, one per shift candidate, advances with a few numpy calls.
    Row 0 is sacrebleu's initial row (``j`` insertions for column ``j``).
    """

    def __init__(self, ref_ids: np.ndarray, hyp: Sequence[int]) -> None:
        n_h, n_r = len(hyp), len(ref_ids)
        self.n_h, self.n_r = n_h, n_r
        ratio = n_r / n_h
        beam = math.ceil(ratio / 2 + BEAM_WIDTH) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
        lo = [0] * (n_h + 2)
        hi = [n_r + 1] * (n_h + 2)
        for i in range(1, n_h + 1):
            diag = math.floor(i * ratio)
            lo[i] = max(0, diag - beam)
            hi[i] = n_r + 1 if i == n_h else min(n_r + 1, diag + beam)
        lo[n_h + 1] = lo[n_h]  # sentinel so that "the row after the last" has a frame too
        self.lo = np.array(lo, dtype=np.int64)
        self.band = np.array([h - l for l, h in zip(lo, hi)], dtype=np.int64)
        self.band[0] = 0
        self.jump = np.diff(self.lo, append=self.lo[-1])  # jump[i] = lo[i + 1] - lo[i]
        self.w = int(self.band[1:n_h + 1].max())
        self.frame = self.w + 1 + int(self.jump.max())
        self.ar = np.arange(self.w, dtype=np.int64)
        self.ar_prev = np.arange(self.w + 1, dtype=np.int64)
        self.ref_pad = np.concatenate(([-1], ref_ids, np.full(self.w + 2, -1, dtype=np.int64)))
        self.hyp = np.array(hyp, dtype=np.int64)
        self.values = np.full((n_h + 1, self.frame), _INF, dtype=np.int64)
        self.ops = np.full((n_h + 1, self.frame), _INS, dtype=np.int8)
        initial = np.arange(-1, self.frame - 1, dtype=np.int64)
        self.values[0] = np.where((initial >= 0) & (initial <= n_r), initial, _INF)
        for i in range(1, n_h + 1):
            self._store(i, *self.rows(self.values[i - 1:i, self.jump[i - 1]:][:, :self.w + 1],
                                      self.hyp[i - 1:i], np.array([i])))

    def rows(self, prev: np.ndarray, tokens: np.ndarray, i: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rows ``i`` (one per batch entry) from rows ``i - 1`` on columns ``[lo[i] - 1, lo[i] + w)``.

        Ties go to substitution/match, then deletion, then insertion, as in sacrebleu.
        """
        lo = self.lo[i][:, None]
        mismatch = self.ref_pad[lo + self.ar] != tokens[:, None]
        diag = prev[:, :-1] + mismatch
        up = prev[:, 1:] + 1
        take_diag = diag <= up
        best = np.minimum(np.where(take_diag, diag, up), _INF)
        ops = np.where(take_diag, mismatch.astype(np.int8), np.int8(_DEL))
        final = np.minimum.accumulate(best - self.ar, axis=1) + self.ar
        ops[final < best] = _INS
        in_band = self.ar < self.band[i][:, None]
        return np.where(in_band, np.minimum(final, _INF), _INF), ops

    def _store(self, i: int, values: np.ndarray, ops: np.ndarray) -> None:
        self.values[i, 1:self.w + 1] = values[0]
        self.ops[i, 1:self.w + 1] = ops[0]

    def _next_prev(self, values: np.ndarray, i: np.ndarray) -> np.ndarray:
        """Rows ``i`` (band values, no padding) re-framed as the previous rows of rows ``i + 1``."""
        framed = np.full((len(values), self.frame), _INF, dtype=np.int64)
        framed[:, 1:self.w + 1] = values
        return np.take_along_axis(framed, self.jump[i][:, None] + self.ar_prev, axis=1)

    def final(self) -> int:
        return int(self.values[self.n_h, 1 + self.n_r - int(self.lo[self.n_h])])

    def _constant_offset(self, values: np.ndarray, i: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per batch entry: does the new row equal the kept row ``i`` plus a constant, and which one."""
        old = self.values[i, 1:self.w + 1]
        finite = old < _INF
        diff = values - old
        c = diff[np.arange(len(i)), finite.argmax(axis=1)]
        return ((diff == c[:, None]) | ~finite).all(axis=1), c

    def distances(self, starts: np.ndarray, windows: list[list[int]]) -> np.ndarray:
        """Distance for each hypothesis that equals the kept one except ``windows[m]`` at ``starts[m]``."""
        m_total = len(starts)
        width = max(len(win) for win in windows)
        win = np.zeros((m_total, width), dtype=np.int64)
        for m, tokens in enumerate(windows):
            win[m, :len(tokens)] = tokens
        a = starts.astype(np.int64)
        b = a + np.array([len(tokens) for tokens in windows], dtype=np.int64)
        result = np.zeros(m_total, dtype=np.int64)
        active = np.arange(m_total)
        i = a + 1
        prev = np.take_along_axis(self.values[a], self.jump[a][:, None] + self.ar_prev, axis=1)
        final_kept, last = self.final(), self.n_r - int(self.lo[self.n_h])
        while len(active):
            inside = i - 1 < b
            offset = np.clip(i - 1 - a, 0, width - 1)
            tokens = np.where(inside, win[np.arange(len(active)), offset], self.hyp[np.minimum(i - 1, self.n_h - 1)])
            values, _ = self.rows(prev, tokens, i)
            same, c = self._constant_offset(values, i)
            converged = same & (i >= b)
            ended = (i == self.n_h) & ~converged
            result[active[converged]] = final_kept + c[converged]
            result[active[ended]] = values[ended, last]
            keep = ~(converged | ended)
            active, a, b, i, values = active[keep], a[keep], b[keep], i[keep], values[keep]
            win = win[keep]
            prev = self._next_prev(values, i)
            i = i + 1
        return result

    def update(self, hyp: Sequence[int], a: int, b: int) -> None:
        """Make the kept rows those of ``hyp``, which differs from the kept hypothesis in ``[a, b)``."""
        self.hyp = np.array(hyp, dtype=np.int64)
        for i in range(a + 1, self.n_h + 1):
            index = np.array([i])
            prev = self.values[i - 1:i, self.jump[i - 1]:][:, :self.w + 1]
            values, ops = self.rows(prev, self.hyp[i - 1:i], index)
            same, c = self._constant_offset(values, index)
            self._store(i, values, ops)
            if i >= b and bool(same[0]):
                rest = self.values[i + 1:]
                rest[rest < _INF] += int(c[0])
                return

    def trace(self) -> tuple[list[int], np.ndarray, np.ndarray]:
        """Alignment and error flags of the optimal path, as sacrebleu's ``trace_to_alignment`` gives.

        Returns ``align`` (reference position -> hypothesis position), ``hyp_err`` and ``ref_err``.
        """
        n_h, n_r = self.n_h, self.n_r
        align = [0] * n_r
        hyp_err = np.zeros(n_h, dtype=np.int64)
        ref_err = np.zeros(n_r, dtype=np.int64)
        ops, lo = self.ops, self.lo.tolist()
        i, j = n_h, n_r
        # Walk back; a reference position j-1 consumed at row i aligns to hypothesis position i-1.
        while i > 0 or j > 0:
            op = ops.item(i, 1 + j - lo[i]) if i > 0 else _INS
            if op == _NOP or op == _SUB:
                i -= 1
                j -= 1
                align[j] = i
                if op == _SUB:
                    hyp_err[i] = 1
                    ref_err[j] = 1
            elif op == _INS:
                j -= 1
                align[j] = i - 1
                ref_err[j] = 1
            else:
                i -= 1
                hyp_err[i] = 1
        return align, hyp_err, ref_err


def _shifted_window(hyp: list[int], start: int, length: int, idx: int) -> tuple[int, list[int]]:
    """Where sacrebleu's ``_perform_shift`` changes ``hyp`` and the new tokens there: ``(a, tokens)``."""
    if idx < start:
        return idx, hyp[start:start + length] + hyp[idx:start]
    if idx > start + length:
        return start, hyp[start + length:idx] + hyp[start:start + length]
    end = min(len(hyp), length + idx)
    return start, hyp[start + length:end] + hyp[start:start + length]


class _ShiftSearch:
    """sacrebleu's greedy shift loop over one hypothesis and one reference (token ids)."""

    def __init__(self, hyp: list[int], ref_ids: np.ndarray) -> None:
        self.hyp = hyp
        self.ref = ref_ids.tolist()
        self.n_r = len(self.ref)
        self.dist = _BandedDistance(ref_ids, hyp)
        self.positions: dict[int, list[int]] = {}
        for j, tok in enumerate(self.ref):
            self.positions.setdefault(tok, []).append(j)

    def run(self) -> int:
        shifts, checked = 0, 0
        while True:
            delta, best, checked = self._best_shift(checked)
            if checked >= MAX_SHIFT_CANDIDATES or delta <= 0:
                break
            shifts += 1
            start, length, idx = best
            a, window = _shifted_window(self.hyp, start, length, idx)
            self.hyp = self.hyp[:a] + window + self.hyp[a + len(window):]
            self.dist.update(self.hyp, a, a + len(window))
        return shifts + self.dist.final()

    def _starts(self, hyp_err: np.ndarray) -> list[int]:
        """Hypothesis positions with an error among the next ``MAX_SHIFT_SIZE`` tokens."""
        marks = np.zeros(len(self.hyp) + MAX_SHIFT_SIZE, dtype=bool)
        for e in np.flatnonzero(hyp_err).tolist():
            marks[max(0, e - MAX_SHIFT_SIZE + 1):e + 1] = True
        return np.flatnonzero(marks[:len(self.hyp)]).tolist()

    def _candidates(self, checked: int) -> tuple[list[tuple[int, int, int]], int]:
        """Shift candidates ``(start, length, target)`` in sacrebleu's order, up to its global cap."""
        hyp, ref, n_h, n_r = self.hyp, self.ref, len(self.hyp), self.n_r
        align, hyp_err, ref_err = self.dist.trace()
        cum_h = np.concatenate(([0], np.cumsum(hyp_err))).tolist()
        cum_r = np.concatenate(([0], np.cumsum(ref_err))).tolist()
        found: list[tuple[int, int, int]] = []
        for start_h in self._starts(hyp_err):
            same = self.positions.get(hyp[start_h], ())
            for k in range(bisect_left(same, start_h - MAX_SHIFT_DIST), len(same)):
                start_r = same[k]
                if start_r > start_h + MAX_SHIFT_DIST:
                    break
                length = 0
                while length < MAX_SHIFT_SIZE and hyp[start_h + length] == ref[start_r + length]:
                    length += 1
                    if (
                        cum_h[start_h + length] != cum_h[start_h]
                        and cum_r[start_r + length] != cum_r[start_r]
                        and not start_h <= align[start_r] < start_h + length
                    ):
                        prev_idx = -1
                        for offset in range(-1, length):
                            idx = 0 if start_r + offset == -1 else align[start_r + offset] + 1
                            if idx != prev_idx:
                                prev_idx = idx
                                found.append((start_h, length, idx))
                        if checked + len(found) >= MAX_SHIFT_CANDIDATES:
                            return found, checked + len(found)
                    if n_h == start_h + length or n_r == start_r + length:
                        break
        return found, checked + len(found)

    def _best_shift(self, checked: int) -> tuple[int, tuple[int, int, int] | None, int]:
        """The best candidate by sacrebleu's ranking: gain, then length, earliest start, earliest target."""
        found, checked = self._candidates(checked)
        if not found or checked >= MAX_SHIFT_CANDIDATES:
            return 0, None, checked  # at the cap sacrebleu stops before taking this round's shift
        unique = sorted(set(found))
        pre = self.dist.final()
        gains = dict.fromkeys(unique, 0)
        starts, windows, changing = [], [], []
        for shift in unique:
            a, window = _shifted_window(self.hyp, *shift)
            if window != self.hyp[a:a + len(window)]:
                starts.append(a)
                windows.append(window)
                changing.append(shift)
        if changing:
            distances = self.dist.distances(np.array(starts), windows).tolist()
            for shift, distance in zip(changing, distances):
                gains[shift] = pre - distance
        start, length, idx = max(unique, key=lambda sh: (gains[sh], sh[1], -sh[0], -sh[2]))
        return gains[(start, length, idx)], (start, length, idx), checked
