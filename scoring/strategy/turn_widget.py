"""The three-roll turn as exact arrays: what a keep is worth, given what each final roll is worth.

Dice are sorted tuples.  ``ROLLS`` are the 252 distinct rolls of five dice, ``KEEPS``
the 210 multisets of 0 to 4 dice a player can keep to roll again, and
``TRANSITION[k, r]`` the chance that keeping ``KEEPS[k]`` ends on ``ROLLS[r]``.
Given terminal values ``T`` (one per roll; or one row per alternative, rolls along
the last axis), ``turn_values`` backs them up through the turn: the value of each
keep with one or two rolls left and of each roll seen with one or two rolls left.
Re-rolling ``k`` dice is computed as rolling them one at a time (the mean over six
faces, ``k`` times): a few small gathers, no matrix library, same result every time.

>>> len(ROLLS), len(KEEPS), TRANSITION.shape, SUB_KEEP_INDEX.shape
(252, 210, (210, 252), (31, 252))
>>> import numpy as np
>>> yahtzee = np.array([50.0 if len(set(r)) == 1 else 0.0 for r in ROLLS])
>>> round(float(turn_values(yahtzee).start), 4)  # a whole turn spent chasing five of a kind
2.3014
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

import numpy as np

from scoring.dice import DICE_COUNT, FACES
from scoring.ruleset import ALL_ROLLS
from scoring.strategy.odds import throw_probability

Values = tuple[int, ...]

ROLLS: tuple[Values, ...] = ALL_ROLLS
ROLL_INDEX: dict[Values, int] = {roll: i for i, roll in enumerate(ROLLS)}
KEEPS: tuple[Values, ...] = tuple(
    keep for n in range(DICE_COUNT) for keep in combinations_with_replacement(FACES, n)
)
KEEP_INDEX: dict[Values, int] = {keep: i for i, keep in enumerate(KEEPS)}
NO_KEEP = len(KEEPS)  # the padding index: a row of -inf appended to keep values


def _transition() -> np.ndarray:
    matrix = np.zeros((len(KEEPS), len(ROLLS)))
    for k, keep in enumerate(KEEPS):
        for faces in combinations_with_replacement(FACES, DICE_COUNT - len(keep)):
            matrix[k, ROLL_INDEX[tuple(sorted(keep + faces))]] += throw_probability(faces)
    matrix.flags.writeable = False
    return matrix


def _growth() -> tuple[np.ndarray, ...]:
    """``GROWTH[n][i, f]``: the index, among the sorted multisets of ``n + 1`` dice, of
    the ``i``-th multiset of ``n`` dice plus one die showing ``FACES[f]``."""
    levels = [list(combinations_with_replacement(FACES, n)) for n in range(DICE_COUNT + 1)]
    where = [{values: i for i, values in enumerate(level)} for level in levels]
    return tuple(
        np.array(
            [
                [where[n + 1][tuple(sorted((*values, face)))] for face in FACES]
                for values in levels[n]
            ]
        )
        for n in range(DICE_COUNT)
    )


def _sub_keeps(roll: Values) -> tuple[Values, ...]:
    """The distinct multisets of fewer than five dice taken from ``roll``, sorted."""
    found: set[Values] = set()
    for mask in range(2**DICE_COUNT - 1):
        found.add(tuple(roll[i] for i in range(DICE_COUNT) if mask >> i & 1))
    return tuple(sorted(found, key=lambda keep: (len(keep), keep)))


TRANSITION = _transition()
# The first roll of a turn: the chance of each roll when all five dice are thrown.
FIRST_ROLL = TRANSITION[KEEP_INDEX[()]].copy()
GROWTH = _growth()
SUB_KEEPS: tuple[tuple[Values, ...], ...] = tuple(_sub_keeps(roll) for roll in ROLLS)
_WIDTH = max(len(keeps) for keeps in SUB_KEEPS)
# SUB_KEEP_INDEX[j, r]: index into KEEPS of the j-th keep of ROLLS[r], padded with NO_KEEP.
SUB_KEEP_INDEX = np.array(
    [[KEEP_INDEX[k] for k in keeps] + [NO_KEEP] * (_WIDTH - len(keeps)) for keeps in SUB_KEEPS]
).T.copy()
SUB_KEEP_INDEX.flags.writeable = False


@dataclass(frozen=True)
class TurnValues:
    """Values through one turn for terminal values ``T`` (last axis: rolls; any leading
    axes: alternatives backed up side by side).  ``keep1``/``keep2``: each keep (last
    axis: ``KEEPS``) with one/two rolls left after it; ``seen1``/``seen2``: each roll
    seen with one/two rolls left; ``start``: before the first roll."""

    keep1: np.ndarray
    seen1: np.ndarray
    keep2: np.ndarray
    seen2: np.ndarray
    start: np.ndarray


def keep_values(seen: np.ndarray) -> np.ndarray:
    """The expected value of each keep (last axis: ``KEEPS``) when the other dice are
    rolled once and the roll is worth ``seen`` (last axis: ``ROLLS``)."""
    level = seen
    found = []
    for grow in reversed(GROWTH):
        level = level[..., grow].mean(axis=-1)
        found.append(level)
    return np.concatenate(found[::-1], axis=-1)


def _best_with_keeps(terminal: np.ndarray, keeps: np.ndarray) -> np.ndarray:
    pad = np.full((*keeps.shape[:-1], 1), -np.inf)
    padded = np.concatenate([keeps, pad], axis=-1)
    best: np.ndarray = np.maximum(terminal, padded[..., SUB_KEEP_INDEX].max(axis=-2))
    return best


def turn_values(terminal: np.ndarray) -> TurnValues:
    """Back ``terminal`` (shape (252,) or (m, 252)) up through a three-roll turn: at every
    roll the player either stops (the terminal value) or keeps the best dice and rolls."""
    keep1 = keep_values(terminal)
    seen1 = _best_with_keeps(terminal, keep1)
    keep2 = keep_values(seen1)
    seen2 = _best_with_keeps(terminal, keep2)
    return TurnValues(keep1, seen1, keep2, seen2, keep_values(seen2)[..., KEEP_INDEX[()]])
