"""A misbehaving OpenAI-compatible server (a real ``http.server`` on 127.0.0.1 sending raw bytes):

- every malformed answer — truncated JSON, an event stream nobody asked for, bytes that are not UTF-8,
  ``choices`` that is not a list, an HTML page with status 200, an empty body — is one line naming what
  the server sent, exit 2, the segments finished before it kept in the cache;
- null or empty content is asked again (bounded), then one line, and never cached: a rerun against a
  healthy server sends the request again;
- control characters, lone surrogates, U+FFFE/U+FFFF are removed and counted, never written into an XLIFF
  target (the output stays well-formed XML);
- an answer far longer than its source is cut at the bound (said on stderr), and a body over the byte
  bound is refused without being read whole;
- ``--timeout`` bounds the whole request: a server trickling a byte every 0.2 s cannot hold a run;
- a bad ``--api-base`` is one line before any work.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable

import pytest
from hostile import one_line_error

pytest.importorskip("openai", reason="the LLM engine needs the llm extra")

from tagmt.engines import LLMOptions, load_engine  # noqa: E402
from tagmt.errors import TagmtError  # noqa: E402
from tagmt.translation.runs import BatchProgress, SegmentCache, translate_segments  # noqa: E402

QUIET = BatchProgress(show=False)

# (status, headers, body chunks, pause between chunks)
Reply = tuple[int, dict, list[bytes], float]


def completion(content) -> bytes:
    return json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                       "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                    "finish_reason": "stop"}]}).encode()


def ok(content) -> Reply:
    return 200, {"Content-Type": "application/json"}, [completion(content)], 0.0


class RawServer:
    """Answers each POST with ``reply(segment) -> Reply``; counts the requests."""

    def __init__(self, reply: Callable[[str], Reply]) -> None:
        self.reply = reply
        self.requests: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                segment = body["messages"][-1]["content"]
                server.requests.append(segment)
                status, headers, chunks, pause = server.reply(segment)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if "Content-Length" not in headers:
                    self.send_header("Content-Length", str(sum(map(len, chunks))))
                self.end_headers()
                try:
                    for chunk in chunks:
                        self.wfile.write(chunk)
                        self.wfile.flush()
                        if pause:
                            time.sleep(pause)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def __enter__(self) -> "RawServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def engine_for(server: RawServer, **options):
    return load_engine("openai:m", llm=LLMOptions(api_base=server.base, **{"retries": 0, "timeout": 10,
                                                                           "concurrency": 1, **options}))


JSON = {"Content-Type": "application/json"}
MALFORMED = {
    "truncated JSON": ((200, JSON, [completion("Hallo Welt")[:40]], 0.0), "JSON cut short"),
    "event stream": ((200, {"Content-Type": "text/event-stream"},
                      [b'data: {"choices": [{"delta": {"content": "Hallo"}}]}\n\ndata: [DONE]\n\n'], 0.0),
                     "event stream"),
    "non-UTF-8 bytes": ((200, JSON, [completion("Hallo")[:-30] + b"\xff\xfe" + completion("x")[-30:]], 0.0),
                        "not UTF-8 (byte 0xff"),
    "choices not a list": ((200, JSON, [b'{"choices": {"0": {"message": {"content": "x"}}}}'], 0.0),
                           "'choices' is an object, not a list"),
    "no choices": ((200, JSON, [b'{"choices": []}'], 0.0), "no choices"),
    "HTML with 200": ((200, {"Content-Type": "text/html"},
                       [b"<html><head><title>Welcome to nginx!</title></head><body>hi</body></html>"], 0.0),
                      "HTML page (text/html: 'Welcome to nginx!')"),
    "HTML without a type": ((200, {}, [b"<!DOCTYPE html><p>login</p>"], 0.0), "HTML page"),
    "empty body": ((200, JSON, [b""], 0.0), "empty body"),
    "JSON list": ((200, JSON, [b'[1, 2]'], 0.0), "not a chat completion object"),
    "content a number": ((200, JSON, [b'{"choices": [{"message": {"content": 5}}]}'], 0.0),
                         "'content' is a number, not text"),
    "error with 200": ((200, JSON, [b'{"error": {"message": "model overloaded"}}'], 0.0),
                       "error with a success status: 'model overloaded'"),
    "deep JSON": ((200, JSON, [b"[" * 20000 + b"]" * 20000], 0.0), "nested too deeply"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_answer_is_one_line_and_keeps_finished_segments(case, tmp_path):
    bad, message = MALFORMED[case]

    def reply(segment: str) -> Reply:
        return bad if segment == "poison" else ok("DE " + segment)

    texts = ["the first one", "the second one", "poison", "the third one"]
    with RawServer(reply) as server:
        engine = engine_for(server)
        engine.batch_size = 2  # two batches: the first finishes and is cached
        cache = SegmentCache.for_run(engine, "dt", "en-de", texts, tmp_path)
        with pytest.raises(TagmtError) as caught:
            translate_segments(engine, texts, "en", "de", cache=cache, progress=QUIET)
    text = str(caught.value)
    assert message in text and "\n" not in text and "resumes" in text, text
    cached = cache.load()
    assert cached and "poison" not in cached and all(out == "DE " + src for src, out in cached.items())


def test_malformed_answer_from_the_cli_is_one_line_exit_2(tmp_path, capsys):
    source = tmp_path / "src.txt"
    source.write_text("Hello\n", encoding="utf-8")
    with RawServer(lambda segment: MALFORMED["truncated JSON"][0]) as server:
        err = one_line_error(["translate", "--approach", "dt", "--input", str(source), "--src-lang", "en", "--trg-lang", "de",
                              "--model", "openai:m", "--api-base", server.base, "--retries", "0",
                              "--cache-dir", str(tmp_path / "cache"), "-o", str(tmp_path / "out.txt")], capsys)
    assert "JSON cut short" in err and not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize("content", [None, "", "  \n"])
def test_empty_answers_are_retried_reported_and_never_cached(content, tmp_path):
    healthy = {"on": False}

    def reply(segment: str) -> Reply:
        return ok("DE " + segment) if healthy["on"] else ok(content)

    texts = ["Hello world"]
    with RawServer(reply) as server:
        engine = engine_for(server)
        cache = SegmentCache.for_run(engine, "dt", "en-de", texts, tmp_path)
        with pytest.raises(TagmtError, match="(null|empty) content 3 times"):
            translate_segments(engine, texts, "en", "de", cache=cache, progress=QUIET)
        assert len(server.requests) == 3 and cache.load() == {}
        healthy["on"] = True
        assert translate_segments(engine, texts, "en", "de", cache=cache, progress=QUIET) == ["DE Hello world"]
        assert len(server.requests) == 4  # the rerun asked the server again


def test_control_characters_never_reach_an_xliff_target(tmp_path, capsys):
    from lxml import etree

    from tagmt.cli import main

    xliff = tmp_path / "in.xlf"
    xliff.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
        '<file source-language="en" target-language="de" datatype="plaintext" original="x"><body>'
        '<trans-unit id="1"><source>Hello</source></trans-unit>'
        '<trans-unit id="2"><source>World</source></trans-unit></body></file></xliff>\n', encoding="utf-8")
    answers = {"Hello": "Ha\x01l\x1blo\x00 \ufffe\uffff\ud800Welt\x7f", "World": "Welt\tTab"}
    with RawServer(lambda segment: ok(answers[segment])) as server:
        code = main(["translate", "--approach", "dt", "--input", str(xliff), "--model", "openai:m", "--api-base", server.base,
                     "--retries", "0", "--cache-dir", str(tmp_path / "cache"), "-o", str(tmp_path / "out.xlf")])
    err = capsys.readouterr().err
    assert code == 0, err
    tree = etree.parse(str(tmp_path / "out.xlf"))  # well-formed XML
    targets = [t.text for t in tree.iter("{urn:oasis:names:tc:xliff:document:1.2}target")]
    assert targets == ["Hallo Welt", "Welt\tTab"]
    assert "removed 7 control character(s)" in err
    record = json.loads((tmp_path / "out.xlf.run.json").read_text(encoding="utf-8"))
    assert record["engine"]["requests"]["removed_characters"] == 7


def test_a_huge_answer_is_cut_at_the_bound_and_said(tmp_path, capsys):
    with RawServer(lambda segment: ok("Hallo " * 2000)) as server:
        engine = engine_for(server)
        out = translate_segments(engine, ["Hello"], "en", "de", progress=QUIET)
        assert len(out[0]) <= 4 * 5 + 256
        assert engine.stats.cut == 1
        engine = engine_for(server, max_answer_chars=30)
        assert len(translate_segments(engine, ["Hello there"], "en", "de", progress=QUIET)[0]) <= 30
    err = capsys.readouterr().err
    assert "12000 characters, cut to 276" in err and "cut to --max-answer-chars 30" in err
    assert engine.stats.cut == 1


def test_a_body_over_the_byte_bound_is_refused_unread(tmp_path):
    chunk = b" " * (1 << 20)
    sent = {"bytes": 0}

    def reply(segment: str) -> Reply:
        head = b'{"choices": [{"message": {"content": "'
        return 200, {"Content-Type": "application/json", "Content-Length": str(len(head) + 50 * len(chunk))}, \
            [head, *([chunk] * 50)], 0.0

    with RawServer(reply) as server:
        engine = engine_for(server)
        with pytest.raises(TagmtError, match="answer of over 68848 bytes"):
            engine.translate(["Hello"], "en", "de")


def test_timeout_bounds_the_whole_request_against_a_trickle():
    body = completion("Hallo Welt " * 20)

    def reply(segment: str) -> Reply:
        return 200, JSON, [body[i:i + 1] for i in range(len(body))], 0.2  # a byte every 0.2 s: 50+ s

    with RawServer(reply) as server:
        engine = engine_for(server, timeout=2)
        start = time.monotonic()
        with pytest.raises(TagmtError, match="did not finish its answer within --timeout 2 s"):
            engine.translate(["Hello"], "en", "de")
        assert time.monotonic() - start < 6


@pytest.mark.parametrize("base, message", [
    ("http://localhost:181129/v1", "is not a valid URL (Port out of range"),
    ("http://[::1/v1", "is not a valid URL"),
    ("ftp://localhost/v1", "is not an http(s) URL"),
    ("file:///etc/passwd", "is not an http(s) URL"),
    ("http:///v1", "names no host"),
    ("http://user:PASSWORD@localhost:99999/v1", "'http://***@localhost:99999/v1' is not a valid URL"),
])
def test_bad_api_base_is_one_line_before_any_work(base, message, tmp_path, capsys):
    source = tmp_path / "src.txt"
    source.write_text("Hello\n", encoding="utf-8")
    err = one_line_error(["translate", "--approach", "dt", "--input", str(source), "--src-lang", "en", "--trg-lang", "de",
                          "--model", "openai:m", "--api-base", base, "-o", str(tmp_path / "o.txt")], capsys)
    assert message in err and "PASSWORD" not in err


def test_a_lone_surrogate_in_the_answer_is_removed(tmp_path):
    body = b'{"choices": [{"message": {"content": "Hal\\ud800lo"}, "finish_reason": "stop"}]}'
    with RawServer(lambda segment: (200, JSON, [body], 0.0)) as server:
        engine = engine_for(server)
        assert engine.translate(["Hello"], "en", "de") == ["Hallo"]
    assert engine.stats.removed_characters == 1


def test_utf8_encoded_surrogate_bytes_are_not_utf8(tmp_path):
    body = completion("Hallo")[:-40] + b"\xed\xa0\x80" + completion("x")[-40:]
    with RawServer(lambda segment: (200, JSON, [body], 0.0)) as server:
        engine = engine_for(server)
        with pytest.raises(TagmtError, match="not UTF-8 \\(byte 0xed"):
            engine.translate(["Hello"], "en", "de")


def test_nothing_is_written_where_no_output_is_asked(tmp_path: Path):
    """A sanity check of the fixture: a healthy answer gives the translation."""
    with RawServer(lambda segment: ok("DE " + segment)) as server:
        assert engine_for(server).translate(["a", "b"], "en", "de") == ["DE a", "DE b"]


def test_timeout_counts_from_the_attempt_that_answered_not_the_retries_before_it():
    """Two 503s with Retry-After 1 s, then an answer sent in pieces over 1 s: within --timeout 2 per attempt."""
    calls = {"n": 0}
    body = completion("Hallo")

    def reply(segment: str) -> Reply:
        calls["n"] += 1
        if calls["n"] <= 2:
            return 503, {"Content-Type": "application/json", "Retry-After": "1"}, [b'{"error": "busy"}'], 0.0
        return 200, JSON, [body[i:i + 10] for i in range(0, len(body), 10)], 1.0 / (len(body) / 10)

    with RawServer(reply) as server:
        engine = engine_for(server, timeout=2, retries=2)
        assert engine.translate(["Hello"], "en", "de") == ["Hallo"]
    assert calls["n"] == 3


def test_an_answer_of_control_characters_only_is_empty_and_not_cached(tmp_path):
    texts = ["Hello"]
    with RawServer(lambda segment: ok("\x00\x01\x1b ")) as server:
        engine = engine_for(server)
        cache = SegmentCache.for_run(engine, "dt", "en-de", texts, tmp_path)
        with pytest.raises(TagmtError, match="empty content 3 times"):
            translate_segments(engine, texts, "en", "de", cache=cache, progress=QUIET)
    assert cache.load() == {}


def test_timeout_bounds_a_server_that_trickles_its_headers_too():
    """A raw socket server writing its whole response — status line and headers included — a byte every 0.2 s."""
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    body = completion("Hallo")
    response = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: " + b"p" * 200 +
                b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.recv(65536)
                for i in range(len(response)):
                    if stop.is_set():
                        break
                    try:
                        conn.sendall(response[i:i + 1])
                    except OSError:
                        break
                    time.sleep(0.2)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        engine = load_engine("openai:m", llm=LLMOptions(api_base=f"http://127.0.0.1:{listener.getsockname()[1]}/v1",
                                                       retries=0, timeout=2, concurrency=1))
        start = time.monotonic()
        with pytest.raises(TagmtError, match="did not answer within 2 s"):
            engine.translate(["Hello"], "en", "de")
        assert time.monotonic() - start < 6
    finally:
        stop.set()
        listener.close()


def test_empty_translations_in_an_old_cache_are_asked_again(tmp_path):
    """A cache written before empty answers were refused holds "" for a segment: a rerun sends it again."""
    texts = ["Hello", "World"]
    with RawServer(lambda segment: ok("DE " + segment)) as server:
        engine = engine_for(server)
        cache = SegmentCache.for_run(engine, "dt", "en-de", texts, tmp_path)
        cache.append({"Hello": "", "World": "DE World"})
        assert translate_segments(engine, texts, "en", "de", cache=cache, progress=QUIET) == ["DE Hello", "DE World"]
        assert server.requests == ["Hello"]
