"""Reading corpus files: every read of a reader in ``tagmt.corpus`` (and of the SAP documents) goes through
``read_bytes``, which reads regular files only, up to a size limit (``tagmt.safeio``), or the standard input
for ``-``, and names a compressed or binary file as such (``tagmt.filekinds``)."""

from __future__ import annotations

import sys
from pathlib import Path

from tagmt.filekinds import refuse_binary
from tagmt.safeio import MAX_LINE_FILE_BYTES, decode_utf8, read_limited, read_regular_file, size_limit

#: The path that means the standard input (``--input -``, ``--translation -``).
STDIN = "-"

__all__ = ["decode_utf8", "read_bytes", "split_lines"]


def read_bytes(path: str | Path, *, what: str = "input file", limit: int = MAX_LINE_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (``what`` names its role in messages), or of the standard input
    when ``path`` is ``-``; a missing file, a folder, a FIFO or a device, a file over ``limit`` bytes (checked
    while reading), or a compressed or binary file, is one line."""
    if str(path) == STDIN:
        data = read_stdin(what=what, limit=limit)
    else:
        data = read_regular_file(path, what=what, limit=limit)
    refuse_binary(data[:512], "the standard input" if str(path) == STDIN else path, what)
    return data


def read_stdin(*, what: str, limit: int) -> bytes:
    """The standard input's bytes, read in bounded pieces: over ``limit`` (``size_limit`` applied) is refused as
    soon as it is passed, never after the whole stream is in memory."""
    return read_limited(sys.stdin.buffer, STDIN, what=what, limit=size_limit(limit))


def split_lines(text: str) -> list[str]:
    """One item per line: ``\\n`` ends a line (``\\r\\n`` accepted); the newline after the last line is
    not an empty line, but empty lines elsewhere are."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
