"""Inline content of an XML segment (XLIFF 1.2, XLIFF 2.x, TMX) as a tagged string and its original codes.

Each format says, per element, what kind of code it is (:class:`Role`); one walk turns any of them into
the placeholder tags of ``tagmt.corpus.model`` and keeps every code's original bytes for the writers.
Start/end halves (``bpt``/``ept``, ``sc``/``ec``, ``sm``/``em``) found as siblings and properly nested
become one ``<g>`` pair; a half whose partner is elsewhere (or crosses another pair) becomes ``<bx/>`` or
``<ex/>``. Comments and processing instructions inside a segment are not text and are dropped from the
tagged string (their surrounding text is kept). An entity reference that stays unexpanded (declared in an
external DTD, which tagmt never loads: ``&product; is new.``) is never dropped: it becomes a standalone code
``<x id="ent:product"/>`` whose original is the reference itself, so the text sent to translation keeps
its place and the writers put ``&product;`` back byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from lxml import etree

from tagmt.corpus.model import CLOSE, OPEN, PAIR, STANDALONE, InlineCode, placeholder
from tagmt.corpus.spans import SpanIndex, with_content
from tagmt.xmltext import escape
from tagmt.safexml import local_name


@dataclass(frozen=True)
class Role:
    """What one inline element is.

    ``kind``: ``content`` (a code with translatable content: ``g``, ``pc``, ``mrk``), ``standalone``,
    ``open``/``close`` (a half of a pair, matched to its partner by ``pair_key``), ``isolated-open``/
    ``isolated-close`` (a half whose partner is outside the segment by definition). ``id`` is the code's
    id, None to number it (``prefix`` + its position among the unnumbered codes of the segment).
    """

    kind: str
    id: str | None
    pair_key: str | None = None
    prefix: str = "c"


#: A format's rule: the role of an inline element (never called for comments, PIs or entity references).
Classify = Callable[[etree._Element], Role]

#: An entity reference the parser left unexpanded (``&product;``, declared in an external DTD tagmt never
#: loads): a standalone code ``<x id="ent:product"/>`` whose original is ``&product;``, written back as is.
ENTITY_PREFIX = "ent:"
_ENTITY = Role("standalone", None)


class InlineReader:
    """Turns the content of segment elements into tagged strings, with the original bytes of the codes."""

    def __init__(self, index: SpanIndex, classify: Classify) -> None:
        self.index = index
        self.classify = classify
        self._shared: dict = {}  # the many equal codes of a document (``<g id="1">``, ``</g>``) kept once

    def read(self, container: etree._Element) -> tuple[str, dict[tuple[str, str], InlineCode]]:
        """The tagged string of ``container``'s content and its codes keyed by (placeholder, id)."""
        walk = _Walk(self.index, self.classify, self._shared)
        walk.children(container)
        codes = walk.codes
        if codes:  # equal code tables (most segments of a document) shared: nobody changes a segment's codes
            codes = self._shared.setdefault(tuple(codes.items()), codes)  # type: ignore[call-overload]
        return "".join(walk.out), codes


class _Walk:
    def __init__(self, index: SpanIndex, classify: Classify, shared: dict) -> None:
        self.index = index
        self.classify = classify
        self.shared = shared
        self.out: list[str] = []
        self.codes: dict[tuple[str, str], InlineCode] = {}
        self.unnumbered = 0

    def children(self, parent: etree._Element) -> None:
        if parent.text:
            self.out.append(escape(parent.text))
        items = [child for child in parent]
        roles = [self.classify(child) if isinstance(child.tag, str)
                 else _ENTITY if isinstance(child, etree._Entity) else None for child in items]
        partner = _pair_halves(roles)
        closes = {close: opening for opening, close in partner.items()}
        for k, (child, role) in enumerate(zip(items, roles)):
            if role is not None:
                if k in closes:
                    self.out.append("</g>")
                else:
                    self._code(k, child, role, items, partner)
            if child.tail:
                self.out.append(escape(child.tail))

    def _code(self, k: int, child: etree._Element, role: Role, items: list, partner: dict[int, int]) -> None:
        index = self.index
        if role is _ENTITY:  # &name; as the file has it: no span of its own, its text is its original
            code = self._add(STANDALONE, Role("standalone", f"{ENTITY_PREFIX}{child.name}"), child, child.text)
            self.out.append(placeholder(STANDALONE, code.id))
        elif role.kind == "content":
            code = self._add(PAIR, role, child, *_content_tags(index, child))
            self.out.append(placeholder(PAIR, code.id))
            self.children(child)
            self.out.append("</g>")
        elif role.kind == "open" and k in partner:
            closing = items[partner[k]]
            code = self._add(PAIR, role, child, index.text(index.outer(child)), index.text(index.outer(closing)))
            self.out.append(placeholder(PAIR, code.id))
        else:
            kind = {"standalone": STANDALONE, "open": OPEN, "isolated-open": OPEN}.get(role.kind, CLOSE)
            code = self._add(kind, role, child, index.text(index.outer(child)))
            self.out.append(placeholder(kind, code.id))

    def _add(self, kind: str, role: Role, element: etree._Element, open_xml: str, close_xml: str = "") -> InlineCode:
        code_id = role.id
        if code_id is None:
            self.unnumbered += 1
            code_id = f"{role.prefix}{self.unnumbered}"
        unique, n = code_id, 1
        while (kind, unique) in self.codes:  # a repeated id (invalid, but seen): keep the codes apart
            n += 1
            unique = f"{code_id}~{n}"
        name = local_name(element) if isinstance(element.tag, str) else "entity"
        code = InlineCode(kind, unique, name, open_xml, close_xml)
        code = self.shared.setdefault(code, code)  # equal codes of the document kept once
        self.codes[self.shared.setdefault(code.key, code.key)] = code
        return code


def _pair_halves(roles: list[Role | None]) -> dict[int, int]:
    """Opening half → closing half, for halves that are siblings and nest properly with each other."""
    partner: dict[int, int] = {}
    waiting: list[int] = []
    for k, role in enumerate(roles):
        if role is None:
            continue
        if role.kind == "open":
            waiting.append(k)
        elif role.kind == "close":
            match = next((j for j in reversed(waiting) if roles[j].pair_key == role.pair_key), None)  # type: ignore[union-attr]
            if match is None:
                continue
            if match == waiting[-1]:
                partner[match] = k
            waiting.remove(match)  # a pair that crosses another one stays two halves
    return partner


def _content_tags(index: SpanIndex, element: etree._Element) -> tuple[str, str]:
    """The start and end tag of a code with content; ``<g id="1"/>`` gives ``<g id="1">`` and ``</g>``."""
    if index[element].empty:
        whole = index.text(with_content(index.start_tag(element), b""))
        end = whole.rindex("</")
        return whole[:end], whole[end:]
    return index.text(index.start_tag(element)), index.text(index.end_tag(element))
