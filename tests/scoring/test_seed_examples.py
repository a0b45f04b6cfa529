"""Every worked example of the seed documents (../shared/seeds), as tables.

Seed 000: Yatzy kata.  Seed 001: Yatzy kata with exact counts.  Seed 002: Yam's
rules.  Seed 003: Yahtzee tutorial (free joker).  Seed 004: Yahtzee quiz summary.
"""

import pytest

from scoring import rulesets
from tests.support.sheets import Move, filled, sheet

# (dice, box, seed 001 score with exact_counts=True, score under Scandinavian rules)
SEED_001 = [
    ((1, 1, 3, 3, 6), "chance", 14, 14),
    ((4, 5, 5, 6, 1), "chance", 21, 21),
    ((1, 1, 1, 1, 1), "yatzy", 50, 50),
    ((1, 1, 1, 2, 1), "yatzy", 0, 0),
    ((1, 1, 2, 4, 4), "fours", 8, 8),
    ((2, 3, 2, 5, 1), "twos", 4, 4),
    ((3, 3, 3, 4, 5), "ones", 0, 0),
    ((5, 6, 5, 5, 2), "fives", 15, 15),
    ((3, 3, 3, 4, 4), "one_pair", 8, 8),
    ((1, 1, 6, 2, 6), "one_pair", 12, 12),
    ((3, 3, 3, 4, 1), "one_pair", 0, 6),
    ((3, 3, 3, 3, 1), "one_pair", 0, 6),
    ((1, 1, 2, 3, 3), "two_pairs", 8, 8),
    ((1, 1, 2, 3, 4), "two_pairs", 0, 0),
    ((1, 1, 2, 2, 2), "two_pairs", 0, 6),
    ((3, 3, 3, 4, 5), "three_of_a_kind", 9, 9),
    ((3, 3, 4, 5, 6), "three_of_a_kind", 0, 0),
    ((3, 3, 3, 3, 1), "three_of_a_kind", 0, 9),
    ((2, 2, 2, 2, 5), "four_of_a_kind", 8, 8),
    ((2, 2, 2, 5, 5), "four_of_a_kind", 0, 0),
    ((2, 2, 2, 2, 2), "four_of_a_kind", 0, 8),
    ((1, 2, 3, 4, 5), "small_straight", 15, 15),
    ((2, 3, 4, 5, 6), "large_straight", 20, 20),
    ((1, 1, 2, 2, 2), "full_house", 8, 8),
    ((2, 2, 3, 3, 4), "full_house", 0, 0),
    ((4, 4, 4, 4, 4), "full_house", 0, 0),
]


@pytest.mark.parametrize(("dice", "box", "exact", "_"), SEED_001)
def test_seed_001_with_exact_counts(dice: tuple[int, ...], box: str, exact: int, _: int) -> None:
    assert rulesets.get("yatzy", exact_counts=True).score(dice, box) == exact


@pytest.mark.parametrize(("dice", "box", "_", "scandinavian"), SEED_001)
def test_seed_001_rolls_under_scandinavian_rules(
    dice: tuple[int, ...], box: str, _: int, scandinavian: int
) -> None:
    assert rulesets.get("yatzy").score(dice, box) == scandinavian


# Seed 000 states its rules without exact counts; its one example and its fixed values.
SEED_000 = [
    ((5, 6, 5, 5, 2), "fives", 15),
    ((1, 2, 3, 4, 5), "small_straight", 15),
    ((5, 4, 3, 2, 1), "small_straight", 15),
    ((2, 3, 4, 5, 6), "large_straight", 20),
    ((1, 2, 3, 4, 5), "large_straight", 0),
    ((6, 6, 6, 6, 6), "yatzy", 50),
    ((6, 6, 6, 6, 5), "yatzy", 0),
    ((3, 3, 5, 5, 6), "one_pair", 10),
    ((3, 3, 5, 5, 6), "two_pairs", 16),
    ((2, 2, 2, 6, 6), "full_house", 18),
]


@pytest.mark.parametrize(("dice", "box", "points"), SEED_000)
def test_seed_000(dice: tuple[int, ...], box: str, points: int) -> None:
    assert rulesets.get("yatzy").score(dice, box) == points


# Seed 003, calculate_score() asserts: the context-free Yahtzee score.
SEED_003_SCORES = [
    ((1, 1, 1, 1, 3), "ones", 4),
    ((1, 2, 2, 2, 3), "twos", 6),
    ((1, 1, 1, 2, 3), "threes", 3),
    ((1, 1, 1, 2, 3), "fours", 0),
    ((1, 1, 5, 2, 3), "fives", 5),
    ((6, 6, 6, 6, 6), "sixes", 30),
    ((6, 6, 1, 2, 3), "sixes", 12),  # "2 sixes and 3 other numbers ... 2 x 6 = 12 points"
    ((1, 1, 1, 2, 3), "three_of_a_kind", 8),
    ((1, 1, 2, 2, 3), "three_of_a_kind", 0),
    ((1, 1, 1, 1, 1), "three_of_a_kind", 5),
    ((2, 2, 2, 2, 3), "four_of_a_kind", 11),
    ((2, 2, 2, 3, 3), "four_of_a_kind", 0),
    ((2, 2, 2, 2, 2), "four_of_a_kind", 10),
    ((2, 2, 2, 3, 3), "full_house", 25),
    ((2, 2, 2, 2, 3), "full_house", 0),
    ((2, 2, 2, 2, 2), "full_house", 0),
    ((1, 2, 3, 4, 5), "small_straight", 30),
    ((2, 3, 4, 5, 6), "small_straight", 30),
    ((1, 3, 4, 5, 6), "small_straight", 30),
    ((5, 4, 3, 2, 2), "small_straight", 30),
    ((5, 5, 6, 3, 4), "small_straight", 30),
    ((1, 3, 3, 4, 6), "small_straight", 0),
    ((2, 2, 3, 3, 3), "small_straight", 0),
    ((2, 2, 2, 2, 2), "small_straight", 0),
    ((1, 2, 3, 4, 5), "large_straight", 40),
    ((2, 3, 4, 5, 6), "large_straight", 40),
    ((5, 6, 3, 4, 2), "large_straight", 40),
    ((1, 2, 3, 4, 1), "large_straight", 0),
    ((1, 2, 3, 6, 5), "large_straight", 0),
    ((1, 1, 1, 1, 1), "large_straight", 0),
    ((1, 2, 3, 1, 5), "chance", 12),
    ((1, 1, 1, 1, 1), "yahtzee", 50),
    ((1, 1, 1, 1, 2), "yahtzee", 0),
]


@pytest.mark.parametrize("name", ["yahtzee", "triple_yahtzee"])
@pytest.mark.parametrize(("dice", "box", "points"), SEED_003_SCORES)
def test_seed_003_scores(name: str, dice: tuple[int, ...], box: str, points: int) -> None:
    assert rulesets.get(name).score(dice, box) == points


# Seed 003, the is_*() predicate asserts: a roll "is" a pattern when its box scores.
SEED_003_PATTERNS = [
    ("three_of_a_kind", (1, 1, 2, 2, 2), True),
    ("three_of_a_kind", (1, 4, 4, 4, 4), True),
    ("three_of_a_kind", (5, 5, 5, 5, 5), True),
    ("three_of_a_kind", (1, 2, 3, 4, 5), False),
    ("three_of_a_kind", (2, 3, 4, 5, 6), False),
    ("three_of_a_kind", (1, 1, 2, 2, 5), False),
    ("three_of_a_kind", (6, 1, 4, 6, 1), False),
    ("three_of_a_kind", (6, 1, 1, 1, 2), True),
    ("four_of_a_kind", (1, 2, 3, 4, 5), False),
    ("four_of_a_kind", (1, 1, 2, 2, 2), False),
    ("four_of_a_kind", (2, 1, 2, 2, 2), True),
    ("four_of_a_kind", (4, 4, 4, 4, 4), True),
    ("full_house", (1, 2, 3, 4, 5), False),
    ("full_house", (1, 1, 2, 2, 2), True),
    ("full_house", (6, 4, 6, 4, 6), True),
    ("full_house", (4, 4, 4, 4, 4), False),
    ("small_straight", (1, 2, 3, 4, 1), True),
    ("small_straight", (6, 5, 4, 3, 2), True),
    ("small_straight", (2, 3, 4, 5, 2), True),
    ("small_straight", (3, 4, 5, 6, 6), True),
    ("small_straight", (4, 4, 4, 4, 4), False),
    ("small_straight", (1, 2, 2, 3, 6), False),
    ("large_straight", (1, 2, 3, 4, 5), True),
    ("large_straight", (6, 5, 4, 3, 2), True),
    ("large_straight", (2, 3, 4, 5, 2), False),
    ("large_straight", (3, 4, 5, 6, 6), False),
    ("large_straight", (4, 4, 4, 4, 4), False),
    ("large_straight", (1, 3, 4, 5, 6), False),
    ("yahtzee", (1, 2, 3, 4, 5), False),
    ("yahtzee", (6, 5, 6, 6, 6), False),
    ("yahtzee", (2, 2, 2, 2, 2), True),
    ("yahtzee", (2, 4, 4, 2, 2), False),
]


@pytest.mark.parametrize(("box", "dice", "matches"), SEED_003_PATTERNS)
def test_seed_003_patterns(box: str, dice: tuple[int, ...], matches: bool) -> None:
    assert (rulesets.get("yahtzee").score(dice, box) > 0) is matches


@pytest.mark.parametrize("joker", ["free", "forced"])
@pytest.mark.parametrize("yahtzee_box", [50, 0])
@pytest.mark.parametrize(
    ("box", "points"), [("small_straight", 30), ("large_straight", 40), ("full_house", 25)]
)
def test_seed_003_joker_with_ones_and_yahtzee_used(
    joker: str, yahtzee_box: int, box: str, points: int
) -> None:
    card = filled("yahtzee", {"main": {"ones": 5, "yahtzee": yahtzee_box}}, joker=joker)
    placement = card.placement([1, 1, 1, 1, 1], box)
    assert placement.points == points
    assert placement.bonus == (100 if yahtzee_box == 50 else 0)


UPPER_100 = [
    ((1,) * 5, "ones"),
    ((2,) * 5, "twos"),
    ((3,) * 5, "threes"),
    ((4,) * 5, "fours"),
    ((5, 5, 5, 1, 1), "fives"),
    ((1, 2, 3, 4, 1), "sixes"),
]


@pytest.mark.parametrize(
    ("moves", "total"),
    [
        # Example 1: upper section 65 earns the bonus of 35.  (The seed lists the sixes
        # roll as 1,2,6,6,3 but scores it 0; a roll without sixes gives that 0 here.)
        (UPPER_100, 100),
        # Example 2: a Yahtzee of ones before the Yahtzee box earns nothing; a Yahtzee of
        # twos after it holds 50 earns 100.
        ([((1,) * 5, "ones"), ((2,) * 5, "yahtzee"), ((2,) * 5, "twos")], 165),
        # Example 3: two extra Yahtzees, 200.
        (
            [((1,) * 5, "ones"), ((2,) * 5, "yahtzee"), ((2,) * 5, "twos"), ((3,) * 5, "threes")],
            280,
        ),
        # Example 4: Yahtzee box scratched with 0: no bonus for later Yahtzees.
        ([((1,) * 5, "ones"), ((3, 4, 2, 2, 2), "yahtzee"), ((2,) * 5, "twos")], 15),
    ],
)
@pytest.mark.parametrize("joker", ["free", "forced"])
def test_seed_003_final_scores(moves: list[Move], total: int, joker: str) -> None:
    card = sheet("yahtzee", moves, joker=joker)
    assert card.total == total
    assert card.column_totals().upper_bonus == (35 if total == 100 else 0)


def test_seed_004_extra_yahtzee_goes_to_its_upper_box_with_a_bonus() -> None:
    card = sheet("yahtzee", [((6,) * 5, "yahtzee")])
    assert [(p.box, p.points, p.bonus) for p in card.options((6,) * 5)] == [("sixes", 30, 100)]
    card = card.place((6,) * 5, "sixes")
    assert card.total == 50 + 30 + 100


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ((4, 4, 4, 4, 4), "full_house", 0),  # x x x y y needs two different numbers
        ((3, 3, 3, 5, 5), "full_house", 25),
        ((6, 2, 3, 4, 5), "small_straight", 30),  # 1 2 3 4: four numbers one apart
        ((6, 1, 3, 4, 5), "small_straight", 30),
        ((6, 1, 3, 4, 6), "small_straight", 0),
    ],
)
def test_seed_004_patterns(dice: tuple[int, ...], box: str, points: int) -> None:
    assert rulesets.get("yahtzee").score(dice, box) == points


# Seed 002 (Yam's) gives its rules in words; each statement as an example.
@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ((4, 4, 4, 2, 2), "full_house", 20),
        ((4, 4, 4, 4, 4), "full_house", 20),  # "a yahtzee is a fullhouse"
        ((4, 4, 4, 4, 2), "full_house", 0),
        ((5, 5, 5, 5, 1), "four_of_a_kind", 30),
        ((5, 5, 5, 5, 5), "four_of_a_kind", 30),  # "a yahtzee is a four-of-a-kind"
        ((5, 5, 5, 1, 1), "four_of_a_kind", 0),
        ((3, 1, 2, 5, 4), "straight", 40),
        ((6, 3, 2, 5, 4), "straight", 40),
        ((1, 3, 4, 5, 6), "straight", 0),
        ((2, 2, 2, 2, 2), "yams", 50),
        ((2, 2, 2, 2, 3), "yams", 0),
        ((6, 6, 5, 5, 4), "maximum", 26),
        ((1, 1, 2, 2, 3), "minimum", 9),
        ((3, 3, 3, 1, 6), "threes", 9),
    ],
)
def test_seed_002_boxes(dice: tuple[int, ...], box: str, points: int) -> None:
    assert rulesets.get("yams").score(dice, box) == points


@pytest.mark.parametrize(("upper", "bonus"), [(61, 30), (60, 0)])
def test_seed_002_bonus_when_upper_sum_greater_than_60(upper: int, bonus: int) -> None:
    ones = upper - 57  # twos 6, threes 12, fours 12, fives 15, sixes 12 = 57
    card = filled(
        "yams",
        {"free": {"ones": ones, "twos": 6, "threes": 12, "fours": 12, "fives": 15, "sixes": 12}},
    )
    assert card.column_totals("free").upper == upper
    assert card.column_totals("free").upper_bonus == bonus


@pytest.mark.parametrize(("maximum", "minimum", "middle"), [(25, 10, 35), (12, 12, 0), (10, 20, 0)])
def test_seed_002_minimum_not_below_maximum_zeroes_the_middle(
    maximum: int, minimum: int, middle: int
) -> None:
    card = filled("yams", {"free": {"maximum": maximum, "minimum": minimum}})
    assert card.column_totals("free").middle == middle
