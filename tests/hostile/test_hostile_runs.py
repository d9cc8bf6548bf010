"""Hostile run caches and interrupted runs: what tagmt promises about resumable translation.

1. A run-cache folder that is a file, or that cannot be written (read-only), is one line before any
   model is loaded.
2. A cache write that fails after model work (a full disk; here ``ulimit -f``) is one line that says the
   finished batches are kept; the next run resumes from them to the same bytes as an uninterrupted run.
3. Two runs sharing one cache do not translate the same segments twice: the second waits for the first
   (saying so on stderr) and reuses what it cached.
4. A run killed during its final write leaves a temporary file that the next run removes.
5. A cache file that is a FIFO or a link to ``/dev/zero`` is one line, not a hang.
6. A cache line cut short by a kill cannot swallow the next batch's first line.
7. A real run interrupted with Ctrl-C (SIGINT) exits 130 keeping its cache; one killed with ``kill -9``
   in mid-run loses only the batch in flight; the next run finishes to the same bytes as an
   uninterrupted run.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hostile import assert_one_line_failure, one_line_error, run_tagmt

from tagmt.engines import Engine
from tagmt.translation.options import DataDirection, EngineOptions, RunOptions
from tagmt.translation.pipelines import translate_direction
from tagmt.translation.runs import BatchProgress, SegmentCache, translate_segments

QUIET = BatchProgress(show=False)


def translate_args(model: str, out: Path, *more: str) -> list[str]:
    return ["translate", "--approach", "dt", "--pair", "en-ja", "--model", model, "--device", "cpu",
            "-o", str(out), *more]


# 1. unusable cache folders, found before a model is loaded

def test_a_cache_folder_that_is_a_file(tmp_path, capsys):
    cache = tmp_path / "cache"
    cache.write_text("not a folder\n", "utf-8")
    # the model does not exist either: the cache is checked first, before any model is loaded
    err = one_line_error(translate_args(str(tmp_path / "no-model"), tmp_path / "out.txt", "--cache-dir", str(cache)),
                         capsys)
    assert f"the run cache folder {cache} is a file" in err and "--no-cache" in err
    assert cache.read_text("utf-8") == "not a folder\n" and not (tmp_path / "out.txt").exists()


def test_a_read_only_cache_folder(readonly_dir, tmp_path, capsys):
    err = one_line_error(translate_args(str(tmp_path / "no-model"), tmp_path / "out.txt",
                                        "--cache-dir", str(readonly_dir / "runs")), capsys)
    assert "run cache folder" in err and str(readonly_dir) in err


# 2. a full disk after model work

@pytest.fixture(scope="module")
def whole_run(tiny_m2m100_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """An uninterrupted tiny-M2M-100 DT en-ja run of the sample in batches of 8: (output, cache file)."""
    from tagmt.paths import sample_data_dir

    folder = tmp_path_factory.mktemp("whole-run")
    output = translate_direction(DataDirection(sample_data_dir(), "dev", "en-ja"), "dt",
                                 EngineOptions.of(str(tiny_m2m100_dir), batch_size=8, device="cpu"),
                                 output=folder / "whole.txt", run=RunOptions(folder / "cache", progress=False)).output
    (journal,) = (folder / "cache").glob("*.jsonl")
    return output, journal


@pytest.mark.slow
def test_a_cache_write_failing_after_a_batch_keeps_finished_work(tiny_m2m100_dir, whole_run, tmp_path):
    model = str(tiny_m2m100_dir)
    whole, journal = whole_run
    lines = journal.read_bytes().splitlines(keepends=True)
    first_batch = sum(len(line) for line in lines[:8])
    limit = first_batch + len(lines[8]) // 2  # the second batch's first line is cut by the "full disk"

    out, cache = tmp_path / "out.txt", tmp_path / "cache"
    args = translate_args(model, out, "--batch-size", "8", "--cache-dir", str(cache))
    err = assert_one_line_failure(run_tagmt(*args, file_size_limit=limit))
    assert "cannot add a batch to the run cache" in err and "File too large" in err and "kept" in err
    assert not out.exists()
    (cached,) = cache.glob("*.jsonl")
    assert len(SegmentCache(cached).load()) == 8  # the first batch survived, the cut line is ignored

    done = run_tagmt(*args)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == whole.read_bytes()


# 3. two runs, one cache

class GatedEngine(Engine):
    """Upper-cases its input; holds its first call until released (a slow model in mid-batch)."""

    name = "gated-upper"
    cacheable = True
    batch_size = 2

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.entered = threading.Event()
        self.release = threading.Event()

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        self.calls.append(list(texts))
        self.entered.set()
        assert self.release.wait(60)
        return [text.upper() for text in texts]


def test_a_second_run_on_the_same_cache_waits_and_reuses(tmp_path, capsys):
    texts = ["one", "two", "three", "four", "five"]
    path = tmp_path / "runs" / "shared.jsonl"
    first, second = GatedEngine(), GatedEngine()
    results: dict[str, list[str]] = {}

    def run(name: str, engine: GatedEngine) -> None:
        results[name] = translate_segments(engine, texts, "en", "ja", cache=SegmentCache(path), progress=QUIET)

    a = threading.Thread(target=run, args=("first", first))
    a.start()
    assert first.entered.wait(30)
    b = threading.Thread(target=run, args=("second", second))
    b.start()
    time.sleep(1.0)
    assert second.calls == []  # waiting for the first run, not translating the same segments
    first.release.set()
    second.release.set()
    a.join(60)
    b.join(60)
    assert results["first"] == results["second"] == [t.upper() for t in texts]
    assert sum(len(call) for call in first.calls) == 5 and second.calls == []
    assert len(path.read_text("utf-8").splitlines()) == 5  # each segment cached once
    assert "another run is translating the same segments" in capsys.readouterr().err


# 4. killed during the final write

KILL_AT_FINAL_WRITE = """
import os, signal, sys
import tagmt.atomic

def killed(fd):
    os.kill(os.getpid(), signal.SIGKILL)  # the output is written, not yet renamed into place

tagmt.atomic.os.fsync = killed
from tagmt.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_run_killed_during_its_final_write_leaves_nothing_behind_for_good(tmp_path, sample_data):
    out = tmp_path / "out" / "copy.txt"
    args = ["translate", "--approach", "dt", "--pair", "en-ja", "--model", "copy", "-o", str(out)]
    killed = subprocess.run([sys.executable, "-c", KILL_AT_FINAL_WRITE, *args], capture_output=True, timeout=120)
    assert killed.returncode == -9
    (leftover,) = (tmp_path / "out").iterdir()
    assert leftover.name.startswith(".copy.txt.") and leftover.stat().st_size > 0 and not out.exists()

    done = run_tagmt(*args)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["copy.txt", "copy.txt.run.json"]


# 5. cache files that are not files

LOAD = "import sys; from pathlib import Path; from tagmt.cli import main; from tagmt.translation.runs import SegmentCache\n" \
       "from tagmt.errors import TagmtError\n" \
       "try:\n    SegmentCache(Path(sys.argv[1])).load()\nexcept TagmtError as e:\n    sys.exit(f'tagmt: error: {e}')\n"


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_cache_file_that_is_not_a_file(kind, tmp_path):
    path = tmp_path / "key.jsonl"
    if kind == "fifo":
        import os

        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    done = subprocess.run([sys.executable, "-c", LOAD, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "run cache file is a" in done.stderr and "Traceback" not in done.stderr


# 6. a cut line

def test_a_cut_line_does_not_swallow_the_next_batch(tmp_path):
    cache = SegmentCache(tmp_path / "key.jsonl")
    cache.append({"a": "A"})
    with cache.path.open("a", encoding="utf-8") as f:
        f.write('{"src": "b", "ou')  # a kill (or a full disk) in the middle of a line
    cache.append({"c": "C", "d": "D"})
    assert cache.load() == {"a": "A", "c": "C", "d": "D"}


# 7. real interruptions

def _cached_lines(cache: Path) -> int:
    return sum(len(p.read_bytes().splitlines()) for p in cache.glob("*.jsonl"))


def _start_and_wait(args: list[str], cache: Path, more_than: int) -> subprocess.Popen:
    """Start ``tagmt ARGS``; return once its cache holds more than ``more_than`` lines (it is mid-run)."""
    proc = subprocess.Popen([sys.executable, "-m", "tagmt", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ, OMP_NUM_THREADS="1"))
    deadline = time.monotonic() + 300
    while _cached_lines(cache) <= more_than:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return proc


@pytest.mark.slow
def test_interrupted_and_killed_runs_resume_to_the_same_bytes(tiny_m2m100_dir, whole_run, tmp_path):
    whole, journal = whole_run
    total = len(journal.read_bytes().splitlines())
    out, cache = tmp_path / "out.txt", tmp_path / "cache"
    args = translate_args(str(tiny_m2m100_dir), out, "--batch-size", "8", "--cache-dir", str(cache))

    proc = _start_and_wait(args, cache, 0)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    kept = _cached_lines(cache)
    assert proc.returncode == 130 and "tagmt: interrupted" in err and "Traceback" not in err
    assert 0 < kept and not out.exists()

    if kept < total:  # the tiny model may have finished meanwhile on a fast machine
        proc = _start_and_wait(args, cache, kept)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=120)
        assert proc.returncode == -signal.SIGKILL and not out.exists()
        assert _cached_lines(cache) > kept

    done = run_tagmt(*args)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == whole.read_bytes()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
