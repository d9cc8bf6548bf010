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

import codecs
import heapq
import re
from array import array
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from tagmt.atomic import write_atomic
from tagmt.corpus.model import PAIR, STANDALONE, Corpus, InlineCode
from tagmt.corpus.placeholders import compile_finder, protect
from tagmt.errors import TagmtError
from tagmt.xmltext import escape


#: The codes of a segment without any (read-only, shared).
NO_CODES: Mapping[tuple[str, str], InlineCode] = MappingProxyType({})


#: Markup inside a resource string (HTML ``<b>``, ``<a href="…">``, ``<br/>``; i18next's ``<0>…</0>``, ``<1/>``):
#: each tag a code of its own, by default, in JSON, YAML and properties values.
MARKUP = r"</?[A-Za-z][\w:.-]*(?:\s+[^<>]*?)?\s*/?>|</?\d+>|<\d+\s*/>"


#: ``Piece.original`` of a span that holds its segment's source (a monolingual file).
SOURCE = "\x00source"


@dataclass(slots=True)
class Piece:
    """How a span is written when it differs from its file's defaults: ``escape`` writes a piece of text as
    the format wants it; ``wrap`` (optional) shapes the whole rendered value (PO lines, YAML quoting);
    ``original`` is the tagged string the span holds now (``SOURCE``: its segment's source) — a target equal
    to it keeps the span's bytes."""

    escape: Callable[[str], str]
    original: str | None = SOURCE
    wrap: Callable[[str], str] | None = None


def same(text: str) -> str:
    return text


@dataclass
class Skeleton:
    """A decoded file, its encoding (and byte-order mark), the span ``[starts[k], ends[k])`` of segment k and
    the spans that declare the target language (``declarations``: ``(start, end, make)``, written as
    ``make(trg_lang)``). A span is written as ``default`` says unless ``special`` has a ``Piece`` for it (kept
    apart so that a file of many short strings holds two integers per segment, not an object)."""

    text: str
    encoding: str = "utf-8"
    bom: bytes = b""
    default: Piece = field(default_factory=lambda: Piece(same))
    starts: array = field(default_factory=lambda: array("q"))
    ends: array = field(default_factory=lambda: array("q"))
    special: dict[int, Piece] = field(default_factory=dict)
    declarations: list[tuple[int, int, Callable[[str], str]]] = field(default_factory=list)
    #: spans that declare the encoding written (a POT's ``charset=CHARSET``): replaced whenever a target is
    #: written, whether or not a target language is given
    encoding_declarations: list[tuple[int, int, str]] = field(default_factory=list)
    #: the spans were added in document order (else the writer sorts its edits)
    ordered: bool = True

    def add(self, start: int, end: int, piece: Piece | None = None) -> None:
        """The span of the next segment (``piece``: how it is written, when not as ``default``)."""
        if self.starts and start < self.ends[-1]:
            self.ordered = False
        if piece is not None and piece != self.default:
            self.special[len(self.starts)] = piece
        self.starts.append(start)
        self.ends.append(end)


def write(corpus: Corpus, targets: Sequence[str | None], output: str | Path, *, trg_lang: str | None = None,
          **_: object) -> Path:
    """The corpus's file with each given target spliced into its segment's span (see the module docstring),
    the target language declared where the format says it, in the file's own encoding, atomically."""
    skeleton: Skeleton = corpus.native
    declarations = sorted((start, end, make(trg_lang)) for start, end, make in skeleton.declarations) if trg_lang else []
    if skeleton.encoding_declarations and any(target is not None for target in targets):
        declarations = sorted(declarations + skeleton.encoding_declarations)
    edits = _edits(corpus, targets)
    if not skeleton.ordered:
        edits = iter(sorted(edits))
    return write_atomic(output, _chunks(skeleton, heapq.merge(edits, declarations), corpus.path))


def legacy_charset(corpus: Corpus) -> str | None:
    """The encoding a document is written back in (its skeleton's, as every document writer keeps one) when it
    is not a Unicode one (``iso-8859-2``, ``shift_jis``), else None."""
    encoding = getattr(corpus.native, "encoding", None)
    return None if encoding is None or codecs.lookup(encoding).name.startswith("utf") else encoding


def _edits(corpus: Corpus, targets: Sequence[str | None]) -> Iterator[tuple[int, int, str]]:
    """The new text of each span given a target that differs from what it holds, in document order."""
    skeleton: Skeleton = corpus.native
    special, default = skeleton.special, skeleton.default
    for k, (segment, target) in enumerate(zip(corpus.segments, targets)):
        if target is None:
            continue
        piece = special.get(k, default)
        if target == (segment.source if piece.original == SOURCE else piece.original):
            continue
        value = segment.render(target, piece.escape)
        yield skeleton.starts[k], skeleton.ends[k], piece.wrap(value) if piece.wrap else value


def _chunks(skeleton: Skeleton, edits: Iterable[tuple[int, int, str]], path: object = None) -> Iterator[bytes]:
    text, encoding = skeleton.text, skeleton.encoding
    yield skeleton.bom
    at = 0
    for start, end, value in edits:
        yield from _encoded(text, at, start, encoding)
        try:
            yield value.encode(encoding)
        except UnicodeEncodeError as exc:
            line = text.count("\n", 0, start) + 1
            raise TagmtError(f"{path or 'the document'}:{line}: the translation holds {value[exc.start]!r}, which "
                             f"the file's encoding {encoding} cannot write; convert the file to UTF-8 first "
                             f"(iconv -f {encoding} -t UTF-8, and its declared encoding)") from None
        at = end
    yield from _encoded(text, at, len(text), encoding)


def _encoded(text: str, start: int, end: int, encoding: str, size: int = 1 << 20) -> Iterator[bytes]:
    """``text[start:end]`` encoded in pieces of about ``size`` characters, each cut after a line break (where
    every codec, stateful ones too, is back in its first state): a file is never held twice more."""
    while end - start > size:
        cut = text.find("\n", start + size, end)
        if cut < 0:
            break
        yield text[start:cut + 1].encode(encoding)
        start = cut + 1
    yield text[start:end].encode(encoding)


def encoding_of(data: bytes, declared: str) -> tuple[str, bytes]:
    """The codec that writes ``data`` back chunk by chunk, and its byte-order mark: UTF-16/32 by their mark
    (a codec named without an order would write a mark before every chunk), UTF-8 with or without one."""
    for bom, codec in ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
                       (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            return codec, bom
    if declared in ("utf-16", "utf-32"):
        return declared + "-be", b""  # (no mark: big-endian, as the standard says)
    return declared, b""


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
        tagged, codes = _protect(plain, self.kinds, self.regexes, self._next)
        if any(code.open.startswith("<") for code in codes.values()):
            tagged, codes = pair_markup(tagged, codes)
        self.parts.append(tagged)
        for key, code in codes.items():
            raw, close = self.raw(code.open), self.raw(code.close) if code.close else ""
            self.codes[key] = code if (raw, close) == (code.open, code.close) else InlineCode(
                code.placeholder, code.id, code.element, raw, close)
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

    def result(self) -> tuple[str, Mapping[tuple[str, str], InlineCode]]:
        """The tagged string and its codes, read-only and shared between the segments that have the same
        (a file's strings without codes, or with only ``{{count}}``, hold one mapping, not one dict each)."""
        return "".join(self.parts), (_shared(tuple(self.codes.items())) if self.codes else NO_CODES)

    def _take(self) -> str:
        code_id = str(self._next)
        self._next += 1
        return code_id


#: One compiled finder per (kinds, regexes): a file of 100,000 strings asks 100,000 times.
_finder = lru_cache(maxsize=64)(compile_finder)


@lru_cache(maxsize=4096)
def _shared(items: tuple[tuple[tuple[str, str], InlineCode], ...]) -> Mapping[tuple[str, str], InlineCode]:
    return MappingProxyType(dict(items))


@lru_cache(maxsize=4096)
def _code(number: int, placeholder: str) -> InlineCode:
    """One shared (immutable) code per id and placeholder: ``%s`` as code 1 in 10,000 strings is one object."""
    return InlineCode(STANDALONE, str(number), "ph", placeholder)


def _protect(plain: str, kinds: tuple[str, ...], regexes: tuple[str, ...], first_id: int
             ) -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """``placeholders.protect`` with the finder compiled once (the same tags and codes; ICU, whose arguments
    may hold sub-messages, is left to ``protect`` itself)."""
    if "icu" in kinds:
        return protect(plain, kinds, regexes=regexes, first_id=first_id)
    finder = _finder(kinds, regexes)
    if finder is None:
        return escape(plain), {}
    out: list[str] = []
    codes: dict[tuple[str, str], InlineCode] = {}
    at = 0
    for match in finder.finditer(plain):
        start, end = match.span()
        code = _code(first_id + len(codes), match.group(0))
        out.append(escape(plain[at:start]))
        out.append(f'<{STANDALONE} id="{code.id}"/>')
        codes[code.key] = code
        at = end
    if not codes:
        return escape(plain), codes
    out.append(escape(plain[at:]))
    return "".join(out), codes


def tagged(plain: str, kinds: Sequence[str] = (), regexes: Sequence[str] = (),
           raw: Callable[[str], str] = lambda s: s) -> tuple[str, Mapping[tuple[str, str], InlineCode]]:
    """``plain`` as a tagged string with its placeholders as codes (``Tagged.text``)."""
    if not (kinds or regexes):
        return escape(plain), NO_CODES
    builder = Tagged(kinds, regexes, raw)
    builder.text(plain)
    return builder.result()


_X = re.compile(r'<x id="(\d+)"/>')


def like_source(tagged_text: str, codes: Mapping[tuple[str, str], InlineCode],
                source_codes: Mapping[tuple[str, str], InlineCode]) -> tuple[str, dict[tuple[str, str], InlineCode]]:
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


_MARKUP_TAG = re.compile(r"<(/?)([A-Za-z][\w:.-]*|\d+)[^<>]*?(/?)>\Z")


def pair_markup(tagged_text: str, codes: Mapping[tuple[str, str], InlineCode]
                ) -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """Markup codes that open and close one element (``<b>``…``</b>``, ``<0>``…``</0>``) properly nested in
    ``tagged_text`` made one pair code ``<g id>``…``</g>`` (projection keeps a pair around its words); the
    others stay standalone."""
    order = [m for m in _X.finditer(tagged_text)]
    stack: list[tuple[str, str]] = []
    pairs: dict[str, str] = {}
    for match in order:
        code = codes[(STANDALONE, match.group(1))]
        tag = _MARKUP_TAG.match(code.open)
        if tag is None or tag.group(3):
            continue
        if not tag.group(1):
            stack.append((tag.group(2), match.group(1)))
        elif stack and stack[-1][0] == tag.group(2):
            pairs[stack.pop()[1]] = match.group(1)
        else:
            stack.clear()
    if not pairs:
        return tagged_text, dict(codes)
    closers = {close: open_id for open_id, close in pairs.items()}
    out = {key: code for key, code in codes.items() if key[1] not in pairs and key[1] not in closers}
    for open_id, close_id in pairs.items():
        opening, closing = codes[(STANDALONE, open_id)], codes[(STANDALONE, close_id)]
        name = _MARKUP_TAG.match(opening.open).group(2)  # type: ignore[union-attr]
        out[(PAIR, open_id)] = InlineCode(PAIR, open_id, name, opening.open, closing.open)

    def swap(match: re.Match[str]) -> str:
        code_id = match.group(1)
        return f'<g id="{code_id}">' if code_id in pairs else "</g>" if code_id in closers else match.group(0)
    return _X.sub(swap, tagged_text), out
