"""``tagmt project`` as a library: put the tags of tagged sources into any MT output (detag-and-project
without the MT), for line files and for XLIFF.

* ``project_lines``: a tagged source line file and a tag-less translation line file (as an MT system
  writes it: natural text, ``&`` not ``&amp;``) → the tagged translation. The translation's text is kept
  exactly, XML-escaped so that the output is well formed (the count of escaped lines is reported). A
  translation that holds tags the sources use as markup is refused; other tag-like text (``<name>``)
  is text.
* ``project_xliff``: each target that lacks its source's codes gets them, projected onto the target's
  text, where the file lets it be written: its state asks for translation or says machine translation
  (``Segment.may_write``; ``overwrite``: any target that is not locked). Targets that already carry
  exactly the source's codes, targets with codes their source lacks (kept: they are the translator's),
  sources without codes and units without a target are left as they are. A written target's state says
  machine translation (``approved`` cleared). Nothing else in the file changes.

The projection itself is ``tagmt.projection.project_batch``; the aligner is checked before any work. Both take a
``guide`` (``tagmt.translation.guide``: tagged examples of the domain, extra plain parallel text) and a tagged
reference ``ref`` to measure the projection against (``tagmt.projection.assess``: exact share and error classes,
overall and per tag name) — ``ProjectionRun.assessment``.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from tagmt.aligner_names import DEFAULT_ALIGNER
from tagmt.corpus import Corpus, read_corpus, read_references
from tagmt.corpus.lines import check_same_length, read_segments, write_lines
from tagmt.xmltext import unescape
from tagmt.errors import TagmtError
from tagmt.languages import normalize
from tagmt.markup import COMMENT, DECLARATION, tokenize
from tagmt.outputs import refuse_overwriting_inputs
from tagmt.plaintext import plain_text
from tagmt.preflight import aligner_problems, check
from tagmt.projection import detag
from tagmt.projection.align import Aligner
from tagmt.projection.assess import Assessment, assess
from tagmt.translation.guide import Guide
from tagmt.translation.hygiene import RunReport
from tagmt.translation.options import AlignerSpec, InputFile, OutputFile
from tagmt.translation.pipelines import ProjectionSetup, project_translations


@dataclass
class ProjectionRun:
    """What a projection did: the output, the segments, how many got tags, the time, the counts."""

    output: Path
    segments: int
    projected: int
    seconds: float
    report: RunReport = field(default_factory=RunReport)
    skipped: dict[str, int] = field(default_factory=dict)  # XLIFF: why targets were left alone
    assessment: Assessment | None = None  # against the tagged reference, when one was given
    #: with a reference: (segment id, tagged source, output, reference) of every segment assessed, in order
    compared: list[tuple[str, str, str, str]] = field(default_factory=list)
    #: what the assessment left out and why (segments without a reference in a TMX or XLIFF ``ref``)
    notes: list[str] = field(default_factory=list)


def _aligner(aligner: str | AlignerSpec | Aligner, languages: Sequence[str]) -> Aligner:
    """The aligner, checked and loaded: a name (its model and device at their defaults), an ``AlignerSpec``
    (which carries them), or an aligner already loaded."""
    if isinstance(aligner, str):
        aligner = AlignerSpec(aligner)
    if not isinstance(aligner, AlignerSpec):
        return aligner
    check(aligner_problems(aligner.name, aligner.model, languages))
    loaded = aligner.load()
    if getattr(loaded, "from_engine", False):  # --aligner attention: there is no translating model here
        from tagmt.projection.attention import ELSEWHERE

        raise TagmtError(ELSEWHERE)
    return loaded


def project_lines(
    source: str | Path | InputFile,
    translation: str | Path,
    output: str | Path,
    *,
    src_lang: str,
    trg_lang: str,
    aligner: str | AlignerSpec | Aligner = DEFAULT_ALIGNER,
    guide: Guide | None = None,
    ref: str | Path | None = None,
) -> ProjectionRun:
    """Project the tags of each line of ``source`` onto the same line of ``translation``; write ``output``.
    ``aligner``: a name, an ``AlignerSpec`` (its encoder model, device and options) or an aligner loaded.
    ``ref``: the tagged references to assess the output against, segment for segment, in any format the
    corpus layer reads (``tagmt.corpus.read_references``: a line file's lines, a TMX's ``trg_lang`` side, an
    XLIFF's targets); segments without one there are left out of the assessment and said (``notes``).
    ``output`` is never one of the inputs (refused before any work). ``source`` may be an ``InputFile``: its
    ``placeholders``/``placeholder_regexes`` make placeholders of the source lines codes (``tagmt.corpus.
    placeholders``); one that the translation holds as text stays where it is, the others are projected, and
    the output writes them as they were."""
    from tagmt.translation.tagged import prepare, project_prepared

    given = source if isinstance(source, InputFile) else InputFile(source)
    source = given.path
    if given.its_rules:
        raise TagmtError(f"{source}: --its-rules is for HTML pages and ITS-marked XML documents (DITA), not "
                         "line files; leave it out")
    refuse_overwriting_inputs([("output", str(output))], [("source", str(source)), ("translation", str(translation)),
                                                          ("ref", str(ref) if ref else None)])
    src, trg = normalize(src_lang, "--src-lang"), normalize(trg_lang, "--trg-lang")
    sources = read_segments(source)
    translations = read_segments(translation)
    check_same_length(source, len(sources), translation, len(translations))
    references = None
    if ref is not None:
        references = read_references(ref, src_lang=src, trg_lang=trg, count=len(sources), of=f"--source {source}")
    tagged = [n for n, (line, src_line) in enumerate(zip(translations, sources), start=1)
              if _has_source_tags(line, src_line)]
    if tagged:
        raise TagmtError(
            f"{translation}:{tagged[0]}: the translation already contains tags of the source ({len(tagged)} lines "
            "do); --translation takes the plain MT output — strip its tags first, or translate with --approach dt"
        )
    # One rule, as for every tagmt line file (stated in `tagmt project --help`, README, docs/safety.md): every
    # XML reference is read as its character, &amp; and &#10; alike; any other &, < or > is itself.
    translations = [unescape(line) for line in translations]
    prepared = prepare(sources, given.placeholders, tuple(given.placeholder_regexes),
                       where=lambda k: f"{source}:{k + 1}")  # refusals first
    loaded = _aligner(aligner, [src, trg])
    _check_given(loaded, len(sources), f"--source {source}")
    started = time.perf_counter()
    report = RunReport(segments=len(sources))
    setup = ProjectionSetup(src, trg, loaded, escaped=True, guide=guide, remove_tags=False, snap_gaps=True)
    outputs = project_prepared(prepared, translations, setup, report)
    seconds = time.perf_counter() - started
    path = write_lines(output, outputs)
    assessment, compared, notes = None, [], []
    if references is not None:
        kept = [k for k, reference in enumerate(references) if reference is not None]
        if len(kept) < len(references):
            first = next(k for k, reference in enumerate(references) if reference is None) + 1
            notes.append(f"{len(references) - len(kept)} segments have no reference in --ref {ref} and are not "
                         f"assessed (first: line {first})")
        assessment = assess([outputs[k] for k in kept], [references[k] or "" for k in kept],
                            sources=[sources[k] for k in kept], ids=[str(k + 1) for k in kept], id_kind="line")
        compared = [(str(k + 1), sources[k], outputs[k], references[k] or "") for k in kept
                    if _assessed(outputs[k], references[k] or "")]
    return ProjectionRun(path, len(sources), sum(bool(d.tags) for d in prepared.detagged), seconds, report,
                         assessment=assessment, compared=compared, notes=notes)


def _assessed(output: str, reference: str) -> bool:
    """Whether ``assess`` counts the segment (it has tags on either side)."""
    return any(t.is_markup for t in tokenize(output, orphans=True)) or any(
        t.is_markup for t in tokenize(reference, orphans=True))


def _has_source_tags(translation: str, source: str) -> bool:
    """Whether ``translation`` has a tag named as one of its own source line's tags (decided per segment,
    as tagmt.markup decides markup: ``<name>`` is text unless the source line uses ``<name>`` as a tag)."""
    names = {t.name for t in tokenize(source, orphans=True) if t.is_markup and t.name not in (COMMENT, DECLARATION)}
    return bool(names) and any(t.is_markup and t.name in names for t in tokenize(translation, names))


def _placeholders(tagged: str) -> Counter[str]:
    return Counter(token.text for token in tokenize(tagged, orphans=True) if token.is_markup)


def targets_to_project(corpus: Corpus, overwrite: bool = False) -> tuple[list[int], dict[str, int]]:
    """Indices of the segments whose target lacks its source's codes and may be written, and why the
    others are left alone."""
    chosen: list[int] = []
    skipped: Counter[str] = Counter()
    for k, segment in enumerate(corpus.segments):
        reason = segment.may_write(overwrite, machine=True)
        if not segment.codes:
            skipped["without codes in the source"] += 1
        elif segment.target is None:
            skipped["without a target"] += 1
        elif _placeholders(segment.target) == _placeholders(segment.source):
            skipped["already with the source's codes"] += 1
        elif not set(_placeholders(segment.target)) <= set(_placeholders(segment.source)):
            skipped["with codes only the target has"] += 1
        elif reason is not None:
            skipped[f"kept ({reason})"] += 1
        else:
            chosen.append(k)
    return chosen, dict(skipped)


def xliff_languages(path: str | Path, src_lang: str | None, trg_lang: str | None) -> tuple[str, str]:
    """The languages a projection of the XLIFF file ``path`` runs in: the options, else the file's."""
    from tagmt.translation.files import resolve_languages

    return resolve_languages(read_corpus(path), src_lang, trg_lang)


def project_xliff(
    input: str | Path | InputFile,
    output: str | Path | OutputFile,
    *,
    aligner: str | AlignerSpec | Aligner = DEFAULT_ALIGNER,
    guide: Guide | None = None,
    ref: str | Path | None = None,
) -> ProjectionRun:
    """Give every target of an XLIFF file that lacks its source's codes those codes; write ``output``.
    ``input``: a path or an ``InputFile`` (its format and languages; None: the file's). ``output``: a path or
    an ``OutputFile``: ``overwrite`` (also targets that hold someone's work, see the module docstring) and
    ``in_place`` (``output`` may be ``input`` itself only then; written atomically). ``aligner`` as for
    ``project_lines``. ``ref``: the same file with tagged targets (same units in the same order) to assess
    the projected targets against."""
    from tagmt.translation.files import directions_of, resolve_languages

    source, target = InputFile.of(input), OutputFile.of(output)
    input, output = source.path, target.path
    src_lang, trg_lang, overwrite, in_place = source.src_lang, source.trg_lang, target.overwrite, target.in_place
    refuse_overwriting_inputs([("output", str(output))], [("input", str(input)), ("ref", str(ref) if ref else None)],
                              in_place=("output", "input"), allow_in_place=in_place, in_place_flag="in_place=True")

    corpus = read_corpus(input, source.format)
    if corpus.format not in ("xliff12", "xliff2"):
        raise TagmtError(f"{input}: --xliff takes an XLIFF 1.2 or 2.x file, not a {corpus.format} file; "
                         "for line files use --source and --translation")
    src, trg = resolve_languages(corpus, src_lang, trg_lang)
    directions = directions_of(corpus, range(len(corpus.segments)), src_lang, trg_lang)
    chosen, skipped = targets_to_project(corpus, overwrite)
    references = _xliff_references(ref, corpus) if ref is not None else None
    with_target = [k for k, s in enumerate(corpus.segments) if s.target is not None]
    languages = sorted({code for direction in directions for code in (direction.src, direction.trg)})
    loaded = _aligner(aligner, languages) if chosen else None
    _check_given(loaded, len(corpus.segments), f"--xliff {input}")
    started = time.perf_counter()
    targets: list[str | None] = [None] * len(corpus.segments)
    report = RunReport(segments=len(with_target))
    wanted = set(chosen)
    for direction, indices in directions.items() if chosen else ():
        src, trg = direction.src, direction.trg  # each <file>'s pair in its languages
        # Every pair with a target is aligned (eflomal learns from all of them); only the chosen are written.
        pairs = [k for k in indices if corpus.segments[k].target is not None]
        if not wanted.intersection(pairs):
            continue
        # detagged one at a time as the projection reads them (it keeps their natural-text form only)
        detagged = (detag(corpus.segments[k].source) for k in pairs)
        plain = [plain_text(corpus.segments[k].target, escaped=True) for k in pairs]  # type: ignore[arg-type]
        aligner_here = loaded.for_segments(pairs) if hasattr(loaded, "for_segments") else loaded  # given links
        setup = ProjectionSetup(src, trg, aligner_here, escaped=True, guide=guide, remove_tags=False)  # type: ignore[arg-type]
        projected = project_translations(detagged, plain, setup, report=report)
        del plain
        for k, tagged in zip(pairs, projected):
            if k in wanted:
                targets[k] = tagged
    seconds = time.perf_counter() - started
    path = corpus.write(output, targets, trg_lang=None, overwrite=overwrite, machine=True)
    refused = corpus.kept - corpus.plan(overwrite, machine=True)[1]  # the writer's (canDelete/canReorder="no")
    if refused:
        for reason, n in refused.items():
            skipped[reason] = skipped.get(reason, 0) + n
        chosen = [k for k in chosen if corpus.segments[k].violation(targets[k] or "") is None]
    assessment, compared = None, []
    if references is not None:
        assessment = assess([targets[k] or "" for k in chosen], [references[k] for k in chosen],
                            sources=[corpus.segments[k].source for k in chosen],
                            ids=[corpus.segments[k].id for k in chosen], id_kind="unit")
        compared = [(corpus.segments[k].id, corpus.segments[k].source, targets[k] or "", references[k])
                    for k in chosen if _assessed(targets[k] or "", references[k])]
    return ProjectionRun(path, len(corpus.segments), len(chosen), seconds, report, skipped, assessment, compared)


def _check_given(aligner: Aligner | None, segments: int, what: str) -> None:
    """Given links (`projection.given.GivenAligner`) come one line per segment of the input."""
    if hasattr(aligner, "for_segments") and len(aligner) != segments:  # type: ignore[arg-type]
        raise TagmtError(f"{what} has {segments} segments but the given links have {len(aligner)} lines "  # type: ignore[arg-type]
                         "(--alignment, --tokens): give one line per segment, in order")


def _detag_line(line: str, path: str | Path, n: int):
    """`detag` of line `n` of `path`; a refusal (tags nested past `detag.MAX_DEPTH`) names the line."""
    try:
        return detag(line)
    except TagmtError as exc:
        raise TagmtError(f"{path}:{n}: {exc}") from None


def _xliff_references(ref: str | Path, corpus: Corpus) -> list[str]:
    """The tagged targets of ``ref``, an XLIFF file with the same units as ``corpus`` in the same order."""
    found = read_corpus(ref)
    if found.format not in ("xliff12", "xliff2"):
        raise TagmtError(f"{ref}: with --xliff, --ref takes the same XLIFF file with tagged targets, not a "
                         f"{found.format} file")
    ours, theirs = [s.id for s in corpus.segments], [s.id for s in found.segments]
    if ours != theirs:
        raise TagmtError(f"{ref}: --ref must have the same units as the input, in the same order "
                         f"({len(theirs)} segments against {len(ours)})")
    return [s.reference or "" for s in found.segments]


def project_document(
    input: str | Path | InputFile,
    translation: str | Path,
    output: str | Path | OutputFile,
    *,
    aligner: str | AlignerSpec | Aligner = DEFAULT_ALIGNER,
    guide: Guide | None = None,
) -> ProjectionRun:
    """Put MT lines into any document ``read_corpus`` reads (XLIFF, and every format that writes targets):
    line k of ``translation`` (plain MT output, the line-file escaping rule) is the translation of segment k
    in the order ``tagmt views --input DOC --view plain --side source`` writes them; each gets its segment's
    codes by projection and is written as that segment's target (XLIFF: where the file lets it be written,
    ``OutputFile.overwrite`` as for ``project_xliff``; a format that does not write targets: a line file).
    Placeholders (``InputFile.placeholders``) that a line holds as text stay where the line has them; the
    others are projected. Another number of lines is refused in one line before any work."""
    from tagmt.corpus.placeholders import unprotect
    from tagmt.translation.files import directions_of, resolve_languages
    from tagmt.translation.pins import stand_ins

    source, target = InputFile.of(input), OutputFile.of(output)
    input, output = source.path, target.path
    refuse_overwriting_inputs([("output", str(output))], [("input", str(input)), ("translation", str(translation))],
                              in_place=("output", "input"), allow_in_place=target.in_place,
                              in_place_flag="in_place=True")
    corpus = read_corpus(input, source.format, src_lang=source.src_lang, trg_lang=source.trg_lang,
                         placeholders=source.placeholders, placeholder_regexes=source.placeholder_regexes,
                         its_rules=source.its_rules)
    lines = read_segments(translation)
    if len(lines) != len(corpus.segments):
        raise TagmtError(f"{translation} has {len(lines)} lines but {input} has {len(corpus.segments)} segments: give "
                         "one MT line per segment, in the order of `tagmt views --input "
                         f"{input} --view plain --side source`")
    resolve_languages(corpus, source.src_lang, source.trg_lang)
    directions = directions_of(corpus, range(len(corpus.segments)), source.src_lang, source.trg_lang)
    allowed, kept = corpus.plan(target.overwrite, machine=True)
    wanted = set(allowed)
    languages = sorted({code for direction in directions for code in (direction.src, direction.trg)})
    loaded = _aligner(aligner, languages) if allowed else None
    started = time.perf_counter()
    targets: list[str | None] = [None] * len(corpus.segments)
    report = RunReport(segments=len(allowed))
    for direction, indices in directions.items() if allowed else ():
        chosen = [k for k in indices if k in wanted]
        if not chosen:
            continue
        detagged = [_detag_line(corpus.segments[k].source, input, k + 1) for k in chosen]
        plain = [unescape(lines[k]) for k in chosen]
        tokens = [stand_ins(d, corpus.segments[k].codes, "", neutral=False) for d, k in zip(detagged, chosen)]
        setup = ProjectionSetup(direction.src, direction.trg, loaded, escaped=corpus.escaped, guide=guide,  # type: ignore[arg-type]
                                remove_tags=False, snap_gaps=True)
        projected = project_translations(detagged, plain, setup, report=report,
                                         stand_ins=tokens if any(map(any, tokens)) else None)
        for k, tagged in zip(chosen, projected):
            targets[k] = tagged
    seconds = time.perf_counter() - started
    if corpus.writer is not None and corpus.writes_targets:
        path = corpus.write(output, targets, trg_lang=source.trg_lang, overwrite=target.overwrite, machine=True)
        kept = corpus.kept
    else:
        path = write_lines(output, [unprotect(t or "", s.codes) for t, s in zip(targets, corpus.segments)])
    written = sum(t is not None for t in targets) - sum((kept - corpus.plan(target.overwrite, True)[1]).values())
    skipped = {f"kept ({reason})": n for reason, n in kept.items()}
    return ProjectionRun(path, len(corpus.segments), written, seconds, report, skipped)
