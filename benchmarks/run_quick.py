"""Run every benchmark in its quick mode and check that each finishes and prints its ratio line.

Each ``benchmarks/bench_*.py`` takes ``--quick`` (small sizes: a check that the machinery runs on a CPU-only
machine, not the figures) and prints at least one headline line that starts with ``ratio`` or ``speedup``
and gives a number after a colon (``ratio tagmt/sacrebleu CPU: 0.84``). This script runs them one after
another, each in its own process with a time limit, prints each one's headline lines and its wall time,
and exits 1 if any failed, timed out or printed no headline. CI runs it after the tests.

    python benchmarks/run_quick.py                 # every benchmark
    python benchmarks/run_quick.py bench_views     # only these
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
HEADLINE = re.compile(r"^(ratio|speedup)\b[^:\n]*:\s*-?[\d.]+", re.MULTILINE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="benchmark names (default: every bench_*.py)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds allowed to each (default 300)")
    args = parser.parse_args(argv)
    scripts = sorted(HERE.glob("bench_*.py"))
    if args.names:
        wanted = {name.removesuffix(".py") for name in args.names}
        scripts = [s for s in scripts if s.stem in wanted]
        missing = wanted - {s.stem for s in scripts}
        if missing:
            print(f"run_quick: no such benchmark: {', '.join(sorted(missing))}", file=sys.stderr)
            return 2
    failed = []
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for script in scripts:
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True, text=True,
                                  timeout=args.timeout, env=env, cwd=HERE.parent)
        except subprocess.TimeoutExpired:
            failed.append(script.stem)
            print(f"{script.stem}: TIMED OUT after {args.timeout:.0f} s", flush=True)
            continue
        seconds = time.perf_counter() - started
        headlines = [line for line in done.stdout.splitlines() if HEADLINE.match(line)]
        if done.returncode != 0 or not headlines:
            failed.append(script.stem)
            why = f"exit {done.returncode}" if done.returncode else "no ratio line"
            print(f"{script.stem}: FAILED ({why}) after {seconds:.0f} s\n{done.stdout[-2000:]}{done.stderr[-3000:]}",
                  flush=True)
            continue
        print(f"{script.stem} ({seconds:.0f} s): " + " | ".join(headlines), flush=True)
    if failed:
        print(f"run_quick: {len(failed)} of {len(scripts)} benchmarks failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    print(f"run_quick: {len(scripts)} benchmarks ran in quick mode and printed their ratio lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
