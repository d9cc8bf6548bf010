"""Resumable translation runs: a per-run cache of finished segments, and atomic output files.

A run is one engine translating one list of segments in one direction. Its finished translations are
appended to ``<cache>/<key>.jsonl`` (one ``{"src", "out"}`` object a line, flushed after every batch),
where the key hashes the model's identity, the approach, the direction, the decoding settings and the
inputs. A killed run started again with the same arguments finds that file, skips every batch it already
holds and translates the rest. Batches are formed the same way every time (the engine's
``plan_batches`` over the distinct inputs: length order, cut every ``batch_size`` segments or, with a
token budget, every ``max_tokens`` padded tokens), so a resumed run decodes exactly the batches an
uninterrupted run decodes, and its output is byte-identical. Batch size and token budget are not part
of the key: a finished run may be re-read with other ones.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Callable, Iterable, Sequence

from tagmt import paths
from tagmt.atomic import write_atomic
from tagmt.progress import progress_bar
from tagmt.engines import Engine

#: Called after each batch is cached with (segments done, segments in the run); may raise to stop.
BatchCallback = Callable[[int, int], None]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def default_cache_dir() -> Path:
    """Where runs are cached unless told otherwise: ``tagmt.paths.cache_dir()/runs``."""
    return paths.cache_dir() / "runs"


def run_key(engine: Engine, approach: str, direction: str, texts: Sequence[str]) -> str:
    """The hash that names a run's cache file."""
    inputs = hashlib.sha256("\n".join(texts).encode("utf-8")).hexdigest()
    description = {
        "model": engine.identity,
        "approach": approach,
        "direction": direction,
        "settings": engine.settings(),
        "inputs": inputs,
        "segments": len(texts),
    }
    return hashlib.sha256(json.dumps(description, sort_keys=True).encode("utf-8")).hexdigest()[:32]


class SegmentCache:
    """The finished translations of one run, as an append-only JSON-lines file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_run(cls, engine: Engine, approach: str, direction: str, texts: Sequence[str],
                cache_dir: str | Path | None = None) -> "SegmentCache":
        folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        return cls(folder / f"{run_key(engine, approach, direction, texts)}.jsonl")

    def load(self) -> dict[str, str]:
        """Source → translation for every finished segment; a line cut short by a kill is ignored."""
        done: dict[str, str] = {}
        if not self.path.exists():
            return done
        with self.path.open(encoding="utf-8") as f:
            for line in f:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(record, dict) and isinstance(record.get("src"), str) \
                        and isinstance(record.get("out"), str):
                    done[record["src"]] = record["out"]
        return done

    def append(self, finished: dict[str, str]) -> None:
        """Add a batch of finished segments and push them to disk before going on."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lines = "".join(
            json.dumps({"src": src, "out": out}, ensure_ascii=False) + "\n" for src, out in finished.items()
        )
        with self.path.open("a", encoding="utf-8") as f:
            f.write(lines)
            f.flush()
            os.fsync(f.fileno())


def translate_segments(
    engine: Engine,
    texts: Sequence[str],
    src_lang: str,
    trg_lang: str,
    *,
    cache: SegmentCache | None = None,
    progress: bool = True,
    desc: str = "",
    on_batch: BatchCallback | None = None,
) -> list[str]:
    """Translate ``texts`` batch by batch, caching each batch as it finishes; one output per input.

    Identical inputs are translated once. Engines that cost nothing (``copy``, ``reference``) are
    called once on the whole list, in order, and never cached.
    """
    engine.check_direction(src_lang, trg_lang)
    texts = list(texts)
    if not engine.cacheable:
        return engine.translate(texts, src_lang, trg_lang)
    done = cache.load() if cache else {}
    counts = Counter(texts)
    distinct = list(counts)
    batches = [[distinct[i] for i in batch] for batch in engine.plan_batches(distinct)]
    finished = sum(counts[t] for t in distinct if t in done)
    # progress=True shows the bar on a terminal only; False never
    with progress_bar(total=len(texts), initial=finished, desc=desc, unit="seg",
                      enabled=None if progress else False) as bar:
        for batch in batches:
            if all(t in done for t in batch):
                continue
            new = sum(counts[t] for t in batch if t not in done)
            outputs = dict(zip(batch, engine.translate(batch, src_lang, trg_lang)))
            done.update(outputs)
            if cache:
                cache.append(outputs)
            finished += new
            bar.update(new)
            if on_batch:
                on_batch(finished, len(texts))
    return [done[t] for t in texts]


def write_lines_atomic(path: str | Path, lines: Iterable[str]) -> Path:
    """Write one line per item (line breaks inside an item become spaces, so that line k is segment k),
    atomically (:func:`tagmt.atomic.write_atomic`): a reader never sees half a file."""
    return write_atomic(path, (_LINE_BREAK.sub(" ", line) + "\n" for line in lines))
