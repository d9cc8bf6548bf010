"""Paired significance tests over per-segment sufficient statistics (after sacrebleu's
``significance.py``): paired bootstrap resampling (Koehn 2004, as Moses'
``bootstrap-hypothesis-difference-significance.pl``) and approximate randomization (Riezler & Maxwell
2005, as multeval).

Any segment metric works, because every one reports its corpus figures from summed statistics
(:meth:`tagmt.metrics.segment.SegmentMetric.figures_from`). The sampling is sacrebleu's — a seeded
``numpy.random.default_rng``, bootstrap indices drawn as ``choice(n, (samples, n))``, AR swaps as
``integers(2, (samples, n))`` — done in blocks so memory stays at a few MB for any corpus. The 95 %
interval is sacrebleu's ``estimate_ci`` over the bootstrap scores of the system.

One difference from sacrebleu, on purpose: a resampled difference counts against the system when it is
*at least* the observed one (``>=``, the usual definition of a p-value), where sacrebleu counts only
strictly larger ones; with ``>``, a system identical to the baseline gets p = 1/(samples+1) — "significant"
— which is why the comparison with ``>=`` gives it p = 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import numpy as np

SEED = 12345
BOOTSTRAP_SAMPLES = 1000
AR_SAMPLES = 10000
_BLOCK_CELLS = 4_000_000  # index cells drawn at a time (samples × segments): ~32 MB of int64

Figures = Callable[[np.ndarray], Mapping[str, float | None]]


@dataclass
class TestResult:
    """A system's figure with its p-value against the baseline and the bootstrap mean ± 95 % CI."""

    score: float
    p_value: float | None
    mean: float
    ci: float

    def as_dict(self) -> dict[str, float | None]:
        return {"score": self.score, "p_value": self.p_value, "mean": self.mean, "ci": self.ci}


def _blocks(samples: int, segments: int) -> list[int]:
    size = max(1, _BLOCK_CELLS // max(1, segments))
    return [min(size, samples - start) for start in range(0, samples, size)]


def _bootstrap_scores(stats: list[np.ndarray], figures: Figures, samples: int, seed: int) -> list[dict]:
    """Figures of every bootstrap resample, for several systems resampled with the same indices."""
    rng = np.random.default_rng(seed)
    n = stats[0].shape[0]
    results: list[list[Mapping[str, float | None]]] = [[] for _ in stats]
    for block in _blocks(samples, n):
        indices = rng.choice(n, size=(block, n), replace=True)
        for row in indices:
            weights = np.bincount(row, minlength=n).astype(np.float64)
            for k, system in enumerate(stats):
                results[k].append(figures(weights @ system))
    return [_columns(r) for r in results]


def _columns(rows: list[Mapping[str, float | None]]) -> dict[str, np.ndarray]:
    keys = rows[0].keys() if rows else []
    return {key: np.array([np.nan if row[key] is None else row[key] for row in rows]) for key in keys}


def _p_value(sampled: np.ndarray, observed: float) -> float:
    return float((np.sum(sampled >= observed - 1e-9) + 1) / (len(sampled) + 1))


def _ci(scores: np.ndarray) -> tuple[float, float]:
    from sacrebleu.significance import estimate_ci

    mean, ci = estimate_ci(scores)
    return float(mean), float(ci)


def paired_bootstrap(
    baseline: np.ndarray, system: np.ndarray, figures: Figures, *, samples: int = BOOTSTRAP_SAMPLES, seed: int = SEED
) -> dict[str, TestResult]:
    """Paired bootstrap resampling of ``system`` against ``baseline`` (per-segment statistics, rows
    aligned): for every figure, the observed score, p-value, and bootstrap mean and 95 % CI."""
    observed_bl, observed_sys = figures(baseline.sum(0)), figures(system.sum(0))
    sampled_bl, sampled_sys = _bootstrap_scores([baseline, system], figures, samples, seed)
    results = {}
    for key, score in observed_sys.items():
        if score is None or observed_bl[key] is None:
            continue
        diffs = np.abs(sampled_sys[key] - sampled_bl[key])
        diffs = diffs[~np.isnan(diffs)]
        centred = diffs - diffs.mean() if len(diffs) else diffs
        p = _p_value(centred, abs(score - observed_bl[key]))
        mean, ci = _ci(sampled_sys[key][~np.isnan(sampled_sys[key])])
        results[key] = TestResult(score, p, mean, ci)
    return results


def approximate_randomization(
    baseline: np.ndarray, system: np.ndarray, figures: Figures, *, samples: int = AR_SAMPLES,
    seed: int = SEED, ci_samples: int = BOOTSTRAP_SAMPLES,
) -> dict[str, TestResult]:
    """Paired approximate randomization: each trial swaps every segment's statistics between the two
    systems with probability 1/2; the p-value is the share of trials whose absolute difference is at
    least the observed one. The CI comes from a bootstrap of ``system`` alone."""
    observed_bl, observed_sys = figures(baseline.sum(0)), figures(system.sum(0))
    rng = np.random.default_rng(seed)
    n = baseline.shape[0]
    shuffled: list[Mapping[str, float | None]] = []
    for block in _blocks(samples, n):
        swap = rng.integers(2, size=(block, n), dtype=bool)
        keep = (~swap).astype(np.float64)
        swapf = swap.astype(np.float64)
        side_a = swapf @ baseline + keep @ system
        side_b = keep @ baseline + swapf @ system
        for a, b in zip(side_a, side_b):
            fa, fb = figures(a), figures(b)
            shuffled.append({k: None if fa[k] is None or fb[k] is None else abs(fa[k] - fb[k]) for k in fa})
    columns = _columns(shuffled)
    (sampled_sys,) = _bootstrap_scores([system], figures, ci_samples, seed)
    results = {}
    for key, score in observed_sys.items():
        if score is None or observed_bl[key] is None:
            continue
        trials = columns[key][~np.isnan(columns[key])]
        p = _p_value(trials, abs(score - observed_bl[key]))
        mean, ci = _ci(sampled_sys[key][~np.isnan(sampled_sys[key])])
        results[key] = TestResult(score, p, mean, ci)
    return results


def baseline_interval(baseline: np.ndarray, figures: Figures, *, samples: int = BOOTSTRAP_SAMPLES,
                      seed: int = SEED) -> dict[str, TestResult]:
    """The baseline's own bootstrap mean and 95 % CI (its p-value is None: it is the reference point)."""
    observed = figures(baseline.sum(0))
    (sampled,) = _bootstrap_scores([baseline], figures, samples, seed)
    results = {}
    for key, score in observed.items():
        if score is not None:
            mean, ci = _ci(sampled[key][~np.isnan(sampled[key])])
            results[key] = TestResult(score, None, mean, ci)
    return results
