"""What the beginner does with dice we choose."""

import pytest

from scoring import rulesets
from scoring.dice import scripted
from scoring.scorecard import Scorecard
from scoring.strategy.beginner import MINIMUM_CAP, Beginner, placement_value
from scoring.strategy.decisions import Announce, Place, Roll
from scoring.turn import Turn
from tests.support.sheets import filled

YAHTZEE = rulesets.get("yahtzee").new_scorecard()
YAMS = rulesets.get("yams").new_scorecard()
BEGINNER = Beginner()


def rolled(card: Scorecard, *rolls: list[int], announce: str | None = None) -> Turn:
    """A turn whose rolls showed ``rolls`` (each a full five dice; the dice that stay
    the same are held)."""
    turn = Turn().roll(scripted(rolls[0]), card=card)
    if announce:
        turn = turn.announce(announce, card)
    for dice in rolls[1:]:
        hold = [i for i in range(5) if dice[i] == turn.dice[i]][:4]
        fresh = [dice[i] for i in range(5) if i not in hold]
        turn = turn.roll(scripted(fresh), hold=hold, card=card)
    return turn


def yahtzee_with_open(*boxes: str, **scores: int) -> Scorecard:
    """A Yahtzee sheet where only ``boxes`` are open (the others hold ``scores`` or 0)."""
    rs = rulesets.get("yahtzee")
    lowest = {k: rs.box_bounds(k)[0] for k in rs.categories}  # chance holds 5 or more
    closed = {k: scores.get(k, lowest[k]) for k in rs.categories if k not in boxes}
    return filled("yahtzee", {"main": closed})


def test_holds_three_sixes_with_two_rolls_left() -> None:
    assert BEGINNER.decide(YAHTZEE, rolled(YAHTZEE, [6, 6, 6, 2, 3])) == Roll((0, 1, 2))


def test_the_hold_names_positions_wherever_the_dice_lie() -> None:
    assert BEGINNER.decide(YAHTZEE, rolled(YAHTZEE, [2, 6, 3, 6, 6])) == Roll((1, 3, 4))


def test_holds_three_sixes_with_one_roll_left_too() -> None:
    turn = rolled(YAHTZEE, [6, 1, 1, 2, 4], [6, 6, 6, 2, 3])
    assert turn.rolls_left == 1
    assert BEGINNER.decide(YAHTZEE, turn) == Roll((0, 1, 2))


def test_places_a_large_straight_at_once() -> None:
    assert BEGINNER.decide(YAHTZEE, rolled(YAHTZEE, [1, 2, 3, 4, 5])) == Place(
        "large_straight", "main"
    )


def test_places_a_yahtzee_at_once() -> None:
    assert BEGINNER.decide(YAHTZEE, rolled(YAHTZEE, [4] * 5)) == Place("yahtzee", "main")


def test_takes_a_made_small_straight_rather_than_gamble_for_the_large_one() -> None:
    # 30 now, the most a small straight can hold; the large one is a 1-in-6 chance.
    decision = BEGINNER.decide(YAHTZEE, rolled(YAHTZEE, [1, 2, 3, 4, 4]))
    assert decision == Place("small_straight", "main")


def test_keeps_a_run_for_the_small_straight() -> None:
    # With chance used, 3-4-5 and two fresh dice (a 2 or a 6 makes it: 20 in 36) are
    # the best prospect.  On an empty sheet the beginner would keep 4-5 for chance.
    card = filled("yahtzee", {"main": {"chance": 20}})
    assert BEGINNER.decide(card, rolled(card, [3, 4, 1, 5, 1])) == Roll((0, 1, 3))
    assert BEGINNER.decide(YAHTZEE, rolled(YAHTZEE, [3, 4, 1, 5, 1])) == Roll((1, 3))


def test_with_no_rolls_left_places_where_points_are_highest() -> None:
    turn = rolled(YAHTZEE, [1, 1, 1, 1, 1], [2, 2, 2, 1, 1], [3, 3, 3, 5, 5])
    assert turn.rolls_left == 0
    assert BEGINNER.decide(YAHTZEE, turn) == Place("full_house", "main")


def test_takes_chance_rather_than_scratching_the_yahtzee() -> None:
    card = yahtzee_with_open("yahtzee", "chance")
    turn = rolled(card, [6, 6, 6, 6, 2], [1, 1, 2, 3, 2], [1, 1, 2, 3, 5])
    assert BEGINNER.decide(card, turn) == Place("chance", "main")


def test_scratches_the_box_that_can_hold_the_least() -> None:
    card = yahtzee_with_open("fours", "large_straight", "yahtzee")
    turn = rolled(card, [6, 6, 1, 1, 2], [6, 6, 1, 1, 3], [6, 6, 1, 1, 2])
    assert BEGINNER.decide(card, turn) == Place("fours", "main")


def test_counts_the_upper_bonus_it_would_reach() -> None:
    upper = {"ones": 3, "twos": 6, "fours": 12, "fives": 15, "sixes": 18}  # 54
    card = yahtzee_with_open("threes", "full_house", **upper)
    turn = rolled(card, [1, 1, 1, 1, 2], [1, 1, 1, 1, 3], [3, 3, 3, 6, 6])
    # Threes: 9 + the 35 bonus beats the full house's 25.
    assert BEGINNER.decide(card, turn) == Place("threes", "main")


def test_prefers_the_column_that_counts_most() -> None:
    card = rulesets.get("triple_yahtzee").new_scorecard()
    turn = rolled(card, [1, 1, 1, 1, 2], [1, 1, 1, 1, 3], [3, 3, 3, 5, 5])
    assert BEGINNER.decide(card, turn) == Place("full_house", "x3")


def test_scratches_in_the_column_that_counts_least() -> None:
    rs = rulesets.get("triple_yahtzee")
    only = dict.fromkeys(rs.categories, 0) | {"chance": 5}
    card = filled(
        "triple_yahtzee", {c: {k: v for k, v in only.items() if k != "yahtzee"} for c in rs.columns}
    )
    turn = rolled(card, [6, 6, 1, 1, 2], [6, 6, 1, 1, 3], [6, 6, 1, 1, 2])
    assert BEGINNER.decide(card, turn) == Place("yahtzee", "x1")


def test_forced_joker_goes_where_it_must_with_its_bonus() -> None:
    card = yahtzee_with_open("fives", "chance", "full_house", yahtzee=50)
    turn = rolled(card, [5] * 5)
    assert BEGINNER.decide(card, turn) == Place("fives", "main")


def test_yams_must_announce_the_most_promising_box() -> None:
    rs = rulesets.get("yams")
    lowest = {k: rs.box_bounds(k)[0] for k in rs.categories}  # maximum, minimum: 5
    done = dict.fromkeys(("free", "down", "up"), lowest)
    card = filled(
        "yams", done | {"announced": {k: v for k, v in lowest.items() if k not in ("ones", "yams")}}
    )
    assert card.must_announce
    turn = rolled(card, [6, 6, 6, 6, 2])
    assert BEGINNER.decide(card, turn) == Announce("yams")
    turn = turn.announce("yams", card)
    assert BEGINNER.decide(card, turn) == Roll((0, 1, 2, 3))


def test_yams_announces_a_made_straight_and_fills_it() -> None:
    turn = rolled(YAMS, [2, 3, 4, 5, 6])
    assert BEGINNER.decide(YAMS, turn) == Announce("straight")
    turn = turn.announce("straight", YAMS)
    assert BEGINNER.decide(YAMS, turn) == Place("straight", "announced")


def test_yams_does_not_announce_ordinary_dice() -> None:
    assert isinstance(BEGINNER.decide(YAMS, rolled(YAMS, [6, 6, 6, 2, 3])), Roll)


def test_yams_never_puts_a_minimum_at_or_above_the_maximum_while_it_can_scratch() -> None:
    card = filled("yams", {"free": {"maximum": 12}})
    turn = rolled(card, [1, 1, 1, 1, 2], [1, 1, 1, 1, 3], [6, 6, 5, 5, 4])
    decision = BEGINNER.decide(card, turn)
    assert isinstance(decision, Place)
    assert decision.box != "minimum"


def test_yams_puts_a_low_roll_in_the_minimum() -> None:
    rs = rulesets.get("yams")
    card = filled(
        "yams",
        {
            "free": {k: rs.box_bounds(k)[0] for k in rs.categories if k != "minimum"}
            | {"maximum": 25}
        },
    )
    turn = rolled(card, [6, 6, 6, 6, 6], [1, 1, 2, 2, 6], [1, 1, 2, 2, 3])
    # Down's next box is ones (2), up's is yams (0); the minimum is worth 9.
    assert BEGINNER.decide(card, turn) == Place("minimum", "free")


@pytest.mark.parametrize(("points", "worth"), [(MINIMUM_CAP, MINIMUM_CAP), (MINIMUM_CAP + 1, 0)])
def test_a_minimum_above_the_cap_is_worth_nothing_while_the_maximum_is_open(
    points: int, worth: int
) -> None:
    (option,) = [p for p in YAMS.options([1, 1, 1, 1, 1]) if p.box == "minimum"]
    option = type(option)(option.column, option.box, points)
    assert placement_value(YAMS, option) == worth


def test_asked_before_the_first_roll_it_refuses() -> None:
    with pytest.raises(ValueError, match="first roll"):
        BEGINNER.decide(YAHTZEE, Turn())
