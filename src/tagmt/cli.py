"""The ``tagmt`` command: parses arguments and calls the library. One module per subcommand lives in
``tagmt.commands``; each defines ``register(subparsers)`` that adds its parser and sets ``func``."""

from __future__ import annotations

import argparse
import importlib
import sys

from tagmt import __version__
from tagmt.errors import TagmtError
from tagmt.secrets import redact_argv, redact_text

# Subcommands in the order `tagmt --help` lists them. Each module must import quickly (no torch at import).
COMMANDS = ("data", "views", "stats", "translate", "project", "extract", "merge", "learn", "evaluate", "reproduce",
            "models", "demo", "serve")


WORKFLOWS = """\
three workflows:
  the SAP benchmark      tagmt data download --dest ~/sap-data
                         tagmt translate --pair en-ja --approach dp --data ~/sap-data --split test -o dp.ja
                         tagmt evaluate --pair en-ja --data ~/sap-data --split test --hyp dp.ja
                         tagmt reproduce --data ~/sap-data --out results
  my XLIFF file          tagmt translate --input manual.xlf --trg-lang de --approach dp -o manual.de.xlf
                         tagmt project --xliff mt-without-tags.xlf -o mt-tagged.xlf
                         tagmt evaluate --ref reference.xlf --hyp manual.de.xlf
  my line files          tagmt translate --input test.en --src-lang en --trg-lang de --approach dt -o mt.de
                         tagmt project --source test.en --translation mt-plain.de --src-lang en --trg-lang de -o mt.tagged.de
                         tagmt evaluate --ref test.de --trg-lang de --hyp mt.tagged.de

offline demo of all three on the bundled sample: tagmt demo
"""


def build_parser() -> argparse.ArgumentParser:
    from tagmt.commands.parser import TagmtParser

    parser = TagmtParser(
        prog="tagmt",
        description=(
            "Machine translation of documents whose segments carry inline markup: translate XLIFF 1.2/2.x,\n"
            "TMX, tagged line files and documents (HTML, Markdown, DITA/ITS, PO, JSON, YAML, properties,\n"
            "Android and iOS strings) directly (DT) or by detag-and-project (DP), put the tags of any source\n"
            "into any MT output (project), serve it over HTTP (serve), score with markup-aware metrics, and\n"
            "reproduce Buschbeck, Dabre et al. (2022) on the SAP data set."
        ),
        epilog=WORKFLOWS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tagmt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=TagmtParser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"tagmt.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"tagmt.commands.{name}":
                continue  # command not built yet
            raise
        module.register(sub)
    parser.commands = sub.choices  # type: ignore[attr-defined]  # for main's "unrecognized arguments"
    return parser


#: The options that name an output file; ``-`` there is the standard output (``-o -``), written as the
#: character device it is (``tagmt.atomic``: written into directly, no run record beside it).
OUTPUT_OPTIONS = ("output", "report", "html")
STDOUT = "/dev/stdout"


def _standard_output(args: argparse.Namespace) -> None:
    for name in OUTPUT_OPTIONS:
        if getattr(args, name, None) == "-":
            setattr(args, name, STDOUT)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # named by the command's own parser, with the closest of its options
        command = getattr(parser, "commands", {}).get(getattr(args, "command", None), parser)
        command.error(f"unrecognized arguments: {' '.join(unknown)}")
    _standard_output(args)
    # for run records: credentials in URLs and tokens masked (tagmt.secrets)
    args.argv = redact_argv(["tagmt", *(sys.argv[1:] if argv is None else argv)])
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result = args.func(args)
    except TagmtError as exc:
        for line in str(exc).splitlines() or [""]:  # several problems at once: one line each
            print(f"tagmt: error: {redact_text(line)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("tagmt: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return int(result or 0)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
