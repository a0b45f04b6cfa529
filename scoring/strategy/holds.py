"""The handful of ways a beginner keeps dice, and turning kept values into positions.

A hold is written here as the sorted values kept (``(6, 6, 6)``); ``positions``
finds the dice that show them.

>>> candidate_holds((6, 6, 6, 2, 3))[:4]
((), (6, 6, 6), (6, 6), (3,))
>>> positions((2, 6, 3, 6, 6), (6, 6, 6))
(1, 3, 4)
"""

from __future__ import annotations

from collections import Counter

from scoring.dice import DICE_COUNT, face_counts

Values = tuple[int, ...]

# Runs of four and five faces a straight can be built on.
RUNS = ((1, 4), (2, 5), (3, 6), (1, 5), (2, 6))


def candidate_holds(dice: Values) -> tuple[Values, ...]:
    """Every hold a beginner considers for ``dice``, without repeats and never all five.

    Nothing; all the dice of one face (or just two, three or four of them); one face
    plus the high dice; the two biggest groups (for a full house or two pairs); one of
    each face of a run; the high dice; the low dice.
    """
    counts = face_counts(dice)
    found: list[Values] = []

    def add(values: list[int]) -> None:
        hold = tuple(sorted(values))
        if len(hold) < DICE_COUNT and hold not in found:
            found.append(hold)

    add([])
    present = [face for face in range(6, 0, -1) if counts[face]]
    for face in present:
        n = counts[face]
        add([face] * n)
        for keep in (2, 3, 4):
            if keep < n:
                add([face] * keep)
        add([face] * n + [d for d in dice if d != face and d >= 4])
    groups = sorted(present, key=lambda face: (counts[face], face), reverse=True)
    if len(groups) >= 2:
        first, second = groups[0], groups[1]
        add([first] * min(counts[first], 3) + [second] * min(counts[second], 2))
        add([first] * min(counts[first], 2) + [second] * min(counts[second], 2))
    for low, high in RUNS:
        add([face for face in range(low, high + 1) if counts[face]])
    add([d for d in dice if d >= 4])
    add([d for d in dice if d >= 5])
    add([d for d in dice if d <= 3])
    add([d for d in dice if d <= 2])
    return tuple(found)


def positions(dice: Values, held: Values) -> tuple[int, ...]:
    """The positions (0-4) of dice showing the values ``held``, leftmost first."""
    wanted = Counter(held)
    chosen = []
    for index, value in enumerate(dice):
        if wanted[value]:
            wanted[value] -= 1
            chosen.append(index)
    if sum(wanted.values()):
        raise ValueError(f"cannot hold {held!r} from the dice {dice!r}")
    return tuple(chosen)
