"""By the day: each turn has hours or days, and players come when they like."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext

from play.modes.base import Pace, Refusal

HOUR, DAY = 3600, 24 * 3600
TURN_SECONDS = (HOUR, 7 * DAY)
TURN_DEFAULT = DAY
HOST_AWAY = timedelta(hours=24)


class ByTheDay(Pace):
    """Long waits; turns announced by push and email; holidays; nobody is hurried."""

    name = "day"
    notices_turns = True
    notices_chat = True
    rounds_by_default = True
    timer_field = "turn_hours"  # the form offers hours; the room counts seconds
    timer_unit = HOUR

    def idle_limit(self, *, live: timedelta, by_the_day: timedelta) -> timedelta:
        """A room by the day's: a turn may last 7 days, and a holiday as many again."""
        return by_the_day

    def host_away(self, live: timedelta) -> timedelta:
        """A day."""
        return HOST_AWAY

    def hurry_refusal(self) -> Refusal | None:
        """Each turn has its deadline: nobody plays it for its player sooner."""
        return Refusal(
            "by_the_day",
            gettext(
                "in a room by the day, each turn has its deadline: nobody plays it for its "
                "player sooner"
            ),
        )

    def holiday_refusal(self) -> Refusal | None:
        """None: a player may pause their own clock."""
        return None

    def turn_limit(self, seconds: int | None) -> int | Refusal | None:
        """``TURN_SECONDS``, a day when none is asked."""
        low, high = TURN_SECONDS
        seconds = TURN_DEFAULT if seconds is None else seconds
        if not low <= seconds <= high:
            return Refusal(
                "bad_timer",
                gettext("by the day, a turn lasts 1 hour to 7 days (%(low)s to %(high)s seconds)")
                % {"low": low, "high": high},
            )
        return seconds


BY_THE_DAY = ByTheDay()
