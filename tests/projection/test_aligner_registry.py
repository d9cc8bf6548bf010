"""The aligner registry: every registered aligner describes itself, and names are looked up in the table."""

from __future__ import annotations

import pytest

from tagmt.aligner_names import ALIGNER_CHOICES, ALIGNER_TABLE, ALIGNERS, aligner_class
from tagmt.errors import TagmtError
from tagmt.preflight import aligner_problems
from tagmt.projection.align import ALIGNER_CLASSES, CombinedAligner, get_aligner
from tagmt.registry import Needs, Option
from tagmt.testing.aligners import SameWordAligner


@pytest.mark.parametrize("name", ALIGNERS)
def test_every_aligner_describes_itself(name):
    cls = aligner_class(name)
    assert cls is ALIGNER_CLASSES[name] and cls.name == name
    assert isinstance(cls.learns_from_corpus, bool) and isinstance(cls.needs, Needs)
    assert cls.needs.modules and cls.needs.extra  # each needs a package, named with its extra
    assert cls.option_specs and all(isinstance(o, Option) and o.name and o.type and o.help for o in cls.option_specs)
    if cls.needs.weights:  # the option that names the weights, with a default checkpoint
        assert any(o.name == cls.weights_option and o.default for o in cls.option_specs)


def test_the_defaults_are_the_described_ones():
    eflomal = aligner_class("eflomal")()
    for spec in eflomal.option_specs:
        assert getattr(eflomal.options, spec.name) == spec.default


def test_the_other_aligners_describe_themselves_too():
    assert [o.name for o in CombinedAligner.option_specs] == ["combine"]
    assert SameWordAligner.option_specs == () and SameWordAligner.needs == Needs()


def test_choices_come_from_the_table():
    assert ALIGNERS == tuple(ALIGNER_TABLE) and set(ALIGNERS) <= set(ALIGNER_CHOICES)
    assert all(set(choice.split("+")) <= set(ALIGNERS) for choice in ALIGNER_CHOICES)


def test_unknown_aligner_names_the_valid_ones():
    message = r"^unknown aligner 'fast_align'; choose one of eflomal, awesome, attention or several joined by '\+'$"
    with pytest.raises(TagmtError, match=message):
        get_aligner("fast_align")
    with pytest.raises(TagmtError, match=message):
        aligner_class("fast_align")
    with pytest.raises(TagmtError, match=r"^unknown aligner 'fast_align'; choose one of eflomal, awesome, "
                                         r"attention, eflomal\+awesome$"):
        aligner_problems("fast_align")
