"""Issue 33, item 3: a crafted dictd dictionary is refused in one line, in bounded time — a dictzip header
with a chunk size of 0 (ZeroDivisionError before), a plain-gzip `.dict.dz` whose index points far into
it (every lookup inflates it from the start: capped at `MAX_GZIP_INFLATE`, named when refused)."""

from __future__ import annotations

import gzip
import struct
import time

import pytest

from tagmt.errors import TagmtError
from tagmt.projection import dictdfiles
from tagmt.projection.lexicon import read_lexicon

from test_lexicon import b64


def _index(folder, name: str, rows: list[tuple[str, int, int]]):
    path = folder / f"{name}.index"
    path.write_text("".join(f"{h}\t{b64(o)}\t{b64(n)}\n" for h, o, n in rows), encoding="utf-8")
    return path


def _dictzip_header(size: int, sizes: list[int]) -> bytes:
    ra = struct.pack("<HHH", 1, size, len(sizes)) + struct.pack(f"<{len(sizes)}H", *sizes)
    extra = b"RA" + struct.pack("<H", len(ra)) + ra
    return b"\x1f\x8b\x08\x04" + b"\0\0\0\0" + b"\x02\x03" + struct.pack("<H", len(extra)) + extra


def test_a_dictzip_chunk_size_of_zero_is_one_line(tmp_path):
    index = _index(tmp_path, "eng-deu", [("risk", 0, 20)])
    (tmp_path / "eng-deu.dict.dz").write_bytes(_dictzip_header(0, [10, 10]) + b"\0" * 40)
    with pytest.raises(TagmtError, match="chunk size of 0") as caught:
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])
    assert "\n" not in str(caught.value) and "eng-deu.dict.dz" in str(caught.value)


def test_a_dictzip_name_that_never_ends_is_refused(tmp_path):
    index = _index(tmp_path, "eng-deu", [("risk", 0, 20)])
    header = bytearray(_dictzip_header(64, [10]))
    header[3] |= 8  # FNAME, never terminated
    (tmp_path / "eng-deu.dict.dz").write_bytes(bytes(header) + b"x" * (1 << 17))
    with pytest.raises(TagmtError, match="over 64 KiB"):
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])


def test_a_plain_gzip_dictionary_is_inflated_at_most_to_its_limit(tmp_path, monkeypatch):
    entry = b"risk /risk/\nRisiko <neut>\n\n"
    pad = b"x" * 5000
    body = pad + entry
    index = _index(tmp_path, "eng-deu", [("risk", len(pad), len(entry))])
    (tmp_path / "eng-deu.dict.dz").write_bytes(gzip.compress(body))
    assert read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"]) == {"risk": {"risiko"}}
    monkeypatch.setattr(dictdfiles, "MAX_GZIP_INFLATE", 4096)
    with pytest.raises(TagmtError, match="MAX_GZIP_INFLATE.*dictzip") as caught:
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])
    assert "\n" not in str(caught.value)


def test_an_index_pointing_far_into_a_gzip_bomb_is_refused_at_once(tmp_path):
    index = _index(tmp_path, "eng-deu", [("risk", 1 << 40, 30)])
    with gzip.open(tmp_path / "eng-deu.dict.dz", "wb") as g:  # 64 MiB of zeros in ~64 KiB
        for _ in range(64):
            g.write(b"\0" * (1 << 20))
    started = time.monotonic()
    with pytest.raises(TagmtError, match="past the 512 MiB"):
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])
    assert time.monotonic() - started < 2


def test_an_index_line_without_end_is_refused_not_held(tmp_path):
    index = tmp_path / "eng-deu.index"
    index.write_text("risk\t" + "A" * (1 << 20), encoding="utf-8")
    (tmp_path / "eng-deu.dict").write_bytes(b"risk\nRisiko\n")
    with pytest.raises(TagmtError, match="a line over 65,536 characters"):
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])


def test_an_offset_too_long_to_be_one_is_refused_at_once(tmp_path):
    index = tmp_path / "eng-deu.index"
    index.write_text("risk\t" + "/" * 60_000 + "\tB\n", encoding="utf-8")  # 64^60000: quadratic to compute
    (tmp_path / "eng-deu.dict").write_bytes(b"risk\nRisiko\n")
    started = time.monotonic()
    with pytest.raises(TagmtError, match="over 8 digits"):
        read_lexicon([index], "en", "de").lookup(["risk"], ["risiko"])
    assert time.monotonic() - started < 2


def test_a_tsv_lexicon_line_without_end_is_refused_naming_it(tmp_path):
    path = tmp_path / "mine.tsv"
    path.write_bytes(b"risk\tRisiko\n" + b"x" * (1 << 20))
    with pytest.raises(TagmtError, match="mine.tsv:2: line of the lexicon is over tagmt.s limit of 65,536 bytes"):
        read_lexicon([path], "en", "de").lookup(["risk"], ["risiko"])
