"""The two ways to translate tagged segments, over any corpus (``tagmt.corpus``).

* **DT** (direct translation): the tagged source goes into the model as is; its output is the result
  (on escaped formats, cleaned to the source's tags: ``tagmt.translation.hygiene``).
* **DP** (detag-and-project): the tags are stripped, the plain text is translated — as natural text,
  ``&`` not ``&amp;``, for formats whose text is XML-escaped — and the tags are put back into the
  translation with word alignments (``tagmt.project``); the model's own tag-like text is removed first
  and the translation escaped again, so the output carries exactly the source's tags.

Translations are cached per segment; the alignment (eflomal learns from the whole run) and the projection
are redone at the end of every run, which costs little next to translation. ``translate_direction`` runs one
direction of the SAP data set (the SAP reader + the same pipeline); ``translate_file`` any XLIFF, TMX or
line file, written back in its own format.

DT outputs are checked against their sources' tags (``tagmt.translation.repair``); with
``repair="project"`` a mismatched one is re-projected from its plain text. Engines whose input depends
on the approach (prompted LLMs) are set up for it with ``Engine.for_approach``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence, Union

from tagmt.corpus import Corpus, Segment
from tagmt.corpus.lines import write_lines
from tagmt.xmltext import unescape
from tagmt.data.directions import Direction
from tagmt.aligner_names import DEFAULT_ALIGNER
from tagmt.engines import Engine, load_engine
from tagmt.errors import TagmtError
from tagmt.preflight import check, run_problems
from tagmt.plaintext import plain_text
from tagmt.projection import Detagged, detag, project_batch
from tagmt.projection.align import Aligner
from tagmt.projection.config import ProjectionConfig
from tagmt.progress import PhaseBar
from tagmt.translation.escaping import natural_detagged, restore_text, stand_in
from tagmt.translation.pins import (
    in_printf_order,
    pin,
    placeholder_groups,
    points,
    stand_ins,
    unpin,
    with_stand_ins,
)
from tagmt.translation.guide import Guide
from tagmt.translation.hygiene import NO_DICTIONARY, RunReport, clean_direct_output, remove_model_tags
from tagmt.translation.options import APPROACHES, AlignerSpec, DataDirection, EngineOptions, OutputFile, RunOptions
from tagmt.translation.outcome import FileRun, Translation
from tagmt.translation.repair import REPAIRS, TagCheck, check_tags, repair_by_projection
from tagmt.translation.runs import (
    BatchProgress,
    SegmentCache,
    prepare_cache_dir,
    run_key,
    run_record_path,
    translate_segments,
    write_run_record,
)


def _cache(engine: Engine, approach: str, direction: Direction, texts: list[str],
           run: RunOptions) -> SegmentCache | None:
    if not (run.use_cache and engine.cacheable):
        return None
    return SegmentCache.for_run(engine, approach, direction.key, texts, run.cache_dir)


def _progress(engine: Engine, approach: str, direction: Direction, run: RunOptions) -> BatchProgress:
    return BatchProgress(run.progress, f"{engine.name} {approach} {direction.name}", on_batch=run.on_batch)


def _translated(engine: Engine, texts: list[str], approach: str, direction: Direction, run: RunOptions,
                skipped: dict[int, str]) -> list[str]:
    """``translate_segments`` with the run's cache, progress and ``on_engine_failure``: with ``skip``, the
    segments the engine failed on are put in ``skipped`` (index → reason) and their outputs are ``""``."""
    failed: dict[str, str] | None = {} if run.on_engine_failure == "skip" else None
    outputs = translate_segments(
        engine, texts, *direction.engine_languages, cache=_cache(engine, approach, direction, texts, run),
        progress=_progress(engine, approach, direction, run), skipped=failed,
    )
    if failed:
        skipped.update({k: failed[text] for k, text in enumerate(texts) if text in failed})
    return outputs


@dataclass(frozen=True)
class ProjectionSetup:
    """How ``project_translations`` projects, the same for every segment of a run: the languages, the
    aligner (loaded), whether the corpus's text is XML-escaped, the ``guide`` it learns from (None: nothing
    besides its own pairs; ``guide.model``: a learned projection model), and whether the model's own
    tag-like text is removed from the translations first (False where they are known to be text)."""

    src_lang: str
    trg_lang: str
    aligner: Aligner
    escaped: bool
    guide: Guide | None = None
    remove_tags: bool = True
    #: placeholders a translation does not hold go to the gaps their removal left (``pins.snap_to_gaps``):
    #: for translations known to be the text without them (``tagmt project --placeholders``)
    snap_gaps: bool = False


def run_direct(
    engine: Engine,
    segments: Sequence[Segment],
    direction: Direction,
    *,
    escaped: bool = False,
    report: RunReport | None = None,
    run: RunOptions = RunOptions(),
) -> list[str]:
    """DT: translate each tagged source as it is; on ``escaped`` corpora clean each output
    (``hygiene.clean_direct_output``). ``run``: the cache and the progress; ``report.skipped`` gets the
    segments the engine failed on under ``run.on_engine_failure="skip"`` (index → reason; outputs ``""``)."""
    report = report if report is not None else RunReport()
    engine = engine.for_approach("dt")
    texts = [s.source for s in segments]
    outputs = _translated(engine, texts, "dt", direction, run, report.skipped)
    report.segments = len(outputs)
    if not escaped:
        return outputs
    cleaned = []
    for source, output in zip(texts, outputs):
        clean, removed = clean_direct_output(source, output)
        report.dt_tags_removed += removed
        report.segments_with_dt_tags_removed += bool(removed)
        cleaned.append(clean)
    return cleaned


def run_detag_project(
    engine: Engine,
    segments: Sequence[Segment],
    direction: Direction,
    aligner: Aligner,
    *,
    escaped: bool = False,
    report: RunReport | None = None,
    run: RunOptions = RunOptions(),
    guide: Guide | None = None,
) -> list[str]:
    """DP: strip the tags, translate the plain text, project the tags onto the translation (learning from
    ``guide``'s examples and extra parallel text when given). ``report.skipped``: as ``run_direct``'s (a
    skipped segment is not projected: its output is ``""``)."""
    report = report if report is not None else RunReport()
    engine = engine.for_approach("dp")
    if getattr(aligner, "from_engine", False):  # --aligner attention: the engine must have attention to give
        from tagmt.projection.attention import check_engine

        check_engine(engine)
    detagged = [detag(s.source) for s in segments]
    texts = [unescape(d.plain) if escaped else d.plain for d in detagged]  # = plain_text(source, escaped=escaped)
    # standalone codes (placeholders, XLIFF <ph>) as stand-ins in the text the MT reads (translation.pins)
    codes = [getattr(s, "codes", None) for s in segments]  # (a data set's segments carry none)
    tokens = [stand_ins(d, c, text) if c else [] for d, c, text in zip(detagged, codes, texts)]
    texts = [with_stand_ins(text, [t.start for t in points(natural_detagged(d) if escaped else d)], found)
             if any(found) else text for d, text, found in zip(detagged, texts, tokens)]
    failed = report.skipped
    translations = _translated(engine, texts, "dp", direction, run, failed)
    report.segments = len(translations)
    if getattr(aligner, "from_engine", False):  # the links of the model's own attention, on the text projected
        cleaned = [remove_model_tags(t, s)[0] for t, s in zip(translations, texts)]
        aligner = aligner.given(engine, texts, cleaned, *direction.engine_languages)  # type: ignore[attr-defined]
    setup = ProjectionSetup(direction.src, direction.trg, aligner, escaped, guide)
    kept = [k for k in range(len(texts)) if k not in failed]
    chosen = [tokens[k] for k in kept]
    projected = project_translations([detagged[k] for k in kept], [translations[k] for k in kept], setup,
                                     report=report, sources=[texts[k] for k in kept],
                                     stand_ins=chosen if any(map(any, chosen)) else None)
    if not failed:
        return projected
    outputs = [""] * len(texts)
    for k, out in zip(kept, projected):
        outputs[k] = out
    return outputs


def project_translations(
    detagged: Iterable[Detagged],
    translations: Sequence[str],
    setup: ProjectionSetup,
    *,
    report: RunReport,
    sources: Sequence[str] | None = None,
    stand_ins: Sequence[Sequence[str | None]] | None = None,
) -> list[str]:
    """Project the tags of ``detagged`` sources (any iterable: read once) onto plain MT output (natural text),
    as ``setup`` says (``ProjectionSetup``).

    The model's own tag-like text is removed first (counted; text that the plain ``sources`` the model
    read have is theirs and stays; ``setup.remove_tags=False`` where the translation is known to be text). For
    ``escaped`` corpora both sides are projected with stand-ins for ``& < >`` (``translate.escaping``) and
    the output's text is escaped, so it is well formed and no tag lands inside an entity reference.
    ``setup.guide``: tagged examples (natural text, as ``guide.make_guide`` keeps them) and plain parallel
    text the projection learns from, and its ``model``: a learned projection model, passed to
    ``project_batch`` (None: the rules alone). ``report.segments`` counts the translations when the caller
    has not set it. ``stand_ins``: per segment, the stand-in of each point of its source
    (``translation.pins``): a code whose stand-in the translation holds goes where it is, the rest are projected.
    """
    src_lang, trg_lang, aligner, escaped = setup.src_lang, setup.trg_lang, setup.aligner, setup.escaped
    remove_tags, guide = setup.remove_tags, setup.guide
    reading = getattr(aligner, "reading", None)  # given links (`projection.given`) note which sources are tagged
    if reading is not None:
        detagged = reading(detagged)
    report.segments = report.segments or len(translations)
    ready = []
    naturals = []
    pins: list[list] = []
    if stand_ins is not None:
        detagged = list(detagged)
        original = list(detagged)  # (pinned points are taken out of ``detagged``)
    for k, translation in enumerate(translations):
        text, removed = translation, 0
        if remove_tags:
            text, removed = remove_model_tags(translation, sources[k] if sources is not None else "")
        report.model_tags_removed += removed
        report.segments_with_model_tags += bool(removed)
        if stand_ins is not None:
            detagged[k], text, found = pin(detagged[k], text, stand_ins[k])  # type: ignore[index]
            pins.append(found)
        naturals.append(text)
        if escaped:
            stood_in = stand_in(text)
            report.segments_escaped += stood_in != text
            text = stood_in
        ready.append(text)
    guide = guide if guide is not None else Guide()
    extra = [(stand_in(s), stand_in(t)) for s, t in guide.align_corpus] if escaped else guide.align_corpus
    model = guide.model
    from tagmt.projection.lexicon import defaults_wanted, resolve_lexicon

    lexicon = resolve_lexicon(guide.lexicon, src_lang, trg_lang)
    learn: dict[str, Any] = dict(examples=guide.examples, align_corpus=extra, lexicon=lexicon)
    if model is not None:
        learn["model"] = model
    embedded = model is not None and bool(getattr(model, "lexicon", None))
    if lexicon is not None and lexicon.off:
        pass  # turned off: nothing to say
    elif lexicon:
        report.dictionaries = ", ".join([*lexicon.names, *(["the model's entries"] if embedded else [])])
    elif embedded:
        report.dictionaries = "the model's entries"
    elif not guide.lexicon and defaults_wanted():  # the installed ones were asked for (the default): none is
        report.dictionaries = f"{NO_DICTIONARY} {src_lang}-{trg_lang}"
    if getattr(aligner, "learns_from_corpus", False):
        learned = getattr(model, "manifest", {}).get("pairs", 0) if model is not None else 0  # as eflomal's priors
        report.aligner_pairs = len(ready) + len(guide.examples) + len(extra) + learned
    with PhaseBar("projecting") as bar:  # on a terminal only
        learn["config"] = ProjectionConfig(on_progress=bar)
        if not escaped:
            outputs = project_batch(list(detagged), ready, src_lang, trg_lang, aligner, **learn)
        else:
            natural = [natural_detagged(d) for d in detagged]
            projected = project_batch(natural, ready, src_lang, trg_lang, aligner, **learn)
            # the text of each output is its translation's own (escaped), never read back from the stand-ins
            outputs = [restore_text(out, text) for out, text in zip(projected, naturals)]
    if pins:
        outputs = [unpin(out, found, escaped) for out, found in zip(outputs, pins)]
    if pins and setup.snap_gaps:  # on the gaps their removal left, else on the target's phrase points
        from tagmt.translation.phrase_points import restore, sources_of

        outputs = [restore(out, placeholder_groups(d, tokens), sources_of(d, tokens, src_lang, escaped), escaped,
                           trg_lang) if not found else out
                   for out, found, d, tokens in zip(outputs, pins, detagged, stand_ins)]  # type: ignore[arg-type]
    if pins:  # printf placeholders without a position keep the source's order (their arguments come in order)
        outputs = [in_printf_order(out, [p.open for p in points(d)], tokens)
                   for out, d, tokens in zip(outputs, original, stand_ins)]  # type: ignore[arg-type]
    return outputs


def _reference_texts(segments: Sequence[Segment], approach: str, escaped: bool) -> list[str]:
    """What the ``reference`` engine returns: the tagged reference for DT, its plain (natural) text for DP."""
    missing = [s.id for s in segments if s.reference is None]
    if missing:
        raise TagmtError(
            f"the reference engine needs a reference for every segment; {len(missing)} have none "
            f"(first: {missing[0]}): give the file targets (a line file: --ref TAGGED_REFERENCE), or use "
            "another --model"
        )
    if approach == "dt":
        return [s.reference for s in segments]  # type: ignore[misc]
    return [plain_text(s.reference, escaped=escaped) for s in segments]  # type: ignore[arg-type]


def load_aligner(name: str, device: str = "auto", options: dict[str, Any] | None = None) -> Aligner:
    """An aligner by name, with the run's device for awesome (``AlignerSpec(name, device=…).load()``)."""
    return AlignerSpec(name, device=device, options=options or {}).load()


def _check_repair(repair: str | None, approach: str) -> None:
    if repair is None:
        return
    if repair not in REPAIRS:
        raise TagmtError(f"unknown repair {repair!r}: use {', '.join(REPAIRS)}")
    if approach != "dt":
        raise TagmtError("--repair is for --approach dt (dp outputs always carry their source's tags)")


def _repair(corpus: Corpus, lines: list[str], tags: TagCheck, direction: Direction, aligner: Aligner,
            guide: Guide | None = None) -> list[str]:
    """DT outputs whose tags differ from their source's, re-projected from their plain text (escaped
    corpora through ``project_translations``, so no tag lands in an entity reference)."""
    sources = corpus.sources
    if not corpus.escaped and not guide:
        return repair_by_projection(sources, lines, tags, direction.src, direction.trg, aligner)
    plain = [plain_text(line, escaped=corpus.escaped) for line in lines]
    setup = ProjectionSetup(direction.src, direction.trg, aligner, corpus.escaped, guide, remove_tags=False)
    projected = project_translations([detag(s) for s in sources], plain, setup, report=RunReport())
    lines = list(lines)
    for i in tags.mismatched:
        lines[i] = projected[i]
    tags.repaired = len(tags.mismatched)
    return lines


EngineLike = Union[EngineOptions, Engine, str]
AlignerLike = Union[AlignerSpec, Aligner, str]


def engine_options(engine: EngineLike) -> EngineOptions | Engine:
    """``engine`` as the entry points take it: an ``EngineOptions``, an engine already loaded (to reuse one
    model across runs), or a model name (its options at their defaults)."""
    return EngineOptions(model=engine) if isinstance(engine, str) else engine


def aligner_spec(aligner: AlignerLike) -> AlignerSpec | Aligner:
    """``aligner`` as the entry points take it: an ``AlignerSpec``, an aligner already loaded, or a name."""
    return AlignerSpec(aligner) if isinstance(aligner, str) else aligner


def preflight(engine: EngineLike, approach: str, directions: Sequence[Direction], *,
              aligner: AlignerLike = DEFAULT_ALIGNER, run: RunOptions = RunOptions(), repair: str | None = None,
              languages_from: str | None = None) -> None:
    """Everything a run needs, checked before any work, in the same order by every entry point: the
    approach and repair asked for, the cache folder (when the engine's work is cached), then the packages,
    weights and languages of the model and aligner for each direction (``tagmt.preflight``: all problems
    at once). ``languages_from``: the option that gave the languages (``--pair``) in messages."""
    if approach not in APPROACHES:
        raise TagmtError(f"unknown approach {approach!r}: use dt (direct translation) or dp (detag-and-project)")
    _check_repair(repair, approach)
    engine, aligner = engine_options(engine), aligner_spec(aligner)
    offline = engine.offline if isinstance(engine, EngineOptions) else not engine.cacheable
    if run.use_cache and not offline:
        prepare_cache_dir(run.cache_dir)  # an unusable cache fails here, before a model is loaded
    models = [engine.model] if isinstance(engine, EngineOptions) else []
    name = aligner.name if isinstance(aligner, AlignerSpec) else None
    model = aligner.model if isinstance(aligner, AlignerSpec) else None
    for direction in directions:
        check(run_problems(models=models, approach=approach, aligner=name, aligner_model=model,
                           src_lang=direction.src, trg_lang=direction.trg, languages_from=languages_from,
                           repair=repair))


def translate_corpus(
    corpus: Corpus,
    direction: Direction,
    approach: str,
    engine: EngineLike,
    *,
    aligner: AlignerLike = DEFAULT_ALIGNER,
    run: RunOptions = RunOptions(),
    repair: str | None = None,
    guide: Guide | None = None,
) -> Translation:
    """Translate every segment of ``corpus`` in ``direction`` by ``approach`` (after ``preflight``).

    ``engine``: ``EngineOptions`` (what ``load_engine`` loads, e.g. ``EngineOptions("m2m100", device="cpu")``),
    an engine already loaded (to reuse one model across runs), or a model name. ``aligner`` (DP, or DT with
    ``repair="project"``): an ``AlignerSpec``, a loaded aligner or a name; it is loaded before translation
    starts, so that a missing aligner model fails at once. ``run``: the cache and progress
    (``RunOptions``, with ``on_batch``). DT outputs are checked for their tags (``Translation.tags``) and, with
    ``repair="project"``, mismatched ones re-projected. ``guide`` (``tagmt.translation.guide``): tagged
    examples and plain parallel text that the projection learns from.
    """
    preflight(engine, approach, [direction], aligner=aligner, run=run, repair=repair)
    return translate_checked(corpus, direction, approach, engine, aligner=aligner, run=run, repair=repair,
                             guide=guide)


def translate_checked(corpus: Corpus, direction: Direction, approach: str, engine: EngineLike, *,
                      aligner: AlignerLike, run: RunOptions, repair: str | None, guide: Guide | None) -> Translation:
    """``translate_corpus`` after its preflight (the entry points run theirs, once, before any work)."""
    engine, aligner = engine_options(engine), aligner_spec(aligner)
    if isinstance(engine, Engine):
        loaded_engine = engine
    elif engine.model == "reference":
        loaded_engine = load_engine(engine, references=_reference_texts(corpus.segments, approach, corpus.escaped))
    else:
        loaded_engine = load_engine(engine, approach=approach)
    loaded_engine.check_direction(*direction.engine_languages)
    needs_aligner = approach == "dp" or repair is not None
    loaded = None
    if needs_aligner:
        loaded = aligner.load() if isinstance(aligner, AlignerSpec) else aligner
    report = RunReport()
    skipped = report.skipped  # (--on-engine-failure skip)
    common = dict(escaped=corpus.escaped, report=report, run=run)
    if approach == "dp":
        outputs = run_detag_project(loaded_engine, corpus.segments, direction, loaded, guide=guide,  # type: ignore[arg-type]
                                    **common)
        return Translation(outputs, report, None, loaded_engine.for_approach(approach), skipped)
    outputs = run_direct(loaded_engine, corpus.segments, direction, **common)
    tags = check_tags(corpus.sources, outputs)
    tags.mismatched = [k for k in tags.mismatched if k not in skipped]  # untranslated, not mistagged
    if repair == "project" and tags.mismatched:
        outputs = _repair(corpus, outputs, tags, direction, loaded, guide)  # type: ignore[arg-type]
    return Translation(outputs, report, tags, loaded_engine.for_approach(approach), skipped)


def translate_parallel(
    engine: Engine,
    segments: Sequence,
    direction: Direction,
    approach: str,
    *,
    aligner: Aligner | None = None,
    repair: str | None = None,
    run: RunOptions = RunOptions(),
) -> tuple[list[str], TagCheck | None]:
    """Translate any segments (objects with a ``source``, text as the SAP tagged view writes it: not
    escaped) by ``approach`` with a loaded engine and aligner; returns the lines and, for DT, the tag
    check (``translate_corpus`` on a corpus of these segments)."""
    if (approach == "dp" or repair) and aligner is None:
        raise ValueError("dp and repair need an aligner")
    corpus = Corpus("segments", [Segment(str(k), s.source) for k, s in enumerate(segments)], escaped=False)
    done = translate_corpus(corpus, direction, approach, engine, aligner=aligner or DEFAULT_ALIGNER, repair=repair,
                            run=run)
    return done.outputs, done.tags


def record_run(output: Path, done: Translation, corpus: Corpus, direction: Direction, approach: str, *,
               aligner: str | None, repair: str | None, extra: dict[str, Any] | None = None) -> Path | None:
    """Write ``<output>.run.json`` (``runs.write_run_record``): what made the file, with the run's changes
    and ``extra``'s entries (``command``: the command line, when there is one; an XLIFF run's kept targets);
    None (no record) beside a special output such as a FIFO (``runs.run_record_path``)."""
    path = run_record_path(output)
    if path is None:
        return None
    engine = done.engine
    texts = corpus.sources if approach == "dt" else [plain_text(s, escaped=corpus.escaped) for s in corpus.sources]
    fields = {
        "output": str(output),
        "input": str(corpus.path) if corpus.path and corpus.format != "sap" else None,
        "format": corpus.format,
        "approach": approach,
        "direction": direction.name,
        "languages": list(direction.engine_languages),
        "segments": len(done.outputs),
        "aligner": aligner if approach == "dp" or repair else None,
        "repair": repair,
        "tags": done.tags.as_dict() if done.tags else None,
        "changes": done.report.as_dict(),
        "cache_key": run_key(engine, approach, direction.key, texts) if engine.cacheable else None,
        "command": None,
        **(extra or {}),  # (a "command" there takes the place above)
    }
    if fields["command"] is not None:
        fields["command"] = list(fields["command"])
    return write_run_record(path, fields, engine)


def translate_direction(
    source: DataDirection,
    approach: str,
    engine: EngineLike,
    *,
    output: str | Path | OutputFile,
    aligner: AlignerLike = DEFAULT_ALIGNER,
    run: RunOptions = RunOptions(),
    repair: str | None = None,
    guide: Guide | None = None,
):
    """Translate a split of the SAP data set in one direction (``source``: ``DataDirection(dataset, split,
    direction)``; ``dataset`` a ``Dataset``, its folder, or None: the bundled sample) and write one tagged
    segment per line, in the order of the ``tagged`` view, to ``output`` (atomically). Returns the run
    (``tagmt.translation.outcome.FileRun``: ``.output`` the path written, ``.report`` the run's counts).

    ``output``: a path, or an ``OutputFile`` whose ``record=True`` writes ``<output>.run.json``
    (``runs.write_run_record``: what made the file; ``command``: the command line, when there is one); by
    default no record. ``engine``, ``aligner``, ``run``, ``repair`` and ``guide`` as in
    ``translate_corpus``; preflight names the languages as given by ``--pair``.
    """
    from tagmt.corpus import sap
    from tagmt.data.directions import parse_direction

    if approach not in APPROACHES:
        raise TagmtError(f"unknown approach {approach!r}: use dt (direct translation) or dp (detag-and-project)")
    _check_repair(repair, approach)
    target = OutputFile.of(output)
    direction = parse_direction(source.direction, include_zf=True)
    preflight(engine, approach, [direction], aligner=aligner, run=run, repair=repair, languages_from="--pair")
    corpus = sap.read(source.dataset, source.split, direction)
    done = translate_checked(corpus, direction, approach, engine, aligner=aligner, run=run, repair=repair,
                             guide=guide)
    path = write_lines(target.path, done.outputs)
    finished = FileRun(done.outputs, done.report, done.tags, done.engine, done.skipped, output=path, corpus=corpus,
                       direction=direction, written=len(done.outputs) - len(done.skipped), directions=[direction])
    if target.record:  # (None: no record, this entry point's default)
        extra = {"command": target.command, **({"skipped": finished.skipped_records()} if done.skipped else {})}
        record_run(path, done, corpus, direction, approach, aligner=aligner_name(aligner), repair=repair,
                   extra=extra)
    return finished


def aligner_name(aligner: AlignerLike) -> str | None:
    """The aligner's name for the run record."""
    if isinstance(aligner, str):
        return aligner
    return aligner.name if isinstance(aligner, AlignerSpec) else getattr(aligner, "name", None)
