"""Figures rounded once, and a score's split whose printed parts add up to the score
(common/figures.py, docs/decisions/0051-figures-rounded-once.md)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from common.figures import apportioned, rounded, score_split
from tests.support.figures import once
from tests.support.reviews import split_printed_right

# Pure arithmetic: nothing here touches the database (docs/decisions/0007).
pytestmark = pytest.mark.sqlite_pass_only

PROPERTY = settings(database=None, deadline=None, max_examples=400)
tenths = st.decimals(min_value=-300, max_value=300, places=3)


@pytest.mark.parametrize(
    ("value", "digits", "printed"),
    [
        (98.149, 1, "98.1"),  # the issue's: kept as 98.15, then printed 98.2
        (98.15, 1, "98.2"),
        (0.25, 1, "0.3"),
        (-0.25, 1, "-0.3"),  # half away from zero
        (2.675, 2, "2.68"),
        (1.005, 2, "1.01"),  # from the shortest form, as Intl does
        (254.5877287, 1, "254.6"),
        (-15.04999, 1, "-15.0"),
    ],
)
def test_a_value_is_rounded_once_half_away_from_zero(
    value: float, digits: int, printed: str
) -> None:
    """The rule of the browser's Intl.NumberFormat: a figure written by the server and
    the same one written by the replay's JavaScript agree."""
    assert rounded(value, digits) == Decimal(printed)


@PROPERTY
@given(
    start=st.floats(min_value=100, max_value=400),
    yours=st.floats(min_value=0, max_value=300),
    others=st.one_of(st.just(0.0), st.floats(min_value=0, max_value=100)),
    total=st.integers(min_value=0, max_value=1600),
)
def test_the_printed_parts_of_any_split_add_up_to_the_score(
    start: float, yours: float, others: float, total: int
) -> None:
    """For any exact parts of a score (luck is whatever makes them add up), the parts as
    printed add up to the score exactly; the expectation at the start is rounded once,
    every other part is within a tenth of its exact value, and only as many of them as
    the sum needs are a tenth away from their own rounding."""
    luck = total - start + yours + others
    split = score_split(start=start, luck=luck, yours=yours, others=others, total=total)
    data = {
        "expected_start": start,
        "luck": luck,
        "total_lost": yours,
        "others_lost": others,
        "total": total,
    }
    printed = {
        "start": split.start,
        "luck": split.luck,
        "yours": split.yours,
        "others": split.others,
        "total": Decimal(total),
    }
    assert split_printed_right(printed, data), (printed, data)
    assert once(split.start, start)
    assert split.yours >= 0 and split.others >= 0
    if others == 0:
        assert split.others == 0  # a part of nothing stays nothing


@PROPERTY
@given(st.lists(tenths, min_size=1, max_size=8), st.integers(min_value=-500, max_value=500))
def test_apportioned_parts_sum_to_the_total(leading: list[Decimal], total: int) -> None:
    """Any parts summing to an integer: rounded to tenths, they sum to it exactly, each
    within a tenth, no more of them off their own rounding than the sum needs."""
    parts = [float(d) for d in leading] + [float(Decimal(total) - sum(leading))]
    printed = apportioned(parts, total)
    assert sum(printed) == total
    assert all(
        abs(p - Decimal(repr(e))) < Decimal("0.1") for p, e in zip(printed, parts, strict=True)
    )
    own = [rounded(e) for e in parts]
    moved = sum(1 for p, o in zip(printed, own, strict=True) if p != o)
    assert moved == abs(sum(own, Decimal(0)) - total) * 10


def test_parts_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ValueError, match="do not add up"):
        apportioned([10.0, 20.0], 31)
