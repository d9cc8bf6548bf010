"""The grid: its config, the published numbers, and running cells on data/sample (offline engines, tiny
models), including resuming an interrupted grid."""

from __future__ import annotations

import json
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
    assert metrics == {"raw_bleu", "lex_bleu", "tag_bleu", "raw_chrf", "lex_chrf", "tag_chrf",
                       "xml_bleu", "hashimoto_bleu", "markup_match"}
    assert paper_systems(paper) == {("m2m100", "dt"): "", ("m2m100", "dp"): "awesome",
                                    ("mbart50", "dt"): "", ("mbart50", "dp"): "awesome"}


@pytest.mark.parametrize(
    ("key", "value"),
    [
        # literal values of the paper's Tables 3, 4 and 5 (../shared/PAPER.md)
        (("m2m100", "dt", "en-ja", "raw_bleu"), 42.1),
        (("mbart50", "dp", "en-zh", "tag_bleu"), 79.4),
        (("mbart50", "dt", "en-ko", "lex_bleu"), 18.9),
        (("m2m100", "dp", "en-ko", "raw_chrf"), 47.7),
        (("mbart50", "dt", "en-ja", "tag_chrf"), 96.3),
        (("m2m100", "dp", "en-zh", "lex_chrf"), 39.1),
        (("m2m100", "dt", "en-zh", "xml_bleu"), 31.9),
        (("mbart50", "dp", "en-ja", "hashimoto_bleu"), 41.9),
        (("m2m100", "dt", "en-ko", "markup_match"), 81.8),
        (("mbart50", "dp", "en-zh", "markup_match"), 90.8),
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
