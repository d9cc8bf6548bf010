"""DITA topics and any XML marked with W3C ITS 2.0 (``its`` format): every XML document whose root no other
format recognises (XLIFF, TMX, XHTML and the resource formats keep theirs).

Read: what is translated and what is within text comes from ``corpus.itsrules`` (local ``its:translate``/
DITA ``translate``, global ``its:translateRule``/``its:withinTextRule``, DITA's defaults). Elements within
text (``withinText="yes"``) are ``<g>`` codes of their block's segment (empty ones ``<x/>``); one that is not
translated is an ``<x/>`` holding the whole element; a ``nested`` element (a footnote) is an ``<x/>`` whose
content makes segments of its own; every other element is a block whose text makes segments. Attributes are
segments only where a rule (or DITA's ``navtitle``) says they are translated. Comments, processing
instructions and CDATA sections are kept as they are (inside a sentence, as ``<x/>`` codes).

Written: each target spliced into the original text (``corpus.docwrite``); ``&``, ``<``, ``>`` escaped (and
the quote in attributes), characters the encoding lacks as references; ``xml:lang`` on the root set to the
target language (added when missing). Encoding: a byte-order mark or the XML declaration, else UTF-8; kept.
Malformed XML is refused in one line with its line (``tagmt.safexml``).
"""

from __future__ import annotations

import codecs
import re
from functools import partial
from pathlib import Path

from lxml import etree

from tagmt.corpus import docwrite
from tagmt.corpus.docwrite import Edit, Skeleton
from tagmt.corpus.formats import InputFormat, file_formats, register
from tagmt.corpus.itsrules import NESTED, YES, resolve
from tagmt.corpus.markupruns import BLOCK, INLINE, NESTED as NESTED_ROLE, Grouper, Syntax, Tree
from tagmt.corpus.markupscan import Attr, Token, attributes, tokens
from tagmt.corpus.model import Corpus
from tagmt.corpus.placeholders import compile_finder
from tagmt.errors import TagmtError
from tagmt.safeio import decode_utf8
from tagmt.safexml import parse_bytes
from tagmt.xmltext import escape, unescape

XML_NS = "http://www.w3.org/XML/1998/namespace"
_XML_ENCODING = re.compile(rb"\A<\?xml\s[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._:-]+)")


def decode(data: bytes, path: Path) -> tuple[str, str]:
    """The document's text (a byte-order mark kept as a character) and the codec that writes it back."""
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                       (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return data.decode(codec), codec
    found = _XML_ENCODING.match(data)
    codec = codecs.lookup(found.group(1).decode("ascii")).name if found else "utf-8"
    if codec == "utf-8":
        return decode_utf8(data, path, what="XML document"), codec
    return data.decode(codec), codec


def qualified(element: etree._Element, name: str) -> str:
    """``{ns}local`` as the document writes it (``xml:lang``, ``xlink:title``)."""
    if not name.startswith("{"):
        return name
    uri, local = name[1:].split("}", 1)
    if uri == XML_NS:
        return f"xml:{local}"
    prefix = next((p for p, u in element.nsmap.items() if u == uri and p), None)
    return f"{prefix}:{local}" if prefix else local


def build_tree(text: str, toks: list[Token], elements: list[etree._Element], resolved: object,
               path: Path) -> Tree:
    """Roles and translate flags of the tokens from the resolved ITS data (the k-th start tag is the k-th
    element)."""
    size = len(toks)
    match: list[int | None] = [None] * size
    role = [""] * size
    translate = [True] * size
    element_of: dict[int, etree._Element] = {}
    stack: list[int] = []
    preserve: set[int] = set()
    k = 0
    for i, tok in enumerate(toks):
        if tok.kind in ("start", "empty"):
            if k >= len(elements) or _local(tok.name) != etree.QName(elements[k]).localname:
                raise TagmtError(f"{path}: element {tok.name!r} at character {tok.start} could not be matched with "
                                 "the parsed document; pass --format lines to read it as a line file")
            element = elements[k]
            k += 1
            element_of[i] = element
            translate[i] = resolved.text(element)  # type: ignore[attr-defined]
            within = resolved.within[id(element)]  # type: ignore[attr-defined]
            role[i] = INLINE if within == YES else NESTED_ROLE if within == NESTED else BLOCK
            if tok.kind == "start":
                stack.append(i)
        elif tok.kind == "end":
            if stack:
                match[stack.pop()] = i
            translate[i] = translate[stack[-1]] if stack else True
        else:
            translate[i] = translate[stack[-1]] if stack else True
            kept = resolved.preserve  # type: ignore[attr-defined]
            if stack and tok.kind == "text" and id(element_of[stack[-1]]) in kept:
                preserve.add(i)

    def attrs(i: int) -> list[Attr]:
        element = element_of.get(i)
        machinery = element is None or id(element) in resolved.machinery  # type: ignore[attr-defined]
        names = None if machinery else resolved.attribute_names(element)  # type: ignore[attr-defined]
        if not names:
            return []
        wanted = {qualified(element, name) for name in names}
        return [a for a in attributes(text, toks[i], html=False) if a.name in wanted]

    return Tree(match, role, translate, attrs, preserve=frozenset(preserve))


def _local(name: str) -> str:
    return name.rsplit(":", 1)[-1]


def escape_attribute(quote: str) -> "partial[str]":
    return partial(_escape_in, quote, "&apos;" if quote == "'" else "&quot;")


def _escape_in(quote: str, reference: str, text: str) -> str:
    return escape(text).replace(quote, reference)


def declare_language(root: Token | None, text: str, trg_lang: str) -> list[Edit]:
    """``xml:lang`` of the root element set to ``trg_lang`` (added when missing)."""
    if root is None:
        return []
    value = escape(trg_lang).replace('"', "&quot;")
    for attr in attributes(text, root, html=False):
        if attr.name == "xml:lang" and attr.quote:
            return [(attr.start, attr.end, value)]
    at = root.start + 1 + len(root.name)
    return [(at, at, f' xml:lang="{value}"')]


def read(path: Path, data: bytes, stream: object = None, *, placeholders: tuple[str, ...] | None = None,
         placeholder_regexes: tuple[str, ...] = (), references: list[str | None] | None = None,
         references_name: object = None, its_rules: tuple[str, ...] = (), **_: object) -> Corpus:
    """An ITS-marked XML document or DITA topic as a corpus (see the module docstring); ``its_rules``: the
    rules files the user gave (``--its-rules``, ``corpus.itslinks``)."""
    path = Path(path)
    tree = (stream.tree() if stream is not None  # type: ignore[attr-defined]
            else parse_bytes(data, path, "XML document"))
    resolved = resolve(tree, path, its_rules)
    text, codec = decode(data, path)
    toks = tokens(text, html=False)
    layout = build_tree(text, toks, resolved.elements, resolved, path)
    syntax = Syntax(unescape, escape, escape_attribute, compile_finder(placeholders or (), tuple(placeholder_regexes)))
    segments, places, spans = Grouper(text, toks, layout, syntax).segments()
    root = next((t for t in toks if t.kind in ("start", "empty")), None)
    skeleton = Skeleton(text, codec, places, spans, declare=partial(declare_language, root),
                        errors="xmlcharrefreplace")
    segments = docwrite.with_references(path, segments, references, references_name)
    return Corpus("its", segments, path, escaped=True, native=skeleton, writer=docwrite.write)


def recognises(name: str, namespace: str | None, version: str) -> bool:
    """Any root that no other XML format recognises (an ``xliff`` or ``tmx`` root never: theirs to refuse)."""
    if name in ("xliff", "tmx"):
        return False
    others = [fmt for fmt in file_formats().values() if fmt.xml and fmt.name != "its" and fmt.recognises]
    return not any(fmt.recognises(name, namespace, version) for fmt in others)  # type: ignore[misc]


FORMAT = register(InputFormat(
    "its", "XML document (ITS, DITA)", order=13, read=read, write=docwrite.write, xml=True,
    recognises=recognises, extensions=(".dita", ".ditamap"), bilingual=False, writes_targets=True,
))
