"""The local backend: cells in this process one after another, or in a pool of ``jobs`` processes
(spawned, so that each loads its own model) pinned round-robin to the GPUs found."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from typing import Iterator

from tagmt.reproduce.backends import compute_with_context
from tagmt.reproduce.cells import CellTask


def _cuda_device_count() -> int:
    """GPUs seen by torch or by CTranslate2 (which has CUDA even beside a CPU build of torch)."""
    counts = [0]
    try:
        import torch

        counts.append(torch.cuda.device_count())
    except ImportError:
        pass
    try:
        import ctranslate2

        counts.append(ctranslate2.get_cuda_device_count())
    except ImportError:
        pass
    return max(counts)


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


def run_local(tasks: list[CellTask], *, jobs: int, device: str) -> Iterator[tuple[CellTask, dict]]:
    """Yield (task, record) as cells finish: in this process for one job, else in a pool of processes."""
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            yield task, compute_with_context(task)
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
        futures = {pool.submit(compute_with_context, task): task for task in tasks}
        try:
            for future in concurrent.futures.as_completed(futures):
                yield futures[future], future.result()
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
