"""The four views of a direction, produced by the ``xslt/`` stylesheets run through lxml.

Line views (``tagged``, ``masked``, ``plain``) give one string per translatable segment, documents in
numeric order; ``dita`` writes one DITA file per document. Each document is parsed once per process
and all line views of both sides are rendered from that one parse (cached on path, size and mtime).

Line breaks inside a segment: upstream's rule (``xslt/lines.xsl``) drops the newlines of text nodes —
in the SAP files they are the wrapping of long source lines — and tagmt keeps that rule so the views stay
byte-identical to upstream's files; ``dropped_line_breaks`` lists the segments it touched, and
``tagmt views`` reports them. Any other line-break character (a ``&#13;`` in the XML, U+2028, NEL …)
stays in the segment strings; writers of line files encode it (``tagmt.linecodec``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lxml import etree

from tagmt.data.dataset import Dataset
from tagmt.data.directions import Direction, parse_direction
from tagmt.atomic import write_atomic
from tagmt.data.xliff import XLIFF_NS, document_id, parse_xliff, segment_mids
from tagmt.errors import TagmtError
from tagmt.safeio import regular_file_stat

LINE_VIEWS = ("tagged", "masked", "plain")
VIEWS = LINE_VIEWS + ("dita",)
SIDES = ("source", "target")


@dataclass(frozen=True)
class ParallelSegment:
    """One segment of a direction: where it comes from and its source and target strings."""

    doc_id: int
    mid: str
    source: str
    target: str


@dataclass(frozen=True)
class _Rendered:
    mids: tuple[str, ...]
    lines: dict[tuple[str, str], tuple[str, ...]]
    #: per side, the mids of segments whose text held newlines that the line views dropped
    dropped: dict[str, tuple[str, ...]]


@lru_cache(maxsize=None)
def stylesheet(view: str) -> etree.XSLT:
    """The compiled ``xslt/<view>.xsl`` (compiled once per process)."""
    from tagmt.paths import xslt_dir

    if view not in VIEWS:
        raise TagmtError(f"unknown view {view!r}: use one of {', '.join(VIEWS)}")
    return etree.XSLT(etree.parse(str(xslt_dir() / f"{view}.xsl")))


def _check(view: str, side: str, views: tuple[str, ...] = LINE_VIEWS) -> None:
    if view not in views:
        raise TagmtError(f"unknown view {view!r}: use one of {', '.join(views)}")
    if side not in SIDES:
        raise TagmtError(f"unknown side {side!r}: use source or target")


def _direction(direction: Direction | str) -> Direction:
    # The library accepts zf; the CLI is where Traditional Chinese is opt-in.
    return direction if isinstance(direction, Direction) else parse_direction(direction, include_zf=True)


def _render(path: Path) -> _Rendered:
    stat = regular_file_stat(path, what="XLIFF document")
    return _render_cached(str(path), stat.st_mtime_ns, stat.st_size)


_DROPPED = "//x:trans-unit[not(@translate = 'no')]/x:{container}/x:mrk[@mtype = 'seg']" \
    "[.//text()[contains(., '\n') and normalize-space()]]/@mid"


def _dropped_breaks(tree: etree._ElementTree) -> dict[str, tuple[str, ...]]:
    """The mids whose rendered text nodes hold a newline (``lines.xsl`` removes it), per side."""
    return {
        side: tuple(str(mid) for mid in tree.xpath(_DROPPED.format(container=container), namespaces={"x": XLIFF_NS}))
        for side, container in (("source", "seg-source"), ("target", "target"))
    }


@lru_cache(maxsize=4096)
def _render_cached(path: str, _mtime_ns: int, _size: int) -> _Rendered:
    tree = parse_xliff(path)
    mids = tuple(segment_mids(tree, Path(path)))
    lines = {}
    for view in LINE_VIEWS:
        for side in SIDES:
            text = str(stylesheet(view)(tree, side=etree.XSLT.strparam(side)))
            rendered = tuple(text.split("\n")[:-1])
            if len(rendered) != len(mids):  # pragma: no cover - would be a stylesheet bug
                raise TagmtError(f"{path}: {view} view has {len(rendered)} lines for {len(mids)} segments")
            lines[(view, side)] = rendered
    return _Rendered(mids, lines, _dropped_breaks(tree))


def document_lines(path: str | Path, view: str, side: str) -> list[str]:
    """One document's segments in ``view`` from its XLIFF ``side`` (``source`` = seg-source)."""
    _check(view, side)
    return list(_render(Path(path)).lines[(view, side)])


def parallel_segments(
    dataset: Dataset, split: str | None, direction: Direction | str, view: str = "tagged"
) -> list[ParallelSegment]:
    """A direction's (source, reference) segments; pivots like ``ja-ko`` join two pairs by (doc, mid)."""
    _check(view, "source")
    d = _direction(direction)
    split = dataset.resolve_split(split)
    src_side, trg_side = Direction.xliff_side(d.src), Direction.xliff_side(d.trg)
    src_docs = _documents_by_id(dataset, split, d.pair_of(d.src))
    trg_docs = _documents_by_id(dataset, split, d.pair_of(d.trg))
    _check_same_documents(d, src_docs, trg_docs)
    out = []
    for doc_id, src_path in src_docs.items():
        src = _render(src_path)
        trg = src if trg_docs[doc_id] == src_path else _render(trg_docs[doc_id])
        if src.mids != trg.mids:
            _raise_misaligned(d, doc_id, src_path, trg_docs[doc_id], src.mids, trg.mids)
        out.extend(
            ParallelSegment(doc_id, mid, s, t)
            for mid, s, t in zip(src.mids, src.lines[(view, src_side)], trg.lines[(view, trg_side)])
        )
    return out


def segment_lines(
    dataset: Dataset, split: str | None, direction: Direction | str, view: str, side: str
) -> list[str]:
    """One string per segment of ``side`` (``source`` or ``target``) of ``direction`` in ``view``."""
    _check(view, side)
    segments = parallel_segments(dataset, split, direction, view)
    return [seg.source if side == "source" else seg.target for seg in segments]


def dita_documents(dataset: Dataset, split: str | None, direction: Direction | str, side: str) -> dict[int, str]:
    """The functional DITA document of each document of ``side``'s language, by document id."""
    _check("dita", side, views=("dita",))
    d = _direction(direction)
    lang = d.src if side == "source" else d.trg
    documents = {}
    for doc_id, path in _documents_by_id(dataset, dataset.resolve_split(split), d.pair_of(lang)).items():
        result = stylesheet("dita")(parse_xliff(path), side=etree.XSLT.strparam(Direction.xliff_side(lang)))
        documents[doc_id] = bytes(result).decode("utf-8")
    return documents


def dropped_line_breaks(
    dataset: Dataset, split: str | None, direction: Direction | str, side: str
) -> list[tuple[int, str]]:
    """(document id, mid) of each segment of ``side`` whose text held newlines that the line views
    dropped, following upstream's ``xslt/lines.xsl``."""
    _check("tagged", side)
    d = _direction(direction)
    lang = d.src if side == "source" else d.trg
    docs = _documents_by_id(dataset, dataset.resolve_split(split), d.pair_of(lang))
    xliff_side = Direction.xliff_side(lang)
    return [(doc_id, mid) for doc_id, path in docs.items() for mid in _render(path).dropped[xliff_side]]


def write_dita(
    dataset: Dataset, split: str | None, direction: Direction | str, side: str, out_dir: str | Path
) -> list[Path]:
    """Write ``<id>.dita`` for every document of ``side``'s language into ``out_dir``; returns the files."""
    documents = dita_documents(dataset, split, direction, side)
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TagmtError(f"cannot create the DITA folder {out_dir}: {exc.strerror}") from None
    written = []
    for doc_id, text in documents.items():
        # the id is a plain number (``document_id``), so the name cannot leave out_dir
        written.append(write_atomic(out_dir / f"{doc_id}.dita", [text.encode("utf-8")]))
    return written


def _documents_by_id(dataset: Dataset, split: str, pair: str) -> dict[int, Path]:
    return {document_id(p): p for p in dataset.documents(split, pair)}


def _check_same_documents(d: Direction, src: dict[int, Path], trg: dict[int, Path]) -> None:
    if src.keys() == trg.keys():
        return
    only_src = sorted(src.keys() - trg.keys())
    only_trg = sorted(trg.keys() - src.keys())
    missing, here, there = (only_src[0], d.pair_of(d.src), d.pair_of(d.trg)) if only_src else (
        only_trg[0], d.pair_of(d.trg), d.pair_of(d.src))
    raise TagmtError(
        f"cannot join {d.name}: document {missing} is in {here} but not in {there} "
        f"({len(only_src) + len(only_trg)} unmatched documents)"
    )


def _raise_misaligned(
    d: Direction, doc_id: int, src: Path, trg: Path, src_mids: tuple[str, ...], trg_mids: tuple[str, ...]
) -> None:
    for i in range(max(len(src_mids), len(trg_mids))):
        a = src_mids[i] if i < len(src_mids) else "(none)"
        b = trg_mids[i] if i < len(trg_mids) else "(none)"
        if a != b:
            raise TagmtError(
                f"cannot join {d.name}: document {doc_id}, segment mid {a} of {src} meets segment mid {b} "
                f"of {trg} (position {i + 1}); the two pairs are not parallel there"
            )
