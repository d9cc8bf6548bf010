"""The grid: its config, the published numbers, and running cells on data/sample (offline engines, tiny
models), including resuming an interrupted grid."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tagmt.data.directions import Direction, all_directions
from tagmt.errors import TagmtError
from tagmt.reproduce import (
    Cell,
    System,
    load_grid,
    load_paper_results,
    model_slug,
    paper_systems,
    worker_devices,
)

# --- the config and the published numbers ---------------------------------------------------------------------


def test_paper_grid_is_the_papers():
    grid = load_grid()
    assert grid.split == "test"
    assert grid.systems == [
        System("m2m100", "dt"), System("m2m100", "dp", "awesome"),
        System("mbart50", "dt"), System("mbart50", "dp", "awesome"),
    ]
    assert grid.directions == all_directions() and len(grid.directions) == 12
    assert len(grid.cells()) == 48
    assert [s.label for s in grid.systems] == ["M2M DT", "M2M DP", "MBart DT", "MBart DP"]


def test_command_line_lists_replace_the_configs():
    grid = load_grid(models=["m2m100"], approaches=["dp"], pairs=["en-ja,en-ko", "ja-zh"], aligner="eflomal",
                     split="dev", batch_size=4)
    assert grid.systems == [System("m2m100", "dp", "eflomal")]
    assert [d.name for d in grid.directions] == ["en-ja", "en-ko", "ja-zh"]
    assert (grid.split, grid.batch_size) == ("dev", 4)
    assert [c.key for c in grid.cells()] == ["m2m100.dp-eflomal.en-ja", "m2m100.dp-eflomal.en-ko", "m2m100.dp-eflomal.ja-zh"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"approaches": ["dx"]}, "unknown approach 'dx' in --approaches"),
        ({"pairs": ["en-xx"]}, "unknown direction 'en-xx'"),
        ({"batch_size": 0}, "batch size must be a positive whole number"),
    ],
)
def test_bad_grid_arguments_are_one_line_errors(kwargs, message):
    with pytest.raises(TagmtError, match=message):
        load_grid(**kwargs)


def test_bad_config_files(tmp_path):
    with pytest.raises(TagmtError, match="not found"):
        load_grid(tmp_path / "missing.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[grid\nmodels = 1\n", encoding="utf-8")
    with pytest.raises(TagmtError, match="is not valid TOML"):
        load_grid(broken)
    empty = tmp_path / "empty.toml"
    empty.write_text('[grid]\nmodels = []\napproaches = ["dt"]\n', encoding="utf-8")
    with pytest.raises(TagmtError, match=r"\[grid\] models must be a non-empty list"):
        load_grid(empty)


def test_paper_results_are_complete():
    paper = load_paper_results()
    assert len(paper) == 4 * 3 * 9
    systems = {(m, a) for m, a, _, _ in paper}
    assert systems == {("m2m100", "dt"), ("m2m100", "dp"), ("mbart50", "dt"), ("mbart50", "dp")}
    assert {d for _, _, d, _ in paper} == {"en-ja", "en-ko", "en-zh"}
    metrics = {m for _, _, _, m in paper}
    assert metrics == {"raw-bleu", "lex-bleu", "tag-bleu", "raw-chrf", "lex-chrf", "tag-chrf",
                       "xml-bleu", "hashimoto-bleu", "markup-match"}
    assert paper_systems(paper) == {("m2m100", "dt"): "", ("m2m100", "dp"): "awesome",
                                    ("mbart50", "dt"): "", ("mbart50", "dp"): "awesome"}


@pytest.mark.parametrize(
    ("key", "value"),
    [
        # literal values of the paper's Tables 3, 4 and 5 (../shared/PAPER.md)
        (("m2m100", "dt", "en-ja", "raw-bleu"), 42.1),
        (("mbart50", "dp", "en-zh", "tag-bleu"), 79.4),
        (("mbart50", "dt", "en-ko", "lex-bleu"), 18.9),
        (("m2m100", "dp", "en-ko", "raw-chrf"), 47.7),
        (("mbart50", "dt", "en-ja", "tag-chrf"), 96.3),
        (("m2m100", "dp", "en-zh", "lex-chrf"), 39.1),
        (("m2m100", "dt", "en-zh", "xml-bleu"), 31.9),
        (("mbart50", "dp", "en-ja", "hashimoto-bleu"), 41.9),
        (("m2m100", "dt", "en-ko", "markup-match"), 81.8),
        (("mbart50", "dp", "en-zh", "markup-match"), 90.8),
    ],
)
def test_paper_results_spot_checks(key, value):
    assert load_paper_results()[key] == value


def test_cell_keys_and_labels(tmp_path):
    assert Cell(System("m2m100", "dt"), Direction("en", "ja")).key == "m2m100.dt.en-ja"
    assert Cell(System("facebook/m2m100_1.2B", "dp", "awesome"), Direction("ja", "ko")).key == (
        "facebook--m2m100_1.2B.dp-awesome.ja-ko"
    )
    assert System("reference", "dp", "eflomal").label == "reference DP+eflomal"
    local = tmp_path / "my model"
    local.mkdir()
    slug = model_slug(str(local))
    assert slug.startswith("my_model-") and len(slug) == len("my_model-") + 8
    assert System(str(local), "dt").label == "my model DT"


def test_workers_are_not_pinned_on_cpu():
    assert worker_devices("cpu", 3) == [None, None, None]
    assert worker_devices("cuda:1", 2) == [None, None]
    assert worker_devices("auto", 1) == [None]


# --- running the grid on data/sample ------------------------------------------------------------------------------

SAMPLE_DIRECTIONS = ["en-ja", "ja-ko", "ko-zh", "zh-en"]


def offline_grid_of(directions: list[str], systems: int = 2):
    """The demo's offline systems (copy DT, then reference DP+eflomal) on a few directions."""
    from tagmt.reproduce import Grid, offline_grid

    demo = offline_grid()
    return Grid(None, demo.systems[:systems], [d for d in demo.directions if d.name in directions])


def _cell_json(out, key):
    return out / "cells" / key / "cell.json"


class Crash(Exception):
    """Stands for the process dying between two cells."""


def test_grid_resumes_after_a_crash(sample_data, tmp_path):
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import parallel_segments
    from tagmt.evaluation import score_systems
    from tagmt.reproduce import GridOptions, run_grid

    out = tmp_path / "run"
    grid = offline_grid_of(SAMPLE_DIRECTIONS, systems=1)
    keys = [cell.key for cell in grid.cells()]
    assert keys == ["copy.dt.en-ja", "copy.dt.ja-ko", "copy.dt.ko-zh", "copy.dt.zh-en"]
    done: list[str] = []

    def crash_after_two(cell, record):
        done.append(cell.key)
        if len(done) == 2:
            raise Crash

    with pytest.raises(Crash):
        run_grid(grid, sample_data, out,
                 options=GridOptions(progress=False, figures=False), on_cell_done=crash_after_two)
    assert done == keys[:2]
    assert [k for k in keys if _cell_json(out, k).exists()] == keys[:2]
    assert not (out / "results.json").exists()
    finished_at = {k: _cell_json(out, k).stat().st_mtime_ns for k in keys[:2]}

    run = run_grid(grid, sample_data, out,
                   options=GridOptions(progress=False, figures=False), command="tagmt reproduce …")
    assert run.reused == keys[:2]
    assert run.computed == keys[2:]
    assert {k: _cell_json(out, k).stat().st_mtime_ns for k in keys[:2]} == finished_at

    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["command"] == "tagmt reproduce …"
    assert results["data"]["split"] == "dev"
    assert set(results["versions"]) >= {"tagmt", "sacrebleu", "transformers", "torch"}
    assert [c["key"] for c in results["cells"]] == keys
    dataset = open_dataset(sample_data)
    segments = parallel_segments(dataset, "dev", "en-ja")
    assert results["statistics"]["segments"] == len(segments)

    # Known answer: copy's scores are those of the source itself, as a direct evaluation gives them.
    (direct,) = score_systems([s.target for s in segments], {"src": [s.source for s in segments]}, "ja", "en-ja")
    copy_cell = results["cells"][0]
    assert copy_cell["scores"] == pytest.approx(direct.scores, abs=5e-5)  # cell.json: 4 decimals
    assert copy_cell["signatures"] == direct.signatures
    hyp = (out / copy_cell["output"]).read_text(encoding="utf-8").splitlines()
    assert hyp == [s.source for s in segments]

    bleu = (out / "table3_bleu.csv").read_text(encoding="utf-8").splitlines()
    assert bleu[0] == "system," + ",".join(f"{m} {d}" for m in ("raw", "lex", "tag") for d in SAMPLE_DIRECTIONS)
    assert bleu[1].split(",")[:2] == ["copy DT", f"{copy_cell['scores']['raw-bleu']:.2f}"]
    for name in ("table1_data", "table2_inline", "table3_bleu", "table4_chrf", "table5_xml"):
        for suffix in (".md", ".tex", ".csv"):
            assert (out / f"{name}{suffix}").is_file()
    assert not list(out.glob("*_vs_paper.*"))  # the offline systems are not the paper's

    # A cell whose translation changed is not trusted; --force recomputes everything.
    (out / "cells" / keys[1] / "hyp.txt").write_text("tampered\n", encoding="utf-8")
    run = run_grid(grid, sample_data, out, options=GridOptions(progress=False, figures=False))
    assert run.computed == [keys[1]]
    run = run_grid(grid, sample_data, out, options=GridOptions(progress=False, figures=False, force=True))
    assert run.computed == keys and run.reused == []


def test_cells_from_another_split_are_not_reused(sample_data, tmp_path):
    from tagmt.reproduce import GridOptions, finished_record, run_grid

    grid = offline_grid_of(["en-ko"], systems=1)
    run = run_grid(grid, sample_data, tmp_path, options=GridOptions(progress=False, figures=False))
    (cell,) = grid.cells()
    record = json.loads(_cell_json(tmp_path, cell.key).read_text(encoding="utf-8"))
    assert finished_record(tmp_path, cell, "dev", record["inputs"]) == record
    assert finished_record(tmp_path, cell, "test", record["inputs"]) is None
    assert finished_record(tmp_path, cell, "dev", dict(record["inputs"], references_sha256="0" * 64)) is None
    assert run.computed == [cell.key]


def test_parallel_jobs_give_the_same_cells(sample_data, tmp_path):
    from tagmt.reproduce import GridOptions, run_grid

    grid = offline_grid_of(["en-zh", "ko-ja"], systems=1)
    serial = run_grid(grid, sample_data, tmp_path / "serial", options=GridOptions(progress=False, figures=False))
    parallel = run_grid(grid, sample_data, tmp_path / "parallel",
                        options=GridOptions(jobs=2, device="cpu", progress=False, figures=False))
    assert sorted(parallel.computed) == serial.computed
    for ours, theirs in zip(serial.results["cells"], parallel.results["cells"]):
        assert ours["scores"] == theirs["scores"]
        assert ours["hyp_sha256"] == theirs["hyp_sha256"]


@pytest.fixture(scope="module")
def tiny_m2m100(tmp_path_factory):
    from tagmt.testing.tiny_seq2seq import build_tiny_m2m100

    return build_tiny_m2m100(tmp_path_factory.mktemp("models") / "tiny-m2m100")


def test_paper_grid_with_a_tiny_m2m100(tmp_path, tiny_m2m100):
    """The real model path on the paper's config (test split): a local M2M-100 directory loaded once through
    from_pretrained for both cells, on the tiny test data set (a random model generates to its length
    limit, so data/sample's 94 segments would take long; DP is covered by the demo's eflomal cells)."""
    from tagmt.reproduce import GridOptions, run_grid
    from tagmt.testing.tiny_xliff import write_tiny_dataset

    data = write_tiny_dataset(tmp_path / "data", split="test")
    grid = load_grid(models=[str(tiny_m2m100)], approaches=["dt"], pairs=["en-ja,ko-en"], batch_size=6)
    run = run_grid(grid, data, tmp_path / "run", options=GridOptions(device="cpu", progress=False, figures=False))
    assert len(run.computed) == 2
    assert [c["system"] for c in run.results["cells"]] == ["tiny-m2m100 DT"] * 2
    for cell in run.results["cells"]:
        assert cell["split"] == "test"
        lines = (tmp_path / "run" / cell["output"]).read_text(encoding="utf-8").splitlines()
        assert len(lines) == cell["segments"] == cell["inputs"]["segments"] == 6
        assert all(0.0 <= cell["scores"][k] <= 100.0 for k in ("raw-bleu", "lex-chrf", "markup-match"))
        assert str(tiny_m2m100) in cell["commands"]["translate"]
    again = run_grid(grid, data, tmp_path / "run", options=GridOptions(device="cpu", progress=False, figures=False))
    assert again.computed == [] and len(again.reused) == 2


def test_grid_on_the_sample_with_a_tiny_m2m100_dt_and_dp(sample_data, tmp_path, tiny_m2m100):
    """The grid on data/sample with a real (tiny) model: DT and DP (eflomal) cells, scored and cached."""
    from tagmt.data.dataset import open_dataset
    from tagmt.data.directions import parse_direction
    from tagmt.data.views import parallel_segments
    from tagmt.markup import tokenize
    from tagmt.reproduce import GridOptions, run_grid

    def markup_names(segment: str) -> list[str]:
        return sorted(t.name for t in tokenize(segment) if t.is_markup)

    grid = load_grid(models=[str(tiny_m2m100)], approaches=["dt", "dp"], pairs=["en-ja,ko-en"],
                     aligner="eflomal", split="dev")
    run = run_grid(grid, sample_data, tmp_path / "run",
                   options=GridOptions(device="cpu", progress=False, figures=False))
    assert len(run.computed) == 4
    assert sorted((c["approach"], c["direction"]) for c in run.results["cells"]) == [
        ("dp", "en-ja"), ("dp", "ko-en"), ("dt", "en-ja"), ("dt", "ko-en")]
    dataset = open_dataset(sample_data)
    for cell in run.results["cells"]:
        lines = (tmp_path / "run" / cell["output"]).read_text(encoding="utf-8").splitlines()
        sources = [s.source for s in parallel_segments(dataset, "dev", parse_direction(cell["direction"]))]
        assert len(lines) == len(sources) == cell["segments"] == 94
        for key, value in cell["scores"].items():
            # tag placement is n/a when no segment is consistent (a tiny random model); its counts pass 100
            assert value is not None or key in ("tag-placement", "tag-offset"), key
            assert value is None or value >= 0.0
            if value is not None and not key.startswith(("tag-inconsistent-", "tags-in-", "tag-offset")):
                assert value <= 100.0, key
        if cell["approach"] == "dp":
            # DP: every source tag comes back (the tiny model may write tags of its own too)
            tagged = [(src, out) for src, out in zip(sources, lines) if markup_names(src)]
            assert len(tagged) >= 36  # 36 with inline elements (tagmt stats), plus comment-only ones
            for src, out in tagged:
                produced = markup_names(out)
                assert all(produced.count(name) >= markup_names(src).count(name) for name in set(markup_names(src)))
    again = run_grid(grid, sample_data, tmp_path / "run",
                     options=GridOptions(device="cpu", progress=False, figures=False))
    assert again.computed == [] and len(again.reused) == 4


def test_a_run_sharing_cells_with_the_paper_gets_side_by_side_tables(sample_data, tmp_path):
    """Hand-made cells of the paper's systems (no weights here) go through the same writer as a real run."""
    from tagmt.data.dataset import open_dataset
    from tagmt.reproduce import write_outputs

    scores = {"raw-bleu": 40.0, "lex-bleu": 30.0, "tag-bleu": 80.0, "raw-chrf": 50.0, "lex-chrf": 35.0,
              "tag-chrf": 90.0, "xml-bleu": 30.0, "markup-match": 85.0}
    cells = [
        {"system": "M2M DT", "model": "m2m100", "approach": "dt", "aligner": None, "direction": "en-ko", "scores": scores},
        {"system": "M2M DT", "model": "m2m100", "approach": "dt", "aligner": None, "direction": "ja-en", "scores": scores},
    ]
    results = {"data": {"split": "dev"}, "cells": cells}
    dataset = open_dataset(sample_data)
    write_outputs(results, tmp_path, dataset, "dev", figures=False)
    assert sorted(p.name for p in tmp_path.glob("*_vs_paper.csv")) == [
        "table3_bleu_vs_paper.csv", "table4_chrf_vs_paper.csv", "table5_xml_vs_paper.csv"
    ]
    assert (tmp_path / "table3_bleu_vs_paper.csv").read_text(encoding="utf-8") == (
        "system,raw en-ko ours,raw en-ko paper,raw en-ko Δ,lex en-ko ours,lex en-ko paper,lex en-ko Δ,"
        "tag en-ko ours,tag en-ko paper,tag en-ko Δ\n"
        "M2M DT,40.00,34.60,+5.40,30.00,27.10,+2.90,80.00,77.20,+2.80\n"
    )
    statistics = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["statistics"]
    assert statistics["documents"] == len(dataset.documents("dev", "enja"))

    results["cells"] = [dict(cell, model="copy", system="copy DT") for cell in cells]
    write_outputs(results, tmp_path, dataset, "dev", figures=False)
    assert not list(tmp_path.glob("*_vs_paper.*"))  # no stale side-by-sides from the earlier run


# --- the command ------------------------------------------------------------------------------------------------


def test_reproduce_command(sample_data, tmp_path, capsys):
    from tagmt.cli import main

    out = tmp_path / "out"
    argv = ["reproduce", "--data", str(sample_data), "--split", "dev", "--models", "copy", "--approaches", "dt",
            "--pairs", "en-ja,en-ko", "--out", str(out), "--no-figures"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "| en-ja     |" in captured.out and "| en-ko     |" in captured.out
    assert "2 cells computed, 0 reused" in captured.err
    assert "[1/2] copy.dt.en-ja done" in captured.err and "[2/2] copy.dt.en-ko done" in captured.err
    assert "Table 1: the data set" in captured.out
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert results["command"].startswith(f"tagmt reproduce --data {sample_data.resolve()} --split dev")
    assert results["command"].endswith(f"--models copy --approaches dt --pairs en-ja,en-ko --out {out.resolve()} --no-figures")
    assert main(argv) == 0
    assert "0 cells computed, 2 reused" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["reproduce", "--out", "x"], "--data DIR is needed"),
        (["reproduce", "--quick", "--models", "m2m100"], "--quick runs the fixed offline grid"),
        (["reproduce", "--data", "DATA", "--split", "test", "--out", "x"], "no split 'test'"),
        (["reproduce", "--data", "DATA", "--pairs", "en-xx", "--out", "x"], "unknown direction 'en-xx'"),
        (["reproduce", "--data", "DATA", "--jobs", "0", "--split", "dev", "--out", "x"], "--jobs must be at least 1"),
        (["reproduce", "--data", "DATA", "--split", "dev", "--models", "no-such-model", "--approaches", "dt",
          "--pairs", "en-ja", "--out", "x"], "model no-such-model is not in the"),
    ],
)
def test_reproduce_bad_input(sample_data, tmp_path, argv, message):
    argv = [str(sample_data) if a == "DATA" else str(tmp_path / a) if a == "x" else a for a in argv]
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    result = subprocess.run([sys.executable, "-m", "tagmt", *argv], capture_output=True, text=True, env=env)
    assert result.returncode == 2
    assert result.stderr.startswith("tagmt: error: ") and message in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_reproduce_names_its_own_option_when_weights_are_missing(sample_data, tmp_path):
    """The engine's hint names the option of the command that was run: --models here, not translate's --model."""
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_HOME=str(tmp_path / "hf-home"), TAGMT_CACHE=str(tmp_path / "cache"))
    env.pop("HF_HUB_CACHE", None)
    env.pop("TRANSFORMERS_CACHE", None)
    result = subprocess.run(
        [sys.executable, "-m", "tagmt", "reproduce", "--data", str(sample_data), "--split", "dev",
         "--models", "facebook/m2m100_418M", "--approaches", "dt", "--pairs", "en-ja", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, env=env,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    # checked before the first cell (tagmt.preflight), so no cell is named
    assert lines[0].startswith("tagmt: error: model facebook/m2m100_418M")
    assert "pass --models /path/to/dir" in lines[0] and "--model " not in lines[0]
