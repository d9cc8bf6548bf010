"""Directions: the 12 (or 20 with zf) ordered pairs, their names and which en<xx> pair holds each side."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagmt.data.directions import Direction, all_directions, parse_direction
from tagmt.errors import TagmtError


def test_twelve_directions_without_zf_and_twenty_with():
    names = [d.name for d in all_directions()]
    assert len(names) == 12 and len(set(names)) == 12
    assert {"en-ja", "ja-en", "ja-ko", "ko-ja", "zh-en", "en-zh", "ko-zh"} <= set(names)
    assert not any("zf" in n for n in names)
    with_zf = [d.name for d in all_directions(include_zf=True)]
    assert len(with_zf) == 20 and set(names) < set(with_zf) and "zf-ja" in with_zf


def test_pair_of_each_side():
    assert Direction("en", "ja").pair_of("en") == "enja"
    assert Direction("en", "ja").pair_of("ja") == "enja"
    assert Direction("ko", "en").pair_of("en") == "enko"
    assert (Direction("ja", "ko").pair_of("ja"), Direction("ja", "ko").pair_of("ko")) == ("enja", "enko")
    assert Direction.xliff_side("en") == "source" and Direction.xliff_side("zh") == "target"
    with pytest.raises(ValueError):
        Direction("ja", "ko").pair_of("zh")


@given(st.sampled_from(all_directions(include_zf=True)))
def test_parse_direction_round_trips(direction):
    assert parse_direction(direction.name, include_zf=True) == direction
    assert parse_direction(direction.name.upper(), include_zf=True) == direction
    assert str(direction) == direction.name


@pytest.mark.parametrize("name", ["en-fr", "ja-ja", "enja", "en-ja-ko", "", "en-"])
def test_unknown_direction_is_one_line_error(name):
    with pytest.raises(TagmtError) as err:
        parse_direction(name)
    assert "unknown direction" in str(err.value) and "en-ja" in str(err.value) and "\n" not in str(err.value)


def test_zf_needs_opt_in():
    with pytest.raises(TagmtError, match="--zf"):
        parse_direction("zf-en")
    assert parse_direction("zf-en", include_zf=True) == Direction("zf", "en")
