"""``POST /v1/translate``: the file written is the one ``tagmt translate --input`` writes for the same file and
options (human XLIFF targets kept), sent raw or as multipart; the multipart reader round-trips any form."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from hypothesis import given, settings, strategies as st
from starlette.testclient import TestClient

from tagmt.cli import main
from tagmt.serve.app import create_app
from tagmt.serve.body import parse_multipart
from tagmt.serve.settings import ServeSettings


def cli_translate(tmp_path: Path, source: Path, *options: str) -> bytes:
    out = tmp_path / ("cli-" + source.name)
    assert main(["translate", "--input", str(source), "-o", str(out), "--no-cache", *options]) == 0
    return out.read_bytes()


def test_line_file_raw_body(client, tmp_path, sample_data):
    source = sample_data / "files" / "guide.en"
    answer = client.post("/v1/translate?filename=guide.en&src_lang=en&trg_lang=de&model=copy&approach=dt",
                         content=source.read_bytes())
    assert answer.status_code == 200, answer.text
    assert answer.content == cli_translate(tmp_path, source, "--src-lang", "en", "--trg-lang", "de", "--model", "copy",
                                           "--approach", "dt")
    assert answer.headers["content-disposition"] == 'attachment; filename="guide.de.txt"'
    assert answer.headers["x-tagmt-written"] == answer.headers["x-tagmt-segments"] == "12"
    for odd in ("out", "../../etc/passwd", ".hidden", "a b\"c.txt"):  # any name: a safe local one
        named = client.post("/v1/translate", params={"filename": odd, "src_lang": "en", "trg_lang": "de"},
                            content=b"Hello\n")
        assert named.status_code == 200 and named.content == b"Hello\n", named.text
        assert re.fullmatch(r'attachment; filename="[A-Za-z0-9._-]+"', named.headers["content-disposition"])


def test_xliff_multipart_keeps_human_targets(client, tmp_path, sample_data):
    text = (sample_data / "files" / "guide.xliff12.xlf").read_text(encoding="utf-8")
    first = re.search(r"<target state=\"final\">.*?</target>", text)
    assert first is not None
    source = tmp_path / "manual.xlf"
    source.write_text(text.replace(first.group(0), ""), encoding="utf-8")  # one unit to translate, eight kept
    answer = client.post("/v1/translate", files={"file": ("manual.xlf", source.read_bytes(), "application/xml")},
                         data={"model": "copy", "approach": "dt"})
    assert answer.status_code == 200, answer.text
    assert answer.content == cli_translate(tmp_path, source, "--model", "copy", "--approach", "dt")
    assert answer.headers["x-tagmt-written"] == "1" and "translated=1" in answer.headers["x-tagmt-kept"]
    assert answer.headers["content-disposition"] == 'attachment; filename="manual.de.xlf"'
    overwritten = client.post("/v1/translate?model=copy&overwrite=true&filename=manual.xlf", content=source.read_bytes())
    assert overwritten.content == cli_translate(tmp_path, source, "--model", "copy", "--approach", "dt", "--overwrite")


def test_dp_projects_as_the_cli(client, tmp_path, sample_data):
    source = tmp_path / "short.en"
    source.write_text("".join(line + "\n" for line in (sample_data / "files" / "guide.en").read_text().splitlines()[:4]))
    answer = client.post("/v1/translate?filename=short.en&src_lang=en&trg_lang=de&model=copy&approach=dp",
                         content=source.read_bytes())
    assert answer.status_code == 200, answer.text
    assert answer.content == cli_translate(tmp_path, source, "--src-lang", "en", "--trg-lang", "de", "--model", "copy",
                                           "--approach", "dp")


def _error(answer, status: int) -> str:
    assert answer.status_code == status, answer.text
    assert answer.json()["status"] == status
    return answer.json()["error"]["message"]


def test_translate_refusals(client, tmp_path, sample_data, monkeypatch):
    xliff = (sample_data / "files" / "guide.xliff12.xlf").read_bytes()
    kept = _error(client.post("/v1/translate?filename=guide.xlf&model=copy", content=xliff), 400)
    assert "every target is kept as it is" in kept and "/tmp" not in kept and "tagmt-serve-" not in kept
    assert "not served here" in _error(client.post("/v1/translate?model=m2m100", content=b"Hello\n"), 400)
    assert "is empty" in _error(client.post("/v1/translate?model=copy", content=b""), 400)
    assert "approach" in _error(client.post("/v1/translate?approach=xx", content=b"Hello\n"), 400)
    assert "unknown option" in _error(client.post("/v1/translate?modle=copy", content=b"Hello\n"), 400)
    assert "send one file part" in _error(client.post("/v1/translate", files={"a": ("a", b"x"), "b": ("b", b"y")}), 400)
    import tagmt.engines

    def unloadable(options, **kwargs):
        raise RuntimeError(f"no weights for {options.model}")

    monkeypatch.setattr(tagmt.engines, "load_engine", unloadable)
    with TestClient(create_app(ServeSettings(models=("some-model",)))) as other:
        message = _error(other.post("/v1/translate?src_lang=en&trg_lang=de", content=b"Hello\n"), 503)
        assert "cannot be loaded: no weights for some-model" in message


def test_engine_failure_is_502(monkeypatch):
    import tagmt.engines
    from tagmt.engines import CopyEngine
    from tagmt.errors import TagmtError

    class Failing(CopyEngine):
        def translate(self, texts, src_lang, trg_lang):
            raise TagmtError("the server at http://localhost:9/v1 did not answer")

    real = tagmt.engines.load_engine
    monkeypatch.setattr(tagmt.engines, "load_engine",
                        lambda options, **kw: Failing.load(options, **kw) if options.model == "flaky" else real(options, **kw))
    with TestClient(create_app(ServeSettings(models=("flaky",)))) as other:
        message = _error(other.post("/v1/translate?src_lang=en&trg_lang=de", content=b"Hello\n"), 502)
        assert message.startswith("the engine flaky failed: the server at") and "did not answer" in message
        assert "not a language code" in _error(other.post("/v1/translate?src_lang=jp&trg_lang=de",
                                                          content=b"Hello\n"), 400)


@settings(max_examples=15, deadline=None)
@given(fields=st.dictionaries(st.from_regex(r"[a-z_]{1,12}", fullmatch=True), st.text(max_size=40), max_size=4),
       data=st.binary(max_size=300), name=st.from_regex(r"[A-Za-z0-9._-]{1,20}", fullmatch=True))
def test_multipart_round_trip(fields, data, name):
    request = httpx.Request("POST", "http://x/", data=fields, files={"file": (name, data, "application/octet-stream")})
    body = request.read()
    got_fields, files = parse_multipart(request.headers["content-type"], body)
    assert got_fields == fields
    assert [(f.field, f.filename, f.data) for f in files] == [("file", name, data)]


@pytest.mark.parametrize("name", ["sample.html", "sample.md", "app.po", "app.json", "strings.xml"])
def test_documents_and_resource_files_as_the_cli(client, tmp_path, sample_data, name):
    """Every format translate --input reads goes through /v1/translate and comes back as the CLI writes it."""
    source = sample_data / "files" / name
    answer = client.post(f"/v1/translate?filename={name}&src_lang=en&trg_lang=de&model=pseudo&approach=dt",
                         content=source.read_bytes())
    assert answer.status_code == 200, answer.text
    assert answer.content == cli_translate(tmp_path, source, "--src-lang", "en", "--trg-lang", "de", "--model",
                                           "pseudo", "--approach", "dt")
    assert int(answer.headers["x-tagmt-written"]) > 0


def test_placeholders_option_as_the_cli(client, tmp_path):
    """``placeholders`` and ``placeholder_regex`` read the upload as ``--placeholders``/``--placeholder-regex``
    read it; a kind that does not exist is a 400 naming it; a document comes back under its own extension."""
    source = tmp_path / "ui.en"
    source.write_text("Delete %1$s now?\nHello {name}, [[KEY]] left\n", encoding="utf-8")
    pseudo = ("--src-lang", "en", "--trg-lang", "de", "--model", "pseudo", "--approach", "dt")
    want = cli_translate(tmp_path, source, *pseudo, "--placeholders", "printf,brace", "--placeholder-regex",
                         r"\[\[[A-Z]+\]\]")
    answer = client.post("/v1/translate", data={"src_lang": "en", "trg_lang": "de", "model": "pseudo",
                                                "approach": "dt", "placeholders": "printf,brace",
                                                "placeholder_regex": r"\[\[[A-Z]+\]\]"},
                         files={"file": ("ui.en", source.read_bytes(), "text/plain")})
    assert answer.status_code == 200, answer.text
    assert answer.content == want
    assert b"%1$s" in answer.content and b"{name}" in answer.content and b"[[KEY]]" in answer.content
    plain = client.post("/v1/translate", data={"src_lang": "en", "trg_lang": "de", "model": "pseudo",
                                               "approach": "dt"},
                        files={"file": ("ui.en", source.read_bytes(), "text/plain")})
    assert plain.status_code == 200 and plain.content != want  # (without them, the placeholders are text)
    bad = client.post("/v1/translate", data={"model": "pseudo", "placeholders": "printf,nosuch"},
                      files={"file": ("ui.en", source.read_bytes(), "text/plain")})
    assert bad.status_code == 400 and "nosuch" in bad.text


def test_document_answer_keeps_its_extension(client, sample_data):
    source = sample_data / "files" / "app.json"
    answer = client.post("/v1/translate?filename=app.json&src_lang=en&trg_lang=de&model=pseudo&format=json",
                         content=source.read_bytes())
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-disposition"] == 'attachment; filename="app.de.json"'
