"""``tagmt project``: put the tags of tagged sources into any MT output (detag-and-project without the MT)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tagmt.aligner_names import ALIGNER_CHOICES, uses_awesome
from tagmt.commands.shared import (
    add_guide_arguments,
    add_placeholder_arguments,
    aligner_spec,
    guide_inputs,
    placeholder_options,
)

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
  tagmt project --source test.en --translation mt.de --src-lang en --trg-lang de -o mt.tagged.de
      --alignment mt.links --tokens test.tok.en mt.tok.de

line files: --source has one tagged segment per line (XML-escaped text, tags of any names: <g id="1">,
<x/>, DITA, HTML); --translation has the plain MT output, line for line (no tags). The output is the
translation with the source's tags, its text unchanged except for XML escaping (&, <, >), whose count is
reported.

one escaping rule for --translation, as for every tagmt line file: the XML references &amp; &lt; &gt;
&quot; &apos; &#N; &#xN; are read as their characters (&#10; is a line break inside the segment); any other
&, < or > is the character itself. So "R&D" and "R&amp;D" both mean R&D and come out as R&amp;D; a literal
"&amp;" is written "&amp;amp;". Every character of the text comes back as it was (U+FDD0-U+FDD2 included).

--xliff: every target that lacks its source's inline codes gets them, projected onto the target's text,
where the file lets it change: a state that asks for translation (1.2 new, needs-translation; 2.x
initial) or marks machine translation (1.2 state-qualifier mt-suggestion/leveraged-mt, 2.x subState
tagmt:mt). Human targets (translated, reviewed, final, signed-off, approved, stateless) are kept and
counted unless --overwrite; locked segments, targets with codes their source lacks, targets that already
have the codes and units without a target stay as they are, as does everything else in the file. A
projected target's state says machine translation. Languages come from the file unless given.

Examples (--examples: two tagged line files, or one XLIFF/TMX file with targets; --examples-data/--examples-split:
a split of the SAP data set tree) are tagged translations of the same domain: from them the projection learns where
this target language puts brackets, quotes, punctuation and whitespace at tag edges, per tag name, and how tagged
terms translate, and the aligner gets their text. --align-corpus gives the aligner more plain parallel text.
--projection-model (made by tagmt learn) holds all of that learned once: a call with it aligns only its own
pairs, with eflomal priors from the model's corpora, so a 10-line file projects as well and as fast as a big one.
--ref (the tagged reference, segment for segment, in any format tagmt reads: a tagged line file, a TMX file's
--trg-lang side, an XLIFF file's targets; with --xliff the same XLIFF with tagged targets) measures the
projection: the share of tagged segments placed exactly and the error classes of the rest (whitespace,
punctuation, words, point, nesting), overall and per tag name, on stderr and with --report as JSON (its
"misses": every segment not placed exactly, with its line or unit id, source, expected and projected text and
error class). A reference with another number of segments is refused before any work; segments it has no
target for (a TMX unit without --trg-lang, an XLIFF unit without a target) are left out and counted.

Word alignment: eflomal (default; statistical, learns from the file itself, needs no model weights) or
awesome (multilingual BERT); or links you already have: --alignment (one line of Pharaoh i-j pairs per
segment) with --tokens (each segment's source and translation as your aligner tokenized them, tags left
out), mapped onto tagmt's words by their characters; no aligner runs. Tags that are not well formed inside a
segment (opened or closed in another one, overlapping, <br>, comments, <!ENTITY ...>) are carried as codes. Projection: inside-outside (Zenkel et al. 2021), see tagmt.projection.
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
    what.add_argument("--input", metavar="DOC",
                      help="any document tagmt reads (XLIFF, and the document formats): with --translation, the MT "
                           "lines become its targets, line k for segment k in the order of `tagmt views --input DOC "
                           "--view plain --side source`")
    parser.add_argument("--translation", metavar="FILE",
                        help="plain MT output of --source (or of --input/--xliff), one segment per line")
    parser.add_argument("--format", default="auto", metavar="NAME",
                        help="format of --input (default: from its content)")
    add_placeholder_arguments(parser)
    parser.add_argument("--src-lang", metavar="LANG", help="source language (ISO code; XLIFF: default the file's)")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language (ISO code; XLIFF: default the file's)")
    parser.add_argument("--aligner", choices=ALIGNER_CHOICES, default="eflomal",
                        help="word aligner (default: eflomal)")
    parser.add_argument("--aligner-model", metavar="NAME|DIR",
                        help="encoder of the awesome aligner (default: bert-base-multilingual-cased)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto", help="where awesome runs")
    add_guide_arguments(parser)
    given = parser.add_argument_group("given alignments (instead of --aligner)")
    given.add_argument("--alignment", metavar="FILE",
                       help="word links you already have, one line of Pharaoh pairs i-j per segment (source token i, "
                            "target token j, from 0), e.g. from fast_align, ModernMT or an MT model; with --tokens: the "
                            "tags are placed from them and no aligner runs")
    given.add_argument("--tokens", nargs=2, metavar=("SRC.tok", "TRG.tok"),
                       help="with --alignment: each segment's source text and translation as the aligner saw them, "
                            "whitespace-separated tokens (tags left out), one line per segment; Moses escapes, @-@, "
                            "SentencePiece's \u2581 and WordPiece's ## are read as text")
    parser.add_argument("--ref", metavar="FILE",
                        help="tagged reference to assess the projection against, segment for segment (a tagged line "
                             "file, a TMX file's target side or an XLIFF file's targets; with --xliff: the same XLIFF "
                             "with tagged targets)")
    parser.add_argument("--report", metavar="FILE", help="with --ref: write the assessment here as JSON")
    parser.add_argument("--html", metavar="FILE",
                        help="with --ref: write a self-contained HTML page of the assessment: the exact share, the "
                             "error classes and every miss as source / expected / got, filterable by class and tag")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="output file (needed unless --ref: without -o, --ref only measures); never one of "
                             "the inputs")
    parser.add_argument("--in-place", action="store_true",
                        help="--xliff: write the projected file over the --xliff file itself (atomically)")
    parser.add_argument("--overwrite", action="store_true",
                        help="--xliff: also project into human targets (translated, reviewed, final, approved, "
                             "stateless); locked segments never change")
    parser.set_defaults(func=run)


def _refuse_overwrites(args: argparse.Namespace, output: str | None) -> None:
    """-o and --report never on an input; --in-place is -o = --xliff on purpose."""
    from tagmt.outputs import existing_folder, refuse_overwriting_inputs

    refuse_overwriting_inputs(
        [("-o", output), ("--report", args.report)],
        [("--source", args.source), ("--xliff", args.xliff), ("--input", args.input),
         ("--translation", args.translation), ("--ref", args.ref),
         existing_folder("--aligner-model", args.aligner_model), *guide_inputs(args),
         ("--alignment", args.alignment), *(("--tokens", path) for path in args.tokens or ())],
        in_place=("-o", "--xliff") if args.xliff else ("-o", "--input") if args.input else None,
        allow_in_place=args.in_place,
    )


def _given(args: argparse.Namespace):
    """--alignment with --tokens: the given links (`tagmt.projection.given`), read before any work."""
    from tagmt.errors import TagmtError
    from tagmt.projection.given import read_given

    if not (args.alignment and args.tokens):
        raise TagmtError("--alignment and --tokens SRC.tok TRG.tok go together: give both (or neither, to align with "
                         "--aligner)")
    if args.examples or args.examples_data or args.align_corpus or args.aligner_model:
        raise TagmtError("--alignment gives the links of the segments alone: it takes no --examples, --examples-data, "
                         "--align-corpus or --aligner-model (they are for an aligner that runs)")
    return read_given(args.alignment, *args.tokens)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError
    from tagmt.outputs import in_place_output

    if args.in_place:
        if not (args.xliff or args.input):
            raise TagmtError("--in-place writes over the --xliff file; line files (--source) take -o")
        document = args.xliff or args.input
        args.output = in_place_output(args.output, True, document, "--xliff" if args.xliff else "--input")
    if args.output is None:
        if not args.ref:
            raise TagmtError("give -o FILE for the projected output (or --ref TAGGED_REFERENCE to only measure"
                             + ("; --in-place to write over --xliff)" if args.xliff else ")"))
        _refuse_overwrites(args, None)
        import tempfile

        with tempfile.TemporaryDirectory(prefix="tagmt-project-") as folder:  # measured, then dropped
            name = "measured" + (".xlf" if args.xliff else ".txt")
            return _run(args, str(Path(folder) / name), measure_only=True)
    return _run(args, args.output)


def _run(args: argparse.Namespace, output: str, measure_only: bool = False) -> int:
    from tagmt.errors import TagmtError
    from tagmt.translation.guide import read_guide
    from tagmt.translation.options import InputFile, OutputFile
    from tagmt.translation.projection import project_lines, project_xliff, xliff_languages

    if args.aligner_model and not uses_awesome(args.aligner):
        raise TagmtError("--aligner-model is for --aligner awesome (or eflomal+awesome)")
    if args.report and not args.ref:
        raise TagmtError("--report writes the assessment of --ref: give --ref TAGGED_REFERENCE")
    if not measure_only:
        _refuse_overwrites(args, output)
    if args.html:
        if not args.ref and measure_only:
            raise TagmtError("--html without --ref reviews what was written: give -o FILE")
        from tagmt.report import check_page

        check_page(args.html, None, inputs=[args.source, args.xliff, args.input, args.translation, args.ref,
                                            args.output, args.report])
    options = dict(aligner=aligner_spec(args), ref=args.ref)  # --aligner, --aligner-model, --device parsed once
    if args.alignment or args.tokens:
        options["aligner"] = _given(args)
    if args.input or (args.xliff and args.translation):
        done, guide = _run_document(args, output, options["aligner"])
        detail = ", ".join(f"{n} {why}" for why, n in sorted(done.skipped.items()))
        detail = f" (left as they were: {detail})" if detail else ""
    elif args.xliff:
        needs = args.examples or args.examples_data or args.projection_model
        languages = xliff_languages(args.xliff, args.src_lang, args.trg_lang) if needs else (None, None)
        guide = read_guide(args.examples, args.examples_data, args.examples_split, args.align_corpus, *languages,
                           projection_model=args.projection_model, lexicon=args.lexicon)
        source = InputFile(args.xliff, src_lang=args.src_lang, trg_lang=args.trg_lang, **placeholder_options(args))
        target = OutputFile(output, overwrite=args.overwrite, in_place=args.in_place)
        done = project_xliff(source, target, guide=guide, **options)
        left = ", ".join(f"{n} {why}" for why, n in sorted(done.skipped.items()))
        detail = f" (left as they were: {left})" if left else ""
    else:
        if args.overwrite:
            raise TagmtError("--overwrite is for --xliff (line files are always written whole)")
        missing = [name for name in ("translation", "src_lang", "trg_lang") if not getattr(args, name)]
        if missing:
            raise TagmtError(f"--source needs {', '.join('--' + m.replace('_', '-') for m in missing)}")
        guide = read_guide(args.examples, args.examples_data, args.examples_split, args.align_corpus,
                           args.src_lang, args.trg_lang, projection_model=args.projection_model, lexicon=args.lexicon)
        source = InputFile(args.source, **placeholder_options(args))
        done = project_lines(source, args.translation, output, src_lang=args.src_lang,
                             trg_lang=args.trg_lang, guide=guide, **options)
        detail = ""
    if guide:
        print(f"tagmt project: learned from {guide.describe()}", file=sys.stderr)
    for line in done.report.lines():
        print(f"tagmt project: {line}", file=sys.stderr)
    where = "(measured only: no -o, nothing written)" if measure_only else f"to {done.output}"
    print(f"projected the tags of {done.projected} of {done.segments} segments in {done.seconds:.1f} s "
          f"{where}{detail}", file=sys.stderr)
    if done.assessment is not None:
        for line in [*done.notes, *done.assessment.report().splitlines()]:
            print(f"tagmt project: {line}", file=sys.stderr)
        if args.report:
            import json

            from tagmt.atomic import write_atomic

            data = done.assessment.as_dict()
            if done.notes:
                data["notes"] = list(done.notes)
            write_atomic(args.report, [json.dumps(data, indent=2, ensure_ascii=False) + "\n"])
        if args.html:
            from tagmt.report import write_projection_page

            write_projection_page(args.html, done.compared, notes=done.notes, about=[
                f"source {args.xliff or args.source}", f"reference {args.ref}",
                f"links {args.alignment}" if args.alignment else f"aligner {args.aligner}"])
    if not measure_only and (args.html and not args.ref or args.placeholders or args.placeholder_regex):
        from tagmt.report.review_page import review_rows, say_placeholder_differences, write_review_page
        from tagmt.translation.options import InputFile

        document = args.input or args.xliff or args.source
        format = "lines" if args.source else args.format if args.input else None
        source = InputFile(document, format, args.src_lang, args.trg_lang, **placeholder_options(args))
        rows = review_rows(source, done.output, overwrite=args.overwrite, machine=True)
        said = say_placeholder_differences(rows, "project")
        if said:
            print(said, file=sys.stderr)
        if args.html and not args.ref:  # no reference: a page of what was written
            write_review_page(args.html, rows, about=[f"source {document}", f"translation {args.translation}",
                                                      f"aligner {args.aligner}"])
    return 0


def _run_document(args: argparse.Namespace, output: str, aligner):
    """--input DOC (or --xliff F) with --translation MT.txt: the MT lines into the document's targets."""
    from tagmt.errors import TagmtError
    from tagmt.translation.guide import read_guide
    from tagmt.translation.options import InputFile, OutputFile
    from tagmt.translation.projection import project_document, xliff_languages

    if not args.translation:
        raise TagmtError("--input takes the MT lines of its segments: give --translation MT.txt (one line per segment, "
                         "in the order of `tagmt views --input DOC --view plain --side source`)")
    if args.ref:
        raise TagmtError("--ref assesses --source/--translation line files or --xliff targets; with --translation "
                         "into a document, check the output with `tagmt evaluate` or --html")
    document = args.input or args.xliff
    needs = args.examples or args.examples_data or args.projection_model
    languages = xliff_languages(document, args.src_lang, args.trg_lang) if needs else (None, None)
    guide = read_guide(args.examples, args.examples_data, args.examples_split, args.align_corpus, *languages,
                       projection_model=args.projection_model, lexicon=args.lexicon)
    source = InputFile(document, None if args.xliff else args.format, args.src_lang, args.trg_lang,
                       **placeholder_options(args))
    target = OutputFile(output, overwrite=args.overwrite, in_place=args.in_place)
    return project_document(source, args.translation, target, aligner=aligner, guide=guide), guide
