"""How placement time grows with the codes of one segment, and what one eflomal call on one long
pair costs: the two blow-ups of issue 21 (placement was cubic in the codes — 400 codes 1.1 s,
800 codes 8 s, 1,600 codes 63 s; one 200-word pair ran 2,500 eflomal iterations, 10.5 s).

Prints, for 200…1,600 codes in one segment, the CPU seconds of `place_tags` and the ratio to the
size before (×4 per doubling is quadratic, ×8 cubic); then the iterations and CPU seconds (this
process and its eflomal runs) of aligning one 200-word pair, next to eflomal's schedule by
sentence count alone (what ran before).

Usage: python benchmarks/bench_projection_scaling.py [--codes 200,400,800,1600] [--words 200] [--quick]

The last lines are the ratios: placement time per doubling of codes, and eflomal's CPU on the old
schedule over the new one.
"""

from __future__ import annotations

import argparse
import os
import sys

from tagmt.projection.align import EflomalAligner, work_cells
from tagmt.projection.inside_outside import place_tags
from tagmt.testing.coded import coded_segment


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def placement_seconds(n: int) -> float:
    detagged, translation, src, trg, links = coded_segment(n)
    start = _cpu()
    place_tags(detagged, src, trg, links, len(translation))
    return _cpu() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--codes", default="200,400,800,1600")
    parser.add_argument("--words", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="100-400 codes, a 60-word pair (a smoke run)")
    args = parser.parse_args(argv)
    if args.quick:
        args.codes, args.words = "100,200,400", 60
    growth = []
    print(f"{'codes':>6}{'cpu s':>9}{'ratio':>7}")
    before = None
    for n in map(int, args.codes.split(",")):
        seconds = placement_seconds(n)
        ratio = f"{seconds / before:>7.1f}" if before else f"{'':>7}"
        print(f"{n:>6}{seconds:>9.2f}{ratio}", flush=True)
        if before:
            growth.append(seconds / before)
        before = seconds
    words = [[f"w{k % 50}" for k in range(args.words)]]
    aligner = EflomalAligner()
    by_sentences = aligner._iterations(1)
    by_work = aligner._iterations(1, work_cells(words, words))
    start = _cpu()
    aligner.align(words, words)
    seconds = _cpu() - start
    before = EflomalAligner()
    before._iterations = lambda n, cells=0: by_sentences  # the schedule by sentence count alone
    start = _cpu()
    before.align(words, words)
    old_seconds = _cpu() - start
    print(f"one {args.words}-word pair, {aligner.runs} runs: iterations {sum(by_work)} "
          f"{seconds:.1f} cpu s; by sentence count alone {sum(by_sentences)} "
          f"{old_seconds:.1f} cpu s (×{old_seconds / max(seconds, 1e-9):.1f})")
    if growth:
        print(f"ratio placement time per doubling of codes (4 quadratic, 8 cubic): {growth[-1]:.1f}")
    print(f"ratio eflomal cpu by sentence count / by work: {old_seconds / max(seconds, 1e-9):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
