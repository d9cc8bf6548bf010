"""``tagmt merge``: the document embedded in an XLIFF 2.0 file that ``tagmt extract`` wrote, with the XLIFF's
targets put in (a unit without a target keeps the document's text)."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "merge",
        help="put the targets of an XLIFF from tagmt extract back into its document",
        description=("Rebuild the document embedded in FILE.xlf (written by `tagmt extract`) with each unit's "
                     "<target> in place of its text; merging an untouched extraction gives the document back "
                     "byte for byte."),
    )
    parser.add_argument("input", metavar="FILE.xlf", help="the XLIFF 2.0 file from tagmt extract")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="the document to write")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.outputs import refuse_overwriting_inputs
    from tagmt.translation.interchange import merge

    refuse_overwriting_inputs([("-o", args.output)], [("FILE.xlf", args.input)])
    path, count = merge(args.input, args.output)
    print(f"wrote {path} with {count} targets from {args.input}", file=sys.stderr)
    return 0
