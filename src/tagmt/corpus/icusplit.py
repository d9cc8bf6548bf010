"""ICU plural/select/selectordinal sub-messages as segments of their own (issue 32, placeholders ``icu``).

:func:`split_icu` is a corpus transformation, the same for every format: where the ``icu`` kind is on (asked
with ``--placeholders icu``, or turned on by the reader — a FormatJS JSON file — which then makes a complex
argument's syntax codes), each segment whose source holds a plural/select/selectordinal argument becomes one
segment per translatable span (``tagmt.corpus.icu``: the text before the argument, each sub-message at every
level, the text after). Ids: the message's id and a readable suffix (``greeting#count=one``,
``greeting#count=other#gender=female``, ``greeting#after:count`` for text after an argument); simple
arguments, a plural's ``#`` and quoted literals are codes. A segment that already has a target (PO, XLIFF),
is kept or locked, or whose codes do not fit the message's structure is left whole.

The corpus's writer is wrapped: the translated spans are joined back into the message (their text escaped as
ICU wants: apostrophes, ``{``/``}`` and a plural's ``#`` quoted) and the format's own writer writes it. A span
whose translation is its source is written as the file had it, so ``--model copy`` gives the file back byte
for byte. The sub-messages keep the source's selectors; where the target language's plural categories
(CLDR, via babel) differ, the writer says so on stderr once per file.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping, Sequence

from tagmt.corpus.icu import Item, Message, icu_escaper, parse
from tagmt.corpus.splice import like_source
from tagmt.corpus.model import PAIR, STANDALONE, Corpus, InlineCode, Segment, placeholder, placeholder_id
from tagmt.corpus.notes import say
from tagmt.errors import TagmtError
from tagmt.markup import tokenize
from tagmt.xmltext import escape, unescape

_COMPLEX = re.compile(r"\{\s*[^\s{},#']+\s*,\s*(?:plural|select|selectordinal)\s*,")
_HEAD = re.compile(r"\{\s*([^\s{},#']+)\s*,\s*(plural|select|selectordinal)\s*,")


@dataclass(slots=True)
class _Atom:
    """A piece of the message: ``plain`` as the message has it; ``tagged`` as the segment's source has it."""

    start: int
    end: int
    tagged: str
    code: bool


@dataclass(slots=True)
class _Part:
    index: int  # of its sub-segment in the split corpus
    tagged: str  # the span as the original source writes it
    source: str  # the sub-segment's source
    fresh: Mapping[tuple[str, str], str]  # each code's key -> the code as the original source writes it
    plural: bool


@dataclass(slots=True)
class _Split:
    """One message split: the original source's pieces between the parts (``gaps``, one more than ``parts``)."""

    gaps: list[str]
    parts: list[_Part]
    doubled: bool  # the message writes every apostrophe doubled (``icu_escaper``)
    selectors: tuple[str, ...]


def wants_split(segment: Segment, forced: bool) -> bool:
    """Whether ``segment`` is an ICU message to split: the ``icu`` kind is on for it (``forced``, or its reader
    made a complex argument's syntax a code) and it holds a complex argument."""
    if any(_COMPLEX.search(code.open) for code in segment.codes.values()):
        return True
    return forced and bool(_COMPLEX.search(unescape(segment.source)))


def _atoms(segment: Segment) -> tuple[str, list[_Atom]] | None:
    """The message as plain text and its pieces (None: a tag without a code)."""
    atoms: list[_Atom] = []
    plain: list[str] = []
    at = 0
    pairs: list[InlineCode] = []
    for token in tokenize(segment.source, orphans=True):
        if token.kind == "text":
            text = unescape(token.text)
            atoms.append(_Atom(at, at + len(text), token.text, False))
        else:
            if token.kind == "end" and token.name == PAIR:
                if not pairs:
                    return None
                text = pairs.pop().close
            else:
                code = segment.codes.get((token.name, placeholder_id(token.text) or ""))
                if code is None or token.name not in (PAIR, STANDALONE, "bx", "ex"):
                    return None
                if token.kind == "start":
                    pairs.append(code)
                text = code.open
            atoms.append(_Atom(at, at + len(text), token.text, True))
        plain.append(text)
        at += len(text)
    return "".join(plain), atoms


def _runs(message: str, root: Message, cardinal: set[str]) -> list[tuple[list[Item], bool, str]]:
    """The runs of items between complex arguments, in reading order, with whether they are a plural's
    sub-message and their id suffix; ``cardinal`` gets the selectors of every ``plural`` argument."""
    out: list[tuple[list[Item], bool, str]] = []

    def walk(current: Message, plural: bool, path: str) -> None:
        run: list[Item] = []
        label = path
        for item in current.items:
            if item.kind != "complex":
                run.append(item)
                continue
            out.append((run, plural, label))
            run = []
            head = _HEAD.match(message, item.start)
            name, kind = (head.group(1), head.group(2)) if head else ("arg", "select")
            before = item.start
            for sub in item.messages:
                words = message[before:sub.start - 1].replace(",", " ").split()
                selector = words[-1] if words else "?"
                if kind == "plural":
                    cardinal.add(selector)
                walk(sub, kind != "select", f"{path}#{name}={selector}")
                before = sub.end + 1
            label = f"{path}#after:{name}"
        out.append((run, plural, label))

    walk(root, False, "")
    return out


def _split(segment: Segment, first: int, where: str) -> tuple[_Split, list[Segment]] | None:
    """``segment`` split (sub-segments numbered from ``first`` in the split corpus), or None: left whole."""
    found = _atoms(segment)
    if found is None:
        return None
    message, atoms = found
    try:
        root = parse(message, where)
    except TagmtError:
        return None
    selectors: set[str] = set()
    runs = [(run, plural, label) for run, plural, label in _runs(message, root, selectors)
            if _has_text(message, atoms, run)]
    if not runs or not any(item.kind == "complex" for item in root.items):
        return None
    codes = segment.codes
    gaps: list[str] = []
    parts: list[_Part] = []
    subs: list[Segment] = []
    at = 0
    seen: dict[str, int] = {}
    for run, plural, label in runs:
        start, end = run[0].start, run[-1].end
        gap = _tagged(message, atoms, at, start)
        body = _tagged(message, atoms, start, end)
        if gap is None or body is None:
            return None
        flat: list[tuple[str, str, str]] = []  # (text | fresh | tag, as the source writes it, plain)
        for item in run:
            inside = _tagged(message, atoms, item.start, item.end)
            if inside is None:
                return None
            if item.kind == "code" and not (len(inside) == 1 and inside[0][1]):
                flat.append(("fresh", "".join(piece for piece, *_ in inside), message[item.start:item.end]))
                continue
            flat += [("tag" if is_code else "text", piece, plain) for piece, is_code, plain in inside]
        source, sub_codes, fresh, renamed = _sub_source(flat, codes)
        sub_id = segment.id + label
        seen[sub_id] = seen.get(sub_id, 0) + 1
        if seen[sub_id] > 1:
            sub_id += f"~{seen[sub_id]}"
        key = (*segment.key, label) if segment.key else ()
        subs.append(Segment(sub_id, source, None, sub_codes, key, segment.src_lang, segment.trg_lang,
                            keep=segment.keep, locked=segment.locked,
                            fixed=tuple(renamed[k] for k in segment.fixed if k in renamed),
                            ordered=tuple(renamed[k] for k in segment.ordered if k in renamed)))
        written = "".join(p for p, *_ in body)
        parts.append(_Part(first + len(parts), source if written == source else written, source, fresh, plural))
        gaps.append("".join(p for p, *_ in gap))
        at = end
    tail = _tagged(message, atoms, at, len(message))
    if tail is None:
        return None
    gaps.append("".join(p for p, *_ in tail))
    return _Split([sys.intern(gap) for gap in gaps], parts, "''" in message, tuple(sorted(selectors))), subs


def _split_both(segment: Segment, first: int, where: str) -> tuple[_Split, list[Segment]] | None:
    """``segment`` split, its target (PO, XLIFF) too when it has the same arguments and selectors (else the
    segment is left whole: a human translation with other plural categories stays one segment)."""
    done = _split(replace(segment, reference=None), first, where)
    if done is None or segment.reference is None:
        return done
    theirs = _split(Segment(segment.id, segment.reference, None, segment.codes, segment.key), first, where)
    if theirs is None or [s.id for s in theirs[1]] != [s.id for s in done[1]]:
        return None
    subs = []
    for mine, ref in zip(done[1], theirs[1]):
        tagged, codes = like_source(ref.source, ref.codes, mine.codes)
        subs.append(replace(mine, reference=tagged, codes={**codes, **mine.codes}))
    return done[0], subs


def _tagged(message: str, atoms: Sequence[_Atom], start: int, end: int) -> list[tuple[str, bool, str]] | None:
    """``message[start:end]`` as the source's pieces (tagged, is a code, plain); None where a code is cut."""
    out: list[tuple[str, bool, str]] = []
    for atom in atoms:
        if atom.end <= start or atom.start >= end:
            continue
        if atom.code:
            if atom.start < start or atom.end > end:
                return None
            out.append((atom.tagged, True, message[atom.start:atom.end]))
        elif atom.start >= start and atom.end <= end:
            out.append((atom.tagged, False, message[atom.start:atom.end]))
        else:
            plain = message[max(start, atom.start):min(end, atom.end)]
            out.append((escape(plain), False, plain))
    return out


def _has_text(message: str, atoms: Sequence[_Atom], run: Sequence[Item]) -> bool:
    """Whether ``run`` holds text to translate (not only blanks, codes and the format's own markup)."""
    for item in run:
        if item.kind == "text":
            inside = _tagged(message, atoms, item.start, item.end) or []
            if any(not is_code and plain.strip() for _, is_code, plain in inside):
                return True
    return False


def _sub_source(flat: Sequence[tuple[str, str, str]], codes) -> tuple[str, dict, dict, dict]:
    """A span's tagged source from its pieces, its codes numbered from 1, what each code is in the whole
    message's source (``_Part.fresh``) and the whole message's codes renamed. A pair code whose other half lies
    in another span (``<b>`` around a plural) is a standalone code here."""
    partner: dict[int, int] = {}
    stack: list[int] = []
    for k, (kind, piece, _) in enumerate(flat):
        if kind == "tag" and piece.startswith("<g"):
            stack.append(k)
        elif kind == "tag" and piece.startswith("</") and stack:
            partner[k] = stack.pop()
            partner[partner[k]] = k
    pieces: list[str] = []
    sub_codes: dict[tuple[str, str], InlineCode] = {}
    fresh: dict[tuple[str, str], str] = {}
    renamed: dict[tuple[str, str], tuple[str, str]] = {}
    for k, (kind, piece, plain) in enumerate(flat):
        if kind == "text":
            pieces.append(escape(unescape(piece).replace("''", "'")))
            continue
        if kind == "tag" and piece.startswith("</") and k in partner:
            pieces.append("</g>")
            continue
        code_id = str(len(sub_codes) + 1)  # (each sub-segment's codes numbered from 1)
        token = tokenize(piece, orphans=True)[0] if kind == "tag" else None
        old = (token.name, placeholder_id(token.text) or "") if token is not None and token.kind != "end" else None
        if old in codes and (token.kind != "start" or k in partner):  # type: ignore[union-attr]
            code = codes[old]
            renamed[old] = (code.placeholder, code_id)
            sub_codes[(code.placeholder, code_id)] = replace(code, id=code_id)
            fresh[(code.placeholder, code_id)] = piece
            pieces.append(placeholder(code.placeholder, code_id))
            continue
        sub_codes[(STANDALONE, code_id)] = InlineCode(STANDALONE, code_id, "ph", plain)
        fresh[(STANDALONE, code_id)] = piece
        pieces.append(f'<x id="{code_id}"/>')
    return "".join(pieces), _shared(tuple(sub_codes.items())), _shared(tuple(fresh.items())), renamed


@lru_cache(maxsize=4096)
def _shared(items: tuple) -> Mapping:
    """One read-only mapping for equal ones: 20,000 plurals whose ``other`` holds ``#`` share one."""
    return MappingProxyType(dict(items))


def _icu_text(text: str, escaper, plural: bool) -> tuple[str, bool, bool]:
    """Plain translated text as the message writes it: each run of ``{``, ``}`` (and ``#`` in a plural's
    sub-message) with the apostrophes next to it quoted as one piece (``'{''#}'``), other apostrophes as
    ``icu_escaper`` says; and whether it opens and closes with a quote."""
    special = _SPECIAL_PLURAL if plural else _SPECIAL
    out: list[str] = []
    at = 0
    for match in special.finditer(text):
        out.append(escaper(text[at:match.start()]))
        out.append("'" + match.group(0).replace("'", "''") + "'")
        at = match.end()
    tail = text[at:]
    out.append(escaper(tail))
    opens = bool(special.match(text))
    return "".join(out), opens, at == len(text) and at > 0


_SPECIAL = re.compile(r"'*[{}]['{}]*")
_SPECIAL_PLURAL = re.compile(r"'*[{}#]['{}#]*")


def _glue(pieces: Sequence[tuple[str, bool, bool]]) -> str:
    """The pieces (written, opens with a quote, closes with a quote) one after the other as ICU reads them: a
    quote closed right before one that opens becomes one quote (``'a'`` ``'b'`` would read ``a'b``), an
    apostrophe right after a closing quote is doubled (else it would be read inside the quote)."""
    out: list[str] = []
    closed = False
    for written, opens, closes in pieces:
        if closed and opens:
            out[-1] = out[-1][:-1]
            written = written[1:]
        elif closed and written.startswith("'") and not written.startswith("''"):
            written = "'" + written
        out.append(written)
        closed = closes
    return "".join(out)


def _join(split: _Split, targets: Sequence[str | None]) -> str | None:
    """The whole message's tagged target from its parts' targets (None: every part left as it is)."""
    given = [targets[part.index] for part in split.parts]
    if all(t is None for t in given):
        return None
    out = [split.gaps[0]]
    escaper = icu_escaper("''" if split.doubled else "")
    for part, target, gap in zip(split.parts, given, split.gaps[1:]):
        if target is None or target == part.source:
            out.append(part.tagged)
        else:
            pieces: list[tuple[str, bool, bool]] = []
            for token in tokenize(target, orphans=True):
                if token.kind == "text":
                    written, opens, closes = _icu_text(unescape(token.text), escaper, part.plural)
                    pieces.append((escape(written), opens, closes))
                else:
                    key = (token.name, placeholder_id(token.text) or "") if token.kind != "end" else ("", "")
                    form = part.fresh.get(key, token.text)
                    quoted = len(form) > 1 and form[0] == form[-1] == "'" and not form.startswith("''")
                    pieces.append((form, quoted, quoted))
            out.append(_glue(pieces))
        out.append(gap)
    return "".join(out)


def split_icu(corpus: Corpus, forced: bool = False) -> Corpus:
    """``corpus`` with its ICU messages split into sub-segments and its writer wrapped (see the module
    docstring); the corpus itself when no segment is split."""
    if corpus.writer is None and not forced:
        return corpus
    segments: list[Segment] = []
    plan: list[int | _Split] = []
    for segment in corpus.segments:
        done = _split_both(segment, len(segments), f"{corpus.path}: {segment.id}") if wants_split(segment, forced) else None
        if done is None:
            plan.append(len(segments))
            segments.append(segment)
        else:
            plan.append(done[0])
            segments.extend(done[1])
    if len(segments) == len(corpus.segments) and all(isinstance(p, int) for p in plan):
        return corpus
    original = corpus
    writer = original.writer

    def write(split: Corpus, targets: Sequence[str | None], output, **options):
        whole = [targets[p] if isinstance(p, int) else _join(p, targets) for p in plan]
        _warn_plurals(original, plan, options.get("trg_lang") or split.trg_lang)
        original.kept = Counter()
        path = writer(original, whole, output, **options)  # type: ignore[misc]
        split.kept.update(original.kept)
        return path

    return replace(corpus, segments=segments, writer=write if writer is not None else None)


_PLURAL_WORDS = {"zero", "one", "two", "few", "many", "other"}


def _warn_plurals(corpus: Corpus, plan: list, trg_lang: str | None) -> None:
    """One line on stderr when the target language's plural categories differ from the selectors kept."""
    used = set().union(*(set(p.selectors) for p in plan if isinstance(p, _Split))) & _PLURAL_WORDS
    if not trg_lang or not used:
        return
    try:
        from babel import Locale
        wanted = set(Locale.parse(trg_lang.replace("-", "_")).plural_form.tags) | {"other"}
    except Exception:  # (babel missing or a language it does not know: nothing to compare with)
        return
    missing, extra = sorted(wanted - used), sorted(used - wanted)
    if missing or extra:
        said = [f"{trg_lang} uses {', '.join(sorted(wanted))}"]
        if missing:
            said.append(f"add {', '.join(missing)} by hand in the written file")
        if extra:
            said.append(f"{', '.join(extra)} is never chosen in {trg_lang}")
        say(f"{corpus.path}: ICU plural sub-messages keep the source's categories ({', '.join(sorted(used))}); "
            f"{'; '.join(said)}")
