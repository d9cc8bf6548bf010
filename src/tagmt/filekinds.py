"""What a file that is no text is: compressed, an archive, a program, an image — named by its first bytes
(the "magic numbers" of each format), so that a gzip file given as XLIFF is refused as a gzip file, not as
"not UTF-8". Written here rather than with python-magic: a dozen fixed signatures need no C library. And which
text files are UTF-16 or UTF-32 (``wide_encoding``: by byte-order mark, else by zero bytes), for the readers that
read them (``corpus.widetext``) and those that name them in their refusal (``safeio``, ``safexml``, ``.strings``)."""

from __future__ import annotations

import codecs
from pathlib import Path

from tagmt.errors import TagmtError

#: (offset, signature, what it is, how to get text out of it); the first that matches names the file.
SIGNATURES: tuple[tuple[int, bytes, str, str], ...] = (
    (0, b"\x1f\x8b", "a gzip-compressed file", "decompress it first (gunzip -k FILE)"),
    (0, b"PK\x03\x04", "a zip archive", "unpack it into a fresh folder first (unzip FILE -d DIR)"),
    (0, b"PK\x05\x06", "an empty zip archive", "give the file inside it"),
    (0, b"BZh", "a bzip2-compressed file", "decompress it first (bunzip2 -k FILE)"),
    (0, b"\xfd7zXZ\x00", "an xz-compressed file", "decompress it first (unxz -k FILE)"),
    (0, b"(\xb5/\xfd", "a zstd-compressed file", "decompress it first (unzstd FILE)"),
    (0, b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive", "unpack it into a fresh folder first"),
    (257, b"ustar", "a tar archive", "unpack it into a fresh folder first (tar -xf FILE -C DIR)"),
    (0, b"\x7fELF", "an ELF executable or library", "give a text file"),
    (0, b"MZ", "a Windows executable", "give a text file"),
    (0, b"\xcf\xfa\xed\xfe", "a Mach-O executable", "give a text file"),
    (0, b"%PDF-", "a PDF document", "give a text file"),
    (0, b"\x89PNG\r\n\x1a\n", "a PNG image", "give a text file"),
    (0, b"\xff\xd8\xff", "a JPEG image", "give a text file"),
    (0, b"GIF8", "a GIF image", "give a text file"),
    (0, b"SQLite format 3\x00", "an SQLite database", "give a text file"),
    (0, b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document", "save it as text first"),
)


def binary_kind(head: bytes) -> tuple[str, str] | None:
    """``(what the file is, what to do)`` when ``head`` (the file's first bytes, at least 262 for tar) starts
    like a known binary format; None otherwise (a text file of any encoding: UTF-16 starts are not here)."""
    for offset, signature, what, fix in SIGNATURES:
        if head.startswith(signature, offset):
            return what, fix
    return None


def refuse_binary(head: bytes, path: str | Path, what: str) -> None:
    """Raise a one-line ``TagmtError`` naming what the file is when ``head`` is a known binary format."""
    kind = binary_kind(head)
    if kind is not None:
        raise TagmtError(f"{path}: {kind[0]}, not a text file tagmt can read as {what}; {kind[1]}")


#: Byte-order marks, UTF-32 first (its little-endian mark starts with UTF-16's).
_MARKS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
          (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def wide_encoding(data: bytes) -> tuple[str, bytes] | None:
    """(codec, byte-order mark) of ``data`` in UTF-16 or UTF-32 — by its mark, else by the zero bytes of its
    first two characters — or None (UTF-8, a legacy encoding, or a file too short to tell)."""
    for mark, codec in _MARKS:
        if data.startswith(mark):
            return codec, mark
    head = data[:4]
    if len(head) == 4 and head[:3] == b"\0\0\0" and head[3]:
        return "utf-32-be", b""
    if len(head) == 4 and head[0] and head[1:] == b"\0\0\0":
        return "utf-32-le", b""
    if len(head) == 4 and head[0] == 0 and head[1] and head[2] == 0 and head[3]:
        return "utf-16-be", b""
    if len(head) == 4 and head[0] and head[1] == 0 and head[2] and head[3] == 0:
        return "utf-16-le", b""
    return None
