"""Tagged line files: one segment per line, inline tags of any names (``<g id>``/``<x/>``/``<bx/>``/``<ex/>``,
DITA, HTML), text XML-escaped (``&amp;``, ``&lt;``). A segment's own line break is written as a character
reference (``tagmt.linecodec``), so line k is always segment k. Segment ids are line numbers (from 1)."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tagmt.atomic import write_atomic
from tagmt.corpus.files import decode_utf8, read_bytes, split_lines
from tagmt.corpus.formats import InputFormat, register
from tagmt.corpus.model import Corpus, Segment
from tagmt.corpus.placeholders import protect_corpus, unprotect
from tagmt.errors import TagmtError
from tagmt.linecodec import decode_line, encode_line


def read_segments(path: str | Path, data: bytes | None = None) -> list[str]:
    """The segments of a line file (line breaks restored from their references); an empty file is refused."""
    path = Path(path)
    data = read_bytes(path, what="line file") if data is None else data
    lines = split_lines(decode_utf8(data, path, what="line file"))
    if not lines:
        raise TagmtError(f"{path}: the file is empty; give one segment per line")
    return [decode_line(line) for line in lines]


def read(path: Path, data: bytes | None = None, *, references: str | Path | Sequence[str | None] | None = None,
         references_name: str | Path | None = None) -> Corpus:
    """A line file as a corpus; ``references``: its tagged references, segment for segment — a line file,
    or the references already read (``tagmt.corpus.read_references``: any format) from ``references_name``."""
    sources = read_segments(path, data)
    refs: Sequence[str | None] = [None] * len(sources)
    if isinstance(references, (str, Path)):
        refs = read_segments(references)
        check_same_length(path, len(sources), references, len(refs))
    elif references is not None:
        refs = references
        check_same_length(path, len(sources), references_name or "the references", len(refs))
    segments = [Segment(str(n), source, ref) for n, (source, ref) in enumerate(zip(sources, refs), start=1)]
    return Corpus("lines", segments, Path(path), escaped=True, writer=write)


def check_same_length(path_a: str | Path, n_a: int, path_b: str | Path, n_b: int) -> None:
    """Two line files meant to be parallel must have as many lines each."""
    if n_a != n_b:
        raise TagmtError(
            f"{path_a} has {n_a} lines but {path_b} has {n_b}: line k of one must be segment k of the other"
        )


def write_lines(output: str | Path, segments: Sequence[str]) -> Path:
    """One segment per line (line breaks inside a segment as references), atomically."""
    return write_atomic(output, (encode_line(segment) + "\n" for segment in segments))


def write(corpus: Corpus, targets: Sequence[str | None], output: str | Path, **_options: object) -> Path:
    """The targets as a line file, placeholders written back as they were (``--placeholders``); a segment
    without a target keeps an empty line."""
    return write_lines(output, [unprotect(target or "", segment.codes)
                                for segment, target in zip(corpus.segments, targets)])


FORMAT = register(InputFormat(
    "lines", "tagged line file", order=4, write=write, extensions=(".txt",), fallback=True, bilingual=False,
    read=lambda path, data, stream, *, references=None, references_name=None, placeholders=None,
    placeholder_regexes=(), **_: protect_corpus(read(path, data, references=references,
                                                     references_name=references_name),
                                                placeholders, placeholder_regexes),
))
