"""How much the projections move with eflomal's seed: two or more `bench_projection.py --outputs` folders compared.

Each folder holds one `*.jsonl` per row (set, direction, mode), written by `bench_projection.py --outputs DIR`
at one seed (`--option seed=N`). For every row present in all the folders this prints the pairs whose
projection is the same in every folder (agree), those that differ (split), and — with the references
(`--sap`/`--eurlex`, the dev part) — the exact share at each seed, the mean over seeds, and how the split
pairs fall: right at every seed never (wrong everywhere), right at some seeds only (`some`). The headline
is the share of tagged pairs whose projection agrees across all the folders (1.0: the seed changes nothing).

    python benchmarks/bench_seed_spread.py DIR1 DIR2 [DIR3 ...] [--sap ../shared/sap-dev --eurlex ../shared/eurlex-dev]
        [--show N]     # print N split pairs a row, each folder's projection and the reference
    python benchmarks/bench_seed_spread.py --quick   # two hand-written folders: checks the machinery

Only the dev part is read (the lockbox outputs, if any, are skipped: their file names say `lockbox`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def read_rows(folder: Path) -> dict[str, list[str]]:
    """Every row file of one `--outputs` folder: its name (without `.jsonl`) → its projections."""
    rows = {}
    for path in sorted(folder.glob("*.jsonl")):
        if "lockbox" in path.name or ".all." in path.name:
            continue
        with path.open(encoding="utf-8") as handle:
            rows[path.stem] = [json.loads(line) for line in handle]
    return rows


def has_tags(text: str) -> bool:
    """Whether a projection or a source carries markup (a `<` that opens a tag)."""
    from tagmt.projection import detag
    return bool(detag(text).tags)


KINDS = ("edge", "elsewhere", "point", "other")


def split_kind(texts: list[str]) -> str:
    """How the projections of one pair differ: `point` (only points moved), `edge` (a span's edge moved,
    the span still overlapping itself), `elsewhere` (a span went to other words: a different word or copy
    chosen), `other` (the plain texts or the tag counts differ)."""
    from tagmt.projection import detag
    detagged = [detag(t) for t in texts]
    if len({d.plain for d in detagged}) > 1:
        return "other"
    spans = [[(tag.start, tag.end) for tag in d.walk()] for d in detagged]  # (document order, parents first)
    if len({len(s) for s in spans}) > 1:
        return "other"
    kind = "point"
    for placed in zip(*spans):
        if len(set(placed)) == 1:
            continue
        if all(a == b for a, b in placed):
            continue  # (points only)
        lo, hi = max(a for a, _ in placed), min(b for _, b in placed)
        if lo >= hi:
            return "elsewhere"
        kind = "edge"
    return kind


def compare(runs: list[list[str]], sources: list[str] | None = None,
            references: list[str] | None = None) -> dict:
    """One row's figures over its folders' projections (`runs`: one list per folder, the same length)."""
    n = len(runs[0])
    if any(len(r) != n for r in runs):
        raise ValueError("the folders' row files differ in length: not the same row")
    tagged = [k for k in range(n) if has_tags(sources[k] if sources else runs[0][k])]
    split = [k for k in tagged if len({r[k] for r in runs}) > 1]
    result = {"tagged": len(tagged), "split": len(split), "agree": 1 - len(split) / max(1, len(tagged)),
              "split_pairs": split, "kinds": {k: 0 for k in KINDS}}
    for k in split:
        result["kinds"][split_kind([r[k] for r in runs])] += 1
    if references is not None:
        exact = [sum(r[k] == references[k] for k in tagged) / max(1, len(tagged)) for r in runs]
        some = sum(1 for k in split if any(r[k] == references[k] for r in runs))
        result.update(exact=exact, mean=sum(exact) / len(exact), some=some, never=len(split) - some)
    return result


def _references(row: str, sap: Path, eurlex: Path) -> tuple[list[str], list[str]] | None:
    """The dev part's sources and references of a row named `set.direction.mode...`, or None."""
    from bench_projection import SETS, load_pairs, split_lockbox
    name, direction = row.split(".")[:2]
    if name not in SETS or direction not in SETS[name]:
        return None
    dev, _ = split_lockbox(load_pairs(name, direction, sap, eurlex), name)
    return [p.source for p in dev], [p.target for p in dev]


def report(folders: list[Path], sap: Path | None, eurlex: Path | None, show: int = 0) -> float:
    """Print the table; return the share of tagged pairs that agree across the folders, all rows."""
    read = [read_rows(folder) for folder in folders]
    rows = sorted(set.intersection(*(set(r) for r in read)))
    if not rows:
        raise SystemExit("bench_seed_spread: no row file is in every folder")
    seeds = " ".join(f"{'exact' + str(k + 1):>7}" for k in range(len(folders)))
    print(f"{'row':<26}{'tagged':>7}{'split':>6}{'agree':>7}  {seeds}{'mean':>7}{'some':>5}{'never':>6}  "
          + " ".join(f"{kind[:5]:>5}" for kind in KINDS))
    total = agree = 0
    for row in rows:
        refs = _references(row, sap, eurlex) if sap and eurlex else None
        runs = [r[row] for r in read]
        if refs is not None and len(refs[0]) != len(runs[0]):
            refs = None  # (a row of --paragraphs/--sentences: not the plain dev pairs)
        result = compare(runs, *(refs or (None, None)))
        total += result["tagged"]
        agree += result["tagged"] - result["split"]
        line = f"{row:<26}{result['tagged']:>7}{result['split']:>6}{100 * result['agree']:>7.1f}  "
        if "exact" in result:
            line += " ".join(f"{100 * e:>7.1f}" for e in result["exact"])
            line += f"{100 * result['mean']:>7.2f}{result['some']:>5}{result['never']:>6}  "
        line += " ".join(f"{result['kinds'][kind]:>5}" for kind in KINDS)
        print(line)
        for k in result["split_pairs"][:show]:
            print(f"  [{k}] ({split_kind([r[k] for r in runs])}) src: {refs[0][k] if refs else ''}")
            for f, r in enumerate(runs):
                mark = "" if refs is None else (" ok" if r[k] == refs[1][k] else "")
                print(f"    {f + 1}{mark}: {r[k]}")
            if refs:
                print(f"    ref: {refs[1][k]}")
    share = agree / max(1, total)
    print(f"ratio pairs agreeing across {len(folders)} seeds: {share:.4f}")
    return share


def _quick() -> float:
    """Two hand-written folders of one row: 3 tagged pairs, one split."""
    with tempfile.TemporaryDirectory() as tmp:
        folders = [Path(tmp) / "a", Path(tmp) / "b"]
        outputs = (["<b>A</b> x", "y", "<i>z</i> w", "<b>p q</b>"], ["<b>A</b> x", "y", "<i>z w</i>", "<b>p q</b>"])
        for folder, rows in zip(folders, outputs):
            folder.mkdir()
            (folder / "quick.en-xx.cv.dev.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
        return report(folders, None, None, show=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", type=Path, help="two or more bench_projection --outputs folders")
    parser.add_argument("--sap", type=Path, help="the SAP dev data (references for the exact shares)")
    parser.add_argument("--eurlex", type=Path, help="the EUR-Lex/glossary dev data")
    parser.add_argument("--show", type=int, default=0, help="print this many split pairs a row")
    parser.add_argument("--quick", action="store_true", help="two hand-written folders: checks the machinery")
    args = parser.parse_args(argv)
    if args.quick:
        _quick()
        return 0
    if len(args.folders) < 2:
        parser.error("give two or more --outputs folders")
    report(args.folders, args.sap, args.eurlex, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
