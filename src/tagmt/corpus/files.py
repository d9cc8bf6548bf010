"""Reading corpus files: every read of a reader in ``tagmt.corpus`` (and of the SAP documents) goes through
``read_bytes``, so that one safe reader of regular files can replace it in one place."""

from __future__ import annotations

from pathlib import Path

from tagmt.errors import TagmtError


def read_bytes(path: str | Path) -> bytes:
    """The bytes of ``path``; a missing file, a folder or an unreadable file is one line."""
    path = Path(path)
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise TagmtError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise TagmtError(f"{path}: is a folder, not a file") from None
    except OSError as exc:
        raise TagmtError(f"{path}: cannot read: {exc.strerror or exc}") from None


def decode_utf8(data: bytes, path: str | Path) -> str:
    """``data`` as UTF-8 text without a leading byte-order mark; bad bytes named by line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise TagmtError(
            f"{path}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x}); convert the file to UTF-8"
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def split_lines(text: str) -> list[str]:
    """One item per line: ``\\n`` ends a line (``\\r\\n`` accepted); the newline after the last line is
    not an empty line, but empty lines elsewhere are."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
