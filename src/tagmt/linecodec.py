"""One segment per line: how a segment that itself holds a line break is written in a line file.

Line files (sources, references, MT outputs, line views) promise that line k is segment k. A segment
whose text holds a line break — any character on which ``str.splitlines`` splits: LF, CR, VT, FF, the
file/group/record separators, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR — would break that promise, and
replacing the break with a space or nothing would lose it silently. So a line break is written as its
XML character reference (``&#10;``, ``&#13;``, ``&#8232;`` …): tagged line files are XML-escaped text
already (``&amp;``, ``&lt;``), so the reference means the same character to any XML-aware reader, and
``decode_line`` turns exactly these references back into the characters.
"""

from __future__ import annotations

import re

#: The characters ``str.splitlines`` splits on.
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"

_BREAK = re.compile(f"[{re.escape(LINE_BREAKS)}]")
_REFERENCE = re.compile(r"&#(?:(\d+)|[xX]([0-9A-Fa-f]+));")


def encode_line(segment: str) -> str:
    """``segment`` as one line: each line break written as its decimal character reference."""
    return _BREAK.sub(lambda m: f"&#{ord(m.group())};", segment)


def decode_line(line: str) -> str:
    """The segment written by ``encode_line``: references to line-break characters become the
    characters again; every other reference (``&#38;``, ``&#x3C;``) is left as written."""

    def back(match: re.Match[str]) -> str:
        code = int(match.group(1)) if match.group(1) else int(match.group(2), 16)
        char = chr(code) if code < 0x110000 else ""
        return char if char and char in LINE_BREAKS else match.group()

    return _REFERENCE.sub(back, line)


def has_line_break(segment: str) -> bool:
    return _BREAK.search(segment) is not None
