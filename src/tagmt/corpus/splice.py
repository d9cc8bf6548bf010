"""Writing a resource file (PO, JSON, properties, Android, iOS, YAML) back by splicing: the reader keeps the
decoded text of the file and, for each segment, the span that holds its text (``Piece``); the writer
replaces only the spans of the targets it is given, so that everything else stays byte for byte.

A target equal to what its span holds already (``Piece.original``: the source of a monolingual file, the
existing translation of a PO entry) keeps the span's bytes as they are — a copy round trip gives the file
back byte-identical, escapes (``\\u00e9``, ``&#233;``) included. ``Tagged`` builds a segment's tagged string
from text and codes, protecting placeholders (``tagmt.corpus.placeholders``) in each piece of text.
Written here, not with the formats' libraries: none of them keeps the bytes between the values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from tagmt.atomic import write_atomic
from tagmt.corpus.model import PAIR, STANDALONE, Corpus, InlineCode
from tagmt.corpus.placeholders import protect
from tagmt.errors import TagmtError
from tagmt.xmltext import escape


@dataclass
class Piece:
    """The span ``[start, end)`` of the decoded file that a segment's target replaces: ``escape`` writes a
    piece of text as the format wants it; ``wrap`` (optional) shapes the whole rendered value (PO lines);
    ``original`` is the tagged string the span holds now (a target equal to it keeps the span's bytes)."""

    start: int
    end: int
    escape: Callable[[str], str]
    original: str | None
    wrap: Callable[[str], str] | None = None


@dataclass
class Skeleton:
    """A decoded file, its encoding (and byte-order mark), one ``Piece`` per segment and the spans that
    declare the target language (``declarations``: ``(start, end, make)``, written as ``make(trg_lang)``)."""

    text: str
    encoding: str = "utf-8"
    bom: bytes = b""
    pieces: list[Piece] = field(default_factory=list)
    declarations: list[tuple[int, int, Callable[[str], str]]] = field(default_factory=list)


def write(corpus: Corpus, targets: Sequence[str | None], output: str | Path, *, trg_lang: str | None = None,
          **_: object) -> Path:
    """The corpus's file with each given target spliced into its segment's span (see the module docstring),
    the target language declared where the format says it, in the file's own encoding, atomically."""
    skeleton: Skeleton = corpus.native
    edits: list[tuple[int, int, str]] = []
    for segment, piece, target in zip(corpus.segments, skeleton.pieces, targets):
        if target is None or target == piece.original:
            continue
        value = segment.render(target, piece.escape)
        edits.append((piece.start, piece.end, piece.wrap(value) if piece.wrap else value))
    if trg_lang:
        edits.extend((start, end, make(trg_lang)) for start, end, make in skeleton.declarations)
    edits.sort(key=lambda edit: (edit[0], edit[1]))
    return write_atomic(output, _chunks(skeleton, edits))


def _chunks(skeleton: Skeleton, edits: list[tuple[int, int, str]]) -> Iterator[bytes]:
    text, encoding = skeleton.text, skeleton.encoding
    yield skeleton.bom
    at = 0
    for start, end, value in edits:
        yield text[at:start].encode(encoding)
        try:
            yield value.encode(encoding)
        except UnicodeEncodeError as exc:
            raise TagmtError(f"a target holds {value[exc.start]!r}, which {encoding} cannot write; write the "
                             "file in UTF-8 first") from None
        at = end
    yield text[at:].encode(encoding)


def line_of(text: str, offset: int) -> int:
    """The 1-based line of ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1


class Tagged:
    """A segment's tagged string built piece by piece: ``text`` (plain; placeholders of ``kinds`` and
    ``regexes`` become ``<x/>`` codes whose original is ``raw(placeholder)``), ``code`` (a standalone code
    written as it is), ``start``/``end`` (a code with content: its open and close markup)."""

    def __init__(self, kinds: Sequence[str] = (), regexes: Sequence[str] = (),
                 raw: Callable[[str], str] = lambda s: s) -> None:
        self.kinds, self.regexes, self.raw = tuple(kinds), tuple(regexes), raw
        self.parts: list[str] = []
        self.codes: dict[tuple[str, str], InlineCode] = {}
        self._open: list[str] = []
        self._next = 1

    def text(self, plain: str) -> None:
        if not plain:
            return
        if not (self.kinds or self.regexes):
            self.parts.append(escape(plain))
            return
        tagged, codes = protect(plain, self.kinds, regexes=self.regexes, first_id=self._next)
        self.parts.append(tagged)
        for key, code in codes.items():
            self.codes[key] = InlineCode(code.placeholder, code.id, code.element, self.raw(code.open))
        self._next += len(codes)

    def code(self, markup: str, element: str = "ph") -> None:
        code_id = self._take()
        self.codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, element, markup)
        self.parts.append(f'<x id="{code_id}"/>')

    def start(self, open_markup: str, close_markup: str, element: str) -> None:
        code_id = self._take()
        self.codes[(PAIR, code_id)] = InlineCode(PAIR, code_id, element, open_markup, close_markup)
        self.parts.append(f'<g id="{code_id}">')
        self._open.append(code_id)

    def end(self) -> None:
        self._open.pop()
        self.parts.append("</g>")

    def result(self) -> tuple[str, dict[tuple[str, str], InlineCode]]:
        return "".join(self.parts), self.codes

    def _take(self) -> str:
        code_id = str(self._next)
        self._next += 1
        return code_id


def tagged(plain: str, kinds: Sequence[str] = (), regexes: Sequence[str] = (),
           raw: Callable[[str], str] = lambda s: s) -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """``plain`` as a tagged string with its placeholders as codes (``Tagged.text``)."""
    builder = Tagged(kinds, regexes, raw)
    builder.text(plain)
    return builder.result()


_X = re.compile(r'<x id="(\d+)"/>')


def like_source(tagged_text: str, codes: dict[tuple[str, str], InlineCode],
                source_codes: dict[tuple[str, str], InlineCode]) -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """A translation's tagged string whose placeholders take the ids of the source's placeholders written
    the same way (in order), so that source and reference show the same tags; the others get new ids."""
    free: dict[str, list[str]] = {}
    for (kind, code_id), code in source_codes.items():
        if kind == STANDALONE:
            free.setdefault(code.open, []).append(code_id)
    used = {code_id for _, code_id in source_codes}
    fresh = iter(str(n) for n in range(len(used) + 1, 10**9) if str(n) not in used)
    mapping: dict[str, str] = {}
    out: dict[tuple[str, str], InlineCode] = {}
    for (kind, code_id), code in codes.items():
        if kind != STANDALONE:
            continue
        ids = free.get(code.open)
        new = ids.pop(0) if ids else next(fresh)
        mapping[code_id] = new
        out[(STANDALONE, new)] = InlineCode(STANDALONE, new, code.element, code.open)
    return _X.sub(lambda m: f'<x id="{mapping.get(m.group(1), m.group(1))}"/>', tagged_text), out
