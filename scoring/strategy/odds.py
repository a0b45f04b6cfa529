"""Exact odds of one re-roll: every outcome as a multiset of faces, with its probability.

Dice are handled here as *sorted* tuples of values: the order of the dice never
changes a score, and 252 sorted rolls stand for all 7776 ordered ones.  The
tables that depend only on dice are built at import; the per-box ones the first
time a box is asked about, then kept (a few kilobytes per box).

>>> from scoring import rulesets
>>> len(FINALS), len(REROLLS[5])
(462, 252)
>>> round(sum(p for _, p in REROLLS[3]), 12)
1.0
>>> round(expected(rulesets.get("yahtzee"), "sixes", (6, 6, 6)), 12)
20.0
>>> round(means(rulesets.get("yahtzee"), "chance")[(6, 6, 6)], 12)
25.0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod

from scoring.dice import DICE_COUNT, FACES, face_counts
from scoring.ruleset import ALL_ROLLS, RuleSet

Values = tuple[int, ...]
Outcome = tuple[Values, float]


def throw_probability(faces: Values) -> float:
    """Chance that ``len(faces)`` fresh dice show exactly this multiset."""
    arrangements = factorial(len(faces)) // prod(factorial(n) for n in Counter(faces).values())
    return float(arrangements / len(FACES) ** len(faces))


# REROLLS[k]: every result of throwing k dice, as sorted faces with its probability.
REROLLS: tuple[tuple[Outcome, ...], ...] = tuple(
    tuple((faces, throw_probability(faces)) for faces in combinations_with_replacement(FACES, k))
    for k in range(DICE_COUNT + 1)
)

# FINALS[held]: for every sorted multiset of 0 to 5 kept dice, the five dice after
# re-rolling the others once (sorted) and their probability.
FINALS: Mapping[Values, tuple[Outcome, ...]] = {
    held: tuple((tuple(sorted(held + faces)), p) for faces, p in REROLLS[DICE_COUNT - len(held)])
    for n in range(DICE_COUNT + 1)
    for held in combinations_with_replacement(FACES, n)
}

# Every hold of 0 to 4 dice, biggest first, with the six holds one more die leads to.
_GROWTH: tuple[tuple[Values, tuple[Values, ...]], ...] = tuple(
    (held, tuple(tuple(sorted((*held, face))) for face in FACES))
    for n in range(DICE_COUNT - 1, -1, -1)
    for held in combinations_with_replacement(FACES, n)
)
_ROLL_COUNTS = tuple(face_counts(roll) for roll in ALL_ROLLS)


@cache
def score_table(ruleset: RuleSet, box: str) -> Mapping[Values, int]:
    """The context-free score of ``box`` (what ``ruleset.score`` says) for each of the
    252 sorted rolls."""
    scorer = ruleset.box(box).scorer
    return {roll: scorer(counts) for roll, counts in zip(ALL_ROLLS, _ROLL_COUNTS, strict=True)}


@cache
def means(ruleset: RuleSet, box: str) -> Mapping[Values, float]:
    """The expected score of ``box`` for every hold (sorted values of 0 to 5 kept dice,
    the others re-rolled once; all five kept is the score as it stands)."""
    # Re-rolling k dice is rolling one, then the other k - 1: the mean of a hold is
    # the average of the means of the six holds one more die leads to.
    found = {roll: float(points) for roll, points in score_table(ruleset, box).items()}
    for held, grown in _GROWTH:
        found[held] = sum(found[bigger] for bigger in grown) / len(FACES)
    return found


@cache
def distribution(ruleset: RuleSet, box: str, held: Values) -> tuple[tuple[int, float], ...]:
    """``(score, probability)`` of ``box`` once the dice not in ``held`` (sorted values)
    are re-rolled, lowest score first.

    >>> from scoring import rulesets
    >>> distribution(rulesets.get("yahtzee"), "yahtzee", (2, 2, 2, 2))
    ((0, 0.8333333333333333), (50, 0.16666666666666666))
    """
    table = score_table(ruleset, box)
    found: dict[int, float] = {}
    for final, p in FINALS[held]:
        found[table[final]] = found.get(table[final], 0.0) + p
    return tuple(sorted(found.items()))


def expected(
    ruleset: RuleSet,
    box: str,
    held: Values,
    worth: Callable[[int], float] = float,
) -> float:
    """Expected ``worth(score)`` of ``box`` after keeping ``held`` and re-rolling the
    other dice once; ``worth`` defaults to the score itself."""
    return sum(p * worth(points) for points, p in distribution(ruleset, box, tuple(sorted(held))))
