"""The two ways to translate tagged segments, and the run of one direction of the data set.

* **DT** (direct translation): the tagged source goes into the model as is; its output is the result.
* **DP** (detag-and-project): the tags are stripped, the plain text is translated, and the tags are put
  back into the translation with word alignments (``tagmt.project``). Translations are
  cached per segment; the alignment (eflomal learns from the whole run) and the projection are redone
  at the end of every run, which costs little next to translation.

DT outputs are checked against their sources' tags (``tagmt.translate.repair``); with
``repair="project"`` a mismatched one is re-projected from its plain text. Engines whose input depends
on the approach (prompted LLMs) are set up for it with ``Engine.for_approach``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from tagmt.data.dataset import Dataset, open_dataset
from tagmt.data.directions import Direction, parse_direction
from tagmt.data.views import ParallelSegment, parallel_segments
from tagmt.errors import TagmtError
from tagmt.project.align import Aligner, get_aligner
from tagmt.engines import Engine, LLMOptions, load_engine
from tagmt.project import detag, project_batch
from tagmt.engines.offline import OFFLINE_ENGINES
from tagmt.translate.repair import REPAIRS, TagReport, check_tags, repair_by_projection
from tagmt.translate.runs import (
    BatchCallback,
    SegmentCache,
    prepare_cache_dir,
    run_key,
    run_record_path,
    translate_segments,
    write_lines_atomic,
    write_run_record,
)

APPROACHES = ("dt", "dp")
DEFAULT_ALIGNER = "awesome"


def _cache(engine: Engine, approach: str, direction: Direction, texts: list[str],
           cache_dir: str | Path | None, use_cache: bool) -> SegmentCache | None:
    if not (use_cache and engine.cacheable):
        return None
    return SegmentCache.for_run(engine, approach, direction.name, texts, cache_dir)


def run_direct(
    engine: Engine,
    segments: Sequence[ParallelSegment],
    direction: Direction,
    *,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    progress: bool = True,
    on_batch: BatchCallback | None = None,
) -> list[str]:
    """DT: translate each tagged source as it is."""
    engine = engine.for_approach("dt")
    texts = [s.source for s in segments]
    return translate_segments(
        engine, texts, direction.src, direction.trg,
        cache=_cache(engine, "dt", direction, texts, cache_dir, use_cache),
        progress=progress, desc=f"{engine.name} dt {direction.name}", on_batch=on_batch,
    )


def run_detag_project(
    engine: Engine,
    segments: Sequence[ParallelSegment],
    direction: Direction,
    aligner: Aligner,
    *,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    progress: bool = True,
    on_batch: BatchCallback | None = None,
) -> list[str]:
    """DP: strip the tags, translate the plain text, project the tags onto the translation."""
    engine = engine.for_approach("dp")
    detagged = [detag(s.source) for s in segments]
    texts = [d.plain for d in detagged]
    translations = translate_segments(
        engine, texts, direction.src, direction.trg,
        cache=_cache(engine, "dp", direction, texts, cache_dir, use_cache),
        progress=progress, desc=f"{engine.name} dp {direction.name}", on_batch=on_batch,
    )
    return project_batch(detagged, translations, direction.src, direction.trg, aligner)


def _reference_texts(segments: Sequence[ParallelSegment], approach: str) -> list[str]:
    """What the ``reference`` engine returns: the tagged reference for DT, its plain text for DP."""
    if approach == "dt":
        return [s.target for s in segments]
    return [detag(s.target).plain for s in segments]


def _load_aligner(name: str, device: str, options: dict[str, Any] | None) -> Aligner:
    options = dict(options or {})
    if name == "awesome":
        options.setdefault("device", device)
    return get_aligner(name, **options)


def translate_parallel(
    engine: Engine,
    segments: Sequence[ParallelSegment],
    direction: Direction,
    approach: str,
    *,
    aligner: Aligner | None = None,
    repair: str | None = None,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    progress: bool = True,
    on_batch: BatchCallback | None = None,
) -> tuple[list[str], TagReport | None]:
    """Translate ``segments`` by ``approach``; DT outputs are checked for their tags (and repaired when
    ``repair`` is ``"project"``). Returns the lines and, for DT, the tag report."""
    run = dict(cache_dir=cache_dir, use_cache=use_cache, progress=progress, on_batch=on_batch)
    if approach == "dp":
        if aligner is None:
            raise ValueError("dp needs an aligner")
        return run_detag_project(engine, segments, direction, aligner, **run), None
    lines = run_direct(engine, segments, direction, **run)
    sources = [s.source for s in segments]
    report = check_tags(sources, lines)
    if repair == "project" and report.mismatched:
        if aligner is None:
            raise ValueError("repair by projection needs an aligner")
        lines = repair_by_projection(sources, lines, report, direction.src, direction.trg, aligner)
    return lines, report


def _check_repair(repair: str | None, approach: str) -> None:
    if repair is None:
        return
    if repair not in REPAIRS:
        raise TagmtError(f"unknown repair {repair!r}: use {', '.join(REPAIRS)}")
    if approach != "dt":
        raise TagmtError("--repair is for --approach dt (dp outputs always carry their source's tags)")


def translate_direction(
    dataset: Dataset | str | Path | None,
    split: str | None,
    direction: Direction | str,
    approach: str,
    model: str | Engine,
    *,
    aligner: str = DEFAULT_ALIGNER,
    output: str | Path,
    batch_size: int = 16,
    device: str = "auto",
    progress: bool = True,
    cache_dir: str | Path | None = None,
    use_cache: bool = True,
    fp16: bool = False,
    aligner_options: dict[str, Any] | None = None,
    on_batch: BatchCallback | None = None,
    engine: str = "hf",
    compute_type: str | None = None,
    max_tokens: int | None = None,
    beam: int = 4,
    llm: LLMOptions | None = None,
    repair: str | None = None,
    record: bool = False,
    command: Sequence[str] | None = None,
) -> Path:
    """Translate a split of the data set in one direction and write one tagged segment per line, in the
    order of the ``tagged`` view, to ``output`` (atomically). Returns ``output``.

    ``model`` is an engine name for ``load_engine`` or an engine already loaded (to reuse one model
    across directions); ``engine``, ``compute_type``, ``max_tokens`` and ``beam`` are passed to
    ``load_engine``. ``cache_dir`` holds the resumable per-run caches (default
    ``tagmt.paths.cache_dir()/runs``); ``use_cache=False`` neither reads nor writes them. The aligner
    (DP, or DT with ``repair="project"``) is loaded before translation starts, so that a missing aligner
    model fails at once. ``llm`` says how to reach and prompt an ``openai:NAME`` model. With ``record``,
    ``<output>.run.json`` (``runs.write_run_record``) says what made the file (``command``: the
    command line, when there is one).
    """
    if approach not in APPROACHES:
        raise TagmtError(f"unknown approach {approach!r}: use dt (direct translation) or dp (detag-and-project)")
    _check_repair(repair, approach)
    if not isinstance(dataset, Dataset):
        dataset = open_dataset(dataset)
    split = dataset.resolve_split(split)
    direction = parse_direction(direction, include_zf=True)
    segments = parallel_segments(dataset, split, direction, view="tagged")
    if use_cache and not (model in OFFLINE_ENGINES or isinstance(model, Engine) and not model.cacheable):
        prepare_cache_dir(cache_dir)  # an unusable cache fails here, before a model is loaded

    if isinstance(model, Engine):
        engine = model
    elif model == "reference":
        engine = load_engine(model, references=_reference_texts(segments, approach))
    else:
        engine = load_engine(model, engine=engine, device=device, batch_size=batch_size, fp16=fp16,
                             compute_type=compute_type, max_tokens=max_tokens, beam=beam, llm=llm,
                             approach=approach)
    engine.check_direction(direction.src, direction.trg)
    needs_aligner = approach == "dp" or repair is not None
    loaded_aligner = _load_aligner(aligner, device, aligner_options) if needs_aligner else None

    lines, report = translate_parallel(
        engine, segments, direction, approach, aligner=loaded_aligner, repair=repair,
        cache_dir=cache_dir, use_cache=use_cache, progress=progress, on_batch=on_batch,
    )
    path = write_lines_atomic(output, lines)
    record_path = run_record_path(path) if record else None
    if record_path is not None:
        engine = engine.for_approach(approach)
        texts = [s.source for s in segments] if approach == "dt" else [detag(s.source).plain for s in segments]
        write_run_record(record_path, {
            "output": str(path),
            "approach": approach,
            "direction": direction.name,
            "segments": len(lines),
            "aligner": aligner if needs_aligner else None,
            "repair": repair,
            "tags": report.as_dict() if report else None,
            "cache_key": run_key(engine, approach, direction.name, texts) if engine.cacheable else None,
            "command": list(command) if command is not None else None,
        }, engine)
    return path
