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

    def __init__(self, data: bytes, tree: etree._ElementTree, path: str | Path) -> None:
        self.data = data
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


def set_attribute(start_tag: bytes, name: str, value: str) -> bytes:
    """``start_tag`` with attribute ``name`` set to ``value`` (replaced in place, else added at the end);
    nothing else in the tag changes."""
    from tagmt.corpus.xmltext import escape_attribute

    encoded = escape_attribute(value).encode("utf-8")
    existing = re.compile(rb"(\s" + re.escape(name.encode()) + rb"\s*=\s*)(\"[^\"]*\"|'[^']*')")
    match = existing.search(start_tag)
    if match:
        quote = match.group(2)[:1]
        quoted = quote + (encoded if quote == b'"' else encoded.replace(b"'", b"&apos;")) + quote
        return start_tag[:match.start(2)] + quoted + start_tag[match.end(2):]
    close = len(start_tag) - (2 if start_tag.endswith(b"/>") else 1)
    while close > 0 and start_tag[close - 1:close].isspace():
        close -= 1
    return start_tag[:close] + b" " + name.encode() + b'="' + encoded + b'"' + start_tag[close:]


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
