"""Issue 33 item 7: a long run survives one bad segment. A local OpenAI-compatible server (http.server on
127.0.0.1, the real ``openai`` client and real HTTP) answers every request well except one segment's, for
which it keeps answering empty or malformed content. ``--on-engine-failure skip`` finishes the run with that
segment untranslated (XLIFF: no target; a line file: an empty line), lists it on stderr and in the run
record, and exits 3; the default stops, resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("openai", reason="the LLM engine needs the llm extra: pip install \"tagmt[llm]\"")

import tagmt
import tagmt.api
from tagmt.cli import main
from tagmt.engines.base import Engine, PartialBatchError
from tagmt.errors import TagmtError
from tagmt.translation.runs import MOST_FAILURES_IN_A_ROW, translate_segments

from test_llm import ScriptedServer, chat_answer, user_text

POISON = "poison"


class FailingServer(ScriptedServer):
    """Answers ``DE <segment>`` to every chat request, except a segment holding ``POISON``: empty content
    (``mode="empty"``), a body that is not JSON (``"malformed"``) or HTTP 500 (``"500"``); ``"fixed"`` answers it
    too. ``sent``: the segments asked for, in order."""

    def __init__(self, mode: str = "empty", poison: str = POISON) -> None:
        self.mode, self.poison = mode, poison
        super().__init__(self._answer)

    @property
    def sent(self) -> list[str]:
        with self.lock:
            return [user_text(body) for body in self.bodies]

    def _answer(self, body: dict) -> tuple[int, dict | bytes]:
        text = user_text(body)
        if self.poison not in text or self.mode == "fixed":
            return 200, chat_answer(f"DE {text}")
        if self.mode == "malformed":
            return 200, b'{"choices": [{"message": '
        return (500, chat_answer(f"DE {text}")) if self.mode == "500" else (200, chat_answer(""))


LINES = [f"Line {k} with <b>bold</b> text." for k in range(8)]
LINES[5] = f"The {POISON} line <b>here</b>."


def _translate(server: FailingServer, input: Path, output: Path, *extra: str) -> int:
    return main(["translate", "--input", str(input), "--src-lang", "en", "--trg-lang", "de", "--approach", "dt",
                 "--model", "openai:m", "--api-base", server.base, "--retries", "0", "--concurrency", "2",
                 "-o", str(output), *extra])


@pytest.mark.parametrize("mode", ["empty", "malformed", "500"])
def test_skip_leaves_an_empty_line_lists_it_and_exits_3(tmp_path, capsys, mode):
    source = tmp_path / "in.en"
    source.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    out = tmp_path / "out.de"
    with FailingServer(mode) as server:
        code = _translate(server, source, out, "--on-engine-failure", "skip")
    err = capsys.readouterr().err
    assert code == 3, err
    lines = out.read_text(encoding="utf-8").split("\n")[:-1]
    assert len(lines) == len(LINES) and lines[5] == ""
    assert all(line == f"DE {src}" for k, (line, src) in enumerate(zip(lines, LINES)) if k != 5)
    assert "kept failing on 1 segment" in err and f"{out}:6" in err
    record = json.loads((tmp_path / "out.de.run.json").read_text(encoding="utf-8"))
    (skipped,) = record["skipped"]
    assert skipped["where"] == f"{out}:6" and skipped["reason"]
    assert record["tags"]["tag_mismatches"] == 0  # untranslated is not mistagged


def test_skip_writes_no_target_in_xliff(tmp_path, capsys):
    coded = [text.replace("<b>", '<g id="1">').replace("</b>", "</g>") for text in LINES]
    units = "".join(f'<trans-unit id="u{k}"><source>{text}</source></trans-unit>' for k, text in enumerate(coded))
    source = tmp_path / "doc.xlf"
    source.write_text('<?xml version="1.0"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">'
                      '<file original="x" source-language="en" target-language="de" datatype="plaintext"><body>'
                      f"{units}</body></file></xliff>", encoding="utf-8")
    out = tmp_path / "doc.de.xlf"
    with FailingServer("empty") as server:
        code = main(["translate", "--input", str(source), "--approach", "dt", "--model", "openai:m",
                     "--api-base", server.base, "--retries", "0", "--on-engine-failure", "skip", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 3, err
    done = tagmt.read(out)
    targets = {s.id: s.target for s in done.segments}
    assert targets["u5"] is None and all(targets[f"u{k}"] for k in range(8) if k != 5)
    assert "segment u5" in err and "wrote 7 of 8 segments" in err
    record = json.loads((tmp_path / "doc.de.xlf.run.json").read_text(encoding="utf-8"))
    assert [s["id"] for s in record["skipped"]] == ["u5"]


def test_dp_skips_the_projection_of_a_skipped_segment(tmp_path, capsys):
    pytest.importorskip("eflomal")
    source = tmp_path / "in.en"
    source.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    out = tmp_path / "out.de"
    with FailingServer("empty") as server:
        code = _translate(server, source, out, "--on-engine-failure", "skip", "--approach", "dp",
                          "--aligner", "eflomal")
    assert code == 3, capsys.readouterr().err
    lines = out.read_text(encoding="utf-8").split("\n")[:-1]
    assert lines[5] == ""  # no tags projected onto nothing
    assert all("<b>" in line and "</b>" in line for k, line in enumerate(lines) if k != 5)


def test_a_data_set_pair_skips_too(tmp_path, capsys, sample_data):
    out = tmp_path / "out.ja"
    with FailingServer("empty", poison="You can use this app") as server:
        code = main(["translate", "--pair", "en-ja", "--data", str(sample_data), "--approach", "dt",
                     "--model", "openai:m", "--api-base", server.base, "--retries", "0", "--concurrency", "4",
                     "--on-engine-failure", "skip", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == 3, err
    lines = out.read_text(encoding="utf-8").split("\n")[:-1]
    record = json.loads((tmp_path / "out.ja.run.json").read_text(encoding="utf-8"))
    assert all(s["where"].startswith(f"{out}:") for s in record["skipped"])
    skipped = [int(s["where"][len(str(out)) + 1:].split()[0]) for s in record["skipped"]]
    assert skipped and all(lines[n - 1] == "" for n in skipped)
    assert sum(1 for line in lines if line) == len(lines) - len(skipped)
    assert f"{out}:{skipped[0]}" in err and f"wrote {len(lines) - len(skipped)} of {len(lines)} segments" in err


def test_the_default_stops_and_resumes(tmp_path, capsys):
    source = tmp_path / "in.en"
    source.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    out = tmp_path / "out.de"
    with FailingServer("empty") as server:
        assert _translate(server, source, out, "--concurrency", "1") == 2
        assert "resumes" in capsys.readouterr().err and not out.exists()
        server.mode = "fixed"
        before = len(server.sent)
        assert _translate(server, source, out) == 0
        resent = server.sent[before:]
    assert out.read_text(encoding="utf-8").splitlines()[5] == f"DE {LINES[5]}"
    assert any(POISON in text for text in resent) and len(resent) < len(LINES)  # finished ones were cached


def test_the_api_skips_too(tmp_path):
    with FailingServer("empty") as server:
        with pytest.warns(tagmt.api.EngineFailureWarning, match="1 segment"):
            outputs = tagmt.translate(LINES, src_lang="en", trg_lang="de", model="openai:m", llm=_llm(server),
                                      on_engine_failure="skip", cache_dir=tmp_path)
        assert outputs[5] == "" and outputs[0] == f"DE {LINES[0]}"
        with pytest.raises(TagmtError, match="resumes"):
            tagmt.translate(LINES, src_lang="en", trg_lang="de", model="openai:m", llm=_llm(server),
                            cache_dir=tmp_path / "other")


def test_the_api_file_run_lists_what_it_skipped(tmp_path):
    source = tmp_path / "in.en"
    source.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    with FailingServer("empty") as server:
        run = tagmt.translate(source, tmp_path / "out.de", src_lang="en", trg_lang="de", model="openai:m",
                              llm=_llm(server), on_engine_failure="skip", cache_dir=tmp_path / "c")
    assert list(run.skipped) == [5] and run.written == len(LINES) - 1
    assert run.skipped_records()[0]["where"] == f"{tmp_path / 'out.de'}:6"


def _llm(server: FailingServer):
    from tagmt.engines import LLMOptions

    return LLMOptions(api_base=server.base, retries=0, timeout=10)


class Flaky(Engine):
    """Fails by itself on every input in ``bad`` (or, with ``down``, as a server that is not there)."""

    name = engine_name = "flaky"
    cacheable = True
    batch_size = 4

    def __init__(self, bad: set[str], down: bool = False) -> None:
        self.bad, self.down = bad, down

    def translate(self, texts, src_lang, trg_lang):
        finished = {i: f"T {t}" for i, t in enumerate(texts) if t not in self.bad}
        failed = {} if self.down else {i: "empty answer" for i, t in enumerate(texts) if t in self.bad}
        if len(finished) < len(texts):
            raise PartialBatchError("stopped", finished, failed)
        return [finished[i] for i in range(len(texts))]


def test_runs_skip_only_what_failed_by_itself():
    texts = [f"s{k}" for k in range(10)] + ["s3"]  # a repeated input is skipped at both places
    skipped: dict[str, str] = {}
    out = translate_segments(Flaky({"s3", "s7"}), texts, "en", "de", skipped=skipped)
    assert out == [("" if t in ("s3", "s7") else f"T {t}") for t in texts]
    assert skipped == {"s3": "empty answer", "s7": "empty answer"}
    with pytest.raises(PartialBatchError):  # without skip: stop
        translate_segments(Flaky({"s3"}), texts, "en", "de")
    with pytest.raises(PartialBatchError):  # the server is down: nothing to skip
        translate_segments(Flaky({"s3"}, down=True), texts, "en", "de", skipped={})


def test_a_server_failing_on_everything_is_not_skipped():
    texts = [f"s{k}" for k in range(MOST_FAILURES_IN_A_ROW + 5)]
    with pytest.raises(TagmtError, match="in a row"):
        translate_segments(Flaky(set(texts)), texts, "en", "de", skipped={})


def test_document_mode_refuses_skip(tmp_path, capsys, sample_data):
    code = main(["translate", "--pair", "en-ja", "--unit", "document", "--model", "openai:m", "--approach", "dt",
                 "--api-base", "http://127.0.0.1:9/v1", "--on-engine-failure", "skip", "-o", str(tmp_path / "d")])
    assert code == 2 and "--on-engine-failure skip is for --unit segment" in capsys.readouterr().err


def test_run_options_refuse_an_unknown_policy():
    from tagmt.translation.options import RunOptions

    with pytest.raises(TagmtError, match="stop or skip"):
        RunOptions(on_engine_failure="ignore")
    assert RunOptions().on_engine_failure == "stop"


def test_a_skipped_segment_is_asked_again_by_the_next_run(tmp_path, capsys):
    source = tmp_path / "in.en"
    source.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    out = tmp_path / "out.de"
    with FailingServer("empty") as server:
        assert _translate(server, source, out, "--on-engine-failure", "skip") == 3
        server.mode = "fixed"
        before = len(server.sent)
        assert _translate(server, source, out, "--on-engine-failure", "skip") == 0
        again = server.sent[before:]
    assert len(again) == 1 and POISON in again[0]  # the others came from the run cache
    assert out.read_text(encoding="utf-8").splitlines()[5] == f"DE {LINES[5]}"
    assert "skipped" not in json.loads((tmp_path / "out.de.run.json").read_text(encoding="utf-8"))
