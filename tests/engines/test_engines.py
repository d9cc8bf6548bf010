"""Engines: offline engines, the tiny M2M-100 / mBART-50 checkpoints loaded through ``load_engine``,
language codes, length-sorted batching, refused directions and devices, bad checkpoints."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from tagmt.errors import TagmtError
from tagmt.engines import (
    ALIASES,
    CopyEngine,
    HFSeq2SeqEngine,
    ReferenceEngine,
    load_engine,
    resolve_device,
)

TEXTS = [
    "Choose <uicontrol>Save</uicontrol> to keep your changes.",
    "",
    "詳細については、<xref/>を参照してください。",
    "The system creates a new document.",
    "<b>시스템</b>",
    "选择保存以保留更改。",
]


def test_copy_returns_the_source():
    assert load_engine("copy").translate(TEXTS, "en", "ja") == TEXTS
    assert isinstance(load_engine("copy"), CopyEngine)


def test_reference_returns_the_references_in_order():
    refs = [f"ref {i}" for i in range(len(TEXTS))]
    engine = load_engine("reference", references=refs)
    assert isinstance(engine, ReferenceEngine)
    assert engine.translate(TEXTS, "en", "zf") == refs
    with pytest.raises(ValueError, match="holds 6 references but was given 2"):
        engine.translate(TEXTS[:2], "en", "ja")


def test_reference_without_references_is_refused():
    with pytest.raises(TagmtError, match="needs the references"):
        load_engine("reference")


def test_offline_engines_serve_zf():
    CopyEngine().check_direction("en", "zf")


@pytest.mark.parametrize("batch_size", [0, -3])
def test_batch_size_must_be_positive(batch_size):
    with pytest.raises(TagmtError, match="batch size"):
        load_engine("copy", batch_size=batch_size)


def test_aliases_name_the_papers_checkpoints():
    assert ALIASES == {
        "m2m100": "facebook/m2m100_418M",
        "m2m100-1.2b": "facebook/m2m100_1.2B",
        "mbart50": "facebook/mbart-large-50-many-to-many-mmt",
    }


def test_family_is_detected_from_the_config(tiny_m2m100, tiny_mbart50):
    assert isinstance(tiny_m2m100, HFSeq2SeqEngine) and tiny_m2m100.family == "m2m_100"
    assert isinstance(tiny_mbart50, HFSeq2SeqEngine) and tiny_mbart50.family == "mbart"
    assert type(tiny_m2m100.tokenizer).__name__ == "M2M100Tokenizer"
    assert type(tiny_mbart50.tokenizer).__name__.startswith("MBart50Tokenizer")


@pytest.mark.parametrize(
    "engine_name, codes",
    [
        ("tiny_m2m100", {"en": "en", "ja": "ja", "ko": "ko", "zh": "zh"}),
        ("tiny_mbart50", {"en": "en_XX", "ja": "ja_XX", "ko": "ko_KR", "zh": "zh_CN"}),
    ],
)
def test_language_codes(engine_name, codes, request):
    engine = request.getfixturevalue(engine_name)
    assert {lang: engine.code(lang) for lang in codes} == codes


@pytest.mark.parametrize("engine_name", ["tiny_m2m100", "tiny_mbart50"])
def test_source_language_token_leads_the_input(engine_name, request):
    engine = request.getfixturevalue(engine_name)
    engine.translate(["안녕"], "ko", "en")
    ids = engine.tokenizer(["안녕"])["input_ids"][0]
    assert engine.tokenizer.convert_ids_to_tokens(ids[0]) == {"m2m_100": "__ko__", "mbart": "ko_KR"}[engine.family]
    assert ids[-1] == engine.tokenizer.eos_token_id


@pytest.mark.parametrize("engine_name", ["tiny_m2m100", "tiny_mbart50"])
def test_target_language_is_forced_and_not_in_the_output(engine_name, request):
    engine = request.getfixturevalue(engine_name)
    enc = engine.tokenizer(["Choose Save."], return_tensors="pt")
    forced = engine._language_token_id("zh")
    generated = engine.model.generate(**enc, num_beams=4, max_new_tokens=8, forced_bos_token_id=forced)
    assert generated[0, 1].item() == forced  # after the decoder start token
    lang_tokens = {"__en__", "__ja__", "__ko__", "__zh__", "en_XX", "ja_XX", "ko_KR", "zh_CN"}
    for out in engine.translate(TEXTS, "en", "zh"):
        assert not any(token in out for token in lang_tokens)


@pytest.mark.parametrize("engine_name", ["tiny_m2m100", "tiny_mbart50"])
def test_translations_are_deterministic_and_keep_the_input_order(engine_name, request):
    engine = request.getfixturevalue(engine_name)
    first = engine.translate(TEXTS, "en", "ja")
    assert len(first) == len(TEXTS)
    assert first == engine.translate(TEXTS, "en", "ja")
    # One batch either way (batch size 16): the batch is sorted by length, then put back in order.
    assert engine.translate(TEXTS[::-1], "en", "ja")[::-1] == first
    assert first[1] == ""  # nothing to translate, no model call
    assert all(out for k, out in enumerate(first) if k != 1)


def test_batches_are_longest_first_ties_in_input_order(tiny_m2m100):
    texts = ["a", "a much longer segment than the others", "mid length one", "b", "a"]
    order = tiny_m2m100.batch_order(texts)
    lengths = [len(tiny_m2m100.tokenizer(t)["input_ids"]) for t in texts]
    assert sorted(order) == list(range(len(texts)))
    assert order[:2] == [1, 2]
    assert [(-lengths[i], i) for i in order] == sorted((-lengths[i], i) for i in order)
    assert tiny_m2m100.batch_order([]) == []


def test_settings_record_the_papers_decoding(tiny_m2m100):
    settings = tiny_m2m100.settings()
    assert settings["num_beams"] == 4 and settings["length_penalty"] == 1.0
    assert settings["dtype"] == "float32"


@pytest.mark.parametrize("engine_name", ["tiny_m2m100", "tiny_mbart50"])
@pytest.mark.parametrize("src, trg", [("en", "zf"), ("zf", "ja")])
def test_zf_is_refused(engine_name, src, trg, request):
    engine = request.getfixturevalue(engine_name)
    with pytest.raises(TagmtError, match="cannot translate 'zf' \\(Traditional Chinese"):
        engine.translate(["x"], src, trg)


def test_identity_changes_with_the_weights(tiny_m2m100_dir, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(tiny_m2m100_dir, copy)
    before = load_engine(str(copy), device="cpu").identity
    weights = copy / "model.safetensors"
    os.utime(weights, ns=(weights.stat().st_atime_ns, weights.stat().st_mtime_ns + 10**9))
    assert load_engine(str(copy), device="cpu").identity != before


def test_not_a_checkpoint_directory(tmp_path):
    with pytest.raises(TagmtError, match="not a checkpoint directory"):
        load_engine(str(tmp_path / "missing"))


def test_unsupported_model_family(tmp_path):
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "bert"}), "utf-8")
    with pytest.raises(TagmtError, match="is a 'bert' model; tagmt translates with M2M-100"):
        load_engine(str(tmp_path), device="cpu")


def test_device_resolution():
    import torch

    assert resolve_device("cpu") == "cpu"
    assert resolve_device("auto") == ("cuda" if torch.cuda.is_available() else "cpu")
    with pytest.raises(TagmtError, match="unknown device 'tpu'"):
        resolve_device("tpu")
    with pytest.raises(TagmtError, match="--fp16 needs a CUDA GPU"):
        resolve_device("cpu", fp16=True)
    if not torch.cuda.is_available():
        with pytest.raises(TagmtError, match="no CUDA GPU"):
            resolve_device("cuda")


def test_token_budget_batches_are_cut_by_padded_tokens():
    from tagmt.engines.hf import plan_token_batches

    lengths = [3, 10, 4, 10, 2, 30]  # longest first: 5, 1, 3, 2, 0, 4
    assert plan_token_batches(lengths, batch_size=2, max_tokens=None) == [[5, 1], [3, 2], [0, 4]]
    # 30 tokens alone (over the budget); 2 × 10 fits 20; 3 × 4 does too
    assert plan_token_batches(lengths, batch_size=2, max_tokens=20) == [[5], [1, 3], [2, 0, 4]]
    assert plan_token_batches([], batch_size=2, max_tokens=20) == []


def test_token_budget_translates_as_batches_of_segments_do(tiny_m2m100_dir, tiny_m2m100):
    by_tokens = load_engine(str(tiny_m2m100_dir), device="cpu", max_tokens=24)
    texts = [t for t in TEXTS if t]
    assert len(by_tokens.plan_batches(texts)) > len(tiny_m2m100.plan_batches(texts)) == 1
    assert by_tokens.translate(TEXTS, "en", "ja") == tiny_m2m100.translate(TEXTS, "en", "ja")
    assert by_tokens.settings() == tiny_m2m100.settings()  # batching is not part of a run's cache key
