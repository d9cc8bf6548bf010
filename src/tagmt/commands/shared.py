"""Argument groups that several commands share (not a command itself: commands import this module, never
each other). Only argparse here; what the arguments mean is the library's."""

from __future__ import annotations

import argparse


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


class Once(argparse.Action):
    """An option that may be given once: a second one is an error, not silently the only one kept."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest, None) is not None:
            parser.error(f"{option_string} is given twice; give it once (to learn from several sets of examples, "
                         "build a projection model with `tagmt learn --examples … --examples …`)")
        setattr(namespace, self.dest, values)


def add_guide_arguments(parser: argparse.ArgumentParser, *, examples: bool = True) -> None:
    """--examples (unless the command has its own), --examples-data/--examples-split and --align-corpus."""
    if examples:
        parser.add_argument("--examples", nargs="+", metavar="FILE", action=Once,
                            help="tagged examples of the domain: SOURCE TARGET line files, or one XLIFF/TMX file "
                                 "with targets (once)")
    parser.add_argument("--examples-data", metavar="DIR",
                        help="tagged examples from a SAP data set tree (the direction of --src-lang/--trg-lang)")
    parser.add_argument("--examples-split", metavar="SPLIT", help="split of --examples-data, e.g. dev")
    parser.add_argument("--align-corpus", nargs=2, metavar=("SRC", "TRG"),
                        help="plain parallel text for the aligner: two line files, line k with line k")
    parser.add_argument("--projection-model", metavar="MODEL",
                        help="a projection model made by tagmt learn for this language pair: eflomal's priors, the "
                             "tag-edge conventions and the terms learned once from corpora and examples (the call "
                             "then aligns only its own pairs)")
