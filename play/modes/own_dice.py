"""Each seat's own dice, from the system's random source."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from play.models import Game, Turn
from play.modes.base import Dice
from scoring.dice import DiceSource


class OwnDice(Dice):
    """No secret: every roll draws from the system; the log tells every move."""

    name = "own"
    counts = None
    compared = False
    sealed = False
    reveals_rounds = False

    def new_seed(self) -> str:
        """None: the system's dice."""
        return ""

    def seed_of(self, game: Game) -> bytes | None:
        """None: the system's dice."""
        return None

    def source(self, game: Game, turn: Turn, roll: int, hold: Sequence[int]) -> DiceSource | None:
        """The system's."""
        return None

    def logged(self, game: Game, kind: str, data: Mapping[str, object]) -> Mapping[str, object]:
        """All of it."""
        return data


OWN_DICE = OwnDice()
