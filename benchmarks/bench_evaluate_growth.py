"""How `tagmt evaluate` grows with its input: seconds and peak memory for 10k / 20k / 40k segments
(the default segment metrics, one system), and for the document metrics tree-sim and node-chrf by
document size.

Each size runs in a fresh process (``python -m tagmt evaluate …`` on line files written here), so the
peak resident memory (``ru_maxrss`` of the child) is that run's alone. Segments are the SAP dev
references of one direction cycled to the size and numbered, so that every segment is distinct (or
generated tagged English when ../shared/sap-dev is absent); the hypothesis is the reference with every
fifth segment's tags dropped and one word changed. ``--metric`` chooses the metrics (default: the
default set); ``--compat original`` shows the cost of Hashimoto et al.'s originals, which hold the
corpus in memory.

    python benchmarks/bench_evaluate_growth.py                 # en-ja, 10k 20k 40k
    python benchmarks/bench_evaluate_growth.py --pair en-de --sizes 5000 10000
    python benchmarks/bench_evaluate_growth.py --compat original --metric xml-bleu markup-match --no-documents
    python benchmarks/bench_evaluate_growth.py --quick           # 1k and 2k segments, small documents

The last lines are the ratios of peak memory and of seconds per segment, largest size over smallest.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tagmt.markup import strip  # noqa: E402


def references(pair: str) -> tuple[list[str], str]:
    trg = pair.split("-")[1]
    sap = Path(os.environ.get("TAGMT_SAP_DEV", ROOT.parent / "shared" / "sap-dev"))
    if sap.is_dir() and trg in ("ja", "ko", "zh", "en"):
        from tagmt.data.dataset import open_dataset
        from tagmt.data.views import parallel_segments

        lines = [s.target for s in parallel_segments(open_dataset(sap), "dev", pair)]
        return lines, trg
    words = "choose the save button to keep the work pack and open the list of values".split()
    lines = []
    for i in range(2000):
        w = words[i % 7 :] + words[: i % 7]
        lines.append(f"{' '.join(w[:3])} <uicontrol>{w[3]}</uicontrol> {' '.join(w[4:])} {i} .")
    return lines, "en"


def hypothesis(line: str, i: int) -> str:
    line = strip(line) if i % 5 == 0 else line
    return line.replace("の", "を", 1) if i % 2 else line.replace(" the ", " a ", 1)


def run(argv: list[str]) -> tuple[float, float]:
    """Seconds and peak resident MB of one ``tagmt`` run (``wait4`` gives that child's own rusage)."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen([sys.executable, "-m", "tagmt", *argv], stdout=subprocess.DEVNULL, stderr=errors,
                                 env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - started
        if status != 0:
            errors.seek(0)
            raise SystemExit(errors.read().decode())
    return seconds, usage.ru_maxrss / 1024  # KiB on Linux


def segment_curve(pair: str, sizes: list[int], folder: Path, metrics: list[str],
                  compat: str = "tagmt") -> list[tuple[int, float, float]]:
    lines, trg = references(pair)
    chosen = (["--metric", *metrics] if metrics else []) + ["--compat", compat]
    print(f"segment metrics ({' '.join(metrics) or 'default set'}, --compat {compat}), one system, {pair} "
          f"({len(lines)} references cycled, numbered)")
    print(f"{'segments':>9}  {'seconds':>8}  {'peak MB':>8}  {'ms/segment':>10}")
    rows = []
    for size in sizes:
        ref, hyp = folder / f"ref.{size}", folder / f"hyp.{size}"
        cycled = [f"{lines[i % len(lines)]} {i}" for i in range(size)]
        ref.write_text("".join(line + "\n" for line in cycled), encoding="utf-8")
        hyp.write_text("".join(hypothesis(line, i) + "\n" for i, line in enumerate(cycled)), encoding="utf-8")
        seconds, peak = run(["evaluate", "--ref", str(ref), "--trg-lang", trg, "--hyp", str(hyp), "--format", "json",
                             *chosen])
        print(f"{size:>9}  {seconds:>8.1f}  {peak:>8.0f}  {1000 * seconds / size:>10.2f}")
        rows.append((size, seconds, peak))
    return rows


def document(elements: int, seed: int) -> str:
    body = "".join(
        f"<p>Step {i}: choose <uicontrol>Save {i}</uicontrol> to keep pack {i * seed}.</p>" for i in range(elements // 2)
    )
    return f"<topic><title>Doc</title><body>{body}</body></topic>"


def document_curve(folder: Path, quick: bool = False) -> None:
    print("\ndocument metrics, one document per file")
    print(f"{'metric':>9}  {'elements':>8}  {'seconds':>8}  {'peak MB':>8}")
    # both pair nodes through the tree edit distance's mapping (cubic), so both stop at 400 elements a document
    curves = (("node-chrf", [50, 100]), ("tree-sim", [50, 100])) if quick else (
        ("node-chrf", [50, 100, 200, 396]), ("tree-sim", [50, 100, 200, 396]))
    for metric, sizes in curves:
        for size in sizes:
            ref, hyp = folder / f"{metric}.{size}.ref.xml", folder / f"{metric}.{size}.hyp.xml"
            ref.write_text(document(size, 1), encoding="utf-8")
            hyp.write_text(document(size - 2, 2), encoding="utf-8")
            seconds, peak = run(["evaluate", "--metric", metric, "--ref", str(ref), "--hyp", str(hyp)])
            print(f"{metric:>9}  {size:>8}  {seconds:>8.1f}  {peak:>8.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pair", default="en-ja")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 20_000, 40_000])
    parser.add_argument("--metric", nargs="+", default=[], help="segment metrics (default: the default set)")
    parser.add_argument("--compat", choices=("tagmt", "original"), default="tagmt",
                        help="original: Hashimoto et al.'s metrics hold the corpus in memory (not flat)")
    parser.add_argument("--no-documents", action="store_true")
    parser.add_argument("--quick", action="store_true", help="1k and 2k segments, small documents (a smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.sizes = [1_000, 2_000]
    with tempfile.TemporaryDirectory() as tmp:
        rows = segment_curve(args.pair, sorted(args.sizes), Path(tmp), args.metric, args.compat)
        if not args.no_documents:
            document_curve(Path(tmp), args.quick)
    (small, t_small, m_small), (large, t_large, m_large) = rows[0], rows[-1]
    print(f"\nratio peak memory {large}/{small} segments: {m_large / m_small:.2f}  (flat memory: about 1)")
    print(f"ratio seconds per segment {large}/{small} segments: {(t_large / large) / (t_small / small):.2f}"
          "  (linear time: about 1)")


if __name__ == "__main__":
    main()
