"""``tagmt translate``: translate by direct translation or detag-and-project — one direction of the SAP data
set (``--pair``), or any XLIFF, TMX or tagged line file (``--input``)."""

from __future__ import annotations

import argparse
import sys

from tagmt.aligner_names import ALIGNER_CHOICES, DEFAULT_ALIGNER, uses_awesome
from tagmt.commands.shared import (
    Once,
    add_engine_arguments,
    add_guide_arguments,
    add_placeholder_arguments,
    aligner_spec,
    engine_options,
    guide_inputs,
    placeholder_options,
    run_options,
)

EXAMPLE = """\
three workflows:
  the SAP benchmark   tagmt translate --approach dp --pair en-ja --data ~/sap-data --split dev -o dp.en-ja.txt
  my XLIFF file       tagmt translate --input manual.xlf --trg-lang de --approach dp -o manual.de.xlf
  my line files       tagmt translate --input src.en --src-lang en --trg-lang fr --approach dt -o mt.fr

more examples:
  tagmt translate --input strings.json --model pseudo -o strings.pseudo.json
      (copy and pseudo need no --approach — default dt — and no language: a file that names none is run as
      'und', undetermined, and no target language is declared unless --trg-lang is given)
  tagmt translate --approach dt --pair en-ja --model copy -o copy.en-ja.txt
  tagmt translate --approach dp --pair en-ja --model reference --aligner eflomal -o ref-dp.en-ja.txt
  tagmt translate --approach dp --pair en-ja --model reference --ref data --report dp.json --html dp.html -o dp.ja
  tagmt translate --approach dt --pair ja-ko --model m2m100 --data ~/sap-data --split dev -o m2m.dt.ja-ko.txt
  tagmt translate --approach dp --pair en-zh --model mbart50 --aligner awesome --device cuda --fp16 -o mbart.dp.en-zh.txt
  tagmt translate --approach dt --pair en-ko --model /models/my-m2m100 --batch-size 32 -o out.txt
  tagmt translate --input ui.xlf --approach dt --model /models/my-m2m100 --beam 1 -o ui.out.xlf
  tagmt translate --input memory.tmx --trg-lang de --approach dp --model reference -o projected.de
  tagmt translate --approach dt --pair en-ja --model openai:gpt-4o-mini --concurrency 8 --repair project --aligner eflomal -o gpt.dt.ja
  tagmt translate --approach dp --pair en-ko --model openai:Qwen/Qwen2.5-7B-Instruct --api-base http://localhost:8000/v1 --aligner eflomal -o qwen.dp.ko
  tagmt translate --approach dt --unit document --pair en-ja --model openai:qwen2.5 --max-context 8192 -o qwen-docs/
  tagmt translate --approach dt --pair en-ja --model m2m100 --engine ct2 --max-tokens 4096 -o m2m.ct2.en-ja.txt

models: m2m100 (facebook/m2m100_418M, the default), m2m100-1.2b (facebook/m2m100_1.2B),
mbart50 (facebook/mbart-large-50-many-to-many-mmt), any hub id or local folder of an M2M-100 or
mBART-50 checkpoint, copy (the source itself), reference (the reference: the XLIFF/TMX targets or the
data set's; for dp its plain text, so that dp measures tag projection alone). Offline, a hub model must
already be in the Hugging Face cache. `tagmt models --languages` lists the languages of each model.
openai:NAME is a chat model behind any OpenAI-compatible server (vLLM, llama.cpp's server,
`transformers serve`, hosted APIs): --api-base or $OPENAI_BASE_URL says where, $OPENAI_API_KEY the key.
dt asks it to keep the tags (outputs whose tags differ from the source's are counted, and re-projected
with --repair project); dp asks for plain text and projects the tags. --unit document translates whole
DITA documents (-o is then a folder) in chunks under --max-context tokens and scores them with XATER
and validity.

--input: the format comes from the content (XLIFF 1.0/1.1/1.2, XLIFF 2.0/2.1/2.2, TMX, else one tagged
segment per line with XML-escaped text; --format forces one). XLIFF in, XLIFF out, pre-translated as CAT
tools do: a target is written only where it is missing, empty or asks for translation (1.2 new,
needs-translation; 2.x initial), with its state set (1.2: needs-review-translation + mt-suggestion,
approved="yes" cleared; 2.x: translated + subState tagmt:mt). Every other target (translated, reviewed,
final, signed-off, approved, stateless) stays byte for byte and is counted, unless --overwrite; locked
segments and empty sources never change. Units, ids, notes and sources stay byte for byte; a file with
several <file> language pairs is translated pair by pair. Languages come from the file unless given; a line file needs
--src-lang and --trg-lang, except with --model copy and pseudo. TMX and line files give one tagged translation per line. --pair gives one
tagged segment per line, in the order of `tagmt views --view tagged`.

dp removes tag-like text the model writes itself (its output gets exactly the source's tags) and says
how much on stderr. Everything a run needs (packages, model and aligner weights, languages) is checked
before it starts, and all that is missing is named at once. The output is written atomically, with a
record of the run beside it (OUT.run.json: model, settings, prompt hash, tag mismatches, what the run
changed, the command line). Finished segments are cached (default ~/.cache/tagmt/runs, or
$TAGMT_CACHE/runs): a run that is stopped resumes where it stopped when started again with the same
arguments.

--ref assesses the output's tags (dp or dt) against a tagged reference, segment for segment, in any format
tagmt reads: a line file (line for line), a TMX (its target-language side) or an XLIFF (its targets)
(--pair: or `data`, the data set's tagged targets; a line-file --input: also what --model reference
translates with); with an XLIFF --input, the same XLIFF with tagged targets, matched by segment key (only
the segments the run wrote). A tagged segment whose output has the reference's text (--model reference,
copy within a language) is assessed for exact placement as `tagmt project --ref` does: only these make the
exact share. One with another text (real MT) cannot be placed against the reference: its tags are compared
by name (present, dropped, inserted, out of order), apart. stderr says how many went each way; --report
writes JSON (tagmt project's keys, plus `assessed` and `text_differs`), --html a page with every miss.
"""

# Options that only the LLM engine (openai:NAME) reads; None means "not given".
LLM_OPTIONS = ("api_base", "prompt", "shots", "concurrency", "timeout", "retries", "temperature",
               "seed", "max_new_tokens", "max_answer_chars", "max_context")


#: The file formats' names, as the registry orders them (a literal: the CLI starts without importing the readers;
#: tests/corpus/test_format_registry.py checks it against the registry).
FILE_FORMATS = ("xliff12", "xliff2", "tmx", "lines", "html", "xhtml", "markdown", "its", "po", "json", "properties",
                "android", "strings", "stringsdict", "yaml")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "translate",
        help="translate a data set direction (--pair) or an XLIFF / line file (--input), by dt or dp",
        description=(
            "Translate every segment of a direction of the SAP data set (--pair) or of any XLIFF 1.2/2.x, "
            "TMX or tagged line file (--input). dt (direct translation) "
            "gives the model the tagged source as is; dp (detag-and-project) strips the tags, translates "
            "the text and puts the tags back with word alignments (inside-outside projection). M2M-100 / "
            "mBART-50 decoding: beam 4 (--beam), length penalty 1.0, target language forced as the first token; "
            "openai:NAME models are prompted (temperature 0 unless told otherwise)."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--approach", choices=("dt", "dp"),
                        help="dt: direct translation; dp: detag-and-project. Required, except with --model copy "
                             "and pseudo, which need no approach and no language (default dt; a file that names "
                             "no language is run as 'und', and no target language is declared unless "
                             "--trg-lang is given)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--pair", metavar="SRC-TRG", help="a direction of the SAP data set, e.g. en-ja or ja-ko")
    what.add_argument("--input", metavar="FILE", help="an XLIFF 1.2/2.x, TMX or tagged line file, or a document "
                      "(HTML, Markdown, DITA or ITS-marked XML: written translated)")
    parser.add_argument("--format", choices=("auto", *FILE_FORMATS), default="auto",
                        help="format of --input (default: from its content)")
    add_placeholder_arguments(parser)
    parser.add_argument("--overwrite", action="store_true",
                        help="XLIFF: also replace targets that hold someone's work (translated, reviewed, final, "
                             "approved, stateless); PO: also replace non-empty msgstrs, fuzzy ones included (the "
                             "fuzzy flag stays); locked segments and empty sources are never changed")
    parser.add_argument("--src-lang", metavar="LANG", help="source language of --input (ISO code; default: the file's)")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language of --input (ISO code; default: the file's)")
    parser.add_argument("--model", default="m2m100", metavar="MODEL",
                        help="m2m100 (default), m2m100-1.2b, mbart50, a hub id, a checkpoint folder, copy, reference, "
                             "pseudo (a pseudo-translation: accented look-alikes, longer, in brackets, every tag and "
                             "placeholder kept), or openai:NAME (a chat model behind an OpenAI-compatible server)")
    parser.add_argument("--pseudo-expansion", type=float, metavar="SHARE",
                        help="--model pseudo: how much longer the text gets (default 0.3: 30 %%)")
    parser.add_argument("--aligner", choices=ALIGNER_CHOICES, default=DEFAULT_ALIGNER,
                        help="word aligner for dp (default: eflomal, which needs no model weights; the paper used awesome)")
    parser.add_argument("--aligner-model", metavar="NAME|DIR",
                        help="encoder of the awesome aligner (default: bert-base-multilingual-cased)")
    parser.add_argument("--data", metavar="DIR", help="data set folder for --pair (default: the bundled sample)")
    parser.add_argument("--split", help="split name for --pair, e.g. dev or test (default: the only split)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="output file (required unless --in-place); never one of the inputs")
    parser.add_argument("--in-place", action="store_true",
                        help="write the translation over --input itself (atomically; -o may then be left out)")
    parser.add_argument("--batch-size", type=int, default=16, metavar="N", help="segments per batch (default 16)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                        help="where the model runs (default: cuda when available)")
    parser.add_argument("--fp16", action="store_true", help="half precision (GPU only; = --compute-type float16)")
    add_engine_arguments(parser)
    parser.add_argument("--beam", type=int, default=4, metavar="N", help="beam size (default 4, the paper's)")
    parser.add_argument("--cache-dir", metavar="DIR", help="folder of the resumable run caches")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write the run cache")
    parser.add_argument("--on-engine-failure", choices=("stop", "skip"), default="stop",
                        help="when the engine keeps failing on one segment (an empty or malformed answer after the "
                             "retries): stop (default; finished segments are cached and the same command resumes) "
                             "or skip: leave it untranslated (XLIFF: no target written; a line file: an empty "
                             "line), list it on stderr and in the run record, and exit 3")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions of the data set")
    parser.add_argument("--repair", choices=("project",),
                        help="dt: re-project the source's tags onto an output whose tags differ from them "
                             "(uses --aligner)")
    parser.add_argument("--unit", choices=("segment", "document"), default="segment",
                        help="segment (default): one line per segment; document: whole DITA documents "
                             "(openai:NAME, dt), written to the folder -o")
    assessed = parser.add_argument_group("assessing the output's tags against a tagged reference")
    assessed.add_argument("--ref", metavar="FILE|data",
                          help="tagged reference, segment for segment: a line file, a TMX (its target side) or "
                               "an XLIFF (its targets) (--pair: or 'data', the data set's tagged targets); with an "
                               "XLIFF --input, the same XLIFF with tagged targets, "
                               "matched by segment key. Segments with the reference's text are assessed for "
                               "exact placement as in tagmt project --ref; the others by tag names only")
    assessed.add_argument("--report", metavar="FILE", help="with --ref: the assessment as JSON")
    assessed.add_argument("--html", metavar="FILE",
                          help="with --ref: a self-contained HTML page of the assessment (exact share, error "
                               "classes, every miss as source / expected / got); without --ref (--input): a review "
                               "page of what was written, source and target side by side, codes paired")
    guide = parser.add_argument_group("examples of the domain (LLM prompts; the projection of dp and --repair project)")
    guide.add_argument("--examples", nargs="+", metavar="FILE", action=Once,
                       help="tagged translations of the domain: SOURCE TARGET line files, or one XLIFF/TMX file with "
                            "targets; an LLM gets them as few-shot examples, dp and --repair project learn tag "
                            "placement and term translations from them")
    add_guide_arguments(guide, examples=False)
    llm = parser.add_argument_group("LLM engines (--model openai:NAME)")
    llm.add_argument("--api-base", metavar="URL",
                     help="the server's OpenAI-compatible API, e.g. http://localhost:8000/v1 "
                          "(default: $OPENAI_BASE_URL, else the OpenAI API); the key is $OPENAI_API_KEY")
    llm.add_argument("--prompt", metavar="FILE",
                     help="prompt file ([system] and [user] sections, {source} where the text goes); "
                          "default: tagmt's dt, dp or document prompt")
    llm.add_argument("--shots", type=int, metavar="N",
                     help="how many --examples pairs go into the prompt (default 3; dt takes tagged pairs first)")
    llm.add_argument("--concurrency", type=int, metavar="N", help="requests in flight (default 4)")
    llm.add_argument("--timeout", type=float, metavar="SECONDS",
                     help="bound on each whole request, answer included (default 300)")
    llm.add_argument("--retries", type=int, metavar="N",
                     help="retries with exponential backoff on connection errors, 408, 409, 429 and 5xx (default 4)")
    llm.add_argument("--temperature", type=float, metavar="T", help="sampling temperature (default 0)")
    llm.add_argument("--seed", type=int, metavar="N", help="sampling seed sent with every request")
    llm.add_argument("--max-new-tokens", type=int, metavar="N",
                     help="output budget of every request (default: 2x the input's estimated tokens + 64)")
    llm.add_argument("--max-answer-chars", type=int, metavar="N",
                     help="answers longer than this are cut, said on stderr (default: 4x the segment's "
                          "characters + 256)")
    llm.add_argument("--max-context", type=int, metavar="TOKENS",
                     help="--unit document: the model's context; documents are cut into chunks that fit "
                          "(default 4096)")
    parser.set_defaults(func=run)
    _require_approach(parser)


def _require_approach(parser: argparse.ArgumentParser) -> None:
    """--approach is required unless --model is language-free (copy, pseudo): checked when the subcommand's
    arguments are parsed, so that a real engine gets argparse's own message (with any misspelled option beside
    it), as when the option was ``required``."""
    parse = parser.parse_known_args

    def parse_known_args(args=None, namespace=None):
        from tagmt.engines.offline import LANGUAGE_FREE  # (here: the CLI starts without the engines)

        parsed, extras = parse(args, namespace)
        if parsed.approach is None and parsed.model not in LANGUAGE_FREE:
            parser.error("the following arguments are required: --approach")
        return parsed, extras
    parser.parse_known_args = parse_known_args  # type: ignore[method-assign]


def llm_options(args: argparse.Namespace, src_lang: str | None = None, trg_lang: str | None = None,
                examples: bool = True):
    """The LLM engine's options from the command line (unset ones keep LLMOptions' defaults)."""
    from tagmt.engines import LLMOptions
    from tagmt.translation.guide import example_pairs, read_examples

    given = {
        "api_base": args.api_base, "prompt": args.prompt, "shots": args.shots, "concurrency": args.concurrency,
        "timeout": args.timeout, "retries": args.retries, "temperature": args.temperature, "seed": args.seed,
        "max_new_tokens": args.max_new_tokens, "max_answer_chars": args.max_answer_chars,
    }
    options = {key: value for key, value in given.items() if value is not None}
    if args.examples and examples:
        options["examples"] = tuple(example_pairs(read_examples(args.examples, src_lang=src_lang, trg_lang=trg_lang)))
    return LLMOptions(**options)


def _guide(args: argparse.Namespace, is_llm: bool, languages):
    """What the projection learns from (--examples, --examples-data/--examples-split, --align-corpus), or None
    when nothing is projected; ``languages`` gives the run's (source, target) codes when called."""
    from tagmt.errors import TagmtError
    from tagmt.translation.guide import read_guide

    projects = args.approach == "dp" or args.repair is not None
    given = [f"--{name.replace('_', '-')}" for name in ("examples_data", "examples_split", "align_corpus",
                                                       "projection_model", "lexicon")
             if getattr(args, name)]
    if not projects:
        if given or (args.examples and not is_llm):
            option = given[0] if given else "--examples"
            raise TagmtError(f"{option} is for the projection of --approach dp or --repair project"
                             + ("" if given else " (or the prompt of an LLM engine)"))
        return None
    if not (given or args.examples):
        return None
    return read_guide(args.examples, args.examples_data, args.examples_split, args.align_corpus, *languages(),
                      projection_model=args.projection_model, lexicon=args.lexicon)


def run(args: argparse.Namespace) -> int:
    from tagmt.data.directions import parse_direction
    from tagmt.engines.llm import split_model
    from tagmt.errors import TagmtError

    _default_approach(args)
    if args.aligner_model and not (uses_awesome(args.aligner) and (args.approach == "dp" or args.repair)):
        raise TagmtError("--aligner-model is for the awesome aligner of --approach dp or --repair project")
    _refuse_overwrites(args)
    _check_assessment(args)
    if args.beam < 1:
        raise TagmtError(f"--beam must be at least 1, not {args.beam}")
    is_llm = split_model(args.model) is not None
    if args.examples and len(args.examples) > 2:
        raise TagmtError(f"--examples takes one XLIFF/TMX file or two line files (SOURCE TARGET), "
                         f"not {len(args.examples)}")
    if not is_llm:
        given = [name for name in LLM_OPTIONS if getattr(args, name) is not None]
        if given:
            option = "--" + given[0].replace("_", "-")
            raise TagmtError(f"{option} is for LLM engines (--model openai:NAME), not {args.model}")
    else:
        llm_options(args, examples=False).check()  # a bad --api-base or --timeout before any work
    if args.pseudo_expansion is not None and args.model != "pseudo":
        raise TagmtError(f"--pseudo-expansion is for --model pseudo, not {args.model}")
    if args.input:
        return _run_file(args, is_llm)
    if args.placeholders or args.placeholder_regex:
        raise TagmtError("--placeholders and --placeholder-regex are for --input files; the data set's segments "
                         "carry their codes already")
    if args.its_rules:
        raise TagmtError("--its-rules is for --input documents (HTML, DITA, ITS-marked XML)")
    given = [f"--{name.replace('_', '-')}" for name in ("src_lang", "trg_lang") if getattr(args, name)]
    if args.format != "auto":
        given.append("--format")
    if args.overwrite:
        raise TagmtError("--overwrite goes with --input (the existing targets of an XLIFF file); --pair writes a "
                         "new line file")
    if given:
        raise TagmtError(f"{' and '.join(given)} go with --input; --pair takes its languages from the direction")
    direction = parse_direction(args.pair, include_zf=args.zf)
    from tagmt.data.dataset import open_dataset

    open_dataset(args.data).resolve_split(args.split)  # the inputs before what the run needs (the model's weights)
    if args.unit == "document":
        return _run_documents(args, direction, is_llm)
    _check_segment_options(args)
    return _run_segments(args, direction, is_llm)


def _default_approach(args: argparse.Namespace) -> None:
    """--approach: dt for the language-free engines (copy, pseudo) unless given (the parser refuses its absence
    for every other engine: ``_require_approach``; here for a Namespace made in code)."""
    from tagmt.engines.offline import LANGUAGE_FREE
    from tagmt.errors import TagmtError

    if args.approach is not None:
        return
    if args.model in LANGUAGE_FREE:
        args.approach = "dt"
        return
    raise TagmtError(f"--approach is required with --model {args.model} (dt or dp; only copy and pseudo go "
                     "without)")


def _refuse_overwrites(args: argparse.Namespace) -> None:
    """-o (and its run record, and --cache-dir) never on an input; --in-place is -o = --input on purpose."""
    import os
    from pathlib import Path

    from tagmt.errors import TagmtError
    from tagmt.outputs import existing_folder, in_place_output, refuse_overwriting_inputs
    from tagmt.translation.runs import run_record_path

    if args.in_place:
        if not args.input:
            raise TagmtError("--in-place writes the translation over --input; it does not go with --pair")
        args.output = in_place_output(args.output, True, args.input, "--input")
    elif args.output is None:
        raise TagmtError("-o/--output is required (or --in-place to write the translation over --input)")
    record = None
    if args.unit != "document":  # beside a new file, or an existing regular one (not a FIFO, a device)
        out = Path(args.output)
        record = run_record_path(out) if os.path.lexists(out) else out.with_name(out.name + ".run.json")
    refuse_overwriting_inputs(
        [("-o", args.output), ("the run record of -o", str(record) if record else None), ("--cache-dir", args.cache_dir),
         ("--report", args.report)],
        [("--input", args.input), ("--data", args.data), ("--prompt", args.prompt), ("--ref", _ref_file(args)),
         existing_folder("--model", args.model), existing_folder("--aligner-model", args.aligner_model),
         *guide_inputs(args)],
        in_place=("-o", "--input") if args.input else None, allow_in_place=args.in_place,
    )


def _ref_file(args: argparse.Namespace) -> str | None:
    from tagmt.translation.assessment import DATA_REFERENCE

    return None if args.ref == DATA_REFERENCE and args.pair else args.ref


def _check_assessment(args: argparse.Namespace) -> None:
    """--report/--html need --ref; the page is no input nor other output; refused before any work."""
    from tagmt.errors import TagmtError
    from tagmt.translation.assessment import DATA_REFERENCE

    if args.report and not args.ref:
        raise TagmtError("--report writes the assessment of --ref: give --ref TAGGED_REFERENCE")
    if args.html and not args.ref and not args.input:
        raise TagmtError("--html without --ref reviews an --input run; with --pair give --ref data (or a file)")
    if args.ref and args.unit == "document":
        raise TagmtError("--ref assesses segments; --unit document scores its documents itself")
    if args.ref == DATA_REFERENCE and args.input:
        raise TagmtError("--ref data takes the data set's tagged targets of a --pair run; with --input give a file")
    if args.html:
        from tagmt.report import check_page

        check_page(args.html, None, inputs=[args.input, args.output, _ref_file(args), args.report, args.data])
    if args.ref and args.unit != "document":
        from tagmt.data.directions import parse_direction
        from tagmt.translation.assessment import check_reference

        from tagmt.translation.options import InputFile

        from tagmt.commands.shared import placeholder_options

        document = InputFile(args.input, **placeholder_options(args)) if args.input else None
        where = (dict(input=document, format=args.format, src_lang=args.src_lang, trg_lang=args.trg_lang)
                 if args.input else dict(dataset=args.data, split=args.split,
                                         direction=parse_direction(args.pair, include_zf=args.zf)))
        check_reference(args.ref, **where)


def _assess(args: argparse.Namespace, output, about: list[str], **where) -> None:
    """The output's tags against --ref (tagmt.translation.assessment) on stderr, --report and --html."""
    from tagmt.translation import assessment
    from tagmt.translation.options import InputFile

    if args.input and (args.html and not args.ref or args.placeholders or args.placeholder_regex):
        from tagmt.commands.shared import placeholder_options
        from tagmt.report.review_page import review_rows, say_placeholder_differences, write_review_page

        rows = review_rows(InputFile(args.input, args.format, args.src_lang, args.trg_lang,
                                     **placeholder_options(args)), output, overwrite=args.overwrite)
        said = say_placeholder_differences(rows, "translate")
        if said:
            print(said, file=sys.stderr)
        if args.html and not args.ref:  # no reference: a page of what was written
            write_review_page(args.html, rows, about=about + [f"approach {args.approach}", f"model {args.model}"])
    if not args.ref:
        return
    if args.input:
        from tagmt.commands.shared import placeholder_options

        source = InputFile(args.input, args.format, args.src_lang, args.trg_lang, **placeholder_options(args))
        run = assessment.assess_file_run(source, output, args.ref, approach=args.approach, overwrite=args.overwrite,
                                         **where)
    else:
        run = assessment.assess_pair_run(output, args.ref, approach=args.approach, **where)
    for line in run.lines():
        print(f"tagmt translate: {line}", file=sys.stderr)
    if args.report:
        import json

        from tagmt.atomic import write_atomic

        write_atomic(args.report, [json.dumps(run.as_dict(), indent=2, ensure_ascii=False) + "\n"])
    if args.html:
        run.write_page(args.html, about=about + [f"reference {args.ref}", f"approach {args.approach}",
                                                 f"model {args.model}"])


def _check_segment_options(args: argparse.Namespace) -> None:
    from tagmt.errors import TagmtError

    if args.max_context is not None:
        raise TagmtError("--max-context is for --unit document")
    if args.repair and args.approach != "dt":
        raise TagmtError("--repair is for --approach dt (dp outputs always carry their source's tags)")


def _say(done, lines: list[str], repair: str | None) -> None:
    """The run's changes and the DT tag check (``done``: the run the library returned), on stderr."""
    for line in lines:
        print(f"tagmt translate: {line}", file=sys.stderr)
    if done.tags is not None:
        tags = done.tags.as_dict()
        repaired = f", {tags['repaired']} repaired by projection" if repair else " (--repair project fixes them)"
        print(f"tags: {tags['tag_mismatches']} of {tags['segments']} outputs differ from their source's tags"
              + (repaired if tags["tag_mismatches"] else ""), file=sys.stderr)


def _run_segments(args: argparse.Namespace, direction, is_llm: bool) -> int:
    from tagmt.translation.options import DataDirection, OutputFile
    from tagmt.translation.pipelines import translate_direction

    guide = _guide(args, is_llm, lambda: (direction.src, direction.trg))
    llm = llm_options(args, direction.src, direction.trg) if is_llm else None
    done = translate_direction(
        DataDirection(args.data, args.split, direction), args.approach, engine_options(args, llm=llm),
        output=OutputFile(args.output, record=True, command=getattr(args, "argv", None)),
        aligner=aligner_spec(args), run=run_options(args), repair=args.repair, guide=guide,
    )
    count = f"{done.written} of {done.report.segments}" if done.skipped else f"{done.report.segments}"
    print(f"wrote {count} segments ({args.model}, {args.approach}, {direction.name}) to "
          f"{done.output}", file=sys.stderr)
    _say(done, done.report.lines() + done.skipped_lines(), args.repair)
    _assess(args, done.output, [f"--pair {direction.name}"], dataset=args.data, split=args.split,
            direction=direction)
    return 3 if done.skipped else 0  # --on-engine-failure skip left segments untranslated


def _run_file(args: argparse.Namespace, is_llm: bool) -> int:
    from tagmt.errors import TagmtError
    from tagmt.translation.files import translate_file
    from tagmt.translation.options import InputFile, OutputFile

    if args.data or args.split or args.zf:
        raise TagmtError("--data, --split and --zf go with --pair; --input reads the file it is given")
    if args.unit == "document":
        raise TagmtError("--unit document translates the data set's DITA documents: use it with --pair")
    _check_segment_options(args)
    languages: tuple[str, str] | None = None

    def file_languages() -> tuple[str, str]:
        nonlocal languages
        if languages is None:
            from tagmt.corpus import read_corpus
            from tagmt.translation.files import resolve_languages

            corpus = read_corpus(args.input, args.format, src_lang=args.src_lang, trg_lang=args.trg_lang,
                                 **placeholder_options(args))
            languages = resolve_languages(corpus, args.src_lang, args.trg_lang)
        return languages

    guide = _guide(args, is_llm, file_languages)
    llm = llm_options(args, *file_languages()) if is_llm and args.examples else llm_options(args) if is_llm else None
    source = InputFile(args.input, args.format, args.src_lang, args.trg_lang, references=_ref_file(args),
                       **placeholder_options(args))
    target = OutputFile(args.output, overwrite=args.overwrite, in_place=args.in_place,
                        command=getattr(args, "argv", None))
    done = translate_file(
        source, target, approach=args.approach, engine=engine_options(args, llm=llm), aligner=aligner_spec(args),
        run=run_options(args), repair=args.repair, guide=guide,
    )
    kind = {"xliff12": "XLIFF 1.2", "xliff2": "XLIFF 2"}.get(done.corpus.format, "line file")
    if done.corpus.writes_targets and kind == "line file":  # a document written translated (issue 32)
        from tagmt.corpus.formats import format_of

        kind = format_of(done.corpus).display  # type: ignore[union-attr]
    names = ", ".join(d.name for d in done.directions) or done.direction.name
    total = len(done.corpus.segments)
    count = f"{done.written}" if done.written == total else f"{done.written} of {total}"
    print(f"wrote {count} segments ({args.model}, {args.approach}, {names}) "
          f"as {kind} to {done.output}", file=sys.stderr)
    summary = done.summary()
    _say(done, done.report.lines() + ([summary] if summary else []) + done.skipped_lines(), args.repair)
    _assess(args, done.output, [f"--input {args.input}"], kept=done.kept)
    return 3 if done.skipped else 0  # --on-engine-failure skip left segments untranslated


def _document_score(name: str, value: dict) -> str:
    if value["score"] is not None:
        return f"{name} {value['score']:.2f}"
    return f"{name} not validated" if name == "validity" else f"{name} n/a ({value.get('reason')})"


def _run_documents(args: argparse.Namespace, direction, is_llm: bool) -> int:
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import dita_documents
    from tagmt.engines import load_engine
    from tagmt.errors import TagmtError
    from tagmt.translation.documents import (
        DEFAULT_MAX_CONTEXT,
        score_translated_documents,
        translate_documents,
        write_document_run,
    )

    if not is_llm:
        raise TagmtError(f"--unit document needs an LLM (--model openai:NAME), not {args.model}")
    if args.approach != "dt":
        raise TagmtError("--unit document translates the tagged documents directly: use --approach dt")
    if args.repair or args.examples_data or args.align_corpus or args.on_engine_failure != "stop":
        option = ("--repair" if args.repair else "--examples-data" if args.examples_data else "--align-corpus"
                  if args.align_corpus else "--on-engine-failure skip")
        raise TagmtError(f"{option} is for --unit segment")
    dataset = open_dataset(args.data)
    split = dataset.resolve_split(args.split)
    sources = dita_documents(dataset, split, direction, "source")
    references = dita_documents(dataset, split, direction, "target")
    engine = load_engine(args.model, llm=llm_options(args, direction.src, direction.trg), approach="document")
    max_context = args.max_context if args.max_context is not None else DEFAULT_MAX_CONTEXT
    run = translate_documents(
        engine, [(str(doc_id), text) for doc_id, text in sources.items()], direction.src, direction.trg,
        max_context=max_context, run=run_options(args),
    )
    scores = score_translated_documents(run.translations, [references[int(doc_id)] for doc_id in run.ids])
    write_document_run(args.output, run, scores, engine, {
        "direction": direction.name, "split": split, "max_context": max_context,
        "command": getattr(args, "argv", None),
    })
    print(f"wrote {len(run.ids)} documents ({sum(run.chunks)} chunks, {sum(run.well_formed)} well-formed) "
          f"({args.model}, document, {direction.name}) to {args.output}", file=sys.stderr)
    print(" · ".join(_document_score(name, value) for name, value in scores.items()), file=sys.stderr)
    return 0
