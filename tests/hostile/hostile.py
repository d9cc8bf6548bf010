"""Helpers of the hostile-input tests: one-line CLI errors, the real command in a subprocess (with a
time limit and, where asked, a file-size limit like ``ulimit -f``), full file systems, device nodes."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tagmt.cli import main

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def one_line_error(args: list[str], capsys) -> str:
    """Run ``tagmt ARGS`` in process; it must fail with exit 2 and exactly one ``tagmt: error:`` line."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def run_tagmt(*args: str, timeout: float = 120, file_size_limit: int | None = None,
              env: dict[str, str] | None = None, **kwargs) -> subprocess.CompletedProcess:
    """``python -m tagmt ARGS`` as a user runs it; ``file_size_limit`` is ``ulimit -f`` in bytes."""

    def limit() -> None:
        if file_size_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    full_env = dict(os.environ, OMP_NUM_THREADS="1", **(env or {}))
    return subprocess.run([sys.executable, "-m", "tagmt", *args], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=limit, env=full_env, **kwargs)


def assert_one_line_failure(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    lines = [line for line in done.stderr.splitlines() if not line.startswith("tagmt: note:")]
    assert len(lines) == 1 and lines[0].startswith("tagmt: error: ") and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def fill(folder: Path, leave: int = 0) -> None:
    """Fill the file system of ``folder`` until at most ``leave`` bytes are free."""
    with open(folder / "filler", "wb") as f:
        try:
            while os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize > leave:
                f.write(b"\0" * 4096)
                f.flush()
        except OSError:
            pass


def make_device(path: Path, kind: int, major: int, minor: int) -> Path:
    """A device node of our own (``/dev/null`` is 1,3 and ``/dev/full`` 1,7): tests never touch /dev."""
    try:
        os.mknod(path, kind | 0o666, os.makedev(major, minor))
    except PermissionError:
        pytest.skip("making a device node needs root (CAP_MKNOD)")
    return path
