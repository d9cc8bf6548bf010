"""``tagmt project``: put the tags of tagged sources into any MT output (detag-and-project without the MT)."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt project --source test.en --translation mt.de --src-lang en --trg-lang de -o mt.tagged.de
  tagmt project --xliff manual.de.xlf -o manual.tagged.xlf
  tagmt project --xliff ui.xlf --aligner awesome --aligner-model /models/mbert -o ui.tagged.xlf

line files: --source has one tagged segment per line (XML-escaped text, tags of any names: <g id="1">,
<x/>, DITA, HTML); --translation has the plain MT output, line for line (natural text, no tags). The
output is the translation with the source's tags, its text unchanged except for XML escaping (&, <, >),
whose count is reported.

--xliff: every target that lacks its source's inline codes gets them, projected onto the target's text;
targets that already have them, and units without a target, stay as they are, as does everything else
in the file. Languages come from the file unless given.

Word alignment: eflomal (default; statistical, learns from the file itself, needs no model weights) or
awesome (multilingual BERT). Projection: inside-outside (Zenkel et al. 2021), see tagmt.project.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "project",
        help="put the tags of tagged sources into any MT output (line files or XLIFF targets)",
        description=(
            "Detag-and-project for any MT system: word-align each tagged source with its translation and put "
            "the source's tags into the translation (line files: --source/--translation; XLIFF: --xliff)."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--source", metavar="FILE", help="tagged source, one segment per line")
    what.add_argument("--xliff", metavar="FILE", help="an XLIFF 1.2/2.x file whose targets lack the source's codes")
    parser.add_argument("--translation", metavar="FILE", help="plain MT output of --source, one segment per line")
    parser.add_argument("--src-lang", metavar="LANG", help="source language (ISO code; XLIFF: default the file's)")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language (ISO code; XLIFF: default the file's)")
    parser.add_argument("--aligner", choices=("eflomal", "awesome"), default="eflomal",
                        help="word aligner (default: eflomal)")
    parser.add_argument("--aligner-model", metavar="NAME|DIR",
                        help="encoder of the awesome aligner (default: bert-base-multilingual-cased)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto", help="where awesome runs")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="output file")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError
    from tagmt.translate.projection import project_lines, project_xliff

    if args.aligner_model and args.aligner != "awesome":
        raise TagmtError("--aligner-model is for --aligner awesome")
    options = dict(aligner=args.aligner, aligner_model=args.aligner_model, device=args.device)
    if args.xliff:
        if args.translation:
            raise TagmtError("--translation goes with --source; with --xliff the targets are the translation")
        done = project_xliff(args.xliff, args.output, src_lang=args.src_lang, trg_lang=args.trg_lang, **options)
        left = ", ".join(f"{n} {why}" for why, n in sorted(done.skipped.items()))
        detail = f" (left as they were: {left})" if left else ""
    else:
        missing = [name for name in ("translation", "src_lang", "trg_lang") if not getattr(args, name)]
        if missing:
            raise TagmtError(f"--source needs {', '.join('--' + m.replace('_', '-') for m in missing)}")
        done = project_lines(args.source, args.translation, args.output, src_lang=args.src_lang,
                             trg_lang=args.trg_lang, **options)
        detail = ""
    for line in done.report.lines():
        print(f"tagmt project: {line}", file=sys.stderr)
    print(f"projected the tags of {done.projected} of {done.segments} segments in {done.seconds:.1f} s "
          f"to {done.output}{detail}", file=sys.stderr)
    return 0
