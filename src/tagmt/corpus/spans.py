"""Where each element of an XML document sits in its bytes, so that writers can splice new targets into the
original bytes and leave everything else byte for byte as it was.

lxml gives the document's structure but no byte offsets, and re-serializing with it changes bytes (quote
style, character references, CDATA, the declaration). pyexpat reports the byte index of every start and
end tag (``CurrentByteIndex``); the ends of the tags are found by a small scanner that knows quoted
attribute values. Both parsers see the same elements in the same document order, so the k-th element of
``root.iter()`` has the k-th span.
"""

from __future__ import annotations

import re
import xml.parsers.expat
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from tagmt.errors import TagmtError

# A start tag (or empty-element tag) from its "<": the name, attributes with quoted values, "/>" or ">".
_START_TAG = re.compile(rb"<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*\s*/?>")
_END_TAG = re.compile(rb"</[^\s>]+\s*>")
_NAME = re.compile(rb"<([^\s/>]+)")


@dataclass(frozen=True, slots=True)
class Span:
    """Byte offsets of one element: ``[start, inner_start)`` is its start tag, ``[inner_start, inner_end)``
    its content and ``[inner_end, end)`` its end tag (empty for ``<x/>``, where inner_start == inner_end)."""

    start: int
    inner_start: int
    inner_end: int
    end: int

    @property
    def empty(self) -> bool:
        return self.inner_end == self.end


def element_spans(data: bytes, path: str | Path) -> list[Span]:
    """The span of every element of ``data`` in document order (the order of ``root.iter()``).

    ``data`` must already have been parsed by the safe parser (no DOCTYPE, well formed)."""
    spans: list[Span | None] = []
    open_at: list[tuple[int, int, int]] = []  # (index in spans, start, inner_start)
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def start(_name: str, _attrs: dict) -> None:
        at = parser.CurrentByteIndex
        match = _START_TAG.match(data, at)
        if match is None:  # pragma: no cover - expat accepted a tag this scanner does not read
            raise TagmtError(f"{path}: cannot locate the start tag at byte {at}")
        open_at.append((len(spans), at, match.end()))
        spans.append(None)

    def end(_name: str) -> None:
        k, begin, inner = open_at.pop()
        if data[inner - 2:inner] == b"/>":
            spans[k] = Span(begin, inner, inner, inner)
            return
        at = parser.CurrentByteIndex
        match = _END_TAG.match(data, at)
        if match is None:  # pragma: no cover - see above
            raise TagmtError(f"{path}: cannot locate the end tag at byte {at}")
        spans[k] = Span(begin, inner, at, match.end())

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:  # pragma: no cover - lxml accepted the document first
        raise TagmtError(f"{path}:{exc.lineno}: malformed XML: {xml.parsers.expat.errors.messages[exc.code]}") from None
    return spans  # type: ignore[return-value]


class SpanIndex:
    """The span of any element of one parsed document, and its original bytes."""

    def __init__(self, data: bytes, tree: etree._ElementTree, path: str | Path, codec: str = "utf-8") -> None:
        self.data = data
        self.codec = codec
        elements = list(tree.getroot().iter(etree.Element))
        spans = element_spans(data, path)
        if len(elements) != len(spans):  # pragma: no cover - the two parsers disagree
            raise TagmtError(f"{path}: {len(elements)} elements but {len(spans)} tags located")
        # Keeping the element proxies referenced keeps them identical for the lookups below.
        self._spans = dict(zip(elements, spans))

    def __getitem__(self, element: etree._Element) -> Span:
        return self._spans[element]

    def outer(self, element: etree._Element) -> bytes:
        span = self[element]
        return self.data[span.start:span.end]

    def start_tag(self, element: etree._Element) -> bytes:
        span = self[element]
        return self.data[span.start:span.inner_start]

    def end_tag(self, element: etree._Element) -> bytes:
        span = self[element]
        return self.data[span.inner_end:span.end]

    def inner(self, element: etree._Element) -> bytes:
        span = self[element]
        return self.data[span.inner_start:span.inner_end]

    def text(self, data: bytes) -> str:
        """Bytes of this document as text (its own encoding)."""
        return data.decode(self.codec)


_ATTRIBUTE = re.compile(rb"(\s+)([^\s=/>]+)(\s*=\s*)(\"[^\"]*\"|'[^']*')")


@dataclass(frozen=True, slots=True)
class Attribute:
    """One attribute of a start tag, as written: ``[start, end)`` spans its leading blank space, its name
    and its quoted value; ``value`` is the raw value between the quotes (references not read)."""

    name: bytes
    value: bytes
    start: int
    end: int
    value_start: int
    value_end: int


def attributes(start_tag: bytes) -> list[Attribute]:
    """The attributes of ``start_tag`` (``<name a="1" b='2'>`` or ``<name/>``), parsed from left to right so
    that an attribute's value never counts as another attribute (``title=' state="x"'``)."""
    at = _NAME.match(start_tag).end()  # type: ignore[union-attr]
    found = []
    while True:
        match = _ATTRIBUTE.match(start_tag, at)
        if match is None:
            return found
        found.append(Attribute(match.group(2), match.group(4)[1:-1], match.start(), match.end(),
                               match.start(4) + 1, match.end(4) - 1))
        at = match.end()


def get_attribute(start_tag: bytes, name: str) -> bytes | None:
    """The raw value of attribute ``name`` in ``start_tag``, or None."""
    key = name.encode()
    return next((a.value for a in attributes(start_tag) if a.name == key), None)


def set_attribute(start_tag: bytes, name: str, value: str) -> bytes:
    """``start_tag`` with attribute ``name`` set to ``value`` (replaced in place, else added at the end);
    nothing else in the tag changes. ``value`` is ASCII-safe here (tagmt writes codes and states)."""
    from tagmt.corpus.xmltext import escape_attribute

    encoded = escape_attribute(value).encode("utf-8")
    key = name.encode()
    for attribute in attributes(start_tag):
        if attribute.name == key:
            quote = start_tag[attribute.value_start - 1:attribute.value_start]
            if quote == b"'":
                encoded = encoded.replace(b"'", b"&apos;")
            return start_tag[:attribute.value_start] + encoded + start_tag[attribute.value_end:]
    close = len(start_tag) - (2 if start_tag.endswith(b"/>") else 1)
    while close > 0 and start_tag[close - 1:close].isspace():
        close -= 1
    return start_tag[:close] + b" " + key + b'="' + encoded + b'"' + start_tag[close:]


def remove_attribute(start_tag: bytes, name: str) -> bytes:
    """``start_tag`` without attribute ``name`` (with its leading blank space); unchanged when absent."""
    key = name.encode()
    for attribute in attributes(start_tag):
        if attribute.name == key:
            return start_tag[:attribute.start] + start_tag[attribute.end:]
    return start_tag


def with_content(start_tag: bytes, content: bytes) -> bytes:
    """An element from its start tag (``<t a="1">`` or the empty-element ``<t a="1"/>``) and its content."""
    name = _NAME.match(start_tag).group(1)  # type: ignore[union-attr]
    opened = start_tag[:-2].rstrip() + b">" if start_tag.endswith(b"/>") else start_tag
    return opened + content + b"</" + name + b">"


def splice(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """``data`` with each ``(start, end, replacement)`` applied; edits must not overlap."""
    out: list[bytes] = []
    position = 0
    for start, end, replacement in sorted(edits, key=lambda edit: (edit[0], edit[1])):
        if start < position:  # pragma: no cover - a writer bug
            raise ValueError(f"overlapping edits at byte {start}")
        out.append(data[position:start])
        out.append(replacement)
        position = end
    out.append(data[position:])
    return b"".join(out)
