"""``tagmt translate`` run for real: in process through ``tagmt.cli.main`` and, where the environment
matters (offline hub, empty cache), as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tagmt.cli import main
from tagmt.data.dataset import open_dataset
from tagmt.data.views import parallel_segments


def n_segments(sample_data, direction: str) -> int:
    return len(parallel_segments(open_dataset(sample_data), "dev", direction))


def test_help_shows_examples(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["translate", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for needle in ("--approach {dt,dp}", "--aligner", "--no-cache", "examples:", "facebook/m2m100_418M",
                   "tagmt translate --approach dp --pair en-ja --model reference --aligner eflomal"):
        assert needle in out


def test_tiny_m2m100_dt(tiny_m2m100_dir, sample_data, tmp_path, capsys, private_run_cache):
    out = tmp_path / "m2m.dt.en-ko.txt"
    rc = main(["translate", "--approach", "dt", "--pair", "en-ko", "--model", str(tiny_m2m100_dir),
               "--device", "cpu", "--batch-size", "32", "-o", str(out)])
    assert rc == 0
    n = n_segments(sample_data, "en-ko")
    assert len(out.read_text("utf-8").splitlines()) == n
    assert f"wrote {n} segments" in capsys.readouterr().err
    assert len(list((private_run_cache / "runs").glob("*.jsonl"))) == 1  # the default cache place


def test_tiny_mbart50_dp_eflomal_with_cache_dir(tiny_mbart50_dir, sample_data, tmp_path, private_run_cache):
    out = tmp_path / "mbart.dp.zh-ja.txt"
    cache = tmp_path / "my-cache"
    rc = main(["translate", "--approach", "dp", "--pair", "zh-ja", "--model", str(tiny_mbart50_dir),
               "--aligner", "eflomal", "--data", str(sample_data), "--split", "dev", "--device", "cpu",
               "--cache-dir", str(cache), "-o", str(out)])
    assert rc == 0
    assert len(out.read_text("utf-8").splitlines()) == n_segments(sample_data, "zh-ja")
    assert len(list(cache.glob("*.jsonl"))) == 1
    assert not private_run_cache.exists()


def test_tiny_m2m100_dp_with_the_awesome_aligner_on_a_tiny_bert(tiny_m2m100_dir, sample_data, tmp_path):
    from tagmt.testing.tiny_bert import build_tiny_bert

    bert = build_tiny_bert(tmp_path / "tiny-bert", ["Save", "app", "保存", "应用"])
    out = tmp_path / "m2m.dp.en-zh.txt"
    rc = main(["translate", "--approach", "dp", "--pair", "en-zh", "--model", str(tiny_m2m100_dir),
               "--aligner", "awesome", "--aligner-model", str(bert), "--device", "cpu", "-o", str(out)])
    assert rc == 0
    assert len(out.read_text("utf-8").splitlines()) == n_segments(sample_data, "en-zh")


def test_reference_dp_no_cache(tmp_path, sample_data, private_run_cache):
    out = tmp_path / "ref.dp.en-ja.txt"
    rc = main(["translate", "--approach", "dp", "--pair", "en-ja", "--model", "reference", "--aligner", "eflomal",
               "--no-cache", "-o", str(out)])
    assert rc == 0
    assert len(out.read_text("utf-8").splitlines()) == n_segments(sample_data, "en-ja")
    assert not private_run_cache.exists()


def run_cli(*args: str, env_extra: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, OMP_NUM_THREADS="1", **(env_extra or {}))
    return subprocess.run([sys.executable, "-m", "tagmt", "translate", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_missing_weights_offline_is_one_line_exit_2(tmp_path):
    done = run_cli("--approach", "dt", "--pair", "en-ja", "--model", "facebook/m2m100_418M", "-o",
                   str(tmp_path / "out.txt"),
                   env_extra={"HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "empty-hf-home")})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("tagmt: error: model facebook/m2m100_418M is not in the Hugging Face cache")
    assert "HF_HUB_OFFLINE" in lines[0] and "--model /path/to/dir" in lines[0]
    assert not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--pair", "en-zf", "--zf", "--model", "TINY"], "cannot translate 'zf' (Traditional Chinese"),
        (["--pair", "en-zf", "--model", "copy"], "uses zf (Traditional Chinese), which is opt-in"),
        (["--pair", "en-ja", "--model", "TINY", "--device", "cpu", "--fp16"], "--fp16 needs a CUDA GPU"),
        (["--pair", "en-ja", "--model", "copy", "--aligner-model", "x"], "--aligner-model is for"),
        (["--pair", "en-ja", "--model", "./no/such/dir"], "--model ./no/such/dir: not a checkpoint directory"),
        (["--pair", "en-ja", "--model", "copy", "--split", "test"], "no split 'test'"),
        (["--pair", "en-xx", "--model", "copy"], "unknown direction 'en-xx'"),
    ],
)
def test_bad_input_is_one_line_exit_2(args, message, tiny_m2m100_dir, tmp_path, capsys):
    args = [str(tiny_m2m100_dir) if a == "TINY" else a for a in args]
    rc = main(["translate", "--approach", "dt", *args, "-o", str(tmp_path / "out.txt")])
    err = capsys.readouterr().err
    assert rc == 2
    assert err.startswith("tagmt: error: ") and err.count("\n") == 1
    assert message in err
    assert not (tmp_path / "out.txt").exists()


def test_output_into_a_directory_is_refused(tmp_path, capsys):
    assert main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", "copy", "-o", str(tmp_path)]) == 2
    assert "cannot write" in capsys.readouterr().err
