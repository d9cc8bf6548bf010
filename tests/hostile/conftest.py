"""Fixtures of the hostile-input tests: folders that refuse writes — read-only or full.

Root ignores permission bits, so as root a read-only or full folder is a small tmpfs mounted there for
the test (and unmounted after); where neither works the test is skipped, saying why.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Iterator

import pytest
from hostile import IS_ROOT


def _mount_tmpfs(folder: Path, options: str) -> bool:
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tagmt-test", str(folder)],
                          capture_output=True, check=False)
    return done.returncode == 0


@pytest.fixture()
def readonly_dir(tmp_path: Path) -> Iterator[Path]:
    """An empty folder nobody can write into (a read-only tmpfs as root, mode 0555 otherwise)."""
    folder = tmp_path / "readonly"
    folder.mkdir()
    if not IS_ROOT:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    if not _mount_tmpfs(folder, "ro,size=64k"):
        pytest.skip("running as root and cannot mount a read-only tmpfs, so no folder refuses writes")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.fixture()
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """An empty folder on a 256 KiB file system (a tmpfs; needs root)."""
    folder = tmp_path / "small-disk"
    folder.mkdir()
    if not IS_ROOT or not _mount_tmpfs(folder, "size=256k"):
        pytest.skip("a full disk is simulated with a small tmpfs, which needs root and mount")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


