"""Every endpoint and error code of ``tagmt serve`` through starlette's TestClient; the answers are the API's
and the CLI's for the same input (``tagmt.project``, ``tagmt evaluate --format json``)."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import types

import lxml.html
import pytest
from starlette.testclient import TestClient

import tagmt
from tagmt.cli import main
from tagmt.errors import TagmtError
from tagmt.languages import normalize
from tagmt.serve.app import create_app
from tagmt.serve.settings import ServeSettings


def test_health(client):
    answer = client.get("/health")
    assert answer.status_code == 200
    assert answer.json()["status"] == "ok" and answer.json()["models"][0] == "copy"


def test_project_equals_the_api(client, guide_lines):
    sources, translations = guide_lines
    answer = client.post("/v1/project", json={"source": sources, "translation": translations, "src_lang": "en",
                                              "trg_lang": "de"})
    assert answer.status_code == 200, answer.text
    expected = tagmt.project(sources, translations, src_lang="en", trg_lang="de")
    assert answer.json()["tagged"] == expected
    # the notes tagmt project prints: here, that eflomal saw few pairs (escaping & < > is no note: issue 33)
    notes = answer.json()["notes"]
    assert any("eflomal learned its word links from 12 sentence pairs" in n for n in notes)
    assert not any("XML-escaped" in n for n in notes)


def test_file_lines_as_the_cli(client, tmp_path, sample_data):
    """xml_references: the lines of a --translation file sent as they are give tagmt project's output file."""
    from tagmt.corpus.lines import read_segments

    files = sample_data / "files"
    sources = read_segments(files / "guide.en")[5:8]
    lines = ["Kennwörter müssen mindestens 12 Zeichen", "und eine Ziffer &amp; einen Buchstaben haben.",
             "Die Gebühr beträgt 1 000 Euro pro Jahr."]
    (tmp_path / "src.en").write_text("\n".join(sources) + "\n", encoding="utf-8")
    (tmp_path / "mt.de").write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["project", "--source", str(tmp_path / "src.en"), "--translation", str(tmp_path / "mt.de"),
                 "--src-lang", "en", "--trg-lang", "de", "-o", str(tmp_path / "out.de")]) == 0
    answer = client.post("/v1/project", json={"source": sources, "translation": lines, "src_lang": "en",
                                              "trg_lang": "de", "xml_references": True})
    assert answer.json()["tagged"] == read_segments(tmp_path / "out.de")
    assert "&amp;amp;" not in answer.text


def test_one_segment_and_modernmt_shape(client, guide_lines):
    sources, translations = guide_lines
    one = tagmt.project(sources[1], translations[1], src_lang="en", trg_lang="de")
    mine = client.post("/v1/project", json={"source": [sources[1]], "translation": [translations[1]],
                                            "src_lang": "en", "trg_lang": "de"}).json()
    assert mine["tagged"] == [one]
    params = {"text": sources[1], "translation": translations[1], "source": "en", "target": "de"}
    for answer in (client.get("/tags-projection", params=params), client.post("/tags-projection", data=params),
                   client.post("/tags-projection", json=params)):
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"status": 200, "data": {"translation": one}}


def test_repeated_requests_are_answered_once(monkeypatch):
    import tagmt.serve.project as project

    computed = []

    def counted(warm, data):
        computed.append(data)
        return {"tagged": [f"answer {len(computed)}"], "notes": []}

    monkeypatch.setattr(project, "project_request", counted)
    body = {"source": ["a <b>b</b>"], "translation": ["a b"], "src_lang": "en", "trg_lang": "de"}
    with TestClient(create_app(ServeSettings(answer_cache=2))) as cached:
        first = cached.post("/v1/project", json=body).json()
        assert cached.post("/v1/project", json=dict(reversed(list(body.items())))).json() == first  # any key order
        assert len(computed) == 1 and cached.app.state.warm.answers.hits == 1
        for k in range(3):  # bounded: the oldest answers go
            cached.post("/v1/project", json={**body, "source": [f"x{k}"]})
        assert cached.post("/v1/project", json=body).json() != first and len(computed) == 5
    with TestClient(create_app(ServeSettings(answer_cache=0))) as uncached:
        uncached.post("/v1/project", json=body)
        uncached.post("/v1/project", json=body)
        assert len(computed) == 7 and uncached.app.state.warm.answers.hits == 0


def test_modernmt_translation_is_xml_encoded(client):
    """ModernMT's translation parameter is XML-encoded: &amp; is &, as tagmt project reads a line."""
    params = {"text": "Save &amp; <b>close</b>", "translation": "Sichern &amp; schließen", "source": "en",
              "target": "de"}
    answer = client.get("/tags-projection", params=params).json()
    assert "&amp;amp;" not in answer["data"]["translation"]
    assert tagmt.markup.strip(answer["data"]["translation"]) == "Sichern &amp; schließen"
    missing = client.get("/tags-projection", params={"text": "a"})
    assert missing.status_code == 400
    assert missing.json()["error"] == {"type": "ParameterParsingException", "message": "Missing parameter translation"}
    assert client.get("/tags-projection", params={**params, "symmetrization": "INTERSECT"}).status_code == 200
    assert client.get("/tags-projection", params={**params, "symmetrization": "sideways"}).status_code == 400
    assert client.get("/tags-projection", params={**params, "verbose": "true"}).status_code == 501


def _error(answer, status: int) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["status"] == status and set(body["error"]) == {"type", "message"}
    assert "Traceback" not in answer.text
    return body["error"]["message"]


def test_bad_requests(client):
    body = {"source": ["a <b>b</b>"], "translation": ["a b"], "src_lang": "en", "trg_lang": "de"}
    assert "malformed JSON" in _error(client.post("/v1/project", content=b'{"source": ['), 400)
    assert "must be an object" in _error(client.post("/v1/project", json=[1, 2]), 400)
    assert "nested too deeply" in _error(client.post("/v1/project", content=b"[" * 200000 + b"]" * 200000), 400)
    assert "not UTF-8" in _error(client.post("/v1/project", content=b'{"source": "\xff"}'), 400)
    with pytest.raises(TagmtError) as cli:
        normalize("jp", "src_lang")
    assert _error(client.post("/v1/project", json={**body, "src_lang": "jp"}), 400) == str(cli.value)
    assert "already contains tags" in _error(client.post("/v1/project", json={**body, "translation": ["a <b>b</b>"]}), 400)
    assert "needs 'source'" in _error(client.post("/v1/project", json={"translation": ["x"]}), 400)
    assert "unknown field 'sorce'" in _error(client.post("/v1/project", json={**body, "sorce": []}), 400)
    assert "1 sources but 2 translations" in _error(client.post("/v1/project", json={**body, "translation": ["a", "b"]}),
                                                    400)
    assert "placeholders" in _error(client.post("/v1/project", json={**body, "placeholders": {"kind": 1}}), 400)
    assert "unknown placeholder kind" in _error(client.post("/v1/project", json={**body, "placeholders": ["ruby"]}), 400)
    assert "without a path" in _error(client.post("/v1/project", json={**body, "lexicon": ["/etc/passwd"]}), 400)
    _error(client.get("/nowhere"), 404)
    _error(client.get("/v1/project"), 405)


def test_body_limit_while_reading():
    """Over --max-body-mb: 413 from Content-Length, and from a body without one as soon as it passes."""
    with TestClient(create_app(ServeSettings(max_body_mb=0.001))) as small:
        big = {"source": ["x" * 2000], "translation": ["y"], "src_lang": "en", "trg_lang": "de"}
        assert "over the server's limit" in _error(small.post("/v1/project", json=big), 413)
        _error(small.post("/v1/translate", content=b"x" * 2000, headers={"Content-Length": "2000"}), 413)
    # a body without Content-Length: refused once past the limit, the rest never received
    import asyncio

    from starlette.requests import Request

    from tagmt.serve.body import read_body
    from tagmt.serve.problems import ServeError

    received = []

    async def receive():
        received.append(1)
        return {"type": "http.request", "body": b"x" * 512, "more_body": len(received) < 100}

    request = Request({"type": "http", "method": "POST", "headers": [], "path": "/"}, receive)
    with pytest.raises(ServeError) as refused:
        asyncio.run(read_body(request, 2000))
    assert refused.value.status == 413 and len(received) == 4


class _Diagonal:
    """An aligner linking word k to word k (for a GivenAligner stand-in)."""

    def align(self, src_words, trg_words):
        return [{(k, k) for k in range(min(len(s), len(t)))} for s, t in zip(src_words, trg_words)]


def test_given_alignment(client, monkeypatch):
    body = {"source": ["Open <b>the</b> door"], "translation": ["Öffne die Tür"], "src_lang": "en", "trg_lang": "de",
            "alignment": ["0-0 1-1 2-2"], "tokens": [["Open the door"], ["Öffne die Tür"]]}
    monkeypatch.setitem(sys.modules, "tagmt.projection.given", None)  # the module absent: 501 with a reason
    assert "tagmt.projection.given" in _error(client.post("/v1/project", json=body), 501)
    seen = []

    def given(alignment, source_tokens, target_tokens):
        seen.append((alignment, source_tokens, target_tokens))
        return _Diagonal()

    monkeypatch.setitem(sys.modules, "tagmt.projection.given", types.SimpleNamespace(GivenAligner=given))
    answer = client.post("/v1/project", json=body)
    assert answer.status_code == 200, answer.text
    assert seen == [(["0-0 1-1 2-2"], ["Open the door"], ["Öffne die Tür"])]
    assert answer.json()["tagged"] == ["Öffne <b>die</b> Tür"]
    assert "2 lines of alignment" in _error(client.post("/v1/project", json={**body, "alignment": ["0-0", "1-1"]}), 400)


def test_server_fault_is_json(client, monkeypatch):
    import tagmt.serve.project as project

    def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(project, "project_request", broken)
    message = _error(client.post("/v1/project", json={}), 500)
    assert "RuntimeError" in message and "secret internals" not in message


def test_bearer_token(tmp_path, caplog):
    token = "s3cret-token-123"
    (tmp_path / "token").write_text(token + "\n")
    with TestClient(create_app(ServeSettings(token_file=str(tmp_path / "token")))) as guarded:
        assert "bearer token is required" in _error(guarded.get("/health"), 401)
        assert guarded.get("/health").headers["www-authenticate"] == "Bearer"
        _error(guarded.get("/health", headers={"Authorization": "Bearer wrong"}), 401)
        _error(guarded.get("/", headers={"Authorization": token}), 401)
        assert guarded.get("/health", headers={"Authorization": f"Bearer {token}"}).status_code == 200
    assert token not in caplog.text
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(TagmtError, match="empty"):
        create_app(ServeSettings(token_file=str(tmp_path / "empty")))


def test_evaluate_equals_the_cli(client, tmp_path, sample_data):
    from tagmt.corpus.lines import read_segments, write_lines

    files = sample_data / "files"
    references = read_segments(files / "guide.de")  # the segments as the command reads them (&#10; a line break)
    hypothesis = [line.replace("<g id=\"1\">", "").replace("</g>", "", 1) if k % 2 else line
                  for k, line in enumerate(references)]
    hyp = write_lines(tmp_path / "sys.de", hypothesis)
    metrics = ["xml-bleu", "xml-chrf", "tag-bleu", "markup-match"]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["evaluate", "--ref", str(files / "guide.de"), "--trg-lang", "de", "--hyp", str(hyp),
                     "--metric", *metrics, "--format", "json", "--tag-report"]) == 0
    answer = client.post("/v1/evaluate", json={"references": references, "hypotheses": {str(hyp): hypothesis},
                                               "trg_lang": "de", "metrics": metrics, "tag_report": True})
    assert answer.status_code == 200, answer.text
    assert answer.json() == json.loads(buffer.getvalue())
    assert "has 1 segments" in _error(client.post("/v1/evaluate", json={
        "references": references, "hypotheses": {"a": ["x"]}, "trg_lang": "de"}), 400)
    _error(client.post("/v1/evaluate", json={"references": ["a"], "hypotheses": {"a": ["a"]}, "trg_lang": "jp"}), 400)
    assert "scores whole documents" in _error(client.post("/v1/evaluate", json={
        "references": ["a"], "hypotheses": {"a": ["a"]}, "trg_lang": "de", "metrics": ["xater"]}), 400)


def test_page_and_docs(client):
    page = client.get("/")
    assert page.status_code == 200
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy and "http" not in policy
    tree = lxml.html.fromstring(page.text)
    assert not [x for x in tree.xpath("//@src | //@href") if "//" in x]  # nothing remote
    assert tree.xpath("//script") and not tree.xpath("//script[@src] | //link[@rel='stylesheet']")
    described = client.get("/openapi.json").json()
    assert described["openapi"].startswith("3.") and "/v1/project" in described["paths"]
    docs = client.get("/docs")
    assert docs.status_code == 200 and "/tags-projection" in docs.text
    assert not [x for x in lxml.html.fromstring(docs.text).xpath("//@src | //@href") if "//" in x]


def test_placeholders_and_given_links_equal_the_api(client):
    """`placeholders` and `alignment`/`tokens` give what `tagmt.project` gives for them (one shared path)."""
    sources = ["Delete %1$s from <b>{folder}</b>?"]
    translations = ["%1$s aus {folder} löschen?"]
    body = {"source": sources, "translation": translations, "src_lang": "en", "trg_lang": "de", "lexicon": "none"}
    answer = client.post("/v1/project", json={**body, "placeholders": ["auto"]})
    assert answer.status_code == 200, answer.text
    expected = tagmt.project(sources, translations, src_lang="en", trg_lang="de", lexicon="none",
                             placeholders=["auto"])
    assert answer.json()["tagged"] == expected and "%1$s" in expected[0] and "{folder}" in expected[0]
    links = {"alignment": ["0-1 1-0 2-2 3-3"], "tokens": [["Delete %1$s from {folder} ?"], ["%1$s aus {folder} löschen ?"]]}
    given = client.post("/v1/project", json={**body, **links})
    assert given.status_code == 200, given.text
    assert given.json()["tagged"] == tagmt.project(sources, translations, src_lang="en", trg_lang="de", lexicon="none",
                                                   alignment=links["alignment"], tokens=tuple(links["tokens"]))
