"""Atomic writes: the whole new file or the old one, with the usual permissions and one-line errors."""

from __future__ import annotations

import stat

import pytest

from tagmt.atomic import write_atomic
from tagmt.errors import TagmtError


class Stop(Exception):
    """Stands for a writer killed in the middle."""


def test_write_atomic_replaces_the_file(tmp_path):
    out = tmp_path / "sub" / "out.json"
    out.parent.mkdir()
    out.write_text("old content that is longer than the new one\n" * 10, "utf-8")
    assert write_atomic(out, ['{"a": ', '"日本語"}\n']) == out
    assert out.read_bytes() == '{"a": "日本語"}\n'.encode("utf-8")
    assert [p.name for p in out.parent.iterdir()] == ["out.json"]  # no temporary file left
    assert stat.S_IMODE(out.stat().st_mode) & 0o044  # readable by others, not mkstemp's 0600


def test_write_atomic_makes_missing_folders(tmp_path):
    out = tmp_path / "a" / "b" / "cell.json"
    write_atomic(out, ["{}\n"])
    assert out.read_text("utf-8") == "{}\n"


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path):
    out = tmp_path / "out.txt"
    out.write_text("finished run\n", "utf-8")

    def chunks():
        yield "first\n"
        raise Stop

    with pytest.raises(Stop):
        write_atomic(out, chunks())
    assert out.read_text("utf-8") == "finished run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_write_atomic_bad_path(tmp_path):
    (tmp_path / "file").write_text("x", "utf-8")
    with pytest.raises(TagmtError, match="cannot write"):
        write_atomic(tmp_path / "file" / "out.txt", ["a"])
    with pytest.raises(TagmtError, match="cannot write"):
        write_atomic(tmp_path, ["a"])
