"""The dictd prefix table built from the index's bytes a run of lines at a time (`dictdfiles._table_of_bytes`, issue
35: time of a small call) is the table a line-at-a-time scan builds, for any bytes (sorted or not, long lines, short
lines, non-ASCII and invalid UTF-8 first letters); the ranged lines filtered by longer starts are those a whole scan
keeps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import dictdfiles
from tagmt.projection.dictdfiles import MAX_INDEX_LINE, _index_lines, _table_of_bytes, _table_of_lines

_PIECES = st.sampled_from([b"ab", b"Ab", b"AB", b"ac", b"a", b"", b"\xc3\xa4b", b"\xc3\x84b", b"\xc4\xb0x", b"ix",
                           b"\xff", b"\r", b"\tFV\tDD", b"abcd\tA\tB", b"zz", b"\xce\xa3\xce\xb1"])
_LINES = st.lists(st.lists(_PIECES, max_size=3).map(b"".join), max_size=12)


@settings(max_examples=200, deadline=None)
@given(lines=_LINES, ending=st.booleans(), sort=st.booleans())
def test_the_byte_table_is_the_line_table(tmp_path_factory, lines, ending, sort):
    data = b"\n".join(sorted(lines) if sort else lines) + (b"\n" if ending and lines else b"")
    path = tmp_path_factory.mktemp("index") / "x.index"
    path.write_bytes(data)
    assert _table_of_bytes(data) == _table_of_lines(str(path))


def test_a_line_over_the_limit_has_no_table_and_one_just_under_has_one(tmp_path):
    for content, table in ((b"ab\n" + b"x" * (MAX_INDEX_LINE - 1) + b"\n", True),
                           (b"ab\n" + b"x" * MAX_INDEX_LINE + b"\n", False),
                           (b"ab\nab" + b"x" * MAX_INDEX_LINE, False)):
        (tmp_path / "x.index").write_bytes(content)
        assert (_table_of_bytes(content) is not None) is table
        assert (_table_of_lines(str(tmp_path / "x.index")) is not None) is table


@settings(max_examples=40, deadline=None)
@given(words=st.lists(st.text(alphabet="abcAÄäöΣσİiK", min_size=1, max_size=6), min_size=1, max_size=30),
       starts=st.sets(st.text(alphabet="abcäöσik", min_size=4, max_size=4), min_size=1, max_size=6))
def test_longer_starts_keep_the_lines_a_whole_scan_keeps(tmp_path_factory, words, starts):
    path = tmp_path_factory.mktemp("index") / "x.index"
    path.write_text("".join(f"{w}\tA\tB\n" for w in sorted(words, key=lambda w: w[:2].lower())), encoding="utf-8")
    dictdfiles._table_of.cache_clear()
    ranged = [line for _, line in _index_lines(path, starts)]
    whole = [line for _, line in _index_lines(path, None) if line[:4].lower() in starts]
    assert ranged == whole
