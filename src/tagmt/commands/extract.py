"""``tagmt extract``: a document (PO, JSON, Android, … any format tagmt writes back) as an XLIFF 2.0 file for a
CAT tool, with the document embedded so that ``tagmt merge`` rebuilds it."""

from __future__ import annotations

import argparse
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "extract",
        help="write a document's segments as XLIFF 2.0 for a CAT tool (tagmt merge puts them back)",
        description=("Write the segments of FILE as an XLIFF 2.0 file: codes and placeholders as <ph>/<pc> with "
                     "their originals in <originalData>, the document itself embedded in the <skeleton> so that "
                     "`tagmt merge` rebuilds it exactly, with the targets the CAT tool filled in."),
    )
    parser.add_argument("input", metavar="FILE", help="the document (any format tagmt reads and writes back)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE.xlf", help="the XLIFF 2.0 file to write")
    parser.add_argument("--format", default="auto", help="the document's format (default: from its content)")
    parser.add_argument("--src-lang", metavar="LANG", help="source language (ISO code; default: the file's)")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language (ISO code; default: the file's)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.outputs import refuse_overwriting_inputs
    from tagmt.translation.interchange import extract

    refuse_overwriting_inputs([("-o", args.output)], [("FILE", args.input)])
    path, count = extract(args.input, args.output, format=args.format, src_lang=args.src_lang,
                          trg_lang=args.trg_lang)
    print(f"wrote {count} segments of {args.input} to {path}", file=sys.stderr)
    return 0
