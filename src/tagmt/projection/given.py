"""Given alignments: word links a user already has (ModernMT, fast_align, an MT model's attention), placed
without running any aligner.

`GivenAligner(alignment, source_tokens, target_tokens)` takes, per segment, one Pharaoh line (`0-0 1-2 …`:
source token i with target token j) and the segment's two sides as whitespace-separated tokens, the way the
aligner saw them (tags left out). It implements the projection's `Aligner` protocol (`align.Aligner`): the
projection hands it the pieces (sentence pairs, `sentencepairs.py`) of every tagged pair in order, as its own
words (`wordseg.py`), and it maps the tokens onto those words by character offsets, whitespace ignored: a word
is linked to a target word when a token overlapping the one is linked to a token overlapping the other (a
token over parts of two words links both; a word over two tokens takes the links of both). A link between two
sentence pieces of one segment has no place in either piece and is dropped.

Tokens are compared with the text character by character, skipping whitespace and format characters
(Unicode Cf) on both sides; a character matches itself, itself in another case, or its NFKC form
(SentencePiece normalises `…` to `...`, full-width letters to ASCII); the projection's stand-ins for
`& < >` (`standins.py`) match the characters; an unknown token (`<unk>`, `[UNK]`) stands for the text up
to the next token's characters. Tokenizer artefacts are undone in one place, `normalise_token`. A token that does not match the text is refused in one line naming the segment.

Which segment a piece belongs to: the projection reads only tagged pairs (`learns_from_corpus` is False),
so `translation.pipelines.project_translations` (which `tagmt project`, `tagmt.project` and the service call)
passes the sources through `reading`, which notes the tagged ones in order; an aligner used without it finds each segment by its text (the next
segment, at or after the last one, whose tokens begin with the piece's words).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from tagmt.errors import TagmtError
from tagmt.projection.detag import Detagged, SourceTag
from tagmt.projection.links import Links
from tagmt.registry import Needs
from tagmt.safeio import MAX_LINE_FILE_BYTES, decode_utf8, read_regular_file
from tagmt.xmltext import unescape

_MOSES_ESCAPES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'", "&#124;": "|",
                  "&#91;": "[", "&#93;": "]"}
_MOSES = re.compile("|".join(map(re.escape, _MOSES_ESCAPES)))
_MOSES_JOINER = re.compile(r"^@(\W)@$")  # `@-@` (tokenizer.perl -a), `@/@`, `@,@`: the mark alone
_STAND_INS = {"\ufdd0": "&", "\ufdd1": "<", "\ufdd2": ">"}
_PAIR = re.compile(r"^(\d+)-(\d+)$")


def normalise_token(token: str) -> str:
    """A token as text, its tokenizer's artefacts undone — the one place they are: Moses escapes (`&amp;`
    `&lt;` `&gt;` `&quot;` `&apos;` `&#124;` `&#91;` `&#93;`) as their characters, Moses' split marks `@-@`
    (any `@X@` of one non-word character) as the mark, SentencePiece's `▁` (U+2581) removed, WordPiece's `##`
    continuation prefix and subword-nmt's `@@` continuation suffix removed."""
    if len(token) > 2 and token.startswith("##"):
        token = token[2:]
    if len(token) > 2 and token.endswith("@@"):
        token = token[:-2]
    token = token.replace("\u2581", "")
    joiner = _MOSES_JOINER.match(token)
    if joiner:
        return joiner.group(1)
    return _MOSES.sub(lambda m: _MOSES_ESCAPES[m.group()], token) if "&" in token else token


def _skipped(char: str) -> bool:
    """Characters compared with nothing: whitespace and format characters (ZWJ, soft hyphen, BOM)."""
    return char.isspace() or unicodedata.category(char) == "Cf"


@dataclass(frozen=True)
class _Side:
    """One side of a segment as tokens: the normalised characters (whitespace and Cf left out), and for each
    the index of its token."""

    tokens: tuple[str, ...]
    chars: str
    owner: tuple[int, ...]

    @classmethod
    def of(cls, line: str) -> "_Side":
        tokens = tuple(line.split())
        chars: list[str] = []
        owner: list[int] = []
        for k, token in enumerate(tokens):
            text = normalise_token(token)
            for char in _UNK if text in UNKNOWN else text:
                if not _skipped(char):
                    chars.append(char)
                    owner.append(k)
        return cls(tokens, "".join(chars), tuple(owner))


UNKNOWN = frozenset(("<unk>", "<UNK>", "[UNK]"))
"""A subword vocabulary's unknown token: it stands for one or more characters of the text, whatever they are."""
_UNK = "\uffff"  # (a noncharacter: never in a token's own text)


def _advance(char: str, chars: str, q: int, inside: bool) -> tuple[int, int, int, bool] | None:
    """One text character against the token characters at `q`: the token characters it overlaps (`[a, b)`),
    where the next character is compared and whether that is inside an unknown token; None: no match. An
    unknown token covers the text up to the first character that matches what follows it."""
    if q < len(chars) and chars[q] == _UNK:
        if inside and q + 1 < len(chars):
            if chars[q + 1] == _UNK:  # the next unknown token begins here
                return q + 1, q + 2, q + 1, True
            n = _step(char, chars, q + 1, exact=True)  # (an unknown run may hold `I` before an `i`)
            if n >= 0:
                return q + 1, q + 1 + n, q + 1 + n, False
        return q, q + 1, q, True
    n = _step(char, chars, q)
    return None if n < 0 else (q, q + n, q + n, False)


def _past(chars: str, q: int, inside: bool) -> int:
    """Where the text's last character leaves the token characters: past an unknown token it ended inside."""
    return q + 1 if inside and q < len(chars) and chars[q] == _UNK else q


def _step(char: str, chars: str, q: int, exact: bool = False) -> int:
    """How many token characters at `q` the text character `char` matches (0: it is NFKC-normalised away), or
    -1: none; `exact`: in the same case only."""
    char = _STAND_INS.get(char, char)
    if q < len(chars) and (chars[q] == char or not exact and chars[q].lower() == char.lower()):
        return 1
    folded = "".join(c for c in unicodedata.normalize("NFKC", char) if not _skipped(c))
    if folded == char:
        return -1
    here = chars[q:q + len(folded)]
    return len(folded) if here == folded or not exact and here.lower() == folded.lower() else -1


@dataclass
class _Cursor:
    """How far the pieces read so far have consumed one segment's tokens."""

    k: int
    src: int = 0
    trg: int = 0
    pieces: int = 0


@dataclass
class _Segment:
    number: int  # 1-based, as the user counts lines or segments
    links: dict[int, list[int]]  # source token → its target tokens
    src: _Side
    trg: _Side


@dataclass
class GivenAligner:
    """Links given per segment (see the module docstring). `alignment`, `source_tokens`, `target_tokens`: one
    line per segment each (Pharaoh `i-j` pairs; whitespace-separated tokens). `names`: how messages name the
    three inputs; `numbers`: each segment's number in messages (default 1, 2, …)."""

    alignment: Sequence[str]
    source_tokens: Sequence[str]
    target_tokens: Sequence[str]
    names: tuple[str, str, str] = ("the alignment", "the source tokens", "the target tokens")
    numbers: Sequence[int] | None = None
    segments: list[_Segment] = field(init=False, repr=False)
    _expected: list[int] | None = field(init=False, default=None, repr=False)

    name = "given"
    learns_from_corpus = False
    needs = Needs()
    option_specs = ()

    def __post_init__(self) -> None:
        counts = (len(self.alignment), len(self.source_tokens), len(self.target_tokens))
        if len(set(counts)) > 1:
            raise TagmtError(
                f"{self.names[0]} has {counts[0]} lines, {self.names[1]} {counts[1]} and {self.names[2]} {counts[2]}: "
                "give one line per segment in each")
        numbers = list(self.numbers) if self.numbers is not None else list(range(1, counts[0] + 1))
        self.segments = [
            _parsed(number, line, _Side.of(src), _Side.of(trg), self.names)
            for number, line, src, trg in zip(numbers, self.alignment, self.source_tokens, self.target_tokens)
        ]

    def __len__(self) -> int:
        return len(self.segments)

    def for_segments(self, indices: Iterable[int]) -> "GivenAligner":
        """The same links for the segments `indices` alone, in that order (an XLIFF file's language pairs are
        projected one at a time); messages keep the segments' numbers."""
        chosen = [self.segments[k] for k in indices]
        part = GivenAligner.__new__(GivenAligner)
        part.alignment, part.source_tokens, part.target_tokens = (), (), ()
        part.names, part.numbers, part.segments, part._expected = self.names, None, chosen, None
        return part

    def reading(self, detagged: Iterable[Detagged]) -> Iterator[Detagged]:
        """`detagged` (the sources, in the segments' order) passed through as the projection reads them, noting
        which have tags: those are the pairs `align` will be given, in that order. A source whose tokens hold
        the text of its comments (the aligner read `<!-- a note -->` as words) has each such comment as a pair
        of codes, `<!--` and `-->`, around its text, which is then translated text like any other
        (`open_comments`)."""
        self._expected = []
        for k, source in enumerate(detagged):
            if k >= len(self.segments):
                raise TagmtError(f"{len(self.segments)} lines of given links but more segments than that: give "
                                 f"one line per segment in {self.names[0]}")
            if source.tags:
                self._expected.append(k)
                source = self._with_comments(k, source)
            yield source

    def _with_comments(self, k: int, source: Detagged) -> Detagged:
        """`source`, or its comments opened when the tokens hold their text and not the text without it."""
        opened = open_comments(source)
        if opened is source or self._covers(k, source.plain) or not self._covers(k, opened.plain):
            return source
        return opened

    def _covers(self, k: int, plain: str) -> bool:
        """Whether segment `k`'s source tokens are exactly the (escaped) source text `plain`."""
        chars = self.segments[k].src.chars
        return _walk([unescape(plain)], chars, 0) == len(chars)

    def align(self, src_words: Sequence[Sequence[str]], trg_words: Sequence[Sequence[str]]) -> list[Links]:
        """The given links on each pair of words (the pieces of the tagged pairs, in order)."""
        expected = iter(self._expected) if self._expected is not None else None
        cursor: _Cursor | None = None
        after = 0  # without `reading`: the next segment a piece may start
        out: list[Links] = []
        for p in range(len(src_words)):
            src, trg = src_words[p], trg_words[p]
            if cursor is None or self._done(cursor):
                if cursor is not None:
                    after = cursor.k + 1
                k = self._next(expected, after, src, trg)
                cursor = _Cursor(k)
            out.append(self._piece(cursor, src, trg))
        if cursor is not None and not self._done(cursor):
            self._left_over(cursor)
        return out

    # ------------------------------------------------------------------ matching

    def _done(self, cursor: _Cursor) -> bool:
        segment = self.segments[cursor.k]
        return cursor.pieces > 0 and cursor.src == len(segment.src.chars) and cursor.trg == len(segment.trg.chars)

    def _next(self, expected: Iterator[int] | None, after: int, src: Sequence[str], trg: Sequence[str]) -> int:
        """The segment a piece that starts a segment belongs to."""
        if expected is not None:
            k = next(expected, None)
            if k is None:
                raise TagmtError(f"more sentence pairs to align than the {len(self.segments)} segments of given "
                                 f"links hold (tagged examples cannot be aligned with {self.names[0]})")
            return k
        first = None  # the first segment whose source tokens begin with the piece's words
        for k in range(after, len(self.segments)):
            segment = self.segments[k]
            if _walk(src, segment.src.chars, 0) is not None:
                if _walk(trg, segment.trg.chars, 0) is not None:
                    return k
                first = k if first is None else first
        if first is not None:
            self._map(self.segments[first], 2, trg, 0)  # (raises: names the token that differs)
        shown = " ".join(src)[:60]
        since = f" after segment {self._number(after - 1)}" if after else ""
        raise TagmtError(f"the source text {shown!r} is in no segment of {self.names[1]}{since}: give the tokens "
                         "of each segment's source text, in order, as the aligner saw them")

    def _number(self, k: int) -> int:
        return self.segments[k].number

    def _piece(self, cursor: _Cursor, src: Sequence[str], trg: Sequence[str]) -> Links:
        """The links of one piece; the cursor moves past its characters."""
        segment = self.segments[cursor.k]
        src_map, cursor.src = self._map(segment, 1, src, cursor.src)
        trg_map, cursor.trg = self._map(segment, 2, trg, cursor.trg)
        cursor.pieces += 1
        links: Links = set()
        for i, words in src_map.items():
            for j in segment.links.get(i, ()):
                for v in trg_map.get(j, ()):
                    links.update((w, v) for w in words)
        return links

    def _map(self, segment: _Segment, which: int, words: Sequence[str], q: int) -> tuple[dict[int, set[int]], int]:
        """Token index → the piece's words it overlaps, and where the piece ends in the tokens' characters."""
        side = segment.src if which == 1 else segment.trg
        found: dict[int, set[int]] = {}
        inside = False
        for w, word in enumerate(words):
            for char in word:
                if _skipped(char):
                    continue
                step = _advance(char, side.chars, q, inside)
                if step is None:
                    self._mismatch(segment, which, word, q)
                a, b, q, inside = step  # type: ignore[misc]
                for owner in side.owner[a:b]:
                    found.setdefault(owner, set()).add(w)
        return found, _past(side.chars, q, inside)

    def _mismatch(self, segment: _Segment, which: int, word: str, q: int) -> None:
        side = segment.src if which == 1 else segment.trg
        text = "source text" if which == 1 else "translation"
        if q >= len(side.chars):
            raise TagmtError(f"segment {segment.number}: the {text}'s word {word!r} is in no token of "
                             f"{self.names[which]} (its tokens end before it): give the tokens of the whole "
                             f"{text}, as the aligner saw it")
        token = side.tokens[side.owner[q]]
        raise TagmtError(f"segment {segment.number}: token {token!r} of {self.names[which]} is not in the {text} "
                         f"(the {text} has {word!r} there): give the tokens of this {text}, as the aligner saw it")

    def _left_over(self, cursor: _Cursor) -> None:
        segment = self.segments[cursor.k]
        for which, side, q in ((1, segment.src, cursor.src), (2, segment.trg, cursor.trg)):
            if q < len(side.chars):
                text = "source text" if which == 1 else "translation"
                raise TagmtError(f"segment {segment.number}: token {side.tokens[side.owner[q]]!r} of "
                                 f"{self.names[which]} is not in the {text} (the {text} ends before it): give "
                                 f"the tokens of this {text}, as the aligner saw it")


def covers(tokens: str, text: str) -> bool:
    """Whether the whitespace-separated `tokens` (a line of one side) spell `text` exactly, as `GivenAligner`
    compares them (whitespace and Cf aside, case and NFKC tolerated, artefacts undone)."""
    chars = _Side.of(tokens).chars
    return _walk([text], chars, 0) == len(chars)


def _walk(words: Sequence[str], chars: str, q: int) -> int | None:
    """Where `words` end in `chars` when they match from `q`; None when they do not."""
    inside = False
    for word in words:
        for char in word:
            if _skipped(char):
                continue
            step = _advance(char, chars, q, inside)
            if step is None:
                return None
            _, _, q, inside = step
    return _past(chars, q, inside)


def open_comments(source: Detagged) -> Detagged:
    """`source` with each comment (a point whose code is `<!--text-->`) as a pair of codes `<!--` … `-->` around
    its text, put into the plain text where the comment was; `source` itself when it has no comment. Offsets
    move in document order: a tag after a comment (or around it) moves by (or grows by) the text put in."""
    if not any(not tag.close and tag.open.startswith("<!--") for tag in source.walk()):
        return source
    shift = 0
    pieces: list[str] = []
    done = 0  # the plain text copied so far

    def moved(tag: SourceTag) -> SourceTag:
        nonlocal shift, done
        if not tag.close and tag.open.startswith("<!--") and tag.open.endswith("-->") and len(tag.open) >= 7:
            text = tag.open[4:-3]
            pieces.append(source.plain[done:tag.start])
            pieces.append(text)
            done = tag.start
            start = tag.start + shift
            shift += len(text)
            return SourceTag("<!--", "-->", start, start + len(text))
        start = tag.start + shift
        children = tuple(moved(child) for child in tag.children)  # (depth: at most detag.MAX_DEPTH)
        return SourceTag(tag.open, tag.close, start, tag.end + shift, children)

    tags = tuple(moved(tag) for tag in source.tags)
    pieces.append(source.plain[done:])
    return Detagged("".join(pieces), tags)


def _parsed(number: int, line: str, src: _Side, trg: _Side, names: tuple[str, str, str]) -> _Segment:
    """One segment's links, each checked against its tokens."""
    links: dict[int, list[int]] = {}
    for pair in line.split():
        match = _PAIR.match(pair)
        if match is None:
            raise TagmtError(f"segment {number}: {pair!r} in {names[0]} is not a Pharaoh link i-j (source token i, "
                             "target token j, counted from 0)")
        i, j = int(match.group(1)), int(match.group(2))
        for index, side, name, what in ((i, src, names[1], "source"), (j, trg, names[2], "target")):
            if index >= len(side.tokens):
                raise TagmtError(f"segment {number}: link {pair} of {names[0]} points past the {what} tokens: "
                                 f"{name} has {len(side.tokens)} tokens there (0-{len(side.tokens) - 1})")
        links.setdefault(i, []).append(j)
    return _Segment(number, links, src, trg)


def read_given(alignment: str | Path, source_tokens: str | Path, target_tokens: str | Path) -> GivenAligner:
    """A `GivenAligner` from three line files (`--alignment FILE --tokens SRC.tok TRG.tok`), read through
    `safeio`; messages name the files."""
    lines = [_lines(path) for path in (alignment, source_tokens, target_tokens)]
    names = (f"--alignment {alignment}", f"--tokens {source_tokens}", f"--tokens {target_tokens}")
    return GivenAligner(*lines, names=names)


def _lines(path: str | Path) -> list[str]:
    data = read_regular_file(path, what="line file", limit=MAX_LINE_FILE_BYTES)
    text = decode_utf8(data, path, what="line file")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
