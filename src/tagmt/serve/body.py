"""Request bodies, read under the server's limit: a body over ``--max-body-mb`` is refused with 413 while it
is read (a ``Content-Length`` over the limit before any byte; a chunked body as soon as it passes it), so
memory stays bounded whatever a client sends. JSON bodies must be objects (400 otherwise, naming where the
JSON breaks); multipart/form-data is read with the standard library's ``email`` parser (python-multipart,
starlette's own reader, is not one of tagmt's dependencies)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from starlette.requests import Request

from tagmt.serve.problems import ServeError


def too_large(limit: int) -> ServeError:
    return ServeError(413, f"the request body is over the server's limit of {limit} bytes (--max-body-mb); "
                           "send a smaller file or start the server with a larger --max-body-mb")


async def read_body(request: Request, limit: int) -> bytes:
    """The whole body, refused (413) as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > limit:
                raise too_large(limit)
        except ValueError:
            raise ServeError(400, f"Content-Length {declared!r} is not a number") from None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def parse_json(data: bytes) -> dict[str, Any]:
    """A JSON object from ``data``; malformed JSON or another JSON value is a 400 naming the problem."""
    try:
        value = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ServeError(400, f"the JSON body is not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ServeError(400, f"malformed JSON body: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise ServeError(400, "malformed JSON body: nested too deeply") from None
    if not isinstance(value, dict):
        raise ServeError(400, f"the JSON body must be an object ({{\"source\": …}}), not a {type(value).__name__}")
    return value


async def json_body(request: Request, limit: int) -> dict[str, Any]:
    return parse_json(await read_body(request, limit))


@dataclass
class Upload:
    """One file of a multipart body: its form field, file name (may be None) and bytes."""

    field: str
    filename: str | None
    data: bytes


def parse_multipart(content_type: str, data: bytes) -> tuple[dict[str, str], list[Upload]]:
    """The text fields and the files of a multipart/form-data body."""
    if "boundary=" not in content_type:
        raise ServeError(400, "multipart/form-data without a boundary")
    message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n"
                                                  + data)
    if not message.is_multipart():
        raise ServeError(400, "malformed multipart/form-data body")
    fields: dict[str, str] = {}
    files: list[Upload] = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not name:
            raise ServeError(400, "a part of the multipart body has no name (Content-Disposition: form-data; name=…)")
        payload = part.get_payload(decode=True) or b""
        filename = part.get_filename()
        if filename is not None:
            files.append(Upload(str(name), filename, payload))
        else:
            try:
                fields[str(name)] = payload.decode("utf-8")
            except UnicodeDecodeError:
                raise ServeError(400, f"the form field {name} is not UTF-8") from None
    return fields, files
