"""uvicorn itself: ``serve(settings)`` runs the app factory in ``settings.workers`` processes (each loads its
own models: ``serve.warm``), bound where the settings say (127.0.0.1 unless told). Ctrl-C (SIGINT) or
SIGTERM: uvicorn stops accepting, lets the requests in flight finish (up to ``GRACE`` seconds) and exits."""

from __future__ import annotations

import os

from tagmt.serve.settings import ENVIRONMENT, ServeSettings

#: seconds the requests in flight get to finish after Ctrl-C
GRACE = 30


def serve(settings: ServeSettings, log_level: str = "info") -> None:
    import uvicorn

    settings.check()
    os.environ[ENVIRONMENT] = settings.to_environment()  # for the workers (never the token: its file)
    uvicorn.run("tagmt.serve.app:app_from_environment", factory=True, host=settings.host, port=settings.port,
                workers=settings.workers, log_level=log_level, timeout_graceful_shutdown=GRACE,
                server_header=False, access_log=log_level == "debug")
