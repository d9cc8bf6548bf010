"""Chat LLMs behind any OpenAI-compatible server (vLLM, llama.cpp's server, ``transformers serve``,
hosted APIs), through the official ``openai`` client: ``--model openai:NAME``.

Each segment is one chat request (``tagmt.engines.prompts``: system message, few-shot turns, the segment)
at temperature 0 unless told otherwise; the answer is cleaned of chatter (``tagmt.engines.cleaning``).
A batch's segments are sent ``concurrency`` at a time from a thread pool (the client is thread-safe).
Retries and connection timeouts are the client's own (``max_retries``: exponential backoff with jitter on
connection errors, 408, 409, 429 and 5xx, honouring ``Retry-After``) — the official client's tested
policy rather than a second one of ours. A request that still fails stops the batch: requests not yet
sent are cancelled, those in flight finish, and :class:`PartialBatchError` carries the finished outputs
so that the run caches them before the command exits with one line.

The output budget of a request is ``OUTPUT_FACTOR`` × the segment's estimated tokens + ``OUTPUT_EXTRA``
(``--max-new-tokens`` replaces it): enough for any translation of the segment (CJK ↔ Latin token ratios stay
under 2), short enough that a model which never stops costs little.

The server is untrusted: tagmt reads each answer's HTTP body itself (``read_completion``) rather than
through the client's parser, so that anything but a chat completion — an event stream, bytes that are
not UTF-8, HTML, cut or malformed JSON, ``choices`` that is not a list — is one line naming what was sent
(:class:`BadAnswer`), the body is read within ``--timeout`` in all (the client's timeout is per read) and
up to a size bound, empty answers are asked again and never cached, and characters no output may hold
(controls, lone surrogates, U+FFFE/U+FFFF) are removed and counted. docs/safety.md lists the promises.
"""

from __future__ import annotations

import math
import os
import json
import re
import sys
import threading
import time
import unicodedata
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from tagmt.engines import deadline
from tagmt.engines.base import Engine, PartialBatchError
from tagmt.engines.cleaning import clean_output
from tagmt.engines.prompts import DEFAULT_SHOTS, Prompt, load_prompt, select_examples
from tagmt.errors import TagmtError, require
from tagmt.markup import strip as strip_markup
from tagmt.markup import tokenize
from tagmt.registry import Needs, Option
from tagmt.secrets import redact_text, redact_url

PREFIX = "openai:"
OUTPUT_FACTOR = 2.0
OUTPUT_EXTRA = 64
#: An answer longer than ANSWER_FACTOR × the segment's characters + ANSWER_EXTRA is cut there (and said on
#: stderr); ``--max-answer-chars`` replaces the bound. No translation is 4 times its source plus a line.
ANSWER_FACTOR = 4
ANSWER_EXTRA = 256
#: The HTTP body of one answer is read up to BODY_FACTOR bytes per allowed character (JSON's ``\\uXXXX``
#: escapes of an astral character take 12) + BODY_EXTRA: a server sending more is refused, not buffered.
BODY_FACTOR = 12
BODY_EXTRA = 64 * 1024
#: An empty answer (null or blank content) is asked again this many times before the run stops on it.
EMPTY_RETRIES = 2
#: At most this many warnings of one kind (answers cut, characters removed) on stderr per run.
WARNINGS_SHOWN = 3
#: Characters no answer may bring into a line file or an XML target: C0 controls but tab, LF and CR, DEL,
#: lone surrogates and the noncharacters U+FFFE/U+FFFF (not allowed in XML 1.0).
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")
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
    max_answer_chars: int | None = None

    def check(self) -> None:
        if self.api_base is not None:
            check_api_base(self.api_base)
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
        if self.max_answer_chars is not None and self.max_answer_chars < 1:
            raise TagmtError(f"--max-answer-chars must be at least 1, not {self.max_answer_chars}")
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
    #: answers cut at the length bound; characters removed (controls, surrogates); empty answers asked again
    cut: int = 0
    removed_characters: int = 0
    empty_retries: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _warned: dict = field(default_factory=dict, repr=False)

    def add(self, *, truncated: bool, empty: bool, prompt_tokens: int, completion_tokens: int) -> None:
        with self._lock:
            self.requests += 1
            self.truncated += truncated
            self.empty += empty
            self.prompt_tokens += prompt_tokens
            self.completion_tokens += completion_tokens

    def count(self, name: str, amount: int = 1) -> None:
        with self._lock:
            setattr(self, name, getattr(self, name) + amount)

    def warn(self, kind: str, message: str) -> None:
        """``message`` on stderr, at most WARNINGS_SHOWN times per ``kind`` (then once that more follow)."""
        with self._lock:
            shown = self._warned.get(kind, 0)
            self._warned[kind] = shown + 1
        if shown < WARNINGS_SHOWN:
            print(f"tagmt: warning: {redact_text(message)}", file=sys.stderr, flush=True)
        elif shown == WARNINGS_SHOWN:
            print(f"tagmt: warning: more {kind} follow (counted in the run record)", file=sys.stderr, flush=True)

    def as_dict(self) -> dict[str, int]:
        return {"requests": self.requests, "truncated": self.truncated, "empty": self.empty,
                "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "cut": self.cut, "removed_characters": self.removed_characters,
                "empty_retries": self.empty_retries}


class BadAnswer(TagmtError):
    """The server answered HTTP 2xx with something that is not a chat completion (or an empty one)."""


def check_api_base(base: str) -> str:
    """``base`` if it is an http(s) URL with a host and a valid port; else one line naming the problem
    (the URL shown without credentials)."""
    shown = redact_url(base)
    how = "give e.g. http://localhost:8000/v1"
    try:
        parts = urlsplit(base)
        port = parts.port
    except ValueError as exc:
        raise TagmtError(f"--api-base {shown!r} is not a valid URL ({exc}); {how}") from None
    if parts.scheme not in ("http", "https"):
        raise TagmtError(f"--api-base {shown!r} is not an http(s) URL; {how}")
    if not parts.hostname:
        raise TagmtError(f"--api-base {shown!r} names no host; {how}")
    if port == 0:
        raise TagmtError(f"--api-base {shown!r} has port 0; {how}")
    if any(ch.isspace() or ord(ch) < 32 for ch in base):
        raise TagmtError(f"--api-base {shown!r} holds white space or control characters; {how}")
    return base


def public_url(url: str) -> str:
    """``url`` without user name, password, query or fragment: what may be written into a record."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path.rstrip("/"), "", ""))


class OpenAIEngine(Engine):
    """A chat model behind an OpenAI-compatible ``/chat/completions`` endpoint."""

    engine_name = "openai"
    needs = Needs(extra="llm", modules=("openai",))
    option_specs = (Option("llm", "LLMOptions", None, "the server, prompt, examples and limits of the chat model"),)
    cacheable = True

    @classmethod
    def serves(cls, model: str) -> bool:
        return model.startswith(PREFIX)  # (``split_model`` refuses a missing NAME when it is loaded)

    @classmethod
    def load(cls, options: Any, *, references: Any = None, option: str = "--model",
             approach: str = "dt") -> "OpenAIEngine":
        return load_llm(str(split_model(options.model)), options.llm, approach)

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
            # only when given, so that caches made before the bound existed stay valid
            **({"max_answer_chars": o.max_answer_chars} if o.max_answer_chars is not None else {}),
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
            "max_answer_chars": o.max_answer_chars if o.max_answer_chars is not None
            else f"{ANSWER_FACTOR}x+{ANSWER_EXTRA}",
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
            failures: dict[int, BaseException] = {}
            for future in finished:
                if future.cancelled():
                    continue
                if future.exception() is not None:
                    failures[futures[future]] = future.exception()  # type: ignore[assignment]
                else:
                    outputs[futures[future]] = future.result()
                    done.add(futures[future])
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        if failure is not None:
            openai = require("openai", "llm", "translating with an OpenAI-compatible server")
            if not isinstance(failure, (openai.OpenAIError, TagmtError)):
                raise failure  # a bug, not the server: keep its traceback
            own = {i: self._segment_reason(exc) for i, exc in failures.items()}
            if any(reason is None for reason in own.values()):
                own = {}  # the server itself failed, not one segment: nothing to skip
            raise PartialBatchError(self._explain(failure), {i: outputs[i] for i in done},
                                    {i: reason for i, reason in own.items() if reason is not None}) from None
        return outputs

    def _segment_reason(self, exc: BaseException) -> str | None:
        """One line on a failure that is the segment's own — an empty, malformed or oversized answer after
        the retries (``BadAnswer``), a request refused for its content (HTTP 400, 413, 422) or an error
        the server kept giving for it (HTTP 5xx after the client's retries); None for a failure of the server
        or the connection (unreachable, timeouts, keys, rate limits, an unknown model), which no segment
        can be skipped for."""
        openai = require("openai", "llm", "translating with an OpenAI-compatible server")
        if isinstance(exc, BadAnswer):
            return redact_text(str(exc))
        if isinstance(exc, openai.APIStatusError) and (exc.status_code in (400, 413, 422) or exc.status_code >= 500):
            return redact_text(f"HTTP {exc.status_code}: {_detail(exc)}")
        return None

    def answer_limit(self, text: str) -> int:
        """The most characters an answer for ``text`` may have before it is cut."""
        if self.options.max_answer_chars is not None:
            return self.options.max_answer_chars
        return ANSWER_FACTOR * len(text) + ANSWER_EXTRA

    def _request(self, text: str, src_lang: str, trg_lang: str) -> str:
        for attempt in range(EMPTY_RETRIES + 1):
            content, finish_reason, usage = self._ask(text, src_lang, trg_lang)
            if content is not None:
                content = self._sanitize(content, text)  # an answer of control characters only is empty
            if content is not None and content.strip():
                break
            self.stats.count("empty_retries")
        else:
            what = "null" if content is None else "empty"
            raise BadAnswer(
                f"{self._where()} answered with {what} content {EMPTY_RETRIES + 1} times for the segment "
                f"{_one_line(text, 60)!r}; check the model and --max-new-tokens (nothing of it was cached)")
        output = clean_output(content, text, trg_lang)
        if self.prompt.kind == "dp":
            # DP projects the source's tags onto this text: tags the model wrote anyway must not stay,
            # paired or not (orphans=True: every well-written tag is markup, as for a source)
            output = strip_markup(tokenize(output, orphans=True))
        self.stats.add(
            truncated=finish_reason == "length",
            empty=not output.strip(),
            prompt_tokens=_count(usage, "prompt_tokens"),
            completion_tokens=_count(usage, "completion_tokens"),
        )
        return output

    def _sanitize(self, content: str, text: str) -> str:
        """``content`` without the characters no output may hold (counted, said on stderr), cut at
        :meth:`answer_limit` characters (counted, said on stderr)."""
        removed = len(_FORBIDDEN.findall(content))
        if removed:
            content = _FORBIDDEN.sub("", content)
            self.stats.count("removed_characters", removed)
            self.stats.warn("removed characters", (
                f"removed {removed} control character(s) (C0 controls, DEL, lone surrogates, U+FFFE/U+FFFF) "
                f"from the answer for {_one_line(text, 60)!r}: they cannot be written into XML or line files"))
        limit = self.answer_limit(text)
        if len(content) > limit:
            self.stats.count("cut")
            self.stats.warn("cut answers", (
                f"the answer for {_one_line(text, 60)!r} has {len(content)} characters, cut to {limit} "
                f"({ANSWER_FACTOR}x the segment + {ANSWER_EXTRA}; --max-answer-chars sets the bound)"
                if self.options.max_answer_chars is None else
                f"the answer for {_one_line(text, 60)!r} has {len(content)} characters, cut to "
                f"--max-answer-chars {limit}"))
            content = content[:limit]
        return content

    def _ask(self, text: str, src_lang: str, trg_lang: str) -> tuple[str | None, Any, Any]:
        """One request: (content or None, finish_reason, usage) of a well-formed chat completion, read
        within ``--timeout`` seconds of the attempt's start and at most BODY_FACTOR bytes per allowed character
        + BODY_EXTRA; anything else is a
        :class:`BadAnswer` naming what the server sent."""
        extra: dict[str, Any] = {}
        if self.options.seed is not None:
            extra["seed"] = self.options.seed
        limit = BODY_FACTOR * self.answer_limit(text) + BODY_EXTRA
        timeout = self.options.timeout
        deadline.start_attempt(timeout)  # the client's request hook restarts it for each retry
        with self.client.chat.completions.with_streaming_response.create(
            model=self.model,
            messages=self.prompt.messages(text, src_lang, trg_lang),
            temperature=self.options.temperature,
            max_tokens=self.budget(text),
            **extra,
        ) as response:
            # from the start of the attempt that answered (the client's retries before it do not count)
            end = deadline.deadline() or time.monotonic() + timeout
            content_type = response.headers.get("content-type", "")
            chunks: list[bytes] = []
            size = 0
            try:
                for chunk in response.iter_bytes():
                    size += len(chunk)
                    if size > limit:
                        raise BadAnswer(
                            f"{self._where()} sent an answer of over {limit} bytes for a segment of {len(text)} "
                            f"characters (the bound is {BODY_FACTOR} bytes per allowed character + "
                            f"{BODY_EXTRA}); check the server, or raise --max-answer-chars")
                    if time.monotonic() > end:
                        raise BadAnswer(
                            f"{self._where()} did not finish its answer within --timeout {timeout:g} s "
                            f"(it had sent {size} bytes); raise --timeout or check the server")
                    chunks.append(chunk)
            except BadAnswer:
                raise
            except Exception as exc:  # the transport's own errors while reading the body
                kind = type(exc).__name__
                if "Timeout" in kind and time.monotonic() >= end - 0.05:
                    raise BadAnswer(
                        f"{self._where()} did not finish its answer within --timeout {timeout:g} s "
                        f"(it had sent {size} bytes); raise --timeout or check the server") from None
                if "Timeout" in kind:
                    raise BadAnswer(f"{self._where()} stopped sending its answer for over {timeout:g} s "
                                    f"(after {size} bytes); raise --timeout or check the server") from None
                if type(exc).__module__.split(".")[0] in ("httpx", "httpx2", "httpcore", "h11"):
                    raise BadAnswer(f"{self._where()} broke off its answer after {size} bytes "
                                    f"({_one_line(str(exc), 120)})") from None
                raise
        if time.monotonic() > end:
            raise BadAnswer(f"{self._where()} did not finish its answer within --timeout {timeout:g} s; "
                            "raise --timeout or check the server")
        return read_completion(b"".join(chunks), content_type, self._where())

    def _where(self) -> str:
        return f"the OpenAI-compatible server at {self.api_base}"

    def _explain(self, exc: BaseException) -> str:
        """One line for a request that failed after the client's retries."""
        openai = require("openai", "llm", "translating with an OpenAI-compatible server")
        where = self._where()
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
        elif isinstance(exc, BadAnswer):
            why = str(exc)
        elif isinstance(exc, TagmtError):
            return str(exc)
        else:
            why = f"a request to {where} failed: {_one_line(str(exc))}"
        return redact_text(why) + "; finished segments are cached, and the same command resumes after them"


def _count(usage: Any, name: str) -> int:
    value = usage.get(name) if isinstance(usage, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _snippet(text: str, limit: int = 80) -> str:
    return repr(_one_line(redact_text(text), limit))


def read_completion(body: bytes, content_type: str, where: str) -> tuple[str | None, Any, Any]:
    """(content, finish_reason, usage) of a chat completion's HTTP body; a :class:`BadAnswer` naming what
    the server sent instead: an event stream, bytes that are not UTF-8, an HTML page, JSON cut short or
    malformed, ``choices`` that is not a non-empty list, a message without text content."""
    kind = content_type.split(";")[0].strip().lower() or "no Content-Type"
    if kind == "text/event-stream" or body.lstrip().startswith((b"data:", b"event:")):
        raise BadAnswer(f"{where} sent an event stream ({kind}) though no stream was asked for; "
                        "serve plain chat completions (stream=false)")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadAnswer(f"{where} sent an answer that is not UTF-8 (byte 0x{body[exc.start]:02x} at offset "
                        f"{exc.start} of {len(body)}, {kind})") from None
    if kind in ("text/html", "application/xhtml+xml") or text.lstrip()[:1] == "<":
        title = re.search(r"(?is)<title[^>]*>(.*?)</title>", text)
        shown = _snippet(title.group(1) if title else text)
        raise BadAnswer(f"{where} sent an HTML page ({kind}: {shown}) instead of a JSON chat completion; "
                        "check --api-base (it usually ends in /v1)")
    if not text.strip():
        raise BadAnswer(f"{where} sent an empty body ({kind}) instead of a JSON chat completion")
    try:
        payload = json.loads(text)
    except RecursionError:
        raise BadAnswer(f"{where} sent JSON nested too deeply to read ({len(body)} bytes)") from None
    except ValueError as exc:
        cut = getattr(exc, "pos", len(text)) >= len(text.rstrip())
        raise BadAnswer(f"{where} sent {'JSON cut short' if cut else 'malformed JSON'} ({len(body)} bytes, "
                        f"{kind}: {getattr(exc, 'msg', exc)} at character {getattr(exc, 'pos', '?')}; it begins "
                        f"{_snippet(text, 60)})") from None
    if not isinstance(payload, dict):
        raise BadAnswer(f"{where} sent JSON {type(payload).__name__} {_snippet(text, 60)}, not a chat completion "
                        "object")
    if "choices" not in payload and payload.get("error") is not None:
        error = payload["error"]
        message = error.get("message") if isinstance(error, dict) else error
        raise BadAnswer(f"{where} answered an error with a success status: {_snippet(str(message), 160)}")
    choices = payload.get("choices")
    if not isinstance(choices, list):
        raise BadAnswer(f"{where} sent a chat completion whose 'choices' is "
                        f"{'missing' if choices is None else _json_kind(choices)}, not a list")
    if not choices:
        raise BadAnswer(f"{where} sent a chat completion with no choices")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise BadAnswer(f"{where} sent a chat completion whose first choice has no 'message' object "
                        f"({_snippet(json.dumps(choice, ensure_ascii=False), 60)})")
    content = message.get("content")
    if content is not None and not isinstance(content, str):
        raise BadAnswer(f"{where} sent a message whose 'content' is {_json_kind(content)}, not text")
    finish_reason = choice.get("finish_reason")
    return content, finish_reason if isinstance(finish_reason, str) else None, payload.get("usage")


def _json_kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "a number",
             float: "a number"}
    return names.get(type(value), "null" if value is None else type(value).__name__)


def _one_line(text: str, limit: int = 200) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _detail(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") or inner.get("detail") if isinstance(inner, dict) else inner
        if message:
            return _one_line(redact_text(str(message)))
    return _one_line(redact_text(getattr(exc, "message", "") or str(exc)))


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
    if base is not None:
        check_api_base(base)  # $OPENAI_BASE_URL too
    # --timeout bounds each attempt, headers and body (tagmt.engines.deadline): the request hook starts the
    # attempt's clock, the network backend ends every read at it
    http_client = openai.DefaultHttpxClient(
        event_hooks={"request": [lambda request: deadline.start_attempt(options.timeout)]})
    deadline.install(http_client)
    client = openai.OpenAI(
        base_url=base,
        api_key=os.environ.get("OPENAI_API_KEY") or NO_KEY,
        timeout=options.timeout,
        max_retries=options.retries,
        http_client=http_client,
    )
    prompt = load_prompt(options.prompt, approach)
    prompt = prompt.with_examples(select_examples(options.examples, options.shots, approach))
    return OpenAIEngine(name, client, options, prompt)


__all__ = ["BadAnswer", "LLMOptions", "LLMStats", "OpenAIEngine", "check_api_base", "estimate_tokens", "load_llm",
           "public_url", "read_completion", "split_model"]
