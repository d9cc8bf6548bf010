"""Size and render time of the evaluation page (`tagmt evaluate --html`) for 2,000 and 10,000 segments.

    python benchmarks/bench_html.py --data ../shared/sap-dev --split dev --pair en-ja
    python benchmarks/bench_html.py --quick     # 200 and 400 segments: a smoke run

The last lines are the ratios of scoring with the page over scoring alone, per size.

Two systems made from the reference (its tags disturbed: dropped, moved, inserted, attributes changed;
`tagmt.testing.perturb`), the reference repeated up to the size. For each size, in one run:
scoring alone (the default metrics) against scoring with the page's collector plus writing the page
(the ratio is --html's cost), the page's size, and headless Chromium's wall time to start, parse the
page, run its scripts and serialize the DOM (`--dump-dom`), next to the same for an empty page (the
browser's own start-up) and with a query-string filter (`?kind=dropped`). The target: rendering stays
a few seconds at 10,000 segments (only one page of 50 rows is ever in the DOM).
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path

from tagmt.data.dataset import open_dataset
from tagmt.data.directions import parse_direction
from tagmt.data.views import parallel_segments
from tagmt.evaluation import score_systems
from tagmt.report.evaluation_page import SegmentCollector, write_evaluation_page
from tagmt.testing.browser import find_chromium, page_url, timed_dump_dom
from tagmt.testing.perturb import perturb_all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default="../shared/sap-dev", help="data set folder (default ../shared/sap-dev)")
    parser.add_argument("--split", default="dev")
    parser.add_argument("--pair", default="en-ja")
    parser.add_argument("--sizes", default="2000,10000", help="segment counts (comma-separated)")
    parser.add_argument("--quick", action="store_true", help="200 and 400 segments (a smoke run; the bundled "
                        "sample where the dev split is absent)")
    args = parser.parse_args()
    if args.quick:
        args.sizes = "200,400"
        if not (Path(args.data) / "software_documentation").is_dir():
            args.data, args.split = None, None
    if find_chromium() is None:
        raise SystemExit("chromium is not installed (apt-get install chromium)")
    direction = parse_direction(args.pair)
    dataset = open_dataset(args.data)
    args.split = dataset.resolve_split(args.split)
    base = parallel_segments(dataset, args.split, direction)
    print(f"{len(base)} segments of {args.pair} ({args.split}), repeated to each size; 2 systems")
    print(f"{'segments':>8}  {'score s':>8}  {'+html s':>8}  {'ratio':>6}  {'page MB':>8}  {'empty page s':>12}  "
          f"{'dump-dom s':>10}  {'in page s':>9}  {'?kind=dropped s':>15}")
    ratios = []
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.html"
        empty.write_text("<!DOCTYPE html><title>empty</title><p>x</p>", encoding="utf-8")
        for size in (int(s) for s in args.sizes.split(",")):
            chosen = list(islice(cycle(base), size))
            references = [s.target for s in chosen]
            sources = [s.source for s in chosen]
            systems = {"first": perturb_all(references, 1), "second": perturb_all(references, 2)}
            started = time.perf_counter()
            score_systems(references, systems, direction.trg, args.pair, sources=sources)
            plain = time.perf_counter() - started
            started = time.perf_counter()
            collector = SegmentCollector()
            scored = score_systems(references, systems, direction.trg, args.pair, sources=sources,
                                   per_segment=collector)
            page = write_evaluation_page(Path(folder) / f"eval-{size}.html", [s.as_dict() for s in scored], collector)
            with_page = time.perf_counter() - started
            _, blank = timed_dump_dom(page_url(empty))
            dom, render = timed_dump_dom(page_url(page))
            assert f'data-total="{size}"' in dom, "the page did not render its segments"
            ready = int(re.search(r'data-ready-ms="(\d+)"', dom).group(1)) / 1000
            _, filtered = timed_dump_dom(page_url(page, "kind=dropped"))
            print(f"{size:>8}  {plain:>8.1f}  {with_page:>8.1f}  {with_page / plain:>6.2f}  "
                  f"{page.stat().st_size / 1e6:>8.1f}  {blank:>12.2f}  {render:>10.2f}  {ready:>9.2f}  {filtered:>15.2f}")
            ratios.append((size, with_page / plain))
    for size, ratio in ratios:
        print(f"ratio score+page / score alone seconds ({size} segments): {ratio:.2f}")


if __name__ == "__main__":
    main()
