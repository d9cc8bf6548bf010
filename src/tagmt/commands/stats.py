"""``tagmt stats``: the data set's Table 1/2 statistics for the English source, optionally with figures."""

from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="statistics of the English source side (documents, segments, inline elements, words, redundancy)",
        description=(
            "Count documents, parallel segments, segments with inline elements, source words, segment "
            "redundancy, inline element types and textual element types (the paper's Tables 1 and 2)."
        ),
    )
    parser.add_argument("--data", metavar="DIR", help="data set folder (default: the bundled sample)")
    parser.add_argument("--split", help="split name, e.g. dev (default: the only split)")
    parser.add_argument("--pair", metavar="en-XX", help="direction whose XLIFF is read (default: en-ja)")
    parser.add_argument("--format", choices=("markdown", "json"), default="markdown")
    parser.add_argument("--plots", metavar="DIR", help="also write PNG figures into DIR")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.data.dataset import open_dataset
    from tagmt.data.stats import compute_stats, to_markdown
    from tagmt.outputs import refuse_overwriting_inputs

    refuse_overwriting_inputs([("--plots", args.plots)], [("--data", args.data)])
    stats = compute_stats(open_dataset(args.data), args.split, args.pair)
    if args.format == "json":
        print(json.dumps(stats.as_dict(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(to_markdown(stats))
    if args.plots:
        from tagmt.data.plots import write_plots

        for path in write_plots(stats, args.plots):
            print(f"wrote {path}", file=sys.stderr)
    return 0
