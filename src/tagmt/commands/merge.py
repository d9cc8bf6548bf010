"""``tagmt merge``: the file an XLIFF document of ``tagmt extract`` came from, with its targets written in."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt extract page.html -o page.xlf --trg-lang de
  tagmt translate --input page.xlf --model m2m100 --approach dp -o page.de.xlf     # or any CAT tool
  tagmt merge page.de.xlf -o page.de.html

A unit without a target leaves its segment as the original file has it (a monolingual file: the source text).
Human translations the original file holds (PO msgstr, XLIFF targets) are kept unless --overwrite.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "merge",
        help="put the targets of an extracted XLIFF back into the file it came from",
        description="Rebuild the file that `tagmt extract` put into FILE.xlf, with the XLIFF's targets.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE.xlf", help="an XLIFF 2.1 document written by tagmt extract")
    parser.add_argument("-o", "--output", metavar="FILE", required=True, help="the rebuilt file (never FILE.xlf)")
    parser.add_argument("--overwrite", action="store_true",
                        help="also replace the human translations the original file holds")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.translation.interchange import merge_file

    written, corpus = merge_file(args.file, args.output, overwrite=args.overwrite)
    kept = ", ".join(f"{n} {reason}" for reason, n in sorted(corpus.kept.items()))
    print(f"merged {len(corpus.segments)} segments into {written} ({corpus.format})"
          + (f"; kept as they were: {kept}" if kept else ""), file=sys.stderr)
    return 0
