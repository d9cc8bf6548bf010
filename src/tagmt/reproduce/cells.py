"""One cell of the grid: its folder, whether a finished one can be reused, and computing it.

A *cell* is one (model, approach, direction). It is the unit of work and of caching: it lives in its own
folder ``OUT/cells/<key>/`` (the translation ``hyp.txt`` and ``cell.json``, the scores), and ``cell.json``
is written atomically last, so a cell either is finished or is computed again. A finished cell is reused
only when it was made from the same model, approach, aligner, split and the same source and reference
segments. Because cells are self-contained, cells computed on different machines can be copied into one
``OUT/cells/`` and a re-run then only writes the tables.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from tagmt.atomic import write_atomic
from tagmt.data.directions import Direction
from tagmt.aligner_names import PAPER_ALIGNER
from tagmt.engines.offline import OFFLINE_ENGINES
from tagmt.reproduce.grid import Cell
from tagmt.reproduce.provenance import RESULTS_FORMAT, utc_now, versions
from tagmt.report.scores import DATA_DECIMALS, rounded

CELLS_DIR = "cells"
CELL_FILE = "cell.json"
HYP_FILE = "hyp.txt"
PAGE_FILE = "report.html"  # the cell's evaluation page (tagmt.report), written before cell.json
# The option of `tagmt reproduce` that takes a local checkpoint folder, named when weights are missing.
MODEL_OPTION = "--models"


def _sha256_lines(lines: Iterable[str]) -> str:
    digest = hashlib.sha256()
    for line in lines:
        digest.update(line.encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def _file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def direction_fingerprint(dataset, split: str, direction: Direction) -> dict:
    """What a cell's scores depend on in the data: the number and hashes of sources and references."""
    from tagmt.data.views import parallel_segments

    segments = parallel_segments(dataset, split, direction)
    return {
        "segments": len(segments),
        "sources_sha256": _sha256_lines(s.source for s in segments),
        "references_sha256": _sha256_lines(s.target for s in segments),
    }


def cell_dir(out: Path, cell: Cell) -> Path:
    """The cell's own folder, ``OUT/cells/<key>/``."""
    return out / CELLS_DIR / cell.key


def engine_description(model: str, engine: str = "hf", compute_type: str | None = None) -> dict | None:
    """What a cell's outputs depend on beyond its model: the engine and the requested precision (None for
    the offline engines, which run the same everywhere)."""
    if model in OFFLINE_ENGINES:
        return None
    return {"engine": engine, "compute_type": compute_type}


def finished_record(out: Path, cell: Cell, split: str, fingerprint: Mapping, *, engine: str = "hf",
                    compute_type: str | None = None) -> dict | None:
    """The cell's record when it is finished and was made from the same inputs with the same engine and
    precision, else None (records from before engines were recorded count as hf at its default)."""
    folder = cell_dir(out, cell)
    expected = engine_description(cell.system.model, engine, compute_type)
    try:
        record = json.loads((folder / CELL_FILE).read_text(encoding="utf-8"))
        recorded = record.get("engine", engine_description(cell.system.model))
        same = (
            record.get("format") == RESULTS_FORMAT
            and {k: record.get(k) for k in ("model", "approach", "aligner", "direction")} == cell.describe()
            and recorded == expected
            and record.get("split") == split
            and record.get("inputs") == dict(fingerprint)
            and record.get("hyp_sha256") == _file_sha256(folder / HYP_FILE)
        )
    except (OSError, ValueError):
        return None
    return record if same else None


NO_DICTIONARIES = "none"
"""`--lexicon none`: every cell projects without bilingual dictionaries (`compute_cell`)."""


def cell_commands(cell: Cell, data: Path, split: str, out: Path, batch_size: int, engine: dict | None = None,
                  max_tokens: int | None = None) -> dict:
    """The two ``tagmt`` commands that reproduce this cell's output and scores by hand."""
    import shlex

    hyp = str(cell_dir(out, cell) / HYP_FILE)
    translate = ["tagmt", "translate", "--data", str(data), "--split", split, "--pair", cell.direction.name,
                 "--approach", cell.system.approach, "--model", cell.system.model]
    if cell.system.aligner:
        translate += ["--aligner", cell.system.aligner]
    if cell.system.approach == "dp":
        translate += ["--lexicon", "none"]  # (as compute_cell: the paper's projection, no dictionaries)
    if engine and engine["engine"] != "hf":
        translate += ["--engine", engine["engine"]]
    if engine and engine["compute_type"]:
        translate += ["--compute-type", engine["compute_type"]]
    translate += ["--max-tokens", str(max_tokens)] if max_tokens else ["--batch-size", str(batch_size)]
    translate += ["-o", hyp]
    evaluate = ["tagmt", "evaluate", "--data", str(data), "--split", split, "--pair", cell.direction.name,
                "--hyp", hyp, "--format", "json"]
    return {"translate": shlex.join(translate), "evaluate": shlex.join(evaluate)}


@dataclass(frozen=True)
class CellTask:
    """Everything a (possibly remote) worker needs to compute one cell; plain, picklable values."""

    cell: Cell
    data: str
    split: str
    out: str
    batch_size: int
    device: str
    progress: bool
    fingerprint: Mapping
    engine: str = "hf"
    compute_type: str | None = None
    max_tokens: int | None = None
    #: Where the cell's folder and segment cache are written, when not ``out`` (a remote worker's folder).
    work: str | None = None
    #: How to reach and prompt ``openai:NAME`` models (None: their defaults and $OPENAI_BASE_URL).
    llm: Any = None

    def engine_options(self, model: str):
        """The ``EngineOptions`` of this task's engine settings for ``model``."""
        from tagmt.engines.options import DecodingOptions, EngineOptions

        return EngineOptions(model, self.engine, self.device, self.compute_type, batch_size=self.batch_size,
                             llm=self.llm, decoding=DecodingOptions(max_tokens=self.max_tokens))


_loaded_engine: dict[Any, object] = {}


def _engine(model: str, task: CellTask):
    """The model for a cell: loaded once and kept while consecutive cells use it (one at a time in memory)."""
    if model in OFFLINE_ENGINES:
        return model  # built per direction by translate_direction (the reference engine needs its references)
    from tagmt.engines import load_engine

    options = task.engine_options(model)
    if options not in _loaded_engine:
        _loaded_engine.clear()
        _loaded_engine[options] = load_engine(options, option=MODEL_OPTION)
    return _loaded_engine[options]


def compute_cell(task: CellTask) -> dict:
    """Translate and evaluate one cell, write its folder, and return its record (``cell.json``)."""
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import parallel_segments
    from tagmt.evaluation import iter_segments, score_systems
    from tagmt.report import SegmentCollector, write_evaluation_page
    from tagmt.translation.options import AlignerSpec, DataDirection, RunOptions
    from tagmt.translation.guide import Guide
    from tagmt.translation.pipelines import translate_direction

    cell, out = task.cell, Path(task.out)
    work = Path(task.work) if task.work else out
    folder = cell_dir(work, cell)
    folder.mkdir(parents=True, exist_ok=True)
    dataset = open_dataset(task.data)
    engine = engine_description(cell.system.model, task.engine, task.compute_type)
    started = time.perf_counter()
    done = translate_direction(
        DataDirection(dataset, task.split, cell.direction), cell.system.approach, _engine(cell.system.model, task),
        output=folder / HYP_FILE, aligner=AlignerSpec(cell.system.aligner or PAPER_ALIGNER, device=task.device),
        run=RunOptions(work / "segment-cache", progress=task.progress),
        # (the paper's projection aligns words without dictionaries; with them a cell's figures would
        # depend on what a machine has installed, and a cached cell would not say so)
        guide=Guide(lexicon=(NO_DICTIONARIES,)),
    )
    report, hyp_path = done.report, Path(done.output)
    translated = time.perf_counter()
    hypotheses = list(iter_segments(hyp_path))  # as `tagmt evaluate --hyp` reads it
    segments = parallel_segments(dataset, task.split, cell.direction)
    references = [segment.target for segment in segments]
    name = f"{CELLS_DIR}/{cell.key}/{HYP_FILE}"
    collector = SegmentCollector()  # the cell's evaluation page
    (scores,) = score_systems(references, {name: hypotheses}, cell.direction.trg, pair=cell.direction.name,
                              sources=[segment.source for segment in segments], per_segment=collector)
    scored = scores.as_dict()
    write_evaluation_page(folder / PAGE_FILE, [scored], collector, title=f"tagmt evaluation: {cell.key}")
    evaluated = time.perf_counter()
    record = {
        "format": RESULTS_FORMAT,
        "key": cell.key,
        "system": cell.system.label,
        **cell.describe(),
        "engine": engine,
        "split": task.split,
        "inputs": dict(task.fingerprint),
        "output": name,
        "hyp_sha256": _file_sha256(hyp_path),
        "segments": scored["segments"],
        "scores": rounded(scored["scores"], DATA_DECIMALS),  # as evaluate's JSON: never 100.00000000000004
        "signatures": scored["signatures"],
        "seconds": {"translate": round(translated - started, 3), "evaluate": round(evaluated - translated, 3)},
        "changes": report.as_dict(),  # what the run changed besides translating (tagmt.translation.hygiene)
        "commands": cell_commands(cell, Path(task.data), task.split, out, task.batch_size, engine, task.max_tokens),
        "versions": versions(),
        "finished": utc_now(),
    }
    write_atomic(folder / CELL_FILE, [json.dumps(record, ensure_ascii=False, indent=2) + "\n"])
    return record
