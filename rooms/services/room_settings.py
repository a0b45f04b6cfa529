"""A room's settings checked as the host gives them, opening a room or changing it
(``rooms.services.rooms``): the variant and its options, seats, the pace and its turn
time limit, holidays, everyone's turn at once and duplicate dice. Bad input raises a
``ServiceError`` and changes nothing.
"""

from __future__ import annotations

from django.utils.translation import gettext

from common.errors import ServiceError
from play.modes import Refusal, pace_named
from rooms.models import Room
from scoring import rulesets
from scoring.ruleset import RuleSet

MAX_SEATS = 8
DAY_HOURS = (1, 3, 6, 12, 24, 48, 72, 120, 168)  # the steps the forms offer


def checked_settings(
    ruleset: object, options: object, seats: object, turn_seconds: object, pace: object
) -> tuple[RuleSet, int, str, int | None]:
    """Check a room's settings: the variant and its options, seats, pace and turn time
    limit (as the pace allows: ``play.modes.live``, ``play.modes.by_the_day``)."""
    if not isinstance(ruleset, str):
        raise ServiceError(
            "bad_options",
            gettext("variant must be one of %(variants)s")
            % {"variants": ", ".join(rulesets.names())},
        )
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError("bad_options", gettext("options must be an object"))
    try:
        rs = rulesets.get(ruleset, **options)
    except ValueError as exc:
        raise ServiceError("bad_options", str(exc)) from None
    if type(seats) is not int or not 1 <= seats <= MAX_SEATS:
        raise ServiceError(
            "bad_seats", gettext("a room has 1 to %(max)s seats") % {"max": MAX_SEATS}
        )
    if not isinstance(pace, str) or pace not in Room.Pace.values:
        raise ServiceError("bad_pace", gettext("the pace is live or day (by the day)"))
    if type(turn_seconds) is bool or not (turn_seconds is None or type(turn_seconds) is int):
        raise ServiceError("bad_timer", gettext("the turn time limit is a number of seconds"))
    limit = pace_named(pace).turn_limit(turn_seconds)
    if isinstance(limit, Refusal):
        raise ServiceError(limit.code, limit.message)
    return rs, seats, pace, limit


def checked_holidays(holidays: object, default: bool) -> bool:
    """Whether the room allows holidays: ``holidays`` checked, ``default`` when left out."""
    if holidays is None:
        return default
    if type(holidays) is not bool:
        raise ServiceError("bad_options", gettext("holidays is true (allowed) or false"))
    return holidays


def _together(together: object, default: bool) -> bool:
    if together is None:
        return default
    if type(together) is not bool:
        raise ServiceError(
            "bad_options",
            gettext("together is true (everyone's turn at once) or false (one after another)"),
        )
    return together


def checked_duplicate(
    duplicate: object, together: object, default: bool, together_default: bool
) -> tuple[bool, bool]:
    """Duplicate dice and everyone's turn at once: duplicate dice are played at once
    (``together`` left out follows them; set to false, it is refused)."""
    if duplicate is None:
        duplicate = default
    if type(duplicate) is not bool:
        raise ServiceError(
            "bad_options", gettext("duplicate is true (everyone rolls the same dice) or false")
        )
    if duplicate and together is False:
        raise ServiceError(
            "bad_options", gettext("duplicate dice are played with everyone's turn at once")
        )
    return duplicate, duplicate or _together(together, together_default)
