"""Live: everyone at the table, turns in seconds."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext

from play.modes.base import Pace, Refusal

TURN_SECONDS = (15, 300)  # the turn limit, when there is one


class Live(Pace):
    """Short waits; the host may play an absent player's turn; no notices, no holidays."""

    name = "live"
    notices_turns = False
    notices_chat = False  # everyone is at the table
    rounds_by_default = False
    timer_field = "turn_seconds"
    timer_unit = 1

    def idle_limit(self, *, live: timedelta, by_the_day: timedelta) -> timedelta:
        """A live room's."""
        return live

    def host_away(self, live: timedelta) -> timedelta:
        """A live room's (a minute by default)."""
        return live

    def hurry_refusal(self) -> Refusal | None:
        """None: the host may finish an absent player's turn."""
        return None

    def holiday_refusal(self) -> Refusal | None:
        """Holidays are for rooms by the day."""
        return Refusal("not_by_the_day", gettext("holidays are for rooms by the day"))

    def turn_limit(self, seconds: int | None) -> int | Refusal | None:
        """Off (``None``), or ``TURN_SECONDS``."""
        low, high = TURN_SECONDS
        if seconds is not None and not low <= seconds <= high:
            return Refusal(
                "bad_timer",
                gettext("the turn time limit is off or %(low)s to %(high)s seconds")
                % {"low": low, "high": high},
            )
        return seconds


LIVE = Live()
