"""The beginner's idea of what a placement adds matches the engine's totals."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import rulesets
from scoring.dice import from_rng
from scoring.scorecard import Scorecard
from scoring.strategy.beginner import MINIMUM_CAP, placement_value
from scoring.strategy.decisions import Decision
from scoring.turn import Turn
from tests.support.strategy_play import CONFIGS, IDS, Announcer, play_game


class Checker:
    """Asked at every step of a game: compares every placement's value with the change
    of ``Scorecard.total`` that placing it makes."""

    def __init__(self) -> None:
        self.checked = 0

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        options = card.options(turn.dice, announced=turn.announced)
        for option in options:
            after = card.place(turn.dice, option.box, option.column, announced=turn.announced)
            gained = after.total - card.total
            capped = (
                option.box == "minimum"
                and option.points > MINIMUM_CAP
                and not card.is_filled("maximum", option.column)
            )
            assert placement_value(card, option) == (0 if capped else gained), option
            self.checked += 1
        return Announcer(random.Random(self.checked)).decide(card, turn)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=3)
@given(rng=st.randoms(use_true_random=False))
def test_placement_values_are_the_change_in_total(
    name: str, options: dict[str, object], rng: random.Random
) -> None:
    checker = Checker()
    play_game(
        rulesets.get(name, **options).new_scorecard(),
        Announcer(rng),
        from_rng(rng),
        watcher=checker,
    )
    assert checker.checked
