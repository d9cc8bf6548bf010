"""Writing a translated document (HTML, Markdown, ITS-marked XML) back byte for byte: the reader keeps the
document's text and, for each segment, the place its text occupies (a `Place`); the writer splices each
rendered target (``Segment.render`` with the format's own escaping) into those places and leaves every
other character as it was. A target equal to the source keeps the original characters (``--model copy``
gives the input back, character references included).

A place may lie inside an inline code of another segment (an ``alt``/``title`` attribute of an ``<img>`` or
``<a>`` in a paragraph, an ITS ``nested`` element): its ``owner`` is that segment. When the owner is written
too, the place is written into the owner's code (the code's ``open`` changed where the place lies); when
the owner keeps its text, the place is written into the document directly.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator, Sequence

from tagmt.atomic import write_atomic
from tagmt.corpus.model import Corpus, InlineCode, Segment
from tagmt.errors import TagmtError

Edit = tuple[int, int, str]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a segment's text lies in the document text: ``[start, end)``; ``escape`` writes a piece of text
    there (``&`` as ``&amp;``…); ``before``/``after`` go around the whole written text (quotes around a
    value that had none); ``owner``: the segment whose inline code holds this place (None: the document)."""

    start: int
    end: int
    escape: Callable[[str], str]
    owner: int | None = None
    before: str = ""
    after: str = ""
    #: applied to the whole text written (a Markdown block marker at its start escaped), or None
    finish: Callable[[str], str] | None = None


@dataclass
class Skeleton:
    """A document's text and where its segments are (``places[k]`` for segment k); ``code_spans[k]`` maps a
    code's key to where its ``open`` lies in the text (for places an inner code holds); ``encoding``: the
    codec the output is written in (``errors`` for characters it cannot hold: ``xmlcharrefreplace`` for
    markup); ``declare(text, trg_lang)``: the edits that declare the target language."""

    text: str
    encoding: str
    places: list[Place]
    code_spans: dict[int, dict[tuple[str, str], tuple[int, int]]] = field(default_factory=dict)
    declare: Callable[[str, str], list[Edit]] | None = None
    errors: str = "strict"


def with_references(path: Path, segments: list[Segment], references: Sequence[str | None] | None,
                    name: object = None) -> list[Segment]:
    """``segments`` with the references read from another file (``read_corpus(…, references=…)``: a document
    carries none of its own), segment for segment; another number of them is one line."""
    if references is None:
        return segments
    if len(references) != len(segments):
        raise TagmtError(f"{name or 'the references'} has {len(references)} segments but {path} has "
                         f"{len(segments)}: give one reference per segment, in the order `tagmt views` lists them")
    return [replace(segment, reference=reference) for segment, reference in zip(segments, references)]


def splice_text(text: str, edits: Sequence[Edit], offset: int = 0) -> str:
    """``text`` with each ``(start, end, replacement)`` applied (positions less ``offset``); no overlaps."""
    out: list[str] = []
    at = 0
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], e[1])):
        start, end = start - offset, end - offset
        if start < at:  # pragma: no cover - a reader bug
            raise ValueError(f"overlapping edits at {start + offset}")
        out.append(text[at:start])
        out.append(replacement)
        at = end
    out.append(text[at:])
    return "".join(out)


class _Writing:
    def __init__(self, corpus: Corpus, targets: Sequence[str | None]) -> None:
        self.skeleton: Skeleton = corpus.native
        self.segments = corpus.segments
        self.new = {k: t for k, t in enumerate(targets) if t is not None and t != self.segments[k].source}
        self.children: dict[int | None, list[int]] = {}  # the places each segment's codes hold (not the document's:
        for k, place in enumerate(self.skeleton.places):  # those are every other, not held as a list of numbers)
            if place.owner is not None:
                self.children.setdefault(place.owner, []).append(k)

    def written(self, k: int) -> str | None:
        """What place ``k`` holds in the output, or None when it keeps its characters (and so do those inside)."""
        place = self.skeleton.places[k]
        inner = [(self.skeleton.places[j], text) for j in self.children.get(k, ())
                 if (text := self.written(j)) is not None]
        if k in self.new:
            segment = self._with_codes(k, inner) if inner else self.segments[k]
            written = segment.render(self.new[k], place.escape)
            return place.before + (place.finish(written) if place.finish else written) + place.after
        if not inner:
            return None
        original = self.skeleton.text[place.start:place.end]
        return splice_text(original, [(p.start, p.end, t) for p, t in inner], place.start)

    def _with_codes(self, k: int, inner: list[tuple[Place, str]]) -> Segment:
        segment = self.segments[k]
        spans = self.skeleton.code_spans.get(k, {})
        codes: dict[tuple[str, str], InlineCode] = dict(segment.codes)
        edits: dict[tuple[str, str], list[Edit]] = {}
        for place, text in inner:
            for key, (start, end) in spans.items():
                if start <= place.start and place.end <= end:
                    edits.setdefault(key, []).append((place.start, place.end, text))
                    break
        for key, found in edits.items():
            code = codes[key]
            codes[key] = replace(code, open=splice_text(code.open, found, spans[key][0]))
        return replace(segment, codes=codes)

    def edits(self, trg_lang: str | None) -> list[Edit]:
        out = [(place.start, place.end, text) for k, place in enumerate(self.skeleton.places)
               if place.owner is None and (text := self.written(k)) is not None]
        if trg_lang and self.skeleton.declare is not None:
            out.extend(self.skeleton.declare(self.skeleton.text, trg_lang))
        return out


def write(corpus: Corpus, targets: Sequence[str | None], output: str | Path, *, trg_lang: str | None = None,
          **_: object) -> Path:
    """The document with the targets written into their places (None: the segment keeps its text) and the
    target language declared where the format has a place for it, in the document's own encoding."""
    writing = _Writing(corpus, targets)
    skeleton = writing.skeleton
    return write_atomic(output, _encoded(skeleton, writing.edits(trg_lang)))


def _encoded(skeleton: Skeleton, edits: list[Edit], size: int = 1 << 20) -> Iterator[bytes]:
    """What ``splice_text`` gives, encoded a piece of at most ``size`` characters at a time (never the whole
    document twice in memory; an incremental encoder, so that every codec writes what it would at once)."""
    encode = codecs.getincrementalencoder(skeleton.encoding)(skeleton.errors).encode
    text, at = skeleton.text, 0
    for start, end, replacement in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < at:  # pragma: no cover - a reader bug
            raise ValueError(f"overlapping edits at {start}")
        for piece in range(at, start, size):
            yield encode(text[piece:min(piece + size, start)])
        yield encode(replacement)
        at = end
    for piece in range(at, len(text), size):
        yield encode(text[piece:piece + size])
    yield encode("", True)
