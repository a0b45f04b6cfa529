"""Dice values, their validation, and the sources that supply them.

A *dice source* is any callable ``source(count) -> sequence of ints``; the
engine never draws numbers itself.  The server passes one built on
``secrets.SystemRandom``; tests pass a scripted one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence, Set

from scoring.errors import RulesError

DICE_COUNT = 5
FACES = (1, 2, 3, 4, 5, 6)

Dice = tuple[int, ...]
Counts = tuple[int, ...]
DiceSource = Callable[[int], Sequence[int]]


def _is_die(value: object) -> bool:
    return type(value) is int and 1 <= value <= 6


def validate_dice(dice: object) -> Dice:
    """Return ``dice`` as a tuple, or raise ``RulesError`` (a ``ValueError``).

    >>> validate_dice([6, 1, 6, 2, 3])
    (6, 1, 6, 2, 3)
    >>> validate_dice([1, 2, 7, 1, 1])
    Traceback (most recent call last):
    ...
    scoring.errors.RulesError: dice must be five whole numbers from 1 to 6; got [1, 2, 7, 1, 1]
    """
    if isinstance(dice, (str, bytes, bytearray, Set, Mapping)) or not isinstance(dice, Iterable):
        raise RulesError("invalid_dice", f"dice must be a list of five values; got {dice!r}")
    values = tuple(dice)
    if len(values) != DICE_COUNT or not all(_is_die(v) for v in values):
        raise RulesError(
            "invalid_dice",
            f"dice must be five whole numbers from 1 to 6; got {list(values)!r}",
        )
    return values


def face_counts(dice: Dice) -> Counts:
    """How many dice show each face, indexed by face (index 0 is unused).

    >>> face_counts((2, 2, 5, 6, 2))
    (0, 0, 3, 0, 0, 1, 1)
    """
    counts = [0] * 7
    for value in dice:
        counts[value] += 1
    return tuple(counts)


def scripted(values: Iterable[int]) -> DiceSource:
    """A source that hands out ``values`` in order; running out is an error.

    >>> source = scripted([1, 2, 3, 4, 5, 6])
    >>> source(5), source(1)
    ([1, 2, 3, 4, 5], [6])
    """
    pending = list(values)

    def source(count: int) -> list[int]:
        if count > len(pending):
            raise RulesError("source_exhausted", "the scripted dice source ran out of values")
        drawn = pending[:count]
        del pending[:count]
        return drawn

    return source


def from_rng(rng: random.Random) -> DiceSource:
    """A source that draws from the caller's generator (``secrets.SystemRandom()`` in play).

    >>> source = from_rng(random.Random(7))
    >>> all(1 <= v <= 6 for v in source(5))
    True
    """
    return lambda count: [rng.randint(1, 6) for _ in range(count)]


def draw(source: DiceSource, count: int) -> Dice:
    """Ask ``source`` for ``count`` dice and check what it returns."""
    raw = source(count)
    values = tuple(raw) if isinstance(raw, (list, tuple)) else ()
    if len(values) != count or not all(_is_die(v) for v in values):
        raise RulesError(
            "bad_dice_source", f"the dice source returned {raw!r} when asked for {count} dice"
        )
    return values
