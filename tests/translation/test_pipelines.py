"""DT and DP end to end on the bundled sample, in all 12 directions, with the offline engines and the
tiny M2M-100 / mBART-50 checkpoints."""

from __future__ import annotations

from collections import Counter

import pytest

from tagmt.data.dataset import open_dataset
from tagmt.data.directions import all_directions, parse_direction
from tagmt.data.views import parallel_segments, segment_lines
from tagmt.errors import TagmtError
from tagmt.markup import strip, tokenize
from tagmt.projection.align import get_aligner
from tagmt.engines import load_engine
from tagmt.translation.options import AlignerSpec, DataDirection, RunOptions
from tagmt.translation.pipelines import run_detag_project, translate_direction
from tagmt.projection import detag
from tagmt.translation.hygiene import remove_model_tags
from tagmt.translation.runs import BatchProgress, translate_segments

DIRECTIONS = [d.name for d in all_directions()]


@pytest.fixture(scope="module")
def sample(sample_data):
    return open_dataset(sample_data)


def read_lines(path) -> list[str]:
    text = path.read_text("utf-8")
    assert text.endswith("\n")
    return text[:-1].split("\n")


def tag_counts(segment: str) -> Counter:
    return Counter(t.text for t in tokenize(segment) if t.kind != "text")


def test_there_are_12_directions():
    assert len(DIRECTIONS) == 12


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_copy_and_reference_dt_follow_the_tagged_view(sample, direction, tmp_path):
    copy = translate_direction(DataDirection(sample, "dev", direction), "dt", "copy", output=tmp_path / "copy.txt",
                               run=RunOptions(progress=False)).output
    assert read_lines(copy) == segment_lines(sample, "dev", direction, "tagged", "source")
    ref = translate_direction(DataDirection(sample, "dev", direction), "dt", "reference", output=tmp_path / "ref.txt",
                              run=RunOptions(progress=False)).output
    assert read_lines(ref) == segment_lines(sample, "dev", direction, "tagged", "target")


@pytest.mark.slow
def test_dt_with_tiny_m2m100_in_all_12_directions(sample, tiny_m2m100, tmp_path):
    for direction in DIRECTIONS:
        segments = parallel_segments(sample, "dev", direction)
        out = translate_direction(DataDirection(sample, "dev", direction), "dt", tiny_m2m100, output=tmp_path / f"{direction}.txt",
                                  run=RunOptions(progress=False)).output
        lines = read_lines(out)
        assert len(lines) == len(segments), direction
        assert all(line for seg, line in zip(segments, lines) if seg.source.strip()), direction
        if direction == "ja-en":
            # Output as is: exactly what the engine makes of the tagged sources.
            sources = [seg.source for seg in segments]
            assert lines == translate_segments(tiny_m2m100, sources, "ja", "en", progress=BatchProgress(show=False))


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_dp_with_reference_and_eflomal(sample, direction, tmp_path):
    segments = parallel_segments(sample, "dev", direction)
    # A quarter of eflomal's iterations: the invariants below hold however good the links are, and
    # the tiny-model and resume tests run eflomal with its defaults.
    out = translate_direction(DataDirection(sample, "dev", direction), "dp", "reference",
                              aligner=AlignerSpec("eflomal", options={"rel_iterations": 0.25}),
                              output=tmp_path / "dp.txt", run=RunOptions(progress=False)).output
    lines = read_lines(out)
    assert len(lines) == len(segments)
    for seg, line in zip(segments, lines):
        # The translation (the reference's plain text) is never altered and no source tag is lost.
        assert strip(line) == detag(seg.target).plain
        assert tag_counts(line) == tag_counts(seg.source)
        if not tag_counts(seg.source) and not tag_counts(seg.target):
            assert line == seg.target


@pytest.mark.parametrize(
    "engine_name, direction",
    [("tiny_m2m100", "en-ja"), ("tiny_m2m100", "zh-ko"), ("tiny_mbart50", "ja-en"), ("tiny_mbart50", "ko-zh")],
)
def test_dp_with_tiny_models_and_eflomal(sample, engine_name, direction, request, tmp_path):
    engine = request.getfixturevalue(engine_name)
    segments = parallel_segments(sample, "dev", direction)
    out = translate_direction(DataDirection(sample, "dev", direction), "dp", engine, aligner="eflomal",
                              output=tmp_path / "dp.txt", run=RunOptions(progress=False)).output
    lines = read_lines(out)
    assert len(lines) == len(segments)
    src, trg = direction.split("-")
    plain = [detag(seg.source).plain for seg in segments]
    translations = translate_segments(engine, plain, src, trg, progress=BatchProgress(show=False))  # read back from the run cache
    for seg, line, translation, text in zip(segments, lines, translations, plain):
        # Exactly the source's tags: the tags the tiny model writes itself are removed (issue 10), and the
        # rest of the translation is never altered.
        assert tag_counts(line) == tag_counts(seg.source)
        assert strip(line) == remove_model_tags(translation, text)[0]
    # Whether this random model writes tag-like text of its own is left to chance; the removal itself is
    # exercised deterministically by test_dp_removes_tags_the_engine_writes below.


@pytest.mark.parametrize("direction", ["en-ja", "zh-ko"])
def test_dp_removes_tags_the_engine_writes(sample, direction, tmp_path):
    """An engine that writes tag-like text the source lacks (built explicitly: the reference engine returns
    each segment's plain reference with made-up tags around it) gets exactly the source's tags back, and the
    text between the removed tags is kept."""
    from tagmt.engines.offline import ReferenceEngine

    segments = parallel_segments(sample, "dev", direction)
    plain_refs = [detag(seg.target).plain for seg in segments]
    written = [f"<b>{text}</b><zz/>" for text in plain_refs]
    out = translate_direction(DataDirection(sample, "dev", direction), "dp", ReferenceEngine(written),
                              aligner=AlignerSpec("eflomal", options={"rel_iterations": 0.25}),
                              output=tmp_path / "dp.txt",
                              run=RunOptions(progress=False)).output
    lines = read_lines(out)
    assert len(lines) == len(segments)
    for seg, line, text in zip(segments, lines, plain_refs):
        assert tag_counts(line) == tag_counts(seg.source)
        assert strip(line) == text


def test_run_detag_project_with_a_loaded_aligner(sample):
    segments = parallel_segments(sample, "dev", "en-zh")[:12]
    engine = load_engine("reference", references=[detag(s.target).plain for s in segments])
    lines = run_detag_project(engine, segments, parse_direction("en-zh"), get_aligner("eflomal"),
                              run=RunOptions(progress=False))
    assert [strip(line) for line in lines] == [detag(s.target).plain for s in segments]


def test_unknown_approach_is_refused(sample, tmp_path):
    with pytest.raises(TagmtError, match="unknown approach 'xx'"):
        translate_direction(DataDirection(sample, "dev", "en-ja"), "xx", "copy", output=tmp_path / "o.txt")


def test_zf_directions_are_served_by_the_offline_engines(sample, tmp_path):
    out = translate_direction(DataDirection(sample, "dev", "en-zf"), "dt", "reference", output=tmp_path / "zf.txt",
                              run=RunOptions(progress=False)).output
    assert read_lines(out) == segment_lines(sample, "dev", "en-zf", "tagged", "target")


def test_zf_is_refused_before_any_work(sample, tiny_mbart50, tmp_path):
    with pytest.raises(TagmtError, match="zf"):
        translate_direction(DataDirection(sample, "dev", "zf-en"), "dp", tiny_mbart50, aligner="eflomal",
                            output=tmp_path / "zf.txt")
    assert not (tmp_path / "zf.txt").exists()
