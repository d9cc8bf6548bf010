"""The one safe way tagmt parses untrusted XML (XLIFF 1.2 / 2.x, TMX, the SAP documents).

One lxml parser: no network, no DTD loading, no entity substitution, no huge trees. A document whose
DOCTYPE declares anything (an internal subset: entities, elements, attribute lists) is refused outright —
none of the formats tagmt reads needs one, and refusing it is what keeps external entities (XXE) and
entity-expansion bombs out. A DOCTYPE that only names its DTD (`<!DOCTYPE tmx SYSTEM "tmx14.dtd">`, as
CAT tools write TMX and XLIFF 1.1 files) is read: the DTD is never loaded (no file, no network), so it can
bring nothing in. Every problem is one line naming the file (and the line when known).
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from tagmt.errors import TagmtError
from tagmt.filekinds import wide_encoding
from tagmt.safeio import check_xml_encoding

PARSER = etree.XMLParser(
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    dtd_validation=False,
    huge_tree=False,
    remove_blank_text=False,
)

#: What a caller may ask of ``parser`` beyond the safe settings: none of these loads anything or lifts a limit.
PARSER_OPTIONS = ("remove_comments", "remove_pis", "recover", "remove_blank_text", "strip_cdata")


def parser(**options: bool) -> etree.XMLParser:
    """A new parser with ``PARSER``'s safe settings (no network, no DTD, no entity substitution, no huge
    trees) and ``options`` from ``PARSER_OPTIONS`` (``remove_comments=True``, ``recover=True`` …): for
    text that is parsed as a fragment (metrics' segments and documents), where ``parse_bytes``'s file
    checks do not apply. A new one per call, as lxml parsers are not shared between threads."""
    unsafe = sorted(set(options) - set(PARSER_OPTIONS))
    if unsafe:
        raise ValueError(f"safexml.parser does not take {', '.join(unsafe)} (they would load or expand input)")
    settings = dict(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False, huge_tree=False)
    return etree.XMLParser(**settings, **options)


#: libxml2's nesting limit, which tagmt keeps (``huge_tree=False``): deeper documents are refused
MAX_DEPTH = 256


DEPTH_REFUSAL = f"elements nested more than {MAX_DEPTH} levels deep: tagmt reads at most {MAX_DEPTH} levels"


def too_deep(error: object) -> bool:
    """Whether a parse error (an ``XMLSyntaxError`` or a log entry's message) is libxml2's depth limit."""
    return "Excessive depth in document" in str(getattr(error, "msg", None) or error)


#: libxml2's size limits that ``huge_tree=False`` keeps (a text node, a name, an attribute value, a comment…)
SIZE_REFUSAL = ("a text, name, attribute value, comment or CDATA section longer than libxml2's limit "
                "(10,000,000 bytes), which tagmt keeps; shorten or split it")
_SIZE_LIMIT = re.compile(r"Resource limit exceeded|too big found|huge input lookup|too long", re.IGNORECASE)


def syntax_problem(exc: etree.XMLSyntaxError) -> str:
    """A parse error in words, on one line: libxml2's depth and size limits as the limits they are (not as
    malformed XML, nor with its advice of a parser option tagmt does not offer: ``try XML_PARSE_HUGE``),
    anything else as malformed XML (libxml2's own line breaks inside a message joined)."""
    if too_deep(exc):
        return DEPTH_REFUSAL
    message = " ".join(str(exc.msg or exc).split())
    if _SIZE_LIMIT.search(message):
        return SIZE_REFUSAL
    return f"malformed XML: {message}"


# The root element's start tag: the first "<" followed by a name character (not "?", "!" or "/").
_ROOT_START = re.compile(rb"<[A-Za-z_:\x80-\xff]")


# A DOCTYPE that only names its DTD (no internal subset): `<!DOCTYPE name>`, `SYSTEM "uri"`, `PUBLIC "id" "uri"`.
_NAMING_DOCTYPE = re.compile(
    rb"""<!DOCTYPE\s+[A-Za-z_:][-\w.:]*(?:\s+(?:SYSTEM\s+(?:"[^"]*"|'[^']*')|"""
    rb"""PUBLIC\s+(?:"[^"]*"|'[^']*')\s+(?:"[^"]*"|'[^']*')))?\s*>""")


def _check_prolog(data: bytes, path: str | Path, what: str) -> None:
    """Refuse a document whose prolog declares entities or a DOCTYPE with an internal subset, and one in UTF-32
    (which XML processors need not read, and libxml2 does not: named, not "Start tag expected")."""
    found = wide_encoding(data)
    if found is not None and found[0].startswith("utf-32"):
        raise TagmtError(f"{path}: an XML file in UTF-32; XML is read in UTF-8 or UTF-16: convert it "
                         "(iconv -f UTF-32 -t UTF-8 FILE, and declare encoding=\"UTF-8\")")
    root = _ROOT_START.search(data)
    prolog = data[: root.start()] if root else data[:4096]
    if b"<!ENTITY" in prolog or b"<!DOCTYPE" in _NAMING_DOCTYPE.sub(b"", prolog, count=1):
        refuse_doctype(path, what)


def _declares(tree: etree._ElementTree) -> bool:
    """Whether the document's DOCTYPE declares anything or is other than one that names its DTD (the
    prolog check's twin on the parsed tree, for encodings that check cannot read, e.g. UTF-16)."""
    doctype = tree.docinfo.doctype
    if not doctype:
        return tree.docinfo.internalDTD is not None
    dtd = tree.docinfo.internalDTD
    declared = dtd is not None and (any(True for _ in dtd.iterentities()) or any(True for _ in dtd.elements()))
    return declared or _NAMING_DOCTYPE.fullmatch(doctype.encode("utf-8")) is None


def parse_bytes(data: bytes, path: str | Path, what: str = "the file") -> etree._ElementTree:
    """Parse ``data`` (the bytes of ``path``) with the safe parser; one-line TagmtError on any problem
    (bytes that contradict the declared encoding too: ``safeio.check_xml_encoding``).

    ``what`` names the kind of document in the DOCTYPE refusal (``XLIFF 1.2``, ``TMX``).
    """
    _check_prolog(data, path, what)
    check_xml_encoding(data, path)
    try:
        tree = etree.fromstring(data, PARSER, base_url=str(path)).getroottree()
    except etree.XMLSyntaxError as exc:
        line = f":{exc.lineno}" if exc.lineno else ""
        raise TagmtError(f"{path}{line}: {syntax_problem(exc)}") from None
    if _declares(tree):  # e.g. a UTF-16 file
        refuse_doctype(path, what)
    return tree


#: bytes fed to the pull parser at a time: each feed builds the tree of its bytes (about 14 times their
#: size) before the reader can free any of it
_CHUNK = 1 << 16


class XmlStream:
    """A safe parse of ``data`` (the bytes of ``path``) as a stream of ``("start" | "end", element)``
    events, so that a reader can handle one part of the document at a time and free it (``clear``): the
    whole tree is never held unless the reader keeps it (:meth:`tree`). The same checks and one-line errors
    as :func:`parse_bytes`; ``root`` is available after the first event."""

    def __init__(self, data: bytes, path: str | Path, what: str = "the file") -> None:
        _check_prolog(data, path, what)
        check_xml_encoding(data, path)
        self.data, self.path, self.what = data, path, what
        self.root: etree._Element | None = None
        self._events = self._run()
        self._first: tuple[str, etree._Element] | None = None
        try:
            self._first = next(self._events)
        except StopIteration:  # pragma: no cover - a document has a root element or a syntax error
            pass
        self.root = self._first[1] if self._first else None

    def _run(self):
        parser = etree.XMLPullParser(events=("start", "end"), base_url=str(self.path), resolve_entities=False,
                                     no_network=True, load_dtd=False, dtd_validation=False, huge_tree=False,
                                     remove_blank_text=False)
        checked = False
        try:
            for at in range(0, len(self.data), _CHUNK):
                parser.feed(self.data[at:at + _CHUNK])
                for event in parser.read_events():
                    if not checked:
                        self._check_doctype(event[1].getroottree())
                        checked = True
                    yield event
            parser.close()
            for event in parser.read_events():  # pragma: no cover - close() reports nothing new
                yield event
        except etree.XMLSyntaxError as exc:
            # The pull parser words some errors differently (an undefined entity reads as "no element
            # found"): the one-shot parser gives the message every other reader gives.
            parse_bytes(self.data, self.path, self.what)
            line = f":{exc.lineno}" if exc.lineno else ""  # pragma: no cover - both parsers reject the same
            raise TagmtError(f"{self.path}{line}: {syntax_problem(exc)}") from None

    def _check_doctype(self, tree: etree._ElementTree) -> None:
        if _declares(tree):
            refuse_doctype(self.path, self.what)

    def __iter__(self):
        if self._first is not None:
            first, self._first = self._first, None
            yield first
        yield from self._events

    def drain(self) -> None:
        """Read the rest of the document (a syntax error there is raised)."""
        for _ in self:
            pass

    def tree(self) -> etree._ElementTree:
        """The whole document's tree (read to its end)."""
        self.drain()
        return self.root.getroottree()  # type: ignore[union-attr]


def refuse_doctype(path: str | Path, what: str = "the file") -> None:
    raise TagmtError(
        f"{path}: declares a DOCTYPE with declarations of its own (external entities or an entity bomb could "
        f"hide there); {what} needs none, so the file is refused"
    )


def local_name(element: etree._Element) -> str:
    """The element's name without its namespace (``""`` for comments and processing instructions)."""
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


def namespace(element: etree._Element) -> str | None:
    """The element's namespace URI, or None."""
    tag = element.tag
    if isinstance(tag, str) and tag.startswith("{"):
        return tag[1:].split("}", 1)[0]
    return None
