"""Headless Chromium for the report pages' tests and benchmark: the DOM after the scripts ran, and
screenshots. Each call uses a fresh profile folder and no network features (no sync, no component
updates, no background fetches); the pages themselves forbid any fetch by their CSP.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

#: Where Debian's ``chromium`` package puts it; ``$TAGMT_CHROMIUM`` overrides.
NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-extensions", "--mute-audio",
)


def find_chromium() -> str | None:
    """The browser's path, or None when none is installed."""
    chosen = os.environ.get("TAGMT_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).is_file() else None
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


def _run(arguments: list[str], timeout: float) -> subprocess.CompletedProcess:
    browser = find_chromium()
    if browser is None:
        raise RuntimeError("no chromium found (apt-get install chromium, or set TAGMT_CHROMIUM)")
    profile = tempfile.mkdtemp(prefix="tagmt-chromium-")
    sandbox = ["--no-sandbox"] if os.geteuid() == 0 else []  # Chromium refuses its sandbox as root
    try:
        return subprocess.run([browser, *FLAGS, *sandbox, f"--user-data-dir={profile}", *arguments],
                              capture_output=True, timeout=timeout, check=False)
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def page_url(path: str | Path, query: str = "") -> str:
    """The ``file://`` address of a page, with a query string (``tag=b&kind=dropped``)."""
    url = Path(path).resolve().as_uri()
    return f"{url}?{query}" if query else url


def dump_dom(url: str, *, budget_ms: int = 5000, timeout: float = 120) -> str:
    """The serialized DOM once the page's scripts have run (``--dump-dom``)."""
    done = _run([f"--virtual-time-budget={budget_ms}", "--dump-dom", url], timeout)
    if done.returncode != 0 or not done.stdout:
        raise RuntimeError(f"chromium --dump-dom failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return done.stdout.decode("utf-8")


def timed_dump_dom(url: str, **options) -> tuple[str, float]:
    """The DOM and the wall time the browser took, in seconds (start, parse, scripts, serialize)."""
    started = time.perf_counter()
    dom = dump_dom(url, **options)
    return dom, time.perf_counter() - started


def screenshot(url: str, path: str | Path, *, width: int = 1400, height: int = 1000, budget_ms: int = 5000,
               timeout: float = 120) -> Path:
    """A PNG of the top ``width`` × ``height`` of the page."""
    target = Path(path)
    done = _run([f"--virtual-time-budget={budget_ms}", f"--screenshot={target}", f"--window-size={width},{height}",
                 "--hide-scrollbars", url], timeout)
    if done.returncode != 0 or not target.is_file():
        raise RuntimeError(f"chromium --screenshot failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return target
