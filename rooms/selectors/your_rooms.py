"""The rooms a player sits in or watches, each with where its game stands: the home page's
"Your games" list and the page of them all. Those waiting for the player come first."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from django.utils.translation import gettext, pgettext

from accounts.models import Player
from play.models import Game
from play.modes import turn_order_of
from play.selectors.games import (
    games_by_id,
    latest_game_id,
    open_turn_deadlines,
    waiting_deadlines,
)
from rooms.models import Membership, Room
from scoring import rulesets

YOUR_ROOMS_MAX = 12  # on the home page
YOUR_GAMES_MAX = 200  # on the page of them all
# The order of the states: waiting for you first, then for someone else, then the rest.
STATE_ORDER = ("your_turn", "playing", "lobby", "finished", "closed")


@dataclass(frozen=True)
class YourRoom:
    """One room of a player, as their lists show it."""

    code: str
    title: str  # the variant
    state: str  # one of STATE_ORDER
    state_text: str
    seat: int | None  # None: watching
    people: tuple[str, ...]  # the other members' names, seats first
    last_activity_at: datetime
    pace: str  # live or day
    number: int | None  # the game's number (None in the lobby)
    turn_of: str | None  # whose turn it is, while a game is on
    waiting_for: tuple[str, ...]  # everyone's turn at once: who still plays the round
    deadline: datetime | None  # when that turn runs out (None: no limit)


def _state(room: Room, game: Game | None, yours: bool) -> tuple[str, str]:
    if room.status == Room.Status.CLOSED:
        return "closed", pgettext("room", "Closed")
    if game is None:
        return "lobby", gettext("In the lobby")
    if game.status == Game.Status.PLAYING:
        if yours:
            return "your_turn", gettext("Your turn")
        return "playing", gettext("Game %(number)s on") % {"number": game.number}
    return "finished", gettext("Game %(number)s finished") % {"number": game.number}


def _sort_key(room: YourRoom) -> tuple[int, float, float]:
    """Waiting for you, then for others, soonest deadline first; the rest by last move."""
    soon = room.deadline.timestamp() if room.deadline is not None else float("inf")
    return STATE_ORDER.index(room.state), soon, -room.last_activity_at.timestamp()


def rooms_of(player: Player | None, limit: int = YOUR_ROOMS_MAX) -> list[YourRoom]:
    """The rooms ``player`` is an active member of (seated or watching): those whose game
    waits for them first, then those waiting for someone else, soonest deadline first, then
    the rest, the most recently active first; at most ``limit``."""
    if player is None:
        return []
    mine = {
        m.room_id: m.seat
        for m in Membership.objects.filter(player=player, state=Membership.State.ACTIVE)
    }
    shown = _sorted_rooms(player, mine)[:limit]
    return _with_people(player, shown)


# A room of the player, its latest game, and the line shown of it.
Entry = tuple[Room, Game | None, YourRoom]


def _sorted_rooms(player: Player, mine: dict[int, int | None]) -> list[Entry]:
    """The rooms of ``mine`` (room id: the player's seat) in the order the lists show
    them, each with its latest game and its line, but for the people in it."""
    waiting = waiting_deadlines(player, mine)
    rooms = list(Room.objects.filter(pk__in=mine).annotate(latest_game=latest_game_id()))
    games = games_by_id([r.latest_game for r in rooms if r.latest_game is not None])
    found: list[Entry] = []
    for room in rooms:
        game = games.get(room.latest_game) if room.latest_game is not None else None
        state, text = _state(room, game, room.pk in waiting)
        playing = (
            game is not None
            and game.status == Game.Status.PLAYING
            and room.status == Room.Status.OPEN
        )
        found.append(
            (
                room,
                game,
                YourRoom(
                    code=room.code,
                    title=rulesets.get(room.ruleset).title,
                    state=state,
                    state_text=text,
                    seat=mine[room.pk],
                    people=(),
                    last_activity_at=room.last_activity_at,
                    pace=room.pace,
                    number=game.number if game is not None else None,
                    turn_of=None,
                    waiting_for=(),
                    deadline=None
                    if not playing or game is None
                    # Everyone's turn at once, the player's own turn has its own deadline.
                    else waiting[room.pk]
                    if turn_order_of(game).rounds and room.pk in waiting
                    else game.turn_deadline,
                ),
            )
        )
    found.sort(key=lambda entry: _sort_key(entry[2]))
    return found


def _open_rounds(shown: list[Entry]) -> tuple[dict[int, set[int]], dict[int, datetime]]:
    """Of the games of ``shown`` played everyone's turn at once: the seats whose turn of
    the round is open, and when the round is over at the latest, by game id."""
    at_once = [
        game.pk
        for _, game, entry in shown
        if game is not None
        and turn_order_of(game).rounds
        and entry.state in ("your_turn", "playing")
    ]
    still: dict[int, set[int]] = {}
    last: dict[int, datetime] = {}
    for game_id, seat, deadline in open_turn_deadlines(at_once):
        still.setdefault(game_id, set()).add(seat)
        if deadline is not None and (game_id not in last or deadline > last[game_id]):
            last[game_id] = deadline
    return still, last


def _with_people(player: Player, shown: list[Entry]) -> list[YourRoom]:
    """The lines of ``shown`` with who is there, whose turn it is and who still plays."""
    members: dict[int, list[Membership]] = {}
    for member in (
        Membership.objects.filter(
            room_id__in=[room.pk for room, _, _ in shown], state=Membership.State.ACTIVE
        )
        .select_related("player")
        .order_by("seat", "id")
    ):
        members.setdefault(member.room_id, []).append(member)
    still, last = _open_rounds(shown)
    result = []
    for room, game, entry in shown:
        here = members.get(room.pk, [])
        # One seat after another: whose turn it is (everyone at once: nobody's alone).
        in_turn = (
            turn_order_of(game).seat_in_turn(game)
            if game is not None and entry.state in ("your_turn", "playing")
            else None
        )
        turn_of = next(
            (m.player.name for m in here if in_turn is not None and m.seat == in_turn), None
        )
        open_seats = still.get(game.pk, set()) if game is not None else set()
        if game is not None and turn_order_of(game).rounds and entry.state == "playing":
            # As the room page says: the round's last open turn runs out then.
            entry = replace(entry, deadline=last.get(game.pk))
        result.append(
            replace(
                entry,
                people=tuple(m.player.name for m in here if m.player_id != player.pk),
                turn_of=turn_of,
                waiting_for=tuple(
                    m.player.name for m in here if m.seat in open_seats and m.player_id != player.pk
                ),
            )
        )
    return result
