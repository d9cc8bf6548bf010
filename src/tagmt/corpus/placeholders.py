"""Placeholders as inline codes (issue 32): ``%1$s``, ``%(name)s``, ``{0}``, ``{{user}}`` and a project's own
patterns found in a segment's text and turned into standalone codes, so that the MT sees a code it will not
translate and projection puts every one back.

``find(text, kinds)`` gives the placeholders' spans in plain text; ``protect(text, kinds)`` gives the tagged
string (text XML-escaped, each placeholder an ``<x id="N"/>``) and the codes behind the tags
(``InlineCode(element="ph", open=the placeholder as written)``), which ``Segment.restore`` puts back.

Written here rather than taken from translate-toolkit or Okapi: their finders live inside their own
converters and data models; these are a few regular expressions over tagmt's own segments.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from tagmt.corpus.model import STANDALONE, InlineCode
from tagmt.errors import TagmtError
from tagmt.xmltext import escape

#: One pattern per kind. printf: C/Java/Objective-C conversions (positional ``%1$s``, flags, width,
#: precision, length, ``%@``, ``%%``); the space flag is left out, so that ``100% sure`` stays text.
PATTERNS: dict[str, str] = {
    "python": r"%\([^()\s]+\)[-+#0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa%]",
    "printf": r"%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@%]",
    "mustache": r"\{\{\{?\s*[^{}\s][^{}]*?\s*\}?\}\}",
    "brace": r"(?<!\{)\{\s*[\w.\-]*\s*\}(?!\})",
}

#: ``auto``: every kind a line file may hold (all but ICU, whose sub-messages are segments of their own).
AUTO = ("mustache", "python", "printf", "brace")
KINDS = (*AUTO, "icu", "auto")


def expand(kinds: Iterable[str]) -> tuple[str, ...]:
    """The kinds named by ``kinds`` (``auto`` expanded, duplicates dropped, in matching priority); an unknown
    kind is one line naming the valid ones."""
    out: list[str] = []
    for kind in kinds:
        names = AUTO if kind == "auto" else (kind,)
        for name in names:
            if name not in KINDS:
                raise TagmtError(f"unknown placeholder kind {name!r}: use {', '.join(KINDS)}")
            if name not in out:
                out.append(name)
    order = {name: k for k, name in enumerate((*AUTO, "icu"))}
    return tuple(sorted(out, key=order.__getitem__))


def compile_finder(kinds: Iterable[str], regexes: Sequence[str] = ()) -> re.Pattern[str] | None:
    """One pattern for ``kinds`` and a project's own ``regexes`` (theirs first), or None when there is none.
    A regular expression that does not compile, or that matches the empty string, is one line."""
    parts: list[str] = []
    for regex in regexes:
        try:
            pattern = re.compile(regex)
        except re.error as exc:
            raise TagmtError(f"--placeholder-regex {regex!r} is not a regular expression: {exc}") from None
        if pattern.match(""):
            raise TagmtError(f"--placeholder-regex {regex!r} matches the empty string")
        parts.append(f"(?:{regex})")
    for kind in expand(kinds):
        if kind == "icu":  # ICU arguments: the simple ones here; sub-messages are the ICU reader's
            parts.append(PATTERNS["brace"])
        else:
            parts.append(PATTERNS[kind])
    return re.compile("|".join(parts)) if parts else None


def find(text: str, kinds: Iterable[str], regexes: Sequence[str] = ()) -> list[tuple[int, int]]:
    """The spans of the placeholders in ``text`` (plain, not escaped), left to right, not overlapping."""
    finder = compile_finder(kinds, regexes)
    return [] if finder is None else [m.span() for m in finder.finditer(text)]


def protect(text: str, kinds: Iterable[str], *, regexes: Sequence[str] = (), first_id: int = 1,
            element: str = "ph") -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """``text`` (plain) as a tagged string: text XML-escaped, every placeholder an ``<x id="N"/>`` numbered from
    ``first_id``; and the codes behind the tags, each holding the placeholder as written."""
    out: list[str] = []
    codes: dict[tuple[str, str], InlineCode] = {}
    at = 0
    for start, end in find(text, kinds, regexes):
        code_id = str(first_id + len(codes))
        out.append(escape(text[at:start]))
        out.append(f'<{STANDALONE} id="{code_id}"/>')
        codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, element, text[start:end])
        at = end
    out.append(escape(text[at:]))
    return "".join(out), codes
