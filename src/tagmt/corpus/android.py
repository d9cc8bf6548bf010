"""Android ``strings.xml`` resources (root ``<resources>``): each ``<string>``, each ``<item>`` of a
``<string-array>`` and each ``<item quantity>`` of a ``<plurals>`` is a segment; its id is the name
(``name[2]`` for an array's item, ``name[one]`` for a plural's, ``name#product`` for a ``product``).

Not segments: anything marked ``translatable="false"`` (the element or its array/plurals), empty strings and
references to other resources (``@string/x``). Inside a string: ``<xliff:g>`` (with its content) is a code
that is never translated; ``<b>``, ``<i>``, ``<u>``, ``<font>``, ``<a>``, ``<annotation>`` and any other element are
inline codes around their text; comments and CDATA sections inside text are codes (a string that is all one
CDATA section is a segment of the CDATA's text; HTML tags in CDATA or escaped, ``&lt;b>``, are codes). Text is unescaped as Android reads it (XML entities, then
``\\'``, ``\\"``, ``\\n``, ``\\t``, ``\\@``, ``\\?``, ``\\\\``, ``\\uXXXX``); a string in surrounding double quotes is read
inside them. Placeholders, unless ``placeholders`` is given: printf (``%1$s``, ``%d``).

Written by splicing (``tagmt.corpus.splice``): a written string's content replaces the old one with ``'``, ``"``,
``\\``, line breaks, tabs and a leading ``@``/``?`` backslash-escaped and ``&``, ``<``, ``>`` as entities; every
code, attribute, comment and string not written stays byte for byte. The language lives in the folder's name
(``values-de``), not in the file: nothing is declared.
"""

from __future__ import annotations

import re
from pathlib import Path

from tagmt.corpus import splice
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.errors import TagmtError
from tagmt.safexml import parse_bytes
from tagmt.xmltext import unescape as xml_unescape

_TOP = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<(string-array|string|plurals)(?=[\s/>])([^>]*?)(?:/>|>(.*?)</\1\s*>)",
                  re.S)
_ITEM = re.compile(r"<!--.*?-->|<item\b([^>]*?)(?:/>|>(.*?)</item\s*>)", re.S)
_ATTR = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_INNER = re.compile(r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<xliff:g\b[^>]*?(?:/>|>.*?</xliff:g\s*>)|</?[\w:.-]+[^>]*>", re.S)
_TAG = re.compile(r"<(/?)([\w:.-]+)[^>]*?(/?)>", re.S)
_ANDROID = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.S)
_ESCAPES = {"n": "\n", "t": "\t"}
_CDATA_ONLY = re.compile(r"\s*<!\[CDATA\[(.*?)\]\]>\s*", re.S)


def android_unescape(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code[0] == "u" and len(code) == 5:
            return chr(int(code[1:], 16))
        return _ESCAPES.get(code, code)
    return _ANDROID.sub(one, text)


def escape_cdata(text: str) -> str:
    out = text.replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return "\\" + out if out.startswith(("@", "?")) else out


def escape(text: str) -> str:
    return escape_cdata(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attributes(raw: str) -> dict[str, str]:
    return {m.group(1): xml_unescape(m.group(2) if m.group(2) is not None else m.group(3)) for m in _ATTR.finditer(raw)}


def content(raw: str, builder: splice.Tagged) -> None:
    """Add the inside of a ``<string>``/``<item>`` (its raw XML) to ``builder`` (see the module docstring)."""
    tokens: list[tuple[str, str]] = []  # (kind, markup): text | code | start | end
    at = 0
    for match in _INNER.finditer(raw):
        if match.start() > at:
            tokens.append(("text", raw[at:match.start()]))
        markup = match.group(0)
        tag = _TAG.fullmatch(markup)
        if tag and not markup.startswith("<xliff:g") and not tag.group(3):
            tokens.append(("end" if tag.group(1) else "start", markup))
        else:
            tokens.append(("code", markup))
        at = match.end()
    if at < len(raw):
        tokens.append(("text", raw[at:]))
    closes: dict[int, int] = {}
    stack: list[int] = []
    for k, (kind, markup) in enumerate(tokens):
        if kind == "start":
            stack.append(k)
        elif kind == "end" and stack and _TAG.match(tokens[stack[-1]][1]).group(2) == _TAG.match(markup).group(2):  # type: ignore[union-attr]
            closes[stack.pop()] = k
    ends = set(closes.values())
    for k, (kind, markup) in enumerate(tokens):
        if kind == "text":
            builder.text(android_unescape(xml_unescape(markup)))
        elif kind == "start" and k in closes:
            builder.start(markup, tokens[closes[k]][1], _TAG.match(markup).group(2))  # type: ignore[union-attr]
        elif kind == "end" and k in ends:
            builder.end()
        else:
            builder.code(markup, "xliff:g" if markup.startswith("<xliff:g") else "ph")


def read(path: Path, data: bytes, stream: object = None, *, placeholders=None, placeholder_regexes=(),
         src_lang: str | None = None, trg_lang: str | None = None, **_: object) -> Corpus:
    """An Android strings.xml as a corpus (see the module docstring)."""
    tree = stream.tree() if stream is not None else parse_bytes(data, path, "Android strings.xml")  # type: ignore[attr-defined]
    encoding, bom = splice.encoding_of(data, (tree.docinfo.encoding or "utf-8").lower())
    text = data[len(bom):].decode(encoding)
    kinds = ("printf",) if placeholders is None else tuple(placeholders)
    skeleton = splice.Skeleton(text, encoding, bom, splice.Piece(escape))
    segments: list[Segment] = []

    def add(name: str, start: int, end: int) -> None:
        raw = text[start:end]
        write_escape = escape
        cdata = _CDATA_ONLY.fullmatch(raw)
        if cdata:
            start, end, write_escape = start + cdata.start(1), start + cdata.end(1), escape_cdata
            raw = cdata.group(1)
        stripped = raw.strip()
        if len(stripped) >= 2 and stripped[0] == '"' and stripped[-1] == '"' and not stripped.endswith('\\"'):
            lead = raw.index('"')
            start, end = start + lead + 1, start + raw.rindex('"')
            raw = text[start:end]
        if not cdata and raw.lstrip()[:1] in ("@", "?"):  # a reference (``@string/x``, ``?attr/y``); ``\@`` is text
            return
        # (markup in CDATA or escaped, ``&lt;b>``, is HTML for Html.fromHtml: its tags are codes, not text)
        markup = (splice.MARKUP,) if placeholders is None else ()
        builder = splice.Tagged(kinds, tuple(placeholder_regexes) + markup, write_escape)
        if cdata:
            builder.text(android_unescape(raw))
        else:
            content(raw, builder)
        source, codes = builder.result()
        if not source.strip() or not re.sub(r"<[^>]+>", "", source).strip():
            return
        skeleton.add(start, end, splice.Piece(write_escape))
        segments.append(Segment(name, source, None, codes))

    base = 0
    for match in _TOP.finditer(text):
        element = match.group(1)
        if element is None or match.group(3) is None:
            continue
        attrs = attributes(match.group(2))
        if attrs.get("translatable") == "false":
            continue
        name = attrs.get("name", "?") + (f"#{attrs['product']}" if "product" in attrs else "")
        if element == "string":
            add(name, match.start(3), match.end(3))
            continue
        base = match.start(3)
        for n, item in enumerate(m for m in _ITEM.finditer(match.group(3)) if m.group(0).startswith("<item")):
            if item.group(2) is None:
                continue
            item_attrs = attributes(item.group(1))
            if item_attrs.get("translatable") == "false":
                continue
            label = item_attrs.get("quantity", str(n)) if element == "plurals" else str(n)
            add(f"{name}[{label}]", base + item.start(2), base + item.end(2))
    _check(tree, segments, path)
    return Corpus("android", segments, path, src_lang, trg_lang, escaped=True, native=skeleton, writer=splice.write)


def _check(tree, segments: list[Segment], path: Path) -> None:
    """The strings found in the text are the tree's (a layout the text scan misreads is refused, not guessed)."""
    names = {s.id.split("[")[0].split("#")[0] for s in segments}
    known = {el.get("name") for el in tree.getroot() if isinstance(el.tag, str) and el.get("name")}
    missing = names - known
    if missing:
        raise TagmtError(f"{path}: tagmt could not place the string {sorted(missing)[0]!r} in the file; "
                         "report this file to tagmt")


def recognises(name: str, namespace: str | None, version: str) -> bool:
    return name == "resources" and not namespace


FORMAT = register(InputFormat(
    "android", "Android strings.xml", order=23, read=read, write=splice.write, extensions=(".xml",), xml=True,
    recognises=recognises, bilingual=False, writes_targets=True,
))
