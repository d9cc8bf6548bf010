"""Line breaks inside a segment survive a line file: written as character references, read back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tagmt.linecodec import LINE_BREAKS, decode_line, encode_line, has_line_break


def test_each_break_becomes_a_reference() -> None:
    assert encode_line("line1\nline2") == "line1&#10;line2"
    assert encode_line("a\r\nb") == "a&#13;&#10;b"
    assert encode_line("a\u2028b\x85c") == "a&#8232;b&#133;c"
    for char in LINE_BREAKS:
        assert len(encode_line(f"x{char}y").splitlines()) == 1


def test_other_references_are_left_alone() -> None:
    assert decode_line("&#38; &#x3C; &amp; &#10;&#xA;&#XD;") == "&#38; &#x3C; &amp; \n\n\r"
    assert decode_line("&#99999999;") == "&#99999999;"


def test_has_line_break() -> None:
    assert has_line_break("a\u2029b") and not has_line_break("a b")


@given(st.text())
def test_round_trip_and_one_line(segment: str) -> None:
    line = encode_line(segment)
    assert not has_line_break(line)
    if not any(m in segment for m in ("&#", )):
        assert decode_line(line) == segment
