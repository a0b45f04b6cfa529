"""Yahtzee score sheet: upper bonus, extra-Yahtzee bonus and both joker rules."""

from collections.abc import Iterable

import pytest

from scoring import rulesets
from scoring.errors import RulesError
from scoring.scorecard import Placement
from tests.support.sheets import UPPER_63, filled, sheet

LOWER_FULL = {
    "three_of_a_kind": 20,
    "four_of_a_kind": 0,
    "full_house": 25,
    "small_straight": 30,
    "large_straight": 0,
    "chance": 22,
}


def boxes(options: Iterable[Placement]) -> list[tuple[str, int, int]]:
    return [(p.box, p.points, p.bonus) for p in options]


def test_upper_bonus_35_at_63() -> None:
    card = sheet("yahtzee", UPPER_63)
    totals = card.column_totals()
    assert (totals.upper, totals.upper_bonus, card.total) == (63, 35, 98)


def test_no_upper_bonus_at_62() -> None:
    card = sheet("yahtzee", [((1, 1, 2, 3, 4), "ones"), *UPPER_63[1:]])
    totals = card.column_totals()
    assert (totals.upper, totals.upper_bonus, card.total) == (62, 0, 62)


@pytest.mark.parametrize("joker", ["forced", "free"])
def test_every_further_yahtzee_earns_100_while_the_box_holds_50(joker: str) -> None:
    card = sheet(
        "yahtzee",
        [
            ((5,) * 5, "yahtzee"),
            ((5,) * 5, "fives"),
            ((5,) * 5, "large_straight"),
            ((2,) * 5, "twos"),
        ],
        joker=joker,
    )
    assert card.extra_yahtzees() == 3
    totals = card.column_totals()
    assert totals.yahtzee_bonus == 300
    assert card.total == 50 + 25 + 40 + 10 + 300


@pytest.mark.parametrize("joker", ["forced", "free"])
def test_no_bonus_once_the_yahtzee_box_holds_0(joker: str) -> None:
    card = sheet(
        "yahtzee",
        [((1, 2, 3, 4, 6), "yahtzee"), ((3,) * 5, "threes"), ((3,) * 5, "full_house")],
        joker=joker,
    )
    assert card.extra_yahtzees() == 0
    assert card.total == 0 + 15 + 25


def test_a_yahtzee_in_an_open_yahtzee_box_is_50_without_bonus() -> None:
    card = sheet("yahtzee", [((4,) * 5, "yahtzee")])
    assert (card.total, card.extra_yahtzees()) == (50, 0)


def test_without_the_yahtzee_box_used_a_yahtzee_is_no_full_house() -> None:
    card = sheet("yahtzee")
    by_box = {p.box: p.points for p in card.options((4,) * 5)}
    assert by_box["full_house"] == 0 and by_box["small_straight"] == 0
    assert len(by_box) == 13


class TestForcedJoker:
    def test_matching_upper_box_open_is_the_only_choice(self) -> None:
        card = filled("yahtzee", {"main": {"yahtzee": 50}})
        assert boxes(card.options((4,) * 5)) == [("fours", 20, 100)]
        with pytest.raises(RulesError) as err:
            card.place((4,) * 5, "chance")
        assert err.value.code == "illegal_box"
        assert "Fours" in str(err.value)

    def test_upper_box_filled_any_open_lower_box_at_full_value(self) -> None:
        card = filled("yahtzee", {"main": {"yahtzee": 0, "fours": 12, "ones": 2}})
        assert boxes(card.options((4,) * 5)) == [
            ("three_of_a_kind", 20, 0),
            ("four_of_a_kind", 20, 0),
            ("full_house", 25, 0),
            ("small_straight", 30, 0),
            ("large_straight", 40, 0),
            ("chance", 20, 0),
        ]
        with pytest.raises(RulesError) as err:
            card.place((4,) * 5, "twos")
        assert err.value.code == "illegal_box"

    def test_lower_section_full_then_an_open_upper_box_for_zero(self) -> None:
        card = filled("yahtzee", {"main": {"yahtzee": 50, "fours": 16, **LOWER_FULL}})
        assert boxes(card.options((4,) * 5)) == [
            ("ones", 0, 100),
            ("twos", 0, 100),
            ("threes", 0, 100),
            ("fives", 0, 100),
            ("sixes", 0, 100),
        ]
        card = card.place((4,) * 5, "sixes")
        assert card.score_in("sixes") == 0 and card.extra_yahtzees() == 1


class TestFreeJoker:
    def test_any_open_box_but_no_full_value_while_the_upper_box_is_open(self) -> None:
        card = filled("yahtzee", {"main": {"yahtzee": 50}}, joker="free")
        by_box = {p.box: (p.points, p.bonus) for p in card.options((4,) * 5)}
        assert len(by_box) == 12
        assert by_box["fours"] == (20, 100)
        assert by_box["ones"] == (0, 100)
        assert by_box["full_house"] == (0, 100)
        assert by_box["large_straight"] == (0, 100)
        assert by_box["chance"] == (20, 100)

    def test_full_value_once_yahtzee_and_upper_box_are_filled(self) -> None:
        card = filled("yahtzee", {"main": {"yahtzee": 0, "fours": 8}}, joker="free")
        by_box = {p.box: (p.points, p.bonus, p.joker) for p in card.options((4,) * 5)}
        assert by_box["full_house"] == (25, 0, True)
        assert by_box["small_straight"] == (30, 0, True)
        assert by_box["large_straight"] == (40, 0, True)
        assert by_box["twos"] == (0, 0, False)


def test_a_taken_box_is_refused_with_box_taken() -> None:
    card = sheet("yahtzee", [((1, 2, 3, 4, 5), "large_straight")])
    with pytest.raises(RulesError) as err:
        card.place((2, 3, 4, 5, 6), "large_straight")
    assert err.value.code == "box_taken"
    assert card.score_in("large_straight") == 40


def test_place_returns_a_new_sheet_and_leaves_the_old_one_alone() -> None:
    empty = rulesets.get("yahtzee").new_scorecard()
    card = empty.place((6, 6, 6, 6, 1), "four_of_a_kind")
    assert empty.filled_count == 0 and card.filled_count == 1
    assert empty.total == 0 and card.total == 25
    with pytest.raises(AttributeError):
        card.scores = ()  # type: ignore[misc]  # the change tried


@pytest.mark.parametrize(
    ("dice", "box", "code"),
    [
        ((1, 2, 3), "chance", "invalid_dice"),
        ((1, 2, 3, 4, 5), "pair", "unknown_box"),
        ((1, 2, 3, 4, 5), "chance", None),
    ],
)
def test_bad_placements_change_nothing(dice: tuple[int, ...], box: str, code: str | None) -> None:
    card = sheet("yahtzee", [((6, 6, 6, 2, 2), "full_house")])
    if code is None:
        assert card.place(dice, box).score_in(box) == 15
        return
    with pytest.raises(RulesError) as err:
        card.place(dice, box)
    assert err.value.code == code
    assert card.filled_count == 1


def test_a_one_column_sheet_accepts_its_column_by_name_and_refuses_others() -> None:
    card = sheet("yahtzee")
    assert card.place((1, 1, 1, 1, 2), "ones", "main").score_in("ones") == 4
    with pytest.raises(RulesError) as err:
        card.place((1, 1, 1, 1, 2), "ones", "x1")
    assert err.value.code == "unknown_column"


def test_complete_sheet() -> None:
    moves = [
        *UPPER_63,
        ((2, 2, 2, 5, 6), "three_of_a_kind"),
        ((3, 3, 3, 3, 1), "four_of_a_kind"),
        ((2, 2, 5, 5, 5), "full_house"),
        ((1, 2, 3, 4, 6), "small_straight"),
        ((2, 3, 4, 5, 6), "large_straight"),
        ((6, 6, 6, 6, 6), "yahtzee"),
        ((6, 6, 5, 5, 1), "chance"),
    ]
    card = sheet("yahtzee", moves)
    assert card.is_complete and card.open_slots() == ()
    assert card.total == 63 + 35 + 17 + 13 + 25 + 30 + 40 + 50 + 23
