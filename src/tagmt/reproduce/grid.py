"""The experiment grid: which systems (model, approach, aligner) run on which directions of which split.

A grid comes from a TOML config (``experiments/paper.toml`` by default) whose lists the command line may
replace. Each of its cells (one model, approach and direction) is the unit of work and of caching; see
:mod:`tagmt.reproduce.cells`.
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from tagmt.data.directions import Direction, all_directions, parse_direction
from tagmt.aligner_names import ALIGNERS, PAPER_ALIGNER
from tagmt.errors import TagmtError
from tagmt.translation.options import APPROACHES
from tagmt.safeio import MAX_DOCUMENT_BYTES, decode_utf8, read_regular_file

# The paper's names for its systems' models (Tables 3–5).
MODEL_LABELS = {"m2m100": "M2M", "mbart50": "MBart"}


@dataclass(frozen=True)
class System:
    """A model run with one approach (and, for dp, one aligner)."""

    model: str
    approach: str
    aligner: str | None = None

    @property
    def label(self) -> str:
        """The paper's row name (``M2M DT``); a non-default aligner is named (``reference DP+eflomal``)."""
        name = MODEL_LABELS.get(self.model, Path(self.model).name or self.model)
        label = f"{name} {self.approach.upper()}"
        if self.aligner and self.aligner != PAPER_ALIGNER:
            label += f"+{self.aligner}"
        return label


@dataclass(frozen=True)
class Cell:
    """One (model, approach, direction): the unit of work and of caching."""

    system: System
    direction: Direction

    @property
    def key(self) -> str:
        """The cell's folder name, e.g. ``m2m100.dp-awesome.en-ja``."""
        approach = self.system.approach + (f"-{self.system.aligner}" if self.system.aligner else "")
        return f"{model_slug(self.system.model)}.{approach}.{self.direction.name}"

    def describe(self) -> dict:
        return {
            "model": self.system.model,
            "approach": self.system.approach,
            "aligner": self.system.aligner,
            "direction": self.direction.name,
        }


def model_slug(model: str) -> str:
    """A folder-safe name for a model: hub ids keep their name, local directories add a hash of their path."""
    path = Path(model).expanduser()
    if path.is_dir():
        resolved = str(path.resolve())
        digest = hashlib.sha1(resolved.encode("utf-8")).hexdigest()[:8]
        return f"{_safe(path.resolve().name)}-{digest}"
    return _safe(model.replace("/", "--"))


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text) or "model"


@dataclass
class Grid:
    """Systems × directions on one split (None: the data set's only split)."""

    split: str | None
    systems: list[System]
    directions: list[Direction]
    batch_size: int = 16
    config: Path | None = None
    #: How checkpoints run (``--engine``, ``--compute-type``, ``--max-tokens``); offline engines ignore it.
    engine: str = "hf"
    compute_type: str | None = None
    max_tokens: int | None = None

    def cells(self) -> list[Cell]:
        return [Cell(system, direction) for system in self.systems for direction in self.directions]


def _split_list(values: Iterable[str] | None) -> list[str] | None:
    """``["en-ja,en-ko", "ja-en"]`` → ``["en-ja", "en-ko", "ja-en"]``; None stays None."""
    if values is None:
        return None
    items = [item.strip() for value in values for item in value.split(",") if item.strip()]
    return items or None


def _load_toml(path: Path) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    data = read_regular_file(path, what="grid config", limit=MAX_DOCUMENT_BYTES)
    try:
        return tomllib.loads(decode_utf8(data, path, what="grid config"))
    except tomllib.TOMLDecodeError as exc:
        raise TagmtError(f"grid config {path} is not valid TOML: {exc}") from None


def _approach(name: str, where: str) -> str:
    if name not in APPROACHES:
        raise TagmtError(f"unknown approach {name!r} in {where}: use one of {', '.join(APPROACHES)}")
    return name


def _aligner(name: str, where: str) -> str:
    if name not in ALIGNERS:
        raise TagmtError(f"unknown aligner {name!r} in {where}: use one of {', '.join(ALIGNERS)}")
    return name


def _string_list(section: Mapping, key: str, path: Path) -> list[str]:
    value = section.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise TagmtError(f"grid config {path}: [grid] {key} must be a non-empty list of strings")
    return value


def load_grid(
    path: str | Path | None = None,
    *,
    models: Sequence[str] | None = None,
    approaches: Sequence[str] | None = None,
    pairs: Sequence[str] | None = None,
    aligner: str | None = None,
    split: str | None = None,
    batch_size: int | None = None,
) -> Grid:
    """Read a grid config (default: ``experiments/paper.toml``); the keyword arguments replace its lists.

    List arguments may hold comma-separated items (``["en-ja,en-ko"]``), as the command line passes them.
    """
    from tagmt.paths import experiments_dir

    config = Path(path) if path is not None else experiments_dir() / "paper.toml"
    data = _load_toml(config)
    grid = data.get("grid")
    if not isinstance(grid, dict):
        raise TagmtError(f"grid config {config} has no [grid] table")
    model_names = _split_list(models) or _string_list(grid, "models", config)
    approach_names = [
        _approach(a, "--approaches" if approaches else str(config))
        for a in (_split_list(approaches) or _string_list(grid, "approaches", config))
    ]
    aligner_name = _aligner(aligner or grid.get("aligner", PAPER_ALIGNER), "--aligner" if aligner else str(config))
    direction_names = _split_list(pairs)
    if direction_names is None:
        configured = grid.get("directions", "all")
        direction_names = None if configured == "all" else _string_list(grid, "directions", config)
    directions = (
        all_directions() if direction_names is None else list(dict.fromkeys(parse_direction(d) for d in direction_names))
    )
    configured_batch = data.get("decoding", {}).get("batch_size", 16)
    size = batch_size if batch_size is not None else configured_batch
    if not isinstance(size, int) or size < 1:
        raise TagmtError(f"batch size must be a positive whole number, got {size!r}")
    systems = [
        System(model, approach, aligner_name if approach == "dp" else None)
        for model in dict.fromkeys(model_names)
        for approach in dict.fromkeys(approach_names)
    ]
    return Grid(split or grid.get("split"), systems, directions, size, config.resolve())


def offline_grid() -> Grid:
    """The demo grid: ``copy`` with DT (the lower bound) and ``reference`` with DP and eflomal (tag
    projection alone), all 12 directions, on the data set's only split. Needs no network and no weights."""
    systems = [System("copy", "dt"), System("reference", "dp", "eflomal")]
    return Grid(None, systems, all_directions())
