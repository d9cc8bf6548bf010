"""The shared checkpoint-loading policy: local directory, cache, then the hub only when reachable."""

from __future__ import annotations

import socket

import pytest

from tagmt.errors import TagmtError
from tagmt.hub import hub_reachable, load_pretrained


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def no_hub(monkeypatch, tmp_path):
    """An empty cache and a hub endpoint on a closed local port: nothing can be fetched."""
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{_closed_port()}")
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)


def test_local_directory_is_loaded_offline(tmp_path):
    calls = []
    result = load_pretrained(lambda path, local: calls.append((path, local)) or "loaded", str(tmp_path))
    assert result == "loaded"
    assert calls == [(str(tmp_path.resolve()), True)]


def test_missing_path_like_source_is_refused(tmp_path):
    with pytest.raises(TagmtError, match="not a checkpoint directory"):
        load_pretrained(lambda path, local: None, str(tmp_path / "nowhere"))


def test_broken_local_checkpoint_names_the_folder(tmp_path):
    def load(path, local):
        raise OSError("config.json is not valid JSON")

    with pytest.raises(TagmtError, match=f"cannot load the checkpoint in {tmp_path}: config.json"):
        load_pretrained(load, str(tmp_path))


def test_uncached_hub_id_with_unreachable_hub_is_one_line(no_hub):
    transformers = pytest.importorskip("transformers")
    calls = []

    def load(path, local):
        calls.append(local)
        return transformers.AutoConfig.from_pretrained(path, local_files_only=local)

    assert not hub_reachable(timeout=1)
    with pytest.raises(TagmtError) as info:
        load_pretrained(load, "facebook/m2m100_418M", alias="m2m100")
    message = str(info.value)
    assert "\n" not in message
    assert "facebook/m2m100_418M (m2m100)" in message and "cannot be reached" in message
    assert "--model /path/to/dir" in message
    assert calls == [True]  # the cache was tried; the unreachable hub was never asked


def test_offline_flag_is_named(no_hub, monkeypatch):
    pytest.importorskip("transformers")
    from transformers import AutoConfig

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(TagmtError, match="HF_HUB_OFFLINE is set.*--aligner-model /path/to/dir"):
        load_pretrained(
            lambda path, local: AutoConfig.from_pretrained(path, local_files_only=local),
            "bert-base-multilingual-cased",
            option="--aligner-model",
        )
