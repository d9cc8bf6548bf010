"""rerank.clear_gain: the span ranker is switched on only by a clear inner gain (a one-sided sign test),
not by one or two inner changes that eflomal's seed turns over (issue 35, t35stable)."""

from hypothesis import given, strategies as st

from tagmt.projection.rerank import SIGN_Z, clear_gain


def test_known_answers():
    # the inner splits seen on SAP en-ko dev at seeds 1, 11, 21: one right change, or 3 right and 1 wrong
    assert not clear_gain(1, 0)
    assert not clear_gain(2, 0)
    assert not clear_gain(3, 1)
    # clear gains
    assert clear_gain(3, 0)  # 3 >= 1.645 * sqrt(3) = 2.85
    assert clear_gain(6, 1)  # 5 >= 1.645 * sqrt(7) = 4.35
    assert clear_gain(20, 8)  # 12 >= 1.645 * sqrt(28) = 8.70
    # never without a gain
    assert not clear_gain(0, 0)
    assert not clear_gain(5, 5)
    assert not clear_gain(2, 7)


def test_z_zero_is_any_gain():
    """At z = 0 the gate is the former rule: any net gain switches the ranker on."""
    assert clear_gain(1, 0, z=0.0) and clear_gain(4, 3, z=0.0)
    assert not clear_gain(3, 3, z=0.0)


@given(st.integers(0, 200), st.integers(0, 200))
def test_monotone_and_never_without_gain(right, wrong):
    if right <= wrong:
        assert not clear_gain(right, wrong)
    if clear_gain(right, wrong):
        assert clear_gain(right + 1, wrong)  # one more right change keeps a clear gain clear
        assert clear_gain(right, wrong, z=SIGN_Z / 2)  # a laxer test passes what a stricter one does
        if wrong:
            assert clear_gain(right, wrong - 1)
