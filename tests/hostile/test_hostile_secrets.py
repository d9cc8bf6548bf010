"""Secrets never reach a record or a message (``tagmt/secrets.py``):

- credentials in ``--api-base`` (``http://user:PASSWORD@host/v1?api_key=KEY``) are masked in ``OUT.run.json``
  (its "command" and every other field), in the run cache, in ``results.json`` and cell records of
  ``reproduce``, and on stderr;
- a server that echoes the ``Authorization`` header (``Bearer $OPENAI_API_KEY``) in a 401 does not get
  the key printed;
- the redaction helpers themselves: URLs, bearer tokens, ``sk-`` keys, ``name=value`` secrets.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("openai", reason="the LLM engine needs the llm extra")

from test_hostile_llm import RawServer, ok  # noqa: E402

from tagmt.cli import main  # noqa: E402
from tagmt.secrets import redact_argv, redact_text, redact_url  # noqa: E402

KEY = "sk-planted0KEY0abcdef123456"
PLAIN_KEY = "planted-plain-key-98765"  # a key without the sk- shape: masked by value
PASSWORD = "PaSsWoRd0planted"
QUERY_KEY = "QUERYKEY0planted"
PLANTED = (KEY, PLAIN_KEY, PASSWORD, QUERY_KEY)


def all_text_under(folder: Path) -> str:
    return "".join(path.read_text(encoding="utf-8", errors="replace") for path in folder.rglob("*")
                   if path.is_file())


def assert_clean(text: str) -> None:
    for secret in PLANTED:
        assert secret not in text, f"{secret} leaked: {text[:2000]}"


def with_credentials(base: str) -> str:
    return base.replace("http://", f"http://user:{PASSWORD}@") + f"?api_key={QUERY_KEY}&mode=fast"


@pytest.mark.parametrize("key", [KEY, PLAIN_KEY])
def test_run_record_cache_and_stderr_hold_no_credential(key, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("OPENAI_API_KEY", key)
    source = tmp_path / "src.txt"
    source.write_text("Hello\nWorld\n", encoding="utf-8")
    with RawServer(lambda segment: ok("DE " + segment)) as server:
        base = with_credentials(server.base)
        code = main(["translate", "--approach", "dt", "--input", str(source), "--src-lang", "en",
                     "--trg-lang", "de", "--model", "openai:m", "--api-base", base, "--retries", "0",
                     "--cache-dir", str(tmp_path / "cache"), "-o", str(tmp_path / "out.txt")])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert_clean(captured.err + captured.out + all_text_under(tmp_path))
    record = json.loads((tmp_path / "out.txt.run.json").read_text(encoding="utf-8"))
    command = " ".join(record["command"])
    assert "http://***@127.0.0.1" in command and "api_key=***" in command and "mode=fast" in command


@pytest.mark.parametrize("key", [KEY, PLAIN_KEY])
def test_a_server_echoing_the_authorization_header_does_not_print_the_key(key, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("OPENAI_API_KEY", key)
    echoed = {}

    def reply(segment: str):
        message = f"invalid credentials: Authorization: Bearer {key} (key {key}; url {echoed.get('url')})"
        body = json.dumps({"error": {"message": message, "type": "invalid_request_error"}}).encode()
        return 401, {"Content-Type": "application/json"}, [body], 0.0

    source = tmp_path / "src.txt"
    source.write_text("Hello\n", encoding="utf-8")
    with RawServer(reply) as server:
        echoed["url"] = with_credentials(server.base)
        code = main(["translate", "--approach", "dt", "--input", str(source), "--src-lang", "en",
                     "--trg-lang", "de", "--model", "openai:m", "--api-base", with_credentials(server.base),
                     "--retries", "0", "--cache-dir", str(tmp_path / "cache"), "-o", str(tmp_path / "out.txt")])
    captured = capsys.readouterr()
    assert code == 2 and "HTTP 401" in captured.err and captured.err.count("\n") == 1, captured.err
    assert "Bearer ***" in captured.err or "Authorization: ***" in captured.err
    assert_clean(captured.err + captured.out + all_text_under(tmp_path))


def test_reproduce_records_hold_no_credential(tmp_path, sample_data, monkeypatch, capsys):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with RawServer(lambda segment: ok(segment)) as server:
        code = main(["reproduce", "--data", str(sample_data), "--models", "openai:m", "--approaches", "dt",
                     "--pairs", "en-ja", "--split", "dev", "--api-base", with_credentials(server.base), "--no-figures",
                     "--out", str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert_clean(captured.err + captured.out + all_text_under(tmp_path))
    results = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    assert "***@127.0.0.1" in json.dumps(results)


@pytest.mark.parametrize("url, expected", [
    ("http://user:pw@host:8000/v1?api_key=K&x=1", "http://***@host:8000/v1?api_key=***&x=1"),
    ("https://host/v1?token=T&access_token=A&sig=S", "https://host/v1?token=***&access_token=***&sig=***"),
    ("http://localhost:8000/v1", "http://localhost:8000/v1"),
    ("http://:pw@host/v1", "http://***@host/v1"),
    ("http://u:p@[::1/v1", "http://***@[::1/v1"),  # not splittable: masked as text
    ("http://u:p@host:181129/v1", "http://***@host:181129/v1"),
])
def test_redact_url(url, expected):
    assert redact_url(url) == expected


def test_redact_text_and_argv(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", PLAIN_KEY)
    text = (f"401 from http://a:{PASSWORD}@h/v1: Authorization: Bearer abc.def-ghi; key {PLAIN_KEY}; "
            f"{KEY}; api_key={QUERY_KEY}; \"password\": \"{PASSWORD}\"")
    assert_clean(redact_text(text))
    argv = ["tagmt", "translate", f"--api-base=http://u:{PASSWORD}@h/v1", "--api-key", KEY,
            "--max-new-tokens=5", "--timeout", "3"]
    redacted = redact_argv(argv)
    assert_clean(" ".join(redacted))
    assert redacted[-3:] == ["--max-new-tokens=5", "--timeout", "3"]  # ordinary options untouched


def test_write_run_record_masks_an_api_callers_command(tmp_path):
    from tagmt.engines import load_engine
    from tagmt.translation.runs import write_run_record

    path = write_run_record(tmp_path / "out.run.json",
                            {"command": ["my-script", f"http://u:{PASSWORD}@h/v1?api_key={QUERY_KEY}"]},
                            load_engine("copy"))
    text = path.read_text(encoding="utf-8")
    assert_clean(text)
    assert json.loads(text)["command"][1] == "http://***@h/v1?api_key=***"
