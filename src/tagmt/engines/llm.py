"""Chat LLMs behind any OpenAI-compatible server (vLLM, llama.cpp's server, ``transformers serve``,
hosted APIs), through the official ``openai`` client: ``--model openai:NAME``.

Each segment is one chat request (``tagmt.engines.prompts``: system message, few-shot turns, the segment)
at temperature 0 unless told otherwise; the answer is cleaned of chatter (``tagmt.engines.cleaning``).
A batch's segments are sent ``concurrency`` at a time from a thread pool (the client is thread-safe).
Retries and timeouts are the client's own (``max_retries``: exponential backoff with jitter on
connection errors, 408, 409, 429 and 5xx, honouring ``Retry-After``) — the official client's tested
policy rather than a second one of ours. A request that still fails stops the batch: requests not yet
sent are cancelled, those in flight finish, and :class:`PartialBatchError` carries the finished outputs
so that the run caches them before the command exits with one line.

The output budget of a request is ``OUTPUT_FACTOR`` × the segment's estimated tokens + ``OUTPUT_EXTRA``
(``--max-new-tokens`` replaces it): enough for any translation of the segment (CJK ↔ Latin token ratios stay
under 2), short enough that a model which never stops costs little.
"""

from __future__ import annotations

import math
import os
import re
import threading
import unicodedata
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tagmt.engines.base import Engine, PartialBatchError
from tagmt.engines.cleaning import clean_output
from tagmt.engines.prompts import DEFAULT_SHOTS, Prompt, load_prompt, select_examples
from tagmt.errors import TagmtError, require
from tagmt.markup import strip as strip_markup

PREFIX = "openai:"
OUTPUT_FACTOR = 2.0
OUTPUT_EXTRA = 64
#: What local servers get as the API key when OPENAI_API_KEY is unset (they ignore it; the client needs one).
NO_KEY = "none"


def estimate_tokens(text: str) -> int:
    """A conservative token count without the server's tokenizer: one token per CJK, kana or hangul
    character, one per 3 other characters (BPE vocabularies average about 4 for Latin text)."""
    wide = sum(1 for ch in text if unicodedata.east_asian_width(ch) in "WF")
    return wide + math.ceil((len(text) - wide) / 3)


@dataclass(frozen=True)
class LLMOptions:
    """How to reach the server and how to ask: what ``tagmt translate`` and ``reproduce`` pass on."""

    api_base: str | None = None
    prompt: str | Path | None = None
    examples: tuple[tuple[str, str], ...] = ()
    shots: int = DEFAULT_SHOTS
    concurrency: int = 4
    timeout: float = 300.0
    retries: int = 4
    temperature: float = 0.0
    seed: int | None = None
    max_new_tokens: int | None = None

    def check(self) -> None:
        if self.concurrency < 1:
            raise TagmtError(f"--concurrency must be at least 1, not {self.concurrency}")
        if self.retries < 0:
            raise TagmtError(f"--retries must be 0 or more, not {self.retries}")
        if not self.timeout > 0:
            raise TagmtError(f"--timeout must be a positive number of seconds, not {self.timeout}")
        if not 0 <= self.temperature <= 2:
            raise TagmtError(f"--temperature must be between 0 and 2, not {self.temperature}")
        if self.max_new_tokens is not None and self.max_new_tokens < 1:
            raise TagmtError(f"--max-new-tokens must be at least 1, not {self.max_new_tokens}")
        if self.shots < 0:
            raise TagmtError(f"--shots must be 0 or more, not {self.shots}")


@dataclass
class LLMStats:
    """What the requests of a run did (shared by the engine's approach views; thread-safe)."""

    requests: int = 0
    truncated: int = 0
    empty: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, *, truncated: bool, empty: bool, prompt_tokens: int, completion_tokens: int) -> None:
        with self._lock:
            self.requests += 1
            self.truncated += truncated
            self.empty += empty
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens

    def as_dict(self) -> dict[str, int]:
        return {"requests": self.requests, "truncated": self.truncated, "empty": self.empty,
                "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens}


def public_url(url: str) -> str:
    """``url`` without user name, password, query or fragment: what may be written into a record."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path.rstrip("/"), "", ""))


class OpenAIEngine(Engine):
    """A chat model behind an OpenAI-compatible ``/chat/completions`` endpoint."""

    cacheable = True

    def __init__(self, model: str, client: Any, options: LLMOptions, prompt: Prompt,
                 stats: LLMStats | None = None) -> None:
        self.model = model
        self.name = PREFIX + model
        self.client = client
        self.options = options
        self.prompt = prompt
        self.stats = stats if stats is not None else LLMStats()
        self.api_base = public_url(str(client.base_url))
        # Enough segments per batch to keep every connection busy between the run's cache writes.
        self.batch_size = max(16, 4 * options.concurrency)

    @property
    def identity(self) -> str:
        return f"{self.name}@{self.api_base}"

    def settings(self) -> dict[str, Any]:
        o = self.options
        return {
            "prompt": self.prompt.digest,
            "prompt_kind": self.prompt.kind,
            "temperature": o.temperature,
            "seed": o.seed,
            "max_tokens": o.max_new_tokens if o.max_new_tokens is not None else f"{OUTPUT_FACTOR:g}x+{OUTPUT_EXTRA}",
        }

    def for_approach(self, approach: str) -> "OpenAIEngine":
        if approach == self.prompt.kind:
            return self
        prompt = load_prompt(self.options.prompt, approach)
        prompt = prompt.with_examples(select_examples(self.options.examples, self.options.shots, approach))
        return OpenAIEngine(self.model, self.client, self.options, prompt, self.stats)

    def record(self) -> dict[str, Any]:
        """What a run record says about the engine (never the API key)."""
        o = self.options
        return {
            "model": self.name,
            "api_base": self.api_base,
            "prompt": {"kind": self.prompt.kind, "sha256_16": self.prompt.digest, "source": self.prompt.origin,
                       "examples": len(self.prompt.examples)},
            "temperature": o.temperature,
            "seed": o.seed,
            "max_tokens": self.settings()["max_tokens"],
            "concurrency": o.concurrency,
            "timeout": o.timeout,
            "retries": o.retries,
            "requests": self.stats.as_dict(),
        }

    def budget(self, text: str) -> int:
        """The output token budget of one request for ``text``."""
        if self.options.max_new_tokens is not None:
            return self.options.max_new_tokens
        return int(OUTPUT_FACTOR * estimate_tokens(text)) + OUTPUT_EXTRA

    def prompt_tokens(self, src_lang: str, trg_lang: str) -> int:
        """Estimated tokens of a request besides its segment (system message, examples, template)."""
        return sum(estimate_tokens(m["content"]) + 4 for m in self.prompt.messages("", src_lang, trg_lang))

    def translate(self, texts: list[str], src_lang: str, trg_lang: str) -> list[str]:
        outputs = [""] * len(texts)
        todo = [i for i, text in enumerate(texts) if text.strip()]
        if not todo:
            return outputs
        done: set[int] = set()
        failure: BaseException | None = None
        pool = ThreadPoolExecutor(max_workers=min(self.options.concurrency, len(todo)),
                                  thread_name_prefix="tagmt-llm")
        try:
            futures = {pool.submit(self._request, texts[i], src_lang, trg_lang): i for i in todo}
            finished, _ = wait(futures, return_when=FIRST_EXCEPTION)
            failure = next((f.exception() for f in finished if f.exception() is not None), None)
            if failure is not None:
                for future in futures:
                    future.cancel()
                finished, _ = wait(futures)  # what was in flight finishes; the rest was cancelled
            for future in finished:
                if not future.cancelled() and future.exception() is None:
                    outputs[futures[future]] = future.result()
                    done.add(futures[future])
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        if failure is not None:
            openai = require("openai", "llm", "translating with an OpenAI-compatible server")
            if not isinstance(failure, (openai.OpenAIError, TagmtError)):
                raise failure  # a bug, not the server: keep its traceback
            raise PartialBatchError(self._explain(failure), {i: outputs[i] for i in done}) from None
        return outputs

    def _request(self, text: str, src_lang: str, trg_lang: str) -> str:
        extra: dict[str, Any] = {}
        if self.options.seed is not None:
            extra["seed"] = self.options.seed
        response = self.client.chat.completions.create(
            model=self.model,
            messages=self.prompt.messages(text, src_lang, trg_lang),
            temperature=self.options.temperature,
            max_tokens=self.budget(text),
            **extra,
        )
        choice = response.choices[0] if response.choices else None
        content = (choice.message.content or "") if choice is not None else ""
        output = clean_output(content, text, trg_lang)
        if self.prompt.kind == "dp":
            # DP projects the source's tags onto this text: tags the model wrote anyway must not stay.
            output = strip_markup(output)
        usage = getattr(response, "usage", None)
        self.stats.add(
            truncated=choice is not None and choice.finish_reason == "length",
            empty=not output.strip(),
            prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
            completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
        )
        return output

    def _explain(self, exc: BaseException) -> str:
        """One line for a request that failed after the client's retries."""
        openai = require("openai", "llm", "translating with an OpenAI-compatible server")
        where = f"the OpenAI-compatible server at {self.api_base}"
        retries = f"after {self.options.retries} {'retry' if self.options.retries == 1 else 'retries'}"
        if isinstance(exc, openai.APITimeoutError):
            why = (f"{where} did not answer within {self.options.timeout:g} s ({retries}); raise --timeout "
                   "or lower --concurrency")
        elif isinstance(exc, openai.APIConnectionError):
            cause = _one_line(str(exc.__cause__ or exc))
            why = (f"cannot reach {where} ({cause}) {retries}; start the server, or point --api-base "
                   "(or OPENAI_BASE_URL) at a running one")
        elif isinstance(exc, (openai.AuthenticationError, openai.PermissionDeniedError)):
            why = f"{where} refused the request (HTTP {exc.status_code}: {_detail(exc)}); set OPENAI_API_KEY"
        elif isinstance(exc, openai.NotFoundError):
            why = (f"{where} has no model {self.model!r} or no /chat/completions endpoint "
                   f"(HTTP 404: {_detail(exc)}); check the name after openai: and the --api-base path (…/v1)")
        elif isinstance(exc, openai.RateLimitError):
            why = f"{where} still refuses with HTTP 429 (rate limit) {retries}; lower --concurrency or raise --retries"
        elif isinstance(exc, openai.APIStatusError):
            why = f"{where} answered HTTP {exc.status_code} for model {self.model!r}: {_detail(exc)}"
        elif isinstance(exc, TagmtError):
            return str(exc)
        else:
            why = f"a request to {where} failed: {_one_line(str(exc))}"
        return why + "; finished segments are cached, and the same command resumes after them"


def _one_line(text: str, limit: int = 200) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _detail(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") or inner.get("detail") if isinstance(inner, dict) else inner
        if message:
            return _one_line(str(message))
    return _one_line(getattr(exc, "message", "") or str(exc))


def split_model(model: str) -> str | None:
    """``openai:NAME`` → ``NAME``; anything else → None."""
    if not model.startswith(PREFIX):
        return None
    name = model[len(PREFIX):]
    if not name.strip():
        raise TagmtError("openai: needs a model name, e.g. --model openai:gpt-4o-mini or openai:/models/qwen")
    return name


def load_llm(name: str, options: LLMOptions | None = None, approach: str = "dt") -> OpenAIEngine:
    """An engine for model ``name`` on the server at ``options.api_base`` (else ``$OPENAI_BASE_URL``,
    else the openai client's default), set up for ``approach``. No request is sent until it translates."""
    options = options or LLMOptions()
    options.check()
    openai = require("openai", "llm", "translating with an OpenAI-compatible server")
    base = options.api_base or os.environ.get("OPENAI_BASE_URL") or None
    if base is not None and urlsplit(base).scheme not in ("http", "https"):
        raise TagmtError(f"--api-base {base!r} is not an http(s) URL; give e.g. http://localhost:8000/v1")
    client = openai.OpenAI(
        base_url=base,
        api_key=os.environ.get("OPENAI_API_KEY") or NO_KEY,
        timeout=options.timeout,
        max_retries=options.retries,
    )
    prompt = load_prompt(options.prompt, approach)
    prompt = prompt.with_examples(select_examples(options.examples, options.shots, approach))
    return OpenAIEngine(name, client, options, prompt)


__all__ = ["LLMOptions", "LLMStats", "OpenAIEngine", "estimate_tokens", "load_llm", "public_url", "split_model"]
