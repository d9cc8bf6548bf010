"""``tagmt translate``: translate by direct translation or detag-and-project — one direction of the SAP data
set (``--pair``), or any XLIFF, TMX or tagged line file (``--input``)."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
three workflows:
  the SAP benchmark   tagmt translate --approach dp --pair en-ja --data ../shared/sap-dev --split dev -o dp.en-ja.txt
  my XLIFF file       tagmt translate --input manual.xlf --trg-lang de --approach dp -o manual.de.xlf
  my line files       tagmt translate --input src.en --src-lang en --trg-lang fr --approach dt -o mt.fr

more examples:
  tagmt translate --approach dt --pair en-ja --model copy -o copy.en-ja.txt
  tagmt translate --approach dp --pair en-ja --model reference --aligner eflomal -o ref-dp.en-ja.txt
  tagmt translate --approach dp --pair en-zh --model mbart50 --aligner awesome --device cuda --fp16 -o mbart.dp.en-zh.txt
  tagmt translate --input ui.xlf --approach dt --model /models/my-m2m100 --beam 1 --batch-size 32 -o ui.out.xlf
  tagmt translate --input memory.tmx --trg-lang de --approach dp --model reference -o projected.de

models: m2m100 (facebook/m2m100_418M, the default), m2m100-1.2b (facebook/m2m100_1.2B),
mbart50 (facebook/mbart-large-50-many-to-many-mmt), any hub id or local folder of an M2M-100 or
mBART-50 checkpoint, copy (the source itself), reference (the reference: the XLIFF/TMX targets or the
data set's; for dp its plain text, so that dp measures tag projection alone). Offline, a hub model must
already be in the Hugging Face cache. `tagmt models --languages` lists the languages of each model.

--input: the format comes from the content (XLIFF 1.2, XLIFF 2.x, TMX, else one tagged segment per line
with XML-escaped text; --format forces one). XLIFF in, XLIFF out: every translatable segment's target is
filled and its state set (1.2: needs-review-translation + mt-suggestion; 2.x: translated); units,
ids, notes and sources stay byte for byte. Languages come from the file unless given; a line file needs
--src-lang and --trg-lang. TMX and line files give one tagged translation per line.

dp removes tag-like text the model writes itself (its output gets exactly the source's tags) and says
how much on stderr. Everything a run needs (packages, model and aligner weights, languages) is checked
before it starts, and all that is missing is named at once. Finished segments are cached (default
~/.cache/tagmt/runs, or $TAGMT_CACHE/runs): a stopped run resumes when started again with the same arguments.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "translate",
        help="translate a data set direction (--pair) or an XLIFF / line file (--input), by dt or dp",
        description=(
            "Translate every segment of a direction of the SAP data set (--pair) or of any XLIFF 1.2/2.x, "
            "TMX or tagged line file (--input). dt (direct translation) gives the model the tagged source "
            "as is; dp (detag-and-project) strips the tags, translates the text and puts the tags back with "
            "word alignments (inside-outside projection). Decoding: beam 4 (--beam), length penalty 1.0, "
            "target language forced as the first token."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--approach", required=True, choices=("dt", "dp"),
                        help="dt: direct translation; dp: detag-and-project")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--pair", metavar="SRC-TRG", help="a direction of the SAP data set, e.g. en-ja or ja-ko")
    what.add_argument("--input", metavar="FILE", help="an XLIFF 1.2/2.x, TMX or tagged line file")
    parser.add_argument("--format", choices=("auto", "xliff12", "xliff2", "tmx", "lines"), default="auto",
                        help="format of --input (default: from its content)")
    parser.add_argument("--src-lang", metavar="LANG", help="source language of --input (ISO code; default: the file's)")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language of --input (ISO code; default: the file's)")
    parser.add_argument("--model", default="m2m100", metavar="MODEL",
                        help="m2m100 (default), m2m100-1.2b, mbart50, a hub id, a checkpoint folder, copy or reference")
    parser.add_argument("--aligner", choices=("awesome", "eflomal"), default="eflomal",
                        help="word aligner for dp (default: eflomal, which needs no model weights; the paper used awesome)")
    parser.add_argument("--aligner-model", metavar="NAME|DIR",
                        help="encoder of the awesome aligner (default: bert-base-multilingual-cased)")
    parser.add_argument("--data", metavar="DIR", help="data set folder for --pair (default: the bundled sample)")
    parser.add_argument("--split", help="split name for --pair, e.g. dev or test (default: the only split)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="output file")
    parser.add_argument("--beam", type=int, default=4, metavar="N", help="beam size (default 4, the paper's)")
    parser.add_argument("--batch-size", type=int, default=16, metavar="N", help="segments per batch (default 16)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                        help="where the model runs (default: cuda when available)")
    parser.add_argument("--fp16", action="store_true", help="half precision (GPU only)")
    parser.add_argument("--cache-dir", metavar="DIR", help="folder of the resumable run caches")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the run cache")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions of the data set")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError

    if args.aligner_model and not (args.approach == "dp" and args.aligner == "awesome"):
        raise TagmtError("--aligner-model is for --approach dp --aligner awesome")
    if args.beam < 1:
        raise TagmtError(f"--beam must be at least 1, not {args.beam}")
    if args.input:
        return _run_file(args)
    given = [f"--{name.replace('_', '-')}" for name in ("src_lang", "trg_lang") if getattr(args, name)]
    if args.format != "auto":
        given.append("--format")
    if given:
        raise TagmtError(f"{' and '.join(given)} go with --input; --pair takes its languages from the direction")
    return _run_pair(args)


def _report(lines: list[str]) -> None:
    for line in lines:
        print(f"tagmt translate: {line}", file=sys.stderr)


def _run_pair(args: argparse.Namespace) -> int:
    from tagmt.data.directions import parse_direction
    from tagmt.preflight import check, run_problems
    from tagmt.translate.hygiene import RunReport
    from tagmt.translate.pipelines import translate_direction

    direction = parse_direction(args.pair, include_zf=args.zf)
    check(run_problems(models=[args.model], approach=args.approach, aligner=args.aligner,
                       aligner_model=args.aligner_model, src_lang=direction.src, trg_lang=direction.trg,
                       languages_from="--pair"))
    report = RunReport()
    path = translate_direction(
        args.data, args.split, direction, args.approach, args.model,
        aligner=args.aligner, output=args.output, batch_size=args.batch_size, device=args.device,
        progress=True, cache_dir=args.cache_dir, use_cache=not args.no_cache, fp16=args.fp16, beam=args.beam,
        aligner_options={"model": args.aligner_model} if args.aligner_model else None, report=report,
    )
    _report(report.lines())
    print(f"wrote {report.segments} segments ({args.model}, {args.approach}, {direction.name}) to {path}",
          file=sys.stderr)
    return 0


def _run_file(args: argparse.Namespace) -> int:
    from tagmt.translate.files import translate_file

    if args.data or args.split or args.zf:
        from tagmt.errors import TagmtError

        raise TagmtError("--data, --split and --zf go with --pair; --input reads the file it is given")
    done = translate_file(
        args.input, args.output, approach=args.approach, model=args.model, format=args.format,
        src_lang=args.src_lang, trg_lang=args.trg_lang, aligner=args.aligner, aligner_model=args.aligner_model,
        beam=args.beam, batch_size=args.batch_size, device=args.device, progress=True,
        cache_dir=args.cache_dir, use_cache=not args.no_cache, fp16=args.fp16,
    )
    _report(done.report.lines())
    kind = {"xliff12": "XLIFF 1.2", "xliff2": "XLIFF 2"}.get(done.corpus.format, "line file")
    print(f"wrote {len(done.corpus.segments)} segments ({args.model}, {args.approach}, {done.direction.name}) "
          f"as {kind} to {done.output}", file=sys.stderr)
    return 0
