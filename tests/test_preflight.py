"""Checks before a run: everything translate, project, reproduce and demo need is looked at before any work,
and all that is missing is named at once, one line each, exit 2 — run as users run them (subprocesses with
an empty Hugging Face cache, offline; a core-only install simulated by hiding the optional packages)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tagmt.preflight import PreflightError, aligner_problems, check, model_problems, run_problems

HIDE = "import sys\nfor name in {names!r}: sys.modules[name] = None\nfrom tagmt.cli import main\nsys.exit(main({argv!r}))\n"
OPTIONAL = ["torch", "transformers", "sentencepiece", "eflomal", "jaconv", "matplotlib"]


def tagmt(tmp_path, *argv: str, hide: list[str] = ()) -> subprocess.CompletedProcess:
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_HOME=str(tmp_path / "empty-hf-home"), TAGMT_CACHE=str(tmp_path / "c"))
    env.pop("HF_HUB_CACHE", None)
    env.pop("TRANSFORMERS_CACHE", None)
    code = HIDE.format(names=list(hide), argv=list(argv))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                          cwd=tmp_path)


def error_lines(done: subprocess.CompletedProcess) -> list[str]:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert all(line.startswith("tagmt: error: ") for line in lines)
    return lines


def test_the_missions_command_needs_no_model_option_and_fails_in_one_line(tmp_path):
    """Regression (issue 10): `--model` was required; now the paper's default model is missing weights."""
    lines = error_lines(tagmt(tmp_path, "translate", "--approach", "dp", "--pair", "en-ja", "-o", "out.txt"))
    assert len(lines) == 1
    assert lines[0].startswith("tagmt: error: model facebook/m2m100_418M (m2m100) is not in the Hugging Face cache")
    assert not (tmp_path / "out.txt").exists()


def test_model_and_aligner_weights_are_named_at_once(tmp_path):
    """Regression (issue 10): missing weights were reported one at a time."""
    lines = error_lines(tagmt(tmp_path, "translate", "--approach", "dp", "--pair", "en-ja", "--aligner", "awesome",
                              "-o", "out.txt"))
    assert len(lines) == 2
    assert "model facebook/m2m100_418M (m2m100) is not in" in lines[0]
    assert "model bert-base-multilingual-cased is not in" in lines[1] and "--aligner-model /path/to/dir" in lines[1]


def test_reproduce_does_not_advise_an_option_it_lacks(tmp_path, sample_data):
    """Issue 33: reproduce advised --aligner-model, which it does not take; the cache is its one way."""
    from tagmt.errors import TagmtError
    from tagmt.preflight import aligner_problems

    pytest.importorskip("transformers")
    problems = aligner_problems("awesome", None, ["en", "de"], option="")
    if not problems:
        pytest.skip("the awesome aligner's weights are cached on this machine")
    assert "--aligner-model" not in problems[0] and "copy the cache ($HF_HOME/hub)" in problems[0]
    assert isinstance(TagmtError(problems[0]), TagmtError)


def test_a_missing_data_folder_is_named_before_the_model(tmp_path):
    """Issue 33: the data folder (an input) was named only once the model's weights were there."""
    lines = error_lines(tagmt(tmp_path, "translate", "--approach", "dp", "--pair", "en-ja", "--data",
                              str(tmp_path / "nowhere"), "-o", "out.txt"))
    assert lines == [f"tagmt: error: data folder {tmp_path / 'nowhere'} does not exist or is not a folder"]


def test_hungarian_with_m2m100_fails_only_for_missing_weights(tmp_path, sample_data):
    lines = error_lines(tagmt(tmp_path, "translate", "--input", str(sample_data / "files" / "guide.en"),
                              "--src-lang", "en", "--trg-lang", "hu", "--model", "m2m100", "--approach", "dp",
                              "-o", "out.hu"))
    assert len(lines) == 1 and "model facebook/m2m100_418M (m2m100) is not in the Hugging Face cache" in lines[0]


def test_weights_and_an_unsupported_language_at_once(tmp_path, sample_data):
    lines = error_lines(tagmt(tmp_path, "translate", "--input", str(sample_data / "files" / "guide.en"),
                              "--src-lang", "en", "--trg-lang", "hu", "--model", "mbart50", "--approach", "dt",
                              "-o", "out.hu"))
    assert len(lines) == 2
    assert "facebook/mbart-large-50-many-to-many-mmt (mbart50) is not in" in lines[0]
    assert "model mbart50 (mBART-50) cannot translate 'hu', given by --trg-lang; `tagmt models --languages --model " \
           "mbart50` lists its languages" in lines[1]


def test_a_core_only_install_names_both_extras(tmp_path):
    lines = error_lines(tagmt(tmp_path, "translate", "--approach", "dp", "--pair", "en-ja", "-o", "out.txt",
                              hide=OPTIONAL))
    assert lines == [
        'tagmt: error: torch, transformers, sentencepiece are needed for model m2m100 but not installed: '
        'pip install "tagmt[hf]"',
        'tagmt: error: eflomal is needed for the eflomal aligner but not installed: pip install "tagmt[align]"',
        'tagmt: error: jaconv is needed for Japanese tag projection (loanword anchors) but not installed: '
        'pip install "tagmt[align]"',
    ]


def test_reproduce_checks_the_whole_grid_before_the_first_cell(tmp_path, sample_data):
    out = tmp_path / "out"
    lines = error_lines(tagmt(tmp_path, "reproduce", "--data", str(sample_data), "--split", "dev", "--models",
                              "m2m100,mbart50", "--approaches", "dt,dp", "--aligner", "awesome", "--pairs", "en-ja",
                              "--out", str(out)))
    assert len(lines) == 3
    assert "facebook/m2m100_418M (m2m100)" in lines[0] and "pass --models /path/to/dir" in lines[0]
    assert "facebook/mbart-large-50-many-to-many-mmt (mbart50)" in lines[1]
    assert "bert-base-multilingual-cased" in lines[2]
    assert not (out / "cells").exists()


@pytest.mark.slow
def test_the_demo_on_a_core_only_install_skips_projection_first(tmp_path):
    """Regression (issue 10): a core-only install computed 12 demo cells before failing for eflomal."""
    done = tagmt(tmp_path, "demo", "--out", str(tmp_path / "demo"), hide=OPTIONAL)
    assert done.returncode == 0, done.stderr
    first = done.stderr.splitlines()[0]
    assert first.startswith("tagmt demo: skipping tag projection (reference DP+eflomal) — eflomal is needed")
    assert "12 cells computed, 0 reused" in done.stdout
    assert "tag projection skipped (the DP cells and `tagmt project`)" in done.stdout
    assert "figures skipped: matplotlib is not installed" in done.stdout
    # the printed command runs from the current folder: the sample's path in full, the sample not being below it
    line = next(x for x in done.stdout.splitlines() if "my XLIFF file (XLIFF 1.2)" in x)
    assert "tagmt translate --input " in line and "guide.xliff12.xlf --approach dt --model copy" in line
    assert not list((tmp_path / "demo" / "cells").glob("reference*"))


def test_library_checks():
    assert model_problems("copy") == [] and model_problems("reference") == []
    assert aligner_problems("eflomal") == []  # installed here
    with pytest.raises(PreflightError) as err:
        check(["one", "two"])
    assert str(err.value) == "one\ntwo" and err.value.problems == ["one", "two"]
    problems = run_problems(models=["./no/such/dir"], approach="dt")
    assert problems == ["--model ./no/such/dir: not a checkpoint directory (expected a folder with config.json, or a hub id)"]


def test_a_local_checkpoint_passes_and_its_languages_are_checked(tiny_mbart50_dir):
    assert model_problems(str(tiny_mbart50_dir), [("de", "--trg-lang")]) == []
    (problem,) = model_problems(str(tiny_mbart50_dir), [("hu", "--trg-lang")])
    assert "(mBART-50) cannot translate 'hu', given by --trg-lang" in problem
