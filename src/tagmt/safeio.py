"""Reading input files without hanging, exhausting memory or silently misreading them.

Every file a user names (an XLIFF document, a line file, a config) is read here. Only regular files are
read: a FIFO would block for ever, ``/dev/zero`` never ends, a folder or a dangling symbolic link is a
mistake — each is refused in one line that says what the path is. The file is checked with ``stat``
before it is opened (opening some devices has side effects), opened with ``O_NONBLOCK`` and checked again
on the open descriptor (the path may have changed in between), and read up to a size limit that the
message names. Text must be UTF-8 (a byte order mark is accepted); an XML file may declare another
encoding, but a declaration that contradicts the bytes is refused rather than read as mojibake.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from tagmt.errors import TagmtError
from tagmt.filekinds import wide_encoding

MIB = 1 << 20
#: Default limits; ``TAGMT_MAX_FILE_MB`` raises (or lowers) every limit at once.
MAX_DOCUMENT_BYTES = 256 * MIB  # one XML document: lxml's tree takes several times the file size
MAX_LINE_FILE_BYTES = 1024 * MIB  # one line file (sources, references, hypotheses)
LIMIT_VARIABLE = "TAGMT_MAX_FILE_MB"

_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20


def size_limit(default: int) -> int:
    """``default`` unless ``$TAGMT_MAX_FILE_MB`` says otherwise (a whole number of MiB)."""
    value = os.environ.get(LIMIT_VARIABLE)
    if not value:
        return default
    try:
        megabytes = int(value)
    except ValueError:
        raise TagmtError(f"{LIMIT_VARIABLE}={value!r} must be a whole number of MiB") from None
    if megabytes <= 0:
        raise TagmtError(f"{LIMIT_VARIABLE}={value!r} must be a positive number of MiB")
    return megabytes * MIB


def file_kind(mode: int) -> str:
    """What a ``stat`` mode is, in words."""
    if stat.S_ISREG(mode):
        return "a regular file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def _missing(path: Path, what: str, exc: OSError) -> TagmtError:
    """The one-line error for a path that cannot be opened, saying why in the user's terms."""
    if exc.errno == errno.ENOENT and os.path.islink(path):
        return TagmtError(f"{path}: {what} is a symbolic link to {os.readlink(path)!r}, which does not exist")
    if exc.errno == errno.ENOENT:
        return TagmtError(f"{path}: no such file ({what} not found)")
    if exc.errno == errno.ELOOP:
        return TagmtError(f"{path}: {what} is a symbolic link that loops (or a chain of more than 40 links)")
    if exc.errno == errno.ENOTDIR:
        return TagmtError(f"{path}: no such file ({what} not found: a folder on its way is a file)")
    if exc.errno == errno.EISDIR:
        return TagmtError(f"{path}: {what} is a folder, not a file")
    return TagmtError(f"cannot read {path} ({what}): {exc.strerror or exc}")


def _check_regular(path: Path, mode: int, what: str) -> None:
    if not stat.S_ISREG(mode):
        raise TagmtError(f"{path}: {what} is {file_kind(mode)}; only regular files are read")


def regular_file_stat(path: str | Path, *, what: str) -> os.stat_result:
    """``os.stat(path)`` of a regular file (symbolic links followed); anything else is one line."""
    path = Path(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _missing(path, what, exc) from None
    _check_regular(path, info.st_mode, what)
    return info


def open_regular_file(path: str | Path, *, what: str) -> tuple[BinaryIO, int]:
    """Open ``path`` for binary reading if it is a regular file (symbolic links to one are followed).

    Returns the open file and its size. Anything else — missing, a dangling or looping link, a folder, a
    FIFO, a device, a socket — is a one-line :class:`TagmtError` naming the path and what it is.
    """
    path = Path(path)
    regular_file_stat(path, what=what)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise _missing(path, what, exc) from None
    try:
        info = os.fstat(fd)
        _check_regular(path, info.st_mode, what)  # the path may have been swapped after the stat
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb"), info.st_size
    except BaseException:
        os.close(fd)
        raise


def open_within_limit(path: str | Path, *, what: str, limit: int) -> tuple[BinaryIO, int]:
    """:func:`open_regular_file`, refused in one line when the file is over ``limit`` bytes (after
    ``$TAGMT_MAX_FILE_MB``). Returns the open file and the limit in force, which a reader that streams
    the file checks again as it reads (the file may grow meanwhile)."""
    path = Path(path)
    limit = size_limit(limit)
    handle, size = open_regular_file(path, what=what)
    if size > limit:
        handle.close()
        raise too_large(path, what, size, limit)
    return handle, limit


def read_regular_file(path: str | Path, *, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, refused in one line when over ``limit`` bytes.

    ``what`` names the file's role in messages (``"XLIFF document"``, ``"hypothesis file"``). The limit
    is checked on the size before reading and again while reading (the file may grow meanwhile).
    """
    path = Path(path)
    handle, limit = open_within_limit(path, what=what, limit=limit)
    with handle:
        # the whole file in the first read (its size as it stood, +1 to see it grew): one bytes object, not
        # chunks and their join (twice the file in memory)
        return read_limited(handle, path, what=what, limit=limit,
                            first=max(os.fstat(handle.fileno()).st_size + 1, _CHUNK))


def read_limited(handle: BinaryIO, path: str | Path, *, what: str, limit: int, first: int = _CHUNK) -> bytes:
    """The rest of an open binary stream (a file, the standard input), read in pieces (``first`` bytes, then
    ``_CHUNK``) with the running total checked against ``limit`` after each: refused as soon as it passes it."""
    chunks, total, size = [], 0, first
    try:
        while chunk := handle.read(size):
            size = _CHUNK
            total += len(chunk)
            if total > limit:
                raise too_large(Path(path), what, total, limit)
            chunks.append(chunk)
    except OSError as exc:
        raise TagmtError(f"cannot read {path} ({what}): {exc.strerror or exc}") from None
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def too_large(path: Path, what: str, size: int, limit: int) -> TagmtError:
    """The one-line refusal of a file over the size limit, naming the limit and how to raise it."""
    return TagmtError(
        f"{path}: {what} is {_size(size)}, over tagmt's limit of {_size(limit)} for one file; "
        f"split it, or raise the limit with {LIMIT_VARIABLE}=<MiB>"
    )


def _size(n: int) -> str:
    return f"{n / MIB:,.1f} MiB" if n >= MIB else f"{n:,} bytes"


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in bytes) of ``offset`` in ``data``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - line_start + 1


def decode_utf8(data: bytes, path: str | Path, *, what: str = "file", fix: str = "convert the file to UTF-8",
                first_line: int = 1) -> str:
    """``data`` decoded as UTF-8 (a leading byte order mark dropped when ``data`` starts the file); a
    byte that is not UTF-8 is one line naming the file, line, column and byte. ``first_line`` is the
    line number of ``data``'s first line, for a reader that decodes a file line by line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        found = wide_encoding(data) if first_line == 1 else None
        if found is not None and found[1]:  # (a byte-order mark says it)
            wide = found[0].upper().replace("-LE", "LE").replace("-BE", "BE")  # (as iconv names it: UTF-16LE)
            raise TagmtError(f"{path}: a {wide} file ({what}), read here in UTF-8 only; convert it "
                             f"(iconv -f {wide} -t UTF-8 FILE)") from None
        line, column = _position(data, exc.start)
        raise TagmtError(
            f"{path}:{first_line + line - 1}: not UTF-8: byte 0x{data[exc.start]:02x} at column {column} "
            f"({what}); {fix}"
        ) from None
    return text[1:] if first_line == 1 and text.startswith("\ufeff") else text


_DECLARATION = re.compile(rb"\A(?:\xef\xbb\xbf)?<\?xml\s[^>]*?\bencoding\s*=\s*([\"'])([A-Za-z][A-Za-z0-9._:-]*)\1")
_NOT_ASCII = re.compile(rb"[\x80-\xff]")
_UTF16_32_STARTS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_BE, b"<\x00", b"\x00<", b"\x00\x00")


def check_xml_encoding(data: bytes, path: str | Path) -> None:
    """Refuse XML bytes that would be read wrongly without an error.

    * No encoding declared (or UTF-8 declared): the bytes must be UTF-8 — otherwise one line naming
      the file, line, column and byte (instead of the parser's message about its own buffer).
    * Another ASCII-compatible encoding declared (ISO-8859-1, windows-1252, …) over bytes that are
      valid UTF-8 and not plain ASCII: almost always a UTF-8 file with a wrong declaration, which would
      silently turn every accented letter into two (mojibake) — refused, naming the first such line.

    UTF-16 and UTF-32 files (byte order mark or zero bytes in the first character) are left to the parser.
    """
    if data.startswith(_UTF16_32_STARTS):
        return
    match = _DECLARATION.match(data[:1024])
    declared = match.group(2).decode("ascii") if match else None
    try:
        codec = codecs.lookup(declared).name if declared else "utf-8"
    except LookupError:
        return  # an unknown encoding name: the parser says so with the line
    if codec in ("utf-8", "utf-8-sig"):
        decode_utf8(data, path, what=f"the XML declares {'UTF-8' if declared else 'no encoding'}",
                    fix="declare the encoding it is in (<?xml version=\"1.0\" encoding=\"…\"?>) or convert it to UTF-8")
        return
    non_ascii = _NOT_ASCII.search(data)
    if non_ascii is None or "<?xml".encode(codec, "replace") != b"<?xml":
        return
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return  # not UTF-8: the declaration is believable
    line, column = _position(data, non_ascii.start())
    raise TagmtError(
        f"{path}:{line}: declares encoding {declared!r} but its bytes are UTF-8 (the first non-ASCII byte, at "
        f"column {column}, would be read as mojibake); this is almost always a UTF-8 file "
        f"with a wrong declaration: change it to encoding=\"UTF-8\" (or convert the file to {declared})"
    )


LINE_PIECE = 1 * MIB
"""Bytes `bounded_lines` reads at a time: what a line costs beyond the total before the limit is checked."""


def bounded_lines(handle: BinaryIO, path: str | Path, *, what: str, limit: int,
                  line_limit: int | None = None) -> Iterator[bytes]:
    """The lines (with their ``\\n``) of an open binary stream, read at most `LINE_PIECE` bytes at a time
    and the running total checked against ``limit`` after each piece (`too_large`), so a stream without a
    newline is refused when it passes the limit, not once a whole line is in memory; a line over
    ``line_limit`` bytes (when given) is refused naming its number (`line_too_long`)."""
    total, number, pieces, held = 0, 1, [], 0
    readline = handle.readline
    try:
        while piece := readline(LINE_PIECE):
            total += len(piece)
            if total > limit:
                raise too_large(Path(path), what, total, limit)
            if not pieces and piece.endswith(b"\n"):  # (time: a whole line in one piece, the usual case)
                if line_limit is not None and len(piece) - 1 > line_limit:
                    raise line_too_long(path, what, number, line_limit)
                number += 1
                yield piece
                continue
            pieces.append(piece)
            held += len(piece)
            if line_limit is not None and held - piece.endswith(b"\n") > line_limit:
                raise line_too_long(path, what, number, line_limit)
            if piece.endswith(b"\n"):
                yield b"".join(pieces)
                pieces, held, number = [], 0, number + 1
    except OSError as exc:
        raise TagmtError(f"cannot read {path} ({what}): {exc.strerror or exc}") from None
    if pieces:
        yield b"".join(pieces)


def line_too_long(path: str | Path, what: str, number: int, limit: int) -> TagmtError:
    """The one-line refusal of a line over a per-line limit, naming the line and the limit."""
    return TagmtError(f"{path}:{number}: line of the {what} is over tagmt's limit of {_size(limit)} for one "
                      "line; split it into sentences")
