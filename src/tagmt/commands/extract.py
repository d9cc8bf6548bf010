"""``tagmt extract``: any file tagmt reads as an XLIFF 2.1 document for a CAT tool (``tagmt.translation.interchange``)."""

from __future__ import annotations

import argparse
import sys

from tagmt.commands.shared import add_placeholder_arguments, placeholder_options

EXAMPLE = """\
examples:
  tagmt extract page.html -o page.xlf --trg-lang de          # translate page.xlf in any CAT tool, then:
  tagmt merge page.xlf -o page.de.html
  tagmt extract messages.po -o messages.xlf

Units are the file's segments in reading order (u1, u2, …; the segment's own id in name=), inline codes as
pc/ph/sc/ec with their original markup in <originalData>. The original file travels inside the XLIFF (base64
in <skeleton>, with its SHA-256 and the format), so merge needs nothing else: merging an untouched extraction
gives the input back byte for byte.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "extract",
        help="write any file tagmt reads as XLIFF 2.1 for a CAT tool (tagmt merge puts it back)",
        description="Extract the segments of FILE into an XLIFF 2.1 document, as Okapi's Tikal does.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the file to extract (any format tagmt reads and writes)")
    parser.add_argument("-o", "--output", metavar="FILE.xlf", required=True, help="the XLIFF 2.1 document to write")
    parser.add_argument("--format", default="auto", help="the file's format (default: from its content and name)")
    parser.add_argument("--src-lang", metavar="LANG", help="source language (default: the file's)")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language to declare (default: the file's, if any)")
    add_placeholder_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.languages import normalize
    from tagmt.translation.interchange import extract_file

    src = normalize(args.src_lang, "--src-lang") if args.src_lang else None
    trg = normalize(args.trg_lang, "--trg-lang") if args.trg_lang else None
    done = extract_file(args.file, args.output, format=args.format, src_lang=src, trg_lang=trg,
                        **placeholder_options(args))
    print(f"extracted {done.units} segments of {args.file} ({done.format}) to {done.output}", file=sys.stderr)
    return 0
