"""Segments of a marked-up document (HTML, ITS-marked XML) from its tokens (``markupscan``) and what the
format says of each element (a `Tree`): runs of text and inline elements between block boundaries are
segments, inline elements their codes.

* ``inline`` elements are ``<g id>…</g>`` codes (their start and end tags as written); one left open or
  closed inside a run alone is an ``<x/>``; ``void`` elements (``<br>``, ``<img>``) are ``<x/>``;
* an inline element that is not translated (``translate="no"``, ``code``) is one ``<x/>`` holding the whole
  element — its content is kept, never seen by the MT;
* ``opaque`` elements (``script``, ``style``, ``pre``…) end a run, or inside a sentence are an ``<x/>``;
* ``nested`` elements (ITS ``withinText="nested"``: a footnote) are an ``<x/>`` of their run whose content
  makes segments of its own, written into that code;
* ``block`` elements end the run; text that is not translated ends it too.

A line break in running text (with the blank space around it) reaches the MT as one space, as a browser shows
it (not where ``Tree.preserve`` says blank space is significant); a segment given back unchanged keeps its
original lines. Leading and trailing blank space, comments, ``<br>``, tags without their partner and an inline
element around the whole segment are left out of it; a run with no letter or digit is no segment. The
attributes a format translates (``Tree.attrs``) are segments of their own, placed after the segment of their
run.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Sequence

from tagmt.corpus.docwrite import Place
from tagmt.corpus.markupscan import Attr, Token
from tagmt.corpus.model import PAIR, STANDALONE, InlineCode, Segment
from tagmt.xmltext import unescape

INLINE, VOID, BLOCK, OPAQUE, NESTED = "inline", "void", "block", "opaque", "nested"
_TRIM_NAMES = ("br", "wbr")
_STANDALONE_TAG = re.compile(r'<x id="[^"]*"/>')
_ALNUM = re.compile(r"[^\W_]")  # a letter or digit
#: a template's server-side code in an attribute's value: ASP/JSP/ERB ``<% … %>``, PHP ``<?php … ?>``
#: and a client-side template's ``{{ … }}``, ``{% … %}`` (kept as they are written: never escaped)
_SERVER_CODE = r"(?P<server_code><%.*?%>|<\?.*?\?>|\{\{.*?\}\}|\{%.*?%\})"
#: a line break in running text, with the blank space around it: one space for the MT (as a browser shows it)
_LINE_BREAK = re.compile(r"[ \t\r]*\n[ \t\r\n]*")


@dataclass
class Tree:
    """What the format says of each token: ``match[i]`` the end token of start token i (None or -1: unclosed),
    ``role[i]`` of start/empty tokens, ``translate[i]`` (a start tag: its own; text: its parent's),
    ``attrs(i)`` the translatable attributes of start token i (asked whether or not the element is translated:
    ITS attributes do not inherit an element's translate)."""

    match: Sequence[int | None]
    role: list[str]
    translate: list[bool]
    attrs: Callable[[int], Sequence[Attr]]
    #: whether an end tag without its start tag (``</b>`` stray) is an inline tag (else it ends the run)
    inline_end: Callable[[str], bool] = lambda name: False
    #: text tokens whose blank space is significant (``xml:space="preserve"``): their line breaks are kept
    preserve: frozenset[int] = frozenset()


@dataclass
class Syntax:
    """How the format writes text: ``unescape`` (references read), ``escape`` (text content),
    ``escape_attr(quote)`` (an attribute value in that quote), ``finder`` (placeholders as codes, or None)."""

    unescape: Callable[[str], str]
    escape: Callable[[str], str]
    escape_attr: Callable[[str], Callable[[str], str]]
    finder: object = None
    unescape_attribute: Callable[[str], str] | None = None


@dataclass(slots=True)
class Item:
    tagged: str
    codes: dict
    place: Place
    owner: "Item | None" = None
    code_spans: dict | None = None  # (None: no code)
    index: int = -1  # the segment's index, once every segment is found


@dataclass
class _Run:
    owner: Item | None
    pieces: list[list] = field(default_factory=list)  # [kind, start, end, name, partner]
    pending: list[Item] = field(default_factory=list)


class Places(Sequence[Place]):
    """The segments' places as columns (a page has a segment every few dozen bytes: ~20 bytes a place rather
    than ~150 for a `Place` and its integers); ``places[k]`` is a `Place`."""

    __slots__ = ("starts", "ends", "owners", "escapes", "around")

    def __init__(self, size: int) -> None:
        offsets = "i" if size < 2**31 else "q"
        self.starts, self.ends, self.owners = array(offsets), array(offsets), array(offsets)
        self.escapes: list[Callable[[str], str]] = []
        self.around: dict[int, tuple[str, str]] = {}  # (before, after) where there is some

    def append(self, place: Place, owner: int | None) -> None:
        if place.before or place.after:
            self.around[len(self.escapes)] = (place.before, place.after)
        self.starts.append(place.start)
        self.ends.append(place.end)
        self.owners.append(-1 if owner is None else owner)
        self.escapes.append(place.escape)

    def __len__(self) -> int:
        return len(self.escapes)

    def __getitem__(self, k):  # type: ignore[no-untyped-def, override]
        if isinstance(k, slice):
            return [self[n] for n in range(*k.indices(len(self)))]
        owner = self.owners[k]
        before, after = self.around.get(k % len(self) if k < 0 else k, ("", ""))
        return Place(self.starts[k], self.ends[k], self.escapes[k], None if owner < 0 else owner, before, after)


class _Segments:
    """The document's segments as the grouper finds them, in order: each item made a `Segment` and a place as
    it comes (never a list of items beside the segments)."""

    def __init__(self, size: int) -> None:
        self.segments: list[Segment] = []
        self.places = Places(size)
        self.spans: dict[int, dict] = {}
        self.codes: dict = {}  # one mapping for the segments with the same codes (a page repeats <b>…</b>)

    def append(self, item: Item) -> None:
        k = item.index = len(self.segments)
        owner = None if item.owner is None else item.owner.index  # (an owner always comes before its places)
        self.places.append(item.place, owner)
        found = tuple(item.codes.items())
        if found not in self.codes:
            self.codes[found] = MappingProxyType(item.codes)
        self.segments.append(Segment(str(k + 1), item.tagged, codes=self.codes[found]))
        if owner is not None:  # (only a segment that holds another's place needs its codes' places)
            self.spans[owner] = item.owner.code_spans or {}  # type: ignore[union-attr]


class Grouper:
    def __init__(self, text: str, toks: list[Token], tree: Tree, syntax: Syntax) -> None:
        self.text, self.toks, self.tree, self.syntax = text, toks, tree, syntax
        self._shared: dict = {}  # equal codes and keys held once (a page repeats <b>…</b> thousands of times)
        #: the start tag of each end tag to come, by the end tag's index (the elements open where the grouper is:
        #: matched elements nest, so an end tag's start was seen in its loop or an outer one)
        self._opened: dict[int, int] = {}
        self._attribute_finder: re.Pattern[str] | None = None

    def shared(self, value):  # type: ignore[no-untyped-def]
        return self._shared.setdefault(value, value)

    def segments(self) -> tuple[list[Segment], Places, dict[int, dict]]:
        """The document's segments (ids from 1), their places and their codes' places (of the segments that
        hold another's place). The tokens and the tree are let go once read."""
        found = _Segments(len(self.text))
        self.block(0, len(self.toks), None, found)  # type: ignore[arg-type]
        self.toks = self.tree = None  # type: ignore[assignment]
        return found.segments, found.places, found.spans

    def block(self, lo: int, hi: int, owner: Item | None, out: list[Item]) -> None:
        toks, tree = self.toks, self.tree
        run = _Run(owner)
        i = lo
        while i < hi:
            tok = toks[i]
            if tok.kind == "text":
                if tree.translate[i]:
                    run.pieces.append(["text", tok.start, tok.end, "pre" if i in tree.preserve else "", None])
                else:
                    run = self.flush(run, out)
            elif tok.kind == "other":
                run.pieces.append(["other", tok.start, tok.end, "", None])
            elif tok.kind == "raw":
                pass
            elif tok.kind in ("start", "empty"):
                start, role = i, tree.role[i]
                end = tree.match[i] if tok.kind == "start" else None
                end = None if end is None or end < 0 else end
                last = tok.end if end is None else toks[end].end
                if role == INLINE and tree.translate[i]:
                    run.pieces.append(["void" if tok.kind == "empty" else "open", tok.start, tok.end, tok.name, None])
                    self.attributes(i, run.pending, None)
                elif role == VOID:
                    run.pieces.append(["void", tok.start, tok.end, tok.name, None])
                    self.attributes(i, run.pending, None)  # (``Tree.attrs`` says which, translated or not)
                elif role == INLINE or (role == OPAQUE and self.has_text(run)):
                    run.pieces.append(["void", tok.start, last, tok.name, None])
                    # (an attribute a rule chose is translated inside an untranslated element; a textarea's
                    # placeholder is text though its content is not)
                    self.attributes(i, run.pending, None)
                    i = i if end is None else end
                elif role == NESTED and end is not None:
                    run.pieces.append(["void", tok.start, last, tok.name, None])
                    self.attributes(i, run.pending, None)
                    self.block(i + 1, end, None, run.pending)
                    i = end
                else:  # a block, an opaque element between blocks
                    run = self.flush(run, out)
                    self.attributes(i, out, owner)
                    if role == OPAQUE:
                        i = i if end is None else end
                if end is not None and i == start:  # (its end tag comes in this loop, or a nested one)
                    self._opened[end] = start
            elif tok.kind == "end":
                opener = self._opened.pop(i, None)
                if (tree.role[opener] in (INLINE, VOID)) if opener is not None else tree.inline_end(tok.name):
                    run.pieces.append(["close", tok.start, tok.end, tok.name, None])
                else:
                    run = self.flush(run, out)
            i += 1
        self.flush(run, out)

    def has_text(self, run: _Run) -> bool:
        return any(p[0] == "text" and self.text[p[1]:p[2]].strip() for p in run.pieces)

    def attributes(self, i: int, out: list[Item], owner: Item | None) -> None:
        for attr in self.tree.attrs(i):
            if attr.quote is None:
                continue
            value = (self.syntax.unescape_attribute or self.syntax.unescape)(attr.value)
            if _ALNUM.search(value) is None:
                continue
            quote = attr.quote or '"'
            tagged, codes = self.protect(value, 1, self.attribute_finder)
            if _ALNUM.search(_outside_codes(tagged)) is None:  # (a template's code and no text: nothing to say)
                continue
            place = Place(attr.start, attr.end, self.syntax.escape_attr(quote), None,
                          "" if attr.quote else '"', "" if attr.quote else '"')
            out.append(Item(tagged, codes, place, owner))

    @property
    def attribute_finder(self):  # type: ignore[no-untyped-def]
        """``Syntax.finder`` and a template's server code (``<% … %>``, ``<?php … ?>``), which an attribute's
        value may hold as text (in text, the tokenizer already makes it a code)."""
        if self._attribute_finder is None:
            finder = self.syntax.finder
            self._attribute_finder = re.compile(
                _SERVER_CODE + (f"|{finder.pattern}" if finder is not None else ""), re.S)  # type: ignore[attr-defined]
        return self._attribute_finder

    def protect(self, text: str, first: int, finder: object = None) -> tuple[str, dict]:
        """Plain ``text`` as tagged text, placeholders (``finder``, by default ``Syntax.finder``) as ``<x/>``
        codes from id ``first``."""
        finder = finder or self.syntax.finder
        if finder is None:
            return escape(text), {}
        out, codes, at = [], {}, 0
        for match in finder.finditer(text):  # type: ignore[attr-defined]
            code_id = str(first + len(codes))
            out.append(escape(text[at:match.start()]))
            out.append(f'<x id="{code_id}"/>')
            raw = "server_code" in match.re.groupindex and match.group("server_code") is not None
            content = match.group() if raw else self.syntax.escape(match.group())
            codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, "ph", content)
            at = match.end()
        out.append(escape(text[at:]))
        return "".join(out), codes

    def flush(self, run: _Run, out: list[Item]) -> _Run:
        pieces = _trimmed(self.text, _paired(run.pieces))
        item = self.build(pieces, run.owner) if pieces else None
        if item is not None:
            out.append(item)
        for pending in run.pending:
            if pending.owner is None:  # inside the run's segment (a trimmed tag is not: then the document's)
                inside = (item is not None
                          and item.place.start <= pending.place.start <= pending.place.end <= item.place.end)
                pending.owner = item if inside else run.owner
            out.append(pending)
        return _Run(run.owner)

    def build(self, pieces: list[list], owner: Item | None) -> Item | None:
        text, parts, codes, spans = self.text, [], {}, {}
        words = False
        next_id = 1
        for piece in pieces:
            kind, start, end = piece[0], piece[1], piece[2]
            if kind == "text":
                plain = self.syntax.unescape(text[start:end])
                plain = plain if piece[3] == "pre" else _LINE_BREAK.sub(" ", plain)
                tagged, found = self.protect(plain, next_id)
                next_id += len(found)
                codes.update(found)
                if not words:
                    seen = plain if not found else unescape(_outside_codes(tagged))
                    words = _ALNUM.search(seen) is not None
                parts.append(tagged)
            elif kind == "open":
                code_id = str(next_id)
                next_id += 1
                close = pieces[piece[4]]
                key = self.shared((PAIR, code_id))
                codes[key] = self.shared(InlineCode(PAIR, code_id, piece[3], text[start:end], text[close[1]:close[2]]))
                spans[key] = (start, end)
                parts.append(f'<g id="{code_id}">')
            elif kind == "close":
                parts.append("</g>")
            else:
                code_id = str(next_id)
                next_id += 1
                key = self.shared((STANDALONE, code_id))
                codes[key] = self.shared(InlineCode(STANDALONE, code_id, piece[3] or "x", text[start:end]))
                spans[key] = (start, end)
                parts.append(f'<x id="{code_id}"/>')
        if not words:
            return None
        place = Place(pieces[0][1], pieces[-1][2], self.syntax.escape, None)
        return Item("".join(parts), codes, place, owner, spans or None)


def escape(text: str) -> str:
    """``&``, ``<``, ``>`` as references (``xmltext.escape``'s result, faster on many short texts)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") if text else text


def _outside_codes(tagged: str) -> str:
    return _STANDALONE_TAG.sub("", tagged)


def _paired(pieces: list[list]) -> list[list]:
    """Pieces with each ``open`` linked to its ``close`` (index in ``[4]``); tags without a partner become
    ``lone`` standalone pieces."""
    pieces = [list(p) for p in pieces]
    stack: list[int] = []
    for k, piece in enumerate(pieces):
        if piece[0] == "open":
            stack.append(k)
        elif piece[0] == "close":
            found = next((n for n in range(len(stack) - 1, max(-1, len(stack) - 513), -1)
                          if pieces[stack[n]][3] == piece[3]), None)  # (512 down at most: linear)
            if found is None:
                piece[0] = "lone"
                continue
            for left in stack[found + 1:]:
                pieces[left][0] = "lone"
            pieces[stack[found]][4] = k
            del stack[found:]
    for left in stack:
        pieces[left][0] = "lone"
    return pieces


def _trimmed(text: str, pieces: list[list]) -> list[list]:
    """Without leading and trailing blank text, comments, ``<br>``, lone tags and elements around the whole
segment (pair links renumbered)."""
    def droppable(piece: list) -> bool:
        kind = piece[0]
        if kind == "text":
            return not text[piece[1]:piece[2]].strip()
        return kind in ("other", "lone") or (kind == "void" and piece[3] in _TRIM_NAMES)

    lo, hi = 0, len(pieces)
    while True:
        while lo < hi and droppable(pieces[lo]):
            lo += 1
        while hi > lo and droppable(pieces[hi - 1]):
            hi -= 1
        if hi - lo >= 2 and pieces[lo][0] == "open" and pieces[lo][4] == hi - 1:
            lo, hi = lo + 1, hi - 1  # an element around the whole segment (<li><a>Home</a>) stays outside it
            continue
        break
    kept = [list(p) for p in pieces[lo:hi]]
    for piece in kept:
        if piece[0] == "open":
            piece[4] -= lo
    if kept and kept[0][0] == "text":
        raw = text[kept[0][1]:kept[0][2]]
        kept[0][1] += len(raw) - len(raw.lstrip())
    if kept and kept[-1][0] == "text":
        raw = text[kept[-1][1]:kept[-1][2]]
        kept[-1][2] -= len(raw) - len(raw.rstrip())
    return kept
