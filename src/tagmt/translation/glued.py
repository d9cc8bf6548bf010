"""Placeholders glued to a token the translation copies (`0x%lx`, `--%s`, `uid=%s`, `%X/%X`, `%s()`), and the
spaces a source itself opens or closes with: two things the text of a translation that lost its placeholders
shows in every language, before any grammar (issue 32, `phrase_points.restore`).

A placeholder written with no space on one side at least is part of a run of characters without spaces
(`0x%lx`, `(%A+0x%lx):`). Translators copy such runs as they are — codes, options, hex prefixes, paths,
`key=value` — so the run without its placeholders (`0x`, `(+0x):`) is in the translation: where it stands
there exactly as often as in the source (bounded the same way: by a space, an end, a character outside ASCII,
a clause's punctuation, or ASCII punctuation before a letter or digit), the i-th copy for the i-th (a run written twice only where its
placeholders' arguments come in order: `%s`, not `%1$s`, which a translation may swap), each placeholder goes to the same
place inside it (`0x値` → `0x%02x値`). Where the whole run is not copied, its parts are tried, longest first, cut where letters or digits meet other
characters (`(size=0x%x)` → `(サイズ=0x%x)`: the part `0x)`; `FILE=%s,` → `FILE=%s で`: `FILE=`). A run
the translation writes another number of times than the source says nothing;
punctuation alone (`%s:`, `--%s`) is a copy only where a space or an end stands on the side the placeholder
was glued to, as in the source (`: エラー` is one, `…でした:` after a Japanese verb is not), or between two
placeholders (`%X/%X`).

A source that opens or ends with spaces (`  Date %s`, `%s: Error: `) has them in its translation too: those
spaces are no gap a placeholder left (:func:`own_edges`).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from tagmt.translation.pins import IN_ORDER
from tagmt.xmltext import unescape

#: English punctuation that ends a clause: a translation writes its own (`%X/%X:` → `%X/%Xの`).
CLAUSE_ENDS = ".,;:!?"


def _edge_ok(neighbour: str, edge: str) -> bool:
    """Whether ``neighbour`` (a character next to a copy, or "" at an end) bounds it, ``edge`` the copy's
    character on that side."""
    if not neighbour or neighbour.isspace() or not neighbour.isascii() or neighbour in CLAUSE_ENDS:
        return True
    return not neighbour.isalnum() and edge.isascii() and edge.isalnum()


def occurrences(text: str, run: str) -> list[int]:
    """Where ``run`` stands in ``text`` as a whole (:func:`_edge_ok` on both sides), not overlapping."""
    found: list[int] = []
    at = text.find(run)
    while at >= 0:
        end = at + len(run)
        if _edge_ok(text[at - 1] if at else "", run[0]) and _edge_ok(text[end] if end < len(text) else "", run[-1]):
            found.append(at)
            at = text.find(run, end)
        else:
            at = text.find(run, at + 1)
    return found


def glued_points(text: str, groups: Sequence[Sequence[str]], where: Mapping[int, int], source_text: str,
                 starts: Mapping[str, int], texts: Mapping[str, str], escaped: bool) -> tuple[dict[int, int], set[int]]:
    """Per group glued to a run the translation ``text`` copies (module docstring), its offset in ``text``;
    and the offsets the copies cover (no other placeholder goes inside one). ``source_text``: the source
    without its placeholders, ``starts`` each placeholder's offset there, ``texts`` its text (escaped XML
    text when ``escaped``)."""
    natural = unescape if escaped else (lambda s: s)
    runs: dict[tuple[int, int], list[int]] = {}
    for k in where:
        at = starts.get(groups[k][0])
        if at is None:
            continue
        a = at
        while a > 0 and not source_text[a - 1].isspace():
            a -= 1
        b = at
        while b < len(source_text) and not source_text[b].isspace():
            b += 1
        if a < b:
            runs.setdefault((a, b), []).append(k)
    placed: dict[int, int] = {}
    covered: set[int] = set()
    whole = natural(source_text)
    for (a, b), members in runs.items():
        offsets = {starts[groups[k][0]] for k in members}
        in_order = all(IN_ORDER.fullmatch(texts.get(tag, "")) for k in members for tag in groups[k])
        for x, y in _parts(source_text, a, b, min(offsets), max(offsets)):
            run = natural(source_text[x:y])
            in_source, in_target = occurrences(whole, run), occurrences(text, run)
            if not any(char.isalnum() for char in run) and not (x in offsets and y in offsets):
                # punctuation alone (`%s:` → `…でした:`) is a copy only spaced as in the source on its glued side
                in_target = [at for at in in_target if _spaced(text, at, at + len(run), x in offsets, y in offsets)]
            mine = len(natural(source_text[:x]))
            # the i-th copy holds the i-th only where the arguments come in order (`%s`, not `%1$s`)
            if len(in_source) == len(in_target) and mine in in_source and (len(in_source) == 1 or in_order):
                copy = in_target[in_source.index(mine)]
                for k in members:
                    placed[k] = copy + len(natural(source_text[x:starts[groups[k][0]]]))
                covered |= set(range(copy + 1, copy + len(run))) | {placed[k] for k in members}
                break
    return placed, covered


#: At most this many parts of one run are tried (bounded work a run).
MAX_PARTS = 24


def _parts(text: str, a: int, b: int, first: int, last: int) -> list[tuple[int, int]]:
    """The parts of the run ``text[a:b]`` that hold its placeholders (offsets ``first`` to ``last``), longest
    first: the whole run, then cut where letters or digits meet other characters or before a clause's
    punctuation (`(size=0x)` → `0x)`, `FILE=,` → `FILE=`, `/:` → `/`): a translation copies the code and rewrites the English around it."""
    cuts = [k for k in range(a + 1, b) if text[k - 1].isalnum() != text[k].isalnum() or text[k] in CLAUSE_ENDS]
    lefts = [a, *(k for k in cuts if k <= first)]
    rights = [b, *(k for k in cuts if k >= last)]
    parts = sorted({(x, y) for x in lefts for y in rights if x < y and text[x:y].strip()},
                   key=lambda part: (part[0] - part[1], part[0]))
    return parts[:MAX_PARTS]


def _spaced(text: str, start: int, end: int, left: bool, right: bool) -> bool:
    """Whether the copy ``text[start:end]`` has a space or an end on the sides (``left``, ``right``) a
    placeholder was glued to."""
    return (not left or start == 0 or text[start - 1] == " ") and (not right or end == len(text) or text[end] == " ")


def own_edges(text: str, source_text: str, first: int | None, last: int | None) -> tuple[int, int]:
    """How many of the spaces ``text`` opens and ends with are the source's own (``source_text``: the source
    without its placeholders, ``first``/``last`` the offsets of its first and last placeholder there): all of
    them on a side where the source has spaces before its first placeholder (after its last), none else."""
    lead = len(text) - len(text.lstrip(" ")) if first and source_text[:1].isspace() else 0
    rest = text[lead:]
    trail = len(rest) - len(rest.rstrip(" ")) \
        if last is not None and last < len(source_text) and source_text[-1:].isspace() else 0
    return lead, trail
