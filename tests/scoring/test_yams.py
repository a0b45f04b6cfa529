"""Yam's: column order, announcements, bonus, maximum and minimum."""

import pytest

from scoring import rulesets
from scoring.dice import scripted
from scoring.errors import RulesError
from scoring.scorecard import Scorecard
from scoring.turn import Turn
from tests.support.sheets import filled, sheet

ROLL = (2, 3, 3, 5, 6)
STRAIGHT = (2, 3, 4, 5, 6)


def slots(card: Scorecard, **kwargs: str | None) -> list[tuple[str, str]]:
    return [(p.column, p.box) for p in card.options(ROLL, **kwargs)]


def test_fresh_sheet_offers_free_any_down_ones_up_yams_and_no_announced_box() -> None:
    card = sheet("yams")
    found = slots(card)
    assert [b for c, b in found if c == "free"] == list(rulesets.get("yams").categories)
    assert [b for c, b in found if c == "down"] == ["ones"]
    assert [b for c, b in found if c == "up"] == ["yams"]
    assert [b for c, b in found if c == "announced"] == []


def test_down_fills_from_ones_downwards() -> None:
    card = sheet("yams", [(ROLL, "ones", "down")])
    assert [b for c, b in slots(card) if c == "down"] == ["twos"]
    with pytest.raises(RulesError) as err:
        card.place(ROLL, "threes", "down")
    assert err.value.code == "illegal_box"
    assert "Twos" in str(err.value)


def test_up_fills_from_yams_upwards() -> None:
    card = sheet("yams", [(ROLL, "yams", "up"), (STRAIGHT, "straight", "up")])
    assert card.score_in("straight", "up") == 40
    assert [b for c, b in slots(card) if c == "up"] == ["four_of_a_kind"]
    with pytest.raises(RulesError) as err:
        card.place(ROLL, "ones", "up")
    assert err.value.code == "illegal_box"


def test_free_column_in_any_order() -> None:
    card = sheet(
        "yams", [(ROLL, "sixes", "free"), (ROLL, "ones", "free"), (ROLL, "maximum", "free")]
    )
    assert card.open_boxes("free") == (
        "twos",
        "threes",
        "fours",
        "fives",
        "minimum",
        "full_house",
        "four_of_a_kind",
        "straight",
        "yams",
    )


def test_announced_box_is_the_only_placement_of_that_turn() -> None:
    card = sheet("yams")
    assert slots(card, announced="straight") == [("announced", "straight")]
    placed = card.place(STRAIGHT, "straight", "announced", announced="straight")
    assert placed.score_in("straight", "announced") == 40
    for column, box in [("free", "straight"), ("announced", "yams"), ("down", "ones")]:
        with pytest.raises(RulesError) as err:
            card.place(ROLL, box, column, announced="straight")
        assert err.value.code == "illegal_box"


def test_announced_column_needs_an_announcement() -> None:
    with pytest.raises(RulesError) as err:
        sheet("yams").place(ROLL, "sixes", "announced")
    assert err.value.code == "illegal_box"
    assert "announced" in str(err.value)


def test_announcing_a_filled_box_is_refused() -> None:
    card = filled("yams", {"announced": {"sixes": 12}})
    with pytest.raises(RulesError) as err:
        Turn().roll(scripted(ROLL), card=card).announce("sixes", card)
    assert err.value.code == "box_taken"


def test_announce_only_right_after_the_first_roll() -> None:
    card = sheet("yams")
    with pytest.raises(RulesError) as err:
        Turn().announce("yams", card)
    assert err.value.code == "not_rolled"
    turn = Turn().roll(scripted(ROLL), card=card)
    late = turn.roll(scripted([1]), hold=[0, 1, 2, 3], card=card)
    with pytest.raises(RulesError) as err:
        late.announce("yams", card)
    assert err.value.code == "announce_too_late"
    turn = turn.announce("yams", card)
    with pytest.raises(RulesError) as err:
        turn.announce("straight", card)
    assert err.value.code == "already_announced"
    turn = turn.roll(scripted([3, 3, 3]), hold=[1, 2], card=card)
    card = turn.place(card, "yams", "announced")
    assert card.score_in("yams", "announced") == 50


def test_when_only_announced_boxes_are_left_the_turn_must_announce_before_rerolling() -> None:
    rs = rulesets.get("yams")
    every = {box: rs.box_bounds(box)[0] for box in rs.categories}
    card = filled(
        "yams",
        {
            "free": every,
            "down": every,
            "up": every,
            "announced": {k: v for k, v in every.items() if k != "yams"},
        },
    )
    assert card.must_announce
    assert card.options(ROLL) == ()
    turn = Turn().roll(scripted(ROLL), card=card)
    with pytest.raises(RulesError) as err:
        turn.roll(scripted([1]), hold=[0, 1, 2, 3], card=card)
    assert err.value.code == "announcement_required"
    turn = turn.announce("yams", card).roll(scripted([1]), hold=[0, 1, 2, 3], card=card)
    card = turn.place(card, "yams", "announced")
    assert card.is_complete


def test_column_is_required() -> None:
    with pytest.raises(RulesError) as err:
        sheet("yams").place(ROLL, "ones")
    assert err.value.code == "column_required"


def test_totals_per_column() -> None:
    card = sheet(
        "yams",
        [
            ((6, 6, 6, 6, 5), "sixes", "free"),
            ((6, 6, 6, 5, 5), "maximum", "free"),
            ((1, 1, 2, 2, 3), "minimum", "free"),
            ((3, 3, 3, 3, 3), "full_house", "free"),
            ((1, 1, 1, 1, 2), "ones", "down"),
            ((5, 5, 5, 5, 5), "yams", "up"),
        ],
    )
    free, down, up, announced = card.totals()
    assert (free.upper, free.middle, free.lower, free.total) == (24, 37, 20, 81)
    assert (down.upper, down.total) == (4, 4)
    assert (up.lower, up.total) == (50, 50)
    assert announced.total == 0
    assert card.total == 135
