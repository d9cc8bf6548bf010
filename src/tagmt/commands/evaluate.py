"""``tagmt evaluate``: score hypothesis files against a tagged reference (segment metrics), or whole
documents with the document metrics of ``tagmt.metrics.document``."""

from __future__ import annotations

import argparse
import sys

from tagmt import csvsafe


EXAMPLE = """\
examples:
  tagmt evaluate --data ~/sap-data --split dev --pair en-ja --hyp m2m.ja mbart.ja --paired-bs
  tagmt evaluate --ref ref.ja --trg-lang ja --hyp sys.ja --format json --per-segment seg.tsv
  tagmt evaluate --ref ref.ko --trg-lang ko --hyp sys.ko --metric lex-bleu xml-bleu markup-match --tag-report
  cat sys.en | tagmt evaluate --ref ref.en --trg-lang en --hyp -
  tagmt evaluate --ref manual.de.xlf --hyp mt.de.xlf           # XLIFF: targets matched by unit/segment id
  tagmt evaluate --metric xater --ref ref.xml --hyp hyp1.xml hyp2.xml
  tagmt evaluate -r ref.de -l en-de --hyp sys.de -m raw-bleu xml-bleu -b   # sacrebleu's habits: scores only
  tagmt evaluate -r ref.de -l en-de --hyp sys.de --confidence             # 95% CI of one system

sacrebleu's options: -r/--refs (references: an option, not positional, since --data/--pair can give
them instead), -m/--metrics, -b/--score-only, -w/--width (decimals), -l/--langpair; the hypotheses are
--hyp (sacrebleu's -i/--input). A table wider than the terminal shows the metrics as rows.
JSON and CSV figures are rounded to 4 decimals (-w N to change); CSV has each metric's signature.
The table, CSV and -b show the figures asked for with -m, in that order; the JSON has every figure.

segment metrics (default: the paper's nine and xml-chrf, xml-match, tag-placement): raw-bleu lex-bleu
tag-bleu raw-chrf lex-chrf tag-chrf xml-bleu markup-match (also markup-match-tagged: over the segments
whose reference has markup) structure-accuracy xml-chrf xml-match tag-placement (with tag-offset; Lilt's
tag-inconsistent, its kinds and tags-in-inconsistent count segments whose text differs, so they are in the
JSON and shown by name only); on request: tag-preservation (CzechDocs's '<'
ratio and tag-presence counts) attribute-preservation placeholder-preservation raw-chrf++ lex-chrf++
raw-ter lex-ter (edit rates: lower is better) ne-num-precision ne-num-recall (numbers, and the terms
of --ne-terms FILE) comet (needs tagmt[comet], --comet-model and sources).
raw = tagged strings as they are, lex = markup removed, tag = markup alone. Every score is 0-100
unless the signature block says otherwise. document metrics: tree-sim node-chrf xater validity span-f1
md-tags texbleu (one document per file).

--compat original: xml-bleu markup-match structure-accuracy ne-num-* (Hashimoto et al.'s evaluate.py),
xml-chrf xml-match (tower-eval), tag-placement (Lilt's evaluate-markup-tags --permissive), xater
validity md-tags span-f1 texbleu as their published implementations (docs/metrics.md); the other
metrics have none and run as tagmt (stderr and each signature say which). --compat original-strict:
the same, tag-placement without --permissive (stops where Lilt stops). --compat czechdocs: lex-bleu as
CzechDocs's BLEU without tags. Hashimoto et al.'s originals pair lines across the whole corpus, so with
them the inputs are held in memory
(memory grows with the corpus instead of staying flat).

An XLIFF --ref (1.2 or 2.x) takes XLIFF --hyp files: their targets are matched to the reference's by
file, unit and segment id (a repeated id by its order, units without id by position; --match position
ignores ids). A missing hypothesis target is scored as empty (--skip-missing: left out for every system),
segments only the hypothesis has are not scored; each case is counted on stderr. A hypothesis in another
target language is refused. The target language and the sources come from the reference file.
A TMX --ref is its target-language side (--trg-lang chooses it when the file has several), scored against
line-file --hyp files segment for segment (one line per unit, a different count refused); units without that
language are left out for every system and counted on stderr; sources and ids come from the file. XLIFF and
TMX files are parsed whole (up to the XML size limit).

A document --ref (PO, JSON, YAML, .properties, Android/iOS strings, Markdown, HTML: a human translation of the
file) is scored against --hyp documents of the same format (the MT's translations of it), segment by segment
matched by key, as XLIFF targets are; a PO's reference is its msgstrs, another document's its text. Line-file
--hyp files meet the document's segments in the order `tagmt views --input DOC` writes them.
  tagmt evaluate -r de.human.json --hyp de.mt.json --trg-lang de -m raw-chrf placeholder-preservation
"""

def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="score translations with markup-aware metrics (raw/lex/tag BLEU and chrF, XML-BLEU, …)",
        description=(
            "Score one or more hypothesis files (one segment per line) against the tagged reference "
            "of a data set direction (--data/--pair) or any reference file (--ref/--trg-lang), or the "
            "targets of XLIFF files against a reference XLIFF's, matched by unit/segment id — and translated "
            "documents (PO, JSON, YAML, properties, Android/iOS strings, Markdown, HTML) against a human "
            "translation of the same document, matched by key. "
            "Line files are read and scored a chunk at a time (flat memory)."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--hyp", nargs="+", required=True, metavar="FILE",
                        help="hypothesis files, one segment per line ('-' reads standard input); the first is "
                        "the baseline of --paired-bs/--paired-ar")
    parser.add_argument("--data", metavar="DIR", help="data set folder (default: the bundled sample)")
    parser.add_argument("--split", help="split name, e.g. dev or test (default: the only split)")
    parser.add_argument("--pair", metavar="SRC-TRG", help="direction whose tagged target is the reference")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions")
    parser.add_argument(
        "-r", "--ref", "--refs", dest="ref", nargs="+", action="extend", metavar="FILE",
        help="reference file(s) instead of --data/--pair: a tagged line file, an XLIFF file (targets matched by id), a "
             "TMX file (its target side, segment for segment) or a translated document (PO, JSON, HTML, …: its "
             "text — a PO's msgstrs — matched by key with --hyp documents of its format); several only for "
             "document metrics",
    )
    parser.add_argument("--skip-missing", action="store_true",
                        help="XLIFF: leave out (for every system) the segments a hypothesis has no target for; by "
                             "default they are scored as empty; either way they are counted on stderr and in JSON")
    parser.add_argument("--match", choices=("id", "position"), default="id",
                        help="XLIFF: match segments by file, unit and segment id (default; a repeated id by its "
                             "order, units without id by position) or by their position in the files")
    parser.add_argument("--trg-lang", metavar="LANG", help="target language of --ref (ja, ko, zh, zf, en, …; "
                        "an XLIFF --ref names its own)")
    parser.add_argument(
        "-l", "--langpair", metavar="SRC-TRG",
        help="sacrebleu's language pair: with --ref its target is --trg-lang; else the same as --pair",
    )
    parser.add_argument(
        "-m", "--metric", "--metrics", dest="metric", nargs="+", action="extend", metavar="NAME",
        help="metrics to compute (default: the paper's nine segment metrics and xml-chrf, xml-match, tag-placement); a column "
             "name (markup-match-tagged, tag-offset) runs the metric that reports it",
    )
    parser.add_argument(
        "--tokenize", metavar="TOK",
        help="BLEU tokenizer for raw, lex and XML-BLEU (default by target language: ja-mecab, "
        "ko-mecab, zh, else 13a); tag BLEU always uses none",
    )
    parser.add_argument(
        "--compat", choices=COMPAT_CHOICES, default="tagmt",
        help="tagmt: the corrected definitions (default); original: each metric that has a published "
        "implementation as that implementation computes it, the others as tagmt (see docs/metrics.md; "
        "stderr and every signature say which ran how; Hashimoto et al.'s originals hold the inputs in memory); "
        "original-strict: as original, with Lilt's tag placement run without --permissive; czechdocs: "
        "lex-bleu as the CzechDocs toolkit's BLEU without tags",
    )
    parser.add_argument(
        "--ne-terms", metavar="FILE",
        help="ne-num-precision/ne-num-recall: the English terms to count besides numbers (JSON list or one per line)",
    )
    from tagmt.commands.shared import add_placeholder_arguments

    add_placeholder_arguments(parser)  # segment metrics: a placeholder is a tag of the reference and hypotheses
    parser.add_argument("--format", choices=("table", "json", "csv"), default="table",
                        help="table (default: metrics as rows when the table is wider than the terminal), json or csv "
                             "(figures rounded to 4 decimals; csv with each metric's signature)")
    parser.add_argument("-b", "--score-only", action="store_true",
                        help="print only the scores: one line per system, one figure per metric asked for (-m), "
                             "tab-separated in that order")
    parser.add_argument("-w", "--width", type=int, metavar="N",
                        help="decimals of the figures (default 2 in the table and -b, 4 in json and csv)")
    parser.add_argument("--per-segment", metavar="FILE",
                        help="write every segment's scores with its source, reference and hypothesis (TSV)")
    parser.add_argument("--csv-raw", action="store_true",
                        help="CSV/TSV cells as they are: no ' before a cell starting with = + - @ (for machine "
                             "readers; the default keeps spreadsheets from running them, see docs/safety.md)")
    parser.add_argument("--src", metavar="FILE", help="source segments (for COMET and the per-segment TSV; "
                        "with --data/--pair they come from the data set)")
    parser.add_argument("--html", metavar="FILE",
                        help="also write a self-contained HTML page: the systems table, the per-tag report as a "
                        "chart, every segment side by side with its tag errors marked, filters and search "
                        "(opens offline in any browser)")
    parser.add_argument("--tag-report", action="store_true",
                        help="per element name: tags dropped, inserted, misplaced, attributes changed "
                        "(table: below the scores; json: 'tags' of each system; csv: printed instead of the scores)")
    test = parser.add_mutually_exclusive_group()
    test.add_argument("--paired-bs", action="store_true",
                      help="paired bootstrap resampling against the first --hyp (the baseline): p-values and 95%% CIs")
    test.add_argument("--paired-ar", action="store_true",
                      help="paired approximate randomization against the first --hyp: p-values (CIs by bootstrap)")
    test.add_argument("--confidence", action="store_true",
                      help="each system's own bootstrap mean and 95%% CI (a single system too), no test")
    parser.add_argument("--samples", type=int, metavar="N",
                        help="resamples for --paired-bs and --confidence (default 1000) or trials for --paired-ar (default 10000)")
    parser.add_argument("--seed", type=int, default=12345, help="random seed of the significance tests (default 12345)")
    parser.add_argument("--comet-model", metavar="DIR",
                        help="comet: a local COMET checkpoint folder or .ckpt file (no download is ever tried)")
    parser.add_argument("--progress", action="store_true", default=None, help="show a progress bar on stderr")
    add_document_arguments(parser)
    parser.set_defaults(func=run)


def _refuse_overwrites(args: argparse.Namespace) -> None:
    """--per-segment never on an input (a reference, a hypothesis, a source, a schema, a model folder)."""
    from tagmt.outputs import existing_folder, refuse_overwriting_inputs

    named = [(f"--{name.replace('_', '-')}", value) for name in ("ref", "hyp", "catalog")
             for value in (getattr(args, name, None) or ())]
    named += [(f"--{name.replace('_', '-')}", getattr(args, name, None))
              for name in ("src", "ne_terms", "data", "dtd", "xsd", "rng")]
    named += [existing_folder("--comet-model", args.comet_model),
              existing_folder("--embedding-model", getattr(args, "embedding_model", None))]
    refuse_overwriting_inputs([("--per-segment", args.per_segment)], [(o, str(v) if v else None) for o, v in named])


def add_document_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of the document metrics (tree-sim, node-chrf, xater, validity, span-f1, md-tags, texbleu)."""
    from pathlib import Path

    group = parser.add_argument_group("document metrics (tree-sim, node-chrf, xater, validity, span-f1, md-tags, texbleu)")
    group.add_argument("--words", action="store_true",
                       help="xater: split text runs into words (one token per word) instead of one token per run")
    group.add_argument("--dtd", type=Path, default=None, help="validity: validate against this DTD file")
    group.add_argument("--xsd", type=Path, default=None, help="validity: validate against this XML Schema")
    group.add_argument("--rng", type=Path, default=None, help="validity: validate against this RELAX NG grammar")
    group.add_argument("--catalog", type=Path, action="append", default=None,
                       help="validity: local XML catalog that resolves the document's DOCTYPE "
                            "(repeatable; default: $XML_CATALOG_FILES); the network is never used")
    group.add_argument("--match-mode", choices=SPAN_MATCH_MODES, default="text",
                       help="span-f1: spans match by exact offsets, by normalised text (default) or by overlap")
    group.add_argument("--iou", type=float, default=0.5,
                       help="span-f1: least intersection over union for --match-mode overlap (default 0.5)")
    group.add_argument("--embedding-model", default="gpt2",
                       help="texbleu: tokenizer and input embeddings to use, a hub id or a local directory "
                            "(default gpt2)")


#: tagmt.metrics.base.COMPAT_MODES (the metrics package is not imported at `tagmt --help` time;
#: tests/test_cli_manners.py checks they agree).
COMPAT_CHOICES = ("tagmt", "original", "original-strict", "czechdocs")
#: span-f1's match modes (tagmt.metrics.span_f1.MATCH_MODES, which imports numpy: not at `tagmt --help` time;
#: tests/test_cli_manners.py checks they agree).
SPAN_MATCH_MODES = ("exact", "text", "overlap")
#: The document metrics' options, passed to tagmt.metrics.document.score_documents as a dict.
DOCUMENT_OPTIONS = ("words", "dtd", "xsd", "rng", "catalog", "match_mode", "iou", "embedding_model")


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError
    from tagmt.evaluate_files import (
        DOCUMENT_METRICS, EvaluationOptions, ReferenceSpec, distinct_files, score_document_files,
        score_segment_files, unique,
    )
    from tagmt.report.scores import render

    csvsafe.set_raw(getattr(args, "csv_raw", False))
    metrics = unique(args.metric or [], "--metric")
    hyps = distinct_files(args.hyp, "--hyp")
    _refuse_overwrites(args)
    documents = [m for m in metrics if m in DOCUMENT_METRICS]
    if documents and len(documents) != len(metrics):
        raise TagmtError(
            "document metrics (" + ", ".join(documents) + ") and segment metrics cannot be mixed in "
            "one run; run `tagmt evaluate` once for each kind"
        )
    if args.width is not None and not 0 <= args.width <= 10:
        raise TagmtError(f"-w/--width is the number of decimals, 0 to 10; not {args.width}")
    pair, trg_lang = args.pair, args.trg_lang
    if args.langpair:
        if args.pair:
            raise TagmtError("-l/--langpair and --pair say the same; give one")
        if "-" not in args.langpair:
            raise TagmtError(f"-l/--langpair takes SRC-TRG (e.g. en-de), not {args.langpair!r}")
        if args.ref:
            target = args.langpair.split("-", 1)[1]
            if trg_lang and trg_lang != target:
                raise TagmtError(f"-l {args.langpair} contradicts --trg-lang {trg_lang}")
            trg_lang = target
        else:
            pair = args.langpair
    spec = ReferenceSpec(ref=args.ref, trg_lang=trg_lang, data=args.data, split=args.split, pair=pair,
                         zf=args.zf, src=args.src, match=args.match, skip_missing=args.skip_missing,
                         placeholders=args.placeholders, placeholder_regexes=tuple(args.placeholder_regex),
                         its_rules=tuple(args.its_rules))
    shown = dict(width=args.width, score_only=args.score_only, shown=metrics or None)  # the figures asked for
    if documents:
        if args.html:
            raise TagmtError("--html is for segment metrics (the page shows segments); document metrics give one "
                             "score per file")
        systems = score_document_files(
            documents, hyps, spec, compat=args.compat, per_segment=args.per_segment,
            paired=args.paired_bs or args.paired_ar or args.confidence,
            options={name: getattr(args, name) for name in DOCUMENT_OPTIONS},
        )
        sys.stdout.write(render(systems, args.format, **shown))
    else:
        options = EvaluationOptions(
            tokenize=args.tokenize, compat=args.compat, ne_terms=args.ne_terms, per_segment=args.per_segment,
            paired_bs=args.paired_bs, paired_ar=args.paired_ar, samples=args.samples, seed=args.seed,
            comet_model=args.comet_model, progress=args.progress, confidence=args.confidence, html=args.html,
        )
        systems = score_segment_files(metrics, hyps, spec, options)
        sys.stdout.write(render(systems, args.format, tag_report=args.tag_report, **shown))
    return 0
