"""The three-roll cycle."""

import pytest

from scoring import rulesets
from scoring.dice import scripted
from scoring.errors import RulesError
from scoring.turn import Turn


def test_first_roll_throws_all_five():
    turn = Turn().roll(scripted([3, 1, 4, 1, 5]))
    assert (turn.dice, turn.held, turn.rolls_used, turn.rolls_left) == ((3, 1, 4, 1, 5), (), 1, 2)


def test_rerolls_keep_the_held_positions_and_fill_the_others_in_order():
    turn = Turn().roll(scripted([3, 4, 5, 5, 2]))
    turn = turn.roll(scripted([1, 5, 3]), hold=[3, 2])
    assert turn.dice == (1, 5, 5, 5, 3)
    assert turn.held == (2, 3)
    turn = turn.roll(scripted([6, 2]), hold=[1, 2, 3])
    assert turn.dice == (6, 5, 5, 5, 2)
    assert turn.rolls_left == 0


def test_at_most_three_rolls():
    turn = Turn().roll(scripted([1] * 5)).roll(scripted([2] * 5)).roll(scripted([3] * 5))
    with pytest.raises(RulesError) as err:
        turn.roll(scripted([4] * 5))
    assert err.value.code == "no_rolls_left"


@pytest.mark.parametrize(("hold", "first"), [
    ([5], False), ([-1], False), ([0, 0], False), (["1"], False), ([True], False), ("01", False),
    ([0, 1, 2, 3, 4], False), ([0], True), (None, False),
])
def test_bad_holds_are_refused(hold, first):
    turn = Turn() if first else Turn().roll(scripted([2] * 5))
    with pytest.raises(RulesError) as err:
        turn.roll(scripted([6] * 5), hold=hold)
    assert err.value.code == "bad_hold"


def test_a_dice_source_returning_nonsense_is_refused():
    with pytest.raises(RulesError) as err:
        Turn().roll(lambda n: [7] * n)
    assert err.value.code == "bad_dice_source"
    with pytest.raises(RulesError):
        Turn().roll(lambda n: [1, 2])


def test_place_needs_a_roll_and_uses_the_turns_dice():
    card = rulesets.get("yahtzee").new_scorecard()
    with pytest.raises(RulesError) as err:
        Turn().place(card, "chance")
    assert err.value.code == "not_rolled"
    card = Turn().roll(scripted([6, 6, 6, 6, 5])).place(card, "chance")
    assert card.score_in("chance") == 29


def test_yahtzee_has_no_announcements():
    card = rulesets.get("yahtzee").new_scorecard()
    with pytest.raises(RulesError) as err:
        Turn().roll(scripted([1] * 5)).announce("yahtzee", card)
    assert err.value.code == "no_announcements"


def test_json_round_trip_and_validation():
    turn = Turn().roll(scripted([3, 4, 5, 5, 2])).announce(
        "straight", rulesets.get("yams").new_scorecard())
    assert Turn.from_json(turn.to_json()) == turn
    assert Turn.from_json(Turn().to_json()) == Turn()
    for bad in [{"dice": [], "held": [], "rolls_used": 4, "announced": None},
                {"dice": [1, 2], "held": [], "rolls_used": 1, "announced": None},
                {"dice": [1] * 5, "held": [], "rolls_used": 0, "announced": None},
                {"dice": [], "held": [], "rolls_used": 0, "announced": "yams"},
                {"dice": [1] * 5, "held": [9], "rolls_used": 1, "announced": None},
                {"dice": [1] * 5}, "turn"]:
        with pytest.raises(RulesError):
            Turn.from_json(bad)
