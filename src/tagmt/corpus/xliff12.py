"""XLIFF 1.2: one segment per ``<mrk mtype="seg">`` of a ``<seg-source>``, else one per ``<trans-unit>``.

Read: every translatable ``trans-unit`` (``translate="no"`` on it or an enclosing ``group`` skips it);
inline codes ``g x bx ex ph bpt ept it mrk sub`` become placeholder tags (``tagmt.corpus.model``); the
reference is the unit's ``<target>`` (or its ``mrk`` of the same ``mid``) when it has content. Segment ids
are the unit's id, with ``#mid`` for segmented units (and ``<file original>/`` in front when a document
holds several files).

Write: each translated segment's target filled with the original codes put back; a segmented unit's
target repeats its ``seg-source`` with each ``mrk``'s content translated. The target's ``state`` is set to
``needs-review-translation`` with ``state-qualifier="mt-suggestion"`` (XLIFF 1.2's values for machine
translation awaiting review); ``file/@target-language`` is added when missing. Everything else — other
units, notes, comments, attributes, the declaration, the sources — stays byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from lxml import etree

from tagmt.corpus.inline import InlineReader, Role
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.spans import set_attribute, splice, with_content
from tagmt.corpus.xmlfile import XmlFile, inherited, with_id_prefixes
from tagmt.errors import TagmtError
from tagmt.safexml import local_name, namespace

NS = "urn:oasis:names:tc:xliff:document:1.2"
MT_STATE = "needs-review-translation"
MT_QUALIFIER = "mt-suggestion"


def classify(element: etree._Element) -> Role:
    """The role of an XLIFF 1.2 inline element."""
    name = local_name(element) if namespace(element) in (NS, None) else ""
    code_id = element.get("id")
    if name == "g":
        return Role("content", code_id)
    if name in ("x", "ph"):
        return Role("standalone", code_id)
    if name == "bx":
        return Role("isolated-open", code_id)
    if name == "ex":
        return Role("isolated-close", code_id)
    if name in ("bpt", "ept"):
        key = element.get("rid") or code_id
        return Role("open" if name == "bpt" else "close", key, pair_key=key)
    if name == "it":
        return Role("isolated-open" if element.get("pos") == "open" else "isolated-close", code_id)
    if name == "mrk":
        mid = element.get("mid")
        if element.get("mtype") == "protected":
            return Role("standalone", mid, prefix="m")
        return Role("content", mid, prefix="m")
    return Role("standalone", None, prefix="c")  # a foreign element: kept as it is, never translated


@dataclass
class _Unit:
    """One translatable trans-unit, for the writer."""

    element: etree._Element
    source: etree._Element  # <source>, or <seg-source> when segmented
    mrks: list[etree._Element]  # the seg-source's <mrk mtype="seg">s (empty: unsegmented)
    target: etree._Element | None
    segments: list[int] = field(default_factory=list)  # their indices in the corpus


def read(path: Path, data: bytes, tree: etree._ElementTree | None = None) -> Corpus:
    """The segments of an XLIFF 1.2 document."""
    doc = XmlFile.parse(path, data, "XLIFF 1.2", tree)
    root = doc.root
    ns = namespace(root)
    if ns not in (NS, None) or (ns is None and not (root.get("version") or "").startswith("1.2")):
        raise TagmtError(f"{doc.line(root)}: not an XLIFF 1.2 document (namespace {ns!r})")
    q = (lambda name: f"{{{ns}}}{name}") if ns else (lambda name: name)
    files = [child for child in root if child.tag == q("file")]
    if not files:
        raise TagmtError(f"{doc.line(root)}: no <file> element in the XLIFF document")
    reader = InlineReader(doc.index, classify)
    segments: list[Segment] = []
    units: list[_Unit] = []
    for prefix, file_el in zip(with_id_prefixes(files, "original"), files):
        anonymous = 0  # units without an id, matched by their position in the file
        for tu in file_el.iter(q("trans-unit")):
            if inherited(tu, "translate", "yes") == "no":
                continue
            anonymous += not tu.get("id")
            unit_key = (prefix, ("id", tu.get("id")) if tu.get("id") else ("position", anonymous))
            units.append(_read_unit(doc, reader, q, tu, prefix, segments, unit_key))
    src_lang = files[0].get("source-language")
    trg_lang = files[0].get("target-language")
    for file_el in files[1:]:
        if (file_el.get("source-language"), file_el.get("target-language")) != (src_lang, trg_lang):
            raise TagmtError(
                f"{doc.line(file_el)}: this <file> has languages {file_el.get('source-language')}→"
                f"{file_el.get('target-language')}, the first {src_lang}→{trg_lang}; give each direction its own file"
            )
    return Corpus("xliff12", segments, path, src_lang, trg_lang, True, (doc, units, files), write)


def _read_unit(doc: XmlFile, reader: InlineReader, q, tu: etree._Element, prefix: str,
               segments: list[Segment], unit_key: tuple = ()) -> _Unit:
    source = tu.find(q("source"))
    if source is None:
        raise TagmtError(f"{doc.line(tu)}: trans-unit {tu.get('id')!r} has no <source>")
    seg_source = tu.find(q("seg-source"))
    target = tu.find(q("target"))
    mrks = [] if seg_source is None else [m for m in seg_source.iter(q("mrk")) if m.get("mtype") == "seg"]
    unit_id = prefix + (tu.get("id") or f"line{tu.sourceline}")
    unit = _Unit(tu, seg_source if mrks else source, mrks, target)
    if mrks:
        targets = {} if target is None else {
            m.get("mid"): m for m in target.iter(q("mrk")) if m.get("mtype") == "seg"
        }
        for mrk in mrks:
            mid = mrk.get("mid") or ""
            _add(reader, segments, unit, f"{unit_id}#{mid}", mrk, targets.get(mid), (*unit_key, mid))
    else:
        _add(reader, segments, unit, unit_id, source, target, (*unit_key, None))
    return unit


def _add(reader: InlineReader, segments: list[Segment], unit: _Unit, segment_id: str,
         source: etree._Element, target: etree._Element | None, key: tuple = ()) -> None:
    tagged, codes = reader.read(source)
    reference = reader.read(target)[0] if target is not None and _has_content(target) else None
    unit.segments.append(len(segments))
    segments.append(Segment(segment_id, tagged, reference, codes, key))


def _has_content(element: etree._Element) -> bool:
    return bool(element.text) or len(element) > 0


def write(corpus: Corpus, targets: Sequence[str | None], output: str | Path, *, trg_lang: str | None = None,
          mark_mt: bool = True) -> Path:
    """``corpus``'s document with the given targets filled in (None: that segment's target is left as it is)."""
    doc, units, files = corpus.native
    edits: list[tuple[int, int, bytes]] = []
    for unit in units:
        new = [targets[k] for k in unit.segments]
        if all(t is None for t in new):
            continue
        segments = [corpus.segments[k] for k in unit.segments]
        inner = _target_inner(doc, unit, segments, new)
        edits.append(_target_edit(doc, unit, inner, mark_mt))
    if trg_lang:
        for file_el in files:
            if not file_el.get("target-language"):
                span = doc.index[file_el]
                start_tag = doc.index.start_tag(file_el)
                edits.append((span.start, span.inner_start, set_attribute(start_tag, "target-language", trg_lang)))
    return doc.write(output, edits)


def _target_inner(doc: XmlFile, unit: _Unit, segments: list[Segment], new: list[str | None]) -> bytes:
    """The new content of the unit's target."""
    if not unit.mrks:
        (segment,), (tagged,) = segments, new
        return doc.encode(segment.restore(tagged)) if tagged is not None else doc.index.inner(unit.target)
    existing = {}
    if unit.target is not None:
        existing = {m.get("mid"): m for m in unit.target.iter() if local_name(m) == "mrk" and m.get("mtype") == "seg"}
    base = doc.index[unit.source].inner_start
    edits = []
    for mrk, segment, tagged in zip(unit.mrks, segments, new):
        span = doc.index[mrk]
        if tagged is not None:
            content = doc.encode(segment.restore(tagged))
        elif mrk.get("mid") in existing:
            content = doc.index.inner(existing[mrk.get("mid")])
        else:
            content = b""
        if span.empty:  # <mrk mtype="seg" mid="1"/>: give it content
            edits.append((span.start - base, span.end - base, with_content(doc.index.start_tag(mrk), content)))
        else:
            edits.append((span.inner_start - base, span.inner_end - base, content))
    return splice(doc.index.inner(unit.source), edits)


def _target_edit(doc: XmlFile, unit: _Unit, inner: bytes, mark_mt: bool) -> tuple[int, int, bytes]:
    """The edit that puts ``inner`` into the unit's target: the existing one, or a new one right after the
    ``seg-source`` (segmented) or the ``source``, as the schema orders them."""
    if unit.target is not None:
        span = doc.index[unit.target]
        start_tag = _mt_state(doc.index.start_tag(unit.target)) if mark_mt else doc.index.start_tag(unit.target)
        if span.empty:
            return span.start, span.end, with_content(start_tag, inner)
        return span.start, span.inner_end, start_tag + inner
    name = doc.renamed_tag(unit.source, "target").encode("utf-8")
    start_tag = _mt_state(b"<" + name + b">") if mark_mt else b"<" + name + b">"
    end = doc.index[unit.source].end
    return end, end, doc.indent_before(unit.source) + start_tag + inner + b"</" + name + b">"


def _mt_state(start_tag: bytes) -> bytes:
    return set_attribute(set_attribute(start_tag, "state", MT_STATE), "state-qualifier", MT_QUALIFIER)
