"""XLIFF 1.x (1.0, 1.1, 1.2, with their namespace or none): one segment per ``<mrk mtype="seg">`` of a
``<seg-source>``, else one per ``<trans-unit>``.

Read: every translatable ``trans-unit`` (``translate="no"`` on it or an enclosing ``group`` skips it);
inline codes ``g x bx ex ph bpt ept it mrk sub`` become placeholder tags (``tagmt.corpus.model``); the
reference is the unit's ``<target>`` (or its ``mrk`` of the same ``mid``) when it has content. Segment ids
are the unit's id, with ``#mid`` for segmented units (and ``<file original>/`` in front when a document
holds several files). Each segment carries its ``<file>``'s languages.

What may be written (``Segment.keep``/``locked``), as CAT tools pre-translate: a target that is missing,
empty, or in a state that asks for translation (``new``, ``needs-translation``). A non-empty target that
is approved (``approved="yes"``), in any other state, or stateless is kept unless the run overwrites; one
marked as machine translation (``state-qualifier`` ``mt-suggestion``/``leveraged-mt``, Trados
``origin="mt"``) may get tags from ``project`` — unless its state is ``translated``, ``reviewed``,
``signed-off`` or ``final``: the state is the translator's word and wins over any MT qualifier. Never
written: a locked unit or segment (an attribute ``locked`` of any namespace: Trados ``sdl:seg
locked="true"``, memoQ ``mq:locked``), a unit whose source is empty. Trados ``sdl:seg-defs`` give the
per-segment status (``conf``).

Write: each written segment's target filled with the original codes put back. A segmented unit's existing
target keeps everything but the content of the ``mrk``s tagmt writes (translator text between them, their
attributes and order, codes only the target has); a missing ``mrk`` is added after its predecessor, with
the white space the ``seg-source`` has between the two (``now. Close it.``); a missing target repeats the
``seg-source``. A written target gets ``state="needs-review-translation"`` and
``state-qualifier="mt-suggestion"`` (XLIFF 1.2's values for machine translation awaiting review), and its
unit's ``approved="yes"`` becomes ``no``; ``file/@target-language`` is added when missing.

Segments of one target with different origins (a reviewed target that held only some of its segments,
completed by ``translate``): XLIFF 1.2 has one state per target, so the completed target says machine
translation (a translator sees it needs review) and names the ``mid``s of the segments a person wrote in
``tagmt:human="1 3"`` (namespace ``urn:x-tagmt:xliff``, declared on the target). Reading, those segments
are human work (``HUMAN_PART``) while the target's state says machine translation: no command rewrites
them without ``--overwrite``; once a translator gives the target a human state, the state holds for all.
Where the mids cannot be listed (a mid missing or with white space, the prefix ``tagmt`` taken), the
target keeps its state and ``approved``: its human part is never downgraded.
Everything else — other units, notes, comments, attributes, the declaration, the sources — stays byte for
byte.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Sequence

from lxml import etree

from tagmt.corpus.inline import InlineReader, Role
from tagmt.corpus.detect import XLIFF1_NAMESPACES, XLIFF1_VERSIONS
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.placeholders import protect_corpus
from tagmt.corpus.model import MACHINE, Corpus, Segment
from tagmt.corpus.spans import remove_attribute, set_attribute, splice, with_content
from tagmt.corpus.xmlfile import XmlFile, walk_units, with_id_prefixes
from tagmt.errors import TagmtError
from tagmt.safexml import XmlStream, local_name, namespace

NS = "urn:oasis:names:tc:xliff:document:1.2"
MT_STATE = "needs-review-translation"
MT_QUALIFIER = "mt-suggestion"
#: target states that ask for a translation; qualifiers that say the target is machine translation
ASKS_FOR_TRANSLATION = ("new", "needs-translation")
MT_QUALIFIERS = ("mt-suggestion", "leveraged-mt")
#: target states that say a person translated or reviewed the target: human work whatever its qualifier
#: (``reviewed`` is not an XLIFF 1.2 value, but tools write it)
HUMAN_STATES = ("translated", "reviewed", "signed-off", "final")
_LOCKED = ("yes", "true", "locked", "1")
#: tagmt's own namespace, for the one thing XLIFF 1.2 cannot say: which segments of a target are a person's
TAGMT_NS = "urn:x-tagmt:xliff"
TAGMT_PREFIX = "tagmt"
#: the ``Segment.keep`` of a segment named by ``tagmt:human``
HUMAN_PART = "human segment of a target tagmt completed"
SDL_NS = "http://sdl.com/FileTypes/SdlXliff/1.0"


def classify(element: etree._Element, ns: str | None = NS) -> Role:
    """The role of an XLIFF 1.x inline element (``ns``: the document's namespace)."""
    name = local_name(element) if namespace(element) in (ns, None) else ""
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


@dataclass(slots=True)
class _Unit:
    """One translatable trans-unit, for the writer: its elements by their number in the document."""

    element: int
    source: int  # <source>, or <seg-source> when segmented
    mrks: tuple[tuple[str | None, int], ...]  # (mid, number) of the seg-source's <mrk mtype="seg">s; empty: unsegmented
    target: int | None
    target_mrks: dict[str | None, int] | None  # a segmented unit's target's <mrk mtype="seg">s by mid (the first)
    approved: bool
    new_target: tuple[bytes, bytes] | None  # where there is no target: a new one's start tag (without ">") and end tag
    segments: range = range(0)  # their indices in the corpus
    records: bool = True  # the prefix ``tagmt`` is free (or tagmt's) at the target: its human mids may be recorded


def read(path: Path, data: bytes, stream: XmlStream | None = None) -> Corpus:
    """The segments of an XLIFF 1.x document, read unit by unit (the tree of a unit is freed once read)."""
    return XmlFile.read_streamed(path, data, "XLIFF 1.2", stream, _read)


def _read(doc: XmlFile, stream: XmlStream) -> Corpus:
    root = stream.root
    ns = namespace(root)
    if ns not in (*XLIFF1_NAMESPACES, None) or (ns is None and not (root.get("version") or "").startswith("1.")):
        raise TagmtError(f"{doc.line(root)}: not an XLIFF 1.x document (namespace {ns!r})")
    q = (lambda name: f"{{{ns}}}{name}") if ns else (lambda name: name)
    q_file, q_unit = q("file"), q("trans-unit")
    reader = InlineReader(doc.index, partial(classify, ns=ns))
    segments: list[Segment] = []
    units: list[_Unit] = []
    files: list[tuple[etree._Element, int]] = []  # each top-level <file> and its number
    unit_files: list[int] = []  # the file of each unit
    languages: tuple[str | None, str | None] = (None, None)
    anonymous = 0

    def on_file(element: etree._Element, k: int) -> None:
        nonlocal languages, anonymous
        anonymous = 0  # units without an id: matched by their position in the file
        files.append((element, k))
        languages = doc.shared((element.get("source-language"), element.get("target-language")))

    def on_unit(tu: etree._Element) -> None:
        nonlocal anonymous
        unit_id = tu.get("id")
        anonymous += not unit_id
        unit_key = ("", ("id", unit_id) if unit_id else ("position", anonymous))
        units.append(_read_unit(doc, reader, q, tu, segments, languages, unit_key))
        unit_files.append(len(files) - 1)

    walk_units(doc, stream, q_file, q_unit, on_file, on_unit)
    if len(files) > 1:
        prefixes = with_id_prefixes([f for f, _ in files], "original")
        for unit, n in zip(units, unit_files):
            for j in unit.segments:
                segments[j] = _prefixed(segments[j], prefixes[n])
    src_lang = files[0][0].get("source-language")
    trg_lang = files[0][0].get("target-language")
    file_info = [(n, bool(f.get("target-language"))) for f, n in files]
    return Corpus("xliff12", segments, doc.path, src_lang, trg_lang, True, (doc, units, file_info), write)


def _seg_mrks(container: etree._Element | None, q) -> list[etree._Element]:
    """The outermost ``<mrk mtype="seg">`` of ``container`` (one nested in another is its content)."""
    if container is None:
        return []
    found = []
    for mrk in container.iter(q("mrk")):
        if mrk.get("mtype") != "seg":
            continue
        parent = mrk.getparent()
        while parent is not None and parent is not container and not (
                parent.tag == q("mrk") and parent.get("mtype") == "seg"):
            parent = parent.getparent()
        if parent is container:
            found.append(mrk)
    return found


def _sdl_segments(tu: etree._Element) -> dict[str, etree._Element]:
    """Trados's per-segment status: ``sdl:seg-defs/sdl:seg`` by id (the mrk's mid)."""
    return {seg.get("id") or "": seg for seg in tu.iter(f"{{{SDL_NS}}}seg")}


def _is_locked(element: etree._Element) -> bool:
    return any(etree.QName(name).localname == "locked" and value.strip().lower() in _LOCKED
               for name, value in element.attrib.items())


def _read_unit(doc: XmlFile, reader: InlineReader, q, tu: etree._Element, segments: list[Segment],
               languages: tuple[str | None, str | None], unit_key: tuple = ()) -> _Unit:
    source = tu.find(q("source"))
    if source is None:
        raise TagmtError(f"{doc.line(tu)}: trans-unit {tu.get('id')!r} has no <source>")
    seg_source = tu.find(q("seg-source"))
    target = tu.find(q("target"))
    mrks = _seg_mrks(seg_source, q)
    unit_id = unit_key[1][1] if unit_key and unit_key[1][0] == "id" else tu.get("id") or f"line{tu.sourceline}"
    number = doc.index.number
    container = seg_source if mrks else source
    targets: dict[str | None, etree._Element] = {}
    if mrks:
        for mrk in _seg_mrks(target, q):
            targets.setdefault(mrk.get("mid"), mrk)
    unit = _Unit(number(tu), number(container), tuple((mrk.get("mid"), number(mrk)) for mrk in mrks),
                 None if target is None else number(target),
                 {mid: number(mrk) for mid, mrk in targets.items()} or None, tu.get("approved") == "yes",
                 doc.shared(doc.target_start(container, tu)) if target is None else None)
    first = len(segments)
    sdl = _sdl_segments(tu)
    human = _human_mids(target) if targets else frozenset()
    if target is not None:
        unit.records = target.nsmap.get(TAGMT_PREFIX) in (None, TAGMT_NS)
    if mrks:
        # a target with content but no segment markers (written unsegmented): its status is the whole target's
        whole = target if target is not None and not targets and _has_text(target) else None
        seen: set[str | None] = set()
        for mrk in mrks:
            mid = mrk.get("mid")
            if mid in seen:
                raise TagmtError(f"{doc.line(mrk)}: two <mrk mtype=\"seg\"> with mid {mid!r} in the <seg-source> "
                                 f"of trans-unit {tu.get('id')!r}; each segment needs its own mid")
            seen.add(mid)
            status = _status(tu, target, whole if whole is not None else targets.get(mid), sdl.get(mid or ""))
            if status[0] == MACHINE and mid in human:  # the part of a completed target tagmt did not write
                status = (HUMAN_PART, None)
            _add(reader, segments, f"{unit_id}#{mid or ''}", mrk, targets.get(mid), languages, status,
                 (*unit_key, mid or ""))
    else:
        _add(reader, segments, unit_id, source, target, languages, _status(tu, target, target, None),
             (*unit_key, None))
    unit.segments = range(first, len(segments))
    return unit


def _human_mids(target: etree._Element | None) -> frozenset[str]:
    """The mids a segmented target's ``tagmt:human`` names (the segments a person wrote, see the module
    docstring)."""
    value = target.get(f"{{{TAGMT_NS}}}human") if target is not None else None
    return frozenset((value or "").split())


def _prefixed(segment: Segment, prefix: str) -> Segment:
    """``segment`` with its ``<file>``'s prefix in its id and key (a document with several files)."""
    return replace(segment, id=prefix + segment.id, key=(prefix, *segment.key[1:]))


def _status(tu: etree._Element, target: etree._Element | None, content: etree._Element | None,
            sdl: etree._Element | None) -> tuple[str | None, str | None]:
    """(keep, locked) for a segment whose target content is ``content`` (see the module docstring)."""
    if _is_locked(tu) or (sdl is not None and _is_locked(sdl)):
        return None, "locked"
    if content is None or not _has_text(content):  # missing, empty or blank: to be translated
        return None, None
    if tu.get("approved") == "yes":
        return "approved", None
    if sdl is not None and sdl.get("conf"):
        if sdl.get("origin") == "mt" and sdl.get("conf") in ("Draft", "Unspecified"):
            return MACHINE, None
        return f"Trados status {sdl.get('conf')}", None
    state = target.get("state") if target is not None else None
    if state in ASKS_FOR_TRANSLATION:
        return None, None
    if state in HUMAN_STATES:  # the translator's word wins over a qualifier left from the MT it started with
        return state, None
    if target is not None and target.get("state-qualifier") in MT_QUALIFIERS:
        return MACHINE, None
    return (state or "no state"), None


def _add(reader: InlineReader, segments: list[Segment], segment_id: str,
         source: etree._Element, target: etree._Element | None, languages: tuple[str | None, str | None],
         status: tuple[str | None, str | None], key: tuple = ()) -> None:
    tagged, codes = reader.read(source)
    reference = reader.read(target)[0] if target is not None and _has_content(target) else None
    keep, locked = status
    if not locked and not tagged.strip():
        locked = "empty source"
    segments.append(Segment(segment_id, tagged, reference, codes, key=key, src_lang=languages[0],
                            trg_lang=languages[1], keep=keep, locked=locked))


def _has_content(element: etree._Element) -> bool:
    return bool(element.text) or len(element) > 0


def _has_text(element: etree._Element) -> bool:
    return bool(element.text and element.text.strip()) or len(element) > 0


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
        downgrade = mark_mt
        if unit.mrks and unit.target is not None and unit.target_mrks:
            edits.extend(_segmented_edits(doc, unit, segments, new))
            if mark_mt:
                human = [mid for (mid, _), segment, tagged in zip(unit.mrks, segments, new)
                         if tagged is None and segment.keep not in (None, MACHINE) and mid in unit.target_mrks]
                downgrade = not human or (unit.records and all(mid and mid.split() == [mid] for mid in human))
                if downgrade:  # else: the human part cannot be named, so the target is not downgraded
                    edits.append(_start_tag_edit(doc, unit.target, partial(_completed, human=human)))
        else:
            edits.append(_target_edit(doc, unit, _target_inner(doc, unit, segments, new), mark_mt))
        if downgrade and unit.approved:
            edits.append(_start_tag_edit(doc, unit.element, lambda tag: set_attribute(tag, "approved", "no")))
    if trg_lang:
        for number, has_language in files:
            if not has_language:
                edits.append(_start_tag_edit(doc, number, lambda tag: set_attribute(tag, "target-language", trg_lang)))
    return doc.write(output, edits)


def _start_tag_edit(doc: XmlFile, element: int, change) -> tuple[int, int, bytes]:
    span = doc.index[element]
    return span.start, span.inner_start, change(doc.index.start_tag(element))


def _content(doc: XmlFile, segment: Segment, tagged: str) -> bytes:
    return doc.encode(segment.restore(tagged))


def _segmented_edits(doc: XmlFile, unit: _Unit, segments: list[Segment],
                     new: list[str | None]) -> list[tuple[int, int, bytes]]:
    """Edits inside an existing segmented target: the content of each ``mrk`` written, a missing one added
    after the target's ``mrk`` of the nearest earlier segment (else before the next, else at the end)."""
    present = unit.target_mrks or {}
    mids = [mid for mid, _ in unit.mrks]
    edits: list[tuple[int, int, bytes]] = []
    for k, ((mid, mrk), segment, tagged) in enumerate(zip(unit.mrks, segments, new)):
        if tagged is None:
            continue
        content = _content(doc, segment, tagged)
        existing = present.get(mid)
        if existing is not None:
            span = doc.index[existing]
            if span.empty:
                edits.append((span.start, span.end, with_content(doc.index.start_tag(existing), content)))
            else:
                edits.append((span.inner_start, span.inner_end, content))
            continue
        element = with_content(doc.index.start_tag(mrk), content)
        before = next((present[m] for m in reversed(mids[:k]) if m in present), None)
        after = next((present[m] for m in mids[k + 1:] if m in present), None)
        gap_before = _gap(doc, unit, k, leading=False) if k else b""
        if before is not None or after is None:  # after a segment of the target (else at its end)
            end = doc.index[before] if before is not None else None
            at = end.end if end is not None else doc.index[unit.target].inner_end  # type: ignore[index]
            edits.append((at, at, gap_before + element))
        else:
            edits.append((doc.index[after].start, doc.index[after].start,
                          element + _gap(doc, unit, k + 1, leading=True)))
    return edits


def _gap(doc: XmlFile, unit: _Unit, k: int, leading: bool) -> bytes:
    """The white space between the seg-source's segments ``k - 1`` and ``k`` (``now. Close it.``), for a
    ``mrk`` added to the target: all of it where there is nothing else, else the run of white space next
    to the segment added (``leading``: at the start of the gap, after it; else at its end, before it)."""
    gap = doc.data[doc.index[unit.mrks[k - 1][1]].end:doc.index[unit.mrks[k][1]].start]
    if not gap.strip():
        return gap
    stripped = gap.lstrip() if leading else gap.rstrip()
    return gap[:len(gap) - len(stripped)] if leading else gap[len(stripped):]


def _target_inner(doc: XmlFile, unit: _Unit, segments: list[Segment], new: list[str | None]) -> bytes:
    """The content of a new (or empty) target."""
    if not unit.mrks:
        (segment,), (tagged,) = segments, new
        return _content(doc, segment, tagged) if tagged is not None else doc.index.inner(unit.target)  # type: ignore[arg-type]
    base = doc.index[unit.source].inner_start
    edits = []
    for (_, mrk), segment, tagged in zip(unit.mrks, segments, new):
        span = doc.index[mrk]
        content = _content(doc, segment, tagged) if tagged is not None else b""
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
    opening, closing = unit.new_target  # type: ignore[misc]
    start_tag = _mt_state(opening + b">") if mark_mt else opening + b">"
    end = doc.index[unit.source].end
    return end, end, doc.indent_before(unit.source) + start_tag + inner + closing


def _mt_state(start_tag: bytes) -> bytes:
    return set_attribute(set_attribute(start_tag, "state", MT_STATE), "state-qualifier", MT_QUALIFIER)


def _completed(start_tag: bytes, human: list[str]) -> bytes:
    """The start tag of a segmented target tagmt wrote some segments of: machine translation, with the mids
    of the segments a person wrote in ``tagmt:human`` (a stale list of tagmt's removed when there are none)."""
    start_tag = _mt_state(start_tag)
    if not human:
        return remove_attribute(start_tag, f"{TAGMT_PREFIX}:human")
    start_tag = set_attribute(start_tag, f"xmlns:{TAGMT_PREFIX}", TAGMT_NS)
    return set_attribute(start_tag, f"{TAGMT_PREFIX}:human", " ".join(human))  # type: ignore[arg-type]


FORMAT = register(InputFormat(
    "xliff12", "XLIFF 1.2", order=1, write=write,
    read=lambda path, data, stream, *, placeholders=None, placeholder_regexes=(), **_: protect_corpus(
        read(path, data, stream), placeholders, placeholder_regexes),
    extensions=(".xlf", ".xliff"), xml=True, writes_targets=True, interchange=True,
    recognises=lambda name, ns, version: name == "xliff" and (
        ns in XLIFF1_NAMESPACES or (ns is None and version in XLIFF1_VERSIONS)),
))
