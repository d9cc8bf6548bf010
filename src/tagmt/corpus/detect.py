"""Which format a file is in, from its content: XLIFF 1.2, XLIFF 2.x, TMX, or a tagged line file
(:func:`detect`, which ``tagmt.corpus.read_corpus`` asks).

A file is XML when it starts (after a byte-order mark and blank space) with an XML declaration or an
``<xliff``/``<tmx`` root, or with comments followed by one of those (or by an ``xliff``/``tmx`` DOCTYPE);
then the registered XML format that recognises its root element and version is it
(``tagmt.corpus.formats``). Anything else is the text format registered as the fallback, the line file — a
tagged line may well start with ``<g id="1">`` or ``<!-- note -->``, so a leading ``<`` or comment alone
decides nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from tagmt.corpus.formats import FormatNames, file_formats
from tagmt.errors import TagmtError
from tagmt.safexml import XmlStream, local_name, namespace

#: What ``--format`` accepts besides ``auto`` (``FORMATS``, read from the registry when asked), and how messages
#: name each.
FORMAT_NAMES = FormatNames()


def __getattr__(name: str) -> tuple[str, ...]:
    if name == "FORMATS":  # (the reader modules register after this module is imported)
        return tuple(file_formats())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

XLIFF12_NS = "urn:oasis:names:tc:xliff:document:1.2"
XLIFF2_NS = "urn:oasis:names:tc:xliff:document:2.0"
#: XLIFF 1.0 and 1.1 share 1.2's unit model (trans-unit, source, target, the same inline codes); 1.0 has
#: no namespace of its own (TYPO3's label files), 1.1 and 1.2 each have one.
XLIFF1_NAMESPACES = ("urn:oasis:names:tc:xliff:document:1.0", "urn:oasis:names:tc:xliff:document:1.1", XLIFF12_NS)
XLIFF1_VERSIONS = ("1.0", "1.1", "1.2")
#: 2.0 and 2.1 use the 2.0 namespace; 2.2 has its own.
XLIFF2_NAMESPACES = (XLIFF2_NS, "urn:oasis:names:tc:xliff:document:2.2")
_XLIFF_ROOT = re.compile(rb"<(?:[\w.-]+:)?xliff[\s>/]")
_XML_START = re.compile(rb"^(?:\xef\xbb\xbf)?\s*(?:<\?xml[\s?]|<(?:\w+:)?(?:xliff|tmx)[\s>/])")
#: What may follow leading comments for the file to be XML: a declaration, the DOCTYPE or the root of a corpus.
_AFTER_COMMENTS = re.compile(
    rb"\s*(?:<\?xml[\s?]|<!DOCTYPE\s+(?:\w+:)?(?:xliff|tmx)[\s>\[]|<(?:\w+:)?(?:xliff|tmx)[\s>/])"
)
#: How much of a file's start is read to decide (leading comments included).
PREFIX = 65536


class NotACorpus(TagmtError):
    """An XML document whose root element is no format tagmt reads as a corpus (a caller that reads whole
    documents too may say more)."""


def looks_like_xml(data: bytes) -> bool:
    """Whether ``data`` starts as XML: a UTF-16 byte-order mark, an XML declaration, an ``<xliff``/``<tmx``
    root, or comments followed by one of those. A line file's first segment may start with a comment
    (``<!-- note --> Text``): a leading comment alone decides nothing."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = data[:PREFIX]
    if _XML_START.match(head) is not None:
        return True
    pos = len(head) - len(head.removeprefix(b"\xef\xbb\xbf").lstrip())
    if not head.startswith(b"<!--", pos):
        return False
    while head.startswith(b"<!--", pos):
        end = head.find(b"-->", pos + 4)
        if end < 0:
            return False  # not closed in the prefix: no corpus starts so (``--format`` forces XML)
        pos = end + 3
        while pos < len(head) and head[pos : pos + 1].isspace():
            pos += 1
    return _AFTER_COMMENTS.match(head, pos) is not None


def looks_like_xliff(data: bytes) -> bool:
    """Whether ``data`` looks like XML whose root element is ``xliff`` (a quick look, no parse)."""
    return looks_like_xml(data) and _XLIFF_ROOT.search(data[:65536]) is not None


def xml_format(tree: etree._ElementTree, path: str | Path) -> str:
    """The XML format (``xliff12``, ``xliff2``, ``tmx``) that recognises the root element; anything else is
    one clear line."""
    root = tree.getroot()
    name, ns, version = local_name(root), namespace(root), (root.get("version") or "").strip()
    where = f"{path}:{root.sourceline}"
    xml_formats = [fmt for fmt in file_formats().values() if fmt.xml]
    for fmt in xml_formats:
        if fmt.recognises is not None and fmt.recognises(name, ns, version):
            return fmt.name
    if name == "xliff":
        found = f"version {version!r}" if version else "no version"
        raise TagmtError(
            f"{where}: XLIFF with {found} in namespace {ns!r}: tagmt reads XLIFF 1.0/1.1/1.2 (namespace "
            f"{XLIFF12_NS}, its 1.0/1.1 forms, or none) and XLIFF 2.0/2.1 ({XLIFF2_NS}) and 2.2 "
            f"({XLIFF2_NAMESPACES[1]})"
        )
    displays = [fmt.display for fmt in xml_formats]
    fallback = next(fmt for fmt in file_formats().values() if fmt.fallback)
    raise NotACorpus(
        f"{where}: an XML document with root <{name}>: tagmt reads {', '.join(displays[:-1])} and {displays[-1]}; "
        f"for a {fallback.display} (one segment per line) pass --format {fallback.name}"
    )


def sniffed_format(path: Path, data: bytes) -> str | None:
    """The first text format (in ``order``) whose ``sniff`` recognises ``path`` and the start of ``data``."""
    head = data[:PREFIX]
    for fmt in file_formats().values():
        if fmt.sniff is not None and not fmt.xml and fmt.sniff(path, head):
            return fmt.name
    return None


def _has_xml_extension(path: Path) -> bool:
    name = path.name.lower()
    return any(fmt.xml and name.endswith(fmt.extensions) for fmt in file_formats().values() if fmt.extensions)


def detect(path: str | Path, data: bytes, what: str = "an XML file tagmt reads (XLIFF, TMX, DITA, strings.xml…)", *,
           xml: bool | None = None) -> tuple[str, XmlStream | None]:
    """The format of ``data`` (the bytes of ``path``) — the one place that decides it — and, for XML, the
    stream its reader goes on with (only the root element read so far). ``xml``: None decides from the
    content (:func:`looks_like_xml`), True reads the file as XML whatever it starts with (a forced
    format). The root element decides between XML formats (:func:`xml_format`); a document that is not
    well formed is named as such first (``what``: how its errors name the file). Before that, a text format
    that sniffs the file as its own (``InputFormat.sniff``) takes it, and a file whose name ends as an XML
    format's ``extensions`` is read as XML."""
    if xml is None:
        sniffed = sniffed_format(Path(path), data)
        if sniffed is not None:
            return sniffed, None
        xml = looks_like_xml(data) or _has_xml_extension(Path(path))
    if not xml:
        return next(fmt.name for fmt in file_formats().values() if fmt.fallback), None
    stream = XmlStream(data, path, what)
    try:
        return xml_format(stream.root.getroottree(), path), stream  # type: ignore[union-attr]
    except TagmtError:
        stream.drain()
        raise
