"""Reading dictd files (the format of FreeDict's dictionaries) under bounds: an index's lines — all of them, or
only the byte ranges of the wanted headwords' first letters by the index's prefix table (built once per file
version) — and the bodies of entries from the data file, plain, dictzip (random access) or gzip (streamed,
capped). What the entries mean is `lexicon.py`'s business."""

from __future__ import annotations

import gzip
import re
import struct
import zlib
from functools import lru_cache, partial
from pathlib import Path
from typing import Iterator

from tagmt.errors import TagmtError

MAX_GZIP_INFLATE = 512 << 20
"""Bytes of a plain-gzip (not dictzip) `.dict.dz` inflated at most to reach its entries (time: such a file
has no random access, every lookup inflates it from the start; FreeDict's largest data is under 100 MB):
an entry beyond is refused, naming this limit."""

MAX_INDEX_LINE = 1 << 16
"""Characters a dictd index line may have (a headword and two numbers)."""

_B64 = {c: k for k, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def _b64(text: str) -> int:
    if len(text) > 8:  # (time and range: 64^8 bytes is 256 TiB; a longer number is no offset)
        raise ValueError(text[:20])
    value = 0
    for c in text:
        value = value * 64 + _B64[c]
    return value


TABLE_PREFIX = 2
"""The first characters (lower-cased) by which `_prefix_table` groups an index's lines."""


def _index_lines(index: Path, starts: set[str] | None) -> Iterator[tuple[int, str]]:
    """(line number, line) of a dictd index: every line, or — given the wanted headwords' first letters — only
    the lines of the byte ranges `_prefix_table` gives for them (a dictd index is sorted: the lines of a
    two-letter prefix follow each other), when the index has such a table; of a range, when `starts` have one
    length longer than the prefix, only the lines whose first letters lowercased are one of them (the check
    `DictdFile.read` makes, made here with no generator step a line: time). A line over `MAX_INDEX_LINE`
    characters is refused (memory: never a whole huge line)."""
    table = _prefix_table(index) if starts else None
    if table is None:
        with open(index, encoding="utf-8", errors="replace") as f:
            # (time: no Python frame a line)
            for number, line in enumerate(iter(partial(f.readline, MAX_INDEX_LINE), ""), start=1):
                if len(line) == MAX_INDEX_LINE and not line.endswith("\n"):
                    raise TagmtError(f"{index}: a line over {MAX_INDEX_LINE:,} characters (not a dictd index)")
                yield number, line
        return
    size = {len(start) for start in starts or ()}
    length = size.pop() if len(size) == 1 else 0
    wanted = sorted({table[p] for p in {start[:TABLE_PREFIX] for start in starts or ()} if p in table})
    with open(index, "rb") as f:
        for first, begin, end in wanted:
            f.seek(begin)
            lines = f.read(end - begin).decode("utf-8", "replace").splitlines(keepends=True)
            if length <= TABLE_PREFIX:
                yield from enumerate(lines, start=first)
            else:  # (time: a comprehension, no generator step a line; most lines of a range are not wanted)
                yield from [(first + k, line) for k, line in enumerate(lines) if line[:length].lower() in starts]


@lru_cache(maxsize=32)
def _table_of(index: str, size: int, mtime: int) -> dict[str, tuple[int, int, int]] | None:
    """`_prefix_table`'s work, once per file version: the first line number and the byte range of each
    two-letter prefix's lines; None when a prefix's lines do not follow each other (an unsorted index) or a
    line is over `MAX_INDEX_LINE`. An index up to `WHOLE_INDEX_BYTES` is read at once and its lines taken a
    run of equal first bytes at a time (`_RUN`; time: a call's share of a 460,000-line FreeDict index went
    from ~0.17 to ~0.03 CPU s), a larger one a line at a time; both give the same table."""
    if size <= WHOLE_INDEX_BYTES:
        with open(index, "rb") as f:
            data = f.read(WHOLE_INDEX_BYTES + 1)
        if len(data) <= WHOLE_INDEX_BYTES:
            return _table_of_bytes(data)
    return _table_of_lines(index)


WHOLE_INDEX_BYTES = 64 << 20
"""Bytes of a dictd index `_table_of` reads at once (memory; FreeDict's largest index is 13 MB)."""

_RUN = re.compile(rb"([\x00-\x09\x0b-\x7f]{2})[^\n]{0,%d}\n(?:\1[^\n]{0,%d}\n)*"
                  % (MAX_INDEX_LINE - 3, MAX_INDEX_LINE - 3))
"""Lines (each ending in a newline, under `MAX_INDEX_LINE` bytes) whose first two bytes are the same ASCII
characters: one key."""


def _table_of_bytes(data: bytes) -> dict[str, tuple[int, int, int]] | None:
    """`_table_of` over the index's bytes: a run of lines that start with the same two ASCII bytes (`_RUN`)
    has their key; any other line is keyed alone, as `_table_of_lines` keys it."""
    table: dict[str, tuple[int, int, int]] = {}
    at, number, current = 0, 1, None
    while at < len(data):
        run = _RUN.match(data, at)
        if run is not None:
            end, lines = run.end(), data.count(b"\n", at, run.end())
        else:
            end = data.find(b"\n", at) + 1 or len(data)
            lines = 1
            if end - at - data.endswith(b"\n", at, end) >= MAX_INDEX_LINE:
                return None
        key = data[at:min(at + 8, end)].decode("utf-8", "replace")[:TABLE_PREFIX].lower()
        if key != current:
            if key in table:
                return None
            table[key] = (number, at, at)
            current = key
        table[key] = (table[key][0], table[key][1], end)
        at, number = end, number + lines
    return table


def _table_of_lines(index: str) -> dict[str, tuple[int, int, int]] | None:
    """`_table_of` a line at a time (an index over `WHOLE_INDEX_BYTES`)."""
    table: dict[str, tuple[int, int, int]] = {}
    at = 0
    current = None
    with open(index, "rb") as f:
        for number, raw in enumerate(iter(partial(f.readline, MAX_INDEX_LINE), b""), start=1):
            if len(raw) == MAX_INDEX_LINE and not raw.endswith(b"\n"):
                return None
            key = raw[:8].decode("utf-8", "replace")[:TABLE_PREFIX].lower()
            if key != current:
                if key in table:
                    return None
                table[key] = (number, at, at)
                current = key
            first, begin, _ = table[key]
            at += len(raw)
            table[key] = (first, begin, at)
    return table


def _prefix_table(index: Path) -> dict[str, tuple[int, int, int]] | None:
    """The prefix table of a dictd index, kept for the process while the file is unchanged (a long-running
    `tagmt serve` or notebook reads each dictionary's index once; a changed file is read again)."""
    try:
        info = index.stat()
    except OSError:
        return None
    return _table_of(str(index), info.st_size, info.st_mtime_ns)


def _bodies(path: Path, spans: list[tuple[int, int]]) -> Iterator[str]:
    """The texts at (offset, length) spans (sorted) of a dictd data file: plain, dictzip (random access) or
    gzip (streamed)."""
    if not spans:
        return
    try:
        with open(path, "rb") as f:
            head = f.read(10)
            if head[:2] != b"\x1f\x8b":
                for offset, length in spans:
                    f.seek(offset)
                    yield f.read(length).decode("utf-8", "replace")
                return
            chunks = _dictzip_chunks(f, head, path)
            if chunks is None:  # plain gzip: inflated from the start, at most MAX_GZIP_INFLATE bytes
                f.seek(0)
                with gzip.GzipFile(fileobj=f) as g:
                    at = 0
                    for offset, length in spans:
                        if offset + length > MAX_GZIP_INFLATE:
                            raise TagmtError(
                                f"{path}: an entry lies {offset:,} bytes into this plain-gzip dictionary, past the "
                                f"{MAX_GZIP_INFLATE >> 20} MiB tagmt inflates to reach one (MAX_GZIP_INFLATE); "
                                "compress it with dictzip (random access) or give the .dict uncompressed")
                        if offset > at:
                            g.seek(offset)
                        at = offset + length
                        yield g.read(length).decode("utf-8", "replace")
                return
            size, starts = chunks
            cache: dict[int, bytes] = {}
            for offset, length in spans:
                first, last = offset // size, (offset + length - 1) // size
                data = b"".join(_chunk(f, starts, k, cache, size) for k in range(first, last + 1))
                yield data[offset - first * size: offset - first * size + length].decode("utf-8", "replace")
                for k in [k for k in cache if k < last]:
                    del cache[k]  # (memory: spans are sorted, earlier chunks are not read again)
    except OSError as exc:
        raise TagmtError(f"cannot read the dictionary {path}: {exc.strerror or exc}") from None
    except (zlib.error, EOFError, struct.error, IndexError) as exc:
        raise TagmtError(f"{path}: corrupt dictionary data ({exc})") from None


def _dictzip_chunks(f, head: bytes, path: Path) -> tuple[int, list[int]] | None:
    """The chunk size and the file offsets of the compressed chunks of a dictzip file (None: plain gzip);
    a chunk size of 0 (no chunk could be found) is refused in one line."""
    flags = head[3]
    if not flags & 4:
        return None
    extra = f.read(struct.unpack("<H", f.read(2))[0])
    pos, chunks = 0, None
    while pos + 4 <= len(extra):
        sub, length = extra[pos:pos + 2], struct.unpack("<H", extra[pos + 2:pos + 4])[0]
        if sub == b"RA":
            _, size, count = struct.unpack("<HHH", extra[pos + 4:pos + 10])
            sizes = struct.unpack(f"<{count}H", extra[pos + 10:pos + 10 + 2 * count])
            chunks = (size, sizes)
        pos += 4 + length
    if chunks is None:
        return None
    if chunks[0] == 0:
        raise TagmtError(f"{path}: corrupt dictzip dictionary (its header states a chunk size of 0)")
    for flag in (8, 16):  # FNAME, FCOMMENT: zero-terminated (time: at most 64 KiB each)
        if flags & flag:
            for _ in range(1 << 16):
                if f.read(1) in (b"\0", b""):
                    break
            else:
                raise TagmtError(f"{path}: corrupt dictzip dictionary (a gzip name or comment over 64 KiB)")
    if flags & 2:
        f.read(2)
    start = f.tell()
    starts = [start]
    for n in chunks[1]:
        starts.append(starts[-1] + n)
    return chunks[0], starts


def _chunk(f, starts: list[int], k: int, cache: dict[int, bytes], size: int) -> bytes:
    if k not in cache:
        f.seek(starts[k])
        # (memory: a chunk inflates to its stated size at most, whatever an untrusted file holds)
        cache[k] = zlib.decompressobj(-15).decompress(f.read(starts[k + 1] - starts[k]), size)
    return cache[k]


