"""A tokenizer for HTML and XML text that keeps every token's offsets: text, start tags (``start``, or
``empty`` for ``<x/>``), end tags, ``other`` markup (comments, DOCTYPE, processing instructions, CDATA) and
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

_START = re.compile(r"<([A-Za-z_][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_END = re.compile(r"</([A-Za-z_][^\s/>]*)[^>]*>")
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
    at = 0
    size = len(text)

    def add_text(start: int, end: int) -> None:
        if end > start:
            if out and out[-1].kind == "text":
                out[-1] = Token("text", out[-1].start, end)
            else:
                out.append(Token("text", start, end))

    pos = 0
    while True:
        lt = text.find("<", pos)
        if lt < 0:
            break
        token, pos = _markup(text, lt, html)
        if token is None:
            continue
        add_text(at, lt)
        out.append(token)
        at = pos
        if html and token.kind == "start" and token.name in RAW_TEXT + ESCAPABLE_RAW:
            close = re.compile(rf"</{token.name}[\s/>]", re.I).search(text, pos)
            end = size if close is None else close.start()
            if end > pos:
                out.append(Token("text" if token.name in ESCAPABLE_RAW else "raw", pos, end))
            at = pos = end
    add_text(at, size)
    return out


def _markup(text: str, lt: int, html: bool) -> tuple[Token | None, int]:
    """The token starting at ``text[lt] == "<"`` and where it ends, or (None, lt + 1): a ``<`` as text."""
    if text.startswith("<!--", lt):
        end = text.find("-->", lt + 4)
        end = len(text) if end < 0 else end + 3
        return Token("other", lt, end), end
    if text.startswith("<![CDATA[", lt):
        end = text.find("]]>", lt)
        end = len(text) if end < 0 else end + 3
        return Token("other", lt, end), end
    if text.startswith(("<!", "<?"), lt):
        end = text.find(">", lt)
        end = len(text) if end < 0 else end + 1
        return Token("other", lt, end), end
    match = _END.match(text, lt)
    if match:
        name = match.group(1).lower() if html else match.group(1)
        return Token("end", lt, match.end(), name), match.end()
    match = _START.match(text, lt)
    if match:
        name = match.group(1).lower() if html else match.group(1)
        closed = match.group(2).rstrip().endswith("/")
        kind = "empty" if closed and (not html or name in VOID or ":" in name) else "start"
        return Token(kind, lt, match.end(), name), match.end()
    return None, lt + 1


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
