"""iOS/macOS string resources: ``.strings`` files and ``.stringsdict`` plists.

``.strings``: every ``"key" = "value";`` (keys and values quoted or bare words, ``/* */`` and ``//`` comments
anywhere between) is a segment whose id is the key. UTF-8 (with or without a byte-order mark) or UTF-16
(with a byte-order mark; without one when the bytes say so), written back in the same encoding. Escapes
``\\"``, ``\\\\``, ``\\n``, ``\\t``, ``\\r``, ``\\UXXXX``/``\\uXXXX`` and octal; a written value is escaped the same way.

``.stringsdict`` (an XML plist, root ``<plist>``): each ``NSStringLocalizedFormatKey`` and each plural
variant (``zero one two few many other``) of each variable is a segment, id ``key/variable/category``, and so
is each text of a ``NSStringDeviceSpecificRuleType`` (per device) or ``NSStringVariableWidthRuleType`` (per width);
``NSStringFormatSpecTypeKey``, ``NSStringFormatValueTypeKey`` and keys are not. Text XML-escaped on write.

Placeholders in both, unless ``placeholders`` is given: printf with ``%@`` and the variable references
``%#@name@``. Written by splicing (``tagmt.corpus.splice``); neither format has a place for the language
(it lives in the ``de.lproj`` folder's name).
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from tagmt.corpus import splice
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.errors import TagmtError
from tagmt.filekinds import wide_encoding
from tagmt.safexml import parse_bytes
from tagmt.xmltext import unescape as xml_unescape

VARIABLE = r"%#@[A-Za-z_][\w]*@"
_SKIP = re.compile(r"(?:\s+|/\*.*?\*/|//[^\n]*(?:\n|$))*", re.S)
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"', re.S)
_BARE = re.compile(r"[\w.:/$-]+")
_UNESCAPE = re.compile(r"\\(?:[Uu]([0-9a-fA-F]{4})|([0-7]{1,3})|(.))", re.S)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: rules whose dict holds a text per device (``iphone``, ``mac``…) or per width (``1``, ``20``…)
VARIANT_RULES = ("NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType")
_PLIST = re.compile(r"<!--.*?-->|<key>(.*?)</key>|<(/?)dict>|<dict/>|<string>(.*?)</string>|<string/>", re.S)


def unescape(raw: str) -> str:
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            return chr(int(match.group(1), 16))
        if match.group(2):
            return chr(int(match.group(2), 8))
        return _ESCAPES.get(match.group(3), match.group(3))
    return _UNESCAPE.sub(one, raw)


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def decode(data: bytes, path: Path) -> tuple[str, str, bytes]:
    """(text, encoding, byte-order mark) of a .strings file."""
    found = wide_encoding(data)
    if found is not None and found[0].startswith("utf-32"):
        raise TagmtError(f"{path}: a UTF-32 file; .strings files are read in UTF-8 or UTF-16, as Apple's tools write "
                         "them: convert it (iconv -f UTF-32 -t UTF-16 FILE)")
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                          (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            break
    else:
        bom = b""
        encoding = "utf-8"
        if len(data) >= 2 and (data[0] == 0) != (data[1] == 0):  # UTF-16 without a byte-order mark
            encoding = "utf-16-be" if data[0] == 0 else "utf-16-le"
    try:
        return data[len(bom):].decode(encoding), encoding, bom
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise TagmtError(f"{path}:{line}: not {encoding} (byte 0x{data[exc.start]:02x}); save the file as UTF-8 "
                         "or UTF-16") from None


def _token(text: str, pos: int, path: Path) -> tuple[int, int, str, bool]:
    """(start, end of the inside, end, quoted) of a quoted string or a bare word at ``pos``."""
    quoted = _QUOTED.match(text, pos)
    if quoted:
        return quoted.start(1), quoted.end(1), quoted.end(), True
    bare = _BARE.match(text, pos)
    if bare:
        return bare.start(), bare.end(), bare.end(), False
    found = repr(text[pos:pos + 12]) if pos < len(text) else "the end of the file"
    raise TagmtError(f"{path}:{splice.line_of(text, pos)}: expected a quoted string, found {found}; fix the file")


def read_strings(path: Path, data: bytes, stream: object = None, *, placeholders=None, placeholder_regexes=(),
                 src_lang: str | None = None, trg_lang: str | None = None, **_: object) -> Corpus:
    """A .strings file as a corpus (see the module docstring)."""
    text, encoding, bom = decode(data, path)
    kinds = ("printf",) if placeholders is None else tuple(placeholders)
    regexes = (VARIABLE, *placeholder_regexes)
    skeleton = splice.Skeleton(text, encoding, bom, splice.Piece(escape))
    segments: list[Segment] = []
    pos = _SKIP.match(text, 0).end()  # type: ignore[union-attr]
    while pos < len(text):
        k_start, k_end, pos, _ = _token(text, pos, path)
        key = unescape(text[k_start:k_end])
        pos = _SKIP.match(text, pos).end()  # type: ignore[union-attr]
        if text.startswith("=", pos):
            pos = _SKIP.match(text, pos + 1).end()  # type: ignore[union-attr]
            v_start, v_end, pos, quoted = _token(text, pos, path)
            pos = _SKIP.match(text, pos).end()  # type: ignore[union-attr]
        else:  # ``"key";`` — the key is its own value
            v_start, v_end, quoted = k_start, k_end, True
        if not text.startswith(";", pos):
            raise TagmtError(f"{path}:{splice.line_of(text, pos)}: ';' expected after the entry {key!r}; fix the file")
        pos = _SKIP.match(text, pos + 1).end()  # type: ignore[union-attr]
        value = unescape(text[v_start:v_end])
        if not quoted or not value.strip() or v_start == k_start:
            continue
        source, codes = splice.tagged(value, kinds, regexes, escape)
        skeleton.add(v_start, v_end)
        segments.append(Segment(key, source, None, codes))
    return Corpus("strings", segments, path, src_lang, trg_lang, escaped=True, native=skeleton, writer=splice.write)


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def read_stringsdict(path: Path, data: bytes, stream: object = None, *, placeholders=None,
                     placeholder_regexes=(), src_lang: str | None = None, trg_lang: str | None = None,
                     **_: object) -> Corpus:
    """A .stringsdict plist as a corpus (see the module docstring)."""
    if stream is not None:
        stream.drain()  # type: ignore[attr-defined]
    else:
        parse_bytes(data, path, "stringsdict")
    bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""
    text = data[len(bom):].decode("utf-8")
    kinds = ("printf",) if placeholders is None else tuple(placeholders)
    regexes = (VARIABLE, *placeholder_regexes)
    skeleton = splice.Skeleton(text, "utf-8", bom, splice.Piece(_xml_escape))
    segments: list[Segment] = []
    path_keys: list[str] = []  # the key of each open dict
    last_key: str | None = None
    for match in _PLIST.finditer(text):
        token = match.group(0)
        if match.group(1) is not None:
            last_key = xml_unescape(match.group(1))
        elif token == "<dict>":
            path_keys.append(last_key or "")
            last_key = None
        elif token == "</dict>":
            if path_keys:
                path_keys.pop()
            last_key = None
        elif match.group(3) is not None:
            variant = bool(path_keys) and path_keys[-1] in VARIANT_RULES and last_key is not None
            if (last_key == "NSStringLocalizedFormatKey" or (last_key in CATEGORIES and len(path_keys) >= 3)
                    or variant):
                value = xml_unescape(match.group(3))
                if value.strip():
                    source, codes = splice.tagged(value, kinds, regexes, _xml_escape)
                    skeleton.add(match.start(3), match.end(3))
                    name = "/".join([*path_keys[1:], last_key])
                    segments.append(Segment(name, source, None, codes, key=("stringsdict", name)))
            last_key = None
        else:
            last_key = None if token != "<dict/>" else last_key
    return Corpus("stringsdict", segments, path, src_lang, trg_lang, escaped=True, native=skeleton,
                  writer=splice.write)


def _is_strings(path: Path, head: bytes) -> bool:
    return path.name.lower().endswith(".strings")


STRINGS = register(InputFormat(
    "strings", "iOS .strings file", order=24, read=read_strings, write=splice.write, extensions=(".strings",),
    bilingual=False, writes_targets=True, sniff=_is_strings,
))
STRINGSDICT = register(InputFormat(
    "stringsdict", "iOS .stringsdict plist", order=25, read=read_stringsdict, write=splice.write,
    extensions=(".stringsdict",), xml=True, recognises=lambda name, ns, version: name == "plist",
    bilingual=False, writes_targets=True,
))
