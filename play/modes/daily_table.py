"""A daily challenge's solo table: one game on the day's dice, coach off; nobody joins,
and no rematch (``daily.services.daily``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from django.utils.translation import gettext

from play.modes.base import Refusal, Table

# The room actions the table refuses.
REFUSED = frozenset({"join", "configure", "start", "rematch", "add_bot", "remove_bot", "take_seat"})


class DailyTable(Table):
    """Played alone, once; a finished game is the day's attempt, ranked."""

    name = "daily"
    counts = "daily"
    records_attempt = True
    has_challenge_page = True
    notices_results = False  # played alone: the day's results page tells the rest

    def refusal(self, action: str) -> Refusal | None:
        """Joining, configuring, starting, rematching and seating anyone."""
        if action in REFUSED:
            return Refusal(
                "daily_table",
                gettext(
                    "a daily challenge is played alone, once: nobody joins and there is no rematch"
                ),
            )
        return None

    def coach_refusal(self) -> Refusal | None:
        """The same dice for everyone: everyone plays them alone."""
        return Refusal("coach_off", gettext("the coach is off in the daily challenge"))

    def publish_refusal(self, *, public: bool) -> Refusal | None:
        """Always: a daily challenge (or its practice) is played alone."""
        return Refusal("daily_table", gettext("a daily challenge cannot be an open table"))

    def seat_from_bot(self) -> bool:
        """No: nobody joins."""
        return False

    def chat_hidden(
        self,
        blocked: Mapping[int, frozenset[int]],
        consenting: Collection[int],
        people: Collection[int],
    ) -> dict[int, frozenset[int]]:
        """Only the blocked (played alone: nobody else is there)."""
        return dict(blocked)


DAILY_TABLE = DailyTable()
