"""Running a grid: reuse the finished cells, compute the others (in this process or a pool of processes
pinned to GPUs), report progress, then write the results and tables."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from tagmt.errors import TagmtError
from tagmt.progress import progress_bar
from tagmt.reproduce.cells import CellTask, compute_cell, direction_fingerprint, finished_record
from tagmt.reproduce.grid import Cell, Grid
from tagmt.reproduce.results import build_results, write_outputs


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
    llm: Any = None,
) -> GridRun:
    """Compute every cell of ``grid`` that ``out`` lacks, then write results.json, the tables and figures.

    ``on_cell_done(cell, record)`` is called in this process after each computed cell (progress hooks).
    A failing cell stops the run with its error; the cells finished before it are kept. ``llm``
    (``tagmt.engines.LLMOptions``) says how to reach and prompt ``openai:NAME`` models.
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
                 fingerprints[cell.direction], llm)
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
    bar = progress_bar(total=total, initial=done, desc="grid", unit="cell", enabled=show)
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
