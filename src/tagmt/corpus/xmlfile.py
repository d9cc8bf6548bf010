"""What the XML readers and writers share: the document's bytes with the byte span of every element (its
tree streamed, one part at a time, or parsed whole), the rule of which units are translatable, and the
splicing of new targets into the original bytes.

Files are read and written back in their own encoding: UTF-8, ASCII, or any declared single-byte encoding
(ISO-8859-1, windows-1252, …), where a character the encoding cannot hold is written as a character
reference. Multi-byte encodings other than UTF-8 (UTF-16, Shift_JIS…) are refused in one line: byte
offsets of the spans would need a second decoding pass, and CAT tools write XLIFF in UTF-8 or 8-bit."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from lxml import etree

from tagmt.atomic import write_atomic
from tagmt.corpus.spans import SpanIndex, attributes, element_spans, spliced
from tagmt.xmltext import escape_attribute
from tagmt.errors import TagmtError
from tagmt.safexml import XmlStream, parse_bytes

_QNAME = re.compile(rb"<([^\s/>]+)")


def codec_of(path: Path, declared: str | None, data: bytes, what: str) -> str:
    """The Python codec the file's bytes are in: UTF-8 (the default), or a declared single-byte
    ASCII-compatible encoding; anything else is one line."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or (declared or "").lower().startswith(("utf-16", "utf-32", "ucs")):
        name = declared or "UTF-16"
    else:
        try:
            codec = codecs.lookup(declared or "utf-8").name
        except LookupError:
            codec, name = "", declared or ""
        else:
            name = declared or "UTF-8"
            if codec in ("utf-8", "utf-8-sig", "ascii"):
                return codec
            single_byte = len(bytes(range(256)).decode(codec, errors="replace")) == 256
            if single_byte and "<?xml =\"'/>&;".encode(codec, errors="replace") == b"<?xml =\"'/>&;":
                return codec
    raise TagmtError(
        f"{path}: {what} in {name}: tagmt reads and writes XML in UTF-8 or a single-byte encoding "
        f"(ISO-8859-1, windows-1252…); convert it (e.g. iconv -t UTF-8) and change the encoding in its declaration"
    )


@dataclass
class XmlFile:
    """One XML input: its bytes, the spans of its elements and its encoding; ``tree`` when the whole tree
    was parsed (TMX), None when a reader streams the document (XLIFF: :meth:`streamed`)."""

    path: Path
    data: bytes
    index: SpanIndex
    codec: str = "utf-8"
    tree: etree._ElementTree | None = None

    def __post_init__(self) -> None:
        self._shared: dict = {}

    @classmethod
    def parse(cls, path: Path, data: bytes, what: str, tree: etree._ElementTree | None = None) -> "XmlFile":
        """Parse ``data`` safely (or take the already parsed ``tree``) and locate its elements (UTF-8 and
        single-byte encodings: see the module docstring)."""
        tree = tree if tree is not None else parse_bytes(data, path, what)
        codec = codec_of(path, tree.docinfo.encoding if _declares_encoding(data) else None, data, what)
        return cls(path, data, SpanIndex.of_tree(data, tree, path, codec), codec, tree)

    @classmethod
    def streamed(cls, path: Path, data: bytes, what: str, stream: XmlStream | None = None) -> tuple["XmlFile", XmlStream]:
        """The document and the stream of its parse (``stream``, or a new one), for a reader that handles
        one part at a time: elements are found by number (``index.spans``) or once bound (``index.bind``).
        A syntax error anywhere in the document is named before any other problem."""
        stream = stream if stream is not None else XmlStream(data, path, what)
        try:
            declared = _declared_encoding(data)  # (the pull parser's docinfo has it only once it is closed)
            codec = codec_of(path, declared, data, what)
            spans = element_spans(data, path)
        except TagmtError:
            stream.drain()
            raise
        return cls(path, data, SpanIndex(data, spans, codec), codec), stream

    @classmethod
    def read_streamed(cls, path: Path, data: bytes, what: str, stream: XmlStream | None, read_parts):
        """``read_parts(doc, stream)`` on the streamed document (:meth:`streamed`), a syntax error later in
        the document named before any problem the reader found earlier (the XLIFF readers)."""
        doc, stream = cls.streamed(path, data, what, stream)
        try:
            return read_parts(doc, stream)
        except TagmtError:
            stream.drain()
            raise

    def shared(self, value):
        """``value``, or an equal one already kept (the many equal tags and codes of a document kept once)."""
        return self._shared.setdefault(value, value)

    @property
    def root(self) -> etree._Element:
        if self.tree is None:  # pragma: no cover - a streaming reader's document
            raise ValueError("the document was streamed: no tree is kept")
        return self.tree.getroot()

    def line(self, element: etree._Element) -> str:
        """``path:line`` of an element, for messages."""
        return f"{self.path}:{element.sourceline}" if element.sourceline else str(self.path)

    def encode(self, text: str) -> bytes:
        """Text to splice into this file, in its encoding; a character it cannot hold as a reference."""
        return text.encode(self.codec, "xmlcharrefreplace")

    def target_start(self, source: etree._Element, parent: etree._Element) -> tuple[bytes, bytes]:
        """The start tag (without its closing ``>``) and the end tag of a new ``target`` beside ``source``,
        child of ``parent``: in ``source``'s namespace, with a prefix in scope at ``parent`` (or a default
        namespace declared on it), and with the namespace declarations ``source`` itself carries, which
        the codes copied from it may use."""
        ns = etree.QName(source).namespace
        own = {a.name: a.value for a in attributes(self.index.start_tag(source))
               if a.name == b"xmlns" or a.name.startswith(b"xmlns:")}
        scope = parent.nsmap
        declared: dict[bytes, bytes] = dict(own)
        prefix = next((p for p, uri in scope.items() if p is not None and uri == ns), None) if ns else None
        if prefix is not None and own.get(b"xmlns:" + prefix.encode(), ns.encode()) == ns.encode():  # type: ignore[union-attr]
            name = prefix.encode() + b":target"
        elif scope.get(None) == ns and own.get(b"xmlns", (ns or "").encode()) == (ns or "").encode():
            name = b"target"
        elif b"xmlns" not in own or own[b"xmlns"] == (ns or "").encode():
            name = b"target"
            declared[b"xmlns"] = self.encode(escape_attribute(ns or ""))
        else:  # the source declares another default namespace for its content: a fresh prefix
            n = 0
            while f"xlf{n or ''}".encode() in {p.encode() for p in scope if p} | {k[6:] for k in own}:
                n += 1
            name = f"xlf{n or ''}:target".encode()
            declared[b"xmlns:" + name[:-7]] = self.encode(escape_attribute(ns or ""))
        extra = b"".join(b" " + key + b'="' + value + b'"' for key, value in declared.items())
        return self.shared(b"<" + name + extra), self.shared(b"</" + name + b">")

    def indent_before(self, element: etree._Element | int) -> bytes:
        """The whitespace right before ``element``'s start tag (its indentation), or ``b""``."""
        start = self.index[element].start
        k = start
        while k > 0 and self.data[k - 1:k] in (b" ", b"\t", b"\n", b"\r"):
            k -= 1
        return self.data[k:start]

    def write(self, output: str | Path, edits: list[tuple[int, int, bytes]]) -> Path:
        """The original bytes with ``edits`` spliced in, written atomically to ``output``."""
        return write_atomic(output, spliced(self.data, edits))


_DECLARED = re.compile(rb"^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?\sencoding\s*=\s*([\"'])([A-Za-z][A-Za-z0-9._-]*)\1")


def _declared_encoding(data: bytes) -> str | None:
    """The encoding the XML declaration names, or None."""
    match = _DECLARED.match(data[:1024])
    return match.group(2).decode("ascii") if match else None


def _declares_encoding(data: bytes) -> bool:
    return re.match(rb"^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*\sencoding\s*=", data[:1024]) is not None


def walk_units(doc: XmlFile, stream: XmlStream, q_file: str, q_unit: str,
               on_file: Callable[[etree._Element, int], None], on_unit: Callable[[etree._Element], None]) -> None:
    """The streamed walk of an XLIFF document that both readers make, over the element model they name:
    ``q_file`` and ``q_unit`` are the qualified tags of a top-level ``<file>`` and of a unit (1.x
    ``trans-unit``, 2.x ``unit``). ``on_file(file, k)`` is called at the start of each ``<file>`` child of
    the root (``k``: its number in the document), ``on_unit(unit)`` once the outermost unit of a
    ``<file>`` has been read whole, with its elements bound in ``doc.index``, for it and for each
    (invalid) unit nested in it that is translatable (``translate`` is not "no" on it or an ancestor).
    Every element inside a ``<file>`` is freed once read, so the tree of the whole document never exists.
    A document whose parsers disagree on its elements, or without a ``<file>``, is refused in one line."""
    in_file, files = False, 0
    opened: tuple[etree._Element, int] | None = None  # the outermost open unit
    k, depth = -1, 0
    for event, element in stream:
        if event == "start":
            k += 1
            depth += 1
            if depth == 2 and element.tag == q_file:
                in_file, files = True, files + 1
                on_file(element, k)
            elif opened is None and in_file and element.tag == q_unit:
                opened = (element, k)
            continue
        depth -= 1
        if opened is not None:
            if element is not opened[0]:
                continue
            doc.index.bind(*opened)
            opened = None
            for unit in element.iter(q_unit):  # itself, and any (invalid) unit nested in it
                if inherited(unit, "translate", "yes") != "no":
                    on_unit(unit)
            doc.index.release()
        if depth >= 2:  # inside a <file>: read, freed
            _free(element)
        elif depth == 1:
            in_file = False
    if k + 1 != len(doc.index.spans):  # pragma: no cover - the two parsers disagree: no splice would be right
        raise TagmtError(f"{doc.path}: {k + 1} elements but {len(doc.index.spans)} tags located")
    if not files:
        raise TagmtError(f"{doc.line(stream.root)}: no <file> element in the XLIFF document")


def _free(element: etree._Element) -> None:
    """Free ``element`` (read) and its earlier siblings (read before it)."""
    element.clear(keep_tail=False)
    parent = element.getparent()
    if parent is not None:
        while element.getprevious() is not None:
            del parent[0]


def inherited(element: etree._Element, attribute: str, default: str) -> str:
    """The value of ``attribute`` on ``element`` or its nearest ancestor that has it (``translate``)."""
    node: etree._Element | None = element
    while node is not None:
        value = node.get(attribute)
        if value is not None:
            return value
        node = node.getparent()
    return default


def with_id_prefixes(files: list[etree._Element], id_attribute: str) -> list[str]:
    """The prefix of segment ids per ``<file>``: none for one file, else the file's id (or its number), so
    ids stay unique across files."""
    if len(files) == 1:
        return [""]
    return [f"{f.get(id_attribute) or n + 1}/" for n, f in enumerate(files)]
