"""The LLM engine against a real model server: ``transformers serve`` started here on a tiny random chat
model that the test builds (tagmt.testing.tiny_chat). The model writes garbage — which is the point:
DP must still give every line exactly its source's tags, DT must still write one line per segment, and a
server that goes away must end the command with one line (exit 2) while finished segments stay cached.
Requests ask for 8 tokens: a random model never stops by itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagmt.testing.tiny_chat import build_tiny_chat, served, serving_available

_why_not = serving_available()
pytestmark = [
    pytest.mark.skipif(_why_not is not None, reason=f"transformers serve cannot run: {_why_not}"),
]

GLOSSARY_LINES = 40


@pytest.fixture(scope="module")
def tiny_chat_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_chat(tmp_path_factory.mktemp("tiny-chat"))


@pytest.fixture(scope="module")
def chat_server(tiny_chat_dir: Path):
    with served(tiny_chat_dir) as base:
        yield base


def _glossary(eurlex_dev: Path):
    from tagmt.data.views import ParallelSegment

    sources = (eurlex_dev / "dev-glossary.en").read_text(encoding="utf-8").splitlines()[:GLOSSARY_LINES]
    targets = (eurlex_dev / "dev-glossary.de").read_text(encoding="utf-8").splitlines()[:GLOSSARY_LINES]
    return [ParallelSegment(0, str(i), s, t) for i, (s, t) in enumerate(zip(sources, targets))]


def _engine(tiny_chat_dir: Path, base: str, **options):
    from tagmt.engines import LLMOptions, load_engine

    return load_engine(f"openai:{tiny_chat_dir}", llm=LLMOptions(api_base=base, max_new_tokens=8, retries=1,
                                                                  **options))


def test_dp_over_glossary_lines_keeps_exactly_the_source_tags(tiny_chat_dir, chat_server, eurlex_dev, tmp_path):
    pytest.importorskip("eflomal")
    from tagmt.data.directions import Direction
    from tagmt.projection.align import get_aligner
    from tagmt.translation.options import RunOptions
    from tagmt.translation.pipelines import translate_parallel
    from tagmt.translation.repair import tags_match
    from tagmt.corpus.lines import write_lines

    segments = _glossary(eurlex_dev)
    engine = _engine(tiny_chat_dir, chat_server, concurrency=4)
    lines, _ = translate_parallel(engine, segments, Direction("en", "de"), "dp", aligner=get_aligner("eflomal"),
                                  run=RunOptions(tmp_path / "cache", progress=False))
    written = write_lines(tmp_path / "dp.de", lines).read_text(encoding="utf-8").splitlines()
    assert len(written) == GLOSSARY_LINES
    assert all(tags_match(s.source, line) for s, line in zip(segments, written))
    assert engine.stats.requests == len({s.source for s in segments})


def test_dt_over_glossary_lines_writes_one_line_each(tiny_chat_dir, chat_server, eurlex_dev, tmp_path):
    from tagmt.data.directions import Direction
    from tagmt.translation.options import RunOptions
    from tagmt.translation.pipelines import translate_parallel
    from tagmt.corpus.lines import write_lines

    segments = _glossary(eurlex_dev)
    engine = _engine(tiny_chat_dir, chat_server, concurrency=4, seed=1)
    lines, report = translate_parallel(engine, segments, Direction("en", "de"), "dt",
                                       run=RunOptions(tmp_path / "cache", progress=False))
    written = write_lines(tmp_path / "dt.de", lines).read_text(encoding="utf-8").splitlines()
    assert len(written) == GLOSSARY_LINES
    assert engine.stats.truncated == engine.stats.requests > 0  # the random model never stops by itself
    assert report.segments == GLOSSARY_LINES and len(report.mismatched) <= GLOSSARY_LINES


def test_document_mode_on_a_30_segment_document(tiny_chat_dir, chat_server, tmp_path):
    from tagmt.testing.tiny_chat import dita_document
    from tagmt.translation.documents import score_translated_documents, translate_documents
    from tagmt.translation.options import RunOptions

    engine = _engine(tiny_chat_dir, chat_server, concurrency=4)
    doc = dita_document(30)
    run = translate_documents(engine, [("c1", doc)], "en", "ja", max_context=600,
                              run=RunOptions(tmp_path, progress=False))
    assert run.chunks[0] > 1 and engine.stats.requests == run.chunks[0]
    assert run.translations[0].startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE concept')
    scores = score_translated_documents(run.translations, [doc])
    assert {"xater", "validity"} <= set(scores) and 0 <= scores["xater"]["score"] <= 100


def test_cli_against_the_server_then_without_it(tiny_chat_dir, tmp_path, capsys):
    """DT on a tiny data set through the CLI; the server stops; a new run exits 2 with one line, and the
    finished run is still served from its cache."""
    from tagmt.cli import main
    from tagmt.testing.tiny_xliff import write_tiny_dataset

    data = write_tiny_dataset(tmp_path / "data")
    with served(tiny_chat_dir) as base:
        first = ["translate", "--approach", "dt", "--pair", "en-ja", "--model", f"openai:{tiny_chat_dir}",
                 "--api-base", base, "--max-new-tokens", "8", "--retries", "1", "--data", str(data),
                 "-o", str(tmp_path / "dt.ja")]
        assert main(first) == 0
    lines = (tmp_path / "dt.ja").read_text(encoding="utf-8").splitlines()
    capsys.readouterr()

    second = [*first[:4], "en-ko", *first[5:-1], str(tmp_path / "dt.ko")]
    assert main(second) == 2
    err = capsys.readouterr().err
    assert err.startswith("tagmt: error: cannot reach the OpenAI-compatible server at http://127.0.0.1:")
    assert err.count("\n") == 1 and "Traceback" not in err and not (tmp_path / "dt.ko").exists()

    assert main(first) == 0  # every segment comes from the cache: no server needed
    assert (tmp_path / "dt.ja").read_text(encoding="utf-8").splitlines() == lines
