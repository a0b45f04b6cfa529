"""The three-roll cycle."""

from collections.abc import Callable

import pytest

from scoring import rulesets
from scoring.dice import scripted
from scoring.errors import RulesError
from scoring.scorecard import Scorecard
from scoring.turn import Turn
from tests.support.sheets import filled

CARD = rulesets.get("yahtzee").new_scorecard()
YAMS = rulesets.get("yams").new_scorecard()


def test_first_roll_throws_all_five() -> None:
    turn = Turn().roll(scripted([3, 1, 4, 1, 5]), card=CARD)
    assert (turn.dice, turn.held, turn.rolls_used, turn.rolls_left) == ((3, 1, 4, 1, 5), (), 1, 2)


def test_rerolls_keep_the_held_positions_and_fill_the_others_in_order() -> None:
    turn = Turn().roll(scripted([3, 4, 5, 5, 2]), card=CARD)
    turn = turn.roll(scripted([1, 5, 3]), hold=[3, 2], card=CARD)
    assert turn.dice == (1, 5, 5, 5, 3)
    assert turn.held == (2, 3)
    turn = turn.roll(scripted([6, 2]), hold=[1, 2, 3], card=CARD)
    assert turn.dice == (6, 5, 5, 5, 2)
    assert turn.rolls_left == 0


def test_at_most_three_rolls() -> None:
    turn = Turn()
    for face in (1, 2, 3):
        turn = turn.roll(scripted([face] * 5), card=CARD)
    with pytest.raises(RulesError) as err:
        turn.roll(scripted([4] * 5), card=CARD)
    assert err.value.code == "no_rolls_left"


def test_a_finished_sheet_cannot_roll() -> None:
    done = filled("yahtzee", {"main": dict.fromkeys(CARD.ruleset.categories, 0) | {"chance": 5}})
    assert done.is_complete
    with pytest.raises(RulesError) as err:
        Turn().roll(scripted([1] * 5), card=done)
    assert err.value.code == "game_over"


@pytest.mark.parametrize(
    ("hold", "first"),
    [
        ([5], False),
        ([-1], False),
        ([0, 0], False),
        (["1"], False),
        ([True], False),
        ("01", False),
        ([0, 1, 2, 3, 4], False),
        ([0], True),
        (None, False),
    ],
)
def test_bad_holds_are_refused(hold: object, first: bool) -> None:
    turn = Turn() if first else Turn().roll(scripted([2] * 5), card=CARD)
    with pytest.raises(RulesError) as err:
        turn.roll(scripted([6] * 5), hold=hold, card=CARD)  # type: ignore[arg-type]  # on purpose
    assert err.value.code == "bad_hold"


@pytest.mark.parametrize(
    "source",
    [lambda n: [7] * n, lambda n: [1, 2], lambda n: None, lambda n: "66666", lambda n: [1.0] * n],
)
def test_a_dice_source_returning_nonsense_is_refused(source: Callable[[int], object]) -> None:
    with pytest.raises(RulesError) as err:
        Turn().roll(source, card=CARD)  # type: ignore[arg-type]  # nonsense on purpose
    assert err.value.code == "bad_dice_source"


def test_place_needs_a_roll_and_uses_the_turns_dice() -> None:
    with pytest.raises(RulesError) as err:
        Turn().place(CARD, "chance")
    assert err.value.code == "not_rolled"
    card = Turn().roll(scripted([6, 6, 6, 6, 5]), card=CARD).place(CARD, "chance")
    assert card.score_in("chance") == 29


def test_after_an_announcement_place_defaults_to_the_announced_column() -> None:
    turn = Turn().roll(scripted([2, 3, 4, 5, 6]), card=YAMS).announce("straight", YAMS)
    assert turn.place(YAMS, "straight").score_in("straight", "announced") == 40


def test_yahtzee_has_no_announcements() -> None:
    with pytest.raises(RulesError) as err:
        Turn().roll(scripted([1] * 5), card=CARD).announce("yahtzee", CARD)
    assert err.value.code == "no_announcements"


def test_json_round_trip() -> None:
    turn = Turn().roll(scripted([3, 4, 5, 5, 2]), card=YAMS).announce("straight", YAMS)
    assert Turn.from_json(turn.to_json(), card=YAMS) == turn
    assert Turn.from_json(Turn().to_json(), card=YAMS) == Turn()
    later = turn.roll(scripted([1]), hold=[0, 1, 2, 3], card=YAMS)
    assert Turn.from_json(later.to_json(), card=YAMS) == later


@pytest.mark.parametrize(
    ("data", "card"),
    [
        ({"dice": [], "held": [], "rolls_used": 4, "announced": None}, CARD),
        ({"dice": [1, 2], "held": [], "rolls_used": 1, "announced": None}, CARD),
        ({"dice": [1] * 5, "held": [], "rolls_used": 0, "announced": None}, CARD),
        ({"dice": [], "held": [], "rolls_used": 0, "announced": "yams"}, YAMS),
        ({"dice": [1] * 5, "held": [9], "rolls_used": 2, "announced": None}, CARD),
        ({"dice": [1] * 5, "held": [0], "rolls_used": 1, "announced": None}, CARD),
        ({"dice": [1] * 5, "held": [0, 1, 2, 3, 4], "rolls_used": 2, "announced": None}, CARD),
        ({"dice": [1] * 5, "held": [], "rolls_used": 1, "announced": "bogus"}, YAMS),
        ({"dice": [1] * 5, "held": [], "rolls_used": 1, "announced": "yams"}, CARD),
        (
            {"dice": [1] * 5, "held": [], "rolls_used": 1, "announced": "sixes"},
            filled("yams", {"announced": {"sixes": 12}}),
        ),
        ({"dice": [1] * 5}, CARD),
        ("turn", CARD),
    ],
)
def test_impossible_turns_are_refused_as_bad_turn(data: object, card: Scorecard) -> None:
    with pytest.raises(RulesError) as err:
        Turn.from_json(data, card=card)
    assert err.value.code == "bad_turn"
