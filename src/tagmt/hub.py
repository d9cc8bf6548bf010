"""Loading Hugging Face checkpoints the same way everywhere: a local directory, the hub cache, or the hub.

Every ``from_pretrained`` in tagmt (translation models, the awesome aligner's encoder, TeXBLEU's embedding
model) goes through :func:`load_pretrained`, which

1. loads a local directory with ``local_files_only=True``;
2. for a hub id, tries the local cache first (no network when the files are there);
3. when they are not cached and the hub may not be asked (``HF_HUB_OFFLINE``) or cannot be reached (a
   3-second connection probe, so that huggingface_hub's five retries do not keep the user waiting), fails
   with one line saying which model was wanted and how to supply it.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Callable, TypeVar
from urllib.parse import urlparse

from tagmt.errors import TagmtError

T = TypeVar("T")

#: How long the reachability probe waits for the hub before giving up (seconds).
PROBE_TIMEOUT = 3.0


def hub_offline() -> bool:
    """Whether the user asked the Hugging Face libraries to stay offline."""
    value = os.environ.get("HF_HUB_OFFLINE") or os.environ.get("TRANSFORMERS_OFFLINE") or ""
    return value.strip().upper() in ("1", "ON", "YES", "TRUE")


def hub_reachable(timeout: float = PROBE_TIMEOUT) -> bool:
    """Whether a TCP connection to the hub endpoint (``HF_ENDPOINT``) opens within ``timeout`` seconds."""
    endpoint = urlparse(os.environ.get("HF_ENDPOINT") or "https://huggingface.co")
    host = endpoint.hostname or "huggingface.co"
    port = endpoint.port or (80 if endpoint.scheme == "http" else 443)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def missing_weights(source: str, *, alias: str = "", option: str = "--model", why: str = "") -> TagmtError:
    """The one-line error for a checkpoint that is neither local, cached, nor downloadable."""
    named = f" ({alias})" if alias and alias != source else ""
    why = why or ("HF_HUB_OFFLINE is set" if hub_offline() else "the Hugging Face hub cannot be reached")
    # option "": the command takes no path for this checkpoint (reproduce's aligner): the cache is the one way
    given = f", or pass {option} /path/to/dir holding the checkpoint" if option else ""
    return TagmtError(
        f"model {source}{named} is not in the Hugging Face cache and {why}: download it on a machine with "
        f"network (`hf download {source}`) and copy the cache ($HF_HOME/hub){given}"
    )


def _not_cached(exc: BaseException) -> bool:
    """Whether a ``local_files_only`` load failed because files are missing (not because they are broken)."""
    from huggingface_hub.errors import LocalEntryNotFoundError, OfflineModeIsEnabled

    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, (LocalEntryNotFoundError, OfflineModeIsEnabled, FileNotFoundError)):
            return True
        text = str(seen).lower()
        if "couldn't connect to" in text or "offline mode" in text or "local_files_only" in text:
            return True
        if "does not appear to have a file named" in text or "not the path to a directory" in text:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def load_pretrained(
    load: Callable[[str, bool], T], source: str, *, alias: str = "", option: str = "--model"
) -> T:
    """Run ``load(source, local_files_only)`` following the policy of this module's docstring.

    ``load`` makes every ``from_pretrained`` call a checkpoint needs (config, tokenizer, model) and passes
    ``local_files_only`` to each. ``alias`` is the short name the user typed (``m2m100``); ``option`` is the
    command-line option that takes a local directory instead.
    """
    local = Path(source).expanduser()
    if local.is_dir():
        try:
            return load(str(local.resolve()), True)
        except (OSError, ValueError) as exc:
            raise TagmtError(f"cannot load the checkpoint in {local}: {_first_line(exc)}") from exc
    if local.exists() or source.startswith((".", "/", "~")) or source.count("/") > 1:
        raise TagmtError(
            f"{option} {source}: not a checkpoint directory (expected a folder with config.json, or a hub id)"
        )
    try:
        return load(source, True)
    except (OSError, ValueError) as exc:
        if not _not_cached(exc):
            raise TagmtError(f"cannot load model {source!r}: {_first_line(exc)}") from exc
    if hub_offline() or not hub_reachable():
        raise missing_weights(source, alias=alias, option=option)
    try:
        return load(source, False)
    except (OSError, ValueError) as exc:
        if _not_cached(exc):
            raise missing_weights(source, alias=alias, option=option) from exc
        raise TagmtError(f"cannot load model {source!r}: {_first_line(exc)}") from exc


_WEIGHT_FILES = ("model.safetensors", "model.safetensors.index.json", "pytorch_model.bin", "pytorch_model.bin.index.json")


def find_checkpoint(source: str, *, alias: str = "", option: str = "--model") -> tuple[Path | None, TagmtError | None]:
    """Where a checkpoint's ``config.json`` is without loading anything, for checks before a run: a local
    directory, or the hub cache (with its weights). Returns (the config file or None, the problem or None):
    (None, None) means not here but downloadable now; a problem is the one-line error a load would give."""
    local = Path(source).expanduser()
    if local.is_dir():
        config = local / "config.json"
        if not config.is_file():
            return None, TagmtError(f"{option} {source}: not a checkpoint directory (no config.json in it)")
        return config, None
    if local.exists() or source.startswith((".", "/", "~")) or source.count("/") > 1:
        return None, TagmtError(
            f"{option} {source}: not a checkpoint directory (expected a folder with config.json, or a hub id)"
        )
    from huggingface_hub import try_to_load_from_cache

    config = try_to_load_from_cache(source, "config.json")
    if isinstance(config, str) and any(isinstance(try_to_load_from_cache(source, name), str) for name in _WEIGHT_FILES):
        return Path(config), None
    if hub_offline() or not hub_reachable():
        return None, missing_weights(source, alias=alias, option=option)
    return None, None
