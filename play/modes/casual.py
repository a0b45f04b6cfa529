"""A casual table: its games change nobody's rating (the default, and every daily
challenge's table)."""

from __future__ import annotations

from play.modes.base import Ranking, Refusal


class Casual(Ranking):
    """Rates nothing; seats bots freely."""

    name = "casual"
    counts = None

    def rates(self, *, people: int, bots: int) -> bool:
        """Never."""
        return False

    def bots_refusal(self, bots: int) -> Refusal | None:
        """None."""
        return None


CASUAL = Casual()
