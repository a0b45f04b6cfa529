"""Which rooms count, and what that allows: the one place that says whether a placement
may be taken back (docs/decisions/0054).

A room counts when its results are compared or ranked against others': a daily
challenge (every attempt at the day's dice is ranked) and a room with the same dice for
everyone (each round is compared seat by seat); rated rooms will count too. In a room
that counts, a box once filled stays filled. Every other room is casual: a player who
taps the wrong box may take it back until the next seat acts (one seat after another)
or the round closes (everyone at once).

Kept apart from the services and selectors that ask it, so that the play modes' rule
objects (DESIGN.md, "Modes are rules, not flags") can take it over whole.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext

from games.errors import ServiceError

# After a placement that may be taken back, no bot acts for this many times the table's
# bot delay (games.services.turns.bot_delay: 0.8 s, so 3.2 s), however soon it was due:
# a bot's first roll would close the window before the player had seen their mistake.
GRACE_IN_BOT_DELAYS = 4


def counts(*, daily: bool, duplicate: bool) -> str | None:
    """Why a game's results count (``"daily"``, ``"duplicate"``), or ``None`` for a casual
    game (``daily``: the room is a daily challenge's table; ``duplicate``: the game is
    played on the same dice for everyone).

    >>> counts(daily=False, duplicate=False) is None
    True
    >>> counts(daily=True, duplicate=False)
    'daily'
    """
    if daily:
        return "daily"
    if duplicate:
        return "duplicate"
    return None


def allows_take_back(*, daily: bool, duplicate: bool) -> bool:
    """Whether a placement of such a game may be taken back (a casual game's may)."""
    return counts(daily=daily, duplicate=duplicate) is None


def require_take_back_allowed(*, daily: bool, duplicate: bool) -> None:
    """Refuse (``room_counts``, saying why) to take a placement back in a game that
    counts."""
    why = counts(daily=daily, duplicate=duplicate)
    if why == "daily":
        raise ServiceError("room_counts", gettext(
            "a daily challenge counts: a filled box stays filled"))
    if why == "duplicate":
        raise ServiceError("room_counts", gettext(
            "with the same dice for everyone, the game counts: a filled box stays filled"))


def take_back_grace(bot_delay: timedelta) -> timedelta:
    """How long no bot acts after a placement that may be taken back, for a table whose
    bots pause ``bot_delay`` before each action."""
    return bot_delay * GRACE_IN_BOT_DELAYS
