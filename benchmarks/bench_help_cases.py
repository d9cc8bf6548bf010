"""The hand-made help-domain pairs (`help_cases.py`) projected as a user would: one `tagmt project` call per
language with the pairs' untagged translations as the MT output, the language's tagged examples (`--examples`),
the installed dictionaries and eflomal, assessed against the tagged translations (`--ref --report`).

A check of the shapes issue 35 names for the unseen help domain in Latin (de, fr, nl), Cyrillic (ru), Japanese and
Chinese — 16 pairs a language, so one pair is 6 points: a list of misses to read, not a figure to tune on.

Usage:
  python benchmarks/bench_help_cases.py [--langs de,fr,nl,ru,ja,zh] [--show] [--json FILE]
  python benchmarks/bench_help_cases.py --quick      # de only: a check that the machinery runs
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from help_cases import EXAMPLE_SOURCES, SOURCES, TRANSLATIONS  # noqa: E402

from tagmt.atomic import write_atomic  # noqa: E402
from tagmt.markup import strip  # noqa: E402


def _lines(path: Path, lines) -> Path:
    write_atomic(path, [line + "\n" for line in lines])
    return path


def run_language(lang: str, work: Path) -> dict:
    """One `tagmt project` call for `lang`'s cases; the report's figures and misses."""
    cases, examples = TRANSLATIONS[lang]
    folder = work / lang
    folder.mkdir(parents=True, exist_ok=True)
    src = _lines(folder / "test.en", SOURCES)
    mt = _lines(folder / f"mt.{lang}", [strip(line) for line in cases])
    ref = _lines(folder / f"ref.{lang}", cases)
    ex_src = _lines(folder / "examples.en", EXAMPLE_SOURCES)
    ex_trg = _lines(folder / f"examples.{lang}", examples)
    report = folder / "report.json"
    command = [sys.executable, "-m", "tagmt", "project", "--source", str(src), "--translation", str(mt),
               "--src-lang", "en", "--trg-lang", lang, "--examples", str(ex_src), str(ex_trg),
               "--ref", str(ref), "--report", str(report), "-o", str(folder / f"out.{lang}")]
    done = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ))
    if done.returncode:
        raise SystemExit(f"{lang}: tagmt project failed:\n{done.stderr}")
    found = json.loads(report.read_text(encoding="utf-8"))
    outputs = (folder / f"out.{lang}").read_text(encoding="utf-8").splitlines()
    misses = [(s, r, o) for s, r, o in zip(SOURCES, cases, outputs) if r != o]
    return {"lang": lang, "pairs": len(cases), "exact": len(cases) - len(misses), "misses": misses,
            "report_exact": found.get("exact")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--langs", default=",".join(TRANSLATIONS))
    parser.add_argument("--show", action="store_true", help="print every miss")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--quick", action="store_true", help="de only (run_quick.py's check)")
    args = parser.parse_args(argv)
    if args.quick:
        args.langs = "de"
    records = []
    with tempfile.TemporaryDirectory(prefix="help-cases-") as tmp:
        for lang in args.langs.split(","):
            found = run_language(lang, Path(tmp))
            records.append(found)
            print(f"{lang:<4}{found['exact']:>3}/{found['pairs']}", flush=True)
            if args.show:
                for source, ref, out in found["misses"]:
                    print(f"  {source}\n    out: {out}\n    ref: {ref}")
    total = sum(r["pairs"] for r in records)
    exact = sum(r["exact"] for r in records)
    print(f"all {exact}/{total}")
    print(f"ratio exact/pairs (hand-made help cases, {args.langs}): {exact / max(total, 1):.3f}")
    if args.json:
        write_atomic(args.json, [json.dumps(records, ensure_ascii=False, indent=1) + "\n"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
