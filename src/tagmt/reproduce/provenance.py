"""What every cell record and results.json says about how it was made: its format, versions and time."""

from __future__ import annotations

import datetime
import sys

RESULTS_FORMAT = "tagmt-results/2"  # 2: metric keys spelled as in the registry (raw-bleu); markup per segment
VERSIONED_PACKAGES = ("tagmt", "sacrebleu", "transformers", "torch")


def versions() -> dict[str, str]:
    """Installed versions of the packages a score depends on ("not installed" when absent)."""
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for package in VERSIONED_PACKAGES:
        try:
            found[package] = version(package)
        except PackageNotFoundError:
            found[package] = "not installed"
    found["python"] = sys.version.split()[0]
    return found


def utc_now() -> str:
    """The current time, ISO 8601 in UTC to the second."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
