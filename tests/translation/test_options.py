"""Options travel as objects (issue 23): the three translate entry points take ``EngineOptions``,
``AlignerSpec`` and ``RunOptions`` instead of copying one keyword list into each other, run the same
preflight, and return the same kind of result."""

from __future__ import annotations

import argparse
import inspect
from dataclasses import fields

import pytest

from tagmt.commands.shared import aligner_spec, engine_options, run_options
from tagmt.engines import load_engine
from tagmt.engines.options import DecodingOptions, EngineOptions
from tagmt.preflight import PreflightError
from tagmt.translation.files import translate_file
from tagmt.translation.options import AlignerSpec, DataDirection, OutputFile, RunOptions
from tagmt.translation.pipelines import Translation, translate_corpus, translate_direction
from tagmt.workflows import sample_files_dir

ENTRY_POINTS = (translate_corpus, translate_direction, translate_file)
ENGINE_FIELDS = {f.name for f in fields(EngineOptions)} | {f.name for f in fields(DecodingOptions)}
RUN_FIELDS = {f.name for f in fields(RunOptions)}
ALIGNER_FIELDS = {"aligner_model", "aligner_options", "device"}


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_no_shared_option_is_a_parameter_of_an_entry_point(entry):
    parameters = set(inspect.signature(entry).parameters)
    # "engine" is the EngineOptions itself; every other engine, aligner or run setting travels inside an object
    copied = parameters & (ENGINE_FIELDS - {"engine"} | RUN_FIELDS | ALIGNER_FIELDS)
    assert not copied, f"{entry.__name__} takes {sorted(copied)} beside the option objects"
    assert {"engine", "aligner", "run"} <= parameters


def test_the_entry_points_share_the_option_parameters():
    shared = {"engine", "aligner", "run", "repair", "guide"}
    signatures = [inspect.signature(entry).parameters for entry in ENTRY_POINTS]
    for name in shared:
        assert len({str(s[name].annotation) for s in signatures}) == 1, name
        if name != "engine":  # translate_file alone has a default model
            assert len({repr(s[name].default) for s in signatures}) == 1, name


def test_load_engine_alone_reads_every_engine_option():
    from tagmt.engines import ENGINE_CLASSES

    # load_engine checks the options, and the registered class it picks reads them (Engine.load)
    source = inspect.getsource(load_engine) + "".join(inspect.getsource(cls.load) for cls in ENGINE_CLASSES.values())
    for f in fields(EngineOptions):
        if f.name != "decoding":
            assert f"options.{f.name}" in source, f.name
    for f in fields(DecodingOptions):
        assert f"decoding.{f.name}" in source, f.name


def test_the_cli_builds_every_engine_option_by_its_name():
    values = {"model": "m", "engine": "ct2", "device": "cpu", "compute_type": "int8", "fp16": True,
              "batch_size": 3, "beam": 2, "max_tokens": 99, "pseudo_expansion": 0.5}
    # a new field needs a value here, and a CLI argument (pseudo_charset is none: translate_file sets it from the
    # document it writes)
    assert set(values) | {"llm", "decoding", "pseudo_charset"} == ENGINE_FIELDS
    args = argparse.Namespace(**values, aligner="awesome", aligner_model="enc", cache_dir="c", no_cache=True)
    options = engine_options(args, llm="LLM")
    assert options == EngineOptions("m", "ct2", "cpu", "int8", True, 3, "LLM", DecodingOptions(2, 99), 0.5)
    assert aligner_spec(args) == AlignerSpec("awesome", "enc", "cpu")
    assert aligner_spec(args).aligner_options() == {"model": "enc", "device": "cpu"}
    assert run_options(args) == RunOptions("c", False, True)


def test_keyword_form_of_load_engine_builds_the_same_options():
    assert EngineOptions.of("m", beam=2, max_tokens=None, device="cpu") == EngineOptions(
        "m", device="cpu", decoding=DecodingOptions(beam=2))
    with pytest.raises(TypeError, match="beams"):
        EngineOptions.of("m", beams=2)


def test_combined_aligner_takes_the_awesome_model_by_its_part():
    spec = AlignerSpec("eflomal+awesome", "enc", "cuda", {"combine": "intersection"})
    assert spec.aligner_options() == {"awesome.model": "enc", "awesome.device": "cuda", "combine": "intersection"}
    assert AlignerSpec("eflomal", "enc").aligner_options() == {}


def _entry_runs(tmp_path, engine, approach="dt", aligner=AlignerSpec()):
    """Each entry point run on the sample, as a function to call."""
    from tagmt.corpus import read_corpus
    from tagmt.data.directions import Direction

    run = RunOptions(use_cache=False, progress=False)
    xliff = sample_files_dir() / "guide.xliff12.xlf"
    return [
        lambda: translate_corpus(read_corpus(xliff), Direction("en", "de"), approach, engine, aligner=aligner,
                                 run=run),
        lambda: translate_direction(DataDirection(None, "dev", "en-ja"), approach, engine, aligner=aligner, run=run,
                                    output=tmp_path / "direction.txt"),
        lambda: translate_file(xliff, OutputFile(tmp_path / "file.xlf", overwrite=True), approach=approach,
                               engine=engine, aligner=aligner, run=run),
    ]


def test_every_entry_point_returns_a_translation(tmp_path):
    done = [run() for run in _entry_runs(tmp_path, EngineOptions("copy"))]
    assert all(isinstance(d, Translation) and d.outputs and d.tags is not None for d in done)
    assert done[1].output == tmp_path / "direction.txt" and done[2].output == tmp_path / "file.xlf"


@pytest.mark.parametrize("which", range(3))
def test_every_entry_point_runs_the_same_preflight(tmp_path, which):
    missing = tmp_path / "no-such-model"
    run = _entry_runs(tmp_path, EngineOptions(str(missing)), "dp", AlignerSpec("awesome", str(tmp_path / "no-enc")))
    with pytest.raises(PreflightError) as refused:
        run[which]()
    assert any(str(missing) in p for p in refused.value.problems)
    assert any("no-enc" in p for p in refused.value.problems)  # the aligner checked with the model, at once
    assert not list(tmp_path.glob("*.txt")) and not list(tmp_path.glob("*.xlf"))


def test_the_public_api_takes_keywords_or_the_objects(tmp_path):
    import tagmt
    from tagmt.errors import TagmtError

    quiet = RunOptions(use_cache=False, progress=False)
    segments = ["Open <b>it</b> &amp; go"]
    by_keywords = tagmt.translate(segments, src_lang="en", trg_lang="de", model="copy", beam=2, use_cache=False)
    by_objects = tagmt.translate(segments, src_lang="en", trg_lang="de",
                                 engine=EngineOptions("copy", decoding=DecodingOptions(beam=2)), run=quiet)
    assert by_keywords == by_objects == segments
    with pytest.raises(TagmtError, match="not both"):
        tagmt.translate(segments, src_lang="en", trg_lang="de", model="copy", engine=EngineOptions("copy"))
    with pytest.raises(TagmtError, match="beam"):
        tagmt.translate(segments, src_lang="en", trg_lang="de", engine=EngineOptions("copy"), beam=2)
