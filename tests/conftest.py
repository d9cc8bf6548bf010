"""Shared fixtures: where the real development split and the bundled sample are; tiny M2M-100 and
mBART-50 checkpoints, built once per session and loaded back through ``load_engine`` as a real checkpoint
would be; a private run cache per test."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest
from hypothesis import settings

from tagmt.testing.tiny_seq2seq import build_tiny_m2m100, build_tiny_mbart50

# Tests never reach the Hugging Face hub: every model they load is built in a temp folder, and a test that
# checks the "hub cannot be reached" path points HF_ENDPOINT at a closed local port (tests/test_hub.py).
# Subprocesses started by tests inherit this.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
# Projections in tests use no installed dictionary (FreeDict in /usr/share/dictd, CC-CEDICT) unless a test asks
# for one: their outcomes must not depend on what the machine has installed (tests/projection/test_lexicon.py).
os.environ["TAGMT_DEFAULT_LEXICON"] = "none"
# Property tests explore new random examples on every local run; CI (`CI` set, as .ci/run does) draws the same
# examples every time, so a landing never depends on the draw (a failure found locally gets a hand-made case).
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO_ROOT = Path(__file__).resolve().parent.parent
SAP_DEV = Path(os.environ.get("TAGMT_SAP_DEV", REPO_ROOT.parent / "shared" / "sap-dev"))
SAMPLE = REPO_ROOT / "data" / "sample"
EURLEX_DEV = Path(os.environ.get("TAGMT_EURLEX_DEV", REPO_ROOT.parent / "shared" / "eurlex-dev"))


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def sap_dev() -> Path:
    """The upstream development split (../shared/sap-dev); tests that need it skip when it is absent."""
    if not (SAP_DEV / "software_documentation" / "dev_data").is_dir():
        pytest.skip(f"real SAP dev split not found at {SAP_DEV} (set TAGMT_SAP_DEV to its folder)")
    return SAP_DEV


@pytest.fixture(scope="session")
def eurlex_dev() -> Path:
    """The EUR-Lex and glossary dev sets of Hanneman & Dinu (2020), tagged line files
    (../shared/eurlex-dev); tests that need them skip when they are absent."""
    if not ((EURLEX_DEV / "dev-eurlex.en").is_file() and (EURLEX_DEV / "dev-glossary.en").is_file()):
        pytest.skip(f"EUR-Lex dev sets not found at {EURLEX_DEV} (set TAGMT_EURLEX_DEV to their folder)")
    return EURLEX_DEV


@pytest.fixture(scope="session")
def sample_data() -> Path:
    """The bundled sample data set (data/sample)."""
    return SAMPLE


@pytest.fixture(autouse=True)
def private_run_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every test's resumable-run caches out of ~/.cache/tagmt."""
    cache = tmp_path / "tagmt-cache"
    monkeypatch.setenv("TAGMT_CACHE", str(cache))
    return cache


@pytest.fixture(scope="session")
def one_torch_thread() -> Iterator[None]:
    """Tiny models are all call overhead: on a busy 2-core machine a second thread makes generation
    up to 10x slower by contention, so the session's tiny-model tests run torch on one thread."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="session")
def tiny_m2m100_dir(tmp_path_factory: pytest.TempPathFactory, one_torch_thread: None) -> Path:
    return build_tiny_m2m100(tmp_path_factory.mktemp("tiny-m2m100"))


@pytest.fixture(scope="session")
def tiny_mbart50_dir(tmp_path_factory: pytest.TempPathFactory, one_torch_thread: None) -> Path:
    return build_tiny_mbart50(tmp_path_factory.mktemp("tiny-mbart50"))


@pytest.fixture(scope="session")
def tiny_m2m100(tiny_m2m100_dir: Path):
    """The tiny M2M-100 loaded through the same path as ``--model facebook/m2m100_418M`` (batches of 32:
    fewer ``generate`` calls, which is what a tiny model's time goes to)."""
    from tagmt.engines import load_engine

    return load_engine(str(tiny_m2m100_dir), device="cpu", batch_size=32)


@pytest.fixture(scope="session")
def tiny_mbart50(tiny_mbart50_dir: Path):
    from tagmt.engines import load_engine

    return load_engine(str(tiny_mbart50_dir), device="cpu", batch_size=32)
