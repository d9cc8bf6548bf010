"""Where a grid's cells are computed: ``local`` (this process, or a pool of processes pinned to the GPUs
found) or ``ray`` (each cell a Ray task with its CPU/GPU needs, on a local or remote Ray cluster).

A backend takes the cells to compute and yields ``(task, record)`` as each cell finishes, with the cell's
folder already in ``OUT/cells/<key>/`` (``cell.json`` written last), so the runner can report progress and
a killed run keeps every finished cell. A failing cell raises its error (a ``TagmtError`` naming the cell).
"""

from __future__ import annotations

from typing import Iterator

from tagmt.errors import TagmtError
from tagmt.reproduce.cells import CellTask, compute_cell

BACKENDS = ("local", "ray")


def compute_with_context(task: CellTask) -> dict:
    """compute_cell, with the cell named in a user-facing error."""
    try:
        return compute_cell(task)
    except TagmtError as exc:
        raise TagmtError(f"cell {task.cell.key}: {exc}") from exc


def execute(tasks: list[CellTask], *, backend: str, jobs: int, device: str,
            address: str | None = None) -> Iterator[tuple[CellTask, dict]]:
    """Compute ``tasks`` on ``backend``, yielding each cell's (task, record) as it finishes."""
    if backend == "local":
        if address:
            raise TagmtError("--ray-address is for --backend ray")
        from tagmt.reproduce.backends.local import run_local

        return run_local(tasks, jobs=jobs, device=device)
    if backend == "ray":
        from tagmt.reproduce.backends.ray import run_ray

        return run_ray(tasks, jobs=jobs, device=device, address=address)
    raise TagmtError(f"unknown backend {backend!r}: use {' or '.join(BACKENDS)}")
