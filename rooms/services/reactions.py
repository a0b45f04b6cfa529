"""Quick reactions: an emoji a member sends in one tap, shown for a moment on their seat.

A reaction is an event of the room (kind ``react``) like any change, so every page
hears of it through the room's versions; it is left out of the move log, and the
state lists the reactions of the last few seconds (``rooms.selectors.snapshots``).
"""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer
from play.selectors.games import reactions_since
from play.services.core import Done, bump, membership, require_not_muted, room_act
from rooms.models import Room

# The emoji a reaction may be, in the order the page shows them, with their names.
EMOJI: dict[str, str] = {
    "👍": "thumbs up",
    "👏": "clapping",
    "😂": "laughing",
    "😮": "surprised",
    "😬": "grimacing",
    "🎉": "party popper",
}
BURST = 3  # reactions a player may send in a room ...
WINDOW = timedelta(seconds=2)  # ... within this window
# The rate is counted over the room's latest versions only (an index range of the room's
# events, never a scan of its history): a room with more changes than this within
# WINDOW lets a few extra reactions through.
RECENT_VERSIONS = 64


def reaction_send(
    *, player: Player, code: str, emoji: str, request_id: str | None = None
) -> Answer:
    """Send a reaction, one of ``EMOJI``, to everyone in the room (seated players and
    spectators alike, unless the host muted them)."""
    return room_act("react", player, code, request_id, lambda room: _send(room, player, emoji))


def _send(room: Room, player: Player, emoji: str) -> Done:
    require_not_muted(membership(room, player))
    if emoji not in EMOJI:
        raise ServiceError(
            "bad_reaction", gettext("react with one of %(emoji)s") % {"emoji": " ".join(EMOJI)}
        )
    recent = reactions_since(
        room=room,
        player=player,
        seq=max(0, room.version - RECENT_VERSIONS),
        since=now() - WINDOW,
    )
    if recent >= BURST:
        raise ServiceError("react_too_fast", gettext("slow down: a few reactions at a time"))
    event = bump(room, "react", actor=player, data={"player": player.name, "emoji": emoji})
    return Done(event)
