"""A target given to ``Corpus.write`` made safe to write: a well-formed tagged string, text escaped.

The commands hand the writer targets they built themselves (``translation.hygiene.clean_direct_output``,
projection): their text is escaped and their tags are the source's. A target given through the API may be
anything — natural text (``R&D < 5 %``), a stray ``</target>``, markup meant to end the element and start
another. :func:`safe_target` applies the commands' rule to it: text is escaped (a bare ``&``,
``<`` or ``>`` as a reference, references kept as written), and a tag stays markup only when it is one of the
segment's — a placeholder it has a code for, or a tag of its source — and pairs are well nested; any other
tag is kept as escaped text (it cannot be a code, and nothing the caller wrote is lost). Written by hand
over ``tagmt.markup.tokenize``: the tagged-string syntax is tagmt's own.
"""

from __future__ import annotations

import re
from typing import Collection

from tagmt.markup import Token, attributes, tokenize
from tagmt.xmltext import escape, unescape

_PLACEHOLDERS = ("g", "x", "bx", "ex")


def safe_target(source: str, codes: Collection[tuple[str, str]], tagged: str) -> str:
    """``tagged`` with its text escaped (``escape_text``) and every tag that is not the segment's (one of its
    ``codes``' placeholders, ``(name, id)``, or a tag of its tagged ``source``), or that does not nest,
    written as escaped text (see the module docstring). A well-formed target made of the segment's own
    tags comes back as it is."""
    if "<" not in tagged:  # (text alone: one text token, escaped)
        return escape_text(tagged)
    own = {_identity(token) for token in tokenize(source, orphans=True) if token.is_markup}
    tokens = tokenize(tagged, orphans=True)

    def known(token: Token) -> bool:
        if token.kind in ("start", "empty") and token.name in _PLACEHOLDERS and codes:
            code_id = attributes(token).get("id")
            if code_id is not None and (token.name, unescape(code_id)) in codes:
                return True
        return _identity(token) in own  # (a line file's own tags beside its placeholders' codes)

    kept: set[int] = set()
    stack: list[int] = []
    for k, token in enumerate(tokens):
        if not token.is_markup:
            continue
        if token.kind == "end":
            if stack and tokens[stack[-1]].name == token.name:
                kept.add(stack.pop())
                kept.add(k)
        elif known(token):
            if token.kind == "start":
                stack.append(k)
            else:
                kept.add(k)
    return "".join(token.text if k in kept else escape_text(token.text) for k, token in enumerate(tokens))


#: Characters XML 1.0 cannot hold, even as a reference: C0 controls but tab, LF and CR, lone surrogates, U+FFFE/F.
XML_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def forbidden_character(text: str) -> str | None:
    """The first character of ``text`` that no XML file can hold, as ``U+0008``; None when there is none."""
    match = XML_FORBIDDEN.search(text)
    return None if match is None else f"U+{ord(match.group()):04X}"


_PIECE = re.compile(r"&(?:#\d+|#[xX][0-9A-Fa-f]+|amp|lt|gt|quot|apos);|[&<>]")


def escape_text(text: str) -> str:
    """``text`` well formed as XML text: a bare ``&``, ``<`` or ``>`` escaped, each reference XML allows kept as
    written (``&#10;``, ``&amp;``), one to a character XML forbids (``&#0;``) escaped as text."""
    def one(match: re.Match[str]) -> str:
        piece = match.group()
        if len(piece) > 1 and unescape(piece) != piece:
            return piece  # a reference XML reads
        return escape(piece)

    return _PIECE.sub(one, text)


def _identity(token: Token) -> tuple[str, str]:
    """A tag as compared with the source's: its kind and its text without spacing differences."""
    if token.kind == "end":
        return ("end", token.name)
    return (token.kind, " ".join(token.text.split()))
