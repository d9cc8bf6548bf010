"""Extract and merge, as Okapi's Tikal does (issue 32): any document tagmt reads and writes becomes an XLIFF 2.0
file that a CAT tool can translate (``extract``), and that XLIFF, translated or not, is put back into the
document (``merge``).

The XLIFF: one ``<unit>`` per segment (``name``: the segment's id in the document), its codes as ``<ph>``
(standalone) and ``<pc>`` (with content) whose original markup sits in the unit's ``<originalData>``; a
segment's existing translation (a PO msgstr) is its ``<target>``. What rebuilds the document is the document
itself: its bytes, base64-encoded, in the file's ``<skeleton>`` as ``<tg:original name format sha256>``
in ``<tg:part>``s (``tg`` = ``urn:tagmt:interchange``). Embedded rather than referenced by path, so that the XLIFF travels alone
(to a translator, a TMS) and merge never depends on a file that may have moved or changed; the SHA-256 checks
the embedded copy. Merge reads the original from the skeleton with the reader that extracted it, takes each
unit's ``<target>`` (a unit without one keeps the document's text) and writes the document with the targets
spliced in — an untouched extraction merges back into the input byte for byte.
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

from tagmt.atomic import write_atomic
from tagmt.corpus import read_corpus
from tagmt.corpus.formats import input_format
from tagmt.corpus.model import Corpus, Segment
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.safexml import XmlStream, parse_bytes
from tagmt.xmltext import escape, escape_attribute

XLIFF2 = "urn:oasis:names:tc:xliff:document:2.0"
TG = "urn:tagmt:interchange"
#: bytes of the original per ``<tg:part>`` (base64: 4/3 of it)
PART = 3 << 20


def extract(input: str | Path, output: str | Path, *, format: str | None = None, src_lang: str | None = None,
            trg_lang: str | None = None) -> tuple[Path, int]:
    """Write ``input`` (any format tagmt writes back) as an XLIFF 2.0 file at ``output``; (path, segments)."""
    input = Path(input)
    corpus = read_corpus(input, format, src_lang=src_lang, trg_lang=trg_lang)
    if corpus.writer is None or not corpus.writes_targets or corpus.format in ("xliff12", "xliff2"):
        raise TagmtError(f"{input}: tagmt extracts documents it writes back (not {corpus.format}); "
                         "an XLIFF file is translated as it is")
    source = src_lang or corpus.src_lang
    if not source:
        raise TagmtError(f"{input}: the file names no source language; pass --src-lang")
    data = input.read_bytes()
    target = trg_lang or corpus.trg_lang
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{XLIFF2}" xmlns:tg="{TG}" version="2.0" '
            f'srcLang="{escape_attribute(source)}"' + (f' trgLang="{escape_attribute(target)}"' if target else "") + ">\n"
            f' <file id="f1" original="{escape_attribute(input.name)}">\n  <skeleton>\n'
            f'   <tg:original name="{escape_attribute(input.name)}" format="{corpus.format}" '
            f'sha256="{hashlib.sha256(data).hexdigest()}">')

    def chunks():
        yield head
        for at in range(0, len(data), PART):  # parts: lxml refuses a text node over 10 MB
            yield "<tg:part>" + base64.b64encode(data[at:at + PART]).decode("ascii") + "</tg:part>"
        yield "</tg:original>\n  </skeleton>\n"
        for n, segment in enumerate(corpus.segments, start=1):
            yield _unit(n, segment)
        yield " </file>\n</xliff>\n"

    return write_atomic(output, chunks()), len(corpus.segments)


def _unit(n: int, segment: Segment) -> str:
    data = []
    for (kind, code_id), code in segment.codes.items():
        data.append(f'<data id="d{code_id}">{escape(code.open)}</data>')
        if code.close:
            data.append(f'<data id="d{code_id}e">{escape(code.close)}</data>')
    original = f"<originalData>{''.join(data)}</originalData>" if data else ""
    target = f"<target>{to_xliff2(segment.reference)}</target>" if segment.reference is not None else ""
    state = ' state="translated"' if segment.reference is not None else ""
    return (f'  <unit id="u{n}" name="{escape_attribute(segment.id)}" xml:space="preserve">{original}<segment{state}>'
            f"<source>{to_xliff2(segment.source)}</source>{target}</segment></unit>\n")


def to_xliff2(tagged: str) -> str:
    """A tagged string (``<g id>``/``<x id/>``, text escaped) as XLIFF 2.0 inline content with data references."""
    out = []
    for token in tokenize(tagged, orphans=True):
        if token.kind == "text":
            out.append(token.text)
            continue
        code_id = token.attrs.get("id", "") if hasattr(token, "attrs") else _id(token.text)
        ref = escape_attribute(code_id)
        if token.kind == "start" and token.name == "g":
            out.append(f'<pc id="{ref}" dataRefStart="d{ref}" dataRefEnd="d{ref}e">')
        elif token.kind == "end" and token.name == "g":
            out.append("</pc>")
        elif token.kind == "empty" and token.name in ("x", "bx", "ex"):
            out.append(f'<ph id="{ref}" dataRef="d{ref}"/>')
        else:
            out.append(escape(token.text))
    return "".join(out)


def _id(tag: str) -> str:
    from tagmt.corpus.model import placeholder_id
    return placeholder_id(tag) or ""


def merge(xliff: str | Path, output: str | Path) -> tuple[Path, int]:
    """Put the targets of ``xliff`` (made by :func:`extract`) back into its embedded document, written to
    ``output``; (path, targets written)."""
    xliff = Path(xliff)
    data = xliff.read_bytes()
    tree = parse_bytes(data, xliff, "XLIFF 2.0")
    found = tree.getroot().find(f"{{{XLIFF2}}}file/{{{XLIFF2}}}skeleton/{{{TG}}}original")
    if found is None:
        raise TagmtError(f"{xliff}: no embedded original (<skeleton><tg:original>): tagmt merges the XLIFF files "
                         "that tagmt extract wrote")
    original = b"".join(base64.b64decode((part.text or "").encode("ascii")) for part in found)
    if hashlib.sha256(original).hexdigest() != found.get("sha256"):
        raise TagmtError(f"{xliff}:{found.sourceline}: the embedded original does not match its SHA-256; "
                         "extract the document again")
    name, fmt = found.get("name") or "document", input_format(found.get("format") or "")
    stream = XmlStream(original, name, fmt.display) if fmt.xml else None  # (an XML reader goes on from it)
    document = fmt.read(Path(name), original, stream)
    units = read_corpus(xliff, "xliff2")
    targets = _targets(document, units, xliff)
    document.path = Path(name)
    path = document.write(output, targets, overwrite=True, trg_lang=units.trg_lang)
    return path, sum(t is not None for t in targets)


def _targets(document: Corpus, units: Corpus, xliff: Path) -> list[str | None]:
    if len(units.segments) != len(document.segments):
        raise TagmtError(f"{xliff} has {len(units.segments)} segments but its document has "
                         f"{len(document.segments)}: the units were added or removed; extract again")
    return [unit.reference for unit in units.segments]
