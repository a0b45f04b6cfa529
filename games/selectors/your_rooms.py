"""The rooms a player sits in or watches, for the home page's "Your rooms" list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext, pgettext

from games.models import Game, Membership, Player, Room
from scoring import rulesets

YOUR_ROOMS_MAX = 12


@dataclass(frozen=True)
class YourRoom:
    """One room of a player as the home page lists it."""

    code: str
    title: str  # the variant
    state: str  # lobby, your_turn, playing, finished, closed
    state_text: str
    seat: int | None  # None: watching
    people: tuple[str, ...]  # the other members' names, seats first
    last_activity_at: datetime


def _state(room: Room, game: Game | None, seat: int | None) -> tuple[str, str]:
    if room.status == Room.Status.CLOSED:
        return "closed", pgettext("room", "Closed")
    if game is None:
        return "lobby", gettext("In the lobby")
    if game.status == Game.Status.PLAYING:
        if seat is not None and game.current_seat == seat:
            return "your_turn", gettext("Your turn")
        return "playing", gettext("Game %(number)s on") % {"number": game.number}
    return "finished", gettext("Game %(number)s finished") % {"number": game.number}


def rooms_of(player: Player | None) -> list[YourRoom]:
    """The rooms ``player`` is an active member of (seated or watching), the most
    recently active first, at most ``YOUR_ROOMS_MAX``."""
    if player is None:
        return []
    members = Prefetch("members", queryset=Membership.objects.filter(
        state=Membership.State.ACTIVE).select_related("player").order_by("seat", "id"),
        to_attr="active_members")
    latest = Prefetch("games", queryset=Game.objects.order_by("-number"), to_attr="by_number")
    mine = {m.room_id: m.seat for m in Membership.objects.filter(
        player=player, state=Membership.State.ACTIVE)}
    rooms = (Room.objects.filter(pk__in=mine).order_by("-last_activity_at", "-id")
             .prefetch_related(members, latest)[:YOUR_ROOMS_MAX])
    found = []
    for room in rooms:
        seat = mine[room.pk]
        game = room.by_number[0] if room.by_number else None
        state, text = _state(room, game, seat)
        people = tuple(m.player.name for m in room.active_members
                       if m.player_id != player.pk)
        found.append(YourRoom(code=room.code, title=rulesets.get(room.ruleset).title,
                              state=state, state_text=text, seat=seat, people=people,
                              last_activity_at=room.last_activity_at))
    return found
