"""gettext PO and POT catalogs: each entry's ``msgstr`` (each ``msgstr[N]`` of a plural entry) is a segment
whose source is the ``msgid`` (``msgid_plural`` for the forms after the first).

Read: ``msgctxt`` is part of the segment's key (``("po", msgctxt, msgid, form)``; the id is the msgid's line,
``[N]`` for a plural form). Placeholders by the entry's flags (``c-format``/``php-format``/… → printf,
``python-format`` → python, ``python-brace-format``/``csharp-format``… → brace, ``qt-format``, ``kde-format``,
``java-format``, ``ruby-format``, ``boost-format`` → their own patterns, ``FLAG_REGEXES``; markup such as
``<b>``, ``<a href="…">`` is a code) unless ``placeholders`` is given. A non-empty, non-fuzzy msgstr is a human
translation: the segment's reference, kept unless the run overwrites (as an XLIFF target in state ``translated``).
A non-empty fuzzy msgstr is a person's draft (often of the entry's previous
msgid, ``#|``): kept alike unless the run overwrites (``Segment.keep = "fuzzy"``), but no reference.
The header (the entry whose msgid is empty) and obsolete ``#~`` entries are not segments.

Plural forms: one segment per ``msgstr[N]`` the entry has. tagmt writes the forms the file holds and never
adds or drops one: a catalog for a language with another ``nplurals`` is prepared by ``msginit``/``msgmerge``
first (they know the language's rules; tagmt does not guess them).

Written by splicing (``tagmt.corpus.splice``): only the msgstr strings given a target change (one quoted line,
or gettext's multi-line layout when the text holds line breaks), plus the header's ``Language`` (added as the
header's last line when missing) and a template's ``charset=CHARSET`` (as ``UTF-8``, the encoding written).
Comments, flags (a ``fuzzy`` flag stays, also on an entry overwritten: it still wants review),
``#|`` previous strings, obsolete entries and the line layout of every other entry stay byte for byte.
Parsed by hand, not with polib: polib rewrites the whole file (re-wrapped lines, reordered comments) and gives
no positions; the tests check that polib reads the same entries from every file this reader reads and writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Iterator

from tagmt.corpus import splice
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.widetext import wide_encoding
from tagmt.errors import TagmtError

_KEYWORD = re.compile(r'[ \t]*(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)[ \t]+(?=")')
_CHARSET = re.compile(rb"charset=([A-Za-z0-9_.:-]+)")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_UNESCAPE = re.compile(r"\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)")
FLAG_KINDS = {"c-format": "printf", "objc-format": "printf", "php-format": "printf", "java-printf-format": "printf",
              "javascript-format": "printf", "sh-format": "printf", "python-format": "python",
              "python-brace-format": "brace", "csharp-format": "brace", "perl-brace-format": "brace",
              "c++-format": "brace", "lua-format": "printf", "gcc-internal-format": "printf",
              "gfc-internal-format": "printf", "ruby-format": "printf"}
#: the flags whose placeholders no kind finds: Qt/KDE ``%1`` (``%L1``, ``%n``), Java's MessageFormat ``{0}``,
#: ``{1,number}``, Ruby's ``%{name}``/``%<name>d``, Boost's ``%1%``/``%|1$s|``
FLAG_REGEXES = {"qt-format": r"%L?\d{1,2}|%n", "qt-plural-format": r"%L?\d{1,2}|%n", "kde-format": r"%\d{1,2}",
                "kde-kuit-format": r"%\d{1,2}", "java-format": r"\{\d+(?:\s*,[^{}]*)?\}",
                "ruby-format": r"%\{\w+\}|%<\w+>[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]",
                "boost-format": r"%\d+%|%\|\d+\$[^|]*\|"}


@dataclass(slots=True)
class Entry:
    line: int
    flags: list[str] = field(default_factory=list)
    strings: dict[str, tuple[int, int, str]] = field(default_factory=dict)  # keyword: (start, end, value)

    def value(self, keyword: str) -> str | None:
        found = self.strings.get(keyword)
        return None if found is None else found[2]


def unescape(raw: str) -> str:
    if "\\" not in raw:
        return raw

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code[0] == "x" and len(code) > 1:
            return chr(int(code[1:], 16))
        if code[0] in "01234567":
            return chr(int(code, 8))
        return _ESCAPES.get(code, code)
    return _UNESCAPE.sub(one, raw)


def escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def _lines(value: str, newline: str) -> str:
    """An escaped msgstr as gettext writes it: one quoted line, or ``""`` and a line per line break."""
    parts = re.findall(r".*?\\n|.+$", value)
    if len(parts) <= 1:
        return f'"{value}"'
    return '""' + "".join(f'{newline}"{part}"' for part in parts)


#: One line of a PO file: a keyword and its string, a continued string, an obsolete line, a comment (flags),
#: a blank line — matched once per line (a file of 100,000 entries is 400,000 lines). A string is matched as
#: runs between escapes (``[^"\\]*(?:\\.[^"\\]*)*``): twice as fast as a choice per character.
_LINE = re.compile(
    r'[ \t]*(?:(?P<kw>msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)[ \t]+"(?P<s>[^"\\\n]*(?:\\.[^"\\\n]*)*)"'
    r'|"(?P<c>[^"\\\n]*(?:\\.[^"\\\n]*)*)"|(?P<obs>#~)[^\n]*|#(?P<flag>,)?(?P<rest>[^\n]*)|(?P<blank>))[ \t\r]*(?:\n|\Z)')


def parse(text: str, path: Path) -> Iterator[Entry]:
    """The entries of a PO file (obsolete ones left out), each string's span and unescaped value, one by one
    as the scan completes them (a file's entries are never all held at once)."""
    entry: Entry | None = None
    last: str | None = None
    pos, number, size = 0, 0, len(text)
    for line in _LINE.finditer(text):  # (groups by number: 1 kw, 2 s, 3 c, 5 flag, 6 rest, 7 blank)
        if line.start() != pos:  # (finditer skipped what is no PO line)
            _refuse(text, pos, number + 1, last, path)
        if pos == size:
            break
        number += 1
        kind = line.lastindex
        if kind == 3:  # (a continued string)
            if last is None:
                raise TagmtError(f"{path}:{number}: a string continues no msgid or msgstr; fix the PO file")
            start, _, value = entry.strings[last]  # type: ignore[union-attr]
            raw = line.group(3)
            entry.strings[last] = (start, line.end(3) + 1, value + unescape(raw))  # type: ignore[union-attr]
        elif kind == 2:
            name, raw = line.group(1, 2)
            if last is not None and last[3] == "s" and name[3] != "s":  # (msgstr… then msgctxt/msgid…)
                yield _checked(entry, path)  # type: ignore[arg-type]
                entry, last = None, None
            if entry is None:
                entry = Entry(number, [], {})
            strings = entry.strings
            if name in strings:
                raise TagmtError(f"{path}:{number}: a second {name} in one entry; fix the PO file")
            if name[3] == "s" and "msgid" not in strings:
                raise TagmtError(f"{path}:{number}: msgstr without a msgid; fix the PO file")
            strings[name] = (line.start(2) - 1, line.end(2) + 1, unescape(raw) if "\\" in raw else raw)
            if name == "msgctxt" or (name == "msgid" and "msgctxt" not in strings):
                entry.line = number
            last = name
        elif kind == 5 or kind == 6:
            if last is not None and last[3] == "s":
                yield _checked(entry, path)  # type: ignore[arg-type]
                entry, last = None, None
            if entry is None:
                entry = Entry(number, [], {})
            if kind == 6 and line.group(5):  # type: ignore[union-attr]
                entry.flags.extend(f.strip() for f in line.group(6).split(",") if f.strip())  # type: ignore[union-attr]
        elif kind == 7 and entry is not None and entry.strings:  # (a blank line)
            yield _checked(entry, path)
            entry, last = None, None
        pos = line.end()
    if pos < size:
        _refuse(text, pos, number + 1, last, path)
    if entry is not None and entry.strings:
        yield _checked(entry, path)


def _checked(entry: Entry, path: Path) -> Entry:
    strings = entry.strings
    if "msgid" not in strings or ("msgstr" not in strings
                                  and not any(k.startswith("msgstr") for k in strings)):
        raise TagmtError(f"{path}:{entry.line}: an entry without {'msgid' if 'msgid' not in entry.strings else 'msgstr'}; "
                         "fix the PO file")
    return entry


def _refuse(text: str, pos: int, number: int, last: str | None, path: Path) -> None:
    """The one-line message for a line that is no PO syntax."""
    end = text.find("\n", pos)
    line = text[pos:end if end >= 0 else len(text)]
    stripped = line.strip()
    keyword = _KEYWORD.match(line)
    if keyword is not None:
        raise TagmtError(f"{path}:{number}: an unterminated string after {keyword.group(1)}; fix the PO file")
    if stripped.startswith('"'):
        raise TagmtError(f"{path}:{number}: an unterminated string; fix the PO file")
    if re.match(r'domain\s+"', stripped):  # (msgfmt's directive; xgettext, msgmerge and polib write none)
        raise TagmtError(f"{path}:{number}: a 'domain' directive: tagmt reads one domain per PO file; split the "
                         "file at it (one file per domain)")
    raise TagmtError(f"{path}:{number}: {stripped[:40]!r} is not a PO line (msgctxt, msgid, msgstr, "
                     "a quoted string or a # comment); fix the PO file")


def decode(data: bytes, path: Path) -> tuple[str, str]:
    """The file's text and encoding (the header's charset; UTF-8 when it names none or ``CHARSET``)."""
    found = _CHARSET.search(data[:65536])
    encoding = found.group(1).decode("ascii").lower() if found else "utf-8"
    if encoding == "charset":
        encoding = "utf-8"
    try:
        return data.decode(encoding), encoding
    except LookupError:
        raise TagmtError(f"{path}: the header names charset {encoding!r}, which Python does not know; "
                         "convert the file to UTF-8") from None
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise TagmtError(f"{path}:{line}: not {encoding} as the header says (byte 0x{data[exc.start]:02x}); "
                         "fix the charset or the file") from None


def read(path: Path, data: bytes, stream: object = None, *, placeholders=None, placeholder_regexes=(),
         src_lang: str | None = None, trg_lang: str | None = None, **_: object) -> Corpus:
    """A PO/POT file as a corpus (see the module docstring)."""
    if data.startswith(b"\x1f\x8b"):
        raise TagmtError(f"{path}: a gzip-compressed file; decompress it first")
    if data.startswith((b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")):
        raise TagmtError(f"{path}: a compiled MO catalog; give the PO file it was made from")
    wide = wide_encoding(data)
    if wide is not None:  # (gettext's tools read only ASCII-compatible charsets: the keywords are bytes)
        name = wide[0].upper().replace("-LE", "LE").replace("-BE", "BE")
        raise TagmtError(f"{path}: a {name} file, and gettext reads PO files only in an ASCII-compatible charset; "
                         f"convert it (iconv -f {name} -t UTF-8) and declare charset=UTF-8")
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    text, encoding = decode(data[len(bom):], path)
    newline = "\r\n" if "\r\n" in text[:4096] else "\n"
    lines = partial(_lines, newline=newline)
    skeleton = splice.Skeleton(text, encoding, bom, splice.Piece(escape, "", lines))
    segments: list[Segment] = []
    seen: dict[tuple[str | None, str], int] = {}
    file_lang = None
    placeholder_regexes = tuple(placeholder_regexes)
    markup = (splice.MARKUP,) if placeholders is None else ()  # (a web app's HTML in a string: its tags are codes)
    for entry in parse(text, path):
        strings = entry.strings
        ctxt = strings["msgctxt"][2] if "msgctxt" in strings else None
        msgid = strings["msgid"][2] if "msgid" in strings else ""
        if (ctxt, msgid) in seen:
            raise TagmtError(f"{path}:{entry.line}: msgid {msgid[:40]!r} is also at line {seen[(ctxt, msgid)]}; "
                             "gettext refuses duplicate entries (msguniq merges them)")
        seen[(ctxt, msgid)] = entry.line
        if not msgid and ctxt is None:
            file_lang = _header(skeleton, entry, newline)
            continue
        kinds = placeholders if placeholders is not None else _kinds(entry.flags)
        own = placeholder_regexes if placeholders is not None else placeholder_regexes + _flag_regexes(entry.flags)
        fuzzy = "fuzzy" in entry.flags
        if "msgstr" in strings and len(strings) == 2 + ("msgctxt" in strings):  # (msgid and msgstr alone)
            forms = ["msgstr"]
        else:
            forms = [k for k in strings if k.startswith("msgstr")]
        if len(forms) > 1:
            forms.sort(key=_form)
        plural = len(forms) > 1 or "msgid_plural" in strings
        line_id, locked = str(entry.line), None if msgid.strip() else "empty source"
        for keyword in forms:
            form = 0 if keyword == "msgstr" else _form(keyword)
            source_text = msgid if form == 0 else (entry.value("msgid_plural") or msgid)
            regexes = own + markup if "<" in source_text else own
            if kinds or regexes:
                source, codes = splice.tagged(source_text, kinds, regexes, escape)
            else:  # (no placeholder: the text escaped, as splice.tagged gives it)
                source, codes = _escape_xml(source_text), splice.NO_CODES
            start, end, current = strings[keyword]
            reference = None
            if current:
                reference, found = (splice.tagged(current, kinds, regexes, escape)
                                    if kinds or regexes else (_escape_xml(current), None))
                if found:  # (no code in it: its ids are nothing to match with the source's)
                    reference = splice.like_source(reference, found, codes)[0]
            kept = reference is not None  # (fuzzy too: a person's draft, kept, but no reference)
            skeleton.add(start, end, splice.Piece(escape, reference, lines) if kept else None)
            segment_id = f"{line_id}[{form}]" if plural else line_id
            keep = ("fuzzy" if fuzzy else "translated") if kept else None
            segments.append(Segment(segment_id, source, None if fuzzy else reference, codes,  # (by position: faster)
                                    ("po", ctxt, msgid, form), None, None, keep, locked))
    _same_language(path, trg_lang, file_lang, segments)
    return Corpus("po", segments, path, src_lang, trg_lang or file_lang, escaped=True, native=skeleton,
                  writer=splice.write)


def _same_language(path: Path, trg_lang: str | None, file_lang: str | None, segments: list[Segment]) -> None:
    """A note when a catalogue holding translations into its ``Language`` is read for another language: those
    translations are kept (as a person's work always is) and would stand under the new declaration. A note, not a
    refusal: the file is still written as asked (a header naming no language, or no code, contradicts nothing)."""
    if not trg_lang or not file_lang or not any(segment.keep for segment in segments):
        return
    from tagmt.corpus import notes
    from tagmt.languages import parse

    try:
        mine, theirs = parse(trg_lang, "--trg-lang").code, parse(file_lang).code
    except TagmtError:
        return
    if mine != theirs:
        notes.say(f"{path} holds translations into {file_lang} (its Language); for --trg-lang {trg_lang} they are "
                  f"kept as they are under the new Language — pass --overwrite to replace them, or --trg-lang "
                  f"{file_lang}")


def _escape_xml(text: str) -> str:
    """``xmltext.escape``'s result (``& < >`` as references), faster on many short strings."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") if text else text


def _form(keyword: str) -> int:
    if keyword == "msgstr":
        return 0
    match = re.search(r"\[(\d+)\]", keyword)
    return int(match.group(1)) if match else 0


def _kinds(flags: list[str]) -> tuple[str, ...]:
    return _kinds_of(tuple(flags))


def _flag_regexes(flags: list[str]) -> tuple[str, ...]:
    return tuple(FLAG_REGEXES[flag] for flag in flags if flag in FLAG_REGEXES) if flags else ()


@lru_cache(maxsize=256)
def _kinds_of(flags: tuple[str, ...]) -> tuple[str, ...]:
    if any(flag.startswith("no-") and flag[3:] in FLAG_KINDS for flag in flags) and not any(f in FLAG_KINDS for f in flags):
        return ()
    return tuple(dict.fromkeys(FLAG_KINDS[flag] for flag in flags if flag in FLAG_KINDS))


def _header(skeleton: splice.Skeleton, entry: Entry, newline: str) -> str | None:
    """Record where the header declares the language (or where a ``Language`` line goes); the file's language."""
    start, end, value = entry.strings["msgstr"]
    raw = skeleton.text[start:end]
    template = re.search(r"charset=(CHARSET)\b", raw)  # a POT's placeholder: the file is written in UTF-8, say so
    if template:
        skeleton.encoding_declarations.append((start + template.start(1), start + template.end(1), "UTF-8"))
    found = re.search(r'"Language:[ \t]*([^"\\]*)', raw)
    if found:
        at = start + found.start(1)
        skeleton.declarations.append((at, start + found.end(1), lambda lang: lang))
        return found.group(1).strip() or None
    skeleton.declarations.append((end, end, lambda lang: f'{newline}"Language: {lang}\\n"'))
    return None


def sniff(path: Path, head: bytes) -> bool:
    return path.name.lower().endswith((".po", ".pot")) or re.match(rb"(?:\xef\xbb\xbf)?(?:#[^\n]*\n|\s)*msgid\s+\"", head) is not None


FORMAT = register(InputFormat(
    "po", "gettext PO", order=20, read=read, write=splice.write, extensions=(".po", ".pot"), bilingual=True,
    writes_targets=True, sniff=sniff,
))
