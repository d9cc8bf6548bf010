"""The grid's backends and engines: Ray gives the local backend's cells and tables byte for byte and resumes
like it; a cell records its engine and is not reused by a run on another engine; bad backend options."""

from __future__ import annotations

import json
import sys

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.reproduce import Grid, GridOptions, load_grid, offline_grid, run_grid

TABLES = [f"{name}{suffix}" for name in ("table1_data", "table2_inline", "table3_bleu", "table4_chrf", "table5_xml")
          for suffix in (".md", ".tex", ".csv")]


def _offline_grid(directions: list[str]) -> Grid:
    demo = offline_grid()
    return Grid(None, demo.systems, [d for d in demo.directions if d.name in directions])


def test_ray_gives_the_local_cells_and_tables(sample_data, tmp_path):
    pytest.importorskip("ray", reason="the ray extra is not installed")
    grid = _offline_grid(["en-ja", "ko-zh"])
    local = run_grid(grid, sample_data, tmp_path / "local", options=GridOptions(progress=False, figures=False))
    remote = run_grid(grid, sample_data, tmp_path / "ray",
                      options=GridOptions(jobs=2, backend="ray", progress=False, figures=False))
    assert sorted(remote.computed) == sorted(local.computed) and len(local.computed) == 4
    for name in TABLES:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    for key in local.computed:
        for file in ("hyp.txt",):
            assert (tmp_path / "ray" / "cells" / key / file).read_bytes() == \
                (tmp_path / "local" / "cells" / key / file).read_bytes()
        record = json.loads((tmp_path / "ray" / "cells" / key / "cell.json").read_text("utf-8"))
        assert str(tmp_path / "ray") in record["commands"]["translate"]  # the driver's folder, not a worker's
    # Resumes like the local run: nothing left to compute (and Ray is not even started).
    again = run_grid(grid, sample_data, tmp_path / "ray",
                     options=GridOptions(backend="ray", progress=False, figures=False))
    assert again.computed == [] and len(again.reused) == 4


def test_a_cell_records_its_engine_and_another_engine_recomputes_it(tmp_path, tiny_m2m100_dir):
    pytest.importorskip("ctranslate2", reason="the ct2 extra is not installed")
    from tagmt.testing.tiny_xliff import write_tiny_dataset

    data = write_tiny_dataset(tmp_path / "data", split="test")
    grid = load_grid(models=[str(tiny_m2m100_dir)], approaches=["dt"], pairs=["en-ja"])
    grid.engine, grid.compute_type = "ct2", "float32"
    out = tmp_path / "run"
    ct2 = run_grid(grid, data, out, options=GridOptions(device="cpu", progress=False, figures=False))
    (cell,) = ct2.results["cells"]
    assert cell["engine"] == {"engine": "ct2", "compute_type": "float32"}
    assert "--engine ct2 --compute-type float32" in cell["commands"]["translate"]
    assert ct2.results["grid"]["engine"] == "ct2"
    assert run_grid(grid, data, out,
                    options=GridOptions(device="cpu", progress=False, figures=False)).reused == [cell["key"]]
    grid.engine, grid.compute_type = "hf", None
    hf = run_grid(grid, data, out, options=GridOptions(device="cpu", progress=False, figures=False))
    assert hf.computed == [cell["key"]]
    assert hf.results["cells"][0]["engine"] == {"engine": "hf", "compute_type": None}


def test_offline_cells_do_not_depend_on_the_engine(sample_data, tmp_path):
    grid = _offline_grid(["en-ja"])
    run_grid(grid, sample_data, tmp_path, options=GridOptions(progress=False, figures=False))
    grid.engine = "ct2"
    again = run_grid(grid, sample_data, tmp_path, options=GridOptions(progress=False, figures=False))
    assert again.computed == [] and len(again.reused) == 2


@pytest.mark.parametrize("argv, message", [
    (["--ray-address", "127.0.0.1:1"], "--ray-address is for --backend ray"),
])
def test_backend_option_errors(argv, message, tmp_path, capsys):
    rc = main(["reproduce", "--quick", "--no-figures", "--out", str(tmp_path / "out"), *argv])
    assert rc == 2
    assert f"tagmt: error: {message}" in capsys.readouterr().err


def test_missing_ray_names_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import fails as when not installed
    rc = main(["reproduce", "--quick", "--no-figures", "--backend", "ray", "--out", str(tmp_path / "out")])
    assert rc == 2
    assert 'pip install "tagmt[ray]"' in capsys.readouterr().err


def test_unknown_backend_from_python(sample_data, tmp_path):
    with pytest.raises(TagmtError, match="unknown backend 'slurm'"):
        run_grid(_offline_grid(["en-ja"]), sample_data, tmp_path,
                 options=GridOptions(backend="slurm", progress=False, figures=False))
