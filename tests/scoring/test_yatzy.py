"""Yatzy score sheet: its bonus and its boxes under both options."""

import pytest

from scoring import rulesets
from tests.support.sheets import UPPER_63, sheet


def test_upper_bonus_50_at_63() -> None:
    card = sheet("yatzy", UPPER_63)
    assert (card.column_totals().upper_bonus, card.total) == (50, 113)


def test_no_upper_bonus_at_62() -> None:
    card = sheet("yatzy", [((1, 1, 3, 3, 4), "ones"), *UPPER_63[1:]])
    assert (card.column_totals().upper_bonus, card.total) == (0, 62)


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ((3, 3, 3, 3, 1), "three_of_a_kind", 9),
        ((3, 3, 3, 3, 1), "one_pair", 6),
        ((3, 3, 3, 3, 1), "four_of_a_kind", 12),
        ((6, 6, 6, 6, 6), "four_of_a_kind", 24),
        ((6, 6, 6, 6, 6), "one_pair", 12),
        ((3, 3, 6, 6, 6), "two_pairs", 18),
        ((3, 3, 3, 3, 6), "two_pairs", 0),
        ((5, 5, 5, 5, 5), "two_pairs", 0),
        ((4, 4, 4, 4, 4), "full_house", 0),
        ((4, 4, 4, 1, 1), "full_house", 14),
        ((1, 2, 3, 4, 6), "small_straight", 0),
        ((1, 2, 3, 4, 5), "large_straight", 0),
        ((2, 3, 4, 5, 6), "small_straight", 0),
    ],
)
def test_scandinavian_boxes(dice: tuple[int, ...], box: str, points: int) -> None:
    assert rulesets.get("yatzy").score(dice, box) == points


def test_no_joker_and_no_extra_bonus() -> None:
    card = sheet("yatzy", [((2,) * 5, "yatzy")])
    options = {p.box: p for p in card.options((2,) * 5)}
    assert len(options) == 14
    assert options["full_house"].points == 0 and options["chance"].points == 10
    assert all(p.bonus == 0 for p in options.values())
    assert card.place((2,) * 5, "ones").total == 50


def test_exact_counts_changes_only_the_kinds() -> None:
    plain, exact = rulesets.get("yatzy"), rulesets.get("yatzy", exact_counts=True)
    assert plain.categories == exact.categories
    assert plain != exact
    assert exact.score((6, 6, 6, 1, 1), "one_pair") == 2
    assert plain.score((6, 6, 6, 1, 1), "one_pair") == 12
    assert exact.score((6, 6, 6, 1, 1), "full_house") == 20
