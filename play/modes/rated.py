"""A rated table: a game begun by two or more accounts and no bot changes their ratings
(``ratings``; decision 0070). It seats no bot, so that a game it starts is rated."""

from __future__ import annotations

from django.utils.translation import gettext

from play.modes.base import Ranking, Refusal

# Accounts a rated game needs at its start.
MIN_PEOPLE = 2


class Rated(Ranking):
    """Rates a game of people only, two or more of them with accounts."""

    name = "rated"
    counts = "rated"

    def rates(self, *, people: int, bots: int) -> bool:
        """Two or more accounts and no bot at the start."""
        return people >= MIN_PEOPLE and bots == 0

    def bots_refusal(self, bots: int) -> Refusal | None:
        """Any bot: a rated game is played by people."""
        if bots:
            return Refusal("rated_table", gettext("a rated table is for people only: no bots"))
        return None


RATED = Rated()
