"""How a player hears of their turns away from the table: push, email, a reminder before
the deadline, and quiet hours in their own time zone (``Preferences``)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from notices.models import Preferences
from notices.selectors.bell_kinds import KINDS

# The reminders a player may pick: hours before a turn's deadline (0: none).
REMINDER_HOURS = (0, 1, 2, 3, 6, 12, 24)


@lru_cache(maxsize=1)
def time_zones() -> frozenset[str]:
    """The IANA time zone names this machine knows."""
    return frozenset(available_timezones())


def preferences_of(player: Player) -> Preferences:
    """The player's preferences (the defaults, unsaved, when they never chose)."""
    found = Preferences.objects.filter(player=player).first()
    return found if found is not None else Preferences(player=player)


def zone_of(preferences: Preferences) -> ZoneInfo:
    """The player's time zone (UTC when unknown)."""
    name = preferences.time_zone
    return ZoneInfo(name if name in time_zones() else "UTC")


def quiet_end(preferences: Preferences, moment: datetime) -> datetime | None:
    """When the player's quiet hours that ``moment`` falls in end; ``None`` when it falls
    in none (or they have none)."""
    start, end = preferences.quiet_from, preferences.quiet_until
    if start is None or end is None or start == end:
        return None
    zone = zone_of(preferences)
    local = moment.astimezone(zone)
    hour = local.hour
    quiet = start <= hour < end if start < end else hour >= start or hour < end
    if not quiet:
        return None
    day = local.date() if hour < end else local.date() + timedelta(days=1)
    return datetime.combine(day, time(end), tzinfo=zone).astimezone(UTC)


def _hour(value: int | None, name: str) -> int | None:
    if value is None:
        return None
    if not 0 <= value <= 23:
        raise ServiceError(
            "bad_preferences", gettext("%(name)s is an hour from 0 to 23") % {"name": name}
        )
    return value


def preferences_save(
    *,
    player: Player,
    push: bool,
    email: bool,
    reminder_hours: int,
    quiet_from: int | None,
    quiet_until: int | None,
    time_zone: str,
    bell_off: Collection[str] | None = None,
) -> Preferences:
    """Keep how ``player`` wants to hear of their turns, and which kinds of the bell they
    turned off (``None``: as they were); bad values change nothing. Quiet hours need both
    ends (or neither); the time zone is an IANA name; a kind is one the bell knows."""
    if reminder_hours not in REMINDER_HOURS:
        raise ServiceError(
            "bad_preferences",
            gettext("a reminder comes %(hours)s hours before the deadline (0: none)")
            % {"hours": ", ".join(str(h) for h in REMINDER_HOURS[1:])},
        )
    start, end = _hour(quiet_from, "quiet_from"), _hour(quiet_until, "quiet_until")
    if (start is None) != (end is None):
        raise ServiceError(
            "bad_preferences", gettext("quiet hours need a start and an end, or neither")
        )
    if time_zone and time_zone not in time_zones():
        raise ServiceError("bad_preferences", gettext("unknown time zone"))
    if bell_off is not None and not set(bell_off) <= set(KINDS):
        raise ServiceError("bad_preferences", gettext("no such kind of notice"))
    kinds = {} if bell_off is None else {"bell_off": sorted(set(bell_off))}
    found, _ = Preferences.objects.update_or_create(
        player=player,
        defaults={
            **kinds,
            "push": push,
            "email": email,
            "reminder_hours": reminder_hours,
            "quiet_from": start,
            "quiet_until": end,
            "time_zone": time_zone,
        },
    )
    return found


def email_off(player: Player) -> None:
    """Stop every email about turns to ``player`` (the unsubscribe link)."""
    Preferences.objects.update_or_create(
        player=player, defaults={"email": False, "reminder_hours": 0}
    )
