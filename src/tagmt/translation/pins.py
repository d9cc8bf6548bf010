"""Stand-ins for standalone codes in the plain text an MT reads (detag-and-project), and pins: a code whose
stand-in (or placeholder text) the translation holds goes exactly where the translation has it.

Detag removes every tag from the text the MT reads, so ``Click <ph id="1">…</ph> to upload`` reached it as
``Click  to upload`` and ``Delete %1$s?`` (with ``--placeholders``) as ``Delete ?``. Here each standalone
code of a segment gets a stand-in in that text: a placeholder its own text (``%1$s``, ``{count}``), any other
standalone code a neutral token ``{N}`` (N the first number whose token the text does not hold) that MT
systems copy as they copy placeholders. After the MT, :func:`pin` takes each stand-in out of the translation
(the first unused occurrence), remembers where it was and takes its code out of the source's tree, so that
the projection places the other tags; :func:`unpin` then puts each pinned code where its stand-in was. A
stand-in the MT dropped leaves its code to the projection, as before. The translation's text is never
altered: only the stand-ins are taken out of it.

The same pins put placeholders back when a translation already holds them as text (``tagmt project`` with
``--placeholders``: MT lines written from ``tagmt views --view plain``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from tagmt.corpus.model import STANDALONE, InlineCode, placeholder_id
from tagmt.markup import tokenize
from tagmt.projection import Detagged, SourceTag
from tagmt.xmltext import unescape

#: A code's place in the translation: (offset in the translation without its stand-ins, the tag's text, the
#: start and end tags of the element it was the only content of, or None).
Pin = tuple[int, str, "tuple[str, str] | None"]
_REFERENCE = re.compile(r"&(?:#\d+|#[xX][0-9A-Fa-f]+|\w+);")


def points(detagged: Detagged) -> list[SourceTag]:
    """The point tags of ``detagged`` (standalone codes, halves, unpaired tags), in document order."""
    return [tag for tag in detagged.walk() if not tag.close and tag.start == tag.end]


def _code(tag: SourceTag, codes: Mapping[tuple[str, str], InlineCode]) -> InlineCode | None:
    token = tokenize(tag.open, orphans=True)
    if len(token) != 1 or token[0].kind != "empty" or token[0].name != STANDALONE:
        return None
    return codes.get((STANDALONE, placeholder_id(tag.open) or ""))


def is_placeholder(code: InlineCode) -> bool:
    """A placeholder made by ``tagmt.corpus.placeholders`` (its ``open`` is text, not markup)."""
    return code.element == "ph" and not code.open.lstrip().startswith("<")


def stand_ins(detagged: Detagged, codes: Mapping[tuple[str, str], InlineCode], plain: str, *,
              neutral: bool = True) -> list[str | None]:
    """One stand-in per point of ``detagged`` (None: none): a placeholder's own text; with ``neutral``, for
    any other standalone code of ``codes`` its content when that is a placeholder the text does not hold
    (``<ph id="1">%s</ph>`` reads ``%s``), else a token ``{N}`` that ``plain`` (the text the MT reads) does
    not hold. Halves and unpaired tags get none."""
    out: list[str | None] = []
    number = 0
    for tag in points(detagged):
        code = _code(tag, codes)
        content = _placeholder_content(code) if code is not None and neutral else None
        if code is None:
            out.append(None)
        elif is_placeholder(code):
            out.append(unescape(code.open))
        elif content is not None and content not in plain:
            out.append(content)
        elif neutral:
            number += 1
            while f"{{{number}}}" in plain:
                number += 1
            out.append(f"{{{number}}}")
        else:
            out.append(None)
    return out


_ELEMENT = re.compile(r"<([\w:.-]+)\b[^>]*>(.*)</\1\s*>", re.S)


def _placeholder_content(code: InlineCode) -> str | None:
    """The text content of a standalone code's element when it is one placeholder (``<ph>{0}</ph>``)."""
    from tagmt.corpus.placeholders import compile_finder

    match = _ELEMENT.fullmatch(code.open.strip())
    if match is None or "<" in match.group(2):
        return None
    content = unescape(match.group(2))
    finder = compile_finder(["auto"])
    return content if finder is not None and content and finder.fullmatch(content) else None


def with_stand_ins(plain: str, offsets: Sequence[int], tokens: Sequence[str | None]) -> str:
    """``plain`` with each token inserted at its offset (points at one offset in their order)."""
    out: list[str] = []
    at = 0
    for offset, token in sorted(((o, t) for o, t in zip(offsets, tokens) if t), key=lambda pair: pair[0]):
        out.append(plain[at:offset])
        out.append(token)
        at = offset
    out.append(plain[at:])
    return "".join(out)


def pin(detagged: Detagged, translation: str, tokens: Sequence[str | None]) -> tuple[Detagged, str, list[Pin]]:
    """Take the stand-ins (``tokens``, one per point of ``detagged``, as :func:`stand_ins`) out of
    ``translation`` (natural text): the source without the pinned points, the translation without their
    stand-ins, and the pins (offsets into that shorter translation)."""
    tags = points(detagged)
    parents = {id(child): tag for tag in detagged.walk() for child in tag.children}
    taken: list[tuple[int, int, str, tuple[str, str] | None]] = []
    pinned: set[int] = set()
    for tag, token in zip(tags, tokens):
        if not token:
            continue
        parent = parents.get(id(tag))
        only = (parent.open, parent.close) if parent is not None and parent.close and len(parent.children) == 1 \
            and parent.start == parent.end else None
        for match in re.finditer(re.escape(token), translation):
            if all(match.end() <= start or match.start() >= end for start, end, _, _ in taken):
                taken.append((match.start(), match.end(), tag.open, only))
                pinned.add(id(tag))
                break
    if not taken:
        return detagged, translation, []
    taken.sort()
    out: list[str] = []
    pins: list[Pin] = []
    at = removed = 0
    for start, end, tag_text, only in taken:
        out.append(translation[at:start])
        pins.append((start - removed, tag_text, only))
        removed += end - start
        at = end
    out.append(translation[at:])
    return _without(detagged, pinned), "".join(out), pins


def _without(detagged: Detagged, pinned: set[int]) -> Detagged:
    def keep(tags: tuple[SourceTag, ...]) -> tuple[SourceTag, ...]:
        return tuple(replace(tag, children=keep(tag.children)) if tag.children else tag
                     for tag in tags if id(tag) not in pinned)

    return replace(detagged, tags=keep(detagged.tags))


def unpin(projected: str, pins: Sequence[Pin], escaped: bool) -> str:
    """``projected`` (the projection's output: tags in the translation without its stand-ins; text escaped
    when ``escaped``) with each pinned tag at its offset of that text: before the tags already there, after
    earlier pins at the same offset. An element whose only content was a pinned code, projected empty, is
    moved around it."""
    if not pins:
        return projected
    placed = _unpin(projected, pins, escaped)
    for _, tag, only in pins:
        if only is not None and placed.count(only[0] + only[1]) == 1 and placed.count(tag) == 1:
            placed = placed.replace(only[0] + only[1], "", 1).replace(tag, only[0] + tag + only[1], 1)
    return placed


def _unpin(projected: str, pins: Sequence[Pin], escaped: bool) -> str:
    out: list[str] = []
    queue = sorted(pins, key=lambda p: p[0])
    k = 0
    count = 0
    for token in tokenize(projected, orphans=True):
        if token.kind != "text":
            while k < len(queue) and queue[k][0] <= count:
                out.append(queue[k][1])
                k += 1
            out.append(token.text)
            continue
        text, at = token.text, 0
        while at < len(text):
            while k < len(queue) and queue[k][0] <= count:
                out.append(queue[k][1])
                k += 1
            match = _REFERENCE.match(text, at) if escaped and text[at] == "&" else None
            step = match.end() - at if match else 1
            out.append(text[at:at + step])
            at += step
            count += 1
    out.extend(pinned[1] for pinned in queue[k:])
    return "".join(out)


#: Punctuation before which a placeholder taken out of a translation leaves a space (``von .``, ``%s 、``:
#: Japanese and Chinese write no space before their full-width punctuation).
_CLOSING = set(".,;:!?)]}»”’\"'、。，．：；！？）」』】〉》")
#: Brackets and quotes after which a placeholder taken out leaves a space (``( %s)``, ``„ wird``).
_OPENING = set("([{„“‘「『（【〈《`")
#: Quote marks that open a quotation as often as they close one: they close only where they do.
_BOTH_WAYS = {"'": "'", '"': '"', "»": "«"}
#: Brackets and quotes that a placeholder taken out of them leaves empty (``()``, ``„“``, ``「」``, GNU's ```'``).
_EMPTY = ("()", "[]", "（）", "「」", "『』", "„“", "“”", "‘’", "«»", "»«", '""', "''", "<>", "【】", "〈〉", "`'")
#: A printf conversion without a position (``%s``, ``%d``, not ``%1$s`` nor ``%%``): its arguments come in
#: order, so a translation keeps such placeholders in the source's order.
IN_ORDER = re.compile(r"%[-+#0' ]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@]")


#: Punctuation that ends a phrase and so never opens a text: a text opening with it lost one (``: 無効な引数``).
_OPENS_NOTHING = set(":;,、，：；")


def gaps(text: str) -> list[int]:
    """Where a translation whose placeholders were taken out (and nothing else) shows the places they left:
    between two spaces, between a space and closing punctuation, at a leading or trailing space, before the
    colon or comma a text opens with."""
    found = [0] if text.startswith(" ") or text[:1] in _OPENS_NOTHING else []
    found += [k for k in range(1, len(text)) if text[k - 1] == " " and (text[k] == " " or _closes(text, k))
              or text[k - 1:k + 1] in _EMPTY or text[k] == " " and _opens(text, k - 1)]
    if text.endswith(" ") and len(text) not in found:
        found.append(len(text))
    return found


def _opens(text: str, k: int) -> bool:
    """Whether ``text[k]`` opens a bracket or quotation no language writes a space after (``'%s --help'``
    loses ``%s`` as ``' --help'``; French ``« `` is written with one)."""
    char = text[k]
    if char == "'" and _backquoted(text, k):
        return False  # GNU's `%s' closes with it
    if char in ("'", '"'):
        return text.count(char, 0, k) % 2 == 0 and char in text[k + 1:]
    if char in "“‘":  # English `“%s”` opens with it, German `„%s“` closes
        return ("”" if char == "“" else "’") in text[k + 1:]
    return char in _OPENING


def _closes(text: str, k: int) -> bool:
    """Whether ``text[k]`` is closing punctuation: a straight quote after an odd number of its kind (``'%s'``
    opens at the first), ``»`` where no ``«`` follows (German ``»%s«`` opens with it, French ``« %s »`` not)."""
    char = text[k]
    if text.startswith(("...", "…"), k) and not text[k:].strip(" .…"):
        return False  # a final ellipsis after a space is a style (`Removing %s ...` → `%s を削除しています ...`)
    if char not in _BOTH_WAYS:
        return char in _CLOSING
    if char == "»":
        return "«" not in text[k + 1:]
    return text.count(char, 0, k) % 2 == 1 or char == "'" and _backquoted(text, k)


def _backquoted(text: str, k: int) -> bool:
    """Whether a GNU quotation (```…'``) is open before ``text[k]``: more backquotes than apostrophes before it."""
    return text.count("`", 0, k) > text.count("'", 0, k)


def snap_to_gaps(projected: str, groups: Sequence[Sequence[str]], escaped: bool) -> str:
    """``projected`` with the placeholder tags of ``groups`` (as written, each once; a group: placeholders next
    to each other in the source, ``%2$d%%``) moved to the gaps of its text (:func:`gaps`) when there are
    exactly as many gaps as groups — each group to the nearest gap, nearest first —, else as it is. Only
    placeholders move (a point moves anywhere without breaking nesting)."""
    taken = take_out(projected, groups, escaped)
    if taken is None:
        return projected
    slots = gaps(taken.text)
    if len(slots) != len(taken.groups):
        return projected
    return taken.put(nearest_first(taken.where, slots))


@dataclass
class Taken:
    """A projected output with the placeholder tags of ``groups`` taken out: the rest (``kept``: tags and
    text as projected), its natural text, and where the projection had put each group (its offset in that
    text)."""

    groups: list[list[str]]
    kept: str
    text: str
    where: dict[int, int]
    escaped: bool

    def put(self, placed: Mapping[int, int]) -> str:
        """The output with group ``k`` at offset ``placed[k]`` of the text (groups at one offset in their
        source order), a group not placed where the projection had it."""
        offsets = {k: placed.get(k, offset) for k, offset in self.where.items()}
        pins = [(offset, tag, None) for k, offset in sorted(offsets.items(), key=lambda item: (item[1], item[0]))
                for tag in self.groups[k]]
        return _unpin(self.kept, pins, self.escaped)


def take_out(projected: str, groups: Sequence[Sequence[str]], escaped: bool) -> Taken | None:
    """``projected`` without the placeholder tags of ``groups`` (:class:`Taken`; groups whose tags it does not
    hold once each are left where they are), or None when no group is left."""
    groups = [list(group) for group in groups if group and all(projected.count(tag) == 1 for tag in group)]
    wanted = {tag: k for k, group in enumerate(groups) for tag in group}
    if not groups:
        return None
    kept: list[str] = []
    natural: list[str] = []
    where: dict[int, int] = {}
    for token in tokenize(projected, orphans=True):
        if token.kind == "text":
            kept.append(token.text)
            natural.append(unescape(token.text) if escaped else token.text)
        elif token.text in wanted:
            where.setdefault(wanted[token.text], sum(map(len, natural)))
        else:
            kept.append(token.text)
    return Taken(groups, "".join(kept), "".join(natural), where, escaped)


def nearest_first(where: Mapping[int, int], slots: Sequence[int]) -> dict[int, int]:
    """Each group (``where``: its offset) to one of ``slots``, the nearest pairs first, no slot twice."""
    pairs = sorted((abs(offset - slot), k, slot) for k, offset in where.items() for slot in slots)
    placed: dict[int, int] = {}
    for _, k, slot in pairs:
        if k not in placed and slot not in placed.values():
            placed[k] = slot
    return placed


def placeholder_groups(detagged: Detagged, tokens: Sequence[str | None]) -> list[list[str]]:
    """The placeholder points of ``detagged`` (those with a token) grouped by their offset in the source."""
    groups: dict[int, list[str]] = {}
    for tag, token in zip(points(detagged), tokens):
        if token:
            groups.setdefault(tag.start, []).append(tag.open)
    return list(groups.values())


def in_printf_order(projected: str, tags: Sequence[str], tokens: Sequence[str]) -> str:
    """``projected`` with its printf placeholders that have no position (``tokens``: each tag's placeholder
    text, as the source has them in order) in the source's order, on the places the output gives them:
    ``%s … %d`` in a source stays ``%s … %d`` in the translation, whatever the alignment said."""
    ordered = [tag for tag, token in zip(tags, tokens) if token and IN_ORDER.fullmatch(token)
               and projected.count(tag) == 1]
    if len(ordered) < 2:
        return projected
    places = sorted((projected.index(tag), tag) for tag in ordered)
    if [tag for _, tag in places] == ordered:
        return projected
    out: list[str] = []
    at = 0
    for (start, tag), wanted in zip(places, ordered):
        out.append(projected[at:start])
        out.append(wanted)
        at = start + len(tag)
    out.append(projected[at:])
    return "".join(out)
