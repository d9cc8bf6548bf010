"""Resumable translation runs: a per-run cache of finished segments, and atomic output files.

A run is one engine translating one list of segments in one direction. Its finished translations are
appended to ``<cache>/<key>.jsonl`` (one ``{"src", "out"}`` object a line, flushed after every batch),
where the key hashes the model's identity, the approach, the direction, the decoding settings and the
inputs. A killed run started again with the same arguments finds that file, skips every batch it already
holds and translates the rest (an empty translation of a non-empty segment is never reused: it is asked
again). Batches are formed the same way every time (the engine's
``plan_batches`` over the distinct inputs: length order, cut every ``batch_size`` segments or, with a
token budget, every ``max_tokens`` padded tokens), so a resumed run decodes exactly the batches an
uninterrupted run decodes, and its output is byte-identical. Batch size and token budget are not part
of the key: a finished run may be re-read with other ones.

Two runs with the same key (the same command started twice, or two grid workers) share one cache file:
a run holds an ``flock`` on ``<key>.lock`` beside it while it translates, so the second run waits for the
first (saying so on stderr), then finds every segment cached and translates nothing again. A cache that
cannot be used — its folder is a file, read-only — is one line before any model work; a write that fails
later (a full disk) is one line that says how far the run got, the batches already cached kept.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import stat
import sys
import tempfile
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from tagmt import paths
from tagmt.atomic import write_atomic
from tagmt.engines import Engine
from tagmt.engines.base import PartialBatchError
from tagmt.errors import TagmtError
from tagmt.progress import progress_bar
from tagmt.safeio import open_regular_file

#: Called after each batch is cached with (segments done, segments in the run); may raise to stop.
BatchCallback = Callable[[int, int], None]

_HOW_TO_FIX = "pass --cache-dir with a writable folder, or --no-cache"


def default_cache_dir() -> Path:
    """Where runs are cached unless told otherwise: ``tagmt.paths.cache_dir()/runs``."""
    return paths.cache_dir() / "runs"


def prepare_cache_dir(cache_dir: str | Path | None = None) -> Path:
    """The run-cache folder, made if missing and checked writable (a file created and removed in it),
    so that an unusable cache is one line before a model is loaded rather than after its first batch."""
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise TagmtError(f"the run cache folder {folder} is a file (or a dangling link); {_HOW_TO_FIX}") from None
    except OSError as exc:
        raise TagmtError(f"cannot make the run cache folder {folder}: {exc.strerror or exc}; {_HOW_TO_FIX}") from None
    try:
        tempfile.TemporaryFile(dir=folder).close()
    except OSError as exc:
        raise TagmtError(f"cannot write into the run cache folder {folder}: {exc.strerror or exc}; {_HOW_TO_FIX}") from None
    return folder


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

    @property
    def lock_path(self) -> Path:
        """``<key>.lock`` beside the cache file (kept: removing a lock file would race its next user)."""
        return self.path.with_suffix(".lock")

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold this run's lock; a second run of the same key waits here (saying so on stderr) and then
        reuses what the first one cached. The cache folder and file are checked writable first."""
        prepare_cache_dir(self.path.parent)
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError as exc:
            raise TagmtError(f"cannot use the run cache {self.lock_path}: {exc.strerror or exc}; {_HOW_TO_FIX}") from None
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                print(f"tagmt: another run is translating the same segments (cache {self.path}); "
                      "waiting for it, then its translations are reused", file=sys.stderr, flush=True)
                fcntl.flock(fd, fcntl.LOCK_EX)
            self._check_writable()
            yield
        finally:
            os.close(fd)

    def _check_writable(self) -> None:
        try:
            with open(self.path, "ab"):
                pass
        except OSError as exc:
            raise TagmtError(f"cannot write the run cache {self.path}: {exc.strerror or exc}; {_HOW_TO_FIX}") from None

    def load(self) -> dict[str, str]:
        """Source → translation for every finished segment; a line cut short by a kill is ignored."""
        done: dict[str, str] = {}
        if not os.path.lexists(self.path):
            return done
        handle, _ = open_regular_file(self.path, what="run cache file")
        with handle:
            for raw in handle:
                try:
                    record = json.loads(raw)
                except ValueError:  # cut short by a kill (or not UTF-8)
                    continue
                if isinstance(record, dict) and isinstance(record.get("src"), str) \
                        and isinstance(record.get("out"), str):
                    done[record["src"]] = record["out"]
        return done

    def append(self, finished: dict[str, str]) -> None:
        """Add a batch of finished segments and push them to disk before going on. A line cut short by
        an earlier kill or full disk is ended first, so that it cannot swallow this batch's first line."""
        data = "".join(
            json.dumps({"src": src, "out": out}, ensure_ascii=False) + "\n" for src, out in finished.items()
        ).encode("utf-8")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a+b") as f:
                end = f.seek(0, os.SEEK_END)
                if end and os.pread(f.fileno(), 1, end - 1) != b"\n":
                    data = b"\n" + data
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            advice = "free some space and" if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG) else "then"
            raise TagmtError(
                f"cannot add a batch to the run cache {self.path}: {exc.strerror or exc}; the batches finished "
                f"before it are kept there: {advice} run the same command again to resume (or {_HOW_TO_FIX})"
            ) from None


@dataclass(frozen=True)
class BatchProgress:
    """How ``translate_segments`` shows its progress: a bar (``show``: on a terminal only; False never)
    labelled ``desc`` counting ``unit``, and ``on_batch`` called after each batch is cached."""

    show: bool = True
    desc: str = ""
    unit: str = "seg"
    on_batch: BatchCallback | None = None


#: With ``skip``, a run still stops when this many segments in a row fail by themselves with nothing
#: translated between them: a server that fails on everything is not one bad segment.
MOST_FAILURES_IN_A_ROW = 10


def translate_segments(
    engine: Engine,
    texts: Sequence[str],
    src_lang: str,
    trg_lang: str,
    *,
    cache: SegmentCache | None = None,
    progress: BatchProgress = BatchProgress(),
    skipped: dict[str, str] | None = None,
) -> list[str]:
    """Translate ``texts`` batch by batch, caching each batch as it finishes; one output per input.

    Identical inputs are translated once. Engines that cost nothing (``copy``, ``reference``) are
    called once on the whole list, in order, and never cached. With a cache, the run holds its lock
    (``SegmentCache.locked``) from reading the cache to its last batch.

    ``skipped`` (``--on-engine-failure skip``; None: stop): a segment the engine keeps failing on by itself
    (``PartialBatchError.failed``) is left untranslated — its output ``""``, never cached, so a later run
    asks again — and put in ``skipped`` (input → one-line reason); the run goes on. A failure that is not
    one segment's (the server unreachable), or ``MOST_FAILURES_IN_A_ROW`` failing segments in a row, stops
    the run as without it (resumable).
    """
    engine.check_direction(src_lang, trg_lang)
    texts = list(texts)
    if not engine.cacheable:
        return engine.translate(texts, src_lang, trg_lang)
    if cache is None:
        return _translate_batches(engine, texts, src_lang, trg_lang, None, progress, skipped)
    with cache.locked():
        return _translate_batches(engine, texts, src_lang, trg_lang, cache, progress, skipped)


def _translate_batches(engine: Engine, texts: list[str], src_lang: str, trg_lang: str, cache: SegmentCache | None,
                       progress: BatchProgress, skipped: dict[str, str] | None = None) -> list[str]:
    # An empty translation of a non-empty segment is never taken from the cache (an older run may have
    # cached a server's empty answers): it is asked again.
    done = {src: out for src, out in (cache.load() if cache else {}).items() if out.strip() or not src.strip()}
    counts = Counter(texts)
    distinct = list(counts)
    batches = [[distinct[i] for i in batch] for batch in engine.plan_batches(distinct)]
    finished = sum(counts[t] for t in distinct if t in done)
    in_a_row = [0]  # segments failed by themselves since the last one translated
    # progress=True shows the bar on a terminal only; False never
    with progress_bar(total=len(texts), initial=finished, desc=progress.desc, unit=progress.unit,
                      enabled=None if progress.show else False) as bar:
        for batch in batches:
            # A batch is partly done only when an engine stopped inside it (PartialBatchError below)
            # or a kill cut its cache line: then only its missing inputs are sent again.
            todo = [t for t in batch if t not in done]
            if not todo:
                continue
            while todo:
                outputs = _translate_batch(engine, todo, src_lang, trg_lang, cache, skipped, in_a_row)
                done.update(outputs)
                new = sum(counts[t] for t in todo if t in outputs or (skipped is not None and t in skipped))
                finished += new
                bar.update(new)
                todo = [t for t in todo if t not in done and (skipped is None or t not in skipped)]
            if progress.on_batch:
                progress.on_batch(finished, len(texts))
    return [done.get(t, "") for t in texts]  # (a skipped input: "")


def _translate_batch(engine: Engine, todo: list[str], src_lang: str, trg_lang: str, cache: SegmentCache | None,
                     skipped: dict[str, str] | None, in_a_row: list[int]) -> dict[str, str]:
    """The outputs of one call on ``todo``, cached; with ``skipped``, the segments the engine failed on by
    themselves are put there and what finished beside them is returned (the caller sends the rest again)."""
    try:
        outputs = dict(zip(todo, engine.translate(todo, src_lang, trg_lang)))
    except PartialBatchError as stopped:
        # Keep what finished before the engine stopped: a re-run resumes after it.
        finished = {todo[i]: out for i, out in sorted(stopped.finished.items())}
        if cache and finished:
            cache.append(finished)
        if skipped is None or not stopped.failed:
            raise
        in_a_row[0] = len(stopped.failed) + (0 if finished else in_a_row[0])
        if in_a_row[0] >= MOST_FAILURES_IN_A_ROW:
            raise TagmtError(f"{in_a_row[0]} segments in a row failed ({stopped.failed[min(stopped.failed)]}): "
                             "not one bad segment, so the run stops instead of skipping them all; finished "
                             "segments are cached, and the same command resumes after them") from None
        skipped.update({todo[i]: reason for i, reason in stopped.failed.items()})
        return finished
    in_a_row[0] = 0
    if cache:
        cache.append(outputs)
    return outputs


def run_record_path(output: str | Path) -> Path | None:
    """Where the record of the run that wrote ``output`` goes: ``<output>.run.json`` beside a regular
    file (or a link to one); None for a special output — a FIFO, a device, or a name in the system's
    pseudo folders (``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1`` even when they lead to a
    regular file) — which gets no record: nothing is created beside a special file."""
    output = Path(output)
    folder = output.absolute().parent.resolve()
    if any(folder == Path(top) or Path(top) in folder.parents for top in ("/dev", "/proc")):
        return None
    try:
        regular = stat.S_ISREG(output.stat().st_mode)
    except OSError:
        regular = False
    return output.with_name(output.name + ".run.json") if regular else None


def write_run_record(path: str | Path, fields: dict[str, Any], engine: Engine) -> Path:
    """Write the run record ``path`` (``run_record_path(output)`` for a line file): the engine's own record (an LLM's model, API
    base, prompt hash, temperature, seed, request counts) or its identity and settings, the run's
    ``fields`` (the caller's command line among them, credentials masked: ``secrets.redact_argv``), tagmt's
    version and the time. Never an API key."""
    import datetime

    from tagmt import __version__

    from tagmt.secrets import redact_argv

    describe = getattr(engine, "record", None)
    if isinstance(fields.get("command"), (list, tuple)):  # an API caller's command line too: no credential
        fields = {**fields, "command": redact_argv(fields["command"])}
    record = {
        "engine": describe() if callable(describe) else {"model": engine.identity, "settings": engine.settings()},
        **fields,
        "tagmt": __version__,
        "finished": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }
    write_atomic(path, [json.dumps(record, ensure_ascii=False, indent=2) + "\n"])
    return path
