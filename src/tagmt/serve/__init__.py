"""``tagmt serve``: projection, evaluation and document translation over HTTP (issue 34), a Starlette app
under uvicorn over the same library the commands call, so that an answer equals the CLI's for the same
input and options.

- ``settings``: ``ServeSettings`` (what ``tagmt serve`` was told), carried to uvicorn's workers.
- ``app``: ``create_app(settings)``, the routes, the bearer-token check, the error handlers.
- ``problems``: ``ServeError`` and the JSON error bodies (ModernMT's shape: ``{"status", "error"}``).
- ``body``: request bodies read under ``--max-body-mb`` (413 while reading), JSON and multipart.
- ``warm``: aligners, projection models and engines loaded once per worker, kept by pair and options.
- ``project``, ``evaluate``, ``translate``: one module per endpoint family; ``page`` (``GET /``) and
  ``openapi`` (``/openapi.json``, ``/docs``); ``runner``: uvicorn itself.

docs/serve.md is the user's page.
"""
