"""``tagmt views``: write one view of one side of a direction (one line per segment, or DITA files)."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt views --pair en-ja --view tagged --side source | head
  tagmt views --data ../shared/sap-dev --split dev --pair ja-ko --view plain --side target -o ko.txt
  tagmt views --data ../shared/sap-dev --pair en-zf --zf --view dita --side target -o dita/

views: tagged (DITA inline tags written out), masked (XLIFF placeholders <x/>, <g>…</g>),
plain (text only, references as <locked-ref>), dita (one <id>.dita file per document; needs -o DIR).
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "views",
        help="write a view (tagged, masked, plain, dita) of one side of a direction",
        description=(
            "Render the XLIFF documents of a split through the xslt/ stylesheets: one line per "
            "translatable segment, documents in numeric order (or DITA files with --view dita)."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--data", metavar="DIR", help="data set folder (default: the bundled sample)")
    parser.add_argument("--split", help="split name, e.g. dev (default: the only split)")
    parser.add_argument("--pair", required=True, metavar="SRC-TRG", help="direction, e.g. en-ja or ja-ko")
    parser.add_argument("--view", required=True, choices=("tagged", "masked", "plain", "dita"))
    parser.add_argument("--side", required=True, choices=("source", "target"))
    parser.add_argument("-o", "--output", metavar="PATH", help="output file (folder for --view dita); default stdout")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.data.dataset import open_dataset
    from tagmt.data.directions import parse_direction
    from tagmt.atomic import write_atomic
    from tagmt.data.views import dropped_line_breaks, segment_lines, write_dita
    from tagmt.errors import TagmtError
    from tagmt.linecodec import encode_line, has_line_break

    direction = parse_direction(args.pair, include_zf=args.zf)
    dataset = open_dataset(args.data)
    if args.view == "dita":
        if not args.output:
            raise TagmtError("--view dita writes one file per document: give the folder with -o DIR")
        written = write_dita(dataset, args.split, direction, args.side, args.output)
        print(f"wrote {len(written)} DITA documents to {args.output}", file=sys.stderr)
        return 0
    lines = segment_lines(dataset, args.split, direction, args.view, args.side)
    _report_line_breaks(dropped_line_breaks(dataset, args.split, direction, args.side),
                        sum(map(has_line_break, lines)))
    data = "".join(encode_line(line) + "\n" for line in lines).encode("utf-8")
    if args.output:
        write_atomic(args.output, [data])
        print(f"wrote {len(lines)} segments to {args.output}", file=sys.stderr)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    return 0


def _report_line_breaks(dropped: list[tuple[int, str]], encoded: int) -> None:
    """Say on stderr what happened to line breaks inside segments (nothing is said when there were none)."""
    if dropped:
        where = ", ".join(f"document {doc} mid {mid}" for doc, mid in dropped[:3]) + (", …" if len(dropped) > 3 else "")
        print(f"tagmt: note: {len(dropped)} segment(s) had newlines inside their text ({where}); the line views "
              "drop them as upstream's xslt/lines.xsl does (byte-identical to upstream's files)", file=sys.stderr)
    if encoded:
        print(f"tagmt: note: {encoded} segment(s) hold other line-break characters (CR, U+2028, NEL, …), written "
              "as character references such as &#13; so that line k stays segment k", file=sys.stderr)
