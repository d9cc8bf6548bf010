"""Issue 33, item 4: bounded on every input path. `evaluate --hyp -` checks the size limit while it reads
(a stream without a newline is refused at the limit, not held whole), and `learn --corpus` keeps its
memory bounded on a giant line (a 10 MB line took 1.3 GB: the pair is left out, counted and said).

Peak memory is the child's own `VmHWM` (/proc/self/status, written at exit by a small wrapper): a forked
child's `ru_maxrss` would include the test process's memory."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tagmt.errors import TagmtError
from tagmt.evaluation import stream_lines
from tagmt.safeio import LINE_PIECE, bounded_lines

WRAPPER = """
import atexit, os, runpy, sys
def _peak():
    with open("/proc/self/status") as f:
        kib = next(line for line in f if line.startswith("VmHWM")).split()[1]
    with open(os.environ["PEAK_FILE"], "w") as out:
        out.write(kib)
atexit.register(_peak)
sys.argv = ["tagmt", *sys.argv[1:]]
runpy.run_module("tagmt", run_name="__main__", alter_sys=True)
"""


def _run(tmp_path: Path, args: list[str], *, feed=None, env: dict | None = None, timeout: float = 60):
    """`tagmt ARGS` in a child: (exit code, stderr, peak resident MiB); `feed(stdin)` writes its input."""
    peak = tmp_path / f"peak-{time.monotonic_ns()}"
    full_env = dict(os.environ, OMP_NUM_THREADS="1", PEAK_FILE=str(peak), PYTHONPATH=os.pathsep.join(sys.path),
                    **(env or {}))
    with open(tmp_path / "stderr", "w+b") as err:
        child = subprocess.Popen([sys.executable, "-c", WRAPPER, *args], stdin=subprocess.PIPE,
                                 stdout=subprocess.DEVNULL, stderr=err, env=full_env)
        writer = threading.Thread(target=_feed, args=(child.stdin, feed))
        writer.start()
        code = child.wait(timeout=timeout)
        writer.join(timeout=timeout)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return code, text, int(peak.read_text()) / 1024


def _feed(stdin, feed) -> None:
    try:
        if feed is not None:
            feed(stdin)
        stdin.close()
    except (BrokenPipeError, OSError):
        pass


def _lines(path: Path, lines: list[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


# --- evaluate --hyp - ----------------------------------------------------------------------------------


def test_a_newline_less_stdin_is_refused_at_the_limit_in_bounded_memory(tmp_path):
    ref = _lines(tmp_path / "ref.en", ["one two three four", "five six seven eight"])
    args = ["evaluate", "--ref", ref, "--trg-lang", "en", "--hyp", "-", "--metric", "raw-bleu"]
    code, err, baseline = _run(tmp_path, args, feed=lambda f: f.write(b"one two three four\nfive six seven eight\n"))
    assert code == 0, err

    def endless(f) -> None:  # 512 MiB without a newline, unless the reader stops first
        block = b"a" * (1 << 20)
        for _ in range(512):
            f.write(block)

    code, err, peak = _run(tmp_path, args, feed=endless, env={"TAGMT_MAX_FILE_MB": "8"})
    lines = [line for line in err.splitlines() if line]
    assert code == 2 and len(lines) == 1 and "<stdin>: line file is" in lines[0], err
    assert "over tagmt's limit of 8.0 MiB" in lines[0]
    assert peak < baseline + 40, (peak, baseline)  # the 8 MiB read and one join, not 512 MiB


class _Endless(io.RawIOBase):
    """A stream of `a` without end, counting what is read from it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = b"a" * len(buffer)
        self.given += len(buffer)
        return len(buffer)


def test_stream_lines_checks_the_limit_every_piece(monkeypatch):
    monkeypatch.setenv("TAGMT_MAX_FILE_MB", "3")
    raw = _Endless()
    with pytest.raises(TagmtError, match="over tagmt's limit of 3.0 MiB"):
        list(stream_lines(io.BufferedReader(raw), "<stdin>"))
    assert raw.given <= (3 << 20) + 2 * LINE_PIECE


def test_bounded_lines_keeps_lines_whole_and_names_a_long_one():
    data = b"a\r\n" + b"b" * (3 * LINE_PIECE + 5) + b"\n\nlast"
    got = list(bounded_lines(io.BytesIO(data), "x", what="line file", limit=len(data)))
    assert got == [b"a\r\n", b"b" * (3 * LINE_PIECE + 5) + b"\n", b"\n", b"last"]
    with pytest.raises(TagmtError, match=r"x:2: line of the line file is over .* 1.0 MiB for one line"):
        list(bounded_lines(io.BytesIO(data), "x", what="line file", limit=len(data), line_limit=LINE_PIECE))
    with pytest.raises(TagmtError, match="over tagmt's limit"):
        list(bounded_lines(io.BytesIO(data), "x", what="line file", limit=len(data) - 1))


# --- learn --corpus ------------------------------------------------------------------------------------


def _giant(words: list[str], size: int) -> str:
    out, total, k = [], 0, 0
    while total < size:
        word = f"{words[k % len(words)]}{k % 97}"
        out.append(word)
        total += len(word) + 1
        k += 1
    return " ".join(out)


def test_learn_leaves_out_a_giant_corpus_line_in_bounded_memory(tmp_path):
    pytest.importorskip("eflomal")
    en = "the risk is assessed here and the threshold exceeded".split()
    de = "das Risiko wird hier bewertet und die Schwelle überschritten".split()
    src = _lines(tmp_path / "c.en", ["Enter the name here.", _giant(en, 2_000_000), "Choose the price."])
    trg = _lines(tmp_path / "c.de", ["Geben Sie hier den Namen ein.", _giant(de, 2_000_000), "Wählen Sie den Preis."])
    model = tmp_path / "m"
    started = time.monotonic()
    code, err, peak = _run(tmp_path, ["learn", "--src-lang", "en", "--trg-lang", "de", "--corpus", src, trg,
                                      "--lexicon", "none", "-o", str(model), "--no-progress"])
    assert code == 0, err
    assert time.monotonic() - started < 10
    assert "1 pair(s) left out: a side over 100,000 characters" in err
    manifest = json.loads((model / "manifest.json").read_text("utf-8"))
    assert manifest["pairs"] == 2 and manifest["skipped"] == {"pairs": 1, "over_chars": 100_000}
    assert peak < 150, peak  # 2 MB of words took ~300 MB before (10 MB: 1.16 GB), now as a tiny corpus


def test_line_pairs_reads_a_giant_line_in_pieces_and_keeps_the_others(tmp_path):
    from tagmt.projection.model import MAX_PAIR_CHARS, line_pairs

    src = _lines(tmp_path / "a.en", ["one", "x" * (MAX_PAIR_CHARS * 4 + 1), "three"])
    trg = _lines(tmp_path / "a.de", ["eins", "zwei", "drei"])
    pairs = list(line_pairs(src, trg).open())
    assert pairs[0] == ("one", "eins") and pairs[2] == ("three", "drei")
    assert len(pairs[1][0]) > MAX_PAIR_CHARS and pairs[1][1] == "zwei"
