"""``tagmt views``: write one view of one side of a direction (one line per segment, or DITA files)."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt views --pair en-ja --view tagged --side source | head
  tagmt views --data ~/sap-data --split dev --pair ja-ko --view plain --side target -o ko.txt
  tagmt views --data ~/sap-data --pair en-zf --zf --view dita --side target -o dita/
  tagmt views --input manual.xlf --view plain --side source      # any XLIFF, TMX or tagged line file

views: tagged (DITA inline tags written out), masked (XLIFF placeholders <x/>, <g>…</g>),
plain (text only, references as <locked-ref>), dita (one <id>.dita file per document; needs -o DIR),
its-translate (with --input, no --side: the ITS 2.0 Translate value of every element and attribute).
With --input: tagged (inline codes as <g id>/<x id/>/<bx id/>/<ex id/>, text XML-escaped) and plain
(text only, unescaped) of the sources or the targets.
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
    parser.add_argument("--pair", metavar="SRC-TRG", help="direction, e.g. en-ja or ja-ko")
    parser.add_argument("--input", metavar="FILE", help="an XLIFF, TMX or tagged line file instead of the data set")
    parser.add_argument("--view", required=True, choices=("tagged", "masked", "plain", "dita", "its-translate"),
                        help="its-translate (with --input, no --side): the ITS 2.0 Translate value of every element "
                             "and attribute, one per line, as the W3C ITS 2.0 test suite writes it")
    parser.add_argument("--side", choices=("source", "target"), help="the side shown (every view but its-translate)")
    parser.add_argument("-o", "--output", metavar="PATH", help="output file (folder for --view dita); default stdout")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions")
    from tagmt.commands.shared import add_placeholder_arguments

    add_placeholder_arguments(parser)  # --input: placeholders as <x id/> in the tagged view, as text in the plain
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.data.dataset import open_dataset
    from tagmt.data.directions import parse_direction
    from tagmt.data.views import dropped_line_breaks, segment_lines, write_dita
    from tagmt.errors import TagmtError
    from tagmt.linecodec import encode_line, has_line_break

    from tagmt.outputs import refuse_overwriting_inputs

    refuse_overwriting_inputs([("-o", args.output)], [("--input", args.input), ("--data", args.data)])
    if not args.input and (args.placeholders or args.placeholder_regex):
        raise TagmtError("--placeholders and --placeholder-regex are for --input files")
    if not args.input and args.its_rules:
        raise TagmtError("--its-rules is for --input documents (HTML, DITA, ITS-marked XML)")
    if args.view == "its-translate":
        return _its_translate(args)
    if not args.side:
        raise TagmtError(f"--view {args.view} shows one side: give --side source or --side target")
    if args.input:
        if args.pair or args.data or args.split:
            raise TagmtError("--input reads one file; --pair, --data and --split are for the data set")
        from tagmt.commands.shared import placeholder_options

        lines = [encode_line(line) for line in _file_lines(args.input, args.view, args.side,
                                                           **placeholder_options(args))]
        return _write(lines, args.output)
    if not args.pair:
        raise TagmtError("say what to show: --pair SRC-TRG (the data set) or --input FILE")
    direction = parse_direction(args.pair, include_zf=args.zf)
    dataset = open_dataset(args.data)
    if args.view == "dita":
        if not args.output:
            raise TagmtError("--view dita writes one file per document: give the folder with -o DIR")
        written = write_dita(dataset, args.split, direction, args.side, args.output)
        print(f"wrote {len(written)} DITA documents to {args.output}", file=sys.stderr)
        return 0
    lines = segment_lines(dataset, args.split, direction, args.view, args.side)
    if not lines:
        raise TagmtError(
            f"no segment in {direction.name} of {dataset.root}: the data set's documents hold no "
            '<seg-source> <mrk mtype="seg">; for XLIFF from elsewhere use --input FILE'
        )
    _report_line_breaks(dropped_line_breaks(dataset, args.split, direction, args.side),
                        sum(map(has_line_break, lines)))
    return _write([encode_line(line) for line in lines], args.output)


def _its_translate(args: argparse.Namespace) -> int:
    """``--view its-translate``: the lines of ``corpus.itsview`` for ``--input``."""
    from tagmt.atomic import write_atomic
    from tagmt.corpus.itsview import iter_translate_lines
    from tagmt.errors import TagmtError

    if not args.input or args.pair or args.data or args.split or args.side:
        raise TagmtError("--view its-translate lists the nodes of one document: give --input FILE (no --pair, "
                         "--data, --split or --side)")
    lines = iter_translate_lines(args.input, tuple(args.its_rules or ()))
    count = 0

    def chunks():  # (a block of lines at a time: the list of a large document's nodes is never held)
        nonlocal count
        block: list[str] = []
        for line in lines:
            block.append(line + "\n")
            if len(block) == 4096:
                count += len(block)
                yield "".join(block).encode("utf-8")
                block.clear()
        count += len(block)
        yield "".join(block).encode("utf-8")

    if args.output:
        write_atomic(args.output, chunks())
        print(f"wrote {count} nodes to {args.output}", file=sys.stderr)
    else:
        sys.stdout.flush()
        for chunk in chunks():
            sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.flush()
    return 0


def _file_lines(path: str, view: str, side: str, **placeholders) -> list[str]:
    """The tagged or plain view of the sources or targets of any corpus file, one per segment in the corpus's
    order (what ``tagmt project --input`` reads MT lines in); placeholders are text in the plain view."""
    from tagmt.corpus import read_corpus
    from tagmt.corpus.placeholders import unprotect
    from tagmt.errors import TagmtError
    from tagmt.plaintext import plain_text

    if view not in ("tagged", "plain"):
        raise TagmtError(f"--view {view} is for the data set; --input gives the tagged and plain views")
    corpus = read_corpus(path, **placeholders)
    if not corpus.segments:
        raise TagmtError(f"{path}: no segment (every unit is empty or translate=\"no\")")
    texts = [s.source if side == "source" else s.reference or "" for s in corpus.segments]
    if view == "plain":
        texts = [plain_text(unprotect(t, s.codes), escaped=corpus.escaped) for t, s in zip(texts, corpus.segments)]
    return texts


def _write(lines: list[str], output: str | None) -> int:
    """One line per segment (line breaks already written as references) to ``output`` or stdout."""
    from tagmt.atomic import write_atomic

    data = "".join(line + "\n" for line in lines).encode("utf-8")
    if output:
        write_atomic(output, [data])
        print(f"wrote {len(lines)} segments to {output}", file=sys.stderr)
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
