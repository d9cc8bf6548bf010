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

from tagmt.metrics.base import COMPAT_MODES

EXAMPLE = """\
examples:
  tagmt evaluate --data ../shared/sap-dev --split dev --pair en-ja --hyp m2m.ja mbart.ja --paired-bs
  tagmt evaluate --ref ref.ja --trg-lang ja --hyp sys.ja --format json --per-segment seg.tsv
  tagmt evaluate --ref ref.ko --trg-lang ko --hyp sys.ko --metric lex-bleu xml-bleu markup-match --tag-report
  cat sys.en | tagmt evaluate --ref ref.en --trg-lang en --hyp -
  tagmt evaluate --ref manual.de.xlf --hyp mt.de.xlf           # XLIFF: targets matched by unit/segment id
  tagmt evaluate --metric xater --ref ref.xml --hyp hyp1.xml hyp2.xml

segment metrics (default: the paper's nine and xml-chrf, xml-match, tag-placement): raw-bleu lex-bleu
tag-bleu raw-chrf lex-chrf tag-chrf xml-bleu markup-match (also markup-match-tagged: over the segments
whose reference has markup) structure-accuracy xml-chrf xml-match tag-placement (with tag-offset,
tag-inconsistent and its kinds, tags-in-inconsistent); on request: tag-preservation (CzechDocs's '<'
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
unit/segment id (ids missing on either side are named); the target language and the sources come
from the reference file. XLIFF files are parsed whole (up to the XML size limit).
"""

DOCUMENT_METRICS = ("tree-sim", "node-chrf", "xater", "validity", "span-f1", "md-tags", "texbleu")
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
        "--ref", nargs="+", action="extend", metavar="FILE",
        help="reference file(s) instead of --data/--pair (several only for document metrics)",
    )
    parser.add_argument("--trg-lang", metavar="LANG", help="target language of --ref (ja, ko, zh, zf, en, …; "
                        "an XLIFF --ref names its own)")
    parser.add_argument(
        "--metric", nargs="+", action="extend", metavar="NAME",
        help="metrics to compute (default: the paper's nine segment metrics and xml-chrf, xml-match, tag-placement)",
    )
    parser.add_argument(
        "--tokenize", metavar="TOK",
        help="BLEU tokenizer for raw, lex and XML-BLEU (default by target language: ja-mecab, "
        "ko-mecab, zh, else 13a); tag BLEU always uses none",
    )
    parser.add_argument(
        "--compat", choices=COMPAT_MODES, default="tagmt",
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
    parser.add_argument("--format", choices=("table", "json", "csv"), default="table")
    parser.add_argument("--per-segment", metavar="FILE",
                        help="write every segment's scores with its source, reference and hypothesis (TSV)")
    parser.add_argument("--src", metavar="FILE", help="source segments (for COMET and the per-segment TSV; "
                        "with --data/--pair they come from the data set)")
    parser.add_argument("--tag-report", action="store_true",
                        help="per element name: tags dropped, inserted, misplaced, attributes changed "
                        "(table: below the scores; json: 'tags' of each system; csv: printed instead of the scores)")
    test = parser.add_mutually_exclusive_group()
    test.add_argument("--paired-bs", action="store_true",
                      help="paired bootstrap resampling against the first --hyp (the baseline): p-values and 95%% CIs")
    test.add_argument("--paired-ar", action="store_true",
                      help="paired approximate randomization against the first --hyp: p-values (CIs by bootstrap)")
    parser.add_argument("--samples", type=int, metavar="N",
                        help="resamples for --paired-bs (default 1000) or trials for --paired-ar (default 10000)")
    parser.add_argument("--seed", type=int, default=12345, help="random seed of the significance tests (default 12345)")
    parser.add_argument("--comet-model", metavar="DIR",
                        help="comet: a local COMET checkpoint folder or .ckpt file (no download is ever tried)")
    parser.add_argument("--progress", action="store_true", default=None, help="show a progress bar on stderr")
    module = _document_module()
    if module is not None:
        module.add_document_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import TagmtError

    metrics = _unique(args.metric or [], "--metric")
    hyps = _distinct_files(args.hyp, "--hyp")
    documents = [m for m in metrics if m in DOCUMENT_METRICS]
    if documents and len(documents) != len(metrics):
        raise TagmtError(
            "document metrics (" + ", ".join(documents) + ") and segment metrics cannot be mixed in "
            "one run; run `tagmt evaluate` once for each kind"
        )
    if documents:
        systems = _score_documents(documents, hyps, args)
        sys.stdout.write(render(systems, args.format))
    else:
        systems = _score_segments(metrics, hyps, args)
        sys.stdout.write(render(systems, args.format, tag_report=args.tag_report))
    return 0


def _unique(values: Sequence[str], option: str) -> list[str]:
    from tagmt.errors import TagmtError

    seen: list[str] = []
    for value in values:
        if value in seen:
            raise TagmtError(f"{option} {value} is given twice")
        seen.append(value)
    return seen


def _distinct_files(paths: Sequence[str], option: str) -> list[str]:
    """The paths, each file once: the same file under two names (``same.ja ./same.ja``) is refused, and
    standard input (``-``) may be given once."""
    import os

    from tagmt.errors import TagmtError

    seen: dict[tuple[int, int] | str, str] = {}
    for path in _unique(paths, option):
        key: tuple[int, int] | str
        if path == "-":
            key = "-"
        else:
            try:
                stat = os.stat(path)
                key = (stat.st_dev, stat.st_ino)
            except OSError:
                key = os.path.abspath(path)  # missing: reported when read
        if key in seen:
            raise TagmtError(f"{option} {path} and {seen[key]} are the same file; give each file once")
        seen[key] = path
    return list(paths)


def _score_segments(metrics: list[str], hyps: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    from tagmt.errors import TagmtError
    from tagmt.evaluation import (
        DEFAULT_METRICS, SEGMENT_METRICS, TERM_METRICS, PerSegmentWriter, check_output_path, score_systems,
    )

    unknown = [m for m in metrics if m not in SEGMENT_METRICS]
    if unknown:
        raise TagmtError(
            f"unknown metric {unknown[0]!r}; choose from: {', '.join(SEGMENT_METRICS + DOCUMENT_METRICS)}"
        )
    metrics = metrics or list(DEFAULT_METRICS)
    if args.per_segment:
        check_output_path(args.per_segment, "--per-segment")
    if args.samples is not None and args.samples < 1:
        raise TagmtError("--samples must be a positive number")
    if args.samples is not None and not (args.paired_bs or args.paired_ar):
        raise TagmtError("--samples is for --paired-bs or --paired-ar")
    if (args.paired_bs or args.paired_ar) and len(hyps) < 2:
        raise TagmtError("--paired-bs/--paired-ar compare systems with the first --hyp (the baseline): "
                         "give at least two --hyp files")
    if args.ne_terms and not any(m in TERM_METRICS for m in metrics):
        raise TagmtError("--ne-terms is for ne-num-precision/ne-num-recall: add them with --metric")
    reference = _segment_reference(args, hyps)
    hypotheses = {path: reference.hypothesis(path) for path in hyps}
    _say_compat(metrics, args.compat)
    options = {}
    if "comet" in metrics:
        if reference.sources is None:
            raise TagmtError("comet needs the source segments: give --src FILE (or use --data/--pair)")
        options["comet"] = {"model": args.comet_model}
    bar = _progress(args, reference.count)
    try:
        systems = score_systems(
            reference.lines(), hypotheses, reference.trg_lang, reference.pair,
            metrics=metrics, tokenize=args.tokenize, sources=reference.sources,
            metric_options=options, compat=args.compat, terms=args.ne_terms,
            per_segment=PerSegmentWriter(args.per_segment, ids=reference.ids) if args.per_segment else None,
            significance="bs" if args.paired_bs else "ar" if args.paired_ar else None,
            samples=args.samples, seed=args.seed,
            on_chunk=(lambda done: bar.update(done - bar.n)) if bar is not None else None,
            reference_name=reference.name,
        )
    finally:
        if bar is not None:
            bar.close()
    return [system.as_dict() for system in systems]


def _say_compat(metrics: Sequence[str], compat: str) -> None:
    """Under ``--compat original``, say on stderr which metrics ran as their originals and which have
    none and ran as tagmt (each signature says it too)."""
    from tagmt.metrics.registry import compat_for

    if compat == "tagmt":
        return
    original = [m for m in metrics if compat_for(m, compat) != "tagmt"]
    default = [m for m in metrics if m not in original]
    parts = []
    if original:
        parts.append(f"{', '.join(original)} as their published implementations")
    if default:
        parts.append(f"{', '.join(default)} as tagmt (no published implementation to reproduce)")
    print(f"tagmt: --compat {compat}: {'; '.join(parts)}", file=sys.stderr)


def _progress(args: argparse.Namespace, total: int | None):
    from tagmt.progress import progress_bar

    return progress_bar(total=total, desc="evaluate", unit="seg", enabled=args.progress)


class _Reference:
    """Where the reference (and source) segments come from, read lazily; ``matched`` holds the hypotheses'
    targets already matched by id when the reference is an XLIFF file (``ids``: its segment ids)."""

    def __init__(self, trg_lang: str, pair: str | None, count: int | None, lines, sources=None,
                 name: str = "the reference", matched: dict[str, list[str]] | None = None,
                 ids: list[str] | None = None) -> None:
        self.trg_lang, self.pair, self.count, self.lines, self.sources = trg_lang, pair, count, lines, sources
        self.name, self.matched, self.ids = name, matched, ids

    def hypothesis(self, path: str):
        """The segments of the hypothesis ``path``, in the reference's order."""
        if self.matched is not None:
            return iter(self.matched[path])
        return _hypothesis_lines(path, self.count)


def _segment_reference(args: argparse.Namespace, hyps: Sequence[str]) -> _Reference:
    """The reference lines, target language and direction name from --data/--pair or --ref."""
    from tagmt.corpus.detect import looks_like_xliff
    from tagmt.errors import TagmtError
    from tagmt.evaluation import iter_segments

    if args.ref:
        if args.pair or args.data or args.split:
            raise TagmtError("give either --ref (with --trg-lang) or --data/--split/--pair, not both")
        if len(args.ref) != 1:
            raise TagmtError("segment metrics take one --ref file (several only for document metrics)")
        path = args.ref[0]
        if path == "-":
            raise TagmtError("--ref cannot be standard input; give the reference file")
        head = _head(path)
        if looks_like_xliff(head):
            return _xliff_reference(path, hyps, args)
        _refuse_xml_document(path, head)
        if not args.trg_lang:
            raise TagmtError("--ref needs --trg-lang (e.g. --trg-lang ja) to choose the BLEU tokenizer")
        count = _line_count(path)
        if count == 0:
            raise TagmtError(f"{path}: the reference is empty")
        sources = None
        if args.src:
            if _line_count(args.src) != count:
                raise TagmtError(f"--src {args.src} has {_line_count(args.src)} lines but the reference has "
                                 f"{count}; give one line per segment in both")
            sources = iter_segments(args.src)
        return _Reference(args.trg_lang, None, count, lambda: iter_segments(path), sources, name=path)
    if not args.pair:
        raise TagmtError("say what to score against: --pair SRC-TRG (with --data DIR) or --ref FILE --trg-lang LANG")
    from tagmt.data.dataset import open_dataset
    from tagmt.data.directions import parse_direction
    from tagmt.data.views import parallel_segments

    direction = parse_direction(args.pair, include_zf=args.zf)
    if args.trg_lang and args.trg_lang != direction.trg:
        raise TagmtError(f"--trg-lang {args.trg_lang} contradicts --pair {direction.name}")
    if args.src:
        raise TagmtError("--src is for --ref; with --data/--pair the sources come from the data set")
    segments = parallel_segments(open_dataset(args.data), args.split, direction, view="tagged")
    targets = [segment.target for segment in segments]
    return _Reference(direction.trg, direction.name, len(targets), lambda: iter(targets),
                      [segment.source for segment in segments])


def _line_count(path: str) -> int:
    from tagmt.evaluation import count_lines

    return count_lines(path)


_HEAD_BYTES = 1 << 16  # what tagmt.corpus.detect.looks_like_xliff looks at


def _head(path: str) -> bytes:
    """The first bytes of ``path``, read through the one safe line-file opener (a FIFO, a folder or a
    file over the size limit is one line here)."""
    from tagmt.evaluation import open_line_file

    handle, _ = open_line_file(path)
    with handle:
        return handle.read(_HEAD_BYTES)


def _xliff_reference(path: str, hyps: Sequence[str], args: argparse.Namespace) -> _Reference:
    """An XLIFF reference: its targets, and each XLIFF hypothesis file's matched by unit/segment id
    (``tagmt.corpus.matching``: ids missing on either side are refused by name, the reference's
    segments without a target are named on stderr). The files are parsed whole."""
    from tagmt.corpus.matching import match_targets
    from tagmt.errors import TagmtError
    from tagmt.languages import normalize

    if "-" in hyps:
        raise TagmtError(f"{path} is an XLIFF file, so every --hyp must be an XLIFF file too; standard input "
                         "(-) is read as a line file only")
    if args.src:
        raise TagmtError(f"--src is for a line-file --ref; the XLIFF file {path} carries its sources")
    matched = match_targets(path, hyps)
    for note in matched.notes:
        print(f"tagmt evaluate: {note}", file=sys.stderr)
    lang = args.trg_lang or matched.trg_lang
    if not lang:
        raise TagmtError(f"{path} names no target language; pass --trg-lang")
    references = matched.references
    return _Reference(normalize(lang, "--trg-lang"), None, len(references), lambda: iter(references),
                      matched.sources, name=path, matched=matched.hypotheses, ids=matched.ids)


def _refuse_xml_document(path: str, head: bytes) -> None:
    """A whole XML document (other than XLIFF) given where one segment per line is expected gets a
    message that says so."""
    from tagmt.errors import TagmtError

    if head.lstrip(b"\xef\xbb\xbf").lstrip().startswith(b"<?xml"):
        raise TagmtError(
            f"{path} is an XML document (it starts with an XML declaration) but not XLIFF; segment metrics "
            "read one segment per line or XLIFF files: give a line file (e.g. from `tagmt views`), or score "
            "whole documents with a document metric (--metric xater, validity, tree-sim, …)"
        )


def _hypothesis_lines(path: str, expected: int | None):
    """A hypothesis stream: the file read lazily (its line count checked first), or standard input."""
    from tagmt.corpus.detect import looks_like_xliff
    from tagmt.errors import TagmtError
    from tagmt.evaluation import iter_segments, stream_lines

    if path == "-":
        return stream_lines(sys.stdin.buffer, "<stdin>")
    if looks_like_xliff(_head(path)):
        raise TagmtError(f"the hypothesis {path} is an XLIFF file but the reference is a line file: give the "
                         "reference XLIFF as --ref to match targets by unit/segment id")
    count = _line_count(path)
    if expected is not None and count != expected:
        raise TagmtError(
            f"the hypothesis {path} has {count} lines but the reference has {expected}; "
            "give one line per segment in both"
        )
    return iter_segments(path)


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
    if args.paired_bs or args.paired_ar:
        raise TagmtError("--paired-bs/--paired-ar are for segment metrics (one score per segment to resample)")
    if "-" in hyps:
        raise TagmtError("document metrics read whole files: give --hyp FILE, not standard input")
    _say_compat(metrics, args.compat)
    return module.score_documents(metrics, list(args.ref or []), hyps, args)


def render(systems: Sequence[dict[str, Any]], fmt: str, *, tag_report: bool = False) -> str:
    """Systems (``{"hyp", "scores", "signatures", …}``) as a table, JSON or CSV."""
    if fmt == "json":
        shown = [s if tag_report or "tags" not in s else {k: v for k, v in s.items() if k != "tags"} for s in systems]
        return json.dumps({"systems": list(shown)}, ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv" and tag_report:
        return _tag_report_csv(systems)
    keys = _score_keys(systems)
    meta = [k for k in ("pair", "segments") if any(s.get(k) is not None for s in systems)]
    tested = any(s.get("significance") for s in systems)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        extra = [f"{key} {part}" for key in keys for part in ("p_value", "ci")] if tested else []
        writer.writerow(["hyp"] + meta + keys + extra)
        for s in systems:
            row = [s["hyp"]] + [s.get(k) for k in meta] + [_csv_value(s["scores"].get(k)) for k in keys]
            if tested:
                for key in keys:
                    test = s.get("significance", {}).get(key, {})
                    row += [_csv_value(test.get("p_value")), _csv_value(test.get("ci"))]
            writer.writerow(row)
        return out.getvalue()
    text = _table(systems, meta, keys)
    if tag_report:
        text += "\n" + _tag_report_table(systems)
    return text


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
        [str(s["hyp"])] + [str(s.get(k, "")) for k in meta]
        + [_cell(s["scores"].get(k), s.get("significance", {}).get(k)) for k in keys]
        for s in systems
    ]
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]
    lines = []
    for row in [header] + rows:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    if any(s.get("significance") for s in systems):
        lines.append("")
        lines.append(f"cells: score (bootstrap mean ± 95% CI, p-value against the baseline {systems[0]['hyp']})")
    statuses = [  # a document metric that could not score (validity "not validated") says why
        f"{s['hyp']}: {key} {detail.get('status', 'no score')} ({detail['reason']})"
        for s in systems for key, detail in s.get("details", {}).items()
        if isinstance(detail, dict) and detail.get("reason") and s["scores"].get(key) is None
    ]
    if statuses:
        lines.append("")
        lines.extend(statuses)
    signatures: dict[str, str] = {}
    figures: dict[str, dict[str, Any]] = {}
    for system in systems:
        for key, signature in system.get("signatures", {}).items():
            signatures.setdefault(key, signature)
        for key, figure in system.get("figures", {}).items():
            figures.setdefault(key, figure)
    if signatures:
        lines.append("")
        width = max(len(k) for k in signatures)
        for key, signature in signatures.items():
            lines.append(f"{key.ljust(width)}  {_direction(figures.get(key))}{signature}")
    return "\n".join(lines) + "\n"


def _direction(figure: dict[str, Any] | None) -> str:
    """A note before the signature when a figure is not "0-100, higher is better"."""
    if not figure:
        return ""
    notes = []
    if figure.get("scale", "0-100") != "0-100":
        notes.append(f"scale {figure['scale']}")
    if figure.get("higher_is_better") is False:
        notes.append("lower is better")
    return f"({', '.join(notes)}) " if notes else ""


def _cell(value: Any, test: dict[str, Any] | None = None) -> str:
    if value is None:
        return "n/a"
    text = f"{value:.2f}" if isinstance(value, (int, float)) else str(value)
    if test:
        text += f" ({test['mean']:.2f} ± {test['ci']:.2f}"
        text += f", p = {test['p_value']:.4f})" if test.get("p_value") is not None else ")"
    return text


def _tag_rows(systems: Sequence[dict[str, Any]]) -> list[list[Any]]:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    return [[s["hyp"], row["tag"], *(row[c] for c in TAG_REPORT_COLUMNS)] for s in systems for row in s.get("tags", [])]


def _tag_report_csv(systems: Sequence[dict[str, Any]]) -> str:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["hyp", "tag", *TAG_REPORT_COLUMNS])
    writer.writerows(_tag_rows(systems))
    return out.getvalue()


def _tag_report_table(systems: Sequence[dict[str, Any]]) -> str:
    from tagmt.metrics.placement import TAG_REPORT_COLUMNS

    header = ["hyp", "tag", *TAG_REPORT_COLUMNS]
    rows = [[str(c) for c in row] for row in _tag_rows(systems)]
    if not rows:
        return "per-tag report: no markup on either side\n"
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    lines = ["per-tag report (tags: <b> and </b> count as two)"]
    for row in [header] + rows:
        lines.append("  ".join([row[0].ljust(widths[0]), row[1].ljust(widths[1])]
                               + [c.rjust(w) for c, w in zip(row[2:], widths[2:])]).rstrip())
    return "\n".join(lines) + "\n"
