"""Requests per second of the LLM engine (``openai:NAME``) at concurrency 1, 4 and 16, against
``transformers serve`` on the tiny random chat model of ``tagmt.testing.tiny_chat``, and what document
mode does with a 30-segment DITA document.

The model has one layer and random weights, so the figures measure the client, the HTTP round trip and
the server's own per-request and per-token overhead, not a real model's compute; every request asks for
``--max-new-tokens`` tokens (a random model never stops by itself). Segments: the first ``--limit`` lines of
../shared/eurlex-dev/dev-glossary.en when present, else the bundled sample's English segments. Each
concurrency runs on fresh inputs (a numbered prefix), so no cache or server-side reuse helps.

Usage:  python benchmarks/bench_llm.py [--limit 64] [--max-new-tokens 16] [--concurrency 1 4 16]
        [--continuous-batching]   (the server batches concurrent requests; without it, it runs them one by one)
        [--api-base URL --model NAME]   (an already running server instead of the tiny one)
        [--quick]   (8 segments, concurrency 1 and 4, 4 tokens, no document mode: a smoke run)

The last line is the ratio of requests per second at the highest concurrency over concurrency 1.
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
import time
from pathlib import Path

from tagmt.engines import LLMOptions, load_engine
from tagmt.testing.tiny_chat import build_tiny_chat, dita_document, served

GLOSSARY = Path(__file__).resolve().parent.parent.parent / "shared" / "eurlex-dev" / "dev-glossary.en"


def segments(limit: int) -> list[str]:
    if GLOSSARY.is_file():
        return GLOSSARY.read_text(encoding="utf-8").splitlines()[:limit]
    from tagmt.data.dataset import open_dataset
    from tagmt.data.views import segment_lines

    return segment_lines(open_dataset(None), None, "en-ja", "tagged", "source")[:limit]


def requests_per_second(model: str, base: str, texts: list[str], concurrency: int, max_tokens: int) -> tuple[float, float]:
    engine = load_engine(model, llm=LLMOptions(api_base=base, concurrency=concurrency, max_new_tokens=max_tokens))
    start = time.perf_counter()
    engine.translate(texts, "en", "de")
    seconds = time.perf_counter() - start
    return len(texts) / seconds, engine.stats.completion_tokens / seconds


def document_mode(model: str, base: str, max_tokens: int) -> None:
    from tagmt.translation.documents import chunk_budget, chunk_document, score_translated_documents, translate_documents
    from tagmt.translation.options import RunOptions

    doc = dita_document(30)
    print(f"\ndocument mode, one DITA concept of 30 segments ({len(doc)} characters):")
    for max_context in (8192, 4096, 2048, 1024):
        engine = load_engine(model, llm=LLMOptions(api_base=base, concurrency=4), approach="document")
        budget = chunk_budget(engine, max_context, "en", "ja")
        chunks = chunk_document(doc, budget).chunks
        print(f"  --max-context {max_context:5d}: chunk budget {budget:4d} tokens -> {len(chunks)} chunk(s)")
    engine = load_engine(model, llm=LLMOptions(api_base=base, concurrency=4, max_new_tokens=max_tokens),
                         approach="document")
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        run = translate_documents(engine, [("c1", doc)], "en", "ja", max_context=1024,
                                  run=RunOptions(cache, progress=False))
        seconds = time.perf_counter() - start
    scores = score_translated_documents(run.translations, [doc])
    print(f"  translated at --max-context 1024 --max-new-tokens {max_tokens}: {run.chunks[0]} chunks, "
          f"{engine.stats.requests} requests in {seconds:.1f} s, well-formed: {run.well_formed[0]}, "
          f"XATER {scores['xater']['score']:.1f}, validity {scores['validity']['score']:.1f} "
          "(against the source itself: a random model's output is not XML)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=64, help="segments per concurrency level (default 64)")
    parser.add_argument("--max-new-tokens", dest="max_tokens", type=int, default=16, help="tokens asked per request (default 16)")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--continuous-batching", action="store_true",
                        help="start the tiny server with --continuous-batching (requests batched together)")
    parser.add_argument("--api-base", help="a running OpenAI-compatible server (default: start the tiny one)")
    parser.add_argument("--model", help="the model name on --api-base")
    parser.add_argument("--quick", action="store_true", help="8 segments, concurrency 1 and 4, 4 tokens")
    args = parser.parse_args()
    if args.quick:
        args.limit, args.concurrency, args.max_tokens = 8, [1, 4], 4

    texts = segments(args.limit)
    with contextlib.ExitStack() as stack:
        if args.api_base:
            base, model = args.api_base, f"openai:{args.model}"
        else:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="tiny-chat-")))
            build_tiny_chat(folder)
            start = time.perf_counter()
            extra = ["--continuous-batching"] if args.continuous_batching else []
            base = stack.enter_context(served(folder, extra_args=extra))
            print(f"transformers serve on the tiny chat model answered after {time.perf_counter() - start:.1f} s")
            model = f"openai:{folder}"
        requests_per_second(model, base, texts[:4], 1, args.max_tokens)  # warm-up
        print(f"{len(texts)} segments, {args.max_tokens} tokens each, {base}")
        print("concurrency  requests/s  tokens/s")
        rates = {}
        for level in args.concurrency:
            marked = [f"[{level}] {t}" for t in texts]
            rps, tps = requests_per_second(model, base, marked, level, args.max_tokens)
            rates[level] = rps
            print(f"{level:11d}  {rps:10.2f}  {tps:8.1f}")
        if not args.quick:
            document_mode(model, base, args.max_tokens)
        low, high = min(rates), max(rates)
        print(f"ratio requests/s at concurrency {high}/{low}: {rates[high] / rates[low]:.2f}")


if __name__ == "__main__":
    main()
