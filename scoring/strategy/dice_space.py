"""The space of five dice as the solver sees it: every roll and every keep, indexed.

A *keep* is the multiset of dice values a player keeps before rolling again,
from none to all five (462 of them); the 252 keeps of five dice are the
distinct rolls.  Keeps are numbered by size, so that
``KEEPS[SIZE_START[m]:SIZE_START[m + 1]]`` are the keeps of ``m`` dice; within a
size, keeps with more distinct faces come first (they have more parents, see
``PARENT_COUNTS``), then in sorted order.

The tables here let array code average over the next die (``CHILDREN``) and
take the best over sub-keeps (``PARENTS``) one die at a time.

>>> len(KEEPS), len(ROLLS), round(float(ROLL_PROBABILITY.sum()), 12)
(462, 252, 1.0)
>>> [KEEPS[SIZE_START[2] + i] for i in CHILDREN[1][0]]  # (1,) grows into (1, f)
[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)]
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial

import numpy as np

FACES = 6
DICE = 5

KEEPS: tuple[tuple[int, ...], ...] = tuple(
    keep
    for size in range(DICE + 1)
    for keep in sorted(
        combinations_with_replacement(range(1, FACES + 1), size), key=lambda k: (-len(set(k)), k)
    )
)
KEEP_INDEX: dict[tuple[int, ...], int] = {keep: i for i, keep in enumerate(KEEPS)}
SIZE_START: tuple[int, ...] = (
    *(next(i for i, k in enumerate(KEEPS) if len(k) == m) for m in range(DICE + 1)),
    len(KEEPS),
)
ROLL_START = SIZE_START[DICE]
ROLLS: tuple[tuple[int, ...], ...] = KEEPS[ROLL_START:]
ROLL_INDEX: dict[tuple[int, ...], int] = {roll: i for i, roll in enumerate(ROLLS)}


def _multinomial(counts: list[int]) -> int:
    total = factorial(sum(counts))
    for c in counts:
        total //= factorial(c)
    return total


def face_counts(dice: tuple[int, ...]) -> list[int]:
    """How many of ``dice`` show each face 1-6 (index 0 is face 1)."""
    return [dice.count(f) for f in range(1, FACES + 1)]


# Chance of each sorted roll when all five dice are thrown.
ROLL_PROBABILITY = np.array(
    [_multinomial(face_counts(r)) / FACES**DICE for r in ROLLS], dtype=np.float64
)
# How many dice of each face every roll shows: COUNTS[face - 1, roll].
COUNTS = np.array([face_counts(r) for r in ROLLS], dtype=np.intp).T
FIVE_OF_A_KIND = tuple(ROLL_INDEX[(f,) * DICE] for f in range(1, FACES + 1))


def _local(keep: tuple[int, ...]) -> int:
    """Index of ``keep`` among the keeps of its own size."""
    return KEEP_INDEX[keep] - SIZE_START[len(keep)]


def _children(size: int) -> np.ndarray:
    """For each keep of ``size`` dice, the keep of ``size + 1`` after adding face 1..6."""
    keeps = KEEPS[SIZE_START[size] : SIZE_START[size + 1]]
    return np.array(
        [[_local(tuple(sorted((*k, f)))) for f in range(1, FACES + 1)] for k in keeps],
        dtype=np.intp,
    )


def _parents(size: int) -> np.ndarray:
    """For each keep of ``size`` dice, the keeps of ``size - 1`` after dropping one die
    (one per distinct face; rows padded by repeating the first)."""
    keeps = KEEPS[SIZE_START[size] : SIZE_START[size + 1]]
    rows = []
    for k in keeps:
        row = [_local(k[:i] + k[i + 1 :]) for i in range(len(k)) if i == 0 or k[i] != k[i - 1]]
        rows.append(row + [row[0]] * (size - len(row)))
    return np.array(rows, dtype=np.intp)


# CHILDREN[m] has one row per keep of m dice (m < 5): its six children of m + 1 dice.
CHILDREN: tuple[np.ndarray, ...] = tuple(_children(m) for m in range(DICE))
# PARENTS[m] has one row per keep of m dice (m > 0): its parents of m - 1 dice.
PARENTS: tuple[np.ndarray, ...] = (
    np.zeros((1, 0), dtype=np.intp),
    *(_parents(m) for m in range(1, DICE + 1)),
)
# PARENT_COUNTS[m][j]: how many keeps of m dice (the first ones) have a (j+1)-th parent.
PARENT_COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 for k in KEEPS[SIZE_START[m] : SIZE_START[m + 1]] if len(set(k)) > j)
        for j in range(m)
    )
    for m in range(DICE + 1)
)


def sub_keeps(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of values that can be kept from ``dice`` (sorted tuples),
    including keeping none and all five.

    >>> len(sub_keeps((1, 2, 3, 4, 5))), len(sub_keeps((6, 6, 6, 6, 6)))
    (32, 6)
    """
    counts = face_counts(tuple(dice))
    found: list[tuple[int, ...]] = [()]
    for face, count in enumerate(counts, start=1):
        found = [k + (face,) * n for k in found for n in range(count + 1)]
    return tuple(sorted(found, key=lambda k: (len(k), k)))


def _outcome_matrix() -> np.ndarray:
    """OUTCOMES[keep, roll]: the chance that keeping ``keep`` and rolling the other dice
    gives ``roll``."""
    matrix = np.zeros((len(KEEPS), len(ROLLS)), dtype=np.float64)
    for ki, keep in enumerate(KEEPS):
        free = DICE - len(keep)
        for extra in combinations_with_replacement(range(1, FACES + 1), free):
            chance = _multinomial(face_counts(extra)) / FACES**free
            matrix[ki, ROLL_INDEX[tuple(sorted(keep + extra))]] += chance
    return matrix


OUTCOMES = _outcome_matrix()


def _sub_keep_table() -> np.ndarray:
    """SUB_KEEPS[roll]: the keep indexes of every sub-keep of the roll (itself included),
    rows padded by repeating the first."""
    rows = [[KEEP_INDEX[k] for k in sub_keeps(roll)] for roll in ROLLS]
    width = max(len(r) for r in rows)
    return np.array([r + [r[0]] * (width - len(r)) for r in rows], dtype=np.intp)


SUB_KEEPS = _sub_keep_table()


def best_keeps_one(worth: np.ndarray) -> np.ndarray:
    """For one state: what each roll is worth with one more roll to come, keeping its
    best sub-keep, when ``worth[roll]`` is what each roll is worth afterwards."""
    best: np.ndarray = (OUTCOMES @ worth)[SUB_KEEPS].max(axis=1)
    return best
