"""``tagmt serve``'s own refusals, before uvicorn starts (one line, exit 2), and a projection model served for
its language pair giving the API's answers."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

import tagmt
from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.serve.app import create_app
from tagmt.serve.settings import ServeSettings


@pytest.mark.parametrize("options, said", [
    (["--port", "0"], "--port must be 1 to 65535"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--max-body-mb", "0"], "--max-body-mb must be more than 0"),
    (["--answer-cache", "-1"], "--answer-cache must be 0 or more"),
    (["--token-file", "/nonexistent/token"], "/nonexistent/token"),
    (["--aligner", "attention"], "--aligner attention: the attention aligner takes its links from the model"),
])
def test_refused_before_start(options, said, capsys):
    assert main(["serve", *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: ") and said in err and "Traceback" not in err


def test_projection_model_folder_checked(tmp_path):
    (tmp_path / "not-a-model").mkdir()
    with pytest.raises(TagmtError):
        create_app(ServeSettings(projection_models=(str(tmp_path / "not-a-model"),)))


@pytest.mark.slow
def test_projection_model_answers_as_the_api(tmp_path, guide_lines, sample_data):
    files = sample_data / "files"
    model = tmp_path / "en-de.model"
    assert main(["learn", "--src-lang", "en", "--trg-lang", "de", "--examples", str(files / "guide.en"),
                 str(files / "guide.de"), "-o", str(model)]) == 0
    sources, translations = guide_lines
    with TestClient(create_app(ServeSettings(projection_models=(str(model),)))) as client:
        assert client.get("/health").json()["projection_models"] == ["en-de"]
        answer = client.post("/v1/project", json={"source": sources[:4], "translation": translations[:4],
                                                  "src_lang": "en", "trg_lang": "de"}).json()
    assert answer["tagged"] == tagmt.project(sources[:4], translations[:4], src_lang="en", trg_lang="de",
                                             projection_model=str(model))
    assert any("projection model" in note for note in answer["notes"])
