"""Shared fixtures: where the real development split and the bundled sample are."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Tests never reach the Hugging Face hub: every model they load is built in a temp folder, and a test that
# checks the "hub cannot be reached" path points HF_ENDPOINT at a closed local port (tests/test_hub.py).
# Subprocesses started by tests inherit this.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

REPO_ROOT = Path(__file__).resolve().parent.parent
SAP_DEV = Path(os.environ.get("TAGMT_SAP_DEV", REPO_ROOT.parent / "shared" / "sap-dev"))
SAMPLE = REPO_ROOT / "data" / "sample"


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
def sample_data() -> Path:
    """The bundled sample data set (data/sample)."""
    return SAMPLE
