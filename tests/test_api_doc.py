"""docs/api.md's examples run as written, in order, in one namespace (a notebook written from the page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_the_page_has_examples():
    assert len(blocks()) >= 6


def test_api_doc_examples_run(tmp_path, monkeypatch, capsys):
    pytest.importorskip("eflomal")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TAGMT_CACHE", str(tmp_path / "cache"))
    namespace: dict = {}
    for k, code in enumerate(blocks()):
        exec(compile(code, f"{DOC.name}[block {k}]", "exec"), namespace)  # noqa: S102 - our own documentation
