"""``tagmt models``: the translation models tagmt knows, and the languages each one translates."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt models                                  # the models and engines
  tagmt models --languages                      # every language, with its M2M-100 and mBART-50 codes
  tagmt models --languages --model mbart50      # the languages of one model
"""

_MODELS = (
    ("m2m100", "facebook/m2m100_418M", "M2M-100, 100 languages (the default model)"),
    ("m2m100-1.2b", "facebook/m2m100_1.2B", "M2M-100, 100 languages"),
    ("mbart50", "facebook/mbart-large-50-many-to-many-mmt", "mBART-50, 52 language codes"),
    ("copy", "-", "the source itself (offline; every language)"),
    ("reference", "-", "the reference translation (offline; every language)"),
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "models",
        help="list the translation models and the languages each translates",
        description=(
            "List the models --model takes, or with --languages the ISO codes --src-lang and --trg-lang take "
            "and each model family's own code for them."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--languages", action="store_true", help="list languages and their model codes")
    parser.add_argument("--model", metavar="MODEL", help="only the languages of this model (m2m100, mbart50, …)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError
    from tagmt.languages import FAMILIES, language_table

    if not args.languages:
        if args.model:
            raise TagmtError("--model goes with --languages (tagmt models --languages --model mbart50)")
        width = max(len(name) for name, _, _ in _MODELS)
        hub = max(len(source) for _, source, _ in _MODELS)
        lines = [f"{name.ljust(width)}  {source.ljust(hub)}  {about}" for name, source, about in _MODELS]
        lines.append("Any hub id or local folder of an M2M-100 or mBART-50 checkpoint works too.")
        sys.stdout.write("\n".join(lines) + "\n")
        return 0
    family = _family(args.model) if args.model else None
    rows = language_table(family)
    families = [FAMILIES[family][0]] if family else [display for display, _ in FAMILIES.values()]
    header = ["code", "language", *families]
    table = [header] + [[code, name, *(codes[f] or "-" for f in families)] for code, name, codes in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    out = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    sys.stdout.write("\n".join(out) + "\n")
    return 0


def _family(model: str) -> str:
    """The family of a model alias or a local checkpoint folder."""
    from tagmt.errors import TagmtError
    from tagmt.engines.offline import OFFLINE_ENGINES
    from tagmt.preflight import model_family

    if model in OFFLINE_ENGINES:
        raise TagmtError(f"the {model} engine serves every language; --model takes a model with a language list")
    family = model_family(model)
    if family is None:
        raise TagmtError(f"--model {model}: not m2m100, m2m100-1.2b, mbart50 or a checkpoint folder of either family")
    return family
