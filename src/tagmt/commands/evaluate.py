"""``tagmt evaluate``: score hypothesis files against a tagged reference (segment metrics), or whole
documents with the document metrics of ``tagmt.metrics.document``."""

from __future__ import annotations

import argparse
import csv
import importlib
import io
import json
import sys
from typing import Any, Sequence

EXAMPLE = """\
examples:
  tagmt evaluate --data ../shared/sap-dev --split dev --pair en-ja --hyp m2m.ja mbart.ja
  tagmt evaluate --ref ref.ja --trg-lang ja --hyp sys.ja --format json --per-segment seg.tsv
  tagmt evaluate --ref ref.ko --trg-lang ko --hyp sys.ko --metric lex-bleu xml-bleu markup-match
  tagmt evaluate --ref manual.de.xlf --hyp mt.de.xlf           # XLIFF: targets matched by unit/segment id
  tagmt evaluate --metric xater --ref ref.xml --hyp hyp1.xml hyp2.xml

segment metrics (default: all, ten figures): raw-bleu lex-bleu tag-bleu raw-chrf lex-chrf tag-chrf
xml-bleu markup-match (over all segments, and over those whose reference has markup)
structure-accuracy; on request: ne-num-precision ne-num-recall (with --ne-terms FILE). raw = tagged strings as they are, lex = markup removed, tag = markup alone.
document metrics: xater validity span-f1 md-tags texbleu (one document per file).
"""

DOCUMENT_METRICS = ("xater", "validity", "span-f1", "md-tags", "texbleu")
_DOCUMENT_MODULE = "tagmt.metrics.document"


def _document_module():
    """The document metrics' command-line side, or None where it is not installed."""
    try:
        return importlib.import_module(_DOCUMENT_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name == _DOCUMENT_MODULE:
            return None
        raise


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "evaluate",
        help="score translations with markup-aware metrics (raw/lex/tag BLEU and chrF, XML-BLEU, …)",
        description=(
            "Score one or more hypothesis files (one segment per line) against the tagged reference "
            "of a data set direction (--data/--pair) or any reference file (--ref/--trg-lang), or the "
            "targets of XLIFF files against a reference XLIFF's, matched by unit/segment id. "
            "The reference side is parsed and tokenized once for all hypotheses."
        ),
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--hyp", nargs="+", required=True, metavar="FILE", help="hypothesis files")
    parser.add_argument("--data", metavar="DIR", help="data set folder (default: the bundled sample)")
    parser.add_argument("--split", help="split name, e.g. dev or test (default: the only split)")
    parser.add_argument("--pair", metavar="SRC-TRG", help="direction whose tagged target is the reference")
    parser.add_argument("--zf", action="store_true", help="allow Traditional Chinese (zf) directions")
    parser.add_argument(
        "--ref", nargs="+", action="extend", metavar="FILE",
        help="reference file(s) instead of --data/--pair (several only for document metrics)",
    )
    parser.add_argument("--trg-lang", metavar="LANG", help="target language of --ref (ja, ko, zh, zf, en, …)")
    parser.add_argument(
        "--metric", nargs="+", action="extend", metavar="NAME",
        help="metrics to compute (default: the nine segment metrics)",
    )
    parser.add_argument(
        "--tokenize", metavar="TOK",
        help="BLEU tokenizer for raw, lex and XML-BLEU (default by target language: ja-mecab, "
        "ko-mecab, zh, else 13a); tag BLEU always uses none",
    )
    parser.add_argument(
        "--compat", choices=("tagmt", "original"), default="tagmt",
        help="tagmt: the corrected definitions (default); original: each metric as its published "
        "implementation computes it (see docs/metrics.md; the signature says which)",
    )
    parser.add_argument(
        "--ne-terms", metavar="FILE",
        help="ne-num-precision/ne-num-recall: the English terms to count (JSON list or one per line)",
    )
    parser.add_argument("--format", choices=("table", "json", "csv"), default="table")
    parser.add_argument("--per-segment", metavar="FILE", help="write per-segment scores and match flags (TSV)")
    module = _document_module()
    if module is not None:
        module.add_document_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError

    metrics = _unique(args.metric or [], "--metric")
    hyps = _unique(args.hyp, "--hyp")
    documents = [m for m in metrics if m in DOCUMENT_METRICS]
    if documents and len(documents) != len(metrics):
        raise TagmtError(
            "document metrics (" + ", ".join(documents) + ") and segment metrics cannot be mixed in "
            "one run; run `tagmt evaluate` once for each kind"
        )
    if documents:
        systems = _score_documents(documents, hyps, args)
    else:
        systems = _score_segments(metrics, hyps, args)
    sys.stdout.write(render(systems, args.format))
    return 0


def _unique(values: Sequence[str], option: str) -> list[str]:
    from tagmt.errors import TagmtError

    seen: list[str] = []
    for value in values:
        if value in seen:
            raise TagmtError(f"{option} {value} is given twice")
        seen.append(value)
    return seen


def _score_segments(metrics: list[str], hyps: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    from tagmt.errors import TagmtError
    from tagmt.evaluation import OPTIONAL_SEGMENT_METRICS, SEGMENT_METRICS, read_segments, score_systems

    unknown = [m for m in metrics if m not in SEGMENT_METRICS + OPTIONAL_SEGMENT_METRICS]
    if unknown:
        raise TagmtError(
            f"unknown metric {unknown[0]!r}; choose from: {', '.join(SEGMENT_METRICS + DOCUMENT_METRICS)}"
        )
    xliff = _xliff_targets(args, hyps)
    if xliff is not None:
        references, trg_lang, pair, hypotheses = xliff
    else:
        references, trg_lang, pair = _segment_reference(args)
        hypotheses = {path: read_segments(path) for path in hyps}
    systems = score_systems(
        references, hypotheses, trg_lang, pair, metrics=metrics or SEGMENT_METRICS, tokenize=args.tokenize,
        compat=args.compat, terms=args.ne_terms,
    )
    if args.per_segment:
        _write_per_segment(args.per_segment, systems, references)
    return [system.as_dict() for system in systems]


def _xliff_targets(args: argparse.Namespace, hyps: list[str]):
    """With an XLIFF --ref: its targets and each hypothesis file's, matched by segment id
    (``tagmt.corpus.matching``), else None."""
    if not args.ref or len(args.ref) != 1 or args.pair or args.data:
        return None
    from tagmt.corpus.detect import looks_like_xliff
    from tagmt.corpus.files import read_bytes

    if not looks_like_xliff(read_bytes(args.ref[0])):
        return None
    from tagmt.corpus.matching import match_targets
    from tagmt.errors import TagmtError
    from tagmt.languages import normalize

    matched = match_targets(args.ref[0], hyps)
    for note in matched.notes:
        print(f"tagmt evaluate: {note}", file=sys.stderr)
    lang = args.trg_lang or matched.trg_lang
    if not lang:
        raise TagmtError(f"{args.ref[0]} names no target language; pass --trg-lang")
    return matched.references, normalize(lang, "--trg-lang"), None, matched.hypotheses


def _segment_reference(args: argparse.Namespace) -> tuple[list[str], str, str | None]:
    """The reference lines, target language and direction name from --data/--pair or --ref."""
    from tagmt.errors import TagmtError
    from tagmt.evaluation import read_segments

    if args.ref:
        if args.pair or args.data or args.split:
            raise TagmtError("give either --ref (with --trg-lang) or --data/--split/--pair, not both")
        if len(args.ref) != 1:
            raise TagmtError("segment metrics take one --ref file (several only for document metrics)")
        if not args.trg_lang:
            raise TagmtError("--ref needs --trg-lang (e.g. --trg-lang ja) to choose the BLEU tokenizer")
        references = read_segments(args.ref[0])
        if not references:
            raise TagmtError(f"{args.ref[0]}: the reference is empty")
        return references, args.trg_lang, None
    if not args.pair:
        raise TagmtError("say what to score against: --pair SRC-TRG (with --data DIR) or --ref FILE --trg-lang LANG")
    from tagmt.data.dataset import open_dataset
    from tagmt.data.directions import parse_direction
    from tagmt.data.views import parallel_segments

    direction = parse_direction(args.pair, include_zf=args.zf)
    if args.trg_lang and args.trg_lang != direction.trg:
        raise TagmtError(f"--trg-lang {args.trg_lang} contradicts --pair {direction.name}")
    segments = parallel_segments(open_dataset(args.data), args.split, direction, view="tagged")
    return [segment.target for segment in segments], direction.trg, direction.name


def _write_per_segment(path: str, systems: Sequence[Any], references: Sequence[str]) -> None:
    from tagmt.errors import TagmtError
    from tagmt.markup import TaggedSegment, markup_vocabulary

    vocabulary = markup_vocabulary(references)
    ref_tagged = [int(TaggedSegment.parse(ref, vocabulary).has_markup) for ref in references]
    flags = {"markup_match": "match", "structure_accuracy": "well_formed"}
    keys = list(systems[0].segment_scores) if systems else []
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    writer.writerow(["hyp", "line", "ref_tagged"] + [flags.get(k, k) for k in keys])
    for system in systems:
        for i in range(system.segments):
            row: list[Any] = [system.hyp, i + 1, ref_tagged[i]]
            for key in keys:
                value = system.segment_scores[key][i]
                if value is None:
                    row.append("n/a")
                else:
                    row.append(int(value > 0) if key in flags else f"{value:.4f}")
            writer.writerow(row)
    try:
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(out.getvalue())
    except OSError as exc:
        raise TagmtError(f"cannot write {path}: {exc.strerror or exc}") from None


def _score_documents(metrics: list[str], hyps: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    from tagmt.errors import TagmtError

    module = _document_module()
    if module is None:
        raise TagmtError(
            f"document metrics ({', '.join(metrics)}) are not available in this installation "
            f"({_DOCUMENT_MODULE} is missing)"
        )
    if args.pair or args.data:
        raise TagmtError("document metrics score whole files: give --ref FILE(s) and --hyp FILE(s), not --pair")
    if args.per_segment:
        raise TagmtError("--per-segment is for segment metrics; document metrics give one score per file")
    return module.score_documents(metrics, list(args.ref or []), hyps, args)


def render(systems: Sequence[dict[str, Any]], fmt: str) -> str:
    """Systems (``{"hyp", "scores", "signatures", …}``) as a table, JSON or CSV."""
    if fmt == "json":
        return json.dumps({"systems": list(systems)}, ensure_ascii=False, indent=2) + "\n"
    keys = _score_keys(systems)
    meta = [k for k in ("pair", "segments") if any(s.get(k) is not None for s in systems)]
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["hyp"] + meta + keys)
        for s in systems:
            writer.writerow([s["hyp"]] + [s.get(k) for k in meta] + [_csv_value(s["scores"].get(k)) for k in keys])
        return out.getvalue()
    return _table(systems, meta, keys)


def _score_keys(systems: Sequence[dict[str, Any]]) -> list[str]:
    keys: list[str] = []
    for system in systems:
        keys.extend(k for k in system.get("scores", {}) if k not in keys)
    return keys


def _csv_value(value: Any) -> Any:
    return "" if value is None else value


def _table(systems: Sequence[dict[str, Any]], meta: list[str], keys: list[str]) -> str:
    header = ["hyp"] + meta + keys
    rows = [
        [str(s["hyp"])] + [str(s.get(k, "")) for k in meta] + [_cell(s["scores"].get(k)) for k in keys]
        for s in systems
    ]
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    lines = []
    for row in [header] + rows:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    signatures: dict[str, str] = {}
    for system in systems:
        for key, signature in system.get("signatures", {}).items():
            signatures.setdefault(key, signature)
    if signatures:
        lines.append("")
        width = max(len(k) for k in signatures)
        lines.extend(f"{key.ljust(width)}  {signature}" for key, signature in signatures.items())
    return "\n".join(lines) + "\n"


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, (int, float)):
        return f"{value:.2f}"
    return str(value)
