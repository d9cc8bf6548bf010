"""Translation speed with a tiny model on CPU: batched vs one-at-a-time generation, and the time that
detag-and-project adds over direct translation (strip + align + project).

The model is the tiny M2M-100 of ``tagmt.testing.tiny_seq2seq`` (random weights fit for a few steps:
its outputs are nonsense of sentence-like length), so the figures measure the pipeline's overheads,
batching and alignment, not a real model's compute. Data: the dev split of ../shared/sap-dev when it is
there, else the bundled sample; the first ``--limit`` segments of one direction.

Usage:  python benchmarks/bench_translate.py [--quick] [--data DIR] [--pair en-ja] [--limit 256] [--batch-size 16]
        [--aligner eflomal] [--model DIR] [--threads 1]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tagmt.data.dataset import open_dataset
from tagmt.data.directions import parse_direction
from tagmt.data.views import parallel_segments
from tagmt.projection.align import get_aligner
from tagmt.engines import load_engine
from tagmt.projection import detag, project_batch

SAP_DEV = Path(__file__).resolve().parent.parent.parent / "shared" / "sap-dev"


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", help="data set folder (default: ../shared/sap-dev if present, else the sample)")
    parser.add_argument("--pair", default="en-ja")
    parser.add_argument("--limit", type=int, default=256, help="segments to translate (default 256)")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--aligner", default="eflomal", help="eflomal (awesome needs mBERT weights)")
    parser.add_argument("--model", help="checkpoint folder (default: build the tiny M2M-100)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    parser.add_argument("--quick", action="store_true", help="32 segments of the bundled sample (a smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.limit = min(args.limit, 32)

    import torch

    torch.set_num_threads(args.threads)
    data = args.data or (SAP_DEV if (SAP_DEV / "software_documentation").is_dir() and not args.quick else None)
    dataset = open_dataset(data)
    split = "dev" if "dev" in dataset.splits() else dataset.resolve_split(None)
    direction = parse_direction(args.pair)
    segments = parallel_segments(dataset, split, direction)[: args.limit]
    sources = [s.source for s in segments]

    with tempfile.TemporaryDirectory() as tmp:
        model = args.model
        if model is None:
            from tagmt.testing.tiny_seq2seq import build_tiny_m2m100

            model = str(build_tiny_m2m100(Path(tmp) / "tiny-m2m100"))
        batched = load_engine(model, device="cpu", batch_size=args.batch_size)
        single = load_engine(model, device="cpu", batch_size=1)
        batched.translate(sources[:4], direction.src, direction.trg)  # warm up

        dt, t_batched = timed(batched.translate, sources, direction.src, direction.trg)
        _, t_single = timed(single.translate, sources, direction.src, direction.trg)

        detagged, t_strip = timed(lambda: [detag(s) for s in sources])
        plain, t_translate_plain = timed(batched.translate, [d.plain for d in detagged], direction.src, direction.trg)
        aligner = get_aligner(args.aligner)
        _, t_project = timed(project_batch, detagged, plain, direction.src, direction.trg, aligner)

    n = len(segments)
    tagged = sum(1 for d in detagged if d.tags)
    print(f"data: {data or 'bundled sample'} split {split}, {direction.name}, {n} segments ({tagged} with tags), "
          f"model {'tiny M2M-100' if args.model is None else args.model}, CPU, {args.threads} thread(s)")
    print(f"DT batched (batch {args.batch_size}):   {t_batched:7.2f} s  {n / t_batched:7.1f} segments/s")
    print(f"DT one at a time:            {t_single:7.2f} s  {n / t_single:7.1f} segments/s  "
          f"(batched is {t_single / t_batched:.1f}x faster)")
    t_dp = t_strip + t_translate_plain + t_project
    extra = t_strip + t_project
    print(f"DP: strip {t_strip:.3f} s + translate {t_translate_plain:.2f} s + align & project ({args.aligner}) "
          f"{t_project:.2f} s = {t_dp:.2f} s")
    print(f"DP adds strip + align + project = {extra:.2f} s: {100 * extra / t_dp:.0f} % of the DP run, "
          f"{100 * extra / t_batched:.0f} % of the DT run's time")
    print(f"ratio batched/one-at-a-time segments per second: {t_single / t_batched:.2f}")


if __name__ == "__main__":
    main()
