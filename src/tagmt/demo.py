"""The offline demo (``tagmt demo``, ``tagmt reproduce --quick``): the whole chain on the bundled sample —
translate, project, evaluate, tables — and the "my XLIFF file" and "my line files" workflows on the sample
files, printed for the terminal."""

from __future__ import annotations

import sys
import time
from pathlib import Path

DEFAULT_OUT = "tagmt-demo"
REAL_GRID = "tagmt data download --dest ~/sap-data  &&  tagmt reproduce --data ~/sap-data --out results"


def run_demo(out: str | None, *, jobs: int = 1, force: bool = False, figures: bool = True,
             backend: str = "local", ray_address: str | None = None) -> int:
    """Run the offline grid on data/sample into ``out`` and print its tables; shared with ``reproduce --quick``."""
    from tagmt.outputs import refuse_overwriting_inputs
    from tagmt.paths import sample_data_dir
    from tagmt.preflight import aligner_problems, module_available
    from tagmt.reproduce import GridOptions, offline_grid, run_grid
    from tagmt.tables import terminal_tables
    from tagmt.workflows import run_sample_files

    folder = Path(out or DEFAULT_OUT).resolve()
    refuse_overwriting_inputs([("--out", str(folder))], [("the bundled sample (data/sample)", str(sample_data_dir()))])
    skipped_figures = figures and not module_available("matplotlib")
    if skipped_figures:  # figures are a bonus in the demo: run the chain without them
        figures = False
    grid = offline_grid()
    missing = aligner_problems("eflomal", None, ["ja"])  # the DP cells align with eflomal, en-ja among them
    if missing:
        grid.systems = [system for system in grid.systems if system.approach != "dp"]
        for line in missing:
            print(f"tagmt demo: skipping tag projection (reference DP+eflomal) — {line}", file=sys.stderr)
        sys.stderr.flush()
    started = time.perf_counter()
    command = f"tagmt demo --out {folder}" + (" --force" if force else "")
    options = GridOptions(jobs=jobs, backend=backend, ray_address=ray_address, force=force, figures=figures)
    run = run_grid(grid, sample_data_dir(), folder, options=options, command=command)
    samples = run_sample_files(folder / "files", projection=not missing)
    elapsed = time.perf_counter() - started
    split = run.results["data"]["split"]
    print(
        "tagmt demo: the bundled sample (data/sample, split "
        f"{split}), 12 directions, offline engines. These are NOT the paper's models:\n"
        "  copy DT               = the source copied unchanged (the lower bound of direct translation)\n"
        "  reference DP+eflomal  = the reference with its tags stripped, put back by eflomal alignment\n"
        "                          and inside-outside projection (tag projection alone, no MT)\n"
    )
    print(terminal_tables(run.results))
    print("Your own files, on data/sample/files (outputs in files/):")
    for sample in samples:
        result = "" if sample.exact is None else f": {sample.exact} of {sample.tagged} tagged segments exactly as the reference"
        print(f"  {sample.workflow:<23} {sample.command}{result}")
    outputs = "tables (.md .tex .csv), figures and results.json" if figures else "tables (.md .tex .csv) and results.json"
    print(f"{len(run.computed)} cells computed, {len(run.reused)} reused in {elapsed:.1f} s; {outputs} in {folder}")
    if skipped_figures:
        print('figures skipped: matplotlib is not installed (pip install "tagmt[plots]")')
    if missing:
        print('tag projection skipped (the DP cells and `tagmt project`): eflomal is not installed (pip install "tagmt[align]")')
    print(
        "The paper's grid (M2M-100 and mBART-50, DT and DP, with model weights from the Hugging Face hub):\n"
        f"  {REAL_GRID}"
    )
    page = Path(folder) / "report.html"
    if page.exists():  # the run's best output, named last so that it is what one sees
        print(f"Everything above on one page: open {page} in a browser")
    sys.stdout.flush()
    return 0
