"""What ``tagmt serve`` was told, as one frozen object: the command builds it, each uvicorn worker reads it
back from the environment (``TAGMT_SERVE_SETTINGS``, JSON; the token itself never travels: each worker
reads ``token_file``)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field

from tagmt.errors import TagmtError

ENVIRONMENT = "TAGMT_SERVE_SETTINGS"
#: the engines ``/v1/translate`` offers unless ``--model`` says others: the offline ones
DEFAULT_MODELS = ("copy", "pseudo", "reference")
#: the largest token file read (a token is a line)
MAX_TOKEN_BYTES = 4096


@dataclass(frozen=True)
class ServeSettings:
    """``host``/``port``/``workers`` for uvicorn; ``projection_models``: folders made by ``tagmt learn``, one
    per language pair; ``max_body_mb``: the largest request body; ``token_file``: a file holding the bearer
    token every request must carry (None: no token); ``aligner``/``device``: the aligner projections use
    unless a request says otherwise; ``models``: the engines ``/v1/translate`` may load (the first is the
    default), so that no request makes the server load a model or reach a server it was not told of;
    ``answer_cache``: how many projection answers are kept for repeated requests (0: none)."""

    host: str = "127.0.0.1"
    port: int = 8765
    workers: int = 1
    projection_models: tuple[str, ...] = field(default_factory=tuple)
    max_body_mb: float = 16.0
    token_file: str | None = None
    aligner: str = "eflomal"
    device: str = "auto"
    models: tuple[str, ...] = DEFAULT_MODELS
    answer_cache: int = 4096

    @property
    def max_body_bytes(self) -> int:
        return int(self.max_body_mb * 1024 * 1024)

    def check(self) -> None:
        """The settings' own problems, one line each (before uvicorn starts)."""
        if not 0 < self.port < 65536:
            raise TagmtError(f"--port must be 1 to 65535, not {self.port}")
        if self.workers < 1:
            raise TagmtError(f"--workers must be at least 1, not {self.workers}")
        if self.answer_cache < 0:
            raise TagmtError(f"--answer-cache must be 0 or more, not {self.answer_cache}")
        if not self.models:
            raise TagmtError("--model: give at least one engine for /v1/translate")
        if not self.max_body_mb > 0:
            raise TagmtError(f"--max-body-mb must be more than 0, not {self.max_body_mb}")
        if "attention" in self.aligner.split("+"):  # its links come from a translating model: none here
            from tagmt.projection.attention import ELSEWHERE

            raise TagmtError(f"--aligner attention: {ELSEWHERE}")

    def to_environment(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_environment(cls) -> "ServeSettings":
        given = os.environ.get(ENVIRONMENT)
        if not given:
            return cls()
        data = json.loads(given)
        data["projection_models"] = tuple(data.get("projection_models") or ())
        data["models"] = tuple(data.get("models") or DEFAULT_MODELS)
        return cls(**data)


def read_token(path: str) -> str:
    """The bearer token in ``path`` (its first line, stripped), read through ``tagmt.safeio``; an empty or
    unreadable file is one line naming it."""
    from tagmt.safeio import decode_utf8, read_regular_file

    data = read_regular_file(path, what="--token-file", limit=MAX_TOKEN_BYTES)
    lines = decode_utf8(data, path, what="--token-file").splitlines()
    token = lines[0].strip() if lines else ""
    if not token:
        raise TagmtError(f"{path}: the --token-file is empty; write the bearer token on its first line")
    if any(ch.isspace() for ch in token):
        raise TagmtError(f"{path}:1: the token holds white space; write the bearer token alone on the first line")
    return token
