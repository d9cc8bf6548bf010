"""``tagmt learn``: learn a projection model once (eflomal priors, tag-edge conventions, terms) for
``tagmt project``/``tagmt translate --approach dp`` ``--projection-model``."""

from __future__ import annotations

import argparse
import sys

EXAMPLE = """\
examples:
  tagmt learn --src-lang en --trg-lang de --corpus europarl.en europarl.de --examples dev.en dev.de -o en-de.model
  tagmt learn --src-lang en --trg-lang ja --corpus tm.tmx --examples dev.ja.xlf -o en-ja.model
  tagmt project --source test.en --translation mt.de --src-lang en --trg-lang de --projection-model en-de.model \\
      -o mt.tagged.de

--corpus: plain parallel text for the word aligner — two line files (SOURCE TARGET, natural text, line k with
line k; streamed, any size) or one TMX or XLIFF file with targets (its text, tags stripped). Repeatable.
--examples: tagged translations of the domain — two tagged line files, or one XLIFF/TMX file with targets.
Repeatable. Their plain text is aligned too; from their tags the model learns where this target language puts
brackets, quotes, punctuation and whitespace at tag edges, and how tagged terms translate.

The model is a folder (manifest.json with the format version, languages, the sources' names, sizes and SHA-256,
tagmt's version, the word segmenters and eflomal's settings; eflomal's priors; the conventions; the terms),
written atomically: an existing model at -o is replaced only when the new one is complete, and only when its
folder holds nothing but the files tagmt learn writes (anything else there is refused, never deleted). A pair
with a side over 100,000 characters is left out (counted) to keep memory bounded. A projection with
--projection-model aligns only its own pairs, with the model's priors, so its cost does not grow with the corpus.
A model for another language pair, from another tagmt format or corrupt is refused.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "learn",
        help="learn a projection model once from corpora and tagged examples (for --projection-model)",
        description=(
            "Learn what tag projection learns from data — eflomal's word-alignment priors, the tag-edge conventions "
            "and the term table — once, into a model folder that project and translate --approach dp reuse."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--src-lang", required=True, metavar="LANG", help="source language (ISO code)")
    parser.add_argument("--trg-lang", required=True, metavar="LANG", help="target language (ISO code)")
    parser.add_argument("--corpus", nargs="+", action="append", default=[], metavar="FILE",
                        help="plain parallel text: SOURCE TARGET line files, or one TMX/XLIFF file with targets "
                             "(repeatable)")
    parser.add_argument("--examples", nargs="+", action="append", default=[], metavar="FILE",
                        help="tagged examples of the domain: SOURCE TARGET line files, or one XLIFF/TMX file with "
                             "targets (repeatable)")
    parser.add_argument("--lexicon", action="append", metavar="PATH|auto|none",
                        help="bilingual dictionaries whose entries for the corpora's and examples' words the model "
                             "keeps (repeatable; as tagmt project --lexicon; default auto: the installed FreeDict "
                             "dictionaries of the pair, CC-CEDICT for Chinese; none: no dictionary)")
    parser.add_argument("-o", "--output", required=True, metavar="MODEL", help="the model folder to write")
    from tagmt.commands.shared import add_placeholder_arguments

    add_placeholder_arguments(parser)  # --examples: placeholders as codes, learned as the tags are
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument("--progress", dest="progress", action="store_true", default=None,
                          help="show progress bars (default: when stderr is a terminal)")
    progress.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bars")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.commands.shared import placeholder_options
    from tagmt.errors import TagmtError
    from tagmt.projection.model import describe_file, learn_model
    from tagmt.translation.guide import read_corpus_pairs, example_detagged, read_examples

    if not args.corpus and not args.examples:
        raise TagmtError("give something to learn from: --corpus SRC TRG (or one TMX/XLIFF file) and/or --examples")
    corpora, sources = [], []
    for files in args.corpus:
        if len(files) not in (1, 2):
            raise TagmtError(f"--corpus takes two line files (SOURCE TARGET) or one TMX/XLIFF file, not {len(files)}")
        found = read_corpus_pairs(files, src_lang=args.src_lang, trg_lang=args.trg_lang)
        corpora.append(found)
        sources += [describe_file(path, "corpus", found.total or 0) for path in files]
    examples = []
    for files in args.examples:
        pairs = example_detagged(read_examples(files, src_lang=args.src_lang, trg_lang=args.trg_lang,
                                               **placeholder_options(args)))
        examples += pairs
        sources += [describe_file(path, "examples", len(pairs)) for path in files]
    from tagmt.projection.lexicon import resolve_lexicon

    lexicon = resolve_lexicon(args.lexicon, args.src_lang, args.trg_lang)
    done = learn_model(args.output, src_lang=args.src_lang, trg_lang=args.trg_lang, corpora=corpora,
                       examples=examples, sources=sources, progress=args.progress, lexicon=lexicon)
    print(f"tagmt learn: {done.pairs} sentence pairs aligned, {done.examples} tagged examples, {done.terms} terms, "
          f"{done.edge_cases} edge observations in {done.seconds:.1f} s: {done.path}", file=sys.stderr)
    if done.skipped:
        from tagmt.projection.model import MAX_PAIR_CHARS

        print(f"tagmt: note: {done.skipped} pair(s) left out: a side over {MAX_PAIR_CHARS:,} characters "
              "(split such text into sentences or paragraphs)", file=sys.stderr)
    return 0
