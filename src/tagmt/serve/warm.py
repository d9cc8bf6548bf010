"""What a worker loads once and keeps warm: aligners (by name and symmetrization), the projection models
of ``--projection-model`` (by language pair, loaded at start), the aligner checks of each pair, and the
engines of ``/v1/translate`` (by model and options). Built once per worker by ``app.create_app``; the
handlers run in starlette's thread pool, so every cache is filled under a lock, and an engine that is
not offline is used by one request at a time (``engine_lock``)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Sequence

from tagmt.errors import TagmtError
from tagmt.serve.settings import ServeSettings

#: ModernMT's names of its symmetrization strategies → eflomal's (``tagmt.projection.align.SYMMETRIZERS``)
SYMMETRIZATIONS = {"grow_diagonal_final_and": "grow-diag-final-and", "grow_diagonal_final": "grow-diag-final",
                   "grow_diagonal": "grow-diag", "intersect": "intersection", "intersection": "intersection",
                   "union": "union"}


def symmetrization(name: str) -> str:
    """A symmetrization named as ModernMT (``GROW_DIAGONAL_FINAL_AND``) or as tagmt (``grow-diag-final-and``)."""
    from tagmt.projection.align import SYMMETRIZERS

    key = name.strip().lower()
    if key in SYMMETRIZERS:
        return key
    if key in SYMMETRIZATIONS:
        return SYMMETRIZATIONS[key]
    raise TagmtError(f"unknown symmetrization {name!r}; use one of {', '.join(sorted(SYMMETRIZERS))} "
                     "(or ModernMT's GROW_DIAGONAL_FINAL_AND, GROW_DIAGONAL, INTERSECT, UNION)")


class Answers:
    """The last ``size`` projection answers by their request (projections are deterministic: eflomal is
    seeded, so a repeated segment gets the same answer the CLI gives, without aligning it again); bounded in
    entries and in the size of what is kept, so memory stays flat. ``size`` 0: nothing kept."""

    #: requests larger than this (characters of their canonical JSON) are not kept
    MAX_KEY = 16384

    def __init__(self, size: int) -> None:
        from collections import OrderedDict

        self.size = size
        self._kept: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        #: requests being answered now (asyncio futures, touched only on the event loop): an identical request
        #: waits for that answer instead of computing it again
        self.pending: dict[str, Any] = {}

    def key(self, kind: str, request: Any) -> str | None:
        import json

        if not self.size:
            return None
        key = kind + json.dumps(request, sort_keys=True, ensure_ascii=False)
        return key if len(key) <= self.MAX_KEY else None

    def get(self, key: str | None) -> Any:
        if key is None:
            return None
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                self.hits += 1
            return found

    def put(self, key: str | None, answer: Any) -> None:
        if key is None:
            return
        with self._lock:
            self._kept[key] = answer
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


class Warm:
    """The worker's loaded models (module docstring)."""

    def __init__(self, settings: ServeSettings) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._aligners: dict[tuple[str, str | None], Any] = {}
        self._checked: set[tuple[str, str, str]] = set()
        self._engines: dict[tuple, Any] = {}
        self._engine_locks: dict[tuple, threading.Lock] = {}
        self.models = load_projection_models(settings.projection_models)
        self.answers = Answers(settings.answer_cache)

    def aligner(self, name: str, symmetrize: str | None = None):
        """The aligner ``name`` (``settings.device`` for awesome), loaded on first use and kept."""
        key = (name, symmetrize)
        with self._lock:
            if key not in self._aligners:
                from tagmt.translation.pipelines import load_aligner

                options = {"symmetrize": symmetrize} if symmetrize else None
                self._aligners[key] = load_aligner(name, self.settings.device, options)
            return self._aligners[key]

    def check_aligner(self, name: str, src: str, trg: str) -> None:
        """The aligner's preflight for a language pair (``tagmt.preflight``), once per pair."""
        key = (name, src, trg)
        if key in self._checked:
            return
        from tagmt.preflight import aligner_problems, check

        check(aligner_problems(name, None, [src, trg]))
        with self._lock:
            self._checked.add(key)

    def model(self, src: str, trg: str):
        """The projection model of the pair (``--projection-model``), or None."""
        return self.models.get((src, trg))

    def engine(self, key: tuple, load) -> tuple[Any, threading.Lock]:
        """The engine kept under ``key`` (``load()`` makes it the first time) and the lock its users hold."""
        with self._lock:
            if key not in self._engines:
                self._engines[key] = load()
                self._engine_locks[key] = threading.Lock()
            return self._engines[key], self._engine_locks[key]


def load_projection_models(paths: Sequence[str]) -> dict[tuple[str, str], Any]:
    """``--projection-model`` folders by their language pair; two for one pair are refused."""
    if not paths:
        return {}
    from tagmt.projection import load_model

    models: dict[tuple[str, str], Any] = {}
    for path in paths:
        model = load_model(Path(path))
        pair = (model.src_lang, model.trg_lang)
        if pair in models:
            raise TagmtError(f"--projection-model {path}: a model for {pair[0]}-{pair[1]} is already given "
                             f"({models[pair].path}); give one model per language pair")
        models[pair] = model
    return models
