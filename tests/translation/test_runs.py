"""Resumable runs: the segment cache, run keys, atomic outputs, and a killed run that resumes to the
same bytes as an uninterrupted one."""

from __future__ import annotations

import io
import sys

import pytest

from tagmt.data.dataset import open_dataset
from tagmt.data.views import parallel_segments
from tagmt.engines import CopyEngine
from tagmt.translation.options import DataDirection, EngineOptions, RunOptions
from tagmt.translation.pipelines import translate_direction
from tagmt.corpus.lines import write_lines
from tagmt.translation.runs import BatchProgress, SegmentCache, run_key, translate_segments


class Stop(Exception):
    """Raised from a batch callback to kill a run in the middle."""


def test_write_lines(tmp_path):
    out = tmp_path / "sub" / "out.txt"
    out.parent.mkdir()
    out.write_text("old content that is longer than the new one\n" * 10, "utf-8")
    assert write_lines(out, ["a <b>x</b>", "", "two\nlines\r\nhere", "日本語"]) == out
    # a break inside a segment is kept as a character reference (tagmt.linecodec): line k is segment k
    assert out.read_bytes() == "a <b>x</b>\n\ntwo&#10;lines&#13;&#10;here\n日本語\n".encode("utf-8")
    assert [p.name for p in out.parent.iterdir()] == ["out.txt"]  # no temporary file left


def test_segment_cache_round_trip_ignores_a_line_cut_short(tmp_path):
    cache = SegmentCache(tmp_path / "runs" / "key.jsonl")
    assert cache.load() == {}
    cache.append({"a": "A", "日本": "ja <b>x</b>"})
    cache.append({"b": "B"})
    with cache.path.open("a", encoding="utf-8") as f:
        f.write('{"src": "c", "ou')  # killed in the middle of a write
    assert cache.load() == {"a": "A", "日本": "ja <b>x</b>", "b": "B"}


def test_run_key_depends_on_model_approach_direction_settings_and_input(tiny_m2m100, tiny_mbart50):
    texts = ["one", "two"]
    key = run_key(tiny_m2m100, "dt", "en-ja", texts)
    assert key == run_key(tiny_m2m100, "dt", "en-ja", list(texts))
    others = {
        run_key(tiny_mbart50, "dt", "en-ja", texts),
        run_key(tiny_m2m100, "dp", "en-ja", texts),
        run_key(tiny_m2m100, "dt", "en-ko", texts),
        run_key(tiny_m2m100, "dt", "en-ja", ["one", "two", "three"]),
        run_key(tiny_m2m100, "dt", "en-ja", ["two", "one"]),
    }
    assert key not in others and len(others) == 5


def test_offline_engines_are_not_cached(tmp_path):
    cache = SegmentCache(tmp_path / "copy.jsonl")
    assert translate_segments(CopyEngine(), ["x", "y"], "en", "ja", cache=cache) == ["x", "y"]
    assert not cache.path.exists()


def test_duplicates_are_translated_once(tiny_m2m100, tmp_path):
    cache = SegmentCache(tmp_path / "dup.jsonl")
    texts = ["Save", "Open the app.", "Save", "Save"]
    out = translate_segments(tiny_m2m100, texts, "en", "ko", cache=cache, progress=BatchProgress(show=False))
    assert out[0] == out[2] == out[3]
    assert len(cache.path.read_text("utf-8").splitlines()) == 2


@pytest.mark.parametrize("approach", ["dt", "dp"])
def test_killed_run_resumes_to_identical_output(approach, tiny_m2m100_dir, tmp_path, sample_data):
    dataset = open_dataset(sample_data)
    total = len(parallel_segments(dataset, "dev", "en-ja"))
    model = str(tiny_m2m100_dir)  # loaded afresh by every run, as by `tagmt translate`
    common = dict(aligner="eflomal")
    engine = EngineOptions.of(model, batch_size=8, device="cpu")

    def recorder(calls: list[int], stop_at: int | None = None):
        def on_batch(done: int, n: int) -> None:
            assert n == total
            calls.append(done)
            if len(calls) == stop_at:
                raise Stop

        return on_batch

    whole_calls: list[int] = []
    whole = translate_direction(DataDirection(dataset, "dev", "en-ja"), approach, engine, output=tmp_path / "whole.txt",
                                run=RunOptions(tmp_path / "cache-whole", progress=False, on_batch=recorder(whole_calls)),
                                **common)

    killed: list[int] = []
    resumed = tmp_path / "resumed.txt"
    with pytest.raises(Stop):
        translate_direction(DataDirection(dataset, "dev", "en-ja"), approach, engine, output=resumed,
                            run=RunOptions(tmp_path / "cache", progress=False, on_batch=recorder(killed, stop_at=3)),
                            **common)
    assert not resumed.exists()  # nothing half-written
    assert killed == whole_calls[:3] and 0 < killed[-1] < total

    rest: list[int] = []
    translate_direction(DataDirection(dataset, "dev", "en-ja"), approach, engine, output=resumed,
                        run=RunOptions(tmp_path / "cache", progress=False, on_batch=recorder(rest)), **common)
    assert rest == whole_calls[3:]  # only the batches the killed run had not finished
    assert rest[-1] == total
    assert resumed.read_bytes() == whole.output.read_bytes()
    assert len(resumed.read_text("utf-8").split("\n")) == total + 1


def test_finished_run_is_read_back_from_the_cache(tiny_m2m100, tmp_path, sample_data):
    first = translate_direction(DataDirection(sample_data, None, "ko-zh"), "dt", tiny_m2m100, output=tmp_path / "a.txt",
                                run=RunOptions(progress=False))
    calls: list[int] = []
    second = translate_direction(DataDirection(sample_data, None, "ko-zh"), "dt", tiny_m2m100, output=tmp_path / "b.txt",
                                 run=RunOptions(progress=False, on_batch=lambda done, n: calls.append(done)))
    assert calls == []  # every batch came from the cache
    assert first.output.read_bytes() == second.output.read_bytes()


def test_no_cache_writes_nothing(tiny_m2m100, tmp_path, sample_data, private_run_cache):
    translate_direction(DataDirection(sample_data, None, "zh-en"), "dt", tiny_m2m100, output=tmp_path / "a.txt",
                        run=RunOptions(use_cache=False, progress=False))
    assert not private_run_cache.exists()


class TerminalStream(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_counts_segments_per_second_on_a_terminal(tiny_m2m100, monkeypatch):
    stream = TerminalStream()
    monkeypatch.setattr(sys, "stderr", stream)
    texts = ["Save", "Open the app.", "Save", "Choose a document."]
    translate_segments(tiny_m2m100, texts, "en", "ja", progress=BatchProgress(desc="tiny en-ja"))
    shown = stream.getvalue().split("\r")[-1]
    assert "tiny en-ja" in shown and "4/4" in shown and "seg/s" in shown


def test_no_progress_bar_off_a_terminal(tiny_m2m100, capsys):
    translate_segments(tiny_m2m100, ["Save"], "en", "ja", progress=BatchProgress(desc="tiny en-ja"))
    assert capsys.readouterr().err == ""
