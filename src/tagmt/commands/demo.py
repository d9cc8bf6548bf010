"""``tagmt demo``: the whole chain offline on the bundled sample — translate, project, evaluate, tables —
and the "my XLIFF file" and "my line files" workflows on the sample files.

No network and no model weights: ``copy`` stands in for direct translation (its lower bound) and the
``reference`` translation with its tags stripped and projected back by eflomal stands in for
detag-and-project (tag projection alone). The numbers show the machinery works; they are not the paper's.
Without eflomal (a core-only install) the projection cells and runs are skipped, and the demo says so
before it starts.
"""

from __future__ import annotations

import argparse

from tagmt.demo import DEFAULT_OUT


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="offline demo: the whole chain on the bundled sample with offline engines",
        description=(
            "Run all 12 directions of the bundled sample with the offline engines (copy as DT, reference + "
            "eflomal projection as DP), evaluate them and print Tables 3-5; then translate the sample XLIFF 1.2 "
            "and 2.0 files and project the tags of the sample line files. No network, no model weights."
        ),
    )
    parser.add_argument("--out", metavar="DIR", help=f"output folder (default: ./{DEFAULT_OUT})")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="cells run in parallel (default 1)")
    parser.add_argument("--force", action="store_true", help="recompute every cell, even finished ones")
    parser.add_argument("--no-figures", action="store_true", help="skip the PNG figures")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.demo import run_demo

    return run_demo(args.out, jobs=args.jobs, force=args.force, figures=not args.no_figures)
