"""The daily challenge's dice: the day's seed (or a practice game's own), played alone,
so nothing is sealed from the player and no table is compared."""

from __future__ import annotations

from collections.abc import Mapping

from play.models import Game
from play.modes.shared_dice import SeededDice


class DailyDice(SeededDice):
    """A seed given by the challenge; the log tells every move."""

    name = "daily"
    counts = None  # the daily table counts (play.modes.daily_table)
    compared = False  # a daily game's seed is the day's, for all: its page compares
    sealed = False

    def new_seed(self) -> str:
        """None of its own: the challenge gives the day's (or a practice game's)."""
        return ""

    def logged(self, game: Game, kind: str, data: Mapping[str, object]) -> Mapping[str, object]:
        """All of it: the player plays alone."""
        return data


DAILY_DICE = DailyDice()
