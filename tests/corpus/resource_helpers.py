"""Helpers shared by the resource-format tests (PO, JSON, properties, Android, iOS, YAML)."""

from __future__ import annotations

import re
from pathlib import Path

from tagmt.corpus import read_corpus

_TAG = re.compile(r"(<[^>]+>|&#?\w+;)")


def pseudo(tagged: str) -> str:
    """A "pseudo translation": text uppercased and bracketed, every tag kept."""
    parts = _TAG.split(tagged)
    text = "".join(part if part.startswith(("<", "&")) else part.upper() for part in parts)
    return "[" + text + "]"


def round_trip(tmp_path: Path, name: str, data: bytes, transform=None, **read):
    """Write ``data`` as ``name``, read it, write every segment's transformed source (None: no target at all),
    and return (corpus, output bytes)."""
    path = tmp_path / name
    path.write_bytes(data)
    corpus = read_corpus(path, **read)
    targets = [None if transform is None else transform(s.source) for s in corpus.segments]
    out = tmp_path / ("out-" + name)
    corpus.write(out, targets, trg_lang="de")
    return corpus, out.read_bytes()


def copy_bytes(tmp_path: Path, name: str, data: bytes, **read) -> bytes:
    """The output of a copy translation: every writable segment's source as its target, no language given."""
    path = tmp_path / name
    path.write_bytes(data)
    corpus = read_corpus(path, **read)
    out = tmp_path / ("copy-" + name)
    corpus.write(out, [s.source for s in corpus.segments])
    return out.read_bytes()
