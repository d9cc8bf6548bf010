"""The experiment grid of the paper: models × approaches × directions, run cell by cell, then its tables.

- :mod:`~tagmt.reproduce.grid` — the systems, directions and split to run (``experiments/paper.toml``);
- :mod:`~tagmt.reproduce.cells` — one cell: its folder, reusing a finished one, computing it;
- :mod:`~tagmt.reproduce.runner` — running the grid on a backend (:mod:`~tagmt.reproduce.backends`: local
  processes or Ray);
- :mod:`~tagmt.reproduce.results` — results.json and Tables 1–5 next to the paper's numbers;
- :mod:`~tagmt.reproduce.provenance` — the format, versions and time every record carries.
"""

from tagmt.reproduce.cells import finished_record
from tagmt.reproduce.grid import Cell, Grid, System, load_grid, model_slug, offline_grid
from tagmt.reproduce.results import load_paper_results, paper_systems, write_outputs
from tagmt.reproduce.backends.local import worker_devices
from tagmt.reproduce.runner import GridOptions, GridRun, run_grid

__all__ = [
    "Cell",
    "Grid",
    "GridOptions",
    "GridRun",
    "System",
    "finished_record",
    "load_grid",
    "load_paper_results",
    "model_slug",
    "offline_grid",
    "paper_systems",
    "run_grid",
    "worker_devices",
    "write_outputs",
]
