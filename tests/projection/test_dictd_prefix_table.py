"""The dictd index read by its prefix table (`dictdfiles._prefix_table`): a sorted index is read only in the byte
ranges of the wanted headwords' first letters, once per file version, with the same entries as a whole scan; an
unsorted index is scanned whole."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.projection import dictdfiles
from tagmt.projection.dictdfiles import _index_lines, _prefix_table
from tagmt.projection.lexicon import read_lexicon

from test_lexicon import write_dictd

_WORD = st.text(alphabet="abcdeäöxyz", min_size=2, max_size=7)


@settings(max_examples=30, deadline=None)
@given(words=st.dictionaries(_WORD, _WORD, min_size=1, max_size=25), asked=st.lists(_WORD, max_size=8))
def test_the_table_reads_what_a_whole_scan_reads(tmp_path_factory, words, asked):
    folder = tmp_path_factory.mktemp("dict")
    index = write_dictd(folder, "eng-deu", {head: f"{body} <n>" for head, body in words.items()})
    starts = {word[:2] for word in [*asked, *words][:6]}
    whole = [line for _, line in _index_lines(index, None) if line[:2].lower() in starts]
    ranged = [line for _, line in _index_lines(index, starts)]
    assert ranged == whole
    queried = [*asked, *list(words)[:3]]
    table = read_lexicon([index], "en", "de").lookup(queried, [body for body in words.values()])
    dictdfiles._table_of.cache_clear()
    again = read_lexicon([index], "en", "de").lookup(queried, [body for body in words.values()])
    assert table == again


def test_an_unsorted_index_has_no_table_and_a_changed_file_is_read_again(tmp_path):
    index = tmp_path / "x.index"
    index.write_text("abc\tA\tB\nbcd\tB\tB\nabd\tC\tB\n", encoding="utf-8")  # "ab" comes back: not sorted
    assert _prefix_table(index) is None
    assert [line for _, line in _index_lines(index, {"ab"})] == ["abc\tA\tB\n", "bcd\tB\tB\n", "abd\tC\tB\n"]
    index.write_text("abc\tA\tB\nabd\tC\tB\nbcd\tB\tB\n", encoding="utf-8")
    table = _prefix_table(index)
    assert table is not None and set(table) == {"ab", "bc"}
    assert [line for _, line in _index_lines(index, {"bc"})] == ["bcd\tB\tB\n"]
