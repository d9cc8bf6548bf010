"""JSON resource files (i18next, FormatJS/ICU, any nesting of objects and arrays): every non-empty string
value is a segment; keys, numbers, booleans and empty strings are not.

Read: the segment's id is its path (``menu.items[2].label``; segments are matched by it). i18next plural
keys (``files_one``, ``files_other``) are segments of their own like any key. Placeholders, unless
``placeholders`` is given: by the file's content — an ICU argument with ``plural``/``select``/``selectordinal``
→ icu, else ``{{`` anywhere → mustache (i18next; ``$t(key)`` nesting is a code too; markup such as ``<b>``,
``<0>`` is a code), else brace (``{name}``).
Encoding: UTF-8 (with or without a byte-order mark), or UTF-16/UTF-32 (RFC 4627's encodings; with a mark, or
without one by the zero bytes of the first characters: ``tagmt.corpus.widetext``), written back in the same
encoding and mark. A duplicate key in one object, a syntax error or bytes that are not that encoding are one line
naming file:line.

Written by splicing (``tagmt.corpus.splice``): each given target replaces the inside of its string literal,
JSON-escaped (``"``, ``\\``, control characters; other characters as they are); every other byte — layout,
key order, ``\\uXXXX`` escapes of strings not written — stays. JSON has no place for the language.
Parsed by hand (``json.decoder.scanstring`` decodes each literal): ``json`` gives no positions.
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring
from pathlib import Path
from typing import Iterator

from tagmt.corpus import splice
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.widetext import decode_wide
from tagmt.errors import TagmtError
from tagmt.safeio import decode_utf8

_SPACE = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
_ICU = re.compile(r"\{\s*[\w.]+\s*,\s*(?:plural|select|selectordinal)\s*,")
NESTING = r"\$t\([^()]*\)"


def escape(text: str) -> str:
    """``text`` as the inside of a JSON string literal; a lone surrogate (``"\\ud800"`` read from the file: no
    encoding can write it as a character) as the ``\\uXXXX`` escape it was."""
    return _SURROGATE.sub(_escaped_surrogate, json.dumps(text, ensure_ascii=False)[1:-1])


_SURROGATE = re.compile("[\ud800-\udfff]")


def _escaped_surrogate(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def strings(text: str, path: Path) -> Iterator[tuple[tuple, int, int, str]]:
    """Every string value of the JSON document ``text``, in order, as it is scanned: (path, start, end of the
    literal's inside, value) — a syntax error is raised when the scan reaches it."""
    out: list[tuple[tuple, int, int, str]] = []  # (what the last value added)
    stack: list[tuple[tuple, set | None, list[int]]] = []  # (path, keys of an object or None, [array index])
    pos = _SPACE.match(text, 0).end()  # type: ignore[union-attr]

    def fail(at: int, what: str) -> TagmtError:
        return TagmtError(f"{path}:{splice.line_of(text, at)}: not JSON: {what}; fix the file")

    def value(at: int, where: tuple) -> int:
        if at >= len(text):
            raise fail(at, "the document ends where a value is expected")
        char = text[at]
        if char == '"':
            try:
                decoded, end = scanstring(text, at + 1)
            except ValueError as exc:
                raise fail(at, str(exc).split(":")[0]) from None
            if decoded.strip():
                out.append((where, at + 1, end - 1, decoded))
            return end
        if char in "{[":
            stack.append((where, set() if char == "{" else None, [0]))
            return at + 1
        found = _SCALAR.match(text, at)
        if found is None:
            raise fail(at, f"unexpected {text[at:at + 10]!r}")
        return found.end()

    def key(at: int) -> tuple[str, int]:
        if at >= len(text) or text[at] != '"':
            raise fail(at, "a key in double quotes is expected")
        try:
            name, end = scanstring(text, at + 1)
        except ValueError as exc:
            raise fail(at, str(exc).split(":")[0]) from None
        keys = stack[-1][1]
        if name in keys:  # type: ignore[operator]
            raise TagmtError(f"{path}:{splice.line_of(text, at)}: the key {name!r} appears twice in one object; "
                             "keep one (JSON readers disagree on which wins)")
        keys.add(name)  # type: ignore[union-attr]
        end = _SPACE.match(text, end).end()  # type: ignore[union-attr]
        if end >= len(text) or text[end] != ":":
            raise fail(end, "':' is expected after a key")
        return name, _SPACE.match(text, end + 1).end()  # type: ignore[union-attr]

    pos = value(pos, ())
    yield from out
    out.clear()
    while stack:
        pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
        where, keys, counter = stack[-1]
        closing = "}" if keys is not None else "]"
        fresh = counter[0] == 0
        if pos < len(text) and text[pos] == closing:
            stack.pop()
            pos += 1
            continue
        if not fresh:
            if pos >= len(text) or text[pos] != ",":
                raise fail(pos, f"',' or '{closing}' is expected")
            pos = _SPACE.match(text, pos + 1).end()  # type: ignore[union-attr]
        counter[0] += 1
        if keys is not None:
            name, pos = key(pos)
            pos = value(pos, (*where, name))
        else:
            pos = value(pos, (*where, counter[0] - 1))
        if out:
            yield from out
            out.clear()
    if _SPACE.match(text, pos).end() != len(text):  # type: ignore[union-attr]
        raise fail(pos, "text after the document's end")


def path_id(where: tuple) -> str:
    out = ""
    for part in where:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def default_kinds(text: str) -> tuple[str, ...]:
    """The placeholder kinds of a JSON file by its content (see the module docstring)."""
    if _ICU.search(text):  # (first: a nested ICU message writes ``one {{count} file}``, which is not mustache)
        return ("icu",)
    if "{{" in text:
        return ("mustache",)
    return ("brace",)


def read(path: Path, data: bytes, stream: object = None, *, placeholders=None, placeholder_regexes=(),
         src_lang: str | None = None, trg_lang: str | None = None, **_: object) -> Corpus:
    """A JSON resource file as a corpus (see the module docstring)."""
    if data.startswith(b"\x1f\x8b"):
        raise TagmtError(f"{path}: a gzip-compressed file; decompress it first")
    wide = decode_wide(data, path, "JSON file")  # (UTF-16/32: RFC 4627's encodings, written back as read)
    if wide is not None:
        text, encoding, bom = wide
    else:
        bom, encoding = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b"", "utf-8"
        text = decode_utf8(data[len(bom):], path, what="JSON file", first_line=1)
    kinds = tuple(placeholders) if placeholders is not None else default_kinds(text)
    regexes = tuple(placeholder_regexes) + ((NESTING,) if "mustache" in kinds else ()) + (
        (splice.MARKUP,) if placeholders is None else ())
    skeleton = splice.Skeleton(text, encoding, bom, splice.Piece(escape))
    segments: list[Segment] = []
    for where, start, end, value in strings(text, path):
        source, codes = splice.tagged(value, kinds, regexes, escape)
        skeleton.add(start, end)
        segments.append(Segment(path_id(where), source, None, codes))
    return Corpus("json", segments, path, src_lang, trg_lang, escaped=True, native=skeleton, writer=splice.write)


FORMAT = register(InputFormat(
    "json", "JSON resource file", order=21, read=read, write=splice.write, extensions=(".json",),
    bilingual=False, writes_targets=True, sniff=lambda path, head: path.name.lower().endswith(".json"),
))
