"""What placements are worth from one sheet state, read from a solver's value table.

``Solver.advise`` asks this of one state at a time; the batch code of
``solver_build`` computes the same for many states at once.  A state is
``(filled boxes as bits, capped upper sum, Yahtzee-box-holds-50 flag)``.
"""

from __future__ import annotations

import numpy as np

from scoring.strategy.dice_space import COUNTS, DICE, FIVE_OF_A_KIND, ROLLS
from scoring.strategy.solver_build import value_index
from scoring.strategy.solver_rules import UPPER_COUNT, SolverRules


def placement_value(
    rules: SolverRules,
    values: np.ndarray,
    state: tuple[int, int, int],
    box: int,
    points: int,
    bonus: int,
) -> float:
    """Score still to come after writing ``points`` (and ``bonus``) in box number
    ``box``: what that gains, the upper bonus it reaches included, plus the value of
    the state it leads to."""
    mask, upper, flag = state
    gained = points + bonus
    if box < UPPER_COUNT:
        reached = upper + points
        if upper < rules.threshold <= reached:
            gained += rules.upper_bonus
        upper = min(reached, rules.threshold)
    if box == rules.yahtzee_box and points == 50:
        flag = 1
    return gained + float(values[value_index(rules, mask | (1 << box), upper, flag)])


def last_throw_worth(
    rules: SolverRules, values: np.ndarray, state: tuple[int, int, int]
) -> np.ndarray:
    """``worth[roll]``: the best placement of each roll on the last throw (score still
    to come), each box at its face value: the joker is left to the caller."""
    mask, upper, flag = state
    threshold = rules.threshold
    worth = np.full(len(ROLLS), -np.inf)
    for box in range(rules.boxes):
        if mask >> box & 1:
            continue
        nxt = mask | (1 << box)
        if box < UPPER_COUNT:
            by_count = np.empty(DICE + 1)
            for count in range(DICE + 1):
                reached = upper + (box + 1) * count
                bonus = rules.upper_bonus if upper < threshold <= reached else 0
                by_count[count] = (
                    (box + 1) * count
                    + bonus
                    + values[value_index(rules, nxt, min(reached, threshold), flag)]
                )
            np.maximum(worth, by_count[COUNTS[box]], out=worth)
        elif box == rules.yahtzee_box:
            after = np.full(len(ROLLS), values[value_index(rules, nxt, upper, 0)])
            after[list(FIVE_OF_A_KIND)] = 50 + values[value_index(rules, nxt, upper, 1)]
            np.maximum(worth, after, out=worth)
        else:
            after = values[value_index(rules, nxt, upper, flag)]
            np.maximum(worth, rules.scores[box] + after, out=worth)
    return worth
