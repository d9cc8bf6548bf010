"""Standalone codes (a point: `<x/>`, `<ph/>`, a `<bx/>`/`<ex/>` half, a footnote marker) that the word links
cannot place exactly: where the source itself says which side of a copied number, or which gap, a code belongs to.

1. **A code glued to a number.** A point written with no space against a run of characters that holds a digit
   (a section number `2.1.1.<x/>`, `(11)<x/>`, `Article 5<x/>`, `<x/>2019`) belongs to that run: when the
   translation writes the run verbatim, the point goes to the same side of the copy, touching it. The run is
   everything from the point to the nearest space, so the source's punctuation decides: `2.1.1.<x/>` puts the
   code after the copy's final dot, `2.1.1<x/>.` before it. Which copy: the k-th when the translation writes the
   run as often as the source does (the k-th source occurrence), else the copy nearest the point as placed. A run
   of letters only (`document<x/>.`) is a word, which the translation changes: left to the links (`points.py`).
   The copy's token is the number's: where the target writes ordinals with a dot (`Profile.ordinal_dot`:
   Hungarian, Finnish, German…) a dot right after the copy and before a word is the number's own (`5.<x/> cikk`,
   `17.<x/> Dezember` for `Article 5<x/>`, `17<x/> December`), unless the source writes a sentence's end after the
   code; a copy written as the start of a longer token goes whole (`1303/2013/EU<x/>` for `No 1303/2013<x/>`, a case
   ending `2019-es<x/>`, Finnish `2013:n<x/>`): a code never cuts a token the source does not cut.
2. **A hole after wide punctuation.** Japanese and Chinese write no space after their full-width punctuation
   inside a sentence (`、` `，` `：`; after `。` a paragraph may keep the space between its sentences); a
   translation that has one (`ステータスが変更されると、 アプリを`) kept the space of a code that stood there
   in the text the translator saw. The points written with a space beside them in the source (not against a
   sibling tag), placed elsewhere, go into such holes in order — only when there are as many holes as such
   points, so that one reading pairs them; the point is written right after the mark (`、<xref/> アプリ`).
   Words written with spaces have such holes too: two spaces after a word (`permiten  y`), a space between a
   word and a full stop or comma (`y .`) — `sólo se permiten <em/> y <code/>.` — or a space before a closing bracket
   (`(, )` for `(<ul/>, <ol/>)`) or right after a list's comma (`（、）`); only where each such hole of the source's text is a point's place (a source that
   writes two spaces of its own may be copied so).
3. **A code before a gloss.** A point written after a space and right before a bracketed gloss (`see <xref/>
   (documentation for …)`, a link and what it is) stays before the gloss's translation, wherever the words move
   it (`자세한 내용은 <xref/>(…의 문서)에서 확인`): right before the k-th opening bracket of the translation for the
   k-th of the source, when both write as many; a point already in the whitespace before it is left there.

A move never leaves the point's parent span nor enters a sibling's. Hand-made cases: tests/projection/
test_standalone_codes.py.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from tagmt.projection.edges import Span
from tagmt.projection.pointmoves import free, has_points, move, word_char

if TYPE_CHECKING:
    from tagmt.projection.context import PairContext


def place_standalone(spans: list[Span], ctx: "PairContext") -> list[Span]:
    """`spans` with their points moved by the rules of the module docstring."""
    if not spans or not has_points(ctx):
        return spans
    plain, text = ctx.plain, ctx.translation
    points = {tag.start for tag in ctx.detagged.walk() if tag.start == tag.end}
    own = any(_spaced_hole(plain, x) and x not in points for x in range(1, len(plain)))
    ordinal_dot = ctx.trg_profile is not None and ctx.trg_profile.ordinal_dot
    _walk(spans, None, plain, text, {}, (not own, ordinal_dot))
    return spans


def _walk(nodes: list[Span], parent: Span | None, plain: str, text: str, found: dict[str, list[int]],
          ways: tuple[bool, bool]) -> None:
    """`ways`: whether the translation's spaced holes count (rule 2), whether it writes ordinals with a dot (rule 1)."""
    spaced_holes, ordinal_dot = ways
    lo, hi = (parent.start, parent.end) if parent is not None else (0, len(text))
    edges = {x for node in nodes if not node.point for x in (node.tag.start, node.tag.end)}
    spaced: list[Span] = []
    for node in nodes:
        if node.point and node.tag.start == node.tag.end:
            moved = _by_number(node, plain, text, found, ordinal_dot)
            if moved is not None and free(moved, node, nodes, (lo, hi), onto_points=True):
                move(node, moved)
            elif moved is None and _spaced(node.tag.start, plain) and node.tag.start not in edges:
                spaced.append(node)
        _walk(node.children, node, plain, text, found, ways)
    _into_holes(spaced, nodes, text, (lo, hi), spaced_holes)
    for node in spaced:
        x = _before_gloss(node, plain, text)
        if x is not None and free(x, node, nodes, (lo, hi), onto_points=True):
            move(node, x)


# ---------------------------------------------------------------------------------- 1. glued to a number

def _by_number(node: Span, plain: str, text: str, found: dict[str, list[int]], ordinal_dot: bool = False
               ) -> int | None:
    """Where the point goes by the number run it is glued to (rule 1), or None when none applies."""
    x = node.tag.start
    left = _run(plain, x, -1)
    if left and _has_digit(left):
        copy = _copy(left, x - len(left), plain, text, found, node.start)
        if copy is None:
            return _token_end(left, x - len(left), plain, text, node.start)
        end = copy + len(left)
        if ordinal_dot and _ordinal(text, end) and plain[x:x + 1] not in _SENTENCE_ENDS:
            return end + 1  # the number's own dot (`5.<x/> cikk` for `Article 5<x/>`)
        return end
    if left:
        return None  # glued to a word: the links decide
    right = _run(plain, x, 1)
    if right and _has_digit(right):
        return _copy(right, x, plain, text, found, node.start)
    return None


def copies_number(plain: str, x: int, text: str) -> bool:
    """Whether the point at `x` is glued to the end of a number run (rule 1) that `text` writes verbatim: that
    point is this module's, not a footnote marker's of `footnotes.py`."""
    left = _run(plain, x, -1)
    return bool(left) and _has_digit(left) and x - len(left) in _occurrences(left, plain) \
        and bool(_occurrences(left, text))


def _run(plain: str, x: int, step: int) -> str:
    """The characters from `x` to the nearest whitespace, backwards (`step` -1) or forwards (1)."""
    if step < 0:
        a = x
        while a > 0 and not plain[a - 1].isspace():
            a -= 1
        return plain[a:x]
    b = x
    while b < len(plain) and not plain[b].isspace():
        b += 1
    return plain[x:b]


def _has_digit(run: str) -> bool:
    return any(unicodedata.category(c) == "Nd" for c in run)


def _copy(run: str, at: int, plain: str, text: str, found: dict[str, list[int]], near: int) -> int | None:
    """The start of the translation's copy of the source run `plain[at:at+len(run)]` (module docstring)."""
    if run not in found:
        found[run] = _occurrences(run, text)
    copies = found[run]
    if not copies:
        return None
    in_source = _occurrences(run, plain)
    if at not in in_source:  # the run is part of a longer token (`2019<x/>alpha`): copied-cuts and links decide
        return None
    if len(in_source) == len(copies):
        return copies[in_source.index(at)]
    return min(copies, key=lambda start: (min(abs(start - near), abs(start + len(run) - near)), start))


def _occurrences(run: str, text: str) -> list[int]:
    """Where `text` writes `run` not as part of a longer number or word: no letter or digit right before
    it, and none right after it when the run ends with one (`2.1.` may be followed by a word: `2.1.TOR`), nor a
    joining mark and a letter or digit (`1303/2013/EU`, which Hungarian writes for `No 1303/2013`)."""
    found, start = [], text.find(run)
    while start >= 0:
        end = start + len(run)
        before = text[start - 1] if start > 0 else " "
        after = text[end] if end < len(text) else " "
        joined = after in _JOINING and end + 1 < len(text) and word_char(text[end + 1])
        if not word_char(before) and not (word_char(run[-1]) and (word_char(after) or joined)):
            found.append(start)
        start = text.find(run, start + 1)
    return found


_JOINING = "/-\u2010\u2011\u2013"
"""Marks that join a number to more of its token (`1303/2013/EU`, `2015-2017`)."""


_SENTENCE_ENDS = ".!?"


def _ordinal(text: str, end: int) -> bool:
    """Whether the copy of a number ending at `end` is written as an ordinal: a dot right after it, then a space and a
    word (`5. cikk`, `2013. december 17.`, `17. Dezember`), where the source writes no sentence's end after the code
    (the caller checks: `… is 5<x/>. Then …` keeps its code before the dot)."""
    rest = text[end:end + 3]
    return len(rest) == 3 and rest[0] == "." and rest[1].isspace() and word_char(rest[2])


def _token_end(run: str, at: int, plain: str, text: str, near: int) -> int | None:
    """Rule 1 where the translation writes the source's number run as the start of a longer token (`1303/2013/EU`
    for `No 1303/2013<x/>`, a case ending `2013-ban`, `2013:n`): the point, glued to the end of the source's token,
    goes to the end of the translation's (a code never cuts a token the source does not cut); None when the
    translation writes no such token, or the run is not a token of the source."""
    if not word_char(run[-1]) or at not in _occurrences(run, plain):
        return None
    ends = []
    start = text.find(run)
    while start >= 0:
        end = start + len(run)
        if (start == 0 or not word_char(text[start - 1])) and end + 1 < len(text) \
                and text[end] in _JOINING + ":" and word_char(text[end + 1]):
            while end < len(text) and (word_char(text[end]) or (
                    text[end] in _JOINING + ":" and end + 1 < len(text) and word_char(text[end + 1]))):
                end += 1
            ends.append(end)
        start = text.find(run, start + 1)
    if not ends:
        return None
    in_source = _occurrences(run, plain)
    if len(in_source) == len(ends):
        return ends[in_source.index(at)]
    return min(ends, key=lambda end: (abs(end - near), end))




# ---------------------------------------------------------------------------------- 2. holes after wide marks

def _spaced(x: int, plain: str) -> bool:
    """A point with whitespace on at least one side in the source."""
    return (x > 0 and plain[x - 1].isspace()) or (x < len(plain) and plain[x].isspace())


def _wide_mark(char: str) -> bool:
    """Full-width punctuation inside a sentence (`、` `，` `：`): after it Japanese and Chinese write no space. Not
    a sentence's end (`。` `！` `？`): a paragraph of several sentences may keep the space between them."""
    if unicodedata.category(char)[0] != "P" or unicodedata.east_asian_width(char) not in ("W", "F"):
        return False
    return not any(word in unicodedata.name(char, "") for word in ("FULL STOP", "EXCLAMATION", "QUESTION"))


def _holes(text: str, lo: int, hi: int, spaced_holes: bool) -> list[int]:
    """The offsets right after a wide punctuation mark followed by whitespace, and the spaced holes
    (`_spaced_hole`) where `spaced_holes`, inside `[lo, hi]`."""
    first, last = max(lo, 1), min(hi, len(text) - 1)
    found = [x for x in range(first, last + 1) if _wide_mark(text[x - 1]) and text[x].isspace()]
    if spaced_holes:  # (a search, not a call a character: linear in few steps)
        found = sorted(set(found) | {m.start() for m in _SPACED_HOLE.finditer(text, first, last + 1)
                                     if _spaced_hole(text, m.start())})
    return found


_SPACED_HOLE_MARKS = ".,。，、．"
"""Full stops and commas: no language puts a space before one (French does before `: ; ! ?`)."""


def _spaced_hole(text: str, x: int) -> bool:
    """A hole in words written with spaces: between two spaces after a word (`permiten  y`; not after a sentence's
    end, where some writers put two), or between a space after a word and a full stop or comma (`y .`, `和 。`), or
    between a space after a word or a comma and a closing bracket (`목록(, )과` for `(<ul/>, <ol/>)`: no language
    writes a space before a closing bracket), or between a list's comma and a closing bracket (`リスト（、）`: no list
    ends with its comma)."""
    if text[x] in _CLOSING_BRACKETS and text[x - 1] in _LIST_MARKS:
        return True
    if not (text[x - 1] in _SPACES and x >= 2):
        return False
    if text[x] in _CLOSING_BRACKETS:
        return word_char(text[x - 2]) or text[x - 2] in _LIST_MARKS
    return word_char(text[x - 2]) and (text[x] in _SPACES or text[x] in _SPACED_HOLE_MARKS)


_CLOSING_BRACKETS = ")]）］"
_LIST_MARKS = ",;，；、"
_SPACES = " \xa0\u202f"
_SPACED_HOLE = re.compile("(?<=[ \xa0\u202f])(?=[ \xa0\u202f.,。，、．)\\]）］])|(?<=[,;，；、])(?=[)\\]）］])")
"""Spaces within a line, the no-break ones too (Polish writes one after `i`: `i\xa0.`); no line breaks."""


def _into_holes(spaced: list[Span], nodes: list[Span], text: str, bounds: tuple[int, int], spaced_holes: bool
                ) -> None:
    """Rule 2: the spaced points not in a hole take the holes no point holds, in order, when they are as many; points
    of different places in the source that share one hole wait too, and their hole is open."""
    lo, hi = bounds
    holes = _holes(text, lo, hi, spaced_holes)
    if not holes or not spaced:
        return
    sharing: dict[int, set[int]] = {}
    for node in spaced:
        sharing.setdefault(node.start, set()).add(node.tag.start)
    shared = {x for x in holes if len(sharing.get(x, ())) > 1}
    held = {node.start for node in nodes if node.point} - shared
    open_holes = [x for x in holes if x not in held]
    waiting = sorted((node for node in spaced if node.start not in holes or node.start in shared),
                     key=lambda node: node.order)
    if not open_holes or len(open_holes) != len(waiting):
        return
    for node, x in zip(waiting, open_holes):
        if free(x, node, nodes, (lo, hi), onto_points=True):
            move(node, x)


# ---------------------------------------------------------------------------------- 3. before a gloss

_OPENING = "(（["


def _before_gloss(node: Span, plain: str, text: str) -> int | None:
    """Rule 3: where a point written after a space and before a bracketed gloss (`see <xref/> (the guide)`)
    goes — right before the translation's k-th opening bracket, the k-th of the source's, when both write as
    many; None when the point already stands in the whitespace before it, after wide punctuation (rule 2), or
    when the rule does not apply."""
    x = node.tag.start
    if x > 0 and not plain[x - 1].isspace():
        return None
    rest = plain[x:].lstrip()
    if not rest or rest[0] not in _OPENING:
        return None
    source = [k for k, c in enumerate(plain) if c in _OPENING]
    target = [k for k, c in enumerate(text) if c in _OPENING]
    at = len(plain) - len(rest)
    if len(source) != len(target) or at not in source:
        return None
    bracket = target[source.index(at)]
    start = bracket
    while start > 0 and text[start - 1].isspace():
        start -= 1
    if start <= node.start <= bracket or (start > 0 and _wide_mark(text[start - 1]) and node.start == start):
        return None
    return bracket


# ---------------------------------------------------------------------------------- moving a point


