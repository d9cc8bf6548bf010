"""A tokenizer for HTML and XML text that keeps every token's offsets: text, start tags (``start``, or
``empty`` for ``<x/>``), end tags, ``other`` markup (comments, DOCTYPE, processing instructions, CDATA,
templates' ``<% … %>``) and
``raw`` content (HTML's ``script``/``style``…). The document readers splice translations into the original
text, so they need where each tag is; html.parser reports only line and column and html5lib's tokenizer no
positions at all, hence this small scanner. It never fails: a ``<`` that starts no tag is text.

``attributes(text, token)`` gives each attribute of a start tag with where its value lies.

A page has a token every few bytes: :class:`Tokens` holds them as columns (a kind byte, two offsets, a shared
name number: ~13 bytes a token rather than ~100 for an object and its integers) and gives a `Token` on access.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass
from typing import Iterator, NamedTuple, Sequence, overload

#: HTML elements whose content is not markup (``title``/``textarea``: text with references; the rest raw).
RAW_TEXT = ("script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext")
ESCAPABLE_RAW = ("title", "textarea")

_ATTRIBUTE = re.compile(r"([^\s\"'>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+)))?")


class Token(NamedTuple):
    kind: str  # text | start | empty | end | other | raw
    start: int
    end: int
    name: str = ""


KINDS = ("text", "start", "empty", "end", "other", "raw")
_KIND_CODE = {kind: n for n, kind in enumerate(KINDS)}


class Tokens(Sequence[Token]):
    """A document's tokens in order, held as columns (see the module docstring); ``toks[i]`` is a `Token`."""

    __slots__ = ("kinds", "starts", "ends", "names", "table", "named")

    def __init__(self, size: int) -> None:
        offsets = "i" if size < 2**31 else "q"
        self.kinds, self.starts, self.ends, self.names = bytearray(), array(offsets), array(offsets), array("I")
        self.table: dict[str, int] = {"": 0}  # element name → its number in ``names``
        self.named: list[str] = [""]  # number → element name

    def append(self, kind: str, start: int, end: int, name: str = "") -> None:
        number = self.table.get(name)
        if number is None:
            number = self.table[name] = len(self.named)
            self.named.append(name)
        self.kinds.append(_KIND_CODE[kind])
        self.starts.append(start)
        self.ends.append(end)
        self.names.append(number)

    def __len__(self) -> int:
        return len(self.kinds)

    @overload
    def __getitem__(self, i: int) -> Token: ...
    @overload
    def __getitem__(self, i: slice) -> list[Token]: ...
    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        if i.__class__ is slice:
            return [self[k] for k in range(*i.indices(len(self)))]
        return _new(Token, (KINDS[self.kinds[i]], self.starts[i], self.ends[i], self.named[self.names[i]]))

    def __iter__(self) -> Iterator[Token]:
        return map(Token._make, zip(map(KINDS.__getitem__, self.kinds), self.starts, self.ends,
                                    map(self.named.__getitem__, self.names)))


_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class Attr:
    """An attribute of a start tag: its name (lowercased in HTML), raw value and where the value lies
    (``quote``: the quote character around it, ``""`` when unquoted, None when the attribute has no value)."""

    name: str
    value: str
    start: int
    end: int
    quote: str | None


def tokens(text: str, *, html: bool) -> Tokens:
    """The tokens of ``text`` in order, covering it all. ``html``: names lowercased, raw-text elements,
    ``/>`` self-closing only on void elements' tags (as browsers read it); else XML."""
    out = Tokens(len(text))
    add = out.append
    at = pos = 0
    size = len(text)
    search = _TOKEN.search
    names: dict[str, str] = {}  # one string per element name (a page repeats a few names many times)
    while True:
        match = search(text, pos)
        if match is None:
            break
        lt, pos = match.span()
        if lt > at:
            add("text", at, lt)
        end_name, start_name = match.group(1), match.group(2)
        if end_name is not None:
            end_name = end_name.lower() if html else end_name
            add("end", lt, pos, names.setdefault(end_name, end_name))
        elif start_name is not None:
            name = start_name.lower() if html else start_name
            name = names.setdefault(name, name)
            closed = match.group(3).rstrip().endswith("/")
            kind = "empty" if closed and (not html or name in VOID or ":" in name) else "start"
            add(kind, lt, pos, name)
            if html and kind == "start" and name in _RAW_NAMES:
                close = re.compile(rf"</{name}[\s/>]", re.I).search(text, pos)
                end = size if close is None else close.start()
                if end > pos:
                    add("text" if name in ESCAPABLE_RAW else "raw", pos, end)
                pos = end
        else:
            add("other", lt, pos)
        at = pos
    if size > at:
        add("text", at, size)
    return out


_RAW_NAMES = frozenset(RAW_TEXT + ESCAPABLE_RAW)
#: one token from a "<": a comment, CDATA, a declaration or processing instruction (each to its end, or
#: the end of the text), a server-side block of a template (``<% … %>``, ``<%= … %>``: ASP, JSP, ERB), an
#: end tag (its name: group 1), a start tag (name: group 2, attributes: group 3)
_TOKEN = re.compile(
    r"<!--.*?(?:-->|\Z)|<!\[CDATA\[.*?(?:\]\]>|\Z)|<[!?][^>]*(?:>|\Z)|<%.*?%>"
    r"|</([A-Za-z_][^\s/>]*)[^>]*>"
    r"|<([A-Za-z_][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
    re.S,
)


#: HTML elements that never have content.
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                  "track", "wbr", "keygen", "basefont", "frame", "isindex"))


def attributes(text: str, token: Token, *, html: bool) -> list[Attr]:
    """The attributes of the start tag ``token``, left to right (a value never counts as another attribute)."""
    body_start = token.start + 1 + len(token.name)
    body_end = token.end - (2 if token.kind == "empty" and text[token.end - 2] == "/" else 1)
    found: list[Attr] = []
    for match in _ATTRIBUTE.finditer(text, body_start, body_end):
        name = match.group(1).lower() if html else match.group(1)
        for group, quote in ((2, '"'), (3, "'"), (4, "")):
            if match.group(group) is not None:
                found.append(Attr(name, match.group(group), match.start(group), match.end(group), quote))
                break
        else:
            found.append(Attr(name, "", match.end(), match.end(), None))
    return found


def attribute(attrs: list[Attr], name: str) -> Attr | None:
    """The attribute named ``name``, or None."""
    return next((a for a in attrs if a.name == name), None)
