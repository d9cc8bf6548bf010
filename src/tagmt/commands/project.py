"""``tagmt project``: put the tags of tagged sources into any MT output (detag-and-project without the MT)."""

from __future__ import annotations

import argparse
import sys

from tagmt.aligner_names import ALIGNER_CHOICES, uses_awesome

EXAMPLE = """\
examples:
  tagmt project --source test.en --translation mt.de --src-lang en --trg-lang de -o mt.tagged.de
  tagmt project --xliff manual.de.xlf -o manual.tagged.xlf
  tagmt project --xliff ui.xlf --aligner awesome --aligner-model /models/mbert -o ui.tagged.xlf
  tagmt project --source test.en --translation mt.de --src-lang en --trg-lang de -o mt.tagged.de
      --examples dev.en dev.de --align-corpus big.en big.de --ref test.de --report scores.json
  tagmt project --xliff test.ja.xlf --examples-data sap-dev --examples-split dev -o test.tagged.xlf
  tagmt learn --src-lang en --trg-lang de --corpus big.en big.de --examples dev.en dev.de -o en-de.model
  tagmt project --source test.en --translation mt.de --src-lang en --trg-lang de -o mt.tagged.de
      --projection-model en-de.model

line files: --source has one tagged segment per line (XML-escaped text, tags of any names: <g id="1">,
<x/>, DITA, HTML); --translation has the plain MT output, line for line (natural text, no tags). The
output is the translation with the source's tags, its text unchanged except for XML escaping (&, <, >),
whose count is reported.

--xliff: every target that lacks its source's inline codes gets them, projected onto the target's text;
targets that already have them, and units without a target, stay as they are, as does everything else
in the file. Languages come from the file unless given.

Examples (--examples: two tagged line files, or one XLIFF/TMX file with targets; --examples-data/--examples-split:
a split of the SAP data set tree) are tagged translations of the same domain: from them the projection learns where
this target language puts brackets, quotes, punctuation and whitespace at tag edges, per tag name, and how tagged
terms translate, and the aligner gets their text. --align-corpus gives the aligner more plain parallel text.
--projection-model (made by tagmt learn) holds all of that learned once: a call with it aligns only its own
pairs, with eflomal priors from the model's corpora, so a 10-line file projects as well and as fast as a big one.
--ref (a tagged reference, line for line; with --xliff the same XLIFF with tagged targets) measures the projection:
the share of tagged segments placed exactly and the error classes of the rest (whitespace, punctuation, words,
point, nesting), overall and per tag name, on stderr and with --report as JSON (its "misses": every segment
not placed exactly, with its line or unit id, source, expected and projected text and error class).

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
    parser.add_argument("--aligner", choices=ALIGNER_CHOICES, default="eflomal",
                        help="word aligner (default: eflomal)")
    parser.add_argument("--aligner-model", metavar="NAME|DIR",
                        help="encoder of the awesome aligner (default: bert-base-multilingual-cased)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto", help="where awesome runs")
    add_guide_arguments(parser)
    parser.add_argument("--ref", metavar="FILE",
                        help="tagged reference to assess the projection against (line file; with --xliff: the same "
                             "XLIFF with tagged targets)")
    parser.add_argument("--report", metavar="FILE", help="with --ref: write the assessment here as JSON")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="output file")
    parser.set_defaults(func=run)


def add_guide_arguments(parser: argparse.ArgumentParser, *, examples: bool = True) -> None:
    """--examples (unless the command has its own), --examples-data/--examples-split and --align-corpus."""
    if examples:
        parser.add_argument("--examples", nargs="+", metavar="FILE",
                            help="tagged examples of the domain: SOURCE TARGET line files, or one XLIFF/TMX file "
                                 "with targets")
    parser.add_argument("--examples-data", metavar="DIR",
                        help="tagged examples from a SAP data set tree (the direction of --src-lang/--trg-lang)")
    parser.add_argument("--examples-split", metavar="SPLIT", help="split of --examples-data, e.g. dev")
    parser.add_argument("--align-corpus", nargs=2, metavar=("SRC", "TRG"),
                        help="plain parallel text for the aligner: two line files, line k with line k")
    parser.add_argument("--projection-model", metavar="MODEL",
                        help="a projection model made by tagmt learn for this language pair: eflomal's priors, the "
                             "tag-edge conventions and the terms learned once from corpora and examples (the call "
                             "then aligns only its own pairs)")


def read_guide(args: argparse.Namespace, src_lang: str, trg_lang: str):
    """The projection's guide from --examples, --examples-data/--examples-split and --align-corpus."""
    from tagmt.errors import TagmtError
    from tagmt.languages import normalize
    from tagmt.translate.guide import make_guide, read_align_corpus, read_examples, read_sap_examples

    if args.examples_split and not args.examples_data:
        raise TagmtError("--examples-split goes with --examples-data")
    corpora = []
    if args.examples:
        corpora.append(read_examples(args.examples, src_lang=src_lang, trg_lang=trg_lang))
    if args.examples_data:
        direction = f"{normalize(src_lang, '--src-lang')}-{normalize(trg_lang, '--trg-lang')}"  # zh-TW → zf
        corpora.append(read_sap_examples(args.examples_data, args.examples_split, direction))
    extra = read_align_corpus(*args.align_corpus) if args.align_corpus else ()
    model = None
    if getattr(args, "projection_model", None):
        from tagmt.translate.guide import read_projection_model

        model = read_projection_model(args.projection_model, src_lang, trg_lang)
    return make_guide(corpora, extra, model)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError
    from tagmt.translate.projection import project_lines, project_xliff, xliff_languages

    if args.aligner_model and not uses_awesome(args.aligner):
        raise TagmtError("--aligner-model is for --aligner awesome (or eflomal+awesome)")
    if args.report and not args.ref:
        raise TagmtError("--report writes the assessment of --ref: give --ref TAGGED_REFERENCE")
    options = dict(aligner=args.aligner, aligner_model=args.aligner_model, device=args.device, ref=args.ref)
    if args.xliff:
        if args.translation:
            raise TagmtError("--translation goes with --source; with --xliff the targets are the translation")
        needs = args.examples or args.examples_data or args.projection_model
        languages = xliff_languages(args.xliff, args.src_lang, args.trg_lang) if needs else (None, None)
        guide = read_guide(args, *languages)
        done = project_xliff(args.xliff, args.output, src_lang=args.src_lang, trg_lang=args.trg_lang, guide=guide,
                             **options)
        left = ", ".join(f"{n} {why}" for why, n in sorted(done.skipped.items()))
        detail = f" (left as they were: {left})" if left else ""
    else:
        missing = [name for name in ("translation", "src_lang", "trg_lang") if not getattr(args, name)]
        if missing:
            raise TagmtError(f"--source needs {', '.join('--' + m.replace('_', '-') for m in missing)}")
        guide = read_guide(args, args.src_lang, args.trg_lang)
        done = project_lines(args.source, args.translation, args.output, src_lang=args.src_lang,
                             trg_lang=args.trg_lang, guide=guide, **options)
        detail = ""
    if guide:
        print(f"tagmt project: learned from {guide.describe()}", file=sys.stderr)
    for line in done.report.lines():
        print(f"tagmt project: {line}", file=sys.stderr)
    print(f"projected the tags of {done.projected} of {done.segments} segments in {done.seconds:.1f} s "
          f"to {done.output}{detail}", file=sys.stderr)
    if done.assessment is not None:
        for line in done.assessment.report().splitlines():
            print(f"tagmt project: {line}", file=sys.stderr)
        if args.report:
            import json

            from tagmt.atomic import write_atomic

            write_atomic(args.report, [json.dumps(done.assessment.as_dict(), indent=2, ensure_ascii=False) + "\n"])
    return 0
