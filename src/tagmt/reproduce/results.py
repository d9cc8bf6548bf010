"""A grid's results: results.json (every score, signature and version) and Tables 1–5, each score table
next to the paper's published numbers where the run shares cells with it."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Mapping

__all__ = ["build_results", "load_paper_results", "paper_systems", "score_tables", "write_outputs"]

from tagmt.atomic import write_atomic
from tagmt.report.grid_page import write_grid_page
from tagmt.reproduce.grid import Grid
from tagmt.reproduce.provenance import RESULTS_FORMAT, utc_now, versions
from tagmt.tables import (
    SCORE_TABLES,
    Table,
    comparison_table,
    data_table,
    inline_table,
    paper_systems,
    score_table,
    write_table,
)


def build_results(grid: Grid, data: Path, split: str, cells: list[dict], command: str | None) -> dict:
    """The content of results.json: every score and signature, the command line and the versions."""
    return {
        "format": RESULTS_FORMAT,
        "command": command,
        "created": utc_now(),
        "versions": versions(),
        "data": {"path": str(data), "split": split},
        "grid": {
            "config": str(grid.config) if grid.config else None,
            "systems": [
                {"model": s.model, "approach": s.approach, "aligner": s.aligner, "label": s.label} for s in grid.systems
            ],
            "directions": [d.name for d in grid.directions],
            "batch_size": grid.batch_size,
            "engine": grid.engine,
            "compute_type": grid.compute_type,
            "max_tokens": grid.max_tokens,
        },
        "cells": [{k: v for k, v in cell.items() if k not in ("format", "versions")} for cell in cells],
    }


def load_paper_results(path: str | Path | None = None) -> dict[tuple[str, str, str, str], float]:
    """The published numbers (``experiments/paper_results.csv``) keyed by (model, approach, direction, metric)."""
    from tagmt.paths import experiments_dir

    source = Path(path) if path is not None else experiments_dir() / "paper_results.csv"
    with source.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(line for line in handle if not line.startswith("#"))
        return {(r["model"], r["approach"], r["direction"], r["metric"]): float(r["value"]) for r in rows}


def score_tables(results: Mapping, paper: Mapping | None = None) -> list[Table]:
    """Tables 3–5 of a results dict, each followed by its side-by-side with the paper where they overlap."""
    cells, split = results["cells"], results["data"]["split"]
    tables = []
    for spec in SCORE_TABLES:
        tables.append(score_table(spec, cells, split))
        if paper:
            side_by_side = comparison_table(spec, cells, paper, paper_systems(paper))
            if side_by_side is not None:
                tables.append(side_by_side)
    return tables


def write_outputs(results: dict, out: Path, dataset, split: str, *, figures: bool = True) -> list[Path]:
    """Write results.json, Tables 1–5 (md, tex, csv; side-by-side with the paper) and the figures."""
    from tagmt.data.stats import compute_stats

    out.mkdir(parents=True, exist_ok=True)
    statistics = compute_stats(dataset, split)
    results["statistics"] = {"direction": statistics.direction, **statistics.as_dict()}
    summary = results["statistics"]
    for stale in out.glob("table*_vs_paper.*"):
        stale.unlink()  # rewritten below only where this run still shares cells with the paper
    written: list[Path] = []
    paper = load_paper_results()
    for table in [data_table(summary, split), inline_table(summary, split), *score_tables(results, paper)]:
        written += write_table(table, out)
    written.append(write_grid_page(out, results, paper))  # OUT/report.html: the tables as one page
    if figures:
        from tagmt.data.plots import write_plots

        written += write_plots(statistics, out / "figures")
    results_path = out / "results.json"
    write_atomic(results_path, [json.dumps(results, ensure_ascii=False, indent=2) + "\n"])
    return [results_path, *written]
