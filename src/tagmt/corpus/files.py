"""Reading corpus files: every read of a reader in ``tagmt.corpus`` (and of the SAP documents) goes through
``read_bytes``, which reads regular files only, up to a size limit (``tagmt.safeio``)."""

from __future__ import annotations

from pathlib import Path

from tagmt.safeio import MAX_LINE_FILE_BYTES, decode_utf8, read_regular_file

__all__ = ["decode_utf8", "read_bytes", "split_lines"]


def read_bytes(path: str | Path, *, what: str = "input file", limit: int = MAX_LINE_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (``what`` names its role in messages); a missing file, a
    folder, a FIFO or a device, or a file over ``limit`` bytes, is one line."""
    return read_regular_file(path, what=what, limit=limit)


def split_lines(text: str) -> list[str]:
    """One item per line: ``\\n`` ends a line (``\\r\\n`` accepted); the newline after the last line is
    not an empty line, but empty lines elsewhere are."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
