"""The Ray backend: each cell a Ray task with its resources, on a local Ray instance or the cluster at
``--ray-address``; Ray does the scheduling.

A task asks for one CPU, and one GPU when its cell translates with a checkpoint on CUDA (``--device
cuda``, or ``auto`` on a cluster that has GPUs); Ray then sets the task's ``CUDA_VISIBLE_DEVICES`` and
``OMP_NUM_THREADS``. At most ``--jobs`` cells are in flight at once (a local instance is also started with
``--jobs`` CPUs). Workers may run on other machines, so a task computes its cell in a folder of its own
node's tagmt cache (where a killed cell's finished segments stay for its next attempt on that node) and
returns the cell's files; the driver writes them into ``OUT/cells/<key>/`` as each cell finishes
(``cell.json`` last), exactly as the local backend leaves them. Every node must see the data set at the
driver's ``--data`` path and have tagmt installed.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Iterator

from tagmt import paths
from tagmt.atomic import write_atomic
from tagmt.errors import TagmtError, require
from tagmt.reproduce.backends import compute_with_context
from tagmt.engines.offline import OFFLINE_ENGINES
from tagmt.reproduce.cells import CELL_FILE, HYP_FILE, PAGE_FILE, CellTask, cell_dir


def _node_work_dir(out: str) -> str:
    """This node's folder for the cells of the run writing to ``out``."""
    digest = hashlib.sha256(out.encode("utf-8")).hexdigest()[:16]
    return str(paths.cache_dir() / "ray-cells" / digest)


def compute_remote(task: CellTask) -> tuple[dict, dict[str, bytes]]:
    """Run on a Ray worker: compute the cell in this node's folder; return its record and files."""
    task = replace(task, work=_node_work_dir(task.out), progress=False,
                   device="cuda" if task.device.startswith("cuda:") else task.device)  # Ray picks the GPU
    record = compute_with_context(task)
    folder = cell_dir(Path(task.work), task.cell)
    return record, {name: (folder / name).read_bytes() for name in (HYP_FILE, PAGE_FILE, CELL_FILE)
                    if (folder / name).is_file()}


def _wants_gpu(task: CellTask, cluster_gpus: float) -> bool:
    if task.cell.system.model in OFFLINE_ENGINES or task.device == "cpu":
        return False
    return task.device.startswith("cuda") or cluster_gpus > 0


def _write_cell(task: CellTask, files: dict[str, bytes]) -> None:
    """Put a finished cell's files in ``OUT/cells/<key>/``: the translation first, the record last."""
    folder = cell_dir(Path(task.out), task.cell)
    folder.mkdir(parents=True, exist_ok=True)
    for name in (HYP_FILE, PAGE_FILE, CELL_FILE):
        if name in files:
            write_atomic(folder / name, [files[name].decode("utf-8")])


def run_ray(tasks: list[CellTask], *, jobs: int, device: str, address: str | None) -> Iterator[tuple[CellTask, dict]]:
    """Yield (task, record) as Ray finishes cells; at most ``jobs`` in flight."""
    ray = require("ray", "ray", "running the grid on Ray (--backend ray)")
    if not tasks:
        return
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise TagmtError(f"cannot start {where}: {exc}; check --ray-address, or use --backend local") from exc
    try:
        gpus = ray.cluster_resources().get("GPU", 0)
        remote = ray.remote(compute_remote)
        waiting = list(tasks)
        running: dict = {}
        while waiting or running:
            while waiting and len(running) < jobs:
                task = waiting.pop(0)
                options = {"num_cpus": 1, "num_gpus": 1 if _wants_gpu(task, gpus) else 0, "max_retries": 0}
                running[remote.options(**options).remote(task)] = task
            (done,), _ = ray.wait(list(running), num_returns=1)
            task = running.pop(done)
            try:
                record, files = ray.get(done)
            except ray.exceptions.RayTaskError as exc:
                if isinstance(exc.cause, TagmtError):
                    raise TagmtError(str(exc.cause)) from None
                raise
            _write_cell(task, files)
            yield task, record
    finally:
        if started_here:
            ray.shutdown()
