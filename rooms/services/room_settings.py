"""A room's settings checked as the host gives them, opening a room or changing it
(``rooms.services.rooms``): the variant and its options, seats, the pace and its turn
time limit, holidays, everyone's turn at once, duplicate dice, rated or casual. Bad
input raises a ``ServiceError`` and changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from common.errors import ServiceError
from play.modes import Refusal, pace_named
from rooms.models import Room
from scoring import rulesets
from scoring.ruleset import RuleSet

MAX_SEATS = 8
DAY_HOURS = (1, 3, 6, 12, 24, 48, 72, 120, 168)  # the steps the forms offer


def checked_settings(
    ruleset: str,
    options: dict[str, Any] | None,
    seats: int,
    turn_seconds: int | None,
    pace: str,
) -> tuple[RuleSet, int, str, int | None]:
    """Check a room's settings: the variant and its options, seats, pace and turn time
    limit (as the pace allows: ``play.modes.live``, ``play.modes.by_the_day``)."""
    try:
        rs = rulesets.get(ruleset, **(options or {}))
    except ValueError as exc:
        raise ServiceError("bad_options", str(exc)) from None
    if not 1 <= seats <= MAX_SEATS:
        raise seats_refused()
    if pace not in Room.Pace.values:
        raise ServiceError("bad_pace", gettext("the pace is live or day (by the day)"))
    limit = pace_named(pace).turn_limit(turn_seconds)
    if isinstance(limit, Refusal):
        raise ServiceError(limit.code, limit.message)
    return rs, seats, pace, limit


def seats_refused() -> ServiceError:
    """The refusal of a number of seats out of range (or not a number, from a form)."""
    return ServiceError("bad_seats", gettext("a room has 1 to %(max)s seats") % {"max": MAX_SEATS})


def timer_refused() -> ServiceError:
    """The refusal of a turn time limit that is not a number (from a form)."""
    return ServiceError("bad_timer", gettext("the turn time limit is a number of seconds"))


def checked_holidays(holidays: bool | None, default: bool) -> bool:
    """Whether the room allows holidays: ``holidays``, or ``default`` when left out."""
    return default if holidays is None else holidays


def checked_duplicate(
    duplicate: bool | None, together: bool | None, default: bool, together_default: bool
) -> tuple[bool, bool]:
    """Duplicate dice and everyone's turn at once: duplicate dice are played at once
    (``together`` left out follows them; set to false, it is refused)."""
    same_dice = default if duplicate is None else duplicate
    if same_dice and together is False:
        raise ServiceError(
            "bad_options", gettext("duplicate dice are played with everyone's turn at once")
        )
    at_once = together_default if together is None else together
    return same_dice, same_dice or at_once


def checked_rated(room: Room, rated: bool | None, *, played: bool) -> bool:
    """Whether ``room`` is rated from now: ``rated``, or as it is when left out; it is
    chosen before the first game (``played``: a game began)."""
    current = room.rated  # a setting the host may change, not a mode asked (decision 0062)
    chosen = current if rated is None else rated
    if played and chosen != current:
        raise ServiceError(
            "rating_fixed", gettext("rated or casual is chosen before the first game")
        )
    return chosen
