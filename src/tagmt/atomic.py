"""Atomic file writes, so that a reader (or a re-run after a kill) sees the old file or the whole new one.

The text goes to a temporary file beside the target, is pushed to disk (fsync) and then renamed over the
target (``os.replace``, atomic on one file system). Outputs of runs and finished-cell records rely on it:
a file that exists is complete.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Iterable

from tagmt.errors import TagmtError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, chunks: Iterable[str]) -> Path:
    """Write the concatenation of ``chunks`` (UTF-8, ``\\n`` line ends kept as they are) to ``path``.

    The file gets the usual permissions (0666 less the umask), not ``mkstemp``'s 0600. An error while
    writing leaves the old file in place and no temporary file behind; an ``OSError`` becomes a one-line
    :class:`TagmtError`.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise TagmtError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            for chunk in chunks:
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise TagmtError(f"cannot write {path}: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
