"""ICU MessageFormat messages split into what a translator translates (issue 32, placeholders ``icu``).

A message is text with arguments: a simple argument (``{name}``, ``{n, number}``, ``{d, date, short}``) is a
placeholder — a code inside the text; a complex one (``{n, plural, one {# file} other {# files}}``,
``select``, ``selectordinal``) holds sub-messages, each of them text of its own, with the argument, its
keywords and its selectors kept as they are. :func:`icu_parts` gives the spans of the message to translate
(the runs of text between complex arguments at every level, nested plurals included) and
:func:`icu_segments` each span as a tagged string whose codes are its simple arguments, the ``#`` of a
plural and the quoted literals (``'{'``, ``'{literal}'``); :func:`icu_join` puts translations back, and
:func:`icu_escaper` is the text escaping a writer renders them with (apostrophes doubled where ICU would read
them as quoting). A message that is not valid MessageFormat is one line naming the offset and the problem.

Written here rather than taken from a library: ICU4J/ICU4C have no Python binding installed, and tagmt needs
the spans of the message as written (to splice translations back byte for byte), which no parser returns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

from tagmt.corpus.model import STANDALONE, InlineCode
from tagmt.errors import TagmtError
from tagmt.xmltext import escape

#: The argument types whose argument holds sub-messages.
COMPLEX = ("plural", "select", "selectordinal")
#: Nesting deeper than this is refused (a message is a short string; no stack runs out on a hostile one).
MAX_NESTING = 50
_NAME = re.compile(r"\s*([^\s{},#']+)\s*")
_SELECTOR = re.compile(r"\s*(=?[^\s{}]+)\s*")
_OFFSET = re.compile(r"\s*offset:\s*\d+\s*")


@dataclass
class Item:
    """One piece of a message: ``text`` (literal text, apostrophes as written), ``code`` (a simple argument,
    a plural's ``#``, a quoted literal) or ``complex`` (a plural/select argument and its sub-messages)."""

    kind: str
    start: int
    end: int
    messages: list["Message"] = field(default_factory=list)


@dataclass
class Message:
    """A (sub-)message: its items left to right, between ``start`` and ``end`` of the whole string."""

    start: int
    end: int
    items: list[Item] = field(default_factory=list)


@dataclass(frozen=True)
class IcuPart:
    """A span of the message to translate, as a tagged string (text XML-escaped, ``''`` read as ``'``) and
    the codes behind its ``<x id="N"/>`` tags (``open``: the code as the message writes it)."""

    start: int
    end: int
    tagged: str
    codes: dict[tuple[str, str], InlineCode]


class _Parser:
    def __init__(self, message: str, where: str) -> None:
        self.s, self.where = message, where

    def fail(self, at: int, problem: str) -> TagmtError:
        return TagmtError(f"{self.where}: not an ICU message (at character {at + 1}): {problem}")

    def message(self, at: int, depth: int, plural: bool, top: bool) -> Message:
        """The message from ``at`` up to its closing ``}`` (not consumed) or the end (``top``)."""
        if depth > MAX_NESTING:
            raise self.fail(at, f"arguments nested more than {MAX_NESTING} levels deep")
        s, out = self.s, Message(at, at)
        text_from = at
        k = at

        def flush(upto: int) -> None:
            if upto > text_from:
                out.items.append(Item("text", text_from, upto))

        while k < len(s):
            c = s[k]
            if c == "'" and k + 1 < len(s) and s[k + 1] == "'":
                k += 2
            elif c == "'" and k + 1 < len(s) and (s[k + 1] in "{}|" or (plural and s[k + 1] == "#")):
                flush(k)
                close = s.find("'", k + 1)
                while close != -1 and close + 1 < len(s) and s[close + 1] == "'":
                    close = s.find("'", close + 2)  # '' inside quoted text is one apostrophe
                end = len(s) if close == -1 else close + 1
                out.items.append(Item("code", k, end))
                k = text_from = end
            elif c == "#" and plural:
                flush(k)
                out.items.append(Item("code", k, k + 1))
                k = text_from = k + 1
            elif c == "{":
                flush(k)
                item = self.argument(k, depth)
                out.items.append(item)
                k = text_from = item.end
            elif c == "}":
                if top:
                    raise self.fail(k, "a '}' closes nothing (quote it: '}')")
                break
            else:
                k += 1
        else:
            if not top:
                raise self.fail(at, "a sub-message is never closed with '}'")
        flush(k)
        out.end = k
        return out

    def argument(self, at: int, depth: int) -> Item:
        """The argument at ``at`` (``{``) up to and including its ``}``."""
        s = self.s
        name = _NAME.match(s, at + 1)
        if not name:
            raise self.fail(at, "an argument without a name")
        k = name.end()
        if k < len(s) and s[k] == "}":
            return Item("code", at, k + 1)
        if k >= len(s) or s[k] != ",":
            raise self.fail(k, "expected ',' or '}' after the argument's name")
        kind = _NAME.match(s, k + 1)
        if not kind:
            raise self.fail(k, "an argument without a type")
        k = kind.end()
        if kind.group(1) not in COMPLEX:
            return Item("code", at, self._simple_end(at, k))
        if k >= len(s) or s[k] != ",":
            raise self.fail(k, f"{kind.group(1)} needs its cases: {{n, {kind.group(1)}, other {{…}}}}")
        k += 1
        plural = kind.group(1) != "select"
        if plural and (offset := _OFFSET.match(s, k)):
            k = offset.end()
        item = Item("complex", at, at)
        while True:
            selector = _SELECTOR.match(s, k)
            if selector is None or k >= len(s):
                break
            k = selector.end()
            if k >= len(s) or s[k] != "{":
                raise self.fail(k, f"the case {selector.group(1)!r} needs a sub-message in braces")
            sub = self.message(k + 1, depth + 1, plural, top=False)
            item.messages.append(sub)
            k = sub.end + 1
            while k < len(s) and s[k].isspace():
                k += 1
            if k < len(s) and s[k] == "}":
                break
        if k >= len(s) or s[k] != "}" or not item.messages:
            raise self.fail(at, f"the {kind.group(1)} argument is never closed with '}}'")
        item.end = k + 1
        return item

    def _simple_end(self, at: int, k: int) -> int:
        """The end of a simple argument's style (``{n, number, ::currency/EUR}``: braces balanced, quotes
        skipped)."""
        s, depth = self.s, 0
        while k < len(s):
            c = s[k]
            if c == "'":
                close = s.find("'", k + 1)
                k = len(s) if close == -1 else close + 1
                continue
            if c == "{":
                depth += 1
            elif c == "}":
                if depth == 0:
                    return k + 1
                depth -= 1
            k += 1
        raise self.fail(at, "an argument is never closed with '}'")


def parse(message: str, where: str = "message") -> Message:
    """The message's tree of items; a message that is not MessageFormat is one line (``where`` names it)."""
    return _Parser(message, where).message(0, 0, plural=False, top=True)


def _runs(message: Message) -> list[list[Item]]:
    """The runs of text and codes between complex arguments, of this message and every sub-message."""
    runs: list[list[Item]] = []
    stack = [message]
    while stack:
        current = stack.pop()
        run: list[Item] = []
        nested: list[Message] = []
        for item in current.items:
            if item.kind == "complex":
                runs.append(run)
                run = []
                nested.extend(item.messages)
            else:
                run.append(item)
        runs.append(run)
        stack.extend(reversed(nested))
    return runs


def _translatable(message: str, run: list[Item]) -> bool:
    return any(item.kind == "text" and message[item.start:item.end].strip() for item in run)


def icu_parts(message: str, where: str = "message") -> list[tuple[int, int]]:
    """The spans of ``message`` to translate: each run of text (with its simple arguments) between complex
    arguments, at every level, that holds text; in the order a reader meets them (a sub-message's spans after
    the text before its argument). A message without plural/select is one span, the whole message."""
    spans = [(run[0].start, run[-1].end) for run in _runs(parse(message, where)) if _translatable(message, run)]
    return sorted(spans)


def icu_segments(message: str, first_id: int = 1, where: str = "message") -> list[IcuPart]:
    """Each span of :func:`icu_parts` as a tagged string: text escaped (``''`` as one apostrophe), every simple
    argument, plural ``#`` and quoted literal an ``<x id="N"/>`` numbered from ``first_id`` (per span)."""
    parts: list[IcuPart] = []
    for run in _runs(parse(message, where)):
        if not _translatable(message, run):
            continue
        out: list[str] = []
        codes: dict[tuple[str, str], InlineCode] = {}
        for item in run:
            raw = message[item.start:item.end]
            if item.kind == "text":
                out.append(escape(raw.replace("''", "'")))
            else:
                code_id = str(first_id + len(codes))
                out.append(f'<{STANDALONE} id="{code_id}"/>')
                codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, "ph", raw)
        parts.append(IcuPart(run[0].start, run[-1].end, "".join(out), codes))
    return sorted(parts, key=lambda part: part.start)


def icu_join(message: str, spans: Sequence[tuple[int, int]], texts: Sequence[str | None]) -> str:
    """``message`` with each span replaced by its text (None: kept as it is); spans as :func:`icu_parts`."""
    out: list[str] = []
    at = 0
    for (start, end), text in sorted(zip(spans, texts), key=lambda pair: pair[0][0]):
        out.append(message[at:start])
        out.append(message[start:end] if text is None else text)
        at = end
    out.append(message[at:])
    return "".join(out)


def icu_escaper(message: str) -> Callable[[str], str]:
    """The text escaping a writer renders translated text of ``message`` with (``Segment.render``'s ``text``):
    where the message writes every apostrophe doubled (it holds ``''``) every apostrophe is doubled; else only
    one that ICU would read as the start of quoted text (before ``{ } # |``, or last in a piece of text, which
    may meet a code) and every one of two or more in a row (``''`` would read as one)."""
    if "''" in message:
        return lambda text: text.replace("'", "''")
    return lambda text: _QUOTING.sub(lambda m: m.group(0) * 2 if len(m.group(0)) > 1 or m.group(1) is not None
                                     else m.group(0), text)


_QUOTING = re.compile(r"'+(?=([{}#|]|$))?")
