"""The Starlette application: routes, the bearer-token check, the body limit and the error handlers
(``serve.problems``). ``create_app(settings)`` builds it for one worker (models loaded there, once:
``serve.warm``); ``app_from_environment()`` is uvicorn's factory in each worker process.

CPU work (projection, scoring, translation) runs in starlette's thread pool, so requests run concurrently
and the event loop keeps answering ``/health``.
"""

from __future__ import annotations

import hmac
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from tagmt import __version__
from tagmt.serve.body import json_body, parse_multipart, read_body
from tagmt.serve.problems import HANDLERS, ServeError, error_response
from tagmt.serve.settings import ServeSettings, read_token
from tagmt.serve.warm import Warm


class BearerToken:
    """Every request must carry ``Authorization: Bearer <token>`` (compared in constant time); 401 otherwise.
    The token is never logged nor echoed."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode("utf-8")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = b""
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                given = value
        if not hmac.compare_digest(given, self.expected):
            why = "a bearer token is required" if not given else "the bearer token is not this server's"
            response = error_response(401, f"{why}: send the header Authorization: Bearer <token>",
                                      headers={"WWW-Authenticate": "Bearer"}, redact=False)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def create_app(settings: ServeSettings | None = None) -> Starlette:
    """The app for ``settings`` (default: the defaults), its models loaded now."""
    settings = settings or ServeSettings()
    settings.check()
    warm = Warm(settings)
    limit = settings.max_body_bytes

    async def health(request: Request) -> JSONResponse:
        pairs = [f"{s}-{t}" for s, t in sorted(warm.models)]
        return JSONResponse({"status": "ok", "version": __version__, "projection_models": pairs,
                             "models": list(settings.models)})

    async def project(request: Request) -> JSONResponse:
        from tagmt.serve.project import project_request

        data = await json_body(request, limit)
        return JSONResponse(await _answered(warm, "project", data, project_request))

    async def tags_projection(request: Request) -> JSONResponse:
        from tagmt.serve.project import modernmt_request

        params: dict[str, Any] = dict(request.query_params)
        if request.method == "POST":
            params.update(await _form_or_json(request, limit))
        return JSONResponse(await _answered(warm, "tags-projection", params, modernmt_request))

    async def evaluate(request: Request) -> JSONResponse:
        from tagmt.serve.evaluate import evaluate_request

        data = await json_body(request, limit)
        return JSONResponse(await run_in_threadpool(evaluate_request, data))

    async def translate(request: Request) -> Response:
        from tagmt.serve.translate import translate_upload

        options: dict[str, Any] = dict(request.query_params)
        content_type = request.headers.get("content-type", "")
        body = await read_body(request, limit)
        filename = options.pop("filename", None)
        if content_type.startswith("multipart/form-data"):
            fields, files = parse_multipart(content_type, body)
            options.update(fields)
            rules = [(f.filename, f.data) for f in files if f.field == "its_rules"]  # (ITS rules files, by name)
            files = [f for f in files if f.field != "its_rules"]
            if rules:
                options["its_rules"] = rules
            if len(files) != 1:
                raise ServeError(400, f"send one file part (name 'file'), not {len(files)}")
            body, filename = files[0].data, files[0].filename or filename
            filename = options.pop("filename", None) or filename
        data, name, headers = await run_in_threadpool(translate_upload, warm, body, filename, options)
        media = "application/xml" if name.endswith((".xlf", ".xliff", ".xml", ".sdlxliff", ".mqxliff")) \
            else "text/plain; charset=utf-8"
        headers["Content-Disposition"] = f'attachment; filename="{name}"'
        return Response(data, media_type=media, headers=headers)

    async def page(request: Request) -> HTMLResponse:
        from tagmt.serve.page import headers, page as html

        return HTMLResponse(html(settings.models), headers=headers())

    async def openapi(request: Request) -> JSONResponse:
        from tagmt.serve.openapi import document

        return JSONResponse(document())

    async def docs(request: Request) -> HTMLResponse:
        from tagmt.serve.openapi import docs_page
        from tagmt.serve.page import headers

        return HTMLResponse(docs_page(), headers=headers(script=False))

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/health", health, methods=["GET"]),
        Route("/v1/project", project, methods=["POST"]),
        Route("/tags-projection", tags_projection, methods=["GET", "POST"]),
        Route("/v1/evaluate", evaluate, methods=["POST"]),
        Route("/v1/translate", translate, methods=["POST"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        Route("/docs", docs, methods=["GET"]),
    ]
    app = Starlette(routes=routes, exception_handlers=HANDLERS)  # type: ignore[arg-type]
    if settings.token_file:
        app.add_middleware(BearerToken, token=read_token(settings.token_file))
    app.state.warm = warm
    return app


async def _answered(warm: Warm, kind: str, request: Any, compute) -> Any:
    """A projection's answer: kept from an earlier identical request (``warm.answers``), or that of the identical
    request being computed now, else computed in the thread pool and kept."""
    import asyncio

    key = warm.answers.key(kind, request)
    found = warm.answers.get(key)
    if found is not None:
        return found
    pending = warm.answers.pending
    if key is not None and key in pending:
        return await asyncio.shield(pending[key])
    future = asyncio.get_running_loop().create_future() if key is not None else None
    if future is not None:
        pending[key] = future
    try:
        answer = await run_in_threadpool(compute, warm, request)
    except Exception as exc:
        if future is not None:
            future.set_exception(exc)
            future.exception()  # (retrieved: no "never retrieved" warning when no one else waited)
        raise
    except BaseException:  # cancelled: those waiting are too
        if future is not None:
            future.cancel()
        raise
    finally:
        pending.pop(key, None)  # type: ignore[arg-type]
    warm.answers.put(key, answer)
    if future is not None:
        future.set_result(answer)
    return answer


async def _form_or_json(request: Request, limit: int) -> dict[str, str]:
    """ModernMT's POST parameters: a form (urlencoded or multipart) or a JSON object."""
    from urllib.parse import parse_qsl

    content_type = request.headers.get("content-type", "")
    body = await read_body(request, limit)
    if not body:
        return {}
    if content_type.startswith("application/json"):
        from tagmt.serve.body import parse_json

        return {k: v if isinstance(v, str) else str(v).lower() if isinstance(v, bool) else str(v)
                for k, v in parse_json(body).items()}
    if content_type.startswith("multipart/form-data"):
        return parse_multipart(content_type, body)[0]
    try:
        return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    except UnicodeDecodeError:
        raise ServeError(400, "the form body is not UTF-8") from None


def app_from_environment() -> Starlette:
    """uvicorn's factory: the app for the settings ``tagmt serve`` put in the environment."""
    return create_app(ServeSettings.from_environment())
