"""Triple Yahtzee: three Yahtzee columns, any open box of any column, x1 x2 x3."""

import pytest

from scoring import rulesets
from scoring.errors import RulesError
from tests.support.sheets import filled, sheet


def test_any_open_box_of_any_column() -> None:
    card = sheet("triple_yahtzee", [((1, 2, 3, 4, 6), "small_straight", "x3")])
    options = card.options((6, 6, 6, 6, 2))
    assert len(options) == 3 * 13 - 1
    assert {p.column for p in options} == {"x1", "x2", "x3"}
    assert ("x3", "small_straight") not in {(p.column, p.box) for p in options}


def test_the_same_box_in_each_column_and_the_multipliers() -> None:
    card = sheet(
        "triple_yahtzee", [((6, 5, 4, 3, 2), "chance", column) for column in ("x1", "x2", "x3")]
    )
    assert [t.total for t in card.totals()] == [20, 40, 60]
    assert card.total == 120


def test_upper_bonus_per_column_is_multiplied_too() -> None:
    upper = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    card = filled("triple_yahtzee", {"x2": upper, "x3": {**upper, "sixes": 12}})
    x1, x2, x3 = card.totals()
    assert x1.total == 0
    assert (x2.upper_bonus, x2.total) == (35, 196)
    assert (x3.upper_bonus, x3.total) == (0, 171)
    assert card.total == 367


def test_joker_and_extra_bonus_follow_the_column_played() -> None:
    card = filled("triple_yahtzee", {"x2": {"yahtzee": 50}})
    options = {(p.column, p.box): p for p in card.options((4,) * 5)}
    assert [b for c, b in options if c == "x2"] == ["fours"]
    assert options["x2", "fours"].bonus == 100
    assert options["x1", "yahtzee"].points == 50 and options["x1", "yahtzee"].bonus == 0
    assert options["x3", "full_house"].points == 0
    card = card.place((4,) * 5, "fours", "x2")
    assert card.extra_yahtzees("x2") == 1 and card.extra_yahtzees("x1") == 0
    assert card.column_totals("x2").total == (50 + 20 + 100) * 2


def test_free_joker_option_applies_per_column() -> None:
    card = filled("triple_yahtzee", {"x1": {"yahtzee": 50, "fours": 16}}, joker="free")
    options = {(p.column, p.box): p for p in card.options((4,) * 5)}
    assert options["x1", "large_straight"].points == 40
    assert options["x1", "ones"].bonus == 100
    assert options["x2", "large_straight"].points == 0


def test_column_must_be_named() -> None:
    with pytest.raises(RulesError) as err:
        sheet("triple_yahtzee").place((1, 1, 1, 1, 1), "yahtzee")
    assert err.value.code == "column_required"
    assert rulesets.get("triple_yahtzee").columns == ("x1", "x2", "x3")
