"""Running a grid: reuse the finished cells, compute the others on a backend (this process, a pool of
processes pinned to GPUs, or Ray: :mod:`tagmt.reproduce.backends`), report progress, then write the
results and tables."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tagmt.errors import TagmtError
from tagmt.progress import progress_bar
from tagmt.reproduce.backends import execute
from tagmt.reproduce.cells import CellTask, direction_fingerprint, finished_record
from tagmt.reproduce.grid import Cell, Grid
from tagmt.reproduce.results import build_results, write_outputs


@dataclass
class GridRun:
    """What a run did: the cells it computed and reused (keys, in grid order), and where it wrote."""

    out: Path
    computed: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    results: dict = field(default_factory=dict)
    written: list[Path] = field(default_factory=list)


@dataclass(frozen=True)
class GridOptions:
    """How a grid is run: on ``backend`` ``local`` (``jobs`` processes on this machine) or ``ray`` (Ray tasks,
    on the cluster at ``ray_address`` or a local instance) — both leave the same cell folders and give the
    same tables — on ``device``; ``llm`` (``tagmt.engines.LLMOptions``): how to reach and prompt
    ``openai:NAME`` models; ``force``: recompute finished cells too; ``figures``: draw the figures;
    ``progress``: a bar (None: on a terminal only)."""

    jobs: int = 1
    device: str = "auto"
    backend: str = "local"
    ray_address: str | None = None
    llm: Any = None
    force: bool = False
    figures: bool = True
    progress: bool | None = None


def _progress_enabled(progress: bool | None) -> bool:
    return sys.stderr.isatty() if progress is None else progress


def run_grid(
    grid: Grid,
    data: str | Path | None,
    out: str | Path,
    *,
    options: GridOptions = GridOptions(),
    command: str | None = None,
    on_cell_done: Callable[[Cell, dict], None] | None = None,
) -> GridRun:
    """Compute every cell of ``grid`` that ``out`` lacks, then write results.json, the tables and figures.

    ``options``: the backend, jobs, device, LLM options, force, figures and progress (``GridOptions``);
    ``command``: the command line results.json records.

    ``on_cell_done(cell, record)`` is called in this process after each computed cell (progress hooks).
    A failing cell stops the run with its error; the cells finished before it are kept.
    """
    from tagmt.data.dataset import open_dataset

    jobs, device, backend, force = options.jobs, options.device, options.backend, options.force

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
        record = None if force else finished_record(out, cell, split, fingerprints[cell.direction],
                                                    engine=grid.engine, compute_type=grid.compute_type)
        if record is None:
            todo.append(cell)
        else:
            records[cell.key] = record
            run.reused.append(cell.key)
    show = _progress_enabled(options.progress)
    tasks = [
        CellTask(cell, str(data_root), split, str(out), grid.batch_size, device,
                 show and jobs == 1 and backend == "local", fingerprints[cell.direction],
                 engine=grid.engine, compute_type=grid.compute_type, max_tokens=grid.max_tokens, llm=options.llm)
        for cell in todo
    ]
    finished = _reported(execute(tasks, backend=backend, jobs=jobs, device=device, address=options.ray_address),
                         show, total=len(grid.cells()), done=len(run.reused))
    for cell, record in finished:
        records[cell.key] = record
        run.computed.append(cell.key)
        if on_cell_done is not None:
            on_cell_done(cell, record)
    cells = [records[cell.key] for cell in grid.cells()]
    run.results = build_results(grid, data_root, split, cells, command)
    run.written = write_outputs(run.results, out, dataset, split, figures=options.figures)
    return run


def _reported(finished, show: bool, total: int, done: int):
    """Pass (cell, record) on as cells finish, with a progress bar or one line per cell."""
    bar = progress_bar(total=total, initial=done, desc="grid", unit="cell", enabled=show)
    count = done  # a disabled bar does not count
    try:
        for task, record in finished:
            bar.update(1)
            count += 1
            if not show:
                seconds = record["seconds"]
                print(
                    f"tagmt reproduce: [{count}/{total}] {task.cell.key} done "
                    f"(translate {seconds['translate']:.1f} s, evaluate {seconds['evaluate']:.1f} s)",
                    file=sys.stderr,
                )
            yield task.cell, record
    finally:
        bar.close()
