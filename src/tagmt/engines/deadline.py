"""A deadline for a whole HTTP attempt, headers included, for the LLM engine's client.

The HTTP client's timeouts are per read: a server that sends one byte every 0.2 s never trips a 2 s
timeout and can hold a run for ever. httpx has no total timeout, so the engine's client gets a network
backend whose every read waits at most until the attempt's deadline (``min(read timeout, time left)``)
and fails with the transport's own ``ReadTimeout`` once it has passed; the client then treats it as any
timeout (retried, then ``APITimeoutError``). The deadline is per thread (each request runs in one pool
thread) and is set by the client's request hook at the start of every attempt (:func:`start_attempt`).

The backend sits in ``HTTPTransport._pool._network_backend`` (httpx/httpcore's internals: there is no
public way to give httpx a backend); :func:`install` returns False, changing nothing, where those
attributes are missing, and the engine then bounds the body only (it checks the deadline per chunk).
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any

_LOCAL = threading.local()


def start_attempt(timeout: float) -> None:
    """The current thread's next HTTP attempt must be over within ``timeout`` seconds from now."""
    _LOCAL.deadline = time.monotonic() + timeout


def deadline() -> float | None:
    """The current thread's attempt deadline (``time.monotonic()`` clock), if one is set."""
    return getattr(_LOCAL, "deadline", None)


class _Stream:
    """A network stream whose reads end at the thread's deadline."""

    def __init__(self, inner: Any, timeout_error: type[Exception]) -> None:
        self._inner = inner
        self._timeout_error = timeout_error

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        end = deadline()
        if end is not None:
            left = end - time.monotonic()
            if left <= 0:
                raise self._timeout_error("the request's --timeout passed")
            timeout = left if timeout is None else min(timeout, left)
        return self._inner.read(max_bytes, timeout)

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, timeout)

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, *args: Any, **kwargs: Any) -> "_Stream":
        return _Stream(self._inner.start_tls(*args, **kwargs), self._timeout_error)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _Backend:
    """A network backend whose streams are :class:`_Stream`."""

    def __init__(self, inner: Any, timeout_error: type[Exception]) -> None:
        self._inner = inner
        self._timeout_error = timeout_error

    def connect_tcp(self, *args: Any, **kwargs: Any) -> _Stream:
        return _Stream(self._inner.connect_tcp(*args, **kwargs), self._timeout_error)

    def connect_unix_socket(self, *args: Any, **kwargs: Any) -> _Stream:
        return _Stream(self._inner.connect_unix_socket(*args, **kwargs), self._timeout_error)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def install(http_client: Any) -> bool:
    """Bound every read of ``http_client``'s default transport by the thread's attempt deadline; False
    (nothing changed) when the transport is not built as expected."""
    pool = getattr(getattr(http_client, "_transport", None), "_pool", None)
    inner = getattr(pool, "_network_backend", None)
    if inner is None or not hasattr(inner, "connect_tcp"):
        return False
    core = sys.modules.get(type(pool).__module__.split(".")[0])
    timeout_error = getattr(core, "ReadTimeout", None)
    if not (isinstance(timeout_error, type) and issubclass(timeout_error, Exception)):
        return False
    pool._network_backend = _Backend(inner, timeout_error)
    return True


__all__ = ["deadline", "install", "start_attempt"]
