"""Java ``.properties`` resource bundles: every non-empty value is a segment, its key the segment's id.

Read as ``java.util.Properties.load`` does: ``#``/``!`` comment lines, ``key=value``, ``key: value`` and
``key value``, a line ending in an odd number of backslashes continued on the next (its leading blanks
dropped), escapes ``\\uXXXX``, ``\\t``, ``\\n``, ``\\r``, ``\\f`` and ``\\X`` for any other X (``\\:``, ``\\=``,
``\\ ``). Encoding: a file that is valid UTF-8 is UTF-8 (Java 9+ resource bundles), else ISO-8859-1 (Java ≤ 8);
UTF-16/UTF-32 (by mark or zero bytes, ``tagmt.corpus.widetext``) as a ``Properties.load(Reader)`` in that charset
reads it — ``ResourceBundle`` itself reads only UTF-8 and ISO-8859-1 —, each written back as read.
Placeholders, unless ``placeholders`` is given: brace (MessageFormat's ``{0}``, ``{1,number}``) and markup tags (``<b>``) as codes. MessageFormat's
``''`` (one apostrophe) is left as written: the MT sees two apostrophes. A key given twice is two segments
(Java keeps the last).

Written by splicing (``tagmt.corpus.splice``): a written value replaces the whole value of its logical line
(continuation lines included) on one line, escaped (``\\\\``, ``\\n``, ``\\t``, ``\\r``, a leading blank, ``=`` or ``:`` behind
a backslash, and in an ISO-8859-1 file every character beyond it as ``\\uXXXX``); comments, keys, separators and
every value not written stay byte for byte. A properties file has no place for the language.
"""

from __future__ import annotations

import re
from pathlib import Path

from tagmt.corpus import splice
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.widetext import decode_wide
from tagmt.errors import TagmtError

_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}
_UNESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(\r\n|\r|\n)[ \t\f]*|(.))", re.DOTALL)
_KEY_END = re.compile(r"(?:[^\\=: \t\f\r\n]|\\.)*", re.DOTALL)
_SEPARATOR = re.compile(r"[ \t\f]*[=:]?[ \t\f]*")
#: MessageFormat's formatted arguments (``{1,number}``, ``{0,choice,0#none|1#one}``), beside brace's ``{0}``.
MESSAGE_FORMAT = r"\{\s*\d+\s*,[^{}]*\}"


def unescape(raw: str) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            return chr(int(match.group(1), 16))
        if match.group(2):
            return ""
        if match.group(3) == "u":
            raise ValueError("a malformed \\uXXXX escape")
        return _ESCAPES.get(match.group(3), match.group(3))
    text = _UNESCAPE.sub(one, raw)
    if _SURROGATE.search(text):  # ``\ud83d\ude00``: Java writes a character past U+FFFF as its UTF-16 pair
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def escaper(encoding: str):
    """The escaping of a written value in a file of ``encoding``."""
    def escape(text: str) -> str:
        out = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
        out = out.replace("\f", "\\f")
        if encoding == "latin-1":
            out = "".join(c if ord(c) < 256 else _u(c) for c in out)
        return out
    return escape


def _u(char: str) -> str:
    encoded = char.encode("utf-16-be", "surrogatepass")
    return "".join(f"\\u{int.from_bytes(encoded[k:k + 2], 'big'):04x}" for k in range(0, len(encoded), 2))


def entries(text: str, path: Path) -> list[tuple[str, int, int, str, int]]:
    """(key, start, end of the raw value, value, line) of every entry."""
    out = []
    pos, line = 0, 1
    while pos < len(text):
        start_line = line
        end = pos
        while True:  # the logical line: physical lines joined while one ends in an odd number of backslashes
            newline = text.find("\n", end)
            stop = len(text) if newline < 0 else newline
            body = text[end:stop].rstrip("\r")
            trailing = len(body) - len(body.rstrip("\\"))
            if newline < 0 or trailing % 2 == 0 or _is_comment(text[pos:stop]) or not text[pos:stop].strip():
                end = stop
                break
            end, line = newline + 1, line + 1
        logical = text[pos:end]
        next_pos = end + 1 if end < len(text) else end
        if logical.strip() and not _is_comment(logical):
            lead = len(logical) - len(logical.lstrip(" \t\f"))
            key_match = _KEY_END.match(logical, lead)
            sep = _SEPARATOR.match(logical, key_match.end())  # type: ignore[union-attr]
            raw_start, raw_end = pos + sep.end(), pos + len(logical.rstrip("\r"))  # type: ignore[union-attr]
            raw = text[raw_start:raw_end]
            try:
                out.append((unescape(key_match.group(0)), raw_start, raw_end, unescape(raw), start_line))  # type: ignore[union-attr]
            except ValueError:
                raise TagmtError(f"{path}:{start_line}: a malformed \\uXXXX escape (Java refuses the file); fix it") from None
        pos, line = next_pos, line + 1
    return out


def _lead(value: str) -> str:
    """A written value that starts with a blank, ``=`` or ``:`` gets a backslash, or a reader would skip it."""
    return "\\" + value if value.startswith((" ", "\t", "\f", "=", ":")) else value


def _is_comment(line: str) -> bool:
    return line.lstrip(" \t\f").startswith(("#", "!"))


def read(path: Path, data: bytes, stream: object = None, *, placeholders=None, placeholder_regexes=(),
         src_lang: str | None = None, trg_lang: str | None = None, **_: object) -> Corpus:
    """A .properties file as a corpus (see the module docstring)."""
    wide = None if data.startswith(b"\x1f\x8b") else decode_wide(data, path, ".properties file")
    if wide is not None:  # (UTF-16/32: what a Reader in that charset loads; written back as read)
        text, encoding, bom = wide
    elif data.startswith(b"\x1f\x8b") or b"\x00" in data[:4096]:
        raise TagmtError(f"{path}: a compressed or binary file, not a .properties file")
    else:
        bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
        try:
            text, encoding = data[len(bom):].decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            text, encoding = data.decode("latin-1"), "latin-1"
    kinds = ("brace",) if placeholders is None else tuple(placeholders)
    regexes = tuple(placeholder_regexes) + ((MESSAGE_FORMAT, splice.MARKUP) if placeholders is None else ())
    escape = escaper(encoding)
    skeleton = splice.Skeleton(text, encoding, bom, splice.Piece(escape, wrap=_lead))
    segments: list[Segment] = []
    for key, start, end, value, line in entries(text, path):
        if not value.strip():
            continue
        source, codes = splice.tagged(value, kinds, regexes, escape)
        skeleton.add(start, end)
        segments.append(Segment(key, source, None, codes))
    return Corpus("properties", segments, path, src_lang, trg_lang, escaped=True, native=skeleton,
                  writer=splice.write)


FORMAT = register(InputFormat(
    "properties", "Java properties file", order=22, read=read, write=splice.write, extensions=(".properties",),
    bilingual=False, writes_targets=True, sniff=lambda path, head: path.name.lower().endswith(".properties"),
))
