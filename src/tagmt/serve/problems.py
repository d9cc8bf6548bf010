"""Errors as HTTP answers: every problem is a JSON body in ModernMT's shape, ``{"status": N, "error":
{"type": …, "message": …}}`` — never a traceback, never a bare 500.

- ``ServeError(status, message, kind)``: raised by the handlers (400 bad request, 401, 413, 501 not built
  here, 502 the engine failed, 503 it cannot be loaded);
- a ``TagmtError`` is the CLI's one-line message: 400 with the same text;
- starlette's own ``HTTPException`` (404, 405) keeps its status with a JSON body;
- anything else is a 500 whose body names the exception's class; the traceback goes to the server's log only.
"""

from __future__ import annotations

import logging

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from tagmt.errors import TagmtError
from tagmt.secrets import redact_text

LOG = logging.getLogger("tagmt.serve")

KINDS = {400: "BadRequest", 401: "Unauthorized", 404: "NotFound", 405: "MethodNotAllowed", 413: "PayloadTooLarge",
         415: "UnsupportedMediaType", 500: "InternalError", 501: "NotImplemented", 502: "EngineError",
         503: "Unavailable"}


class ServeError(Exception):
    """A problem answered with ``status`` and a one-line ``message``."""

    def __init__(self, status: int, message: str, kind: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.kind = kind or KINDS.get(status, "Error")


def error_response(status: int, message: str, kind: str | None = None, headers: dict | None = None, *,
                   redact: bool = True) -> JSONResponse:
    """The JSON error body; ``message`` with any credential in it masked (``tagmt.secrets``) unless ``redact`` is
    False (the server's own fixed text)."""
    shown = redact_text(message) if redact else message
    body = {"status": status, "error": {"type": kind or KINDS.get(status, "Error"), "message": shown}}
    return JSONResponse(body, status_code=status, headers=headers)


async def serve_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ServeError)
    headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
    return error_response(exc.status, exc.message, exc.kind, headers)


async def tagmt_error(request: Request, exc: Exception) -> JSONResponse:
    message = " ".join(str(exc).splitlines())  # several problems at once: one line
    return error_response(400, message, "TagmtError")


async def http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    return error_response(exc.status_code, str(exc.detail), headers=getattr(exc, "headers", None))


async def server_error(request: Request, exc: Exception) -> JSONResponse:
    LOG.error("%s %s failed: %s", request.method, request.url.path, type(exc).__name__, exc_info=exc)
    return error_response(500, f"internal error ({type(exc).__name__}); the server's log has the details")


HANDLERS = {ServeError: serve_error, TagmtError: tagmt_error, HTTPException: http_error, Exception: server_error}
