"""Extract and merge (issue 32), as Okapi's Tikal does: any file tagmt reads becomes an XLIFF 2.1 document any CAT
tool can open, and that document, translated, becomes the file again.

``extract_file(FILE, OUT.xlf)`` writes one ``<unit>`` per segment (ids ``u1``, ``u2``… in reading order; the
segment's own id in ``name``), its inline codes as ``pc`` (a code with content), ``ph`` (standalone) and isolated
``sc``/``ec`` (a half whose partner is in another segment), each with its original markup in ``<originalData>``;
a target the file already holds (PO, XLIFF) goes along with ``state="translated"`` (a fuzzy PO draft with
``state="initial"``: the translator's starting point), and a segment the file locks
has ``translate="no"``. What is needed to rebuild the file travels inside the document: the original bytes,
base64, in the file's ``<skeleton>``, with their SHA-256, the format and the placeholder kinds they were read
with (and the bytes of the ``--its-rules`` files) as ``tagmt:`` attributes of ``<file>`` (so nothing outside
the XLIFF is needed, and nothing outside it is read).

``merge_file(OUT.xlf, FILE2)`` reads those bytes back with the same format and options, takes each unit's target
and writes the file through its format's own writer: merging an untouched extraction gives the input back byte
for byte; human translations already in the file stay unless ``overwrite``.

The inline ids are the codes' own with a letter for their kind (``g3`` → ``pc id="g3"``, ``x2`` → ``ph``, ``b1``
/ ``e1`` → isolated ``sc``/``ec``), so a tag of one kind never takes another's id and merge maps them back.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from tagmt.atomic import write_atomic
from tagmt.corpus import Corpus, read_corpus
from tagmt.corpus.formats import input_format
from tagmt.corpus.model import CLOSE, OPEN, PAIR, STANDALONE, Segment, placeholder_id
from tagmt.corpus.splice import SOURCE, Skeleton
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.outputs import refuse_overwriting_inputs
from tagmt.safexml import parse_bytes
from tagmt.xmltext import escape, escape_attribute

XLIFF2 = "urn:oasis:names:tc:xliff:document:2.0"
#: tagmt's attributes on ``<file>`` and its element in ``<skeleton>``.
TAGMT_NS = "urn:tagmt:extract:1"
_PREFIX = {PAIR: "g", STANDALONE: "x", OPEN: "b", CLOSE: "e"}
_KIND = {letter: kind for kind, letter in _PREFIX.items()}


@dataclass(frozen=True)
class Extraction:
    """What ``extract_file`` wrote: the XLIFF file, its unit count, and the format it read."""

    output: Path
    units: int
    format: str


def extract_file(path: str | Path, output: str | Path, *, format: str | None = None, src_lang: str | None = None,
                 trg_lang: str | None = None, placeholders: Sequence[str] | None = None,
                 placeholder_regexes: Sequence[str] = (), its_rules: Sequence[str | Path] = ()) -> Extraction:
    """Write ``path`` (any format tagmt reads from one file) as an XLIFF 2.1 document at ``output``;
    ``its_rules``: ITS rules files the document is read with, carried inside the XLIFF for merge."""
    refuse_overwriting_inputs([("-o", str(output))], [("FILE", str(path))])
    if any(str(rules) == "linked" for rules in its_rules):  # (merge reads nothing outside the XLIFF)
        raise TagmtError(f"{path}: extract carries the ITS rules inside the XLIFF for merge: pass each file the "
                         "document links with --its-rules PATH instead of --its-rules linked")
    corpus = _read(Path(path), format, placeholders, placeholder_regexes, src_lang, trg_lang, its_rules)
    src = src_lang or corpus.src_lang
    trg = trg_lang or corpus.trg_lang
    if not src:
        raise TagmtError(f"{path}: the file does not say its source language; give --src-lang")
    _refuse_what_xml_cannot_hold(path, corpus)
    data = _bytes_of(Path(path))
    options = {"placeholders": list(placeholders) if placeholders is not None else None,
               "placeholder_regexes": list(placeholder_regexes)}
    if its_rules:  # (their bytes, as the document's: merge reads nothing outside the XLIFF)
        options["its_rules"] = [[Path(rules).name, base64.b64encode(_bytes_of(Path(rules))).decode("ascii")]
                                for rules in its_rules]
    head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{XLIFF2}" xmlns:tagmt="{TAGMT_NS}" '
            f'version="2.1" srcLang="{escape_attribute(src)}"'
            + (f' trgLang="{escape_attribute(trg)}"' if trg else "") + ">\n"
            f' <file id="f1" original="{escape_attribute(Path(path).name)}" tagmt:format="{corpus.format}" '
            f'tagmt:sha256="{hashlib.sha256(data).hexdigest()}" '
            f'tagmt:options="{escape_attribute(json.dumps(options, sort_keys=True))}">\n'
            f'  <skeleton><tagmt:original encoding="base64">{base64.b64encode(data).decode("ascii")}'
            "</tagmt:original></skeleton>\n")
    units = (_unit(k + 1, segment, _held(corpus, k, segment)) for k, segment in enumerate(corpus.segments))
    written = write_atomic(output, [head, *units, " </file>\n</xliff>\n"])
    return Extraction(written, len(corpus.segments), corpus.format)


#: characters XML 1.0 cannot hold, even as references (C0 controls but tab and line ends, surrogates, U+FFFE/F)
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _refuse_what_xml_cannot_hold(path: str | Path, corpus: Corpus) -> None:
    for segment in corpus.segments:
        for text in (segment.source, segment.reference or ""):
            found = _NOT_XML.search(text)
            if found:
                raise TagmtError(f"{path}: segment {segment.id} holds U+{ord(found.group()):04X}, which XLIFF (XML "
                                 "1.0) cannot hold; remove it from the file, or translate it directly (tagmt "
                                 "translate --input)")


def merge_file(path: str | Path, output: str | Path, *, overwrite: bool = False) -> tuple[Path, Corpus]:
    """Rebuild the file extracted into the XLIFF document ``path``, with its units' targets, at ``output``.
    Returns the path written and the corpus (its ``kept``: the targets left as they were, by reason)."""
    refuse_overwriting_inputs([("-o", str(output))], [("FILE.xlf", str(path))])
    root = parse_bytes(_bytes_of(Path(path)), path, "XLIFF document").getroot()
    files = root.findall(f"{{{XLIFF2}}}file")
    file = files[0] if len(files) == 1 else None
    if file is None or file.get(f"{{{TAGMT_NS}}}format") is None:
        raise TagmtError(f"{path}: not an extraction made by `tagmt extract` (no tagmt:format on its one <file>); "
                         "merge rebuilds only files tagmt extracted")
    original = file.find(f"{{{XLIFF2}}}skeleton/{{{TAGMT_NS}}}original")
    try:
        data = base64.b64decode((original.text or "") if original is not None else "", validate=True)
    except ValueError:
        raise TagmtError(f"{path}: the skeleton's original file is not valid base64") from None
    if hashlib.sha256(data).hexdigest() != file.get(f"{{{TAGMT_NS}}}sha256"):
        raise TagmtError(f"{path}: the skeleton's original file does not match its SHA-256; the extraction was "
                         "changed outside its targets")
    options = json.loads(file.get(f"{{{TAGMT_NS}}}options") or "{}")
    translated = read_corpus(path, "xliff2")
    with tempfile.TemporaryDirectory(prefix="tagmt-merge-") as folder:
        copy = Path(folder) / Path(file.get("original") or "original").name
        copy.write_bytes(data)
        rules = []
        for k, (name, data64) in enumerate(options.get("its_rules") or ()):  # each in a folder: names may repeat
            (Path(folder) / f"its{k}").mkdir()
            rules.append(Path(folder) / f"its{k}" / Path(name).name)
            rules[-1].write_bytes(base64.b64decode(data64))
        corpus = _read(copy, file.get(f"{{{TAGMT_NS}}}format"), options.get("placeholders"),
                       options.get("placeholder_regexes") or (), root.get("srcLang"), root.get("trgLang"), rules)
        if len(corpus.segments) != len(translated.segments):
            raise TagmtError(f"{path}: {len(translated.segments)} units, but the original file has "
                             f"{len(corpus.segments)} segments; was a unit added or removed?")
        targets = [_target(segment, unit, _held(corpus, k, segment))
                   for k, (segment, unit) in enumerate(zip(corpus.segments, translated.segments))]
        if not corpus.writes_targets:  # a monolingual file rebuilt: a segment without a target keeps its source
            targets = [target if target is not None else segment.source
                       for target, segment in zip(targets, corpus.segments)]
        written = corpus.write(output, targets, trg_lang=root.get("trgLang"), overwrite=overwrite)
    return written, corpus


def _read(path: Path, format: str | None, placeholders: Sequence[str] | None, regexes: Sequence[str],
          src_lang: str | None, trg_lang: str | None, its_rules: Sequence[str | Path] = ()) -> Corpus:
    given: dict = {"its_rules": tuple(its_rules)} if its_rules else {}
    if placeholders is not None or regexes:  # (the readers take them once placeholders are codes: issue 32)
        given.update(placeholders=placeholders, placeholder_regexes=tuple(regexes))
    corpus = read_corpus(path, format, src_lang=src_lang, trg_lang=trg_lang, **given)
    if input_format(corpus.format).write is None:
        raise TagmtError(f"{path}: tagmt reads {corpus.format} files but cannot write them back; extract and merge "
                         "need a format tagmt writes")
    return corpus


def _bytes_of(path: Path) -> bytes:
    from tagmt.corpus.files import read_bytes

    return read_bytes(path)


def _held(corpus: Corpus, k: int, segment: Segment) -> str | None:
    """The target segment ``k`` holds in the file (tagged): its human translation, else a draft the file keeps
    (a fuzzy PO msgstr, ``Segment.keep == "fuzzy"``: no reference, but the translator's starting point)."""
    if segment.reference is not None or segment.keep != "fuzzy" or not isinstance(corpus.native, Skeleton):
        return segment.reference
    piece = corpus.native.special.get(k)
    return piece.original if piece is not None and isinstance(piece.original, str) and piece.original != SOURCE \
        else None


def _unit(k: int, segment: Segment, held: str | None) -> str:
    """Unit ``k``: the segment's source, the target the file holds (a translation in state ``translated``, a
    fuzzy draft in state ``initial``), and the original data of its codes."""
    data: list[str] = []
    source = _inline(segment, segment.source, data)
    target = ""
    if held is not None:
        target = f"<target>{_inline(segment, held, [])}</target>"
    original = "".join(f'<data id="d{escape_attribute(key)}">{escape(markup)}</data>' for key, markup in data)
    attributes = f' name="{escape_attribute(segment.id)}"' + (' translate="no"' if segment.locked else "")
    state = ' state="translated"' if segment.reference is not None else ' state="initial"' if held is not None else ""
    return (f'  <unit id="u{k}"{attributes}>\n'
            + (f"   <originalData>{original}</originalData>\n" if original else "")
            + f"   <segment{state}><source>{source}</source>{target}</segment>\n  </unit>\n")


@dataclass(frozen=True)
class _Code:
    """One inline code of a segment as the extraction writes it: its XLIFF id, element, original markup."""

    xid: str
    element: str  # pc, ph, sc, ec
    open: str
    close: str = ""


def _codes(segment: Segment, tagged: str) -> list[tuple[object, _Code | None]]:
    """``tagged``'s tokens, each with the code it is (None: text, or the end of the pc before it).

    tagmt's placeholders keep their ids (with their kind's letter); any other markup of the string — the
    ``<b>``/``</b>`` of a tagged line file — is numbered ``t1``, ``t2``… in order: a start tag with its end
    in the string is a ``pc``, anything else a ``ph``."""
    tokens = list(tokenize(tagged, orphans=True))
    partner: dict[int, int] = {}
    stack: list[int] = []
    for k, token in enumerate(tokens):
        if token.kind == "start":
            stack.append(k)
        elif token.kind == "end" and stack and tokens[stack[-1]].name == token.name:
            partner[stack.pop()] = k
    ends = set(partner.values())
    out: list[tuple[object, _Code | None]] = []
    numbered = 0
    for k, token in enumerate(tokens):
        if token.kind == "text" or k in ends:
            out.append((token, None))
            continue
        code_id = placeholder_id(token.text) if token.name in _PREFIX else None
        known = segment.codes.get((token.name, code_id)) if code_id is not None else None
        placeholder = code_id is not None and (token.kind == "start") == (token.name == PAIR) \
            and token.kind != "end" and (token.name != PAIR or k in partner)
        if placeholder:
            element = {PAIR: "pc", STANDALONE: "ph", OPEN: "sc", CLOSE: "ec"}[token.name]
            opening = known.open if known else ""
            closing = known.close if known else ""
            out.append((token, _Code(_PREFIX[token.name] + code_id, element, opening, closing)))
            continue
        numbered += 1
        if k in partner:
            out.append((token, _Code(f"t{numbered}", "pc", token.text, tokens[partner[k]].text)))
        else:
            out.append((token, _Code(f"t{numbered}", "ph", token.text)))
    return out


def _inline(segment: Segment, tagged: str, data: list[tuple[str, str]]) -> str:
    """``tagged`` with its codes as XLIFF 2 inline elements (their original markup into ``data``)."""
    out: list[str] = []
    for token, code in _codes(segment, tagged):
        if code is None:
            out.append("</pc>" if token.kind == "end" else token.text)  # type: ignore[attr-defined]
            continue
        xid = escape_attribute(code.xid)
        if code.element == "pc":
            refs = ""
            if code.open:
                data.extend([(f"{xid}s", code.open), (f"{xid}e", code.close)])
                refs = f' dataRefStart="d{xid}s" dataRefEnd="d{xid}e"'
            out.append(f'<pc id="{xid}"{refs}>')
            continue
        isolated = ' isolated="yes"' if code.element in ("sc", "ec") else ""
        ref = ""
        if code.open:
            data.append((xid, code.open))
            ref = f' dataRef="d{xid}"'
        out.append(f'<{code.element} id="{xid}"{isolated}{ref}/>')
    return "".join(out)


_ID_ATTRIBUTE = re.compile(r'(\bid=")([gxbe])([^"]*)(")')


def _target(segment: Segment, unit: Segment, held: str | None) -> str | None:
    """The unit's target with the extraction's inline codes turned back into the original segment's: the
    placeholders' ids without their kind's letter, the other markup (``t1``…) as the source had it."""
    if unit.reference is None:
        return None
    if unit.reference == _own(segment, held):
        return None  # the target the file already had (a translation or a draft), untouched: nothing to write
    markup = {code.xid: code for _, code in _codes(segment, segment.source) if code is not None}
    out: list[str] = []
    closing: list[str] = []
    for token in tokenize(unit.reference, orphans=True):
        xid = placeholder_id(token.text) if token.kind in ("start", "empty") and token.name in _PREFIX else None
        if token.kind == "start" and token.name == PAIR:
            code = markup.get(xid or "")
            if code is not None and code.xid.startswith("t"):
                out.append(code.open)
                closing.append(code.close)
                continue
            closing.append("</g>")
        elif token.kind == "end" and token.name == PAIR:
            out.append(closing.pop() if closing else token.text)
            continue
        if xid is not None:
            code = markup.get(xid)
            if code is not None and code.xid.startswith("t"):
                out.append(code.open)
                continue
            match = _ID_ATTRIBUTE.search(token.text)
            if match and _KIND.get(match.group(2)) == token.name:
                out.append(token.text[:match.start()] + match.group(1) + match.group(3) + match.group(4)
                           + token.text[match.end():])
                continue
        out.append(token.text)
    return "".join(out)


def _own(segment: Segment, tagged: str | None) -> str | None:
    """A segment's own target as the extraction's reader gives it back (codes as ``<g id="g1">``, ``<x id="t2"/>``)."""
    if tagged is None:
        return None
    out: list[str] = []
    for token, code in _codes(segment, tagged):
        if code is None:
            out.append("</g>" if token.kind == "end" else token.text)  # type: ignore[attr-defined]
        elif code.element == "pc":
            out.append(f'<g id="{escape_attribute(code.xid)}">')
        else:
            kind = {"ph": STANDALONE, "sc": OPEN, "ec": CLOSE}[code.element]
            out.append(f'<{kind} id="{escape_attribute(code.xid)}"/>')
    return "".join(out)
