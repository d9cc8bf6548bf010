"""Projecting tags onto text whose format escapes it (XLIFF, TMX, tagged line files).

Projection inserts tags into the translation at character offsets. On escaped text (``&amp;``, ``&lt;``)
a tag could land inside an entity reference (``&gt</g>;``) and word splitting would see ``&``, ``amp``,
``;``; on natural text an inserted ``<g id="1">`` and a ``<`` written by the model could no longer be
told apart. So both sides are projected with each of ``&``, ``<`` and ``>`` as one stand-in character —
Unicode noncharacters U+FDD0–U+FDD2, which the standard reserves for a program's internal use and which
word splitting reads as punctuation, as it reads ``&``, ``<`` and ``>`` — and the stand-ins become entity
references again in the output. Other references of the source (``&quot;``, ``&#160;``) are read as their
characters there: the source's text is only aligned, never written. The stand-ins themselves live in the
leaf ``tagmt.standins`` (projection's learning uses them too); this module re-exports them.
"""

from __future__ import annotations

import dataclasses
import re

from tagmt.xmltext import escape, unescape
from tagmt.markup import tokenize
from tagmt.projection import Detagged, SourceTag
from tagmt.standins import SPECIAL, STAND_INS, escape_stand_ins, stand_in

__all__ = ["STAND_INS", "escape_stand_ins", "natural_detagged", "restore_text", "stand_in"]

_REFERENCE = re.compile(r"&(?:#\d+|#[xX][0-9A-Fa-f]+|amp|lt|gt|quot|apos);")


def restore_text(projected: str, natural: str) -> str:
    """``projected`` — tags inserted into ``stand_in(natural)`` — with each text run taken from ``natural``
    and escaped: the output's text is the translation's, whatever characters it holds. Should the text
    runs not spell ``stand_in(natural)`` (a projector that altered the text: a bug), the stand-ins are
    turned into references instead (:func:`escape_stand_ins`)."""
    out: list[str] = []
    position = 0
    for token in tokenize(projected, orphans=True):
        if token.is_markup:
            out.append(token.text)
            continue
        piece = natural[position:position + len(token.text)]
        if stand_in(piece) != token.text:
            return escape_stand_ins(projected)
        out.append(escape(piece))
        position += len(piece)
    if position != len(natural):
        return escape_stand_ins(projected)
    return "".join(out)


def natural_detagged(detagged: Detagged) -> Detagged:
    """``detagged`` (of an escaped source) with each reference of its plain text read as one character
    (``&``, ``<`` and ``>`` as stand-ins) and the tags' offsets moved to match."""
    plain = detagged.plain
    if not SPECIAL.search(plain):
        return detagged
    new_offset = [0] * (len(plain) + 1)  # old offset → new offset
    out: list[str] = []
    position = 0
    for match in _REFERENCE.finditer(plain):
        for k in range(position, match.start()):
            new_offset[k] = len(out)
            out.append(stand_in(plain[k]))  # a bare & or a > as written
        char = stand_in(unescape(match.group()))
        for k in range(match.start(), match.end()):
            new_offset[k] = len(out)
        out.append(char)
        position = match.end()
    for k in range(position, len(plain)):
        new_offset[k] = len(out)
        out.append(stand_in(plain[k]))
    new_offset[len(plain)] = len(out)
    # An offset inside a reference (none, as tags sit between text runs) would map to the reference's start.
    return dataclasses.replace(detagged, plain="".join(out), tags=tuple(_moved(tag, new_offset) for tag in detagged.tags))


def _moved(tag: SourceTag, new_offset: list[int]) -> SourceTag:
    return dataclasses.replace(
        tag, start=new_offset[tag.start], end=new_offset[tag.end],
        children=tuple(_moved(child, new_offset) for child in tag.children),
    )


def in_source_style(output: str, source: str) -> str:
    """``output`` (a tagged string, text escaped) with ``<`` and ``>`` written raw in its text when its ``source``
    writes them raw and never escaped (``<<QUANTITY>>``, ``<name of file>`` as text of a tagged line): the
    output keeps the convention of the line it translates, as a reference written from it does. ``&`` stays
    escaped (a raw ``&`` would start a reference)."""
    if "<" not in source and ">" not in source:
        return output
    texts = [token.text for token in tokenize(source, orphans=True) if token.kind == "text"]
    if not any("<" in text or ">" in text for text in texts) or any("&lt;" in t or "&gt;" in t for t in texts):
        return output
    return "".join(token.text.replace("&lt;", "<").replace("&gt;", ">") if token.kind == "text" else token.text
                   for token in tokenize(output, orphans=True))
