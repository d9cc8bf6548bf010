"""Projection quality on the real dev data, with the reference as the translation (an oracle) and
the default eflomal aligner, through `oracle_assessment` — the figures benchmarks/bench_projection.py
prints. Without examples, and 2-fold cross-validated with the other half as tagged examples
(whole documents for SAP). Thresholds sit a few points below the measured figures (see the
report in docs/projection.md), so that noise in the sampler does not fail the suite but a real
loss does. Each set is projected once per module."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from tagmt.data.dataset import open_dataset
from tagmt.data.views import parallel_segments
from tagmt.projection.align import get_aligner
from tagmt.projection.assess import oracle_assessment

SAP = {("en-ja", False): 0.85, ("en-ko", False): 0.84, ("en-zh", False): 0.86,
       ("en-ja", True): 0.85, ("en-ko", True): 0.85, ("en-zh", True): 0.85}
EURLEX = {("en-de", False): 0.93, ("en-fr", False): 0.93, ("en-hu", False): 0.93,
          ("en-de", True): 0.93, ("en-fr", True): 0.93, ("en-hu", True): 0.93}


def sap_share(data, direction: str, examples: bool) -> float:
    pairs = parallel_segments(open_dataset(data), "dev", direction)
    result, _ = oracle_assessment(
        [(p.source, p.target) for p in pairs], *direction.split("-"), get_aligner("eflomal"),
        cross_validate=examples, groups=[p.doc_id for p in pairs],
    )
    assert result.tagged > 400
    return result.exact_share


def eurlex_share(folder, direction: str, examples: bool) -> float:
    src, trg = direction.split("-")
    sides = [(folder / f"dev-eurlex.{lang}").read_text(encoding="utf-8").split("\n")[:-1]
             for lang in (src, trg)]
    result, _ = oracle_assessment(
        list(zip(*sides)), src, trg, get_aligner("eflomal"), cross_validate=examples
    )
    assert result.tagged > 1500
    return result.exact_share


def measure(function, data, cases) -> dict:
    with ThreadPoolExecutor(max_workers=2) as pool:  # eflomal runs as subprocesses
        return dict(zip(cases, pool.map(lambda case: function(data, *case), cases)))


@pytest.fixture(scope="module")
def sap_shares(sap_dev) -> dict:
    return measure(sap_share, sap_dev, list(SAP))


@pytest.fixture(scope="module")
def eurlex_shares(eurlex_dev) -> dict:
    return measure(eurlex_share, eurlex_dev, list(EURLEX))


@pytest.mark.slow
@pytest.mark.sapdev
@pytest.mark.parametrize("case", list(SAP), ids=lambda c: f"{c[0]}-{'examples' if c[1] else 'none'}")
def test_sap_projection_reaches_the_target(sap_shares, case):
    assert sap_shares[case] >= SAP[case], f"{case}: {sap_shares[case]:.1%} exact"


@pytest.mark.slow
@pytest.mark.eurlexdev
@pytest.mark.parametrize(
    "case", list(EURLEX), ids=lambda c: f"{c[0]}-{'examples' if c[1] else 'none'}"
)
def test_eurlex_projection_reaches_the_target(eurlex_shares, case):
    assert eurlex_shares[case] >= EURLEX[case], f"{case}: {eurlex_shares[case]:.1%} exact"
