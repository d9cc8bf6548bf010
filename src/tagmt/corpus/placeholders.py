"""Placeholders as inline codes (issue 32): ``%1$s``, ``%(name)s``, ``{0}``, ``{{user}}`` and a project's own
patterns found in a segment's text and turned into standalone codes, so that the MT sees a code it will not
translate and projection puts every one back.

``find(text, kinds)`` gives the placeholders' spans in plain text; ``protect(text, kinds)`` gives the tagged
string (text XML-escaped, each placeholder an ``<x id="N"/>``) and the codes behind the tags
(``InlineCode(element="ph", open=the placeholder as written)``), which ``Segment.restore`` puts back.
``protect_tagged``/``protect_segment``/``protect_corpus`` do the same in strings that already carry tags (line
files, XLIFF, TMX: only in text, ids after the segment's own, a target's placeholders with their source's
ids); ``unprotect`` writes them back into a line output; ``parse_kinds`` reads ``--placeholders``;
``placeholder_marker`` names each placeholder by itself for evaluation. ICU plural/select messages are
``tagmt.corpus.icu``'s.

Written here rather than taken from translate-toolkit or Okapi: their finders live inside their own
converters and data models; these are a few regular expressions over tagmt's own segments.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Collection, Iterable, Mapping, Sequence

from tagmt.corpus.model import STANDALONE, Corpus, InlineCode, Segment, placeholder_id
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.xmltext import escape, escape_attribute, unescape

#: One pattern per kind. printf: C/Java/Objective-C conversions (positional ``%1$s``, flags, width,
#: precision, length, ``%@``, ``%%``); the space flag is left out, so that ``100% sure`` stays text.
PATTERNS: dict[str, str] = {
    "python": r"%\([^()\s]+\)[-+#0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[diouxXeEfFgGcrsa%]",
    "printf": r"%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|q|j|z|t)?[diouxXeEfFgGaAcspn@%]",
    "mustache": r"\{\{\{?\s*[^{}\s][^{}]*?\s*\}?\}\}",
    "brace": r"(?<!\{)\{\s*[\w.\-]*\s*\}(?!\})",
    # ICU's simple arguments (``{name}``, ``{n, number}``, ``{d, date, short}``); plural/select are
    # ``tagmt.corpus.icu``'s, which splits them into sub-messages
    "icu": r"\{\s*[\w.\-]+\s*(?:,\s*(?:number|date|time|spellout|ordinal|duration)\s*(?:,[^{}']*)?)?\}",
}

#: ``auto``: every kind a line file may hold (all but ICU, whose sub-messages are segments of their own).
AUTO = ("mustache", "python", "printf", "brace")
KINDS = (*AUTO, "icu", "auto")
_PLACEHOLDER_TAG = re.compile(r'<x id="(\d+)"/>')


def expand(kinds: Iterable[str]) -> tuple[str, ...]:
    """The kinds named by ``kinds`` (``auto`` expanded, duplicates dropped, in matching priority); an unknown
    kind is one line naming the valid ones."""
    out: list[str] = []
    for kind in kinds:
        names = AUTO if kind == "auto" else (kind,)
        for name in names:
            if name not in KINDS:
                raise TagmtError(f"unknown placeholder kind {name!r}: use {', '.join(KINDS)}")
            if name not in out:
                out.append(name)
    order = {name: k for k, name in enumerate((*AUTO, "icu"))}
    return tuple(sorted(out, key=order.__getitem__))


def compile_finder(kinds: Iterable[str], regexes: Sequence[str] = ()) -> re.Pattern[str] | None:
    """One pattern for ``kinds`` and a project's own ``regexes`` (theirs first), or None when there is none.
    A regular expression that does not compile, or that matches the empty string, is one line."""
    parts: list[str] = []
    for regex in regexes:
        try:
            pattern = re.compile(regex)
        except re.error as exc:
            raise TagmtError(f"--placeholder-regex {regex!r} is not a regular expression: {exc}") from None
        if pattern.match(""):
            raise TagmtError(f"--placeholder-regex {regex!r} matches the empty string")
        parts.append(f"(?:{regex})")
    for kind in expand(kinds):
        parts.append(PATTERNS[kind])
    return re.compile("|".join(parts)) if parts else None


def find(text: str, kinds: Iterable[str], regexes: Sequence[str] = ()) -> list[tuple[int, int]]:
    """The spans of the placeholders in ``text`` (plain, not escaped), left to right, not overlapping."""
    finder = compile_finder(kinds, regexes)
    return [] if finder is None else [m.span() for m in finder.finditer(text)]


_ICU_COMPLEX = re.compile(r"\{\s*[\w.\-]+\s*,\s*(?:plural|select|selectordinal)\s*,")


def icu_syntax(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` (placeholders) inside the text of an ICU message's sub-messages, and the message's own syntax
    between them (``{n, plural, one {``, ``}``) as spans too: a plural/select argument's name, keywords and
    selectors are codes, never text an MT translates. A message that is not valid MessageFormat: ``spans``."""
    from tagmt.corpus.icu import icu_parts  # (icu imports nothing of this module; kept lazy all the same)
    try:
        parts = icu_parts(text)
    except TagmtError:
        return spans
    out: list[tuple[int, int]] = []
    at = 0
    for start, end in parts:
        if start > at:
            out.append((at, start))
        out += [(a, b) for a, b in spans if start <= a and b <= end]
        at = end
    if at < len(text):
        out.append((at, len(text)))
    return out


def protect(text: str, kinds: Iterable[str], *, regexes: Sequence[str] = (), first_id: int = 1,
            element: str = "ph") -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """``text`` (plain) as a tagged string: text XML-escaped, every placeholder an ``<x id="N"/>`` numbered from
    ``first_id``; and the codes behind the tags, each holding the placeholder as written."""
    out: list[str] = []
    codes: dict[tuple[str, str], InlineCode] = {}
    at = 0
    spans = find(text, kinds, regexes)
    if "icu" in kinds and _ICU_COMPLEX.search(text):
        spans = icu_syntax(text, spans)
    for start, end in spans:
        code_id = str(first_id + len(codes))
        out.append(escape(text[at:start]))
        out.append(f'<{STANDALONE} id="{code_id}"/>')
        codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, element, text[start:end])
        at = end
    out.append(escape(text[at:]))
    return "".join(out), codes


def parse_kinds(given: Iterable[str] | str | None) -> tuple[str, ...] | None:
    """``--placeholders`` as given (a comma list, or several; None: not given) as the kinds it names, checked
    (``none`` or an empty list: no placeholder at all, not even a format's own)."""
    if given is None:
        return None
    items = [given] if isinstance(given, str) else list(given)
    names = [name.strip() for item in items for name in item.split(",") if name.strip()]
    if names == ["none"]:
        return ()
    return expand(names)


def _next_id(tagged: str, codes: Mapping[tuple[str, str], InlineCode]) -> int:
    """One more than every numeric id of ``codes`` and of the placeholder tags in ``tagged``."""
    ids = [code_id for _, code_id in codes]
    ids += [placeholder_id(token.text) or "" for token in tokenize(tagged, orphans=True) if token.kind != "text"]
    return 1 + max((int(code_id) for code_id in ids if code_id.isdigit()), default=0)


def protect_tagged(tagged: str, kinds: Iterable[str], regexes: Sequence[str] = (), first_id: int | None = None,
                   *, known: Mapping[str, Sequence[str]] | None = None,
                   taken: Collection[str] = ()) -> tuple[str, dict[tuple[str, str], InlineCode]]:
    """``tagged`` (a tagged string, text escaped) with the placeholders of its text — never inside a tag —
    as ``<x id="N"/>`` codes: ids from ``first_id`` (None: after every numeric id in ``tagged``), skipping those
    in ``taken``; ``known``: the ids already given to a placeholder written so (a target takes its source's
    ids, in order). The codes' ``open`` is the placeholder as ``tagged`` writes it (escaped). Text without a
    placeholder is left byte for byte."""
    finder = compile_finder(kinds, regexes)
    if finder is None:
        return tagged, {}
    next_id = _next_id(tagged, {}) if first_id is None else first_id
    reuse = {text: list(ids) for text, ids in (known or {}).items()}
    used = set(taken)
    out: list[str] = []
    codes: dict[tuple[str, str], InlineCode] = {}
    for token in tokenize(tagged, orphans=True):
        if token.kind != "text":
            out.append(token.text)
            continue
        raw = token.text
        text = unescape(raw) if "&" in raw else raw
        spans = [m.span() for m in finder.finditer(text)]
        if not spans:
            out.append(raw)
            continue
        at = 0
        for start, end in spans:
            written = escape(text[start:end]) if text is not raw else text[start:end]
            out.append(escape(text[at:start]) if text is not raw else text[at:start])
            code_id = reuse.get(written, []).pop(0) if reuse.get(written) else None
            if code_id is None:
                while str(next_id) in used:
                    next_id += 1
                code_id = str(next_id)
                next_id += 1
            used.add(code_id)
            out.append(f'<{STANDALONE} id="{code_id}"/>')
            codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, "ph", written)
            at = end
        out.append(escape(text[at:]) if text is not raw else text[at:])
    return "".join(out), codes


def protect_segment(segment: Segment, kinds: Iterable[str], regexes: Sequence[str] = ()) -> Segment:
    """``segment`` with the placeholders of its source and reference as codes (ids after the segment's own,
    never one of them; the reference's placeholders take the source's ids, placeholder for placeholder)."""
    kinds = tuple(kinds)
    first = _next_id(segment.source, segment.codes)
    taken = {code_id for _, code_id in segment.codes}
    source, codes = protect_tagged(segment.source, kinds, regexes, first, taken=taken)
    if not codes:
        if segment.reference is None:
            return segment
    reference = segment.reference
    if reference is not None:
        known: dict[str, list[str]] = {}
        for code in codes.values():
            known.setdefault(code.open, []).append(code.id)
        first = max([first - 1, *(int(c.id) for c in codes.values())]) + 1
        reference, more = protect_tagged(reference, kinds, regexes, first, known=known, taken=taken | set(
            code_id for _, code_id in codes))
        codes = {**more, **codes}
    if not codes:
        return segment
    return replace(segment, source=source, reference=reference, codes={**segment.codes, **codes})


def protect_corpus(corpus: Corpus, kinds: Iterable[str] | None, regexes: Sequence[str] = ()) -> Corpus:
    """``corpus`` with :func:`protect_segment` applied to every segment (``kinds`` None and no ``regexes``:
    the corpus as it is). For the formats whose text is already tagged: XLIFF, TMX, line files."""
    kinds = tuple(kinds or ())
    if not kinds and not regexes:
        return corpus
    compile_finder(kinds, regexes)  # a bad kind or regex is refused even for a corpus without text
    corpus.segments = [protect_segment(segment, kinds, regexes) for segment in corpus.segments]
    return corpus


def unprotect(tagged: str, codes: Mapping[tuple[str, str], InlineCode]) -> str:
    """``tagged`` with each ``<x id="N"/>`` of a placeholder in ``codes`` written back as the placeholder
    (escaped, as the codes hold it); every other tag and all text as they are (a line file's output)."""
    if not any(code.element == "ph" for code in codes.values()):
        return tagged
    out: list[str] = []
    for token in tokenize(tagged, orphans=True):
        code = None
        if token.kind == "empty" and token.name == STANDALONE:
            code = codes.get((STANDALONE, placeholder_id(token.text) or ""))
        out.append(code.open if code is not None and code.element == "ph" else token.text)
    return "".join(out)


def placeholder_texts(tagged: str, codes: Mapping[tuple[str, str], InlineCode]) -> list[str]:
    """The placeholders ``tagged`` holds (``<x id/>`` tags of placeholder codes, as written), sorted: two
    strings with different lists put different placeholders into the output."""
    found = []
    for token in tokenize(tagged, orphans=True):
        if token.kind == "empty" and token.name == STANDALONE:
            code = codes.get((STANDALONE, placeholder_id(token.text) or ""))
            if code is not None and code.element == "ph":
                found.append(code.open)
    return sorted(found)


def placeholder_marker(kinds: Iterable[str] | str | None, regexes: Sequence[str] = ()):
    """A function that writes the placeholders of a tagged line (text escaped) as ``<x id="TEXT"/>`` tags whose
    id is the placeholder itself (``TEXT#2`` for its second occurrence), so that a reference and a hypothesis
    read apart give the same placeholder the same tag (``tagmt evaluate --placeholders``); None when nothing
    is asked."""
    found = parse_kinds(kinds) or ()
    finder = compile_finder(found, regexes)
    if finder is None:
        return None

    def mark(tagged: str) -> str:
        out, codes = protect_tagged(tagged, found, regexes)  # ids after the line's own: only these renamed
        if not codes:
            return tagged
        seen: dict[str, int] = {}
        names: dict[str, str] = {}
        for code in codes.values():
            seen[code.open] = seen.get(code.open, 0) + 1
            suffix = f"#{seen[code.open]}" if seen[code.open] > 1 else ""
            names[code.id] = escape_attribute(unescape(code.open) + suffix)
        return _PLACEHOLDER_TAG.sub(lambda m: f'<x id="{names.get(m.group(1), m.group(1))}"/>', out)

    return mark
