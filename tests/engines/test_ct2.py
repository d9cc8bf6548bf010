"""The ct2 engine on the tiny M2M-100 / mBART-50 checkpoints: conversion under transformers 5 (vocabulary,
start token, cache), the same outputs as the hf engine in float32, per-input budgets, precisions,
identity, the missing extra, and ``tagmt translate --engine ct2`` for real."""

from __future__ import annotations

import json
import sys

import pytest

pytest.importorskip("ctranslate2", reason="the ct2 extra is not installed")

from tagmt.cli import main  # noqa: E402
from tagmt.data.dataset import open_dataset  # noqa: E402
from tagmt.data.views import parallel_segments  # noqa: E402
from tagmt.engines import load_engine  # noqa: E402
from tagmt.engines.ct2 import CT2Engine, convert, load_ct2  # noqa: E402
from tagmt.engines.hf import load_checkpoint  # noqa: E402
from tagmt.errors import MissingExtraError, TagmtError  # noqa: E402
from tagmt.projection import detag  # noqa: E402

FAMILIES = ["tiny_m2m100_dir", "tiny_mbart50_dir"]


@pytest.fixture(scope="module")
def ct2_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("ct2-cache")


def _ct2(directory, cache, **options) -> CT2Engine:
    options = {"device": "cpu", "batch_size": 32, "option": "--model", **options}
    return load_ct2(str(directory), cache=cache, **options)


def _hf(directory, **options):
    return load_engine(str(directory), device="cpu", batch_size=32, **options)


@pytest.fixture(scope="module")
def sample_sources(sample_data) -> list[str]:
    """en-ja sources of the bundled sample, tagged (DT) and stripped (DP)."""
    segments = parallel_segments(open_dataset(sample_data), "dev", "en-ja")
    return [s.source for s in segments] + [detag(s.source).plain for s in segments]


@pytest.mark.parametrize("family", FAMILIES)
def test_conversion_keeps_the_vocabulary_and_start_token(family, request, ct2_cache):
    directory = request.getfixturevalue(family)
    checkpoint = load_checkpoint(str(directory), option="--model", with_model=False)
    folder = convert(checkpoint, ct2_cache)
    vocabulary = json.loads((folder / "shared_vocabulary.json").read_text("utf-8"))
    tokenizer = checkpoint.tokenizer
    assert len(vocabulary) == checkpoint.config.vocab_size  # the stock converter gives 239 of 339 (M2M-100)
    for code, token_id in tokenizer.lang_code_to_id.items():
        assert vocabulary[token_id] == tokenizer.convert_ids_to_tokens(token_id)
    config = json.loads((folder / "config.json").read_text("utf-8"))
    assert config["decoder_start_token"] == "</s>" and config["bos_token"] == "<s>"
    record = json.loads((folder / "tagmt-ct2.json").read_text("utf-8"))
    assert record["family"] == checkpoint.family and len(record["model_sha256"]) == 64
    assert convert(checkpoint, ct2_cache) == folder  # cached: not converted again
    assert [p.name for p in ct2_cache.iterdir() if p.name.startswith(".")] == []  # no temporary left


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("beam", [1, 4])
def test_float32_ct2_gives_the_hf_outputs(family, beam, request, ct2_cache, sample_sources):
    directory = request.getfixturevalue(family)
    hf = _hf(directory, beam=beam)
    ct2 = _ct2(directory, ct2_cache, beam=beam, compute_type="float32")
    expected = hf.translate(sample_sources, "en", "ja")
    got = ct2.translate(sample_sources, "en", "ja")
    same = sum(a == b for a, b in zip(expected, got))
    assert len(got) == len(sample_sources)
    assert same / len(got) >= 0.95, [(a, b) for a, b in zip(expected, got) if a != b][:3]


def test_each_input_keeps_its_own_budget_in_a_batch(tiny_mbart50_dir, ct2_cache):
    # A very short input stops at 2 × its tokens + 10 whether it is decoded alone or beside a long one.
    engine = _ct2(tiny_mbart50_dir, ct2_cache, beam=4, compute_type="float32")
    short, long = "Save", "You can change the settings in the Administration app. " * 4
    alone = engine.translate([short], "en", "ja")
    together = engine.translate([long, short], "en", "ja")
    assert together[1] == alone[0]
    ids = engine._encode([short])[0]
    assert len(engine.tokenizer(alone[0], add_special_tokens=False)["input_ids"]) <= engine.budget(len(ids))


def test_greedy_outputs_are_cut_at_each_budget(tiny_mbart50_dir, ct2_cache):
    engine = _ct2(tiny_mbart50_dir, ct2_cache, beam=1, compute_type="float32")
    forced = engine._language_token_id("ja")
    engine._set_source("en")
    encoded = engine._encode(["Save", "You can change the settings in the Administration app. " * 4])
    for ids, out in zip(encoded, engine._generate(encoded, forced)):
        assert out[0] == forced and len(out) <= engine.budget(len(ids))


def test_identity_and_settings(tiny_m2m100_dir, ct2_cache):
    int8 = _ct2(tiny_m2m100_dir, ct2_cache)
    fp32 = _ct2(tiny_m2m100_dir, ct2_cache, compute_type="float32", beam=1)
    assert int8.compute_type.startswith("int8") and fp32.compute_type == "float32"
    assert int8.identity.startswith("ct2:m2m_100:") and int8.identity != fp32.identity
    assert fp32.settings()["num_beams"] == 1 and int8.settings()["num_beams"] == 4
    assert int8.settings()["engine"] == "ct2"
    assert _hf(tiny_m2m100_dir).identity != int8.identity  # hf and ct2 never share a run cache


def test_load_engine_converts_into_the_tagmt_cache(tiny_m2m100_dir, private_run_cache):
    engine = load_engine(str(tiny_m2m100_dir), engine="ct2", device="cpu")
    assert isinstance(engine, CT2Engine)
    assert engine.model_dir.parent == private_run_cache / "ct2"
    assert engine.translate(["Choose Save."], "en", "ko")[0]


@pytest.mark.parametrize("engine, compute_type, message", [
    ("ct2", "float16", "not supported on this CPU by CTranslate2"),
    ("ct2", "int4", "not a CTranslate2 precision"),
    ("hf", "int8", "not a precision of the hf engine"),
    ("hf", "bfloat16", "needs a CUDA GPU with --engine hf"),
])
def test_bad_compute_types(engine, compute_type, message, tiny_m2m100_dir):
    with pytest.raises(TagmtError, match=message):
        load_engine(str(tiny_m2m100_dir), engine=engine, device="cpu", compute_type=compute_type)


def test_unknown_engine_and_bad_budgets():
    with pytest.raises(TagmtError, match="unknown engine 'onnx'"):
        load_engine("copy", engine="onnx")
    with pytest.raises(TagmtError, match="--max-tokens must be at least 1"):
        load_engine("copy", max_tokens=0)


def test_missing_extra_names_it(tiny_m2m100_dir, monkeypatch):
    monkeypatch.setitem(sys.modules, "ctranslate2", None)  # import fails as when not installed
    with pytest.raises(MissingExtraError, match=r'pip install "tagmt\[ct2\]"'):
        load_engine(str(tiny_m2m100_dir), engine="ct2", device="cpu")


def test_a_failed_conversion_leaves_nothing(tiny_m2m100_dir, tmp_path, monkeypatch):
    from tagmt.engines import ct2

    def broken(folder, checkpoint):
        raise TagmtError("broken on purpose")

    monkeypatch.setattr(ct2, "_check_converted", broken)
    checkpoint = load_checkpoint(str(tiny_m2m100_dir), option="--model", with_model=False)
    with pytest.raises(TagmtError, match="broken on purpose"):
        convert(checkpoint, tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir()) == []


def test_translate_command_with_ct2_matches_hf(tiny_m2m100_dir, sample_data, tmp_path, capsys):
    outputs = {}
    for engine in ("hf", "ct2"):
        out = tmp_path / f"{engine}.txt"
        rc = main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", str(tiny_m2m100_dir),
                   "--device", "cpu", "--engine", engine, "--compute-type", "float32", "--beam", "1",
                   "--max-tokens", "256", "-o", str(out)])
        assert rc == 0
        outputs[engine] = out.read_text("utf-8").splitlines()
    assert len(outputs["ct2"]) == len(parallel_segments(open_dataset(sample_data), "dev", "en-ja"))
    same = sum(a == b for a, b in zip(outputs["hf"], outputs["ct2"]))
    assert same / len(outputs["ct2"]) >= 0.95


def test_translate_command_refuses_a_bad_compute_type(tiny_m2m100_dir, tmp_path, capsys):
    rc = main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", str(tiny_m2m100_dir),
               "--device", "cpu", "--engine", "ct2", "--compute-type", "int4", "-o", str(tmp_path / "x.txt")])
    assert rc == 2
    assert "tagmt: error: --compute-type int4 is not a CTranslate2 precision" in capsys.readouterr().err
    assert not (tmp_path / "x.txt").exists()
