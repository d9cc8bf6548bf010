"""The service's fixtures: an app for the TestClient (models warm for the whole module), the sample's
tagged English lines with their German translations as MT would write them (natural text, no tags), and
a real ``tagmt serve`` process on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from tagmt.corpus.lines import read_segments
from tagmt.plaintext import plain_text
from tagmt.serve.app import create_app
from tagmt.serve.settings import ServeSettings

SAMPLE_FILES = Path(__file__).resolve().parents[2] / "data" / "sample" / "files"


@pytest.fixture(scope="session")
def guide_lines() -> tuple[list[str], list[str]]:
    """(tagged English sources, natural German translations) of data/sample/files/guide.*"""
    sources = read_segments(SAMPLE_FILES / "guide.en")  # as tagmt project reads them
    targets = read_segments(SAMPLE_FILES / "guide.de")
    return sources, [plain_text(t, escaped=True) for t in targets]


@pytest.fixture(scope="module")
def client() -> TestClient:
    with TestClient(create_app(ServeSettings()), raise_server_exceptions=False) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(*options: str, timeout: float = 60.0) -> tuple[subprocess.Popen, str]:
    """``tagmt serve`` in its own process on a free port; its base address once /health answers."""
    port = free_port()
    source = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": source + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = subprocess.Popen([sys.executable, "-m", "tagmt", "serve", "--port", str(port), "--log-level", "warning",
                                *options], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"tagmt serve exited {process.returncode}: {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(base + "/health", timeout=2).status_code in (200, 401):  # (401: a --token-file server)
                return process, base
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise RuntimeError("tagmt serve did not answer /health in time")


@pytest.fixture(scope="module")
def server():
    """A real server (one worker, loopback), stopped with SIGINT after the module's tests."""
    process, base = start_server()
    yield process, base
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=30)
