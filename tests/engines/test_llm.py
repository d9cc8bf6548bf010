"""The LLM engine (``--model openai:NAME``) against a scripted OpenAI-compatible HTTP server on 127.0.0.1:
hand-made answers (chatter, tags kept or lost), HTTP errors (429, 503, 404), a server that is not there,
concurrency, the cache of a batch that stopped half-way, and the run record. The real client and real
HTTP are used throughout; the server only decides what to answer. Tests against a real model server
(``transformers serve``) are in test_llm_serve.py."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

import pytest

pytest.importorskip("openai", reason="the LLM engine needs the llm extra: pip install \"tagmt[llm]\"")

from tagmt.cli import main
from tagmt.data.directions import Direction
from tagmt.data.views import ParallelSegment
from tagmt.engines import LLMOptions, load_engine
from tagmt.engines.base import PartialBatchError
from tagmt.errors import TagmtError
from tagmt.markup import strip
from tagmt.testing.tiny_chat import free_port
from tagmt.translation.options import RunOptions
from tagmt.translation.pipelines import translate_parallel

Answer = Callable[[dict], "tuple[int, dict | str | bytes]"]


def chat_answer(content: str, finish_reason: str = "stop") -> dict:
    return {
        "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "scripted",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                     "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


class ScriptedServer:
    """An OpenAI-compatible server whose ``answer(body) -> (status, json)`` says what to reply."""

    def __init__(self, answer: Answer, delay: float = 0.0) -> None:
        self.answer = answer
        self.delay = delay
        self.bodies: list[dict] = []
        self.in_flight = 0
        self.most_in_flight = 0
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server.lock:
                    server.bodies.append(body)
                    server.in_flight += 1
                    server.most_in_flight = max(server.most_in_flight, server.in_flight)
                time.sleep(server.delay)
                status, payload = server.answer(body)
                with server.lock:
                    server.in_flight -= 1
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()  # (bytes: as they are)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def user_text(body: dict) -> str:
    return body["messages"][-1]["content"]


def echo_german(body: dict) -> tuple[int, dict]:
    """Answers 'DE ' + the segment, wrapped in chatter and a code fence."""
    return 200, chat_answer(f"Here is the translation:\n\n```\nDE {user_text(body)}\n```")


def llm(server: ScriptedServer, **options) -> LLMOptions:
    return LLMOptions(api_base=server.base, **{"retries": 0, "timeout": 10, **options})


def test_translate_cleans_chatter_and_keeps_order():
    texts = [f"Segment {i} with <b>bold</b> text." for i in range(10)]
    with ScriptedServer(echo_german) as server:
        engine = load_engine("openai:scripted", llm=llm(server, concurrency=3))
        out = engine.translate(texts, "en", "de")
    assert out == [f"DE {t}" for t in texts]
    body = server.bodies[0]
    assert body["model"] == "scripted" and body["temperature"] == 0
    assert "seed" not in body and body["max_tokens"] >= 64
    assert body["messages"][0]["role"] == "system" and "German" in body["messages"][0]["content"]
    assert engine.stats.requests == 10


def test_requests_run_concurrently_up_to_the_limit():
    with ScriptedServer(echo_german, delay=0.2) as server:
        engine = load_engine("openai:scripted", llm=llm(server, concurrency=4))
        engine.translate([f"s{i}" for i in range(12)], "en", "de")
    assert server.most_in_flight == 4


def test_empty_segments_are_not_sent():
    with ScriptedServer(echo_german) as server:
        engine = load_engine("openai:scripted", llm=llm(server))
        assert engine.translate(["", "  ", "x"], "en", "de") == ["", "", "DE x"]
    assert len(server.bodies) == 1


def test_seed_temperature_and_max_tokens_are_sent():
    with ScriptedServer(echo_german) as server:
        engine = load_engine("openai:scripted", llm=llm(server, seed=7, temperature=0.5, max_new_tokens=33))
        engine.translate(["x"], "en", "de")
    body = server.bodies[0]
    assert (body["seed"], body["temperature"], body["max_tokens"]) == (7, 0.5, 33)


def test_server_errors_are_retried_with_backoff():
    calls = []

    def flaky(body):
        calls.append(1)
        return (503, {"error": {"message": "busy"}}) if len(calls) <= 2 else echo_german(body)

    with ScriptedServer(flaky) as server:
        engine = load_engine("openai:scripted", llm=llm(server, retries=3))
        assert engine.translate(["hello"], "en", "de") == ["DE hello"]
    assert len(calls) == 3


def test_rate_limit_that_persists_is_one_line():
    with ScriptedServer(lambda body: (429, {"error": {"message": "slow down"}})) as server:
        engine = load_engine("openai:scripted", llm=llm(server, retries=1))
        with pytest.raises(PartialBatchError) as caught:
            engine.translate(["hello"], "en", "de")
    assert len(server.bodies) == 2
    message = str(caught.value)
    assert "HTTP 429" in message and "--concurrency" in message and "\n" not in message


def test_unknown_model_names_the_model():
    with ScriptedServer(lambda body: (404, {"error": {"message": "model not found"}})) as server:
        engine = load_engine("openai:nope", llm=llm(server))
        with pytest.raises(PartialBatchError, match=r"has no model 'nope'.*model not found"):
            engine.translate(["hello"], "en", "de")


def test_settings_change_with_prompt_and_examples(tmp_path):
    with ScriptedServer(echo_german) as server:
        plain = load_engine("openai:m", llm=llm(server))
        shots = load_engine("openai:m", llm=llm(server, examples=(("a <b>x</b>", "A <b>X</b>"),)))
        dp = plain.for_approach("dp")
    assert plain.settings()["prompt"] != shots.settings()["prompt"]
    assert plain.settings()["prompt"] != dp.settings()["prompt"]
    assert dp.for_approach("dp") is dp and dp.stats is plain.stats
    assert plain.identity == f"openai:m@{server.base}"


def test_dp_outputs_lose_tags_the_model_added():
    with ScriptedServer(lambda body: (200, chat_answer("Hallo <b>Welt</b>"))) as server:
        engine = load_engine("openai:m", llm=llm(server), approach="dp")
        assert engine.translate(["Hello world"], "en", "de") == ["Hallo Welt"]


def test_a_batch_that_stops_keeps_what_finished(tmp_path):
    """The server refuses one segment: the others are cached, and a re-run sends only what is missing."""
    refuse = {"on": True}

    def answer(body):
        if refuse["on"] and "poison" in user_text(body):
            return 400, {"error": {"message": "context too long"}}
        return echo_german(body)

    segments = [ParallelSegment(0, str(i), f"line {i}", "") for i in range(6)]
    segments.append(ParallelSegment(0, "p", "poison", ""))
    with ScriptedServer(answer) as server:
        engine = load_engine("openai:m", llm=llm(server, concurrency=1))
        with pytest.raises(TagmtError, match="HTTP 400.*context too long.*resumes"):
            translate_parallel(engine, segments, Direction("en", "de"), "dt",
                               run=RunOptions(tmp_path, progress=False))
        sent = len(server.bodies)
        refuse["on"] = False
        lines, report = translate_parallel(engine, segments, Direction("en", "de"), "dt",
                                           run=RunOptions(tmp_path, progress=False))
    assert lines[-1] == "DE poison" and lines[0] == "DE line 0"
    # Only what had not finished was sent again (the poison segment, and those cancelled after it).
    assert len(server.bodies) - sent == 7 - (sent - 1)
    assert report.mismatched == []


def test_cli_dt_writes_lines_record_and_counts_mismatches(tmp_path, sample_data, capsys):
    with ScriptedServer(lambda body: (200, chat_answer("EN " + user_text(body).replace("<", "[")))) as server:
        out = tmp_path / "dt.txt"
        code = main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", "openai:m",
                     "--api-base", server.base, "--retries", "0", "--concurrency", "8", "--seed", "3",
                     "--data", str(sample_data), "-o", str(out)])
    assert code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 94 and all(line.startswith("EN ") for line in lines)
    record = json.loads((tmp_path / "dt.txt.run.json").read_text(encoding="utf-8"))
    assert record["engine"]["model"] == "openai:m" and record["engine"]["seed"] == 3
    assert record["engine"]["api_base"] == server.base and len(record["engine"]["prompt"]["sha256_16"]) == 16
    tagged = record["tags"]["tag_mismatches"]
    assert tagged > 0 and record["tags"]["repaired"] == 0 and record["command"][:2] == ["tagmt", "translate"]
    assert f"{tagged} of 94 outputs differ" in capsys.readouterr().err


def test_cli_repair_project_gives_every_line_its_source_tags(tmp_path, sample_data):
    pytest.importorskip("eflomal")
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import segment_lines
    from tagmt.translation.repair import tags_match

    from tagmt.markup import strip

    # The "model" drops every tag: repair must put them all back.
    with ScriptedServer(lambda body: (200, chat_answer(strip(user_text(body))))) as server:
        out = tmp_path / "dt.txt"
        code = main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", "openai:m", "--api-base",
                     server.base, "--repair", "project", "--aligner", "eflomal", "--data", str(sample_data),
                     "-o", str(out)])
    assert code == 0
    sources = segment_lines(open_dataset(sample_data), None, "en-ja", "tagged", "source")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert all(tags_match(s, o) for s, o in zip(sources, lines))
    record = json.loads((tmp_path / "dt.txt.run.json").read_text(encoding="utf-8"))
    assert record["tags"]["repaired"] == record["tags"]["tag_mismatches"] > 0


def test_cli_server_not_there_is_one_line_exit_2(tmp_path, sample_data, capsys):
    port = free_port()
    code = main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", "openai:m",
                 "--api-base", f"http://127.0.0.1:{port}/v1", "--retries", "0",
                 "--data", str(sample_data), "-o", str(tmp_path / "out.txt")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("tagmt: error: cannot reach the OpenAI-compatible server") and err.count("\n") == 1
    assert "Traceback" not in err and not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize("argv, message", [
    (["--model", "copy", "--concurrency", "4"], "--concurrency is for LLM engines"),
    (["--model", "openai:m", "--concurrency", "0"], "--concurrency must be at least 1"),
    (["--model", "openai:m", "--api-base", "localhost:8000"], "is not an http(s) URL"),
    (["--model", "openai:"], "openai: needs a model name"),
    (["--model", "copy", "--unit", "document"], "--unit document needs an LLM"),
])
def test_cli_refuses_bad_llm_options(argv, message, tmp_path, sample_data, capsys):
    code = main(["translate", "--approach", "dt", "--pair", "en-ja", "--data", str(sample_data),
                 "-o", str(tmp_path / "o.txt"), *argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1


def test_cli_repair_needs_dt(tmp_path, sample_data, capsys):
    code = main(["translate", "--approach", "dp", "--pair", "en-ja", "--model", "copy", "--repair", "project",
                 "--data", str(sample_data), "-o", str(tmp_path / "o.txt")])
    assert code == 2 and "--repair is for --approach dt" in capsys.readouterr().err


def test_examples_and_prompt_file_reach_the_server(tmp_path, sample_data):
    src, trg = tmp_path / "ex.en", tmp_path / "ex.de"
    src.write_text("Plain line.\nClick <b>Save</b>.\n", encoding="utf-8")
    trg.write_text("Einfache Zeile.\nKlicken Sie auf <b>Sichern</b>.\n", encoding="utf-8")
    prompt = tmp_path / "p.txt"
    prompt.write_text("[system]\nTranslate {src_lang} to {trg_lang}. Keep {braces}.\n[user]\n<<{source}>>\n",
                      encoding="utf-8")
    with ScriptedServer(echo_german) as server:
        code = main(["translate", "--approach", "dt", "--pair", "en-ja", "--model", "openai:m", "--api-base",
                     server.base, "--examples", str(src), str(trg), "--shots", "1", "--prompt", str(prompt),
                     "--data", str(sample_data), "-o", str(tmp_path / "o.txt")])
    assert code == 0
    messages = server.bodies[0]["messages"]
    assert messages[0] == {"role": "system", "content": "Translate en to ja. Keep {braces}."}
    # One shot, and DT takes the tagged pair first.
    assert messages[1:3] == [{"role": "user", "content": "<<Click <b>Save</b>.>>"},
                             {"role": "assistant", "content": "Klicken Sie auf <b>Sichern</b>."}]
    assert messages[3]["content"].startswith("<<") and len(messages) == 4


def test_reproduce_grid_accepts_openai_models(tmp_path, sample_data, capsys):
    pytest.importorskip("eflomal")
    with ScriptedServer(echo_german) as server:
        code = main(["reproduce", "--data", str(sample_data), "--split", "dev", "--models", "openai:scripted", "--approaches",
                     "dt,dp", "--aligner", "eflomal", "--pairs", "en-ja", "--api-base", server.base,
                     "--concurrency", "8", "--no-figures", "--out", str(tmp_path / "grid")])
    assert code == 0
    cells = sorted(p.name for p in (tmp_path / "grid" / "cells").iterdir())
    assert cells == ["openai_scripted.dp-eflomal.en-ja", "openai_scripted.dt.en-ja"]
    results = json.loads((tmp_path / "grid" / "results.json").read_text(encoding="utf-8"))
    assert f"--api-base {server.base}" in results["command"]
    # One engine served both cells, each with its approach's prompt.
    systems = {body["messages"][0]["content"] for body in server.bodies}
    assert len(systems) == 2 and any("Keep every tag" in s for s in systems)
    dp_lines = (tmp_path / "grid" / "cells" / cells[0] / "hyp.txt").read_text(encoding="utf-8").splitlines()
    # (a tag around a whole source segment encloses the whole translation: `<uicontrol>DE New</uicontrol>`)
    assert len(dp_lines) == 94 and all(strip(line).startswith("DE ") for line in dp_lines)


def test_cli_document_mode_writes_documents_scores_and_record(tmp_path, sample_data, capsys):
    """A "model" that answers each chunk with the chunk itself, fenced and with an XML declaration: the
    documents come back whole and well-formed, chunked when --max-context is small."""
    def fenced_copy(body):
        return 200, chat_answer(f'```xml\n<?xml version="1.0"?>\n{user_text(body)}\n```')

    out = tmp_path / "docs"
    with ScriptedServer(fenced_copy) as server:
        code = main(["translate", "--approach", "dt", "--unit", "document", "--pair", "en-ja", "--model",
                     "openai:m", "--api-base", server.base, "--max-context", "700", "--data", str(sample_data),
                     "-o", str(out)])
    assert code == 0
    record = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert record["documents"] == 10 and record["well_formed"] == 10
    assert record["chunks"] == len(server.bodies) > 10  # some documents did not fit one request
    assert record["engine"]["prompt"]["kind"] == "document"
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import dita_documents

    sources = dita_documents(open_dataset(sample_data), None, "en-ja", "source")
    from lxml import etree

    for doc_id, text in sources.items():
        written = (out / f"{doc_id}.dita").read_text(encoding="utf-8")
        canon = [etree.tostring(etree.fromstring(t.encode()), method="c14n") for t in (written, text)]
        assert canon[0] == canon[1]
    scores = json.loads((out / "scores.json").read_text(encoding="utf-8"))
    # the SAP DTD is in no catalog: validity says the documents were not validated, never 100
    assert scores["validity"]["score"] is None and set(scores["validity"]["status"]) == {"not validated"}
    assert 0 < scores["xater"]["score"] < 100
    assert "10 well-formed" in capsys.readouterr().err
