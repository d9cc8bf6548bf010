"""What a new user tripped over (issue 33, item 8), each on the bundled sample: ``-`` is the standard stream,
a compressed or binary input is named as such, a misspelled option is named beside a missing required one,
and a long projection shows where it is."""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tagmt.paths import sample_data_dir

FILES = sample_data_dir() / "files"


def _tagmt(*args: str, stdin: bytes | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tagmt", *args], input=stdin, capture_output=True, cwd=cwd,
                          check=False, timeout=120)


def test_dash_is_stdin_and_stdout(tmp_path):
    source = (FILES / "guide.en").read_bytes()
    done = _tagmt("translate", "--input", "-", "--src-lang", "en", "--trg-lang", "de", "--model", "copy",
                  "--approach", "dt", "-o", "-", stdin=source, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == source  # the copy engine: the source's lines, on stdout
    assert list(tmp_path.iterdir()) == []  # no file named "-", no "-.run.json"


def test_dash_translation_for_project(tmp_path):
    plain = "".join(f"Zeile {k}\n" for k in range(12)).encode()
    done = _tagmt("project", "--source", str(FILES / "guide.en"), "--translation", "-", "--src-lang", "en",
                  "--trg-lang", "de", "--lexicon", "none", "-o", "-", stdin=plain, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert [re.sub(r"<[^>]+>", "", line) for line in lines] == [f"Zeile {k}" for k in range(12)]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind, make", [
    ("gzip-compressed", lambda data, path: path.write_bytes(gzip.compress(data))),
    ("zip archive", lambda data, path: zipfile.ZipFile(path, "w").writestr("guide.xlf", data)),
    ("ELF executable", lambda data, path: path.write_bytes(b"\x7fELF\x02\x01\x01" + b"\x00" * 64)),
])
def test_compressed_or_binary_input_is_named(tmp_path, kind, make):
    bad = tmp_path / "guide.xlf"
    make((FILES / "guide.xliff12.xlf").read_bytes(), bad)
    hyp = tmp_path / "hyp.de"  # a line file read as a stream (evaluation.iter_segments)
    make((FILES / "guide.de").read_bytes(), hyp)
    for args in (["translate", "--input", str(bad), "--model", "copy", "--approach", "dt", "-o", str(tmp_path / "o.xlf")],
                 ["evaluate", "--ref", str(FILES / "guide.xliff12.xlf"), "--hyp", str(bad)],
                 ["evaluate", "--ref", str(FILES / "guide.de"), "--trg-lang", "de", "--hyp", str(hyp)]):
        done = _tagmt(*args)
        err = done.stderr.decode()
        assert done.returncode == 2 and err.count("\n") == 1, err
        assert kind in err and "not UTF-8" not in err


def test_misspelled_option_beside_a_missing_required_one():
    done = _tagmt("translate", "--aproach", "dp", "--input", str(FILES / "guide.en"))
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1
    assert "required: --approach" in err and "--aproach (did you mean --approach?)" in err


def test_progress_feed_reaches_the_bar():
    from tagmt.progress import PhaseBar
    from tagmt.projection import detag, project_batch
    from tagmt.projection.config import ProjectionConfig
    from tagmt.projection.align import Aligner  # noqa: F401  (the protocol the links come from)

    seen: list[tuple[str, int, int]] = []
    sources = [detag("Open <b>the file</b> now"), detag("No tags here")]

    class Diagonal:
        def align(self, src_words, trg_words):
            return [{(i, i) for i in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]

    outputs = project_batch(sources, ["Öffne die Datei jetzt", "Keine Tags"], "en", "de", Diagonal(),
                            config=ProjectionConfig(on_progress=lambda *step: seen.append(step)))
    assert outputs[1] == "Keine Tags" and "<b>" in outputs[0]
    assert seen[0] == ("aligning", 0, 0)
    assert ("first pass", 1, 1) in seen and seen[-1] == ("placing tags", 1, 1)
    with PhaseBar("projecting", enabled=False) as bar:  # the feed the CLI gives: no error off a terminal
        for step in seen:
            bar(*step)
