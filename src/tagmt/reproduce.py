"""The experiment grid of the paper: models × approaches × directions, run cell by cell, then its tables.

A *cell* is one (model, approach, direction). It is the unit of work and of caching: it lives in its own
folder ``OUT/cells/<key>/`` (the translation ``hyp.txt`` and ``cell.json``, the scores), and ``cell.json``
is written atomically last, so a cell either is finished or is computed again. A finished cell is reused
only when it was made from the same model, approach, aligner, split and the same source and reference
segments. Because cells are self-contained, cells computed on different machines can be copied into one
``OUT/cells/`` and a re-run then only writes the tables.
"""

from __future__ import annotations

import concurrent.futures
import csv
import datetime
import hashlib
import json
import multiprocessing
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from tagmt.data.directions import Direction, all_directions, parse_direction
from tagmt.errors import TagmtError
from tagmt.tables import (
    SCORE_TABLES,
    Table,
    comparison_table,
    data_table,
    inline_table,
    score_table,
    write_table,
)

APPROACHES = ("dt", "dp")
ALIGNERS = ("awesome", "eflomal")
# The paper's names for its systems' models (Tables 3–5).
MODEL_LABELS = {"m2m100": "M2M", "mbart50": "MBart"}
# The paper's DP cells used awesome-align; only cells with the same aligner are compared with them.
PAPER_ALIGNER = "awesome"
RESULTS_FORMAT = "tagmt-results/1"
VERSIONED_PACKAGES = ("tagmt", "sacrebleu", "transformers", "torch")


# --- the grid ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class System:
    """A model run with one approach (and, for dp, one aligner)."""

    model: str
    approach: str
    aligner: str | None = None

    @property
    def label(self) -> str:
        """The paper's row name (``M2M DT``); a non-default aligner is named (``reference DP+eflomal``)."""
        name = MODEL_LABELS.get(self.model, Path(self.model).name or self.model)
        label = f"{name} {self.approach.upper()}"
        if self.aligner and self.aligner != PAPER_ALIGNER:
            label += f"+{self.aligner}"
        return label


@dataclass(frozen=True)
class Cell:
    """One (model, approach, direction): the unit of work and of caching."""

    system: System
    direction: Direction

    @property
    def key(self) -> str:
        """The cell's folder name, e.g. ``m2m100.dp-awesome.en-ja``."""
        approach = self.system.approach + (f"-{self.system.aligner}" if self.system.aligner else "")
        return f"{model_slug(self.system.model)}.{approach}.{self.direction.name}"

    def describe(self) -> dict:
        return {
            "model": self.system.model,
            "approach": self.system.approach,
            "aligner": self.system.aligner,
            "direction": self.direction.name,
        }


def model_slug(model: str) -> str:
    """A folder-safe name for a model: hub ids keep their name, local directories add a hash of their path."""
    path = Path(model).expanduser()
    if path.is_dir():
        resolved = str(path.resolve())
        digest = hashlib.sha1(resolved.encode("utf-8")).hexdigest()[:8]
        return f"{_safe(path.resolve().name)}-{digest}"
    return _safe(model.replace("/", "--"))


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text) or "model"


@dataclass
class Grid:
    """Systems × directions on one split (None: the data set's only split)."""

    split: str | None
    systems: list[System]
    directions: list[Direction]
    batch_size: int = 16
    config: Path | None = None

    def cells(self) -> list[Cell]:
        return [Cell(system, direction) for system in self.systems for direction in self.directions]


def _split_list(values: Iterable[str] | None) -> list[str] | None:
    """``["en-ja,en-ko", "ja-en"]`` → ``["en-ja", "en-ko", "ja-en"]``; None stays None."""
    if values is None:
        return None
    items = [item.strip() for value in values for item in value.split(",") if item.strip()]
    return items or None


def _load_toml(path: Path) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise TagmtError(f"grid config {path} not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise TagmtError(f"grid config {path} is not valid TOML: {exc}") from None


def _approach(name: str, where: str) -> str:
    if name not in APPROACHES:
        raise TagmtError(f"unknown approach {name!r} in {where}: use one of {', '.join(APPROACHES)}")
    return name


def _aligner(name: str, where: str) -> str:
    if name not in ALIGNERS:
        raise TagmtError(f"unknown aligner {name!r} in {where}: use one of {', '.join(ALIGNERS)}")
    return name


def _string_list(section: Mapping, key: str, path: Path) -> list[str]:
    value = section.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise TagmtError(f"grid config {path}: [grid] {key} must be a non-empty list of strings")
    return value


def load_grid(
    path: str | Path | None = None,
    *,
    models: Sequence[str] | None = None,
    approaches: Sequence[str] | None = None,
    pairs: Sequence[str] | None = None,
    aligner: str | None = None,
    split: str | None = None,
    batch_size: int | None = None,
) -> Grid:
    """Read a grid config (default: ``experiments/paper.toml``); the keyword arguments replace its lists.

    List arguments may hold comma-separated items (``["en-ja,en-ko"]``), as the command line passes them.
    """
    from tagmt.paths import experiments_dir

    config = Path(path) if path is not None else experiments_dir() / "paper.toml"
    data = _load_toml(config)
    grid = data.get("grid")
    if not isinstance(grid, dict):
        raise TagmtError(f"grid config {config} has no [grid] table")
    model_names = _split_list(models) or _string_list(grid, "models", config)
    approach_names = [
        _approach(a, "--approaches" if approaches else str(config))
        for a in (_split_list(approaches) or _string_list(grid, "approaches", config))
    ]
    aligner_name = _aligner(aligner or grid.get("aligner", PAPER_ALIGNER), "--aligner" if aligner else str(config))
    direction_names = _split_list(pairs)
    if direction_names is None:
        configured = grid.get("directions", "all")
        direction_names = None if configured == "all" else _string_list(grid, "directions", config)
    directions = (
        all_directions() if direction_names is None else list(dict.fromkeys(parse_direction(d) for d in direction_names))
    )
    configured_batch = data.get("decoding", {}).get("batch_size", 16)
    size = batch_size if batch_size is not None else configured_batch
    if not isinstance(size, int) or size < 1:
        raise TagmtError(f"batch size must be a positive whole number, got {size!r}")
    systems = [
        System(model, approach, aligner_name if approach == "dp" else None)
        for model in dict.fromkeys(model_names)
        for approach in dict.fromkeys(approach_names)
    ]
    return Grid(split or grid.get("split"), systems, directions, size, config.resolve())


def offline_grid() -> Grid:
    """The demo grid: ``copy`` with DT (the lower bound) and ``reference`` with DP and eflomal (tag
    projection alone), all 12 directions, on the data set's only split. Needs no network and no weights."""
    systems = [System("copy", "dt"), System("reference", "dp", "eflomal")]
    return Grid(None, systems, all_directions())


# --- one cell ------------------------------------------------------------------------------------------------


def _sha256_lines(lines: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for line in lines:
        digest.update(line.encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def _file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def direction_fingerprint(dataset, split: str, direction: Direction) -> dict:
    """What a cell's scores depend on in the data: the number and hashes of sources and references."""
    from tagmt.data.views import parallel_segments

    segments = parallel_segments(dataset, split, direction)
    return {
        "segments": len(segments),
        "sources_sha256": _sha256_lines(s.source for s in segments),
        "references_sha256": _sha256_lines(s.target for s in segments),
    }


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


CELLS_DIR = "cells"
CELL_FILE = "cell.json"
HYP_FILE = "hyp.txt"


def cell_dir(out: Path, cell: Cell) -> Path:
    return out / CELLS_DIR / cell.key


def finished_record(out: Path, cell: Cell, split: str, fingerprint: Mapping) -> dict | None:
    """The cell's record when it is finished and was made from the same inputs, else None."""
    folder = cell_dir(out, cell)
    try:
        record = json.loads((folder / CELL_FILE).read_text(encoding="utf-8"))
        same = (
            record.get("format") == RESULTS_FORMAT
            and {k: record.get(k) for k in ("model", "approach", "aligner", "direction")} == cell.describe()
            and record.get("split") == split
            and record.get("inputs") == dict(fingerprint)
            and record.get("hyp_sha256") == _file_sha256(folder / HYP_FILE)
        )
    except (OSError, ValueError):
        return None
    return record if same else None


def cell_commands(cell: Cell, data: Path, split: str, out: Path, batch_size: int) -> dict:
    """The two ``tagmt`` commands that reproduce this cell's output and scores by hand."""
    import shlex

    hyp = str(cell_dir(out, cell) / HYP_FILE)
    translate = ["tagmt", "translate", "--data", str(data), "--split", split, "--pair", cell.direction.name,
                 "--approach", cell.system.approach, "--model", cell.system.model]
    if cell.system.aligner:
        translate += ["--aligner", cell.system.aligner]
    translate += ["--batch-size", str(batch_size), "-o", hyp]
    evaluate = ["tagmt", "evaluate", "--data", str(data), "--split", split, "--pair", cell.direction.name,
                "--hyp", hyp, "--format", "json"]
    return {"translate": shlex.join(translate), "evaluate": shlex.join(evaluate)}


@dataclass(frozen=True)
class CellTask:
    """Everything a (possibly remote) worker needs to compute one cell; plain, picklable values."""

    cell: Cell
    data: str
    split: str
    out: str
    batch_size: int
    device: str
    progress: bool
    fingerprint: Mapping


OFFLINE_ENGINES = ("copy", "reference")
_loaded_engine: dict[tuple[str, str, int], object] = {}


def _engine(model: str, device: str, batch_size: int):
    """The model for a cell: loaded once and kept while consecutive cells use it (one at a time in memory)."""
    if model in OFFLINE_ENGINES:
        return model  # built per direction by translate_direction (the reference engine needs its references)
    from tagmt.translate.engines import load_engine

    key = (model, device, batch_size)
    if key not in _loaded_engine:
        _loaded_engine.clear()
        _loaded_engine[key] = load_engine(model, device=device, batch_size=batch_size)
    return _loaded_engine[key]


def compute_cell(task: CellTask) -> dict:
    """Translate and evaluate one cell, write its folder, and return its record (``cell.json``)."""
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import parallel_segments
    from tagmt.evaluation import read_segments, score_systems
    from tagmt.translate.pipelines import translate_direction

    cell, out = task.cell, Path(task.out)
    folder = cell_dir(out, cell)
    folder.mkdir(parents=True, exist_ok=True)
    dataset = open_dataset(task.data)
    started = time.perf_counter()
    hyp_path = Path(
        translate_direction(
            dataset,
            task.split,
            cell.direction,
            cell.system.approach,
            _engine(cell.system.model, task.device, task.batch_size),
            aligner=cell.system.aligner or PAPER_ALIGNER,
            output=folder / HYP_FILE,
            batch_size=task.batch_size,
            device=task.device,
            progress=task.progress,
            cache_dir=out / "segment-cache",
        )
    )
    translated = time.perf_counter()
    hypotheses = read_segments(hyp_path)  # as `tagmt evaluate --hyp` reads it
    references = [segment.target for segment in parallel_segments(dataset, task.split, cell.direction)]
    name = f"{CELLS_DIR}/{cell.key}/{HYP_FILE}"
    (scores,) = score_systems(references, {name: hypotheses}, cell.direction.trg, pair=cell.direction.name)
    evaluated = time.perf_counter()
    scored = scores.as_dict()
    record = {
        "format": RESULTS_FORMAT,
        "key": cell.key,
        "system": cell.system.label,
        **cell.describe(),
        "split": task.split,
        "inputs": dict(task.fingerprint),
        "output": name,
        "hyp_sha256": _file_sha256(hyp_path),
        "segments": scored["segments"],
        "scores": scored["scores"],
        "signatures": scored["signatures"],
        "seconds": {"translate": round(translated - started, 3), "evaluate": round(evaluated - translated, 3)},
        "commands": cell_commands(cell, Path(task.data), task.split, out, task.batch_size),
        "versions": versions(),
        "finished": _now(),
    }
    atomic_write_text(folder / CELL_FILE, json.dumps(record, ensure_ascii=False, indent=2) + "\n")
    return record


# --- running the grid ------------------------------------------------------------------------------------------


def versions() -> dict[str, str]:
    """Installed versions of the packages a score depends on ("not installed" when absent)."""
    from importlib.metadata import PackageNotFoundError, version

    found = {}
    for package in VERSIONED_PACKAGES:
        try:
            found[package] = version(package)
        except PackageNotFoundError:
            found[package] = "not installed"
    found["python"] = sys.version.split()[0]
    return found


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _cuda_device_count() -> int:
    try:
        import torch
    except ImportError:
        return 0
    return torch.cuda.device_count()


def worker_devices(device: str, jobs: int) -> list[str | None]:
    """The GPU index each of ``jobs`` workers is pinned to (CUDA_VISIBLE_DEVICES), None for no pinning.

    With ``auto``/``cuda`` the workers are spread round-robin over the GPUs found; ``cpu`` and an explicit
    ``cuda:N`` pin nothing.
    """
    if jobs == 1 or device not in ("auto", "cuda"):
        return [None] * jobs
    count = _cuda_device_count()
    return [str(i % count) for i in range(jobs)] if count else [None] * jobs


def _init_worker(devices, cpu_threads: int) -> None:  # pragma: no cover - runs in worker processes
    """Pin this worker to one GPU before torch is imported, or share the CPU cores among the workers."""
    gpu = devices.get()
    if gpu is not None:
        os.environ["CUDA_VISIBLE_DEVICES"] = gpu
    else:
        os.environ.setdefault("OMP_NUM_THREADS", str(cpu_threads))


@dataclass
class GridRun:
    """What a run did: the cells it computed and reused (keys, in grid order), and where it wrote."""

    out: Path
    computed: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    results: dict = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)


def _progress_enabled(progress: bool | None) -> bool:
    return sys.stderr.isatty() if progress is None else progress


def run_grid(
    grid: Grid,
    data: str | Path | None,
    out: str | Path,
    *,
    jobs: int = 1,
    device: str = "auto",
    progress: bool | None = None,
    force: bool = False,
    command: str | None = None,
    figures: bool = True,
    on_cell_done: Callable[[Cell, dict], None] | None = None,
) -> GridRun:
    """Compute every cell of ``grid`` that ``out`` lacks, then write results.json, the tables and figures.

    ``on_cell_done(cell, record)`` is called in this process after each computed cell (progress hooks).
    A failing cell stops the run with its error; the cells finished before it are kept.
    """
    from tagmt.data.dataset import open_dataset

    if jobs < 1:
        raise TagmtError(f"--jobs must be at least 1, got {jobs}")
    out = Path(out).expanduser().resolve()
    dataset = open_dataset(data)
    split = dataset.resolve_split(grid.split)
    data_root = Path(dataset.root).resolve()
    fingerprints = {d: direction_fingerprint(dataset, split, d) for d in grid.directions}
    run = GridRun(out)
    records: dict[str, dict] = {}
    todo: list[Cell] = []
    for cell in grid.cells():
        record = None if force else finished_record(out, cell, split, fingerprints[cell.direction])
        if record is None:
            todo.append(cell)
        else:
            records[cell.key] = record
            run.reused.append(cell.key)
    show = _progress_enabled(progress)
    tasks = [
        CellTask(cell, str(data_root), split, str(out), grid.batch_size, device, show and jobs == 1,
                 fingerprints[cell.direction])
        for cell in todo
    ]
    for cell, record in _execute(tasks, jobs, device, show, total=len(grid.cells()), done=len(run.reused)):
        records[cell.key] = record
        run.computed.append(cell.key)
        if on_cell_done is not None:
            on_cell_done(cell, record)
    cells = [records[cell.key] for cell in grid.cells()]
    run.results = build_results(grid, data_root, split, cells, command)
    run.written = write_outputs(run.results, out, dataset, split, figures=figures)
    return run


def _execute(tasks: list[CellTask], jobs: int, device: str, show: bool, total: int, done: int):
    """Yield (cell, record) as cells finish: in this process for one job, else in a pool of processes."""
    from tqdm import tqdm

    bar = tqdm(total=total, initial=done, desc="grid", unit="cell", disable=not show, file=sys.stderr)
    finished = [done]  # a disabled bar does not count

    def report(task: CellTask, record: dict) -> None:
        bar.update(1)
        finished[0] += 1
        if not show:
            seconds = record["seconds"]
            print(
                f"tagmt reproduce: [{finished[0]}/{total}] {task.cell.key} done "
                f"(translate {seconds['translate']:.1f} s, evaluate {seconds['evaluate']:.1f} s)",
                file=sys.stderr,
            )

    try:
        if jobs == 1 or len(tasks) <= 1:
            for task in tasks:
                bar.set_postfix_str(task.cell.key)
                record = _with_cell_context(task)
                report(task, record)
                yield task.cell, record
            return
        context = multiprocessing.get_context("spawn")
        pinned = context.Queue()
        workers = min(jobs, len(tasks))
        for gpu in worker_devices(device, workers):
            pinned.put(gpu)
        threads = max(1, (os.cpu_count() or 1) // workers)
        with concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=context, initializer=_init_worker, initargs=(pinned, threads)
        ) as pool:
            futures = {pool.submit(_with_cell_context, task): task for task in tasks}
            try:
                for future in concurrent.futures.as_completed(futures):
                    task = futures[future]
                    record = future.result()
                    report(task, record)
                    yield task.cell, record
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    finally:
        bar.close()


def _with_cell_context(task: CellTask) -> dict:
    """compute_cell, with the cell named in a user-facing error."""
    try:
        return compute_cell(task)
    except TagmtError as exc:
        raise TagmtError(f"cell {task.cell.key}: {exc}") from exc


# --- results and tables -------------------------------------------------------------------------------------------


def build_results(grid: Grid, data: Path, split: str, cells: list[dict], command: str | None) -> dict:
    """The content of results.json: every score and signature, the command line and the versions."""
    return {
        "format": RESULTS_FORMAT,
        "command": command,
        "created": _now(),
        "versions": versions(),
        "data": {"path": str(data), "split": split},
        "grid": {
            "config": str(grid.config) if grid.config else None,
            "systems": [
                {"model": s.model, "approach": s.approach, "aligner": s.aligner, "label": s.label} for s in grid.systems
            ],
            "directions": [d.name for d in grid.directions],
            "batch_size": grid.batch_size,
        },
        "cells": [{k: v for k, v in cell.items() if k not in ("format", "versions")} for cell in cells],
    }


def load_paper_results(path: str | Path | None = None) -> dict[tuple[str, str, str, str], float]:
    """The published numbers (``experiments/paper_results.csv``) keyed by (model, approach, direction, metric)."""
    from tagmt.paths import experiments_dir

    source = Path(path) if path is not None else experiments_dir() / "paper_results.csv"
    with source.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        return {(r["model"], r["approach"], r["direction"], r["metric"]): float(r["value"]) for r in rows}


def paper_systems(paper: Mapping[tuple[str, str, str, str], float]) -> dict[tuple[str, str], str]:
    """(model, approach) of the paper's systems → the aligner they used ("" for dt)."""
    return {(m, a): (PAPER_ALIGNER if a == "dp" else "") for m, a, _, _ in paper}


def score_tables(results: Mapping, paper: Mapping | None = None) -> list[Table]:
    """Tables 3–5 of a results dict, each followed by its side-by-side with the paper where they overlap."""
    cells, split = results["cells"], results["data"]["split"]
    tables = []
    for spec in SCORE_TABLES:
        tables.append(score_table(spec, cells, split))
        if paper:
            side_by_side = comparison_table(spec, cells, paper, paper_systems(paper))
            if side_by_side is not None:
                tables.append(side_by_side)
    return tables


def write_outputs(results: dict, out: Path, dataset, split: str, *, figures: bool = True) -> list[Path]:
    """Write results.json, Tables 1–5 (md, tex, csv; side-by-side with the paper) and the figures."""
    from tagmt.data.stats import compute_stats

    out.mkdir(parents=True, exist_ok=True)
    statistics = compute_stats(dataset, split)
    results["statistics"] = {"direction": statistics.direction, **statistics.as_dict()}
    summary = results["statistics"]
    for stale in out.glob("table*_vs_paper.*"):
        stale.unlink()  # rewritten below only where this run still shares cells with the paper
    written: list[Path] = []
    for table in [data_table(summary, split), inline_table(summary, split), *score_tables(results, load_paper_results())]:
        written += write_table(table, out)
    if figures:
        from tagmt.data.plots import write_plots

        written += write_plots(statistics, out / "figures")
    results_path = out / "results.json"
    atomic_write_text(results_path, json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    return [results_path, *written]
