"""The expert is clearly stronger than the beginner in Yam's and Triple Yahtzee.

Over 500 seeded games each (``bench/bots.py --games-slow 500``) the expert averages
765 in Yam's (the beginner 597) and 1800 in Triple Yahtzee (the beginner 1457); here
a small seeded sample, the same dice seeds for both players."""

import random

import pytest

from scoring import rulesets
from scoring.dice import from_rng
from scoring.strategy.beginner import Beginner
from scoring.strategy.decisions import Strategy
from scoring.strategy.expert import Expert
from tests.support.strategy_play import play_game


def mean_score(name: str, player: Strategy, games: int) -> float:
    rs = rulesets.get(name)
    totals = [
        play_game(rs.new_scorecard(), player, from_rng(random.Random(seed))).total
        for seed in range(games)
    ]
    return sum(totals) / games


@pytest.mark.parametrize(
    ("name", "games", "margin"),
    [
        ("yams", 12, 100),
        ("triple_yahtzee", 12, 250),
    ],
)
def test_the_expert_beats_the_beginner_by_a_clear_margin(
    name: str, games: int, margin: int
) -> None:
    expert = mean_score(name, Expert(), games)
    beginner = mean_score(name, Beginner(), games)
    assert expert > beginner + margin
