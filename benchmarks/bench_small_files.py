"""Small files with a projection model: 10-line files projected one at a time through the CLI, against the
same lines projected as one file, cross-validated on the glossary dev sets (issue 21) and, with `--sap-langs`,
on SAP documents (issue 35).

Only the dev part of each set is read (`bench_projection.split_lockbox`, issue 35): the last third of each line
file and every third SAP document are the lockbox, never opened here (the figures before issue 35 below used the
whole files, lockbox included, and are not comparable with the later ones).

For each target language and each of two folds (alternate lines): a model is learned (`tagmt learn`) from the
glossary half of the fold plus the EUR-Lex dev part as tagged examples; the other glossary half is projected
onto its own plain reference (an oracle translation) (a) in files of `--lines` lines, one `tagmt project`
process each, and (b) as one file, both with `--projection-model`; (c) as one file on the fly with the same
examples (`--examples`, no model). The folds' outcomes are pooled. Printed per language: exact % of (a), (b),
(c), the median wall seconds per small file including start-up, and the mean and largest CPU seconds per small
file (the `tagmt` process and its eflomal runs: the wall clock of a shared machine is not the call's), and the
ratios (a)/(b) and CPU s per file / `BUDGET_SECONDS` (issue 35: within 2 points of one file, at most 2 s each).
SAP (`--sap-langs ko,ja`): alternate documents make the folds; a model is learned from one half's documents, the
other half's documents are cut into files of `--lines` consecutive segments of one document (those with a tagged
segment; `--max-files N` keeps the first N of a fold), one file = those files' segments together.
`--format-1`: each small file and the one file also with the same model as format 1 wrote it (`as_format_1`: no
verdict on taught terms), the figures before format 2 from the same learning runs (the projections of a format-1
model are those of the code before it: checked byte for byte on the first de files). `--work DIR` keeps every
file, and `DIR/SET/LANG.NAME.out` each column's projections, one line each, to compare runs with diff.

`--format-2`: each small file and the one file also with the same model as format 2 wrote it (`as_format_2`: no
stored examples, the call aligned with the priors alone), the figures before format 3 from the same learning runs.

`--seed N`: eflomal's seed for every learning and projecting run (default 1; issue 35 measures at 1 and 11).

Measured (issue 35, t35small3, `--langs "" --sap-langs ko,ja --max-files 30 --format-2`, seed 1, a load of 8-10;
docs/projection-history.md has the rest), exact % 10-line files / one file with the model, mean and largest CPU s
a file, before (format 2) → after (the nearest stored examples aligned along): SAP ko 87.9 / 91.4, 0.46, 0.68 →
91.4 / 92.9, 0.68, 1.15 (gap 3.5 → 1.5); ja 90.0 / 92.9, 0.72, 1.40 → 90.7 / 92.9, 0.96, 2.02 (gap 2.9 → 2.2;
neighbours.CELLS 6,000 then); with CELLS 3,000 (shipped): ko 87.9 / 91.4 → 91.4 / 93.6, 0.63, 0.91 (gap 3.5 →
2.2); glossary de (`--max-files 8`, 16 files) 95.6 / 96.2 → 96.9 / 97.5, 1.42, 1.60; fr 94.4 / 96.2 → 96.2 / 96.2,
0.97, 1.12; hu 93.8 / 95.0 → 92.5 / 95.0, 0.98, 1.11 (a loss: 2 lines; a load of 10-14).

Measured (issue 35, dev part only, 2 cores at a load of 17-25: `--langs de,fr,hu --format-1` and `--langs ""
--sap-langs ko --max-files 30 --format-1`), exact % 10-line files / one file with the model / one file on the fly,
median wall s, mean and largest CPU s per file: glossary de 95.3 / 96.9 / 96.3, 24.2, 2.12, 2.42; fr 93.7 / 93.7 /
95.3, 16.3, 1.36, 1.67; hu 92.7 / 93.7 / 95.3, 18.9, 1.48, 1.76; SAP ko (60 files) 87.1 / 90.7 / 95.0, 10.6, 0.90,
1.16. Format 1 (no verdict on taught terms) gave the same figures, every projection the same: the verdict is kept
now, but it changed no line of these files. The CPU seconds are inflated by the load (de 0.96 s per file on a
quieter machine, below; a ko file alone measured 0.82 s under /usr/bin/time). SAP ko decomposed in process on
fold 0's 30 files as one file: model 88.7; without the ranker, with the conventions learned on the fly, or with
none, still 88.7; the model plus the examples' plain sides aligned along (`--align-corpus`) 94.3 (8.9 CPU s for
one 10-line file: over the budget); the model plus the tagged examples 96.2; the examples on the fly, no model,
98.1. So the gap is eflomal's alignment of the call with the model's priors instead of jointly with the examples,
not anything the examples teach the stages. Glossary de fold 0, first 70 lines (`--decompose`): files with the
model 95.7, each file on the fly 97.1, with the rest of the half as plain corpus 95.7.

Measured with the dictionary anchors (`project/lexicon.py`, the installed FreeDict dictionaries, which `tagmt
learn` keeps in the model and a call looks up again), exact % 10-line files / one file with the model / on the
fly, median wall s, CPU s per file: de 96.5 / 96.9 / 96.2, 6.79 (a busy machine), 0.96; fr 96.2 / 95.8 / 95.5,
1.07, 0.61; hu 94.4 / 94.4 / 95.1, 0.76, 0.65 (de: the lookup scans two 460,000-line dictionary indexes,
~0.4 s CPU a call). Before them:

Measured (2 shared cores; `python benchmarks/bench_small_files.py`, with the link confidences of
`project/confidence.py`), exact % of 10-line files / one file with the model / one file on the fly, median
wall s per file (a heavily loaded machine for de, fr), CPU s per file: de 91.3 / 92.0 / 91.6, 7.12, 0.61;
fr 95.8 / 95.5 / 95.1, 7.26, 0.62; hu 92.0 / 92.0 / 93.0, 1.03, 0.55 (30 files each). Before them, with
the cognate anchors and the deterministic `tagmt learn`: de 90.9 / 92.0 / 91.3, 1.11, 0.57; fr 95.1 / 94.8 /
94.8, 0.92, 0.60; hu 91.6 / 91.6 / 93.4, 0.64, 0.59. Before the cognate anchors (a non-deterministic
model then): de 90.2 / 90.9 / 90.9, fr 94.1 / 93.7 / 94.8, hu 91.3 / 91.6 / 93.0; two runs of that code
differed by up to 1.1 points (`tagmt learn` gave another model on every run: eflomal's OpenMP samplers,
fixed since).

Why a line projects otherwise in a 10-line file than in the whole file, with the same model (`--decompose`,
and in-process ablations on hu): each small file projected on the fly with all the examples aligned along
(no model) scores what it scores with the model (hu 90.2 both; de 90.9 against 89.2, within the run-to-run
noise above), so the model gives a small file what the examples give it. What one file has and a small one
lacks is the file's own other lines: the rest of the file given to each small file's aligner as plain
`--align-corpus` brings hu from 90.2 to 91.3 of one file's 91.6 (eflomal sampling the file's own rare words
together; de: 89.5, no gain), the batch glossary passes (`consistent_terms`) the remaining 0.3. The misses
that differ are single content words linked to a neighbour (`soon` → `fenntarthatatlanná`, `women` → `der`).
Neither can be learned from other text. Also tried and not kept: each word's prior mass outside the call's
vocabulary kept in eflomal's normalization (same models: hu +0.3 / +1.0, de -0.7 / 0, fr 0 / -0.4 for
10-line files / one file), 7 eflomal runs instead of 3, eflomal's own iteration schedule for the call alone,
the 100 stored example pairs sharing the most rare words aligned along (hu 90.6).

Usage:
  python benchmarks/bench_small_files.py [--eurlex ../shared/eurlex-dev] [--langs de,fr,hu] [--lines 10]
      [--sap ../shared/sap-dev --sap-langs ko] [--max-files N] [--format-1] [--format-2] [--decompose] [--seed N]
      [--work DIR] [--json FILE] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from tagmt.corpus.lines import read_segments, write_lines
from tagmt.xmltext import unescape
from tagmt.projection import detag
from tagmt.projection.assess import assess

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


SEED = 1
"""eflomal's seed for every `tagmt learn` and `tagmt project` run (`--seed`; the CLI has no option for it)."""

_SEEDED = ("import runpy; from tagmt.projection.align import EflomalAligner as A; i = A.__init__\n"
           "def init(self, *a, **k):\n    i(self, *a, **k); self.seed = {seed}\n"
           "A.__init__ = init; runpy.run_module('tagmt', run_name='__main__', alter_sys=True)")
"""`python -m tagmt` with every eflomal aligner seeded with `{seed}` (`--seed` other than 1)."""


def _tagmt(*args: str) -> float:
    """Run the tagmt command (eflomal seeded with `SEED`); its wall seconds."""
    started = time.perf_counter()
    command = ["-m", "tagmt"] if SEED == 1 else ["-c", _SEEDED.format(seed=SEED)]
    done = subprocess.run([sys.executable, *command, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"tagmt {' '.join(args)} failed:\n{done.stderr}")
    return time.perf_counter() - started


def _children_cpu() -> float:
    t = os.times()
    return t.children_user + t.children_system


def glossary_folds(lang: str, eurlex: Path, lines: int, quick: bool = False) -> list[Fold]:
    """The glossary folds of `lang` (module docstring): the dev part only (`bench_projection.split_lockbox`: the
    last third of each line file is the lockbox, never read here), alternate lines; each fold's examples are
    the other half and the EUR-Lex dev part, its files `lines` consecutive measured lines."""
    if quick:  # the bundled sample: 12 tagged lines, no EUR-Lex examples
        sample = Path(__file__).resolve().parent.parent / "data" / "sample" / "files"
        pairs = list(zip(read_segments(sample / "guide.en"), read_segments(sample / f"guide.{lang}")))
        extra: list[tuple[str, str]] = []
    else:
        pairs = _dev_part("glossary", f"en-{lang}", eurlex)
        extra = _dev_part("eurlex", f"en-{lang}", eurlex)
    folds = []
    for fold in (0, 1):
        shown = [pairs[k] for k in range(len(pairs)) if k % 2 == fold]
        measured = [pairs[k] for k in range(len(pairs)) if k % 2 != fold]
        folds.append(Fold(shown + extra, [measured[a : a + lines] for a in range(0, len(measured), lines)]))
    return folds


def sap_folds(lang: str, sap: Path, lines: int) -> list[Fold]:
    """The SAP folds of `lang` (module docstring): the dev part only (every third document is the lockbox, never
    read here), alternate documents; each fold's examples are the other half's documents, its files `lines`
    consecutive segments of one measured document, those with a tagged source (a file of plain segments has
    nothing to project)."""
    pairs = _dev_part("sap", f"en-{lang}", sap=sap)
    documents: dict = {}
    for pair in pairs:
        documents.setdefault(pair[2], []).append(pair[:2])
    order = sorted(documents)
    folds = []
    for fold in (0, 1):
        shown = [p for n, doc in enumerate(order) if n % 2 == fold for p in documents[doc]]
        files = [documents[doc][a : a + lines] for n, doc in enumerate(order) if n % 2 != fold
                 for a in range(0, len(documents[doc]), lines)]
        folds.append(Fold(shown, [f for f in files if any(detag(s).tags for s, _ in f)]))
    return folds


def _dev_part(name: str, direction: str, eurlex: Path = SHARED / "eurlex-dev", sap: Path = SHARED / "sap-dev"):
    """The dev part of a `bench_projection` set as (source, target) pairs, SAP's as (source, target, document)."""
    from bench_projection import load_pairs, split_lockbox

    dev, _ = split_lockbox(load_pairs(name, direction, sap, eurlex), name)
    return [(p.source, p.target, p.group) if name == "sap" else (p.source, p.target) for p in dev]


class Fold(NamedTuple):
    """Tagged examples a model is learned from, and the measured pairs cut into small files."""

    examples: list[tuple[str, str]]
    files: list[list[tuple[str, str]]]


def as_format_1(model: Path, older: Path) -> Path:
    """A copy of `model` as `tagmt learn` wrote it before format 2: a format-2 copy (`as_format_2`) without the
    examples' verdict on taught terms either (`conventions.WHOLE_KEY`), which a projection then reads as the code
    before it did (the figures before the models kept it, from the same learning run: `--format-1`)."""
    from tagmt.projection.conventions import WHOLE_KEY
    from tagmt.projection.model import CONVENTIONS, MANIFEST
    from tagmt.projection.modelstore import sha256_of

    as_format_2(model, older)
    rows = [row for row in json.loads((older / CONVENTIONS).read_text("utf-8")) if tuple(row[0]) != WHOLE_KEY]
    (older / CONVENTIONS).write_text(json.dumps(rows), encoding="utf-8")
    manifest = json.loads((older / MANIFEST).read_text("utf-8"))
    manifest["format_version"] = 1
    manifest.pop("taught_terms", None)
    manifest["files"][CONVENTIONS] = {"bytes": (older / CONVENTIONS).stat().st_size,
                                      "sha256": sha256_of(older / CONVENTIONS)}
    (older / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return older


def as_format_2(model: Path, older: Path) -> Path:
    """A copy of `model` as `tagmt learn` wrote it before format 3: without the stored examples (`examples.json`),
    so that a call aligns with the model's priors alone (`--format-2`: the figures before, same learning run)."""
    import shutil

    from tagmt.projection.model import EXAMPLES, MANIFEST

    shutil.rmtree(older, ignore_errors=True)
    shutil.copytree(model, older)
    (older / EXAMPLES).unlink(missing_ok=True)
    manifest = json.loads((older / MANIFEST).read_text("utf-8"))
    manifest["format_version"] = 2
    manifest["files"].pop(EXAMPLES, None)
    (older / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return older


def run_language(lang: str, folds: list[Fold], work: Path, decompose: bool = False, format_1: bool = False,
                 format_2: bool = False) -> dict:
    outputs: dict[str, list[str]] = {"files": [], "one": [], "fly": []}
    if format_1:
        outputs.update({"files_v1": [], "one_v1": []})
    if format_2:
        outputs.update({"files_v2": [], "one_v2": []})
    if decompose:
        outputs.update({"files_fly": [], "files_rest": []})
    truth: list[str] = []
    walls, cpus, cpus_v2 = [], [], []
    for fold, (shown, files) in enumerate(folds):
        folder = work / f"{lang}.{fold}"
        folder.mkdir(parents=True, exist_ok=True)
        # one examples pair of files (tagmt project keeps only the last --examples)
        ex_src = write_lines(folder / "ex.en", [s for s, _ in shown])
        ex_trg = write_lines(folder / f"ex.{lang}", [t for _, t in shown])
        examples = ["--examples", str(ex_src), str(ex_trg)]
        model = folder / "model"
        _tagmt("learn", "--src-lang", "en", "--trg-lang", lang, *examples, "-o", str(model), "--no-progress")
        older = as_format_1(model, folder / "model.v1") if format_1 else None
        older_2 = as_format_2(model, folder / "model.v2") if format_2 else None
        src = [s for f in files for s, _ in f]
        plain = [unescape(detag(t).plain) for f in files for _, t in f]
        truth += [t for f in files for _, t in f]
        common = ["--src-lang", "en", "--trg-lang", lang]
        start = 0
        for part in files:
            end = start + len(part)
            s = write_lines(folder / f"part{start}.en", src[start:end])
            t = write_lines(folder / f"part{start}.plain", plain[start:end])
            out = folder / f"part{start}.out"
            cpu = _children_cpu()
            walls.append(_tagmt("project", "--source", str(s), "--translation", str(t), *common,
                                "--projection-model", str(model), "-o", str(out)))
            cpus.append(_children_cpu() - cpu)
            outputs["files"] += read_segments(out)
            if older is not None:
                _tagmt("project", "--source", str(s), "--translation", str(t), *common, "--projection-model",
                       str(older), "-o", str(out.with_suffix(".v1")))
                outputs["files_v1"] += read_segments(out.with_suffix(".v1"))
            if older_2 is not None:
                cpu = _children_cpu()
                _tagmt("project", "--source", str(s), "--translation", str(t), *common, "--projection-model",
                       str(older_2), "-o", str(out.with_suffix(".v2")))
                cpus_v2.append(_children_cpu() - cpu)
                outputs["files_v2"] += read_segments(out.with_suffix(".v2"))
            if decompose:  # where the gap to one file comes from (module docstring)
                _tagmt("project", "--source", str(s), "--translation", str(t), *common, *examples,
                       "-o", str(out.with_suffix(".fly")))
                outputs["files_fly"] += read_segments(out.with_suffix(".fly"))
                rest = [k for k in range(len(src)) if not start <= k < end]
                rs = write_lines(folder / f"rest{start}.en", [unescape(detag(src[k]).plain) for k in rest])
                rt = write_lines(folder / f"rest{start}.plain", [plain[k] for k in rest])
                _tagmt("project", "--source", str(s), "--translation", str(t), *common,
                       "--projection-model", str(model), "--align-corpus", str(rs), str(rt),
                       "-o", str(out.with_suffix(".rest")))
                outputs["files_rest"] += read_segments(out.with_suffix(".rest"))
            start = end
        s, t = write_lines(folder / "all.en", src), write_lines(folder / "all.plain", plain)
        _tagmt("project", "--source", str(s), "--translation", str(t), *common, "--projection-model", str(model),
               "-o", str(folder / "all.model.out"))
        outputs["one"] += read_segments(folder / "all.model.out")
        if older is not None:
            _tagmt("project", "--source", str(s), "--translation", str(t), *common, "--projection-model", str(older),
                   "-o", str(folder / "all.v1.out"))
            outputs["one_v1"] += read_segments(folder / "all.v1.out")
        if older_2 is not None:
            _tagmt("project", "--source", str(s), "--translation", str(t), *common, "--projection-model",
                   str(older_2), "-o", str(folder / "all.v2.out"))
            outputs["one_v2"] += read_segments(folder / "all.v2.out")
        _tagmt("project", "--source", str(s), "--translation", str(t), *common, *examples,
               "-o", str(folder / "all.fly.out"))
        outputs["fly"] += read_segments(folder / "all.fly.out")
    write_lines(work / f"{lang}.truth", truth)
    for name, found in outputs.items():  # (compare two runs' projections with diff)
        write_lines(work / f"{lang}.{name}.out", found)
    shares = {name: 100 * assess(found, truth).exact_share for name, found in outputs.items()}
    record = {"lang": lang, "files": len(walls), "exact_files": round(shares["files"], 1),
              "exact_one_file": round(shares["one"], 1), "exact_on_the_fly": round(shares["fly"], 1),
              "median_wall_per_file": round(statistics.median(walls), 2),
              "cpu_per_file": round(statistics.mean(cpus), 2), "max_cpu_per_file": round(max(cpus), 2)}
    if format_1:
        record["exact_files_format_1"] = round(shares["files_v1"], 1)
        record["exact_one_file_format_1"] = round(shares["one_v1"], 1)
    if format_2:
        record["exact_files_format_2"] = round(shares["files_v2"], 1)
        record["exact_one_file_format_2"] = round(shares["one_v2"], 1)
        record["cpu_per_file_format_2"] = round(statistics.mean(cpus_v2), 2)
        record["max_cpu_per_file_format_2"] = round(max(cpus_v2), 2)
    if decompose:
        record["exact_files_on_the_fly"] = round(shares["files_fly"], 1)
        record["exact_files_with_rest"] = round(shares["files_rest"], 1)
    return record


BUDGET_SECONDS = 2.0
"""Issue 35: a 10-line file with a model takes at most this long (CPU seconds of the call and its eflomal runs)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--eurlex", type=Path, default=SHARED / "eurlex-dev")
    parser.add_argument("--sap", type=Path, default=SHARED / "sap-dev")
    parser.add_argument("--langs", default="de,fr,hu", help="glossary directions (en-X); empty: none")
    parser.add_argument("--sap-langs", default="", help="SAP directions (en-X, e.g. ko,ja): files of one document")
    parser.add_argument("--lines", type=int, default=10)
    parser.add_argument("--work", type=Path, help="keep the files here (default: a temporary folder)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    parser.add_argument("--quick", action="store_true", help="the bundled sample (de, files of 3 lines)")
    parser.add_argument("--decompose", action="store_true",
                        help="also each small file on the fly with the examples (no model), and with the model "
                             "plus the rest of the measured half as plain --align-corpus (slow: ~10 min a language)")
    parser.add_argument("--format-1", action="store_true",
                        help="also the files and the one file with each model as format 1 wrote it (no verdict on "
                             "taught terms: `as_format_1`), the figures before format 2 from the same run")
    parser.add_argument("--format-2", action="store_true",
                        help="also the files and the one file with each model as format 2 wrote it (no stored "
                             "examples aligned along: `as_format_2`), the figures before format 3 from the same run")
    parser.add_argument("--max-files", type=int, default=0, help="at most this many small files a fold (0: all)")
    parser.add_argument("--seed", type=int, default=1, help="eflomal's seed, learning and projecting (default 1)")
    args = parser.parse_args(argv)
    global SEED
    SEED = args.seed
    if args.quick:
        args.langs, args.lines, args.sap_langs = "de", 3, ""
    rows = [("glossary", lang) for lang in args.langs.split(",") if lang]
    rows += [("sap", lang) for lang in args.sap_langs.split(",") if lang]
    print(f"{'set':<9}{'lang':<5}{'files':>6}{f'exact {args.lines}-line %':>17}{'one file %':>12}"
          f"{'on the fly %':>14}{'median wall s':>15}{'cpu s/file':>12}{'max cpu s':>11}")
    records = []
    with tempfile.TemporaryDirectory(prefix="bench-small-files-") as tmp:
        work = args.work or Path(tmp)
        for name, lang in rows:
            folds = (sap_folds(lang, args.sap, args.lines) if name == "sap"
                     else glossary_folds(lang, args.eurlex, args.lines, args.quick))
            if args.max_files:
                folds = [Fold(f.examples, f.files[: args.max_files]) for f in folds]
            r = {"set": name, **run_language(lang, folds, work / name, args.decompose, args.format_1, args.format_2)}
            records.append(r)
            print(f"{name:<9}{lang:<5}{r['files']:>6}{r['exact_files']:>17.1f}{r['exact_one_file']:>12.1f}"
                  f"{r['exact_on_the_fly']:>14.1f}{r['median_wall_per_file']:>15.2f}{r['cpu_per_file']:>12.2f}"
                  f"{r['max_cpu_per_file']:>11.2f}", flush=True)
    if args.format_1:
        print(f"{'set':<9}{'lang':<5}{'format 1: files %':>19}{'one file %':>12}")
        for r in records:
            print(f"{r['set']:<9}{r['lang']:<5}{r['exact_files_format_1']:>19.1f}{r['exact_one_file_format_1']:>12.1f}")
    if args.format_2:
        print(f"{'set':<9}{'lang':<5}{'format 2: files %':>19}{'one file %':>12}{'cpu s/file':>12}{'max cpu s':>11}")
        for r in records:
            print(f"{r['set']:<9}{r['lang']:<5}{r['exact_files_format_2']:>19.1f}{r['exact_one_file_format_2']:>12.1f}"
                  f"{r['cpu_per_file_format_2']:>12.2f}{r['max_cpu_per_file_format_2']:>11.2f}")
    if args.decompose:
        print(f"{'set':<9}{'lang':<5}{'files on the fly %':>20}{'files + rest as corpus %':>26}")
        for r in records:
            print(f"{r['set']:<9}{r['lang']:<5}{r['exact_files_on_the_fly']:>20.1f}{r['exact_files_with_rest']:>26.1f}")
    for r in records:
        print(f"ratio exact {args.lines}-line files / one file with the model ({r['set']} {r['lang']}): "
              f"{r['exact_files'] / max(r['exact_one_file'], 1e-9):.3f}; gap {r['exact_one_file'] - r['exact_files']:+.1f} "
              f"points; CPU s per file / {BUDGET_SECONDS:g} s: {r['cpu_per_file'] / BUDGET_SECONDS:.2f} "
              f"(median wall {r['median_wall_per_file'] / BUDGET_SECONDS:.2f})"
              + (f"; format 2 (priors alone): gap {r['exact_one_file_format_2'] - r['exact_files_format_2']:+.1f}, "
                 f"{r['exact_files_format_2']:.1f} % files, {r['cpu_per_file_format_2'] / BUDGET_SECONDS:.2f}"
                 if "exact_files_format_2" in r else ""))
    if args.json:
        args.json.write_text(json.dumps(records, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
