"""Text resource files in UTF-16 or UTF-32 (JSON, YAML, ``.properties``): recognised by their byte-order mark, or
without one by the zero bytes of their first characters (the table of RFC 4627 §3 and of YAML 1.2 §5.2: a file
that starts with an ASCII character — ``{``, a key, a comment — shows its encoding in its first four bytes),
decoded for the reader and written back by ``tagmt.corpus.splice`` in the same encoding and mark (the skeleton
keeps the codec, whose name says the byte order, and the mark, written once before the first chunk).

UTF-8, with or without a mark, is left to each reader (its own messages name the line and column of a bad
byte). Written here, not with ``json.detect_encoding``: that one decodes, but says nothing about the mark to
write back, and YAML and properties files have no such function.
"""

from __future__ import annotations

from pathlib import Path

from tagmt.errors import TagmtError
from tagmt.filekinds import wide_encoding

__all__ = ["decode_wide", "wide_encoding"]

def decode_wide(data: bytes, path: str | Path, what: str) -> tuple[str, str, bytes] | None:
    """(text, codec, byte-order mark) of a UTF-16/UTF-32 file (``wide_encoding``), else None; bytes that are
    not that encoding are one line naming the file and line (``what``: the format, for the message)."""
    found = wide_encoding(data)
    if found is None:
        return None
    codec, mark = found
    body = data[len(mark):]
    try:
        return body.decode(codec), codec, mark
    except UnicodeDecodeError as exc:
        line = body[:exc.start].decode(codec, "replace").count("\n") + 1
        said = "its byte-order mark says" if mark else "its zero bytes say"
        raise TagmtError(f"{path}:{line}: not {codec.upper()} as {said} ({what}: {exc.reason}); fix the file or "
                         "convert it to UTF-8") from None
