"""Tag projection quality: detag-and-project with the reference translation as the "engine".

For each direction, the tagged sources are detagged, the tagged references are stripped (that is
what the `reference` engine returns in DP), all pairs are word-aligned at once, and the tags are
projected back. A segment counts as exact when the output equals the tagged reference character for
character. Only segments with tags in the source count. The failures are sorted into causes:

  tags differ      the reference has other tags than the source (cannot be matched)
  order differs    same tags, but the reference orders them otherwise (reordered or re-nested)
  whitespace only  the same text and tags, only whitespace next to a tag differs
  wrong span       a tag encloses other words than in the reference (alignment or span choice),
                   told apart by the first tag that differs:
                     too short  — it covers part of the reference span (a compound cut)
                     too long   — it covers the reference span and more (a neighbour swallowed)
                     shifted    — it overlaps the reference span but neither covers the other
                     elsewhere  — it does not overlap the reference span (a wrong link)
                     point      — a self-closing tag at another position

Usage:  python benchmarks/bench_projection.py [--data ../shared/sap-dev] [--directions en-ja,en-ko,en-zh]
        [--aligner eflomal] [--option symmetrize=union] [--segmenter-zh chars] [--show N]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

from tagmt.data.dataset import open_dataset
from tagmt.data.directions import parse_direction
from tagmt.data.views import parallel_segments
from tagmt.markup import strip, tokenize
from tagmt.project import wordseg
from tagmt.project.align import get_aligner
from tagmt.project import detag, project_batch

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "sap-dev"


def markup_sequence(segment: str) -> list[str]:
    return [t.text for t in tokenize(segment) if t.is_markup]


def cause(source: str, output: str, reference: str) -> str:
    """Why `output` differs from `reference` (see the module docstring)."""
    src_tags, ref_tags = markup_sequence(source), markup_sequence(reference)
    if sorted(src_tags) != sorted(ref_tags):
        return "tags differ"
    if markup_sequence(output) != ref_tags:
        return "order differs"
    if re.sub(r"\s", "", output) == re.sub(r"\s", "", reference):
        return "whitespace only"
    return f"wrong span: {span_error(output, reference)}"


def span_error(output: str, reference: str) -> str:
    """How the first tag placed otherwise than in the reference differs from it."""
    for got, want in zip(detag(output).walk(), detag(reference).walk()):
        if (got.start, got.end) == (want.start, want.end):
            continue
        if want.start == want.end or got.start == got.end:
            return "point"
        if want.start <= got.start and got.end <= want.end:
            return "too short"
        if got.start <= want.start and want.end <= got.end:
            return "too long"
        return "shifted" if got.start < want.end and want.start < got.end else "elsewhere"
    return "elsewhere"


def evaluate(data: Path, direction: str, aligner, show: int) -> tuple[float, int, Counter]:
    d = parse_direction(direction)
    pairs = parallel_segments(open_dataset(data), "dev", d)
    detagged = [detag(p.source) for p in pairs]
    translations = [strip(p.target) for p in pairs]
    outputs = project_batch(detagged, translations, d.src, d.trg, aligner)
    tagged = [k for k, x in enumerate(detagged) if x.tags]
    causes: Counter = Counter()
    shown = 0
    for k in tagged:
        if outputs[k] == pairs[k].target:
            continue
        why = cause(pairs[k].source, outputs[k], pairs[k].target)
        causes[why] += 1
        if shown < show and why.startswith(("wrong span", "whitespace only")):
            shown += 1
            print(f"  [{why}] {pairs[k].source}\n    out: {outputs[k]}\n    ref: {pairs[k].target}")
    exact = len(tagged) - sum(causes.values())
    return exact / len(tagged), len(tagged), causes


def _option(text: str) -> tuple[str, object]:
    key, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    return key, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--directions", default="en-ja,en-ko,en-zh")
    parser.add_argument("--aligner", default="eflomal")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="an aligner option, e.g. symmetrize=union, n_samplers=8 (repeatable)",
    )
    parser.add_argument("--segmenter-zh", default=None, help="chars | latin (no segmentation)")
    parser.add_argument("--segmenter-ko", default=None, help="mecab-ko | spaces")
    parser.add_argument("--show", type=int, default=0, help="print this many failures a direction")
    args = parser.parse_args(argv)
    if not (args.data / "software_documentation").is_dir():
        print(f"no SAP dev split at {args.data}", file=sys.stderr)
        return 2
    if args.segmenter_zh:
        wordseg.DEFAULT_SEGMENTER["zh"] = args.segmenter_zh
    if args.segmenter_ko:
        wordseg.DEFAULT_SEGMENTER["ko"] = args.segmenter_ko
    options = dict(_option(o) for o in args.option)
    aligner = get_aligner(args.aligner, **options)
    print(f"aligner={args.aligner} {options} segmenters={wordseg.DEFAULT_SEGMENTER}")
    print(f"{'direction':<10}{'tagged':>7}{'exact %':>9}  causes of the rest   (seconds)")
    for direction in args.directions.split(","):
        t0 = time.perf_counter()
        share, n, causes = evaluate(args.data, direction, aligner, args.show)
        seconds = time.perf_counter() - t0
        detail = ", ".join(f"{c}: {k}" for c, k in causes.most_common())
        print(f"{direction:<10}{n:>7}{100 * share:>9.1f}  {detail}   ({seconds:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
