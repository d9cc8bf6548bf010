"""The compact representations behind the document readers (issue 32 item 8: memory) give what the plain ones
gave: markupscan.Tokens is the list of Token it replaces, markupruns.Places the list of Place, Segment's own
__init__ the dataclass's, and the writers' piecewise encoding the whole text's bytes."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tagmt.corpus import docwrite, splice
from tagmt.corpus.docwrite import Place, Skeleton
from tagmt.corpus.markupruns import Places
from tagmt.corpus.markupscan import Token, Tokens, tokens
from tagmt.corpus.model import InlineCode, Segment

PAGE = '<!DOCTYPE html><html lang="en"><p class=x>Hi <b>you</b><br/>&amp; <!-- c --> me</p><script>a<b</script>'


def _as_list(text: str, html: bool) -> list[Token]:
    toks = tokens(text, html=html)
    return [toks[i] for i in range(len(toks))]


def test_tokens_index_iterate_and_slice_alike() -> None:
    toks = tokens(PAGE, html=True)
    listed = _as_list(PAGE, True)
    assert isinstance(toks, Tokens)
    assert list(toks) == listed
    assert toks[-1] == listed[-1] and toks[1:4] == listed[1:4]
    assert listed[0] == Token("other", 0, 15, "")
    assert [t.name for t in listed if t.kind == "start"] == ["html", "p", "b", "script"]
    assert "".join(PAGE[t.start:t.end] for t in toks) == PAGE  # (they cover the text)
    assert ("raw", "a<b") in [(t.kind, PAGE[t.start:t.end]) for t in toks]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet='<>/ab="\' !-&;\n', max_size=60), st.booleans())
def test_tokens_cover_any_text(text: str, html: bool) -> None:
    toks = tokens(text, html=html)
    assert list(toks) == _as_list(text, html)
    assert "".join(text[t.start:t.end] for t in toks) == text


def test_places_give_back_each_place() -> None:
    escape = str.upper
    given_places = [(Place(3, 9, escape), None), (Place(12, 20, str.lower, None, '"', '"'), 0),
                    (Place(30, 31, escape), None)]
    places = Places(100)
    for place, owner in given_places:
        places.append(place, owner)
    assert len(places) == 3
    assert places[0] == Place(3, 9, escape)
    assert places[1] == Place(12, 20, str.lower, 0, '"', '"')
    assert places[-1] == places[2] == Place(30, 31, escape)
    assert list(places) == [places[0], places[1], places[2]]


def test_segment_init_is_the_dataclass_one() -> None:
    code = InlineCode("x", "1", "ph", "%s")
    segment = Segment("4", 'a <x id="1"/>', "r", {("x", "1"): code}, key=("po", None, "a", 0), keep="translated")
    assert [getattr(segment, f.name) for f in fields(Segment)] == [
        "4", 'a <x id="1"/>', "r", {("x", "1"): code}, ("po", None, "a", 0), None, None, "translated", None, (), ()]
    assert replace(segment, reference=None).reference is None and replace(segment, id="5").codes == segment.codes
    assert Segment("1", "a").codes == {} and Segment("1", "a").codes is not Segment("2", "b").codes
    assert Segment("1", "a") == Segment(id="1", source="a")


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="ab\n日本", max_size=40), st.integers(1, 7),
       st.sampled_from(["utf-8", "iso-2022-jp", "utf-16-le"]))
def test_piecewise_encoding_is_the_whole_texts(text: str, size: int, encoding: str) -> None:
    whole = text.encode(encoding)
    assert b"".join(splice._encoded(text, 0, len(text), encoding, size)) == whole
    skeleton = Skeleton(text, encoding, [])
    assert b"".join(docwrite._encoded(skeleton, [], size)) == whole


def test_document_written_around_an_edit_in_pieces(tmp_path: Path) -> None:
    text = "<p>" + "x" * 50 + "</p>\n" * 3
    skeleton = Skeleton(text, "utf-8", [])
    out = b"".join(docwrite._encoded(skeleton, [(3, 5, "YY")], size=7))
    assert out == (text[:3] + "YY" + text[5:]).encode()


def test_reading_a_page_holds_a_few_times_its_size(tmp_path: Path) -> None:
    """Issue 32 item 8: Python's own allocations while a 70 kB page is read peak at 16x its size (49x with a
    Token object per token and the items beside the segments; the fixed costs weigh more on a small page: the
    benchmark measures under 10x at 10 MB). A regression back to per-token objects fails it."""
    import tracemalloc

    from tagmt.corpus import read_corpus

    chunk = ('<h2>Open the file</h2>\n<p>Select a project <b>setting</b> for your account <a href="p.html">new '
             'view</a>.</p>\n<ul><li>Delete the old item</li><li>Save this window</li></ul>\n')
    page = tmp_path / "page.html"
    page.write_text("<!DOCTYPE html>\n<html lang=\"en\"><body>\n" + chunk * 400 + "</body></html>\n")
    size = page.stat().st_size
    read_corpus(page)  # (the readers imported: not counted)
    tracemalloc.start()
    try:
        corpus = read_corpus(page)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(corpus.segments) == 400 * 4
    assert peak < 25 * size, f"{peak / size:.1f}x the page"
