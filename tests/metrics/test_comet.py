"""COMET from a local checkpoint: every way it can be missing is one line saying what to give, and
with unbabel-comet installed a tiny random COMET model built here scores through the CLI and the API.

unbabel-comet pins numpy<2, transformers<5 and huggingface-hub<1, which conflict with the versions
tagmt[hf] runs on, so it lives in its own environment (docs/metrics.md: COMET); in the main environment
and CI the tests that run the model are skipped and only the refusals run."""

from __future__ import annotations

import csv
import importlib.util
import json
import math

import pytest

from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.metrics import get_metric
from tagmt.metrics.comet import model_name

HAS_COMET = importlib.util.find_spec("comet") is not None
needs_comet = pytest.mark.skipif(
    not HAS_COMET, reason="unbabel-comet is not installed (it pins transformers<5: install tagmt[comet] in "
    "its own environment, see docs/metrics.md)",
)

SOURCES = ["ファイルを保存します。", "<uicontrol>保存</uicontrol>をクリックします。", "ユーザーを選択します。"]
REFERENCES = ["Save the file.", "Click <uicontrol>Save</uicontrol> to keep your changes.", "Choose a user."]
HYPOTHESES = ["Save a file.", "Click <uicontrol>Save</uicontrol> to keep changes.", "Choose the user."]


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
    (tmp_path / "model" / "hparams.yaml").write_text("class_identifier: regression_metric\n", encoding="utf-8")
    with pytest.raises(TagmtError, match=r'pip install "tagmt\[comet\]"'):
        get_metric("comet", trg_lang="en", model=str(tmp_path / "model"))


def test_a_checkpoint_without_hparams_is_refused(capsys, files):
    ref, hyp, src, tmp_path = files
    checkpoint = tmp_path / "model" / "checkpoints" / "model.ckpt"
    checkpoint.parent.mkdir(parents=True)
    checkpoint.write_bytes(b"not a real checkpoint")
    err = error_of(capsys, "--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--metric", "comet", "--src", src,
                   "--comet-model", str(tmp_path / "model"))
    assert "hparams.yaml" in err and "no " in err


def test_the_signature_names_the_model_folder_or_the_cached_repository(tmp_path):
    assert model_name(tmp_path / "wmt22-comet-da" / "checkpoints" / "model.ckpt") == "wmt22-comet-da"
    snapshot = tmp_path / "hub" / "models--Unbabel--wmt22-comet-da" / "snapshots" / "371e9839ca4e213dde891b06"
    assert model_name(snapshot / "checkpoints" / "model.ckpt") == "Unbabel/wmt22-comet-da@371e9839ca4e"


@pytest.fixture(scope="module")
def tiny_comet_dir(tmp_path_factory):
    """A tiny random COMET model (seeded), built once for the tests of this module that run it."""
    if not HAS_COMET:
        pytest.skip("unbabel-comet is not installed")
    from tagmt.testing.tiny_comet import build_tiny_comet

    return build_tiny_comet(tmp_path_factory.mktemp("comet") / "tiny-comet")


@pytest.fixture
def segment_files(tmp_path):
    paths = {}
    for name, lines in (("src.ja", SOURCES), ("ref.en", REFERENCES), ("hyp.en", HYPOTHESES)):
        paths[name] = tmp_path / name
        paths[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


def run_comet(capsys, model, files, tsv):
    argv = ["evaluate", "--ref", str(files["ref.en"]), "--hyp", str(files["hyp.en"]), "--src", str(files["src.ja"]),
            "--trg-lang", "en", "--metric", "comet", "--comet-model", str(model), "--format", "json",
            "--per-segment", str(tsv)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""  # unbabel-comet's and Lightning's set-up chatter is kept off stderr
    (system,) = json.loads(out)["systems"]
    with open(tsv, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return system, rows


@needs_comet
def test_a_tiny_comet_model_scores_through_the_cli(capsys, tiny_comet_dir, segment_files, tmp_path):
    system, rows = run_comet(capsys, tiny_comet_dir, segment_files, tmp_path / "first.tsv")
    score = system["scores"]["comet"]
    assert system["segments"] == 3 and math.isfinite(score)
    assert system["figures"]["comet"]["scale"] == "comet×100"
    assert system["signatures"]["comet"].startswith("nrefs:1|model:tiny-comet|scale:x100")
    # per-segment rows: the sources, references and hypotheses in input order, each with a finite score
    assert [r["source"] for r in rows] == SOURCES and [r["hypothesis"] for r in rows] == HYPOTHESES
    segment_scores = [float(r["comet"]) for r in rows]
    assert all(math.isfinite(v) for v in segment_scores)
    # the corpus score is the mean of the segment scores (the TSV rounds them to 4 decimals)
    assert score == pytest.approx(sum(segment_scores) / 3, abs=1e-3)
    # random weights, but seeded and loaded whole from the checkpoint: a second run gives the same numbers
    again, rows_again = run_comet(capsys, tiny_comet_dir, segment_files, tmp_path / "second.tsv")
    assert again["scores"]["comet"] == pytest.approx(score, abs=1e-6)
    assert [r["comet"] for r in rows_again] == [r["comet"] for r in rows]


@needs_comet
def test_a_tiny_comet_model_scores_through_the_api(tiny_comet_dir):
    from tagmt.evaluation import ScoreOptions, score_systems

    metric = get_metric("comet", trg_lang="en", model=str(tiny_comet_dir))
    stats = metric.batch_statistics(SOURCES, HYPOTHESES, REFERENCES)
    assert len(stats) == 3 and all(count == 1.0 and math.isfinite(value) for value, count in stats)
    # one segment scored alone gets the score it gets inside the batch (the batch is only padding)
    (alone,) = metric.batch_statistics(SOURCES[:1], HYPOTHESES[:1], REFERENCES[:1])
    assert alone[0] == pytest.approx(stats[0][0], abs=1e-3)
    (system,) = score_systems(REFERENCES, {"hyp": HYPOTHESES}, "en", metrics=["comet"], sources=SOURCES,
                              options=ScoreOptions(metric_options={"comet": {"model": str(tiny_comet_dir)}}))
    assert system.scores["comet"] == pytest.approx(sum(v for v, _ in stats) / 3, abs=1e-6)
    with pytest.raises(TagmtError, match="comet needs the source segments"):
        metric.batch_statistics(None, HYPOTHESES, REFERENCES)


@needs_comet
def test_the_tiny_model_is_the_same_on_every_build(tiny_comet_dir, tmp_path):
    from tagmt.testing.tiny_comet import build_tiny_comet

    again = build_tiny_comet(tmp_path / "again")
    tokenizer = "encoder/tokenizer.json"
    assert (again / tokenizer).read_bytes() == (tiny_comet_dir / tokenizer).read_bytes()
    scores = [get_metric("comet", trg_lang="en", model=str(model)).batch_statistics(SOURCES, HYPOTHESES, REFERENCES)
              for model in (tiny_comet_dir, again)]
    assert scores[1] == scores[0]


@needs_comet
def test_a_model_whose_encoder_is_not_local_is_refused(capsys, tiny_comet_dir, files, tmp_path):
    import shutil

    ref, hyp, src, _ = files
    model = tmp_path / "moved"
    shutil.copytree(tiny_comet_dir, model)
    hparams = model / "hparams.yaml"
    encoder = str((tiny_comet_dir / "encoder").resolve())
    base = ["--ref", ref, "--trg-lang", "en", "--hyp", hyp, "--metric", "comet", "--src", src,
            "--comet-model", str(model)]

    def point_encoder_at(old: str, new: str) -> None:
        hparams.write_text(hparams.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")

    point_encoder_at(encoder, "tagmt-tests/no-such-encoder")
    err = error_of(capsys, *base)
    assert "'tagmt-tests/no-such-encoder'" in err and "neither a local folder nor in the Hugging Face cache" in err
    point_encoder_at("tagmt-tests/no-such-encoder", str(tmp_path / "gone"))
    assert "is not a folder; point pretrained_model at the encoder's folder" in error_of(capsys, *base)
    (model / "checkpoints" / "model.ckpt").write_bytes(b"not a checkpoint")
    point_encoder_at(str(tmp_path / "gone"), encoder)
    assert "is not a readable COMET checkpoint" in error_of(capsys, *base)
