"""The OpenAPI 3.1 description of the service (``GET /openapi.json``) and ``GET /docs``, a page listing it
with nothing loaded from anywhere (written here by hand: starlette has no generator without extra packages,
and a description of eight routes is shorter than the machinery to derive it)."""

from __future__ import annotations

import json
from html import escape
from typing import Any

from tagmt import __version__

ERROR = {"$ref": "#/components/schemas/Error"}


def _answer(description: str, schema: dict[str, Any] | None = None, media: str = "application/json") -> dict:
    return {"description": description, **({"content": {media: {"schema": schema}}} if schema else {})}


def _errors(*codes: int) -> dict[str, Any]:
    reasons = {400: "bad request: malformed JSON, a bad language code (the CLI's message), a bad option",
               401: "no or a wrong bearer token (--token-file)", 413: "body over --max-body-mb",
               501: "asked for what this server does not do", 502: "the engine failed",
               503: "the engine cannot be loaded"}
    return {str(c): _answer(reasons[c], ERROR) for c in codes}


STRINGS = {"type": "array", "items": {"type": "string"}}
PROJECT = {
    "type": "object", "required": ["source", "translation", "src_lang", "trg_lang"],
    "properties": {
        "source": {**STRINGS, "description": "tagged sources, XML-escaped text"},
        "translation": {**STRINGS, "description": "their translations, natural text as MT writes it"},
        "src_lang": {"type": "string"}, "trg_lang": {"type": "string"},
        "examples": {"type": "array", "items": STRINGS, "description": "[tagged source, tagged target] pairs"},
        "alignment": {**STRINGS, "description": "Pharaoh i-j links, one line per segment (with tokens)"},
        "tokens": {"type": "array", "items": STRINGS, "description": "[source lines, target lines], whitespace tokens"},
        "aligner": {"type": "string"}, "lexicon": {**STRINGS, "description": "auto, none, cedict"},
        "symmetrization": {"type": "string"}, "placeholders": STRINGS,
        "xml_references": {"type": "boolean", "description": "read translations as tagmt project reads its "
                                                              "--translation lines (&amp; is &)"},
    },
}
EVALUATE = {
    "type": "object", "required": ["references", "hypotheses", "trg_lang"],
    "properties": {
        "references": STRINGS, "hypotheses": {"type": "object", "additionalProperties": STRINGS},
        "trg_lang": {"type": "string"}, "metrics": STRINGS, "sources": STRINGS, "tokenize": {"type": "string"},
        "compat": {"type": "string"}, "paired_bs": {"type": "boolean"}, "paired_ar": {"type": "boolean"},
        "confidence": {"type": "boolean"}, "samples": {"type": "integer"}, "seed": {"type": "integer"},
        "tag_report": {"type": "boolean"},
    },
}
MODERNMT = [{"name": name, "in": "query", "required": name in ("text", "translation", "source", "target"),
             "schema": {"type": "string"}, "description": about}
            for name, about in (("text", "the tagged source (XML-encoded)"),
                                ("translation", "its translation (XML-encoded, no tags)"),
                                ("source", "source language"), ("target", "target language"),
                                ("symmetrization", "GROW_DIAGONAL_FINAL_AND, GROW_DIAGONAL, INTERSECT, UNION"))]
TRANSLATE_QUERY = [{"name": name, "in": "query", "required": False, "schema": {"type": "string"}}
                   for name in ("filename", "approach", "model", "src_lang", "trg_lang", "format", "overwrite",
                                "aligner", "beam", "batch_size", "repair")]


def document() -> dict[str, Any]:
    """The OpenAPI description."""
    modernmt = {"parameters": MODERNMT, "responses": {
        "200": _answer("ModernMT's answer: {status: 200, data: {translation}}", {"type": "object"}),
        **_errors(400, 401, 501)}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "tagmt serve", "version": __version__,
                 "description": "Tag projection, evaluation and document translation over HTTP (docs/serve.md)."},
        "paths": {
            "/health": {"get": {"summary": "liveness, version, the projection models loaded",
                                "responses": {"200": _answer("ok", {"type": "object"})}}},
            "/v1/project": {"post": {
                "summary": "put the tags of tagged sources into their translations (tagmt project)",
                "requestBody": {"required": True, "content": {"application/json": {"schema": PROJECT}}},
                "responses": {"200": _answer("{tagged: [...], notes: [...]}", {"type": "object"}),
                              **_errors(400, 401, 413, 501)}}},
            "/tags-projection": {"get": {"summary": "ModernMT's tags projection", **modernmt},
                                 "post": {"summary": "the same, parameters in a form or JSON body", **modernmt}},
            "/v1/evaluate": {"post": {
                "summary": "score systems against references (tagmt evaluate --format json)",
                "requestBody": {"required": True, "content": {"application/json": {"schema": EVALUATE}}},
                "responses": {"200": _answer("{systems: [...]}", {"type": "object"}), **_errors(400, 401, 413)}}},
            "/v1/translate": {"post": {
                "summary": "translate a whole file (tagmt translate --input); the answer is the written file",
                "parameters": TRANSLATE_QUERY,
                "requestBody": {"required": True, "content": {
                    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                    "multipart/form-data": {"schema": {"type": "object", "properties": {
                        "file": {"type": "string", "format": "binary"}}}}}},
                "responses": {"200": _answer("the translated file", {"type": "string", "format": "binary"},
                                             "application/octet-stream"), **_errors(400, 401, 413, 502, 503)}}},
            "/": {"get": {"summary": "the page: paste and project, upload and translate",
                          "responses": {"200": _answer("HTML", {"type": "string"}, "text/html")}}},
            "/openapi.json": {"get": {"summary": "this description",
                                      "responses": {"200": _answer("OpenAPI", {"type": "object"})}}},
            "/docs": {"get": {"summary": "this description as a page",
                              "responses": {"200": _answer("HTML", {"type": "string"}, "text/html")}}},
        },
        "components": {
            "schemas": {"Error": {"type": "object", "properties": {
                "status": {"type": "integer"},
                "error": {"type": "object", "properties": {"type": {"type": "string"}, "message": {"type": "string"}}}}}},
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


def docs_page() -> str:
    """``/docs``: every route with its summary, then the whole description."""
    from tagmt.serve.page import STYLE

    described = document()
    rows = "".join(f"<tr><td><code>{escape(method.upper())} {escape(path)}</code></td><td>{escape(op['summary'])}</td></tr>"
                   for path, ops in described["paths"].items() for method, op in ops.items())
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>tagmt serve API</title>"
            f"<style>{STYLE}</style></head><body><h1>tagmt serve API</h1><p>The same as JSON: "
            f"<a href=\"/openapi.json\">/openapi.json</a>.</p><table>{rows}</table><h2>OpenAPI</h2>"
            f"<pre>{escape(json.dumps(described, indent=2))}</pre></body></html>")
