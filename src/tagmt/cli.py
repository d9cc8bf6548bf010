"""The ``tagmt`` command: parses arguments and calls the library. One module per subcommand lives in
``tagmt.commands``; each defines ``register(subparsers)`` that adds its parser and sets ``func``."""

from __future__ import annotations

import argparse
import importlib
import sys

from tagmt import __version__
from tagmt.errors import TagmtError

# Subcommands in the order `tagmt --help` lists them. Each module must import quickly (no torch at import).
COMMANDS = ("data", "views", "stats", "translate", "evaluate", "reproduce", "demo")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tagmt",
        description=(
            "Evaluate machine translation of structured documents whose segments carry inline markup: "
            "build views of the SAP XLIFF data, translate directly (DT) or by detag-and-project (DP), "
            "score with markup-aware metrics, and reproduce Buschbeck, Dabre et al. (2022)."
        ),
    )
    parser.add_argument("--version", action="version", version=f"tagmt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"tagmt.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"tagmt.commands.{name}":
                continue  # command not built yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = ["tagmt", *(sys.argv[1:] if argv is None else argv)]  # for run records
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        result = args.func(args)
    except TagmtError as exc:
        print(f"tagmt: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("tagmt: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return int(result or 0)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
