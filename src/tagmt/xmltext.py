"""XML escaping of the text in tagged strings.

Tagged strings from XLIFF, TMX and tagged line files write their text XML-escaped (``&amp;``, ``&lt;``),
so that markup and text are told apart exactly. The MT model reads natural text (``unescape``), and what
comes back is escaped again (``escape``). Written by hand on purpose: XML has five named entities and
numeric character references, whereas ``html.unescape`` knows two thousand HTML names and accepts
references without their semicolon, which are not XML.
"""

from __future__ import annotations

import re

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_TO_ESCAPE = re.compile(r"[&<>]")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_REFERENCE = re.compile(r"&(?:#(\d+)|#[xX]([0-9A-Fa-f]+)|(amp|lt|gt|quot|apos));")


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entity references (text content: well formed in any XML context)."""
    return _TO_ESCAPE.sub(lambda m: _ESCAPES[m.group()], text)


def escape_attribute(value: str) -> str:
    """A value for a double-quoted attribute."""
    return escape(value).replace('"', "&quot;")


def _xml_char(code: int) -> bool:
    return code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF


def unescape(text: str) -> str:
    """The five XML entities and numeric character references as characters; anything else (``&nbsp;``,
    a bare ``&``, a reference to a character XML forbids) is left as written."""
    if "&" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        if match.group(3):
            return _NAMED[match.group(3)]
        code = int(match.group(1)) if match.group(1) else int(match.group(2), 16)
        return chr(code) if _xml_char(code) else match.group()

    return _REFERENCE.sub(one, text)


def normalize(text: str) -> str:
    """Text of uncertain escaping made canonical: references read, then ``& < >`` escaped again, so a bare
    ``&`` becomes ``&amp;`` and ``&amp;`` stays as it is."""
    return escape(unescape(text))
