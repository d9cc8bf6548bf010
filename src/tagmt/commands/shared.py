"""Argument groups that several commands share (not a command itself: commands import this module, never
each other). Only argparse here; what the arguments mean is the library's."""

from __future__ import annotations

import argparse
from dataclasses import fields


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """--engine, --compute-type and --max-tokens (shared with ``tagmt reproduce``). Each argument's name is
    the ``EngineOptions``/``DecodingOptions`` field it sets (``engine_options``)."""
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
    parser.add_argument("--lexicon", action="append", metavar="PATH|auto|none",
                        help="a bilingual dictionary whose entries anchor word links (repeatable): a dictd file "
                             "(NAME.index beside NAME.dict.dz, e.g. /usr/share/dictd/freedict-eng-deu.index), a "
                             "source<TAB>target .tsv file, or cedict; auto: the installed ones of the language "
                             "pair (the default: FreeDict's apt packages dict-freedict-eng-deu, -deu-eng, … in "
                             "/usr/share/dictd; CC-CEDICT for Chinese: pip install \"tagmt[lexicon]\"); none: no "
                             "dictionary")


def guide_inputs(args: argparse.Namespace) -> list[tuple[str, str | None]]:
    """What :func:`add_guide_arguments`'s options name, as ``outputs.refuse_overwriting_inputs`` takes inputs
    (option, path): no output of a command may land on them."""
    from tagmt.outputs import existing_folder

    return [*(("--examples", path) for path in getattr(args, "examples", None) or ()),
            *(("--align-corpus", path) for path in args.align_corpus or ()), ("--examples-data", args.examples_data),
            *(("--lexicon", path) for path in getattr(args, "lexicon", None) or () if path not in ("auto", "none",
                                                                                                 "cedict")),
            existing_folder("--projection-model", args.projection_model)]


def engine_options(args: argparse.Namespace, model: str | None = None, llm=None):
    """The run's ``EngineOptions`` from the command line: every field of it and of ``DecodingOptions`` read
    from the argument of the same name (``--compute-type`` is ``compute_type``), those the command does not
    have left at their defaults; ``model`` (default ``args.model``), ``llm``: the LLM engine's options."""
    from tagmt.engines.options import DecodingOptions, EngineOptions

    given = {f.name: getattr(args, f.name) for cls in (EngineOptions, DecodingOptions) for f in fields(cls)
             if f.name not in ("model", "llm", "decoding") and getattr(args, f.name, None) is not None}
    return EngineOptions.of(model if model is not None else args.model, llm=llm, **given)


def aligner_spec(args: argparse.Namespace):
    """The run's ``AlignerSpec`` from --aligner, --aligner-model and --device, parsed once."""
    from tagmt.translation.options import AlignerSpec

    return AlignerSpec(args.aligner, getattr(args, "aligner_model", None), getattr(args, "device", "auto"))


def run_options(args: argparse.Namespace, progress: bool = True):
    """The run's ``RunOptions`` from --cache-dir, --no-cache and --on-engine-failure (translate's)."""
    from tagmt.translation.options import RunOptions

    return RunOptions(args.cache_dir, not args.no_cache, progress,
                      on_engine_failure=getattr(args, "on_engine_failure", "stop"))


def add_placeholder_arguments(parser: argparse.ArgumentParser) -> None:
    """--placeholders and --placeholder-regex: which text of a segment becomes an inline code
    (``tagmt.corpus.placeholders``), for every command that reads segments."""
    group = parser.add_argument_group("placeholders (text that becomes an inline code: the MT keeps it, "
                                      "projection puts it back)")
    group.add_argument("--placeholders", action="append", metavar="KINDS",
                       help="comma list, or repeated: printf (%%s %%1$s %%@ %%ld), python (%%(name)s), brace "
                            "({0} {name}), icu ({name} {n, number}), mustache ({{name}}), auto (all but icu), "
                            "none; default: the format's own (none for XLIFF, TMX and line files)")
    group.add_argument("--placeholder-regex", action="append", default=[], metavar="REGEX",
                       help="a project's own placeholder, as a Python regular expression (repeatable)")
    its = parser.add_argument_group("ITS rules (HTML pages, DITA and ITS-marked XML)")
    its.add_argument("--its-rules", action="append", default=[], metavar="FILE|linked",
                     help="an ITS 2.0 rules file to apply where the document links one (<its:rules xlink:href>, "
                          "<link rel=\"its-rules\">; tagmt never loads what a document links by itself), else "
                          "before the document's own rules (repeatable); linked: read the rules files the document "
                          "links, when they are in its folder or below (no URL, no '..', one level)")


def placeholder_options(args: argparse.Namespace) -> dict:
    """What :func:`add_placeholder_arguments` gives, as ``read_corpus``'s keywords (``--its-rules`` only when
    given, so that readers of other files see what they did)."""
    rules = tuple(getattr(args, "its_rules", None) or ())
    return {"placeholders": getattr(args, "placeholders", None),
            "placeholder_regexes": tuple(getattr(args, "placeholder_regex", None) or ()),
            **({"its_rules": rules} if rules else {})}
