"""``tagmt translate``: translate one direction of a split by direct translation or detag-and-project."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt translate --approach dt --pair en-ja --model copy -o copy.en-ja.txt
  tagmt translate --approach dp --pair en-ja --model reference --aligner eflomal -o ref-dp.en-ja.txt
  tagmt translate --approach dt --pair ja-ko --model m2m100 --data ../shared/sap-dev --split dev -o m2m.dt.ja-ko.txt
  tagmt translate --approach dp --pair en-zh --model mbart50 --aligner awesome --device cuda --fp16 -o mbart.dp.en-zh.txt
  tagmt translate --approach dt --pair en-ko --model /models/my-m2m100 --batch-size 32 -o out.txt
  tagmt translate --approach dt --pair en-ja --model m2m100 --engine ct2 --max-tokens 4096 -o m2m.ct2.en-ja.txt

models: m2m100 (facebook/m2m100_418M), m2m100-1.2b (facebook/m2m100_1.2B),
mbart50 (facebook/mbart-large-50-many-to-many-mmt), any hub id or local folder of an M2M-100 or
mBART-50 checkpoint, copy (the source itself), reference (the reference; for dp its plain text, so that
dp measures tag projection alone). Offline, a hub model must already be in the Hugging Face cache.

The output has one tagged segment per line, in the order of `tagmt views --view tagged`, and is written
atomically. Finished segments are cached (default ~/.cache/tagmt/runs, or $TAGMT_CACHE/runs): a run that
is stopped resumes where it stopped when started again with the same arguments.
"""


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """--engine, --compute-type and --max-tokens (shared with ``tagmt reproduce``)."""
    parser.add_argument("--engine", choices=("hf", "ct2"), default="hf",
                        help="run checkpoints with PyTorch generate (hf, default) or CTranslate2 (ct2: converted "
                             "once and cached; pip install \"tagmt[ct2]\")")
    parser.add_argument("--compute-type", metavar="TYPE",
                        help="precision: hf float32 (CPU default) | bfloat16 | float16 (CUDA; default bfloat16 "
                             "where the GPU has it); ct2 int8 (CPU default) | int8_float16 (CUDA default) | "
                             "float32 | float16 | bfloat16 | int8_float32 | int8_bfloat16")
    parser.add_argument("--max-tokens", type=int, metavar="N",
                        help="batch by a budget of N padded input tokens (length-sorted) instead of --batch-size")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "translate",
        help="translate a direction of a split (dt: tags through the model; dp: detag, translate, project)",
        description=(
            "Translate every translatable segment of one direction of a split. dt (direct translation) "
            "gives the model the tagged source as is; dp (detag-and-project) strips the tags, translates "
            "the text and puts the tags back with word alignments (inside-outside projection). Decoding: "
            "beam 4, length penalty 1.0, target language forced as the first token."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--approach", required=True, choices=("dt", "dp"),
                        help="dt: direct translation; dp: detag-and-project")
    parser.add_argument("--pair", required=True, metavar="SRC-TRG", help="direction, e.g. en-ja or ja-ko")
    parser.add_argument("--model", required=True, metavar="MODEL",
                        help="m2m100, m2m100-1.2b, mbart50, a hub id, a checkpoint folder, copy or reference")
    parser.add_argument("--aligner", choices=("awesome", "eflomal"), default="awesome",
                        help="word aligner for dp (default: awesome, as in the paper)")
    parser.add_argument("--aligner-model", metavar="NAME|DIR",
                        help="encoder of the awesome aligner (default: bert-base-multilingual-cased)")
    parser.add_argument("--data", metavar="DIR", help="data set folder (default: the bundled sample)")
    parser.add_argument("--split", help="split name, e.g. dev or test (default: the only split)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help="output file")
    parser.add_argument("--batch-size", type=int, default=16, metavar="N", help="segments per batch (default 16)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                        help="where the model runs (default: cuda when available)")
    parser.add_argument("--fp16", action="store_true", help="half precision (GPU only; = --compute-type float16)")
    add_engine_arguments(parser)
    parser.add_argument("--beam", type=int, default=4, metavar="N", help="beam size (default 4, the paper's)")
    parser.add_argument("--cache-dir", metavar="DIR", help="folder of the resumable run caches")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the run cache")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.data.directions import parse_direction
    from tagmt.errors import TagmtError
    from tagmt.translate.pipelines import translate_direction

    direction = parse_direction(args.pair, include_zf=args.zf)
    if args.aligner_model and not (args.approach == "dp" and args.aligner == "awesome"):
        raise TagmtError("--aligner-model is for --approach dp --aligner awesome")
    aligner_options = {"model": args.aligner_model} if args.aligner_model else None
    path = translate_direction(
        args.data, args.split, direction, args.approach, args.model,
        aligner=args.aligner, output=args.output, batch_size=args.batch_size, device=args.device,
        progress=True, cache_dir=args.cache_dir, use_cache=not args.no_cache, fp16=args.fp16,
        aligner_options=aligner_options, engine=args.engine, compute_type=args.compute_type,
        max_tokens=args.max_tokens, beam=args.beam,
    )
    with open(path, encoding="utf-8") as f:
        n = sum(1 for _ in f)
    print(f"wrote {n} segments ({args.model}, {args.approach}, {direction.name}) to {path}", file=sys.stderr)
    return 0
