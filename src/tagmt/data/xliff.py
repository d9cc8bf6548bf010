"""Load one SAP XLIFF 1.2 document into objects: units, segments matched by ``mid``, inline codes.

Every file goes through tagmt's one safe lxml parser (``tagmt.safexml``): no network, no DTD loading,
no entity substitution, no huge trees, and a DOCTYPE refused outright.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Union

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.safeio import MAX_DOCUMENT_BYTES
from tagmt.safexml import PARSER, parse_bytes

XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
_X = "{" + XLIFF_NS + "}"

__all__ = ["PARSER", "Document", "Unit", "SapSegment", "Placeholder", "PairedCode", "IsolatedCode", "Protected",
           "SapCode", "load_document", "parse_xliff"]


@dataclass(frozen=True)
class Placeholder:
    """An ``<x/>``-like code (XLIFF ``ph``): one self-contained piece of DITA markup."""

    id: str
    xid: str | None
    markup: str

    @property
    def locked(self) -> bool:
        """SDL marks locked references with an id containing ``locked``; ``xid`` names the locked unit."""
        return "locked" in self.id


@dataclass(frozen=True)
class PairedCode:
    """A ``bpt``…``ept`` pair: the DITA start and end tags around ``children``."""

    id: str
    xid: str | None
    start: str
    end: str
    children: list[Content] = field(default_factory=list)

    @property
    def markup(self) -> str:
        return self.start + self.end


@dataclass(frozen=True)
class IsolatedCode:
    """An ``it`` code: a start or end tag whose partner lies outside the segment."""

    id: str
    xid: str | None
    markup: str
    pos: str


@dataclass(frozen=True)
class Protected:
    """A ``<mrk mtype="protected">`` span: content the translator must leave as it is."""

    children: list[Content] = field(default_factory=list)
    id: str | None = None
    xid: str | None = None
    markup: str = ""


SapCode = Union[Placeholder, PairedCode, IsolatedCode, Protected]
Content = Union[str, SapCode]


@dataclass(frozen=True)
class SapSegment:
    """One ``<mrk mtype="seg">``: the unit of translation, matched across sides by ``mid``."""

    mid: str
    content: list[Content]


@dataclass(frozen=True)
class Unit:
    """One ``trans-unit``. ``context`` is the enclosing context-group's element type (``title``, …)."""

    id: str
    translate: bool
    context: str | None
    source_segments: list[SapSegment]
    target_segments: list[SapSegment]


@dataclass(frozen=True)
class Document:
    """One ``documents/<id>.xlf`` file; ``id`` is the file's number."""

    id: int
    path: Path
    source_lang: str
    target_lang: str
    units: list[Unit]

    def segment_pairs(self) -> Iterator[tuple[Unit, SapSegment, SapSegment]]:
        """The translatable (source, target) segment pairs in document order."""
        for unit in self.units:
            if unit.translate:
                yield from ((unit, s, t) for s, t in zip(unit.source_segments, unit.target_segments))


#: A document's file name: a plain number as upstream writes them — ASCII digits, no sign, no leading
#: zero. Python's ``int`` also reads ``0192``, ``+192`` and ``١٩٢`` as 192; allowing them would let two
#: files claim one id and one silently replace the other.
DOCUMENT_NAME = re.compile(r"(?:0|[1-9][0-9]*)\.xlf")


def document_id(path: Path) -> int:
    """The numeric id of ``documents/<id>.xlf``; other names are not part of a data set."""
    if not DOCUMENT_NAME.fullmatch(path.name):
        raise TagmtError(
            f"{path}: document file names must be plain numbers like 191.xlf "
            "(ASCII digits, no sign, no leading zero); rename the file"
        )
    return int(path.stem)


def parse_xliff(path: str | Path) -> etree._ElementTree:
    """Parse ``path`` with the safe parser; one-line TagmtError (file, line, what) on any problem."""
    from tagmt.corpus.files import read_bytes

    path = Path(path)
    tree = parse_bytes(read_bytes(path, what="XLIFF document", limit=MAX_DOCUMENT_BYTES), path, "XLIFF 1.2")
    root = tree.getroot()
    if root.tag != _X + "xliff":
        raise TagmtError(
            f"{path}:{root.sourceline}: root element is {root.tag!r}, expected <xliff> in namespace {XLIFF_NS}"
        )
    return tree


def load_document(path: str | Path) -> Document:
    """Parse one XLIFF file into a Document (validates that segments match by ``mid``)."""
    return build_document(parse_xliff(path), Path(path))


def build_document(tree: etree._ElementTree, path: Path) -> Document:
    """Build the object model from an already parsed tree (see ``parse_xliff``)."""
    file_el = tree.getroot().find(_X + "file")
    if file_el is None:
        raise TagmtError(f"{path}: no <file> element in the XLIFF document")
    units = [_unit(tu, path) for tu in tree.getroot().iter(_X + "trans-unit")]
    return Document(
        id=document_id(path),
        path=path,
        source_lang=file_el.get("source-language", ""),
        target_lang=file_el.get("target-language", ""),
        units=units,
    )


def segment_mids(tree: etree._ElementTree, path: Path) -> list[str]:
    """The ``mid`` of every translatable segment in document order, checked as ``build_document`` does
    but without building objects (the views need only this)."""
    mids: list[str] = []
    for tu in tree.getroot().iter(_X + "trans-unit"):
        if tu.get("translate") != "no":
            mids.extend(_matched_mids(tu, path))
    return mids


def _matched_mids(tu: etree._Element, path: Path) -> list[str]:
    src_mids = _mids(tu.find(_X + "seg-source"))
    trg_mids = _mids(tu.find(_X + "target"))
    if src_mids != trg_mids:
        raise TagmtError(
            f"{path}:{tu.sourceline}: trans-unit {tu.get('id')!r} has seg-source segments "
            f"{src_mids} but target segments {trg_mids}; they must match by mid"
        )
    return src_mids


def _mids(container: etree._Element | None) -> list[str]:
    if container is None:
        return []
    return [m.get("mid", "") for m in container.iterchildren(_X + "mrk") if m.get("mtype") == "seg"]


def _context(tu: etree._Element) -> str | None:
    group = tu.getparent()
    while group is not None and group.tag == _X + "group":
        ctx = group.find(f"{_X}context-group/{_X}context[@context-type='element']")
        if ctx is not None and ctx.text:
            return ctx.text.strip()
        group = group.getparent()
    return None


def _segments(container: etree._Element | None) -> list[SapSegment]:
    if container is None:
        return []
    return [
        SapSegment(mrk.get("mid", ""), _content(mrk))
        for mrk in container.iterchildren(_X + "mrk")
        if mrk.get("mtype") == "seg"
    ]


def _unit(tu: etree._Element, path: Path) -> Unit:
    translate = tu.get("translate") != "no"
    source: list[SapSegment] = []
    target: list[SapSegment] = []
    if translate:
        _matched_mids(tu, path)
        source = _segments(tu.find(_X + "seg-source"))
        target = _segments(tu.find(_X + "target"))
    return Unit(tu.get("id", ""), translate, _context(tu), source, target)


def _text(el: etree._Element) -> str:
    return "".join(el.itertext())


def _content(el: etree._Element) -> list[Content]:
    """Children of ``el`` as text and inline codes; ``bpt``…``ept`` siblings become one PairedCode."""
    out: list[Content] = []
    stack: list[tuple[etree._Element, list[Content]]] = []
    current = out

    def add_text(text: str | None) -> None:
        if text:
            current.append(text)

    add_text(el.text)
    for child in el:
        tag = child.tag if isinstance(child.tag, str) else ""
        if tag == _X + "ph":
            current.append(Placeholder(child.get("id", ""), child.get("xid"), _text(child)))
        elif tag == _X + "bpt":
            stack.append((child, current))
            current = []
        elif tag == _X + "ept":
            if stack and stack[-1][0].get("id") == child.get("id"):
                bpt, parent = stack.pop()
                parent.append(
                    PairedCode(bpt.get("id", ""), bpt.get("xid"), _text(bpt), _text(child), current)
                )
                current = parent
            else:
                current.append(IsolatedCode(child.get("id", ""), child.get("xid"), _text(child), "close"))
        elif tag == _X + "it":
            current.append(
                IsolatedCode(child.get("id", ""), child.get("xid"), _text(child), child.get("pos", ""))
            )
        elif tag == _X + "mrk" and child.get("mtype") == "protected":
            current.append(Protected(_content(child)))
        elif tag == _X + "mrk":
            current.extend(_content(child))  # SDL location marks and the like carry no markup
        add_text(child.tail)
    while stack:  # a bpt without its ept: keep it as an isolated opening code
        bpt, parent = stack.pop()
        parent.append(IsolatedCode(bpt.get("id", ""), bpt.get("xid"), _text(bpt), "open"))
        parent.extend(current)
        current = parent
    return out
