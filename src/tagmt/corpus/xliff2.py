"""XLIFF 2.0 / 2.1 / 2.2: one segment per ``<segment>`` of a translatable ``<unit>``.

Read: 2.0 and 2.1 in the 2.0 namespace, 2.2 in its own. ``translate="no"`` on a unit, group or file skips
it; ``<ignorable>`` is not a segment. Inline codes ``pc ph sc ec cp mrk sm em`` become placeholder tags
(``tagmt.corpus.model``): ``sc``…``ec`` within one segment are a pair, a half whose partner is in another
segment (or ``isolated="yes"``) a ``bx``/``ex``, ``mrk translate="no"`` a standalone code. The reference
is the segment's ``<target>`` when it has content. Segment ids are ``unit-id#segment-id`` (``#n``, the
segment's position, when it has no id), with ``file-id/`` in front when the document holds several files.

What may be written (``Segment.keep``/``locked``): a target that is missing, empty, or in state
``initial`` given explicitly. A non-empty target in state ``translated``, ``reviewed``, ``final`` or with
no state is kept unless the run overwrites (``subState="tagmt:mt"`` marks tagmt's own machine
translation, which ``project`` may put tags into — in state ``translated`` only: ``reviewed`` and ``final``
are a person's word and win over the subState). A segment whose source is empty is never written; a
code with ``canDelete="no"`` must stay in the new target and codes with ``canReorder="no"`` in their
order, or the target is not written (counted).

Write: each written segment gets its ``<target>`` (replaced, or added right after its ``<source>``, in
the XLIFF namespace with a prefix in scope) with the original codes put back, and its ``<segment>`` gets
``state="translated"`` and ``subState="tagmt:mt"`` (a stale ``subState`` is replaced);
``xliff/@trgLang`` is added when missing. Everything else stays byte for byte.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Sequence

from lxml import etree

from tagmt.corpus.inline import InlineReader, Role
from tagmt.corpus.detect import XLIFF2_NAMESPACES
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.placeholders import protect_corpus
from tagmt.corpus.model import MACHINE, PAIR, STANDALONE, Corpus, Segment
from tagmt.corpus.spans import set_attribute, with_content
from tagmt.corpus.xmlfile import XmlFile, walk_units, with_id_prefixes
from tagmt.errors import TagmtError
from tagmt.safexml import XmlStream, local_name, namespace

NS = "urn:oasis:names:tc:xliff:document:2.0"
MT_STATE = "translated"
#: tagmt's subState for the machine translation it writes (XLIFF 2: ``prefix:value``)
MT_SUBSTATE = "tagmt:mt"
#: states a person gives: human work whatever the ``subState`` says
HUMAN_STATES = ("reviewed", "final")


def classify(element: etree._Element, ns: str = NS) -> Role:
    """The role of an XLIFF 2.x inline element (``ns``: the document's namespace)."""
    name = local_name(element) if namespace(element) == ns else ""
    code_id = element.get("id")
    isolated = element.get("isolated") == "yes"
    if name == "pc":
        return Role("content", code_id)
    if name == "ph":
        return Role("standalone", code_id)
    if name == "cp":
        return Role("standalone", None, prefix="cp")
    if name in ("sc", "sm"):
        return Role("isolated-open", code_id) if isolated else Role("open", code_id, pair_key=code_id)
    if name in ("ec", "em"):
        if isolated:
            return Role("isolated-close", code_id)
        key = element.get("startRef")
        return Role("close", key, pair_key=key)
    if name == "mrk":
        return Role("standalone" if element.get("translate") == "no" else "content", code_id, prefix="m")
    return Role("standalone", None, prefix="c")  # a foreign element: kept as it is, never translated


@dataclass(slots=True)
class _Segment:
    """Where one segment's target goes, for the writer: its elements by their number in the document."""

    element: int  # <segment>
    source: int
    target: int | None
    new_target: tuple[bytes, bytes] | None  # where there is no target: a new one's start tag (without ">") and end tag


def read(path: Path, data: bytes, stream: XmlStream | None = None) -> Corpus:
    """The segments of an XLIFF 2.x document, read unit by unit (the tree of a unit is freed once read)."""
    return XmlFile.read_streamed(path, data, "XLIFF 2", stream, _read)


def _read(doc: XmlFile, stream: XmlStream) -> Corpus:
    root = stream.root
    ns = namespace(root)
    if local_name(root) != "xliff" or ns not in XLIFF2_NAMESPACES:
        raise TagmtError(f"{doc.line(root)}: not an XLIFF 2 document (root {root.tag!r})")
    q = f"{{{ns}}}"
    q_file, q_unit = q + "file", q + "unit"
    languages = (root.get("srcLang"), root.get("trgLang"))
    reading = _Reading(doc, InlineReader(doc.index, partial(classify, ns=ns)), ns, languages)
    segments, places = reading.segments, reading.places
    files: list[etree._Element] = []
    segment_files: list[int] = []  # the file of each segment
    anonymous = 0

    def on_file(element: etree._Element, k: int) -> None:
        nonlocal anonymous
        anonymous = 0  # units without an id: matched by their position in the file
        files.append(element)

    def on_unit(unit: etree._Element) -> None:
        nonlocal anonymous
        anonymous += not unit.get("id")
        first = len(segments)
        _read_unit(reading, unit, anonymous)
        segment_files.extend([len(files) - 1] * (len(segments) - first))

    walk_units(doc, stream, q_file, q_unit, on_file, on_unit)
    if len(files) > 1:
        prefixes = with_id_prefixes(files, "id")
        segments = [replace(segment, id=prefixes[n] + segment.id, key=(prefixes[n], *segment.key[1:]))
                    for segment, n in zip(segments, segment_files)]
    has_language = bool(root.get("trgLang"))
    return Corpus("xliff2", segments, doc.path, *languages, True, (doc, places, has_language), write)


@dataclass
class _Reading:
    """What the units of one document share as they are read: the file, its inline reader, the XLIFF
    namespace and the document's languages; the segments and their places read so far."""

    doc: XmlFile
    reader: InlineReader
    ns: str
    languages: tuple[str | None, str | None]
    segments: list[Segment] = field(default_factory=list)
    places: list[_Segment] = field(default_factory=list)


def _read_unit(reading: _Reading, unit: etree._Element, anonymous: int) -> None:
    """The segments of ``unit`` appended to ``reading`` (``anonymous``: the units without an id so far)."""
    doc, reader, ns, languages = reading.doc, reading.reader, reading.ns, reading.languages
    segments, places, q = reading.segments, reading.places, f"{{{ns}}}"
    given = unit.get("id")
    unit_key = ("", ("id", given) if given else ("position", anonymous))
    unit_id = given or f"line{unit.sourceline}"
    number = doc.index.number
    position = 0
    for child in unit:
        if child.tag != q + "segment":
            continue
        position += 1
        source = child.find(q + "source")
        if source is None:
            raise TagmtError(f"{doc.line(child)}: a <segment> of unit {unit.get('id')!r} has no <source>")
        target = child.find(q + "target")
        tagged, codes = reader.read(source)
        reference = reader.read(target)[0] if target is not None and (target.text or len(target)) else None
        filled = target is not None and (bool((target.text or "").strip()) or len(target) > 0)
        keep, locked = _status(child, filled)
        if not tagged.strip():
            locked = "empty source"
        fixed, ordered = _constraints(source, codes, ns)
        segment_id = f"{unit_id}#{child.get('id') or position}"
        segments.append(Segment(
            segment_id, tagged, reference, codes,
            key=(*unit_key, ("id", child.get("id")) if child.get("id") else ("position", position)),
            src_lang=languages[0], trg_lang=languages[1], keep=keep, locked=locked, fixed=fixed,
            ordered=ordered))
        places.append(_Segment(number(child), number(source), None if target is None else number(target),
                               doc.shared(doc.target_start(source, child)) if target is None else None))


def _status(segment: etree._Element, filled: bool) -> tuple[str | None, str | None]:
    """(keep, locked) of a segment: see the module docstring."""
    if not filled:
        return None, None
    state = segment.get("state")
    if state == "initial":
        return None, None
    if state not in HUMAN_STATES and (segment.get("subState") or "").startswith(MT_SUBSTATE):
        return MACHINE, None
    return state or "no state", None


def _constraints(source: etree._Element, codes, ns: str) -> tuple[tuple, tuple]:
    """The placeholder keys of the source's codes with ``canDelete="no"`` and of those with
    ``canReorder="no"`` (or ``firstNo``), in source order."""
    fixed, ordered = [], []
    for element in source.iter(f"{{{ns}}}pc", f"{{{ns}}}ph", f"{{{ns}}}sc"):
        code_id = element.get("id")
        kind = STANDALONE if local_name(element) == "ph" else PAIR
        key = (kind, code_id) if (kind, code_id) in codes else None
        if key is None:
            key = next((k for k in codes if k[1] == code_id), None)
        if key is None:
            continue
        if element.get("canDelete") == "no":
            fixed.append(key)
        if element.get("canReorder") in ("no", "firstNo"):
            ordered.append(key)
    return tuple(fixed), tuple(ordered)


def write(corpus: Corpus, targets: Sequence[str | None], output: str | Path, *, trg_lang: str | None = None,
          mark_mt: bool = True) -> Path:
    """``corpus``'s document with the given targets filled in (None: that segment is left as it is)."""
    doc, places, has_language = corpus.native
    edits: list[tuple[int, int, bytes]] = []
    for segment, place, tagged in zip(corpus.segments, places, targets):
        if tagged is None:
            continue
        content = doc.encode(segment.restore(tagged))
        if mark_mt:
            span = doc.index[place.element]
            start_tag = set_attribute(doc.index.start_tag(place.element), "state", MT_STATE)
            start_tag = set_attribute(start_tag, "subState", MT_SUBSTATE)
            edits.append((span.start, span.inner_start, start_tag))
        if place.target is not None:
            span = doc.index[place.target]
            edits.append((span.start, span.end, with_content(doc.index.start_tag(place.target), content)))
        else:
            opening, closing = place.new_target  # type: ignore[misc]
            end = doc.index[place.source].end
            edits.append((end, end, doc.indent_before(place.source) + opening + b">" + content + closing))
    if trg_lang and not has_language:
        span = doc.index[0]  # the root
        edits.append((span.start, span.inner_start, set_attribute(doc.index.start_tag(0), "trgLang", trg_lang)))
    return doc.write(output, edits)


FORMAT = register(InputFormat(
    "xliff2", "XLIFF 2.x", order=2, write=write,
    read=lambda path, data, stream, *, placeholders=None, placeholder_regexes=(), **_: protect_corpus(
        read(path, data, stream), placeholders, placeholder_regexes),
    extensions=(".xlf", ".xliff"), xml=True, writes_targets=True, interchange=True,
    recognises=lambda name, ns, version: (name == "xliff" and ns in XLIFF2_NAMESPACES
                                          and re.fullmatch(r"2\.\d+", version or "2.0") is not None),
))
