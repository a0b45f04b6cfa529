"""Honest play to measure luck against: a field of players who do not know the dice to
come, and the bound of the luck they reach (issue 41: foresight in the daily challenge).

Every roll's luck is the change of the expected final score it brings (the review's
split, ``coach.services.reviews``). For a player who cannot see the dice to come, a
roll's luck averages zero whatever they keep; a player who knows them (a scout saw
the day's dice) keeps what lands and piles up luck no honest play reaches. The first
roll of every round is the same for everyone who plays a day's dice, so only the
rerolls' luck is measured (``reroll_luck``).

The *field* is a set of honest players: the expert, the beginner, and ``Softmax``
players, who take each of the advisor's choices with a probability that falls with
what it gives away, at a few temperatures (about 5, 20, 50 and 95 points given away
a game in Yahtzee: strong to weak people). ``bound_of`` sets the bound from their
lucks on the day's dice: their mean plus ``SPREADS`` standard deviations.

>>> round(bound_of([10.0, -10.0, 0.0])["bound"], 2)
32.66
>>> reroll_luck([{"roll": 1, "luck": 5.0}, {"roll": 2, "luck": 7.5},
...              {"roll": 3, "luck": -1.0}])
6.5
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from scoring.scorecard import Scorecard
from scoring.strategy import levels
from scoring.strategy.advice import decision_for
from scoring.strategy.advisors import advisor_for
from scoring.strategy.decisions import Decision, Strategy
from scoring.turn import Turn

# The field: how many Softmax players at each temperature (points of expected final
# score), besides one expert and one beginner.
TEMPERATURES = (0.5, 1.0, 2.0, 4.0)
PER_TEMPERATURE = 30
# The bound: the field's mean luck plus this many of its standard deviations
# (docs/decisions/0055 measures it: 2 honest players of 4,000 beyond it, 62 % of
# foresight planners).
SPREADS = 4.0

Uniform = Callable[[], float]  # a number in [0, 1), drawn by the caller's generator


class Softmax:
    """A noisy expert: takes each of the advisor's choices with a probability in
    proportion to exp(-given away / ``temperature``); ``uniform`` draws its numbers.

    >>> from scoring import rulesets
    >>> from scoring.dice import scripted
    >>> card = rulesets.get("yams").new_scorecard()
    >>> turn = Turn().roll(scripted([6, 6, 6, 6, 6]), card=card)
    >>> Softmax(0.001, lambda: 0.5).decide(card, turn)
    Announce(box='yams')
    """

    def __init__(self, temperature: float, uniform: Uniform) -> None:
        if not temperature > 0:
            raise ValueError("the temperature is a positive number of points")
        self.temperature = temperature
        self.uniform = uniform

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """One of the advisor's choices for this sheet and turn, drawn, as a move."""
        choices = advisor_for(card.ruleset).advise(
            card, turn.dice, turn.rolls_left, announced=turn.announced
        )
        if not choices:
            raise ValueError("no legal placement: a Yam's turn that had to announce did not")
        best = choices[0].value
        weights = [math.exp((c.value - best) / self.temperature) for c in choices]
        point = self.uniform() * sum(weights)
        for choice, weight in zip(choices, weights, strict=True):
            point -= weight
            if point < 0:
                return decision_for(choice, turn.dice)
        return decision_for(choices[0], turn.dice)


def field(uniforms: Callable[[int], Uniform]) -> list[tuple[str, Strategy]]:
    """The honest field, named: the expert, the beginner, then ``PER_TEMPERATURE``
    Softmax players at each of ``TEMPERATURES``; player ``i`` of them draws with
    ``uniforms(i)``."""
    players: list[tuple[str, Strategy]] = [
        (name, levels.get(name)) for name in ("expert", "beginner")
    ]
    for index in range(PER_TEMPERATURE * len(TEMPERATURES)):
        temperature = TEMPERATURES[index % len(TEMPERATURES)]
        players.append((f"softmax {temperature:g}", Softmax(temperature, uniforms(index))))
    return players


def reroll_luck(path: Iterable[Mapping[str, Any]]) -> float:
    """The luck of a review's path (its steps: ``roll`` 1-3 and ``luck``) on the rolls
    after the first of each round."""
    return float(sum(step["luck"] for step in path if step["roll"] > 1))


def bound_of(lucks: Sequence[float]) -> dict[str, float]:
    """The bound of honest luck from the field's lucks on one day's dice: ``bound``
    (mean plus ``SPREADS`` standard deviations), with the ``mean``, ``spread``
    (population standard deviation), ``highest`` and ``games`` it comes from."""
    if len(lucks) < 2:
        raise ValueError("a bound needs the lucks of two games or more")
    mean, spread = statistics.fmean(lucks), statistics.pstdev(lucks)
    return {
        "bound": mean + SPREADS * spread,
        "mean": mean,
        "spread": spread,
        "highest": max(lucks),
        "games": len(lucks),
    }
