"""Reference and hypothesis targets of XLIFF files matched by unit/segment id, for scoring.

The reference file's segments that have a target are scored, in its order; each hypothesis file must
have a target for every one of them (matched by id, whatever the order of its units). Ids missing on
either side are named, never skipped silently; the reference's segments without a target are named in a
note, since there is nothing to score them against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from tagmt.corpus import Corpus, read_corpus
from tagmt.errors import TagmtError

XLIFF_FORMATS = ("xliff12", "xliff2")
_SHOWN = 5


@dataclass
class MatchedTargets:
    """The reference targets, each hypothesis file's targets in the same order, and the target language."""

    ids: list[str]
    references: list[str]
    hypotheses: dict[str, list[str]]
    trg_lang: str | None
    notes: list[str] = field(default_factory=list)


def _named(ids: Sequence[str]) -> str:
    shown = ", ".join(ids[:_SHOWN])
    return shown + (f" … ({len(ids)} in all)" if len(ids) > _SHOWN else "")


def _targets(corpus: Corpus) -> dict[str, str | None]:
    by_id: dict[str, str | None] = {}
    for segment in corpus.segments:
        if segment.id in by_id:
            raise TagmtError(f"{corpus.path}: segment id {segment.id!r} occurs twice; ids must be unique to match")
        by_id[segment.id] = segment.reference
    return by_id


def match_targets(reference: str | Path, hypotheses: Sequence[str | Path], format: str | None = None) -> MatchedTargets:
    """Match the targets of ``hypotheses`` (XLIFF files) to those of ``reference`` by segment id."""
    ref = read_corpus(reference, format)
    if ref.format not in XLIFF_FORMATS:
        raise TagmtError(f"{reference}: not an XLIFF file")
    ref_targets = _targets(ref)
    ids = [i for i, target in ref_targets.items() if target is not None]
    if not ids:
        raise TagmtError(f"{reference}: no segment has a target, so there is no reference to score against")
    notes = []
    untargeted = [i for i, target in ref_targets.items() if target is None]
    if untargeted:
        notes.append(f"{reference}: {len(untargeted)} segments have no target and are not scored: {_named(untargeted)}")
    matched: dict[str, list[str]] = {}
    for path in hypotheses:
        hyp = read_corpus(path)
        if hyp.format not in XLIFF_FORMATS:
            raise TagmtError(f"{path}: the reference is XLIFF, so every --hyp must be XLIFF too (this is {hyp.format})")
        targets = _targets(hyp)
        unknown = [i for i in targets if i not in ref_targets]
        if unknown:
            raise TagmtError(f"{path} has segments that {reference} does not: {_named(unknown)}")
        missing = [i for i in ids if targets.get(i) is None]
        if missing:
            raise TagmtError(f"{path} has no target for {len(missing)} segments of {reference}: {_named(missing)}")
        matched[str(path)] = [targets[i] for i in ids]  # type: ignore[misc]
    return MatchedTargets(ids, [ref_targets[i] for i in ids], matched, ref.trg_lang, notes)  # type: ignore[misc]
