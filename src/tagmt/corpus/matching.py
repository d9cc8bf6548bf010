"""Reference and hypothesis targets of XLIFF files — and of documents (PO, JSON, HTML, …) — matched segment by
segment, for scoring. A bilingual file's target is its segment's target (a PO's msgstr); a monolingual
document's is the text it holds (a translated JSON or HTML page is its own translation).

What is scored, and what is said about the rest (issue 19):

- segments are matched by their structured key (``Segment.key``: the ``<file>``, the unit's id — or its
  position among the file's units without an id — and the segment's id), never by the flat printed id,
  so ``a`` + ``b/c`` and ``a/b`` + ``c`` cannot meet; a unit id used twice is matched by its occurrence
  (the second ``u1`` of the reference with the second ``u1`` of the hypothesis), and counted in a note;
- ``match="position"`` matches the n-th segment of each file instead (ids ignored; the counts must agree);
- the reference's segments without a target are not scored (named in a note);
- a hypothesis without a target for a reference segment is scored as empty (counted in a note), or,
  with ``skip_missing``, that segment is left out for every system (counted);
- hypothesis segments the reference does not have are named in a note and not scored;
- a hypothesis whose target language differs from the reference's is a one-line error.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from tagmt.corpus import Corpus, read_corpus
from tagmt.corpus.formats import format_of
from tagmt.errors import TagmtError
MATCH_MODES = ("id", "position")
_SHOWN = 5


@dataclass
class MatchedTargets:
    """The reference targets, each hypothesis file's targets in the same order, and the target language;
    ``sources``: the reference's source of each matched segment (for COMET and per-segment reports);
    ``notes``: what was not scored as it stands, one line each; ``missing``: per hypothesis file, how many
    of its targets were missing (scored as empty, or skipped)."""

    ids: list[str]
    references: list[str]
    hypotheses: dict[str, list[str]]
    trg_lang: str | None
    notes: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    missing: dict[str, int] = field(default_factory=dict)


def _named(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:_SHOWN])
    return shown + (f" … ({len(ids)} in all)" if len(ids) > _SHOWN else "")


def _keyed(corpus: Corpus, match: str) -> list[tuple[tuple, str, str | None]]:
    """(key, printed id, target) of every segment; a key used twice gets its occurrence number."""
    own = corpus.bilingual  # (a monolingual document: the text it holds is the translation)
    if match == "position":
        return [((n,), s.id, s.reference if own else s.source) for n, s in enumerate(corpus.segments)]
    seen: Counter = Counter()
    out = []
    for segment in corpus.segments:
        base = segment.key or (segment.id,)
        seen[base] += 1
        out.append(((base, seen[base]), segment.id, segment.reference if own else segment.source))
    return out


def keyed_targets(corpus: Corpus) -> list[tuple[tuple, str, str | None]]:
    """(key, printed id, target) of every segment, keyed by its structured key (a key used twice by its
    occurrence): how two versions of one XLIFF file are matched segment by segment."""
    return _keyed(corpus, "id")


def _duplicates(keyed: list[tuple[tuple, str, str | None]]) -> list[str]:
    return sorted({printed for (base, occurrence), printed, _ in keyed if occurrence > 1})


def _language(tag: str | None) -> tuple[str, str | None] | None:
    if not tag:
        return None
    parts = tag.replace("_", "-").lower().split("-")
    region = next((p for p in parts[1:] if len(p) == 2 or p.isdigit()), None)
    return parts[0], region


def _same_language(a: str | None, b: str | None) -> bool:
    """Whether two target languages agree: the same language, and the same region where both name one
    (``de-DE`` and ``de`` agree; ``de`` and ``fr``, ``en-US`` and ``en-GB`` do not)."""
    left, right = _language(a), _language(b)
    if left is None or right is None:
        return True
    return left[0] == right[0] and (left[1] is None or right[1] is None or left[1] == right[1])


def match_targets(reference: str | Path, hypotheses: Sequence[str | Path], format: str | None = None, *,
                  match: str = "id", skip_missing: bool = False, marked: dict | None = None) -> MatchedTargets:
    """Match the targets of ``hypotheses`` (XLIFF files, or documents of the reference's format) to those of
    ``reference`` (see the module docstring); ``marked``: the placeholder options every file is read with."""
    if match not in MATCH_MODES:
        raise TagmtError(f"unknown match mode {match!r}; use {' or '.join(MATCH_MODES)}")
    ref = read_corpus(reference, format, **(marked or {}))
    copies = dict(marked or {})
    if copies.get("its_rules"):  # (--its-rules linked: the hypotheses read with the links of the reference)
        from tagmt.corpus.itsview import rules_for_copies

        copies["its_rules"] = rules_for_copies(reference, copies["its_rules"])
    if not _holds_translations(ref):
        raise TagmtError(f"{reference}: not an XLIFF file or a document")
    ref_keyed = _keyed(ref, match)
    scored = [(key, printed) for key, printed, target in ref_keyed if target is not None]
    if not scored:
        raise TagmtError(f"{reference}: no segment has a target, so there is no reference to score against")
    notes = []
    untargeted = [printed for _, printed, target in ref_keyed if target is None]
    if untargeted:
        notes.append(f"{reference}: {len(untargeted)} segments have no target and are not scored: {_named(untargeted)}")
    doubled = _duplicates(ref_keyed) if match == "id" else []
    if doubled:
        notes.append(f"{reference}: {len(doubled)} ids occur more than once, matched by their order in each file: "
                     f"{_named(doubled)}")
    ref_targets = {key: target for key, _, target in ref_keyed}
    hyp_targets: dict[str, dict[tuple, str | None]] = {}
    for path in hypotheses:
        hyp = read_corpus(path, **copies)
        if not _holds_translations(hyp) or hyp.interchange != ref.interchange:
            kind = "XLIFF" if ref.interchange else f"a {format_of(ref).display}"  # type: ignore[union-attr]
            found = format_of(hyp)
            raise TagmtError(f"{path}: the reference is {kind}, so every --hyp must be one too, matched by id "
                             f"(this is a {found.display if found else hyp.format})")
        if not _same_language(ref.trg_lang, hyp.trg_lang):
            raise TagmtError(f"{path} is in {hyp.trg_lang} but the reference {reference} is in {ref.trg_lang}: "
                             "score a translation against a reference of its own language")
        keyed = _keyed(hyp, match)
        if match == "position" and len(keyed) != len(ref_keyed):
            raise TagmtError(f"--match position: {path} has {len(keyed)} segments but {reference} has "
                             f"{len(ref_keyed)}; match by id instead")
        unknown = [printed for key, printed, _ in keyed if key not in ref_targets]
        if unknown:
            notes.append(f"{path}: {len(unknown)} segments that {reference} does not have are not scored: "
                         f"{_named(unknown)}")
        hyp_targets[str(path)] = {key: target for key, _, target in keyed}
    missing = {name: [(key, printed) for key, printed in scored if targets.get(key) is None]
               for name, targets in hyp_targets.items()}
    if skip_missing:
        left_out = {key for pairs in missing.values() for key, _ in pairs}
        for name, pairs in missing.items():
            if pairs:
                notes.append(f"{name}: no target for {len(pairs)} segments of {reference}; left out of every "
                             f"system's scores (--skip-missing): {_named([p for _, p in pairs])}")
        scored = [(key, printed) for key, printed in scored if key not in left_out]
        if not scored:
            raise TagmtError(f"no segment of {reference} has a target in every hypothesis: nothing to score")
    else:
        for name, pairs in missing.items():
            if pairs:
                notes.append(f"{name}: no target for {len(pairs)} segments of {reference}, scored as empty "
                             f"(--skip-missing leaves them out): {_named([p for _, p in pairs])}")
    sources = {key: segment.source for (key, _, _), segment in zip(ref_keyed, ref.segments)}
    return MatchedTargets(
        [printed for _, printed in scored], [ref_targets[key] for key, _ in scored],  # type: ignore[misc]
        {name: [targets.get(key) or "" for key, _ in scored] for name, targets in hyp_targets.items()},
        ref.trg_lang, notes, [sources[key] for key, _ in scored],
        {name: len(names) for name, names in missing.items()},
    )


def _holds_translations(corpus: Corpus) -> bool:
    """Whether ``corpus`` is in a format that a translation is written into (XLIFF, a document): targets
    matched by unit."""
    fmt = format_of(corpus)
    return fmt is not None and fmt.writes_targets
