"""``translate_file``: translate any XLIFF, TMX or tagged line file and write it back in its own format
(XLIFF in, XLIFF out with targets filled; line file or TMX in, line file out).

XLIFF is pre-translated as CAT tools do it: only segments whose target is missing, empty or asks for
translation are translated and written (``Corpus.plan``); the others stay byte for byte and are counted
by reason (``FileRun.kept``, the run record's ``targets_kept``) unless ``overwrite``. A document whose
``<file>`` elements name different language pairs is translated direction by direction. The language-free
engines (``copy``, ``pseudo``) also run where no language is named (``und``; nothing is declared from it)."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Sequence

from tagmt.corpus import Corpus, read_corpus
from tagmt.corpus.lines import write_lines
from tagmt.corpus.splice import legacy_charset
from tagmt.engines.offline import LANGUAGE_FREE
from tagmt.engines.options import EngineOptions
from tagmt.corpus.placeholders import unprotect
from tagmt.data.directions import Direction
from tagmt.errors import TagmtError
from tagmt.languages import Language, parse
from tagmt.outputs import refuse_overwriting_inputs
from tagmt.translation.hygiene import RunReport
from tagmt.translation.guide import Guide
from tagmt.aligner_names import DEFAULT_ALIGNER
from tagmt.translation.options import InputFile, OutputFile, RunOptions
from tagmt.translation.outcome import FileRun, Translation
from tagmt.translation.pipelines import (
    AlignerLike,
    EngineLike,
    aligner_name,
    engine_options,
    translate_checked,
    preflight,
    record_run,
)
from tagmt.translation.repair import TagCheck

DEFAULT_MODEL = "m2m100"
#: The language a run of a language-free engine (``copy``, ``pseudo``) records where neither the options nor the
#: file name one: BCP 47's "undetermined". The writer is never told it: no language is declared from it.
UNDETERMINED = "und"


def resolve_direction(corpus: Corpus, src_lang: str | None, trg_lang: str | None) -> Direction:
    """The run's direction: from the options, else from the file; both must name the same language where
    both say (a region the option gives wins). One language in two regional variants (``en-US`` →
    ``en-AU``, ``pt-PT`` → ``pt-BR``) is a regional adaptation, kept with its tags; one tag twice is refused."""
    filling = _filling(corpus) if corpus.bilingual else (False, False)
    if any(filling):  # the options are for the <file>s that name no language: they say the run's direction
        return _resolve(corpus, src_lang, trg_lang, *(None if f else c for f, c in zip(filling, (
            corpus.src_lang, corpus.trg_lang))), filling=(False, False))
    return _resolve(corpus, src_lang, trg_lang, corpus.src_lang, corpus.trg_lang)


def resolve_languages(corpus: Corpus, src_lang: str | None, trg_lang: str | None) -> tuple[str, str]:
    """The codes of the run's direction (:func:`resolve_direction`)."""
    direction = resolve_direction(corpus, src_lang, trg_lang)
    return direction.src, direction.trg


def _resolve(corpus: Corpus, src_lang: str | None, trg_lang: str | None, file_src: str | None,
             file_trg: str | None, filling: tuple[bool, bool] = (False, False), segment_id: str | None = None
             ) -> Direction:
    """``filling``: per language, whether some ``<file>`` of the document names none while others do (the
    option is then for those files, and a file that names its own keeps it); ``segment_id``: the segment
    whose ``<file>`` is resolved, for messages."""
    where = corpus.path
    chosen: list[Language] = []
    for given, in_file, option, attribute, fills in (
        (src_lang, file_src, "--src-lang", "source language", filling[0]),
        (trg_lang, file_trg, "--trg-lang", "target language", filling[1]),
    ):
        mine = parse(given, option) if given else None
        theirs = parse(in_file, f"{where}: the {attribute}") if in_file else None
        if mine and theirs and mine.code != theirs.code and not fills:
            raise TagmtError(f"{option} {given} contradicts the {attribute} {in_file} of {where}")
        if theirs is None and mine is None and fills:
            raise TagmtError(f"no {attribute} for segment {segment_id!r}: its <file> in {where} names none "
                             f"(other <file>s name theirs, which are not taken for it); pass {option} "
                             "(an ISO code such as de)")
        chosen.append(_given(theirs if fills and theirs else mine or theirs, attribute, option, corpus))
    src, trg = chosen
    if src.code == trg.code and src.tag.lower() == trg.tag.lower() and src.code != UNDETERMINED:
        raise TagmtError(f"source and target language are both {src.tag}; translation needs two languages "
                         f"(a regional adaptation names two variants, e.g. {src.code}-US → {src.code}-AU)")
    return Direction(src.code, trg.code, src_tag=_extra_tag(src), trg_tag=_extra_tag(trg))


def _given(language: Language | None, attribute: str, option: str, corpus: Corpus) -> Language:
    if language is None:
        from tagmt.corpus.formats import format_of

        fmt = format_of(corpus)  # (a document of issue 32 is named as such, not as a line file)
        document = fmt is not None and fmt.writes_targets and not fmt.bilingual
        source = (f"the {fmt.display} names none" if document else "a line file carries none"  # type: ignore[union-attr]
                  ) if not corpus.bilingual else f"{corpus.path} names none"
        raise TagmtError(f"no {attribute}: {source}; pass {option} (an ISO code such as de)")
    return language


def _extra_tag(language: Language) -> str | None:
    """The tag when it says more than the code (``pt-BR``, ``zh-TW``), else None (``de``, ``zf``)."""
    return language.tag if language.tag.lower() != language.code else None


def _filling(corpus: Corpus) -> tuple[bool, bool]:
    """Per language (source, target): whether the document's ``<file>``s name it for some segments and not for
    others (XLIFF 1.2, where each ``<file>`` has its own languages)."""
    found = [[False, False], [False, False]]  # [named, unnamed] per language
    for segment in corpus.segments:
        for n, language in enumerate((segment.src_lang, segment.trg_lang)):
            found[n][language is None] = True
    return found[0][0] and found[0][1], found[1][0] and found[1][1]


def directions_of(corpus: Corpus, indices: Sequence[int], src_lang: str | None,
                  trg_lang: str | None) -> dict[Direction, list[int]]:
    """The segments ``indices`` grouped by the direction each is translated in: its own ``<file>``'s
    languages (else the corpus's), with the options where the file names none. Directions that differ only
    in their regional tags (``en-US`` → ``en-AU`` and ``en-GB`` → ``en-AU``) are separate groups.

    A document whose ``<file>``s name a language for some segments and not for others (a multi-file XLIFF
    1.2 where one ``<file>`` has no ``target-language``): a file that names one keeps it, one that names
    none takes the option (the writer then declares it on that ``<file>``), never another file's
    language; without the option it is refused, naming a segment of that file."""
    groups: dict[tuple[Direction, tuple[str, str]], list[int]] = {}
    resolved: dict[tuple[str | None, str | None], Direction] = {}
    filling = _filling(corpus)
    for k in indices:
        segment = corpus.segments[k]
        key = (segment.src_lang or (None if filling[0] else corpus.src_lang),
               segment.trg_lang or (None if filling[1] else corpus.trg_lang))
        if key not in resolved:
            resolved[key] = _resolve(corpus, src_lang, trg_lang, *key, filling=filling, segment_id=segment.id)
        direction = resolved[key]
        groups.setdefault((direction, direction.engine_languages), []).append(k)
    if len(groups) == 1 and isinstance(indices, range):  # (one direction for all: the range, not an int each)
        return {direction: indices for direction, _ in groups}
    return {direction: indices for (direction, _), indices in groups.items()}


def _merged(parts: list[tuple[list[int], Translation]], total: int) -> tuple[list[str | None], Translation]:
    """One target per segment of the corpus (None where not translated) and the runs' combined record."""
    targets: list[str | None] = [None] * total
    report = RunReport()
    outputs: list[str] = []
    tags: TagCheck | None = None
    skipped: dict[int, str] = {}
    for indices, done in parts:
        for k, out in zip(indices, done.outputs):
            targets[k] = out
        for i, reason in done.skipped.items():  # untranslated: no target written
            targets[indices[i]] = None
            skipped[indices[i]] = reason
        for f in fields(RunReport):
            if f.name == "skipped":  # (a list, not a count: merged below)
                continue
            setattr(report, f.name, getattr(report, f.name) + getattr(done.report, f.name))
        if done.tags is not None:
            tags = tags or TagCheck(0)
            tags.mismatched.extend(len(outputs) + i for i in done.tags.mismatched)
            tags.segments += done.tags.segments
            tags.repaired += done.tags.repaired
        outputs.extend(done.outputs)
    return targets, Translation(outputs, report, tags, parts[0][1].engine, skipped)


def translate_file(
    input: str | Path | InputFile,
    output: str | Path | OutputFile,
    *,
    approach: str,
    engine: EngineLike = DEFAULT_MODEL,
    aligner: AlignerLike = DEFAULT_ALIGNER,
    run: RunOptions = RunOptions(),
    repair: str | None = None,
    guide: Guide | None = None,
) -> FileRun:
    """Read ``input`` (a path, or an ``InputFile``: its format — else from its content —, languages and a
    line file's references), check everything the run needs (packages, weights, the model's languages: all
    problems at once, ``pipelines.preflight``), translate every segment and write ``output`` atomically —
    XLIFF with targets filled and their state set, else one segment per line — with its run record beside it
    (``<output>.run.json``, unless ``OutputFile(record=False)``; ``command``: the command line, when there is
    one). ``engine``, ``aligner``, ``run``, ``repair`` and ``guide`` (what the projection learns from) as in
    ``translate_corpus``. XLIFF targets that hold someone's work are kept unless ``OutputFile(overwrite=True)``
    (see the module docstring). ``output`` may be ``input`` itself (a link to it, a hard link) only with
    ``in_place``: it is then replaced atomically (human targets are kept all the same). ``InputFile.references``:
    the references of a line-file input, segment for segment, in any format ``tagmt.corpus.read_references``
    reads (what ``model="reference"`` translates with; other formats carry theirs as targets, and ignore it)."""
    source, target = InputFile.of(input), OutputFile.of(output)
    input, output = source.path, target.path
    format, src_lang, trg_lang, references = source.format, source.src_lang, source.trg_lang, source.references
    overwrite, in_place = target.overwrite, target.in_place
    refuse_overwriting_inputs([("output", str(output))], [("input", str(input))], in_place=("output", "input"),
                              allow_in_place=in_place, in_place_flag="in_place=True")
    marked = {"placeholders": source.placeholders, "placeholder_regexes": source.placeholder_regexes,
              "its_rules": source.its_rules}
    corpus = read_corpus(input, format, src_lang=src_lang, trg_lang=trg_lang, **marked)
    if references is not None and not corpus.bilingual:
        corpus = read_corpus(input, corpus.format, references=references, **marked)
    if in_place and corpus.bilingual and not corpus.writes_targets:
        raise TagmtError(f"{input} is a TMX file, and a translation of it is written as a line file: replacing "
                         "it in place would lose the TMX; give -o")
    if not corpus.segments and not _written_as_is(corpus):
        raise TagmtError(f"{input}: no segment to translate (every unit is empty or translate=\"no\")")
    run_src, run_trg = _run_languages(corpus, engine, src_lang, trg_lang)  # (trg_lang: what the writer declares)
    every = directions_of(corpus, range(len(corpus.segments)), run_src, run_trg)  # every language checked first
    allowed, kept = corpus.plan(overwrite)
    if not allowed and _written_as_is(corpus):  # a document: written as it is (its language declared), no engine
        direction = resolve_direction(corpus, run_src, run_trg)
        path = corpus.write(output, [None] * len(corpus.segments), trg_lang=trg_lang or None, overwrite=overwrite)
        kept = corpus.kept or kept
        return FileRun([], output=path, corpus=corpus, direction=direction, kept=dict(kept), directions=[direction])
    allowed = range(len(allowed)) if len(allowed) == len(corpus.segments) else allowed  # (not an int each)
    if not allowed:
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(kept.items()))
        raise TagmtError(f"{input}: no segment to translate: every target is kept as it is ({reasons}); "
                         "--overwrite replaces those that are not locked")
    groups = every if len(allowed) == len(corpus.segments) else directions_of(corpus, allowed, run_src, run_trg)
    del every
    engine = _fitted(engine, legacy_charset(corpus))
    preflight(engine, approach, list(groups), aligner=aligner, run=run, repair=repair)
    parts: list[tuple[list[int], Translation]] = []
    for direction, indices in groups.items():
        src, trg = direction.engine_languages
        part = Corpus(corpus.format, [corpus.segments[k] for k in indices], corpus.path, src, trg, corpus.escaped)
        done = translate_checked(part, direction, approach, engine, aligner=aligner, run=run, repair=repair,
                                 guide=guide)
        parts.append((indices, done))
    targets, done = _merged(parts, len(corpus.segments))
    directions = list(groups)
    written = len(allowed) - len(done.skipped)
    if corpus.writer is None or not corpus.writes_targets:
        in_order = _in_order(corpus, parts).segments  # placeholders written back as they were
        path = write_lines(output, [unprotect(line, segment.codes) for line, segment in zip(done.outputs, in_order)])
    else:
        path = corpus.write(output, targets, trg_lang=trg_lang or None, overwrite=overwrite)
        written -= sum((corpus.kept - kept).values())  # the writer's refusals (canDelete/canReorder="no")
        kept = corpus.kept
    extra = {"command": target.command, "targets_kept": dict(kept), "overwrite": overwrite,
             "directions": [d.name for d in directions] if len(directions) > 1 else None}
    finished = FileRun(done.outputs, done.report, done.tags, done.engine, done.skipped, output=path, corpus=corpus,
                       direction=directions[0], kept=dict(kept), written=written, directions=directions)
    if done.skipped:
        extra["skipped"] = finished.skipped_records()
    if target.record is not False:  # (None: this entry point's default, a record)
        record_run(path, done, _in_order(corpus, parts), directions[0], approach, aligner=aligner_name(aligner),
                   repair=repair, extra=extra)
    return finished


def language_free(engine: EngineLike) -> bool:
    """Whether ``engine`` writes the same whatever the languages (``copy``, ``pseudo``)."""
    options = engine_options(engine)
    name = options.model if isinstance(options, EngineOptions) else getattr(options, "engine_name", None)
    return name in LANGUAGE_FREE


def _run_languages(corpus: Corpus, engine: EngineLike, src_lang: str | None, trg_lang: str | None
                   ) -> tuple[str | None, str | None]:
    """The languages the run's directions are resolved with: the options; for a language-free engine,
    ``UNDETERMINED`` for a language that neither the options, nor the file, nor any of its segments name (a
    JSON file, a PO file without ``Language``) — a real engine is refused there, in one line, by ``_given``."""
    if not language_free(engine) or (src_lang and trg_lang):
        return src_lang, trg_lang
    named = [corpus.src_lang is not None, corpus.trg_lang is not None]
    for segment in corpus.segments:
        if all(named):
            break
        named[0] = named[0] or segment.src_lang is not None
        named[1] = named[1] or segment.trg_lang is not None
    return (src_lang or (None if named[0] else UNDETERMINED)), (trg_lang or (None if named[1] else UNDETERMINED))


def _fitted(engine: EngineLike, charset: str | None) -> EngineLike:
    """The pseudo engine told the legacy encoding of the document it writes (its look-alikes that encoding
    cannot write stay plain letters); any other engine as it is (a character its output holds that the
    encoding cannot write is refused by the writer, in one line)."""
    options = engine_options(engine)
    if charset is None or not isinstance(options, EngineOptions) or options.model != "pseudo":
        return engine
    return replace(options, pseudo_charset=charset)


def _written_as_is(corpus: Corpus) -> bool:
    """Whether a document with nothing to translate (no text, or every target kept: a fully translated PO) is
    written back as it is, as a batch over a project's files expects, rather than refused (an XLIFF whose every
    target is kept is a CAT tool's finished work: its user most likely meant --overwrite)."""
    return corpus.writes_targets and corpus.writer is not None and not corpus.interchange


def _in_order(corpus: Corpus, parts: list[tuple[list[int], Translation]]) -> Corpus:
    """The segments translated, in the order of the merged outputs (part after part)."""
    return Corpus(corpus.format, [corpus.segments[k] for indices, _ in parts for k in indices], corpus.path,
                  corpus.src_lang, corpus.trg_lang, corpus.escaped)
