"""Where people are, for their friends' pages: online (a socket open in a room with no
game being played), at a table (a socket open in a room whose game is being played),
waiting for a turn (seated in a game by the day in progress, no socket open), or
offline. Someone who chose to appear offline, or who blocked the viewer, shows offline."""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import pgettext

from accounts.models import Player
from friends.selectors.blocks import blocked_ids
from friends.selectors.privacy import appearing_offline
from play.models import Game
from play.modes import pace_named
from play.selectors.views import HEARTBEAT_LIMIT
from rooms.models import Membership, Room

Whereabouts = Literal["at_table", "online", "waiting", "offline"]
# Most present first: a person in several rooms shows the first that fits.
ORDER: tuple[Whereabouts, ...] = ("at_table", "online", "waiting", "offline")


def whereabouts_of(ids: Collection[int], viewer: Player | None) -> dict[int, Whereabouts]:
    """What ``viewer`` sees of where each of the players with ids in ``ids`` is (one
    query of memberships, one of privacy choices, one of blocks)."""
    found: dict[int, Whereabouts] = dict.fromkeys(ids, "offline")
    shown = set(ids) - appearing_offline(ids)
    if viewer is not None:
        shown -= blocked_ids(viewer)
    if not shown:
        return found
    moment = timezone.now()
    rows = (
        Membership.objects.filter(
            player_id__in=shown, state=Membership.State.ACTIVE, room__status=Room.Status.OPEN
        )
        .annotate(playing=Count("room__games", filter=Q(room__games__status=Game.Status.PLAYING)))
        .values_list("player_id", "sockets", "seen_at", "seat", "room__pace", "playing")
    )
    for player_id, sockets, seen_at, seat, pace, playing in rows:
        here: Whereabouts = "offline"
        if sockets and seen_at is not None and moment - seen_at <= HEARTBEAT_LIMIT:
            here = "at_table" if playing else "online"
        elif playing and seat is not None and pace_named(pace).notices_turns:  # by the day
            here = "waiting"
        if ORDER.index(here) < ORDER.index(found[player_id]):
            found[player_id] = here
    return found


def whereabouts_label(here: Whereabouts) -> str:
    """``here`` in the active language."""
    return {
        "at_table": pgettext("whereabouts", "at a table"),
        "online": pgettext("whereabouts", "online"),
        "waiting": pgettext("whereabouts", "waiting for a turn"),
        "offline": pgettext("whereabouts", "offline"),
    }[here]
