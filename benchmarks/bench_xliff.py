"""Memory and time of the XLIFF layer at 1k / 10k / 50k units (issue 19, item 5: at most 10x the file size,
growing linearly).

Each size is a generated XLIFF 1.2 file in a CAT tool's shape (a note and a resname per unit, three inline
codes per source, half the units with a target in state "new" that asks for translation, a quarter with a
final target that must be kept). Every run is its own process, so the peak resident memory it reports
(ru_maxrss) is that run's; the baseline is the same process after its imports and a warm-up run on a
10-unit file of the same shape (so that modules imported on first use are not counted as the file's).

* ``translate``: ``translate_file(..., approach="dt", engine="copy")`` — read, plan, translate, write.
* ``project``: ``project_xliff(...)`` with a diagonal aligner (word i ↔ word i): the file layer and the
  projection, without eflomal's own memory (which depends on the aligner, not on the file).
* ``project-eflomal``: the same with tagmt's default aligner, eflomal, as ``tagmt project --xliff`` runs it.
* ``learn``: ``learn_model`` (``tagmt learn --corpus SRC TRG``) from a generated plain parallel corpus of as
  many lines as the size says (sentences of 4–24 words drawn from a 6,000-word Zipf vocabulary, the target a
  word-for-word mapping with a local reordering); its input is the two line files' bytes.

eflomal runs as a subprocess (the ``eflomal`` binary), so the peak of the tagmt process misses it: the
``eflomal MB`` column is the peak resident memory of the largest eflomal process, printed beside the tagmt
figure. eflomal's seeded runs (3) go in parallel, up to one per core, so at most that many such processes
are resident at once (the ``at once`` column). Measured with ``getrusage(RUSAGE_CHILDREN).ru_maxrss`` — but
not of the tagmt process: Python starts a child by vfork, and Linux records the high-water mark of the
memory a process leaves at exec as that process's own, so every direct child of tagmt "peaks" at least at
tagmt's own peak so far (the first version of this column read 269 MB for eflomal at 50k units, most of it
tagmt's). So each eflomal command runs here through a small Python wrapper (``_EFLOMAL_WRAPPER``), which
starts eflomal itself and reports its own ``RUSAGE_CHILDREN`` peak: eflomal's, over a floor of the
wrapper's ~10 MB.

Usage:  python benchmarks/bench_xliff.py [--sizes 1000,10000,50000] [--runs translate,project] [--quick]
            [--target-language de|zh]
        python benchmarks/bench_xliff.py --runs project-eflomal,learn --sizes 10000,50000
``--target-language zh`` writes Chinese targets: the projection then aligns them on characters and on
dictionary words (``tagmt/projection/alignunits.py``, two views whose unit texts are made as the aligner reads
them, the joined links kept compact): project 1k / 10k / 50k units 10.3x / 8.9x / 8.8x the file (50k:
128.6 MB, 19.1 s CPU; the 1k figure is a few MB over a warm-up baseline, where hash tables and caches weigh).
Prints per size and run: seconds (wall clock), cpu seconds (the run's process time: on a shared machine
the wall clock swings with the load), peak MB above the baseline, input MB and the ratio peak/input, then
one ``ratio`` line per run at the largest size (``--quick``: 1k and 5k units, a check that it runs).

Measured on a shared 2-core machine (issue 19, item 5), before (4893d3d) and after the projection batch
kept its words and links compact (``tagmt/projection/wordstore.py``), one run each, back to back:

    run        units   peak MB before → after   peak/input before → after   cpu s before → after
    translate   1000     2.1 →   2.1               7.4x → 7.4x                 0.16 →  0.14
    translate  10000    18.2 →  18.2               6.2x → 6.2x                 1.36 →  1.37
    translate  50000    86.4 →  86.0               5.8x → 5.8x                 6.97 →  6.66
    project     1000     3.8 →   2.2              13.0x → 7.8x                 0.29 →  0.33
    project    10000    36.1 →  22.8              12.4x → 7.8x                 2.85 →  2.98
    project    50000   181.1 → 116.6              12.2x → 7.9x                14.85 → 15.65

Wall seconds at 50k units, same runs: translate 16.9 → 13.4, project 37.7 → 35.7 (they vary by ±20 %
from run to run with the machine's load).

With eflomal (``--runs project-eflomal,learn --sizes 1000,10000,50000``; one run each, shared 2-core machine;
the tagmt process above its baseline / the largest eflomal process, whose floor is the wrapper's ~11 MB):

    run               units   tagmt MB (×input)                 eflomal MB    eflomal cpu s
    project-eflomal    1000     7.2 (25.1x) → 3.4 (11.7x)          ≤ 11            0.9
    project-eflomal   10000    65.0 (22.2x) → 27.5 (9.4x)          ≤ 11            2.9
    project-eflomal   50000   320.5 (21.7x) → 133.4 (9.0x)          14.4           5.8
    learn (lines)     10000     6.1 (4.2x)                          ≤ 11           15.2
    learn (lines)     50000    14.8 (2.0x)                          32.1           33.4
    learn (lines)    200000    56.5 (1.9x)                          97.6           87.1

"→": before / after eflomal's three seeded runs kept their forward, reverse and symmetrized links compact
until the vote (``tagmt.projection.align``: as sets, nine lists of every pair's links were held at once, ~13x
the file). eflomal itself holds its corpus as integers: linear, ~0.44 MB per 1,000 lines of ~14 words
(3.4x the corpus bytes at 200k lines), up to two such processes at once; the tagmt process of ``tagmt learn``
grows linearly too, ~1.9x the corpus bytes.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

UNIT = """      <trans-unit id="u{n}" resname="screen.{n}.label">
        <source>Click <g id="1">Save</g> to keep <x id="2"/> the file number {n} &amp; close <ph id="3">&lt;br/&gt;</ph> it.</source>{target}
        <note>Shown on screen {n}.</note>
      </trans-unit>
"""
TARGETS = {
    "de": ("", '\n        <target state="new">Klicken</target>', "", '\n        <target state="final">Klicken Sie auf '
           '<g id="1">Speichern</g>, um <x id="2"/> die Datei {n} &amp; zu schließen <ph id="3">&lt;br/&gt;</ph>.</target>'),
    # Chinese: the projection aligns it on characters and on dictionary words (alignunits.py)
    "zh": ("", '\n        <target state="new">单击</target>', "", '\n        <target state="final">单击<g id="1">保存</g>'
           '以保留<x id="2"/>文件编号 {n} &amp; 关闭<ph id="3">&lt;br/&gt;</ph>它。</target>'),
}


def make_file(path: Path, units: int, lang: str = "de") -> int:
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" '
                  'xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file original="ui" source-language="en" '
                  f'target-language="{lang}" datatype="plaintext">\n    <body>\n')
        for n in range(units):
            out.write(UNIT.format(n=n, target=TARGETS[lang][n % 4].format(n=n)))
        out.write("    </body>\n  </file>\n</xliff>\n")
    return path.stat().st_size


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


_EFLOMAL_WRAPPER = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[2:])
with open(sys.argv[1], "w") as report:
    report.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(done.returncode)
"""


def _watch_eflomal() -> list[float]:
    """Run every eflomal command of this process through `_EFLOMAL_WRAPPER` (see the module docstring);
    the list fills with each run's own peak resident MB."""
    import os

    peaks: list[float] = []
    real = subprocess.run

    def run(args, *rest, **options):
        if not isinstance(args, (list, tuple)) or not args or Path(str(args[0])).name != "eflomal":
            return real(args, *rest, **options)
        handle, report = tempfile.mkstemp(prefix="bench-eflomal-")
        os.close(handle)
        try:
            done = real([sys.executable, "-c", _EFLOMAL_WRAPPER, report, *map(str, args)], *rest, **options)
            text = Path(report).read_text()
            if text:
                peaks.append(int(text) / 1024)
            return done
        finally:
            os.unlink(report)

    subprocess.run = run  # type: ignore[assignment]  # (tagmt.projection.align and .model call subprocess.run)
    return peaks


def make_corpus(folder: Path, lines: int, seed: int = 7) -> tuple[Path, Path, int]:
    """A plain parallel corpus of ``lines`` lines (see the module docstring); its two files and their bytes."""
    import random

    rng = random.Random(seed)
    vocabulary = [f"w{k}" for k in range(6000)]
    weights = [1 / (k + 1) for k in range(len(vocabulary))]  # Zipf: a few words are everywhere
    mapped = {word: f"z{(k * 7919) % 6000}x" for k, word in enumerate(vocabulary)}
    src, trg = folder / f"corpus{lines}.en", folder / f"corpus{lines}.de"
    with src.open("w", encoding="utf-8") as fs, trg.open("w", encoding="utf-8") as ft:
        for _ in range(lines):
            words = rng.choices(vocabulary, weights, k=rng.randint(4, 24))
            target = [mapped[w] for w in words]
            cut = rng.randint(0, len(target) - 1)
            target = target[:cut] + target[cut:][::-1]  # a local reordering, as verb-final targets have
            fs.write(" ".join(words) + "\n")
            ft.write(" ".join(target) + "\n")
    return src, trg, src.stat().st_size + trg.stat().st_size


def child(kind: str, path: str, out: str, lang: str = "de") -> None:
    """One measured run, in its own process; prints a JSON line."""
    from tagmt.projection.align import get_aligner
    from tagmt.projection.model import learn_model, line_pairs
    from tagmt.translation.files import translate_file
    from tagmt.translation.options import OutputFile, RunOptions
    from tagmt.translation.projection import project_xliff

    class Diagonal:
        name = "diagonal"

        def align(self, src_words, trg_words):
            return [{(i, i) for i in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]

    def run(source: str, target: str) -> None:
        if kind == "translate":
            translate_file(source, target, approach="dt", engine="copy", run=RunOptions(use_cache=False, progress=False))
        elif kind == "learn":
            learn_model(target, src_lang="en", trg_lang="de", corpora=[line_pairs(source, source[:-3] + ".de")],
                        progress=False)
        else:
            aligner = get_aligner("eflomal") if kind == "project-eflomal" else Diagonal()
            project_xliff(source, OutputFile(target, overwrite=True), aligner=aligner)

    eflomal = _watch_eflomal()
    if kind == "learn":
        (Path(path).parent / "warm").mkdir(exist_ok=True)
        warm = make_corpus(Path(path).parent / "warm", 10)[0]
    else:
        warm = Path(path).with_suffix(".warm.xlf")
        make_file(warm, 10, lang)
    run(str(warm), str(warm) + ".out")
    baseline = _peak_mb()
    eflomal.clear()  # (the warm-up's runs)
    started, cpu = time.perf_counter(), time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    run(path, out)
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu,
                      "peak_mb": _peak_mb() - baseline, "children_peak_mb": max(eflomal, default=0.0),
                      "eflomal_runs": len(eflomal),
                      "children_cpu": done.ru_utime + done.ru_stime - kids.ru_utime - kids.ru_stime}))


EFLOMAL_RUNS = ("project-eflomal", "learn")


def main(argv: list[str] | None = None) -> int:
    import os

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--runs", default="translate,project",
                        help="translate, project, project-eflomal, learn (comma-separated)")
    parser.add_argument("--quick", action="store_true", help="1k and 5k units only (a check that it runs)")
    parser.add_argument("--target-language", choices=sorted(TARGETS), default="de",
                        help="the file's target language (zh: the two-view Chinese alignment path)")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes = "1000,5000"
    if args.child:
        child(*args.child)
        return 0
    runs = args.runs.split(",")
    unknown = [kind for kind in runs if kind not in ("translate", "project", *EFLOMAL_RUNS)]
    if unknown:
        parser.error(f"--runs: unknown run {unknown[0]!r}")
    at_once = min(3, os.cpu_count() or 1)  # eflomal's seeded runs in parallel (tagmt.projection.align, model)
    print(f"{'run':<16} {'units':>7} {'seconds':>8} {'cpu s':>7} {'peak MB':>8} {'input MB':>9} {'peak/input':>10}"
          f" {'eflomal MB':>10} {'eflomal/input':>13} {'at once':>7} {'eflomal cpu s':>13}")
    last: dict[str, tuple[int, float, float | None]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for units in (int(s) for s in args.sizes.split(",")):
            path = Path(folder) / f"in{units}.xlf"
            size = make_file(path, units, args.target_language)
            for kind in runs:
                source, measured = str(path), size
                if kind == "learn":  # a plain corpus of as many lines, its bytes the input
                    corpus, _, measured = make_corpus(Path(folder), units)
                    source = str(corpus)
                out = str(Path(folder) / f"out{units}.{kind}")
                result = subprocess.run([sys.executable, __file__, "--child", kind, source, out,
                                         args.target_language],
                                        capture_output=True, text=True, check=True)
                figures = json.loads(result.stdout.strip().splitlines()[-1])
                mb = measured / 2**20
                eflomal = figures["children_peak_mb"] if kind in EFLOMAL_RUNS else None
                shown = (f"{eflomal:>10.1f} {eflomal / mb:>12.1f}x {at_once:>7} {figures['children_cpu']:>13.2f}"
                         if eflomal is not None else f"{'-':>10} {'-':>13} {'-':>7} {'-':>13}")
                print(f"{kind:<16} {units:>7} {figures['seconds']:>8.2f} {figures['cpu']:>7.2f} "
                      f"{figures['peak_mb']:>8.1f} {mb:>9.2f} {figures['peak_mb'] / mb:>9.1f}x {shown}", flush=True)
                last[kind] = (units, figures["peak_mb"] / mb, None if eflomal is None else eflomal / mb)
    for kind, (units, ratio, kids) in last.items():
        print(f"ratio peak memory / input bytes ({kind}, {units // 1000}k units): {ratio:.1f}")
        if kids is not None:
            print(f"ratio eflomal peak memory / input bytes ({kind}, {units // 1000}k units): {kids:.1f} "
                  f"(one eflomal process; up to {at_once} at once)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
