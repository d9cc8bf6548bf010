"""A tokenizer for HTML and XML text that keeps every token's offsets: text, start tags (``start``, or
``empty`` for ``<x/>``), end tags, ``other`` markup (comments, DOCTYPE, processing instructions, CDATA,
templates' ``<% … %>``) and
``raw`` content (HTML's ``script``/``style``…). The document readers splice translations into the original
text, so they need where each tag is; html.parser reports only line and column and html5lib's tokenizer no
positions at all, hence this small scanner. It never fails: a ``<`` that starts no tag is text.

``attributes(text, token)`` gives each attribute of a start tag with where its value lies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: HTML elements whose content is not markup (``title``/``textarea``: text with references; the rest raw).
RAW_TEXT = ("script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext")
ESCAPABLE_RAW = ("title", "textarea")

_ATTRIBUTE = re.compile(r"([^\s\"'>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+)))?")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # text | start | empty | end | other | raw
    start: int
    end: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class Attr:
    """An attribute of a start tag: its name (lowercased in HTML), raw value and where the value lies
    (``quote``: the quote character around it, ``""`` when unquoted, None when the attribute has no value)."""

    name: str
    value: str
    start: int
    end: int
    quote: str | None


def tokens(text: str, *, html: bool) -> list[Token]:
    """The tokens of ``text`` in order, covering it all. ``html``: names lowercased, raw-text elements,
    ``/>`` self-closing only on void elements' tags (as browsers read it); else XML."""
    out: list[Token] = []
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
            out.append(Token("text", at, lt))
        end_name, start_name = match.group(1), match.group(2)
        if end_name is not None:
            end_name = end_name.lower() if html else end_name
            out.append(Token("end", lt, pos, names.setdefault(end_name, end_name)))
        elif start_name is not None:
            name = start_name.lower() if html else start_name
            name = names.setdefault(name, name)
            closed = match.group(3).rstrip().endswith("/")
            kind = "empty" if closed and (not html or name in VOID or ":" in name) else "start"
            out.append(Token(kind, lt, pos, name))
            if html and kind == "start" and name in _RAW_NAMES:
                close = re.compile(rf"</{name}[\s/>]", re.I).search(text, pos)
                end = size if close is None else close.start()
                if end > pos:
                    out.append(Token("text" if name in ESCAPABLE_RAW else "raw", pos, end))
                pos = end
        else:
            out.append(Token("other", lt, pos))
        at = pos
    if size > at:
        out.append(Token("text", at, size))
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
