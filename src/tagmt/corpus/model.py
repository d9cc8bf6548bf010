"""The corpus model: what every pipeline sees of any input format.

A :class:`Segment` has an id, its source as a tagged string in tagmt's markup syntax (``tagmt.markup``),
an optional tagged reference, and the original inline codes behind its placeholder tags. Formats with
inline codes (XLIFF 1.2, XLIFF 2.x, TMX) show them the way Okapi and the EUR-Lex data do:

* a code with content, or a start/end pair inside the segment (``g``, ``bpt``…``ept``, ``pc``,
  ``sc``…``ec``, ``mrk``, ``hi``) as ``<g id="N">…</g>``;
* a standalone code (``x``, ``ph``, ``cp``, ``ut``, a protected ``mrk``) as ``<x id="N"/>``;
* the start or the end of a pair whose other half lies outside the segment (``bx``/``ex``, ``it``, a lone
  ``bpt``/``sc``/``sm`` or ``ept``/``ec``/``em``) as ``<bx id="N"/>`` / ``<ex id="N"/>``.

``N`` is the original code's id (``rid``/``startRef`` for the halves of a pair), so the reference and a
hypothesis of the same unit show the same tags. Writers put the original codes back, byte for byte as
the source has them (:meth:`Segment.restore`). The content of a standalone code (``ph``'s native code,
``sub``) never reaches the model.

Text in these tagged strings is XML-escaped (``&amp;``, ``&lt;``): :attr:`Corpus.escaped` is true. The SAP
data set's tagged view writes text as it is (``<<SHIPPED_QUANTITY>>`` is text there), so its corpus is not
escaped; tagged line files are escaped, as XLIFF-style line files are.
"""

from __future__ import annotations

import re
import warnings
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from tagmt.corpus.formats import format_of as _format_of
from tagmt.corpus.targets import forbidden_character, safe_target
from tagmt.xmltext import escape, escape_attribute, unescape
from tagmt.errors import TagmtError
from tagmt.markup import Token, tokenize

#: Placeholder tag names: a code with content (or a pair), a standalone code, an opening and a closing half.
PAIR, STANDALONE, OPEN, CLOSE = "g", "x", "bx", "ex"
PLACEHOLDERS = (PAIR, STANDALONE, OPEN, CLOSE)
_ID = re.compile(r"""\sid\s*=\s*(?:"([^"]*)"|'([^']*)')""")


@dataclass(frozen=True, slots=True)
class InlineCode:
    """One original inline code behind a placeholder tag.

    ``element`` is the original element's name (``g``, ``bpt``, ``pc``, ``ph`` …); ``open`` is its original
    XML — the start tag of a code with content, the ``bpt``/``sc`` of a pair, or the whole element of a
    standalone code or half; ``close`` is the end tag or the ``ept``/``ec`` of a pair (``""`` otherwise).
    """

    placeholder: str  # PAIR | STANDALONE | OPEN | CLOSE
    id: str
    element: str
    open: str
    close: str = ""

    @property
    def key(self) -> tuple[str, str]:
        return (self.placeholder, self.id)


#: The reason a reader gives for a target that holds machine translation (``Segment.keep``): ``project``
#: may put tags into it, ``translate`` keeps it unless told to overwrite.
MACHINE = "machine translation"


@dataclass(frozen=True, slots=True)
class Segment:
    """One unit of translation: ``source`` and ``reference`` are tagged strings (see the module docstring);
    ``codes`` maps (placeholder name, id) to the original code.

    What a writer may do with the segment's existing target (set by the XLIFF readers, from the file):
    ``keep`` names why its target stays as it is unless the run overwrites (``final``, ``approved``,
    ``translated``, ``no state``, a person's segment of a target tagmt completed…; a state a person gives wins
    over any MT marker; None: the target is missing, empty or asks for translation);
    ``locked`` names why it is never written (locked, empty source). ``fixed`` are the codes a target must
    keep (XLIFF 2 ``canDelete="no"``), ``ordered`` those that keep their order (``canReorder="no"``).
    ``src_lang``/``trg_lang``: the segment's own languages where its ``<file>`` says (None: the corpus's).
    """

    id: str
    source: str
    reference: str | None = None
    codes: Mapping[tuple[str, str], InlineCode] = field(default_factory=dict)
    #: Where the segment is, as a structured key for matching two files' segments (``corpus.matching``):
    #: XLIFF gives ``(file, ("id", unit id) or ("position", n) for a unit without id, segment id or None)``;
    #: empty: match by ``id``. The flat ``id`` is for people; two different keys may print as one id.
    key: tuple = ()

    @property
    def target(self) -> str | None:
        """The segment's target as its file has it (a tagged string; None where there is none): the
        reference of an evaluation, the MT output of a projection. ``reference`` is the same field."""
        return self.reference

    src_lang: str | None = None
    trg_lang: str | None = None
    keep: str | None = None
    locked: str | None = None
    fixed: tuple[tuple[str, str], ...] = ()
    ordered: tuple[tuple[str, str], ...] = ()

    def __init__(self, id: str, source: str, reference: str | None = None,  # noqa: A002 (the field's name)
                 codes: Mapping[tuple[str, str], InlineCode] | None = None, key: tuple = (),
                 src_lang: str | None = None, trg_lang: str | None = None, keep: str | None = None,
                 locked: str | None = None, fixed: tuple[tuple[str, str], ...] = (),
                 ordered: tuple[tuple[str, str], ...] = ()) -> None:
        """The fields in order, as the dataclass's own ``__init__`` takes them (``codes``: a new dict when not
        given), set through the slots directly: a file of 100,000 strings makes 100,000 segments."""
        (set_id, set_source, set_reference, set_codes, set_key, set_src_lang, set_trg_lang, set_keep, set_locked,
         set_fixed, set_ordered) = _SEGMENT_SLOTS
        set_id(self, id)
        set_source(self, source)
        set_reference(self, reference)
        set_codes(self, {} if codes is None else codes)
        set_key(self, key)
        set_src_lang(self, src_lang)
        set_trg_lang(self, trg_lang)
        set_keep(self, keep)
        set_locked(self, locked)
        set_fixed(self, fixed)
        set_ordered(self, ordered)

    def may_write(self, overwrite: bool = False, machine: bool = False) -> str | None:
        """None when a new target may be written here, else why not: ``overwrite`` replaces kept targets,
        ``machine`` (projection) those that hold machine translation."""
        if self.locked:
            return self.locked
        if self.keep and not overwrite and not (machine and self.keep == MACHINE):
            return self.keep
        return None

    def violation(self, tagged: str) -> str | None:
        """Why ``tagged`` may not become this segment's target (a code that cannot be deleted is missing,
        codes that cannot be reordered are out of order), or None."""
        if not (self.fixed or self.ordered):
            return None
        found = []
        for token in tokenize(tagged, orphans=True):
            if token.kind in ("start", "empty") and token.name in PLACEHOLDERS:
                found.append((token.name, placeholder_id(token.text)))
        if any(key not in found for key in self.fixed):
            return "a code marked canDelete=\"no\" would be dropped"
        wanted = set(self.ordered)
        seen = [key for key in found if key in wanted]
        if seen != [key for key in self.ordered if key in seen]:
            return "codes marked canReorder=\"no\" would be reordered"
        return None

    def restore(self, tagged: str) -> str:
        """``tagged`` (a translation carrying this segment's placeholder tags, well formed, text escaped)
        with the original codes put back: the content of an XLIFF/TMX target.

        A placeholder this segment does not know is kept as escaped text: it cannot be a code."""
        if not self.codes:
            return tagged.replace("\r", "&#13;")
        # A CR read from &#13; goes back as a reference: raw, every XML parser reads it as LF.
        return self._walk(tagged, lambda piece: piece.replace("\r", "&#13;"), _as_text)

    def render(self, tagged: str, text: Callable[[str], str]) -> str:
        """``tagged`` written for a document format (HTML, JSON, PO…): each piece of text unescaped and passed
        through the format's own ``text`` escaping, each placeholder tag replaced by its original code as the
        file had it (``InlineCode.open``/``close``), a tag this segment does not know written as text."""
        return self._walk(tagged, lambda piece: text(unescape(piece)), text)

    def _walk(self, tagged: str, text: Callable[[str], str], unknown: Callable[[str], str]) -> str:
        """``tagged`` with each piece of text through ``text``, each placeholder tag this segment has a code for
        replaced by the code's original, any other tag through ``unknown``."""
        out: list[str] = []
        open_pairs: list[InlineCode | None] = []
        for token in tokenize(tagged, orphans=True):  # every well-written tag, paired or not
            if token.kind == "text":
                out.append(text(token.text))
                continue
            code = self._code(token)
            if token.kind == "start":
                open_pairs.append(code)
                out.append(code.open if code else unknown(token.text))
            elif token.kind == "end":
                code = open_pairs.pop() if open_pairs else None
                out.append(code.close if code else unknown(token.text))
            else:
                out.append(code.open if code else unknown(token.text))
        return "".join(out)

    def _code(self, token: Token) -> InlineCode | None:
        is_code = (token.kind == "start" and token.name == PAIR) or (
            token.kind == "empty" and token.name in (STANDALONE, OPEN, CLOSE)
        )
        code_id = placeholder_id(token.text) if is_code else None
        return None if code_id is None else self.codes.get((token.name, code_id))


#: the slots' setters, in the order of the fields (``Segment.__init__``; a frozen dataclass's own sets each
#: through ``object.__setattr__``, twice as slow)
_SEGMENT_SLOTS = tuple(getattr(Segment, f.name).__set__ for f in fields(Segment))
assert [f.name for f in fields(Segment)] == ["id", "source", "reference", "codes", "key", "src_lang", "trg_lang",
                                             "keep", "locked", "fixed", "ordered"]


def placeholder_id(tag: str) -> str | None:
    """The ``id`` of a placeholder tag like ``<g id="3">`` or ``<x id='3'/>`` (references read)."""
    match = _ID.search(tag)
    if not match:
        return None
    return unescape(match.group(1) if match.group(1) is not None else match.group(2))


def placeholder(kind: str, code_id: str) -> str:
    """The tag of a placeholder: ``<g id="N">`` for a pair's start, ``<x id="N"/>`` and the halves."""
    value = escape_attribute(code_id)
    return f'<g id="{value}">' if kind == PAIR else f'<{kind} id="{value}"/>'


def _as_text(markup: str) -> str:
    return escape(markup)


#: A writer's signature: the corpus, one tagged target per segment (None: leave that segment's target
#: as it is), the output path, and the keyword options (``trg_lang``, ``state``).
Writer = Callable[..., Path]


@dataclass
class Corpus:
    """The segments of one input, with what its writer needs to give the same format back.

    ``format`` names a registered format (``tagmt.corpus.formats``) or is ``segments`` (built in code); ``src_lang``/``trg_lang`` come from the file where it
    says them (XLIFF, TMX) and may be None; ``escaped`` tells whether text in the tagged strings is
    XML-escaped (see the module docstring). ``native`` is the reader's own record for its writer.
    """

    format: str
    segments: list[Segment]
    path: Path | None = None
    src_lang: str | None = None
    trg_lang: str | None = None
    escaped: bool = True
    native: Any = None
    writer: Writer | None = None
    #: after ``write``: the targets left as they were although a new one was given or allowed, by reason
    kept: Counter[str] = field(default_factory=Counter)
    #: after ``write``: how many of the given targets were written
    written: int = 0
    #: ``write`` warns (``TargetsKeptWarning``) when a given target is not written: set by ``tagmt.read`` (the
    #: commands count and say it themselves)
    warn_kept: bool = False

    def __len__(self) -> int:
        return len(self.segments)

    @property
    def bilingual(self) -> bool:
        """Whether the format carries languages and references (``InputFormat.bilingual``; a corpus built in
        code carries what it was given)."""
        fmt = _format_of(self)
        return True if fmt is None else fmt.bilingual

    @property
    def _xml(self) -> bool:
        """Whether the format is an XML document (which cannot hold C0 controls, even as references)."""
        fmt = _format_of(self)
        return fmt is not None and fmt.xml

    @property
    def writes_targets(self) -> bool:
        """Whether a translation is written into a copy of the file (``InputFormat.writes_targets``: XLIFF),
        rather than as a line file."""
        fmt = _format_of(self)
        return fmt is not None and fmt.writes_targets

    @property
    def interchange(self) -> bool:
        """Whether the file was made for translation (``InputFormat.interchange``: XLIFF), not a document."""
        fmt = _format_of(self)
        return fmt is not None and fmt.interchange

    @property
    def sources(self) -> list[str]:
        return [segment.source for segment in self.segments]

    @property
    def references(self) -> list[str | None]:
        return [segment.reference for segment in self.segments]

    def plan(self, overwrite: bool = False, machine: bool = False) -> tuple[list[int], Counter[str]]:
        """The indices of the segments whose target may be written (``Segment.may_write``) and, by reason,
        how many targets stay as they are."""
        allowed: list[int] = []
        kept: Counter[str] = Counter()
        for k, segment in enumerate(self.segments):
            reason = segment.may_write(overwrite, machine)
            if reason is None:
                allowed.append(k)
            else:
                kept[reason] += 1
        return allowed, kept

    def write(self, output: str | Path, targets: Sequence[str | None], *, overwrite: bool = False,
              machine: bool = False, **options: Any) -> Path:
        """Write ``targets`` (one tagged string per segment, or None to leave a segment's target as it is)
        in this corpus's own format to ``output``, atomically. On an escaped corpus each target is made a
        well-formed tagged string first (``corpus.targets.safe_target``: text escaped, a tag that is not the
        segment's kept as text), so no target can break the file or add elements to it. A target the
        segment does not allow (``Segment.may_write`` with ``overwrite``/``machine``, ``Segment.violation``)
        is not written; :attr:`written` counts those written, :attr:`kept` the others by reason (and the
        targets no one gave, that the segment would not take anyway)."""
        if self.writer is None:
            raise TagmtError(f"tagmt cannot write {self.format} files; choose a line file as output")
        if isinstance(targets, str) or len(targets) != len(self.segments):
            given = "a string" if isinstance(targets, str) else f"{len(targets)} targets"
            raise TagmtError(f"write takes one target per segment (None: leave it): {given} for "
                             f"{len(self.segments)} segments")
        _, self.kept = self.plan(overwrite, machine)
        allowed: list[str | None] = []
        refused: Counter[str] = Counter()
        for k, (segment, tagged) in enumerate(zip(self.segments, targets)):
            if tagged is not None and not isinstance(tagged, str):
                raise TagmtError(f"target {k} (segment {segment.id}) is a {type(tagged).__name__}; give a tagged "
                                 "string or None")
            bad = forbidden_character(tagged) if tagged is not None and self._xml else None
            if bad:
                raise TagmtError(f"target {k} (segment {segment.id}) holds {bad}, a character an XML file cannot "
                                 "hold even as a reference; remove it")
            reason = None if tagged is None else segment.may_write(overwrite, machine)
            if tagged is not None and reason is None:
                if self.escaped:
                    safe = safe_target(segment.source, segment.codes.keys(), tagged)
                    tagged = tagged if safe == tagged else safe  # (the string given kept: not held twice)
                reason = segment.violation(tagged)
                if reason:
                    self.kept[reason] += 1
            if tagged is not None and reason:
                refused[reason] += 1
                tagged = None
            allowed.append(tagged)
        self.written = sum(t is not None for t in allowed)
        if refused and self.warn_kept:
            reasons = ", ".join(f"{n} {why}" for why, n in sorted(refused.items()))
            warnings.warn(f"{sum(refused.values())} of the {sum(t is not None for t in targets)} targets given were "
                          f"not written, their segments kept as they were ({reasons}); overwrite=True replaces those "
                          "that are not locked (corpus.written, corpus.kept)", TargetsKeptWarning, stacklevel=2)
        return self.writer(self, allowed, output, **options)


class TargetsKeptWarning(UserWarning):
    """``Corpus.write`` (through ``tagmt.read``) left some of the targets it was given unwritten."""
