"""The re-roll tables and the holds the beginner considers."""

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import rulesets
from scoring.dice import FACES
from scoring.ruleset import ALL_ROLLS, RuleSet
from scoring.strategy import odds
from scoring.strategy.holds import candidate_holds, positions

RULESETS = [rulesets.get("yahtzee"), rulesets.get("yatzy", exact_counts=True), rulesets.get("yams")]
DICE = st.lists(st.integers(1, 6), min_size=5, max_size=5).map(tuple)


@pytest.mark.parametrize("k", range(6))
def test_reroll_probabilities_match_counting_every_ordered_roll(k: int) -> None:
    hits = Counter(tuple(sorted(roll)) for roll in itertools.product(FACES, repeat=k))
    for faces, p in odds.REROLLS[k]:
        assert math.isclose(p, hits[faces] / 6**k)
    assert len(odds.REROLLS[k]) == math.comb(k + 5, 5)


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.name)
def test_score_tables_are_the_rulesets_own_scores(rs: RuleSet) -> None:
    for box in rs.categories:
        assert odds.score_table(rs, box) == {roll: rs.score(roll, box) for roll in ALL_ROLLS}


@pytest.mark.parametrize("rs", RULESETS, ids=lambda rs: rs.name)
def test_means_agree_with_enumerating_every_outcome(rs: RuleSet) -> None:
    for box in rs.categories:
        means = odds.means(rs, box)
        assert set(means) == set(odds.FINALS)
        for held in odds.FINALS:
            assert math.isclose(means[held], odds.expected(rs, box, held), abs_tol=1e-9)


def test_a_known_expectation() -> None:
    # Keep 6-6-6 and roll two dice for three of a kind: 18 + 7.
    assert math.isclose(odds.means(rulesets.get("yahtzee"), "three_of_a_kind")[(6, 6, 6)], 25)
    # Four 2s, one die for the yahtzee: 50 / 6.
    assert math.isclose(odds.expected(rulesets.get("yahtzee"), "yahtzee", (2, 2, 2, 2)), 50 / 6)


@given(DICE)
def test_candidate_holds_are_kept_dice_and_never_all_five(dice: tuple[int, ...]) -> None:
    holds = candidate_holds(dice)
    assert () in holds
    assert len(set(holds)) == len(holds)
    for held in holds:
        assert len(held) < 5 and held == tuple(sorted(held))
        where = positions(dice, held)
        assert sorted(dice[i] for i in where) == list(held)
        assert len(set(where)) == len(where)


def test_positions_refuse_dice_that_are_not_there() -> None:
    with pytest.raises(ValueError, match="cannot hold"):
        positions((1, 2, 3, 4, 5), (6,))
