"""What the XML readers and writers share: the parsed document with the byte span of every element, the
rule of which units are translatable, and the splicing of new targets into the original bytes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from tagmt.atomic import write_atomic
from tagmt.corpus.spans import SpanIndex, splice
from tagmt.errors import TagmtError
from tagmt.safexml import parse_bytes

_WRITABLE = ("utf-8", "utf8", "us-ascii", "ascii")
_QNAME = re.compile(rb"<([^\s/>]+)")


@dataclass
class XmlFile:
    """One parsed XML input: its bytes, its tree and the spans of its elements."""

    path: Path
    data: bytes
    tree: etree._ElementTree
    index: SpanIndex

    @classmethod
    def parse(cls, path: Path, data: bytes, what: str, tree: etree._ElementTree | None = None) -> "XmlFile":
        """Parse ``data`` safely (or take the already parsed ``tree``) and locate its elements. Only UTF-8
        (and ASCII) files are read, so that new targets can be spliced into the original bytes."""
        tree = tree if tree is not None else parse_bytes(data, path, what)
        encoding = (tree.docinfo.encoding or "UTF-8").lower()
        if encoding not in _WRITABLE or data.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise TagmtError(
                f"{path}: {what} in {tree.docinfo.encoding or 'UTF-16'}: tagmt reads and writes XML in UTF-8; "
                f"convert it (e.g. iconv -t UTF-8) and change the encoding in its declaration"
            )
        return cls(path, data, tree, SpanIndex(data, tree, path))

    @property
    def root(self) -> etree._Element:
        return self.tree.getroot()

    def line(self, element: etree._Element) -> str:
        """``path:line`` of an element, for messages."""
        return f"{self.path}:{element.sourceline}" if element.sourceline else str(self.path)

    def encode(self, text: str) -> bytes:
        """Text to splice into this file: UTF-8, or character references where the file is ASCII."""
        encoding = (self.tree.docinfo.encoding or "UTF-8").lower()
        if encoding in ("us-ascii", "ascii"):
            return text.encode("ascii", "xmlcharrefreplace")
        return text.encode("utf-8")

    def renamed_tag(self, element: etree._Element, local: str) -> str:
        """The qualified name ``element`` is written with, with its local part replaced by ``local`` (so a
        new ``target`` gets the prefix its ``source`` has)."""
        qname = _QNAME.match(self.index.start_tag(element)).group(1).decode("utf-8")  # type: ignore[union-attr]
        prefix = qname[: qname.index(":") + 1] if ":" in qname else ""
        return prefix + local

    def indent_before(self, element: etree._Element) -> bytes:
        """The whitespace right before ``element``'s start tag (its indentation), or ``b""``."""
        start = self.index[element].start
        k = start
        while k > 0 and self.data[k - 1:k] in (b" ", b"\t", b"\n", b"\r"):
            k -= 1
        return self.data[k:start]

    def write(self, output: str | Path, edits: list[tuple[int, int, bytes]]) -> Path:
        """The original bytes with ``edits`` spliced in, written atomically to ``output``."""
        return write_atomic(output, [splice(self.data, edits).decode("utf-8")])


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
