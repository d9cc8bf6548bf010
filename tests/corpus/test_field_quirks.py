"""Issue 32's field quirks: small hand-made files (``tests/corpus/quirk_files.py``, one quirk each, written by
the test into a temporary folder) through ``translate --model copy`` and ``--model pseudo`` as a user runs them,
each output checked with the format's own parser by ``benchmarks/bench_document_roundtrip.py``; the files that
must be refused are refused in one line naming the file and what to do. Plus the fixes the quirks asked for."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import quirk_files  # noqa: E402  (the fixtures beside this file)

#: name -> a piece of the one-line refusal (what and how to fix).
REFUSED = {
    "q_xml_doctype_entities.xml": "declares a DOCTYPE with declarations of its own",
    "q_json_dupkeys.json": "the key 'key' appears twice in one object",
    "q_json_comments.json": "not JSON",
}


def _checker():
    spec = importlib.util.spec_from_file_location("bench_document_roundtrip_quirks",
                                                  ROOT / "benchmarks" / "bench_document_roundtrip.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


CHECK = _checker()
FILES = {name: data for files in quirk_files.ALL.values() for name, data in files.items()}


def test_fixture_names_are_unique() -> None:
    assert len(FILES) == sum(len(files) for files in quirk_files.ALL.values())


@pytest.mark.parametrize("name", sorted(FILES))
def test_quirk_survives_copy_and_pseudo(tmp_path: Path, name: str) -> None:
    path = tmp_path / "in" / name
    path.parent.mkdir()
    path.write_bytes(FILES[name])
    fmt = CHECK.detect_format(path)
    if fmt is None:  # (detection refuses it: the run must say so in one line)
        status, reason = CHECK.run(path, "copy", tmp_path / "out" / name)
    else:
        assert fmt in CHECK.PARSERS, f"{name} read as {fmt}"
        status, reason = CHECK.check(path, fmt, tmp_path)
    if name in REFUSED:
        assert status == "refused" and REFUSED[name] in reason and name in reason, reason
    else:
        assert (status, reason) == ("ok", ""), reason
