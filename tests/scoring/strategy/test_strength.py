"""The beginner is a real player: far above one who moves at random.

Measured over 200 seeded games per variant (``random.Random(seed)`` dice, seeds
0-199): yahtzee 208 (standard deviation 38) against 47 for the random player,
yatzy 184 against 50, yams 596 against 145, triple_yahtzee 1431 against 273.
"""

import random
from collections.abc import Callable

import pytest

from scoring import rulesets
from scoring.dice import from_rng
from scoring.strategy.beginner import Beginner
from scoring.strategy.decisions import Strategy
from tests.support.strategy_play import RandomPlayer, play_game


def mean_score(
    name: str, player_for_seed: Callable[[int], Strategy], games: int, **options: object
) -> float:
    rs = rulesets.get(name, **options)
    totals = [
        play_game(rs.new_scorecard(), player_for_seed(seed), from_rng(random.Random(seed))).total
        for seed in range(games)
    ]
    return sum(totals) / games


def test_yahtzee_mean_over_200_games_is_well_above_a_random_players() -> None:
    beginner = mean_score("yahtzee", lambda seed: Beginner(), 200)
    rand = mean_score("yahtzee", lambda seed: RandomPlayer(random.Random(-seed - 1)), 200)
    assert beginner > 180
    assert rand < 80


@pytest.mark.parametrize(
    ("name", "options", "floor"),
    [
        ("yahtzee", {"joker": "free"}, 150),
        ("yatzy", {}, 140),
        ("yatzy", {"exact_counts": True}, 140),
        ("yams", {}, 450),
        ("triple_yahtzee", {}, 1100),
    ],
)
def test_every_variant_is_far_above_random_play(
    name: str, options: dict[str, object], floor: int
) -> None:
    beginner = mean_score(name, lambda seed: Beginner(), 20, **options)
    rand = mean_score(name, lambda seed: RandomPlayer(random.Random(-seed - 1)), 20, **options)
    assert beginner > floor > 2 * rand
