"""``tagmt serve``: projection, evaluation and document translation over HTTP (``tagmt.serve``)."""

from __future__ import annotations

import argparse

from tagmt.aligner_names import ALIGNER_CHOICES, DEFAULT_ALIGNER

EXAMPLE = """\
examples:
  tagmt serve                                   # http://127.0.0.1:8765/ (the page), /docs (the API)
  tagmt serve --projection-model en-de.model --projection-model en-ja.model --workers 2
  tagmt serve --host 0.0.0.0 --token-file ~/.config/tagmt/token --max-body-mb 64 --model copy --model m2m100

  curl -s localhost:8765/v1/project -H 'Content-Type: application/json' -d '{"source": ["Open the <b>Settings</b>
      page"], "translation": ["Öffnen Sie die Seite Einstellungen"], "src_lang": "en", "trg_lang": "de"}'
  curl -s 'localhost:8765/tags-projection?text=Open+the+<b>Settings</b>&translation=Einstellungen+öffnen&source=en&target=de'
  curl -s -X POST 'localhost:8765/v1/translate?model=copy&trg_lang=de' --data-binary @manual.xlf -o manual.de.xlf

Every answer is the CLI's for the same input and options (tagmt project, tagmt evaluate --format json,
tagmt translate --input). Models load once per worker and stay loaded; errors are JSON bodies
{"status": N, "error": {"type", "message"}}: 400 bad JSON, options or language codes (the CLI's message),
401 without the token of --token-file, 413 over --max-body-mb, 502/503 when the engine fails or cannot load.
Ctrl-C lets the requests in flight finish, then stops. docs/serve.md has an example of every endpoint.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve projection, evaluation and file translation over HTTP (and a page to try them)",
        description="Run tagmt as an HTTP service (Starlette under uvicorn): /v1/project, ModernMT's "
                    "/tags-projection, /v1/evaluate, /v1/translate, a page at / and the OpenAPI description at /docs.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="worker processes (default 1); each loads its own models")
    parser.add_argument("--projection-model", action="append", default=[], metavar="DIR",
                        help="a projection model made by tagmt learn, used for its language pair (repeatable: one "
                             "per pair)")
    parser.add_argument("--max-body-mb", type=float, default=16.0, metavar="N",
                        help="largest request body in MiB (default 16); larger ones get 413")
    parser.add_argument("--token-file", metavar="FILE",
                        help="a file whose first line is the token every request must send as "
                             "Authorization: Bearer TOKEN")
    parser.add_argument("--model", action="append", default=None, metavar="MODEL",
                        help="an engine /v1/translate may use, as tagmt translate --model names it (repeatable; "
                             "the first is the default; default: copy, pseudo, reference)")
    parser.add_argument("--aligner", choices=ALIGNER_CHOICES, default=DEFAULT_ALIGNER,
                        help="word aligner of projections unless a request names one (default: eflomal)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                        help="where models run (default: cuda when available)")
    parser.add_argument("--answer-cache", type=int, default=4096, metavar="N",
                        help="projection answers kept for repeated requests (default 4096; 0: none); a repeated "
                             "request gets the same answer without aligning again")
    parser.add_argument("--log-level", choices=("critical", "error", "warning", "info", "debug"), default="info",
                        help="uvicorn's log level (default info; debug logs every request)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from tagmt.errors import require

    require("starlette", "serve", "tagmt serve")
    require("uvicorn", "serve", "tagmt serve")
    from tagmt.serve.runner import serve
    from tagmt.serve.settings import DEFAULT_MODELS, ServeSettings, read_token
    from tagmt.serve.warm import load_projection_models

    settings = ServeSettings(host=args.host, port=args.port, workers=args.workers,
                             projection_models=tuple(args.projection_model), max_body_mb=args.max_body_mb,
                             token_file=args.token_file, aligner=args.aligner, device=args.device,
                             models=tuple(args.model or DEFAULT_MODELS), answer_cache=args.answer_cache)
    settings.check()
    if settings.token_file:
        read_token(settings.token_file)  # an unreadable or empty token file fails here, before uvicorn starts
    load_projection_models(settings.projection_models)  # and so does a model folder that is not one
    serve(settings, log_level=args.log_level)
    return 0
