"""Growth curves of the document metrics on hostile sizes: span-f1, md-tags, and XATER's compat=original.

Each point runs in its own Python process (so the peak memory is that point's alone) and reports CPU
seconds and peak RSS. Inputs are generated:

* span-f1: two documents of N ``<b>x</b>`` spans each (every gold/predicted pair has the same tag and
  text, the worst case for pairwise matching), in text, exact and overlap mode;
* md-tags: a dense Markdown document of N KB and a copy with a few edits;
* xater-original: a DITA-like topic of N paragraphs against its reversal (pyter's shift search).

    python benchmarks/bench_metric_sizes.py                    # all three, default sizes
    python benchmarks/bench_metric_sizes.py --only span-f1 --sizes 1000 4000 16000
    python benchmarks/bench_metric_sizes.py --quick            # the two smallest sizes of each

The last lines give, per kind, the ratio of CPU seconds per unit at the largest size over the smallest
(linear growth: about 1; quadratic: the size ratio).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_SIZES = {"span-f1": [1000, 2000, 4000, 8000, 16000], "md-tags": [50, 100, 200, 400, 800],
                 "xater-original": [4, 8, 16, 24]}

PROGRAMS = {
    "span-f1": """
        from tagmt.metrics.span_f1 import SpanF1
        gold = "<doc>" + "<b>x</b> " * N + "</doc>"
        pred = "<doc>" + "<b>x</b> " * (N - 1) + "<i>x</i></doc>"
        for mode in ("text", "exact", "overlap"):
            SpanF1(match_mode=mode).corpus_score([pred], [[gold]])
    """,
    "md-tags": """
        import random
        rng = random.Random(1)
        blocks = []
        while sum(map(len, blocks)) < N * 1000:
            i = len(blocks)
            blocks.append(rng.choice([f"# Heading {i}\\n\\n", f"- **b {i}** *i* `c` [l](u{i})\\n\\n",
                                      f"| a | b |\\n|---|---|\\n| {i} | x |\\n\\n", f"> q _{i}_ <b>x</b>\\n\\n"]))
        ref = "".join(blocks)
        hyp = ref.replace("**b 1", "b 1", 3).replace("# Heading 5", "## Heading 5", 3)
        from tagmt.metrics import get_metric
        get_metric("md-tags").corpus_score([hyp], [[ref]])
    """,
    "xater-original": """
        import sys
        sys.path.insert(0, %r)
        import random
        from compat_cases import _topic
        ref = _topic(random.Random(N), N)
        lines = ref.split("\\n")
        hyp = "\\n".join(lines[:1] + lines[1:-1][::-1] + lines[-1:])
        from tagmt.metrics import get_metric
        get_metric("xater", compat="original").corpus_score([hyp], [[ref]])
    """ % str(REPO / "tests" / "metrics"),
}


def measure(kind: str, size: int) -> dict:
    code = textwrap.dedent(
        """
        import json, resource, time
        N = %d
        start = time.process_time()
        %s
        print(json.dumps({"cpu": time.process_time() - start,
                          "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
        """
    ) % (size, textwrap.indent(textwrap.dedent(PROGRAMS[kind]), "        ").strip())
    code = code.replace("\n        ", "\n")
    env = dict(os.environ, PYTHONPATH=str(REPO / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(PROGRAMS), action="append")
    parser.add_argument("--sizes", type=int, nargs="+", help="sizes for the chosen kind(s)")
    parser.add_argument("--quick", action="store_true", help="the two smallest sizes of each kind (a smoke run)")
    args = parser.parse_args()
    unit = {"span-f1": "spans/doc", "md-tags": "KB/doc", "xater-original": "paragraphs"}
    print(f"{'metric':<16}{'size':>10} {'unit':<11}{'CPU s':>9}{'peak MB':>10}")
    ratios = []
    for kind in args.only or list(PROGRAMS):
        sizes = args.sizes or DEFAULT_SIZES[kind][: 2 if args.quick else None]
        measured = []
        for size in sizes:
            result = measure(kind, size)
            if "error" in result:
                print(f"{kind:<16}{size:>10} {unit[kind]:<11}  {result['error']}")
            else:
                print(f"{kind:<16}{size:>10} {unit[kind]:<11}{result['cpu']:>9.2f}{result['rss_mb']:>10.0f}")
                measured.append((size, result["cpu"]))
            sys.stdout.flush()
        if len(measured) >= 2:
            (small, cpu_small), (large, cpu_large) = measured[0], measured[-1]
            ratios.append(f"ratio {kind} CPU per unit, size {large}/{small}: "
                          f"{(cpu_large / large) / max(cpu_small / small, 1e-9):.2f}")
    print("\n".join(ratios) if ratios else "ratio: no kind measured at two sizes")


if __name__ == "__main__":
    main()
