"""Projecting tagged strings held in memory — the one path of ``tagmt project --source`` (``projection.
project_lines``), ``tagmt.project`` and ``tagmt serve``'s ``/v1/project``, so that the three give the same
answer for the same input: the sources' placeholders made codes (``--placeholders``), detagged (a refusal names
the segment), the standalone codes' stand-ins, the projection, then the placeholders written back as they were
and raw ``<``/``>`` kept where the source writes them raw (``escaping.in_source_style``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from tagmt.errors import TagmtError
from tagmt.projection import Detagged, detag
from tagmt.translation.escaping import in_source_style
from tagmt.translation.hygiene import RunReport
from tagmt.translation.pipelines import ProjectionSetup, project_translations


@dataclass
class Prepared:
    """Tagged sources ready to project: as given, with their placeholders as codes, detagged, and the codes'
    stand-ins (``translation.pins``)."""

    sources: list[str]
    protected: list[tuple[str, dict]]
    detagged: list[Detagged]
    tokens: list[list]
    placeholders: bool


def prepare(sources: Sequence[str], placeholders: Sequence[str] | str | None = None,
            regexes: Sequence[str] = (), where: Callable[[int], str] = lambda k: f"source {k}") -> Prepared:
    """``sources`` ready to project; ``where(k)`` names segment ``k`` (0-based) in a refusal."""
    from tagmt.corpus.placeholders import compile_finder, parse_kinds, protect_tagged
    from tagmt.translation.pins import stand_ins

    kinds = parse_kinds(placeholders) or ()
    finder = compile_finder(kinds, tuple(regexes))
    protected = [protect_tagged(line, kinds, tuple(regexes)) if finder else (line, {}) for line in sources]
    detagged = []
    for k, (line, _) in enumerate(protected):
        try:
            detagged.append(detag(line))
        except TagmtError as exc:
            raise TagmtError(f"{where(k)}: {exc}") from None
    tokens = [stand_ins(d, codes, "", neutral=False) if codes else [] for d, (_, codes) in zip(detagged, protected)]
    return Prepared(list(sources), protected, detagged, tokens, finder is not None)


def project_prepared(prepared: Prepared, translations: list[str], setup: ProjectionSetup,
                     report: RunReport) -> list[str]:
    """The tagged outputs of ``prepared`` sources for their natural ``translations``."""
    from tagmt.corpus.placeholders import unprotect

    tokens = prepared.tokens
    outputs = project_translations(prepared.detagged, translations, replace(setup, snap_gaps=True), report=report,
                                   stand_ins=tokens if any(map(any, tokens)) else None)
    if prepared.placeholders:
        outputs = [unprotect(out, codes) for out, (_, codes) in zip(outputs, prepared.protected)]
    return [in_source_style(out, line) for out, line in zip(outputs, prepared.sources)]


def project_tagged(sources: Sequence[str], translations: list[str], setup: ProjectionSetup, report: RunReport, *,
                   placeholders: Sequence[str] | str | None = None, regexes: Sequence[str] = ()) -> list[str]:
    """``prepare`` and ``project_prepared`` in one call (the API's and the service's)."""
    return project_prepared(prepare(sources, placeholders, regexes), translations, setup, report)
