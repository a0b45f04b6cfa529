"""The rules of a solvable variant as arrays: what each roll scores in each box, the
upper bonus, and Yahtzee's extra bonus and joker rule.

The solver reads only this, so the arrays are built from the engine itself
(``RuleSet.score``) and the joker logic mirrors ``scoring.variants.yahtzee``;
tests compare both against ``Scorecard.options`` on many sheets.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scoring.boxes import UPPER
from scoring.ruleset import RuleSet
from scoring.strategy.dice_space import ROLLS

SOLVABLE = ("yahtzee", "yatzy")
UPPER_COUNT = len(UPPER)


@dataclass(frozen=True, eq=False)
class SolverRules:
    """A single-column variant reduced to numbers.

    ``scores[box, roll]`` is the plain (context-free) score; boxes are in the
    ruleset's order, ones to sixes first.  ``joker`` is ``None`` (Yatzy),
    ``"forced"`` or ``"free"``; with a joker, ``yahtzee_box`` is the index of the
    Yahtzee box and ``joker_points[box]`` what a box pays a Yahtzee used as a joker.
    """

    ruleset: RuleSet
    boxes: int
    scores: np.ndarray
    threshold: int
    upper_bonus: int
    extra_bonus: int
    joker: str | None
    yahtzee_box: int
    joker_points: tuple[int, ...]

    @property
    def flags(self) -> int:
        """How many values the Yahtzee-box-holds-50 flag takes (1 when it plays no part)."""
        return 2 if self.extra_bonus else 1

    @property
    def key(self) -> str:
        """Names the rules this table solves, for the cache file."""
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.ruleset.options.items()))
        return f"{self.ruleset.name}({opts})"


def is_solvable(ruleset: RuleSet) -> bool:
    """Whether the exact solver handles ``ruleset`` (one column, no announcements)."""
    return ruleset.name in SOLVABLE and ruleset.columns == ("main",)


def rules_for(ruleset: RuleSet) -> SolverRules:
    """The arrays for ``ruleset``; ``ValueError`` if the solver does not handle it."""
    if not is_solvable(ruleset):
        raise ValueError(f"the exact solver handles {' and '.join(SOLVABLE)}, not {ruleset.name}")
    if tuple(ruleset.categories[:UPPER_COUNT]) != UPPER:
        raise ValueError("the solver expects ones to sixes as the first six boxes")
    scores = np.array(
        [[ruleset.score(list(roll), box) for roll in ROLLS] for box in ruleset.categories],
        dtype=np.float64,
    )
    joker = ruleset.options.get("joker")
    yahtzee_box = ruleset.categories.index("yahtzee") if joker else -1
    joker_points = tuple(_joker_points(ruleset, box) for box in ruleset.categories) if joker else ()
    return SolverRules(
        ruleset=ruleset,
        boxes=len(ruleset.categories),
        scores=scores,
        threshold=ruleset.upper_bonus_threshold,
        upper_bonus=ruleset.upper_bonus_points,
        extra_bonus=ruleset.extra_yahtzee_bonus,
        joker=joker,
        yahtzee_box=yahtzee_box,
        joker_points=joker_points,
    )


def _joker_points(ruleset: RuleSet, box: str) -> int:
    """What a lower box pays a Yahtzee played as a joker; -1 for the others.  Boxes
    scored by the dice (kinds, chance) pay what five equal dice score there, which
    for a joker of face f is 5f: the solver adds that per face."""
    from scoring.variants.yahtzee import JOKER_POINTS

    if box in JOKER_POINTS:
        return JOKER_POINTS[box]
    return -1
