"""Credentials out of everything tagmt records or prints.

A URL may carry a user name and password (``http://user:PASSWORD@host/v1``) or a key in its query
(``?api_key=KEY``); a server's error message may echo the request's ``Authorization`` header. What tagmt
writes into a run record, a cell record, results.json or a message goes through one of these:

- :func:`redact_url` — a URL with its user information and secret-looking query values masked
  (``http://***@host/v1?api_key=***``); the rest (scheme, host, port, path, other parameters) kept, so a
  record still says where the server was.
- :func:`redact_text` — any text (an error line, a server's answer): every URL in it as above, ``Bearer …``
  tokens, ``sk-…`` keys, ``key=value`` pairs with a secret-looking name, and tagmt's own key
  (``$OPENAI_API_KEY``) wherever it appears.
- :func:`redact_argv` — a command line for a record: each word through :func:`redact_text`.

``MASK`` replaces what is removed. Masking is conservative: a query parameter is secret when its name
contains one of ``SECRET_WORDS``; anything that looks like a token after ``Bearer`` is masked whole.
"""

from __future__ import annotations

import os
import re
from typing import Iterable, Sequence
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

MASK = "***"
#: A query parameter or ``name=value`` pair whose name contains one of these words is a secret.
SECRET_WORDS = ("key", "token", "secret", "password", "passwd", "pwd", "auth", "signature", "sig",
                "credential", "session", "cookie")
#: Environment variables whose values are tagmt's own secrets (masked wherever they appear).
SECRET_ENV = ("OPENAI_API_KEY", "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN")
#: Shorter values are not masked by value (``none``, ``x``: local servers' dummy keys would mask common words).
MIN_SECRET_LENGTH = 8

_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s\"'<>]+")
_BEARER = re.compile(r"(?i)\b(bearer|basic|token)(\s+)[A-Za-z0-9._~+/=\-]+")
_SK = re.compile(r"\bsk-[A-Za-z0-9_\-]{6,}")
_PAIR = re.compile(
    r"(?i)(?<![\w])([\"']?(?:[A-Za-z0-9]+[_\-])*(?:api[_\-]?key|apikey|key|token|secret|password|passwd|pwd"
    r"|authorization|auth|credentials?|signature|session[_\-]?id)[\"']?\s*[:=]\s*[\"']?)"
    r"(?!\*\*\*)([^\s\"'&,;}]+)"
)
_USERINFO = re.compile(r"(?<=://)[^/\s@?#]*@")


def _is_secret_name(name: str) -> bool:
    lowered = name.lower()
    return any(word in lowered for word in SECRET_WORDS)


def own_secrets() -> list[str]:
    """tagmt's own secrets from the environment (long enough to be masked by value)."""
    return [value for name in SECRET_ENV
            if len(value := os.environ.get(name, "").strip()) >= MIN_SECRET_LENGTH]


def redact_url(url: str) -> str:
    """``url`` with user information and secret-looking query values masked; a string that is not a
    URL Python can split is masked as text (:func:`redact_text`), never returned as it was."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        return _redact_plain(url)
    netloc = parts.netloc
    if "@" in netloc:
        netloc = MASK + "@" + netloc.rsplit("@", 1)[1]
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(_is_secret_name(name) for name, _ in pairs):
            query = urlencode([(name, MASK if _is_secret_name(name) else value) for name, value in pairs],
                              safe="*")
    fragment = _redact_plain(parts.fragment) if parts.fragment else ""
    return _redact_plain(urlunsplit((parts.scheme, netloc, parts.path, query, fragment)), urls=False)


def _redact_plain(text: str, urls: bool = True, secrets: Iterable[str] = ()) -> str:
    for secret in sorted({*own_secrets(), *(s for s in secrets if len(s) >= MIN_SECRET_LENGTH)},
                         key=len, reverse=True):
        text = text.replace(secret, MASK)
    if urls:
        text = _USERINFO.sub(MASK + "@", text)
    text = _BEARER.sub(lambda m: m.group(1) + m.group(2) + MASK, text)
    text = _SK.sub("sk-" + MASK, text)
    return _PAIR.sub(lambda m: m.group(1) + MASK, text)


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with every URL redacted (:func:`redact_url`), bearer tokens, ``sk-`` keys, secret-looking
    ``name=value`` pairs, tagmt's own keys and ``secrets`` masked."""
    text = _URL.sub(lambda m: redact_url(m.group()), text)
    return _redact_plain(text, secrets=secrets)


def redact_argv(argv: Sequence[str]) -> list[str]:
    """A command line fit for a record: each word through :func:`redact_text`."""
    return [redact_text(str(word)) for word in argv]


__all__ = ["MASK", "own_secrets", "redact_argv", "redact_text", "redact_url"]
