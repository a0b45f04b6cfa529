"""What a strategy can decide, and the ``Strategy`` protocol every level follows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeAlias, runtime_checkable

from scoring.scorecard import Scorecard
from scoring.turn import Turn


@dataclass(frozen=True)
class Roll:
    """Roll again, keeping the dice at positions ``hold`` (0-4, never all five)."""

    hold: tuple[int, ...]


@dataclass(frozen=True)
class Announce:
    """Yam's: announce ``box`` of the announced column, right after the first roll."""

    box: str


@dataclass(frozen=True)
class Place:
    """Fill ``box`` of ``column`` with the dice as they lie; the turn ends."""

    box: str
    column: str


Decision: TypeAlias = Roll | Announce | Place


@runtime_checkable
class Strategy(Protocol):
    """A computer player.  ``decide`` is asked once the turn has rolled (the first roll,
    which throws all five dice, is the caller's) and while the sheet is not complete.

    The answer is always legal: a ``Roll`` only while rolls are left and no Yam's
    announcement is due; an ``Announce`` only right after the first roll, of an open
    box of the announced column; a ``Place`` only of a placement listed by
    ``card.options(turn.dice, announced=turn.announced)``.  Same sheet and turn, same
    answer.
    """

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        """The next move of the player owning ``card`` in ``turn``."""
        ...
