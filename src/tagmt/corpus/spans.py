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
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

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


class SpanTable:
    """The spans of every element of a document in document order, four integers each in one flat array
    (16 bytes per element, instead of an object per element)."""

    __slots__ = ("_flat",)

    def __init__(self, size: int) -> None:
        self._flat = array("i" if size < 2**31 else "q")

    def __len__(self) -> int:
        return len(self._flat) // 4

    def __getitem__(self, k: int) -> Span:
        at = 4 * k
        return Span(*self._flat[at:at + 4])


def element_spans(data: bytes, path: str | Path) -> SpanTable:
    """The span of every element of ``data`` in document order (the order of ``root.iter()``).

    ``data`` must be well formed without a DOCTYPE (the safe parser refuses anything else)."""
    table = SpanTable(len(data))
    flat = table._flat
    open_at: list[tuple[int, int, int]] = []  # (index in flat, start, inner_start)
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    start_tag, end_tag = _START_TAG.match, _END_TAG.match

    def start(_name: str, _attrs: dict) -> None:
        at = parser.CurrentByteIndex
        match = start_tag(data, at)
        if match is None:  # pragma: no cover - expat accepted a tag this scanner does not read
            raise TagmtError(f"{path}: cannot locate the start tag at byte {at}")
        open_at.append((len(flat), at, match.end()))
        flat.extend((0, 0, 0, 0))

    def end(_name: str) -> None:
        k, begin, inner = open_at.pop()
        if data[inner - 2:inner] == b"/>":
            flat[k], flat[k + 1], flat[k + 2], flat[k + 3] = begin, inner, inner, inner
            return
        at = parser.CurrentByteIndex
        match = end_tag(data, at)
        if match is None:  # pragma: no cover - see above
            raise TagmtError(f"{path}: cannot locate the end tag at byte {at}")
        flat[k], flat[k + 1], flat[k + 2], flat[k + 3] = begin, inner, at, match.end()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:  # pragma: no cover - lxml accepted the document first
        raise TagmtError(f"{path}:{exc.lineno}: malformed XML: {xml.parsers.expat.errors.messages[exc.code]}") from None
    return table


class SpanIndex:
    """The span of an element of one document, and its original bytes.

    Elements are looked up by their number in document order (``k``), or, once bound (:meth:`bind`), by
    the element itself: a streaming reader binds one part of the document, reads it and releases it, so
    that no element of the whole document is kept."""

    def __init__(self, data: bytes, spans: SpanTable, codec: str = "utf-8") -> None:
        self.data = data
        self.codec = codec
        self.spans = spans
        self._bound: dict[etree._Element, int] = {}

    @classmethod
    def of_tree(cls, data: bytes, tree: etree._ElementTree, path: str | Path, codec: str = "utf-8") -> "SpanIndex":
        """The index of a whole parsed document, every element bound."""
        spans = element_spans(data, path)
        index = cls(data, spans, codec)
        count = index.bind(tree.getroot(), 0)
        if count != len(spans):  # pragma: no cover - the two parsers disagree
            raise TagmtError(f"{path}: {count} elements but {len(spans)} tags located")
        return index

    def bind(self, element: etree._Element, k: int) -> int:
        """Bind ``element`` (the ``k``-th element of the document) and its descendants; their number.
        Keeping the element proxies referenced keeps them identical for the lookups."""
        bound = self._bound
        n = 0
        for n, descendant in enumerate(element.iter(etree.Element), start=1):
            bound[descendant] = k + n - 1
        if k + n > len(self.spans):  # pragma: no cover - the two parsers disagree
            raise TagmtError("the XML parsers disagree on the number of elements")
        return n

    def release(self) -> None:
        """Forget every bound element (their numbers stay valid)."""
        self._bound.clear()

    def number(self, element: etree._Element) -> int:
        return self._bound[element]

    def __getitem__(self, element: "etree._Element | int") -> Span:
        return self.spans[element if isinstance(element, int) else self._bound[element]]

    def outer(self, element: "etree._Element | int") -> bytes:
        span = self[element]
        return self.data[span.start:span.end]

    def start_tag(self, element: "etree._Element | int") -> bytes:
        span = self[element]
        return self.data[span.start:span.inner_start]

    def end_tag(self, element: "etree._Element | int") -> bytes:
        span = self[element]
        return self.data[span.inner_end:span.end]

    def inner(self, element: "etree._Element | int") -> bytes:
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
    from tagmt.xmltext import escape_attribute

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
    return b"".join(spliced(data, edits))


def spliced(data: bytes, edits: list[tuple[int, int, bytes]]) -> Iterator[bytes | memoryview]:
    """The pieces of ``data`` with ``edits`` applied (see :func:`splice`), views of ``data`` where it is
    unchanged: a writer streams them without a second copy of the document."""
    view = memoryview(data)
    position = 0
    edits.sort(key=lambda edit: (edit[0], edit[1]))
    for start, end, replacement in edits:
        if start < position:  # pragma: no cover - a writer bug
            raise ValueError(f"overlapping edits at byte {start}")
        yield view[position:start]
        yield replacement
        position = end
    yield view[position:]
