"""Context-free dice patterns, all computed from face counts.

``counts[face]`` is how many dice show ``face`` (see ``scoring.dice.face_counts``).
"""

from __future__ import annotations

from scoring.dice import Counts


def total(counts: Counts) -> int:
    """Sum of all dice.

    >>> total((0, 1, 0, 0, 2, 0, 2))
    21
    """
    return sum(face * n for face, n in enumerate(counts))


def face_sum(counts: Counts, face: int) -> int:
    """Sum of the dice showing ``face``."""
    return counts[face] * face


def best_face(counts: Counts, need: int, *, exact: bool = False) -> int:
    """The highest face shown by at least ``need`` dice (exactly ``need`` if ``exact``); 0 if none.

    >>> best_face((0, 0, 0, 4, 0, 0, 1), 2)
    3
    >>> best_face((0, 0, 0, 4, 0, 0, 1), 2, exact=True)
    0
    """
    for face in range(6, 0, -1):
        n = counts[face]
        if n == need or (n > need and not exact):
            return face
    return 0


def faces_with(counts: Counts, need: int, *, exact: bool = False) -> list[int]:
    """Every face shown by at least (or exactly) ``need`` dice, highest first."""
    return [
        face
        for face in range(6, 0, -1)
        if counts[face] == need or (counts[face] > need and not exact)
    ]


def shape(counts: Counts) -> tuple[int, ...]:
    """The multiset of group sizes, largest first: (3, 2) is a full house.

    >>> shape((0, 2, 0, 3, 0, 0, 0))
    (3, 2)
    """
    return tuple(sorted((n for n in counts if n), reverse=True))


def longest_run(counts: Counts) -> int:
    """Length of the longest run of consecutive faces present.

    >>> longest_run((0, 1, 0, 1, 1, 1, 1))
    4
    """
    best = run = 0
    for face in range(1, 7):
        run = run + 1 if counts[face] else 0
        best = max(best, run)
    return best


def is_five_of_a_kind(counts: Counts) -> bool:
    """All five dice show the same face."""
    return 5 in counts


def is_exact_straight(counts: Counts, low: int) -> bool:
    """The dice read exactly ``low`` .. ``low + 4``."""
    return all(counts[face] == 1 for face in range(low, low + 5))
