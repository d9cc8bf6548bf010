"""Build every view of every pair of a split and print segments per second and peak memory.

    python benchmarks/bench_views.py [--data DIR] [--split dev] [--quick]

``--quick`` uses the bundled sample. The last line is ``ratio dita/line-view segments per second: X``.

Default data: ../shared/sap-dev when present, else the bundled sample. Starts cold (empty caches), so
the figure includes parsing each XLIFF document once. Peak memory is the process's maximum resident set
(from ``resource``: libxml2 allocates outside Python, where tracemalloc cannot see it).
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from tagmt.data import views
from tagmt.data.dataset import open_dataset
from tagmt.data.directions import Direction

SAP_DEV = Path(__file__).resolve().parents[2] / "shared" / "sap-dev"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(SAP_DEV) if SAP_DEV.is_dir() else None)
    parser.add_argument("--split", default=None)
    parser.add_argument("--quick", action="store_true", help="the bundled sample (a smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.data = None

    dataset = open_dataset(args.data)
    split = dataset.resolve_split(args.split)
    pairs = dataset.pairs(split)
    views._render_cached.cache_clear()

    start = time.perf_counter()
    segments = lines = 0
    for pair in pairs:
        direction = Direction("en", pair[2:])
        for view in views.LINE_VIEWS:
            for side in views.SIDES:
                lines += len(views.segment_lines(dataset, split, direction, view, side))
        segments += len(views.parallel_segments(dataset, split, direction))  # cached by now
    line_seconds = time.perf_counter() - start

    start = time.perf_counter()
    documents = 0
    with tempfile.TemporaryDirectory() as tmp:
        for pair in pairs:
            for side in views.SIDES:
                documents += len(views.write_dita(dataset, split, f"en-{pair[2:]}", side, Path(tmp) / pair / side))
    dita_seconds = time.perf_counter() - start

    rss_peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"data: {dataset.root}  split: {split}  pairs: {', '.join(pairs)}")
    print(
        f"line views (tagged, masked, plain x source, target): {segments} segments, {lines} lines "
        f"in {line_seconds:.2f} s = {segments / line_seconds:,.0f} segments/s ({lines / line_seconds:,.0f} lines/s)"
    )
    print(
        f"dita view: {documents} documents in {dita_seconds:.2f} s = {documents / dita_seconds:,.0f} documents/s "
        f"({segments * 2 / dita_seconds:,.0f} segments/s)"
    )
    print(f"peak memory: {rss_peak_mib:.0f} MiB resident (whole process, libxml2 included)")
    print(f"ratio dita/line-view segments per second: {(segments * 2 / dita_seconds) / (segments / line_seconds):.2f}")


if __name__ == "__main__":
    main()
