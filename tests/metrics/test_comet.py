"""COMET from a local checkpoint: every way it can be missing is one line saying what to give.

A tiny COMET model cannot be built here: unbabel-comet pins numpy<2, transformers<5 and
huggingface-hub<1, which conflict with the versions tagmt[hf] runs on, so the library is not installed
in the test environment and only its refusals are tested."""

from __future__ import annotations

import importlib.util

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics import get_metric


def error_of(capsys, *argv: str) -> str:
    assert main(["evaluate", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err


@pytest.fixture
def files(tmp_path):
    ref, hyp, src = tmp_path / "ref.en", tmp_path / "hyp.en", tmp_path / "src.ja"
    ref.write_text("Save the file.\n", encoding="utf-8")
    hyp.write_text("Save a file.\n", encoding="utf-8")
    src.write_text("ファイルを保存します。\n", encoding="utf-8")
    return str(ref), str(hyp), str(src), tmp_path


def test_a_model_must_be_given_and_exist(capsys, files):
    ref, hyp, src, tmp_path = files
    base = ["--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--metric", "comet", "--src", src]
    assert "comet needs a local model: give --comet-model DIR" in error_of(capsys, *base)
    err = error_of(capsys, *base, "--comet-model", str(tmp_path))
    assert "no checkpoint at" in err and "checkpoints/model.ckpt" in err
    no_source = ["--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--metric", "comet", "--comet-model", str(tmp_path)]
    assert "comet needs the source segments: give --src FILE" in error_of(capsys, *no_source)


@pytest.mark.skipif(importlib.util.find_spec("comet") is not None, reason="unbabel-comet is installed")
def test_the_missing_library_names_the_extra(files):
    _, _, _, tmp_path = files
    checkpoint = tmp_path / "model" / "checkpoints" / "model.ckpt"
    checkpoint.parent.mkdir(parents=True)
    checkpoint.write_bytes(b"not a real checkpoint")
    with pytest.raises(TagmtError, match=r'pip install "tagmt\[comet\]"'):
        get_metric("comet", trg_lang="en", model=str(tmp_path / "model"))
