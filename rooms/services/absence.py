"""People who are gone: the host role passes on, a bot keeps the seat of someone who
missed three turns in a row until they are back, and the others may hand the seat of
someone gone to a bot (``game_hand_to_bot``; not by the day).

The clock calls ``rooms_pass_host`` and, after each expired turn, ``seat_hold_if_missed``;
``seat_give_back`` runs when the person opens the room again (``presence_connect``) or
asks for their seat (``game_take_back``). Everything is read from the database under
the room's lock, so a restarted server carries on where the last one stood.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import cast

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext

from accounts.models import Player
from common.clock import now
from common.errors import ServiceError
from common.news import Answer, Change
from common.protocol.events import SeatChange
from common.protocol.keys import Pace
from play.models import Game, Turn
from play.modes import pace_named
from play.selectors.games import seat_held_for
from play.selectors.views import HEARTBEAT_LIMIT
from play.services.core import (
    Done,
    Recorded,
    bump,
    current_game,
    lock_room,
    membership,
    playing_game,
    require_live,
    room_act,
)
from play.services.game_locks import card_give_back, card_hold_for
from rooms.models import Membership, Room
from rooms.services.bot_seats import hand_seat_to_bot

# A host is gone once nothing was heard of them for away_for_handover() (a minute, the rule
# of ``hand_to_bot``) with no socket open; a socket silent for DEAD_SOCKET_AFTER counts
# as none (a server killed mid-game leaves its sockets counted). An open page in a
# background tab may ping only once a minute: its socket keeps the role.
DEAD_SOCKET_AFTER = timedelta(minutes=3)
log = logging.getLogger(__name__)
# Missed turns in a row (the turn timer ran out each time) before a bot keeps the seat.
MISSED_TURNS = 3


def away_for_handover() -> timedelta:
    """How long a person must have been gone before any other player of the game (not
    only the host) may hand their seat to a bot, and a host's role passes on (a minute;
    the room page is told the same)."""
    return timedelta(seconds=settings.GAMES_AWAY_FOR_HANDOVER_SECONDS)


def _gone(member: Membership, moment: datetime, away: timedelta) -> bool:
    """Whether ``member`` has been gone for ``away`` at ``moment``."""
    quiet = moment - member.last_seen
    return quiet >= away and (member.sockets == 0 or quiet >= DEAD_SOCKET_AFTER)


def _host_away(room: Room) -> timedelta:
    """How long a host of ``room`` is gone before the role passes on: a minute live, a
    day by the day."""
    return pace_named(room.pace).host_away(away_for_handover())


def _present(member: Membership, moment: datetime) -> bool:
    """Whether ``member`` is here at ``moment``: a socket open and heard from lately
    (the players panel's "online")."""
    return (
        bool(member.sockets)
        and member.seen_at is not None
        and moment - member.seen_at <= HEARTBEAT_LIMIT
    )


def _successor(room: Room, moment: datetime) -> Membership | None:
    """The person to take the host role: present now, in the room longest (joined
    earliest); never a bot, never the host."""
    people = (
        Membership.objects.filter(room=room, state=Membership.State.ACTIVE, player__bot_level="")
        .exclude(player_id=room.host_id)
        .select_related("player")
        .order_by("joined_at", "id")
    )
    return next((m for m in people if _present(m, moment)), None)


def rooms_pass_host(*, at: datetime | None = None) -> list[Change]:
    """Pass the host role of every open room whose host has been gone for a minute (a
    day in rooms by the day) to the person present who has been in the room longest;
    returns the change of each room whose host role passed. A
    room with nobody present keeps its host until someone is. The former host who comes
    back is a player like the others."""
    moment = at or now()
    # Only rooms with someone here (the index of open sockets, and no join, which would
    # start from every open room: the work follows the people online, not the rooms;
    # bots have no sockets), and of those only open rooms whose host is gone.
    here: dict[int, set[int]] = {}
    for room_id, player_id in Membership.objects.filter(
        sockets__gt=0, seen_at__gte=moment - HEARTBEAT_LIMIT, state=Membership.State.ACTIVE
    ).values_list("room_id", "player_id"):
        here.setdefault(room_id, set()).add(player_id)
    # By their keys alone (with the status in the query, SQLite reads the status index:
    # every open room of the site); only those whose host is not among the people here,
    # and where someone else is: an abandoned room costs no lock, pass after pass.
    rooms = {
        room.pk: room
        for room in Room.objects.filter(pk__in=list(here)).only(
            "id", "code", "host_id", "pace", "status"
        )
        if room.status == Room.Status.OPEN and room.host_id not in here[room.pk]
    }
    hosts = Membership.objects.filter(room_id__in=list(rooms), state=Membership.State.ACTIVE)
    codes = [
        rooms[m.room_id].code
        for m in hosts
        if m.player_id == rooms[m.room_id].host_id
        and _gone(m, moment, _host_away(rooms[m.room_id]))
    ]
    passed: list[Change] = []
    for code in codes:
        try:
            change = _pass_host(code, moment)
        except Exception:  # one room's failure never stops the others
            log.exception("passing the host role of room %s failed; it will be tried again", code)
            continue
        if change is not None:
            passed.append(change)
    return passed


def _pass_host(code: str, moment: datetime) -> Change | None:
    """Pass room ``code``'s host role if its host is still gone once the room is
    locked and someone is here to take it; the room's change if it passed."""
    with transaction.atomic():
        room = lock_room(code)
        host = Membership.objects.filter(
            room=room, player_id=room.host_id, state=Membership.State.ACTIVE
        ).first()
        if (
            room.status != Room.Status.OPEN
            or host is None
            or not _gone(host, moment, _host_away(room))
        ):
            return None
        successor = _successor(room, moment)
        if successor is None:
            return None
        room.host = successor.player
        if successor.muted:  # the host is never muted: no one could lift it
            successor.muted = False
            successor.save(update_fields=["muted"])
        bump(
            room,
            "host_passed",
            data={
                "player": successor.player.name,
                "player_id": successor.player_id,
                "from": host.player.name,
                "pace": cast(Pace, room.pace),  # one of the modes' (play.modes)
            },
        )
        return Change(room.code, room.version)


def seat_hold_if_missed(room: Room, game: Game, seat: int) -> SeatChange | None:
    """After an expired turn of ``seat``: when its person has now missed
    ``MISSED_TURNS`` turns in a row, a bot keeps the seat for them (never the last
    person's: a game of bots alone would end). Returns the event data, or ``None``."""
    card = game.scorecards.select_related("player").get(seat=seat)
    person = card.player
    if person.is_bot or game.status != Game.Status.PLAYING:
        return None
    last = list(
        game.turns.filter(seat=seat, finished_at__isnull=False)
        .order_by("-number")
        .values_list("finish", "player_id")[:MISSED_TURNS]
    )
    if len(last) < MISSED_TURNS or any(
        finish != Turn.Finish.TIMEOUT or who != person.pk for finish, who in last
    ):
        return None
    if not game.scorecards.filter(player__bot_level="").exclude(pk=card.pk).exists():
        return None
    member = Membership.objects.filter(room=room, player=person).first()
    if member is None:
        return None
    bot = hand_seat_to_bot(room, game, member)
    if bot is None:
        return None
    card_hold_for(card, person)
    return {
        "seat": seat,
        "player": person.name,
        "player_id": person.pk,
        "bot": bot.name,
        "missed": MISSED_TURNS,
    }


def seat_give_back(room: Room, player: Player) -> tuple[SeatChange, Game | None] | None:
    """Give ``player`` back the seat a bot keeps for them in the room's latest game (the
    caller holds the room's lock): in play, the card and the turn are theirs again;
    after the game, the room seat for the next one. Returns the event data and the game
    in play it changed, or ``None`` when no bot keeps a seat for them."""
    if not seat_held_for(room, player):
        return None  # the common case, on every socket opened: no game row locked
    game = current_game(room)
    card = (
        None
        if game is None
        else (game.scorecards.select_related("player").filter(held_for=player).first())
    )
    member = Membership.objects.filter(
        room=room, player=player, state=Membership.State.ACTIVE
    ).first()
    if game is None or card is None or member is None:
        return None
    bot = card.player
    card_give_back(room=room, game=game, card=card, person=player)
    stand_in = Membership.objects.filter(
        room=room, player=bot, state=Membership.State.ACTIVE
    ).first()
    seat = None
    if stand_in is not None:
        seat = stand_in.seat
        stand_in.state, stand_in.seat, stand_in.left_at = Membership.State.LEFT, None, now()
        stand_in.save()
    if seat is not None and member.seat is None:
        member.seat = seat
        member.save(update_fields=["seat"])
    data: SeatChange = {
        "seat": card.seat,
        "player": player.name,
        "player_id": player.pk,
        "bot": bot.name,
    }
    return data, game if game.status == Game.Status.PLAYING else None


def give_back_and_bump(room: Room, player: Player) -> tuple[Recorded, Game | None] | None:
    """``seat_give_back`` and its ``seat_back`` event: the event and the game in play it
    changed, or ``None``."""
    given = seat_give_back(room, player)
    if given is None:
        return None
    data, game = given
    return bump(room, "seat_back", actor=player, game=game, data=data), game


def game_take_back(*, player: Player, code: str, request_id: str | None = None) -> Answer:
    """The person a bot keeps a seat for takes it back (``not_held`` when none is)."""
    return room_act("take_back", player, code, request_id, lambda room: _take_back(room, player))


def _take_back(room: Room, player: Player) -> Done:
    membership(room, player)
    given = give_back_and_bump(room, player)
    if given is None:
        raise ServiceError("not_held", gettext("no bot is keeping a seat for you here"))
    return Done(*given)


def game_hand_to_bot(
    *, player: Player, code: str, seat: int, request_id: str | None = None
) -> Answer:
    """Hand a person's game seat to a bot: the host may for anyone away; every other
    player of the game once that person has been gone for ``away_for_handover()``. Not
    by the day: a bot keeps the seat of someone who missed three deadlines in a row."""
    return room_act(
        "hand_to_bot", player, code, request_id, lambda room: _hand_to_bot(room, player, seat)
    )


def _hand_to_bot(room: Room, player: Player, seat: int) -> Done:
    require_live(room)
    game = playing_game(room)
    card = game.scorecards.select_related("player").filter(seat=seat).first()
    if card is None:
        raise ServiceError("unknown_seat", gettext("there is no such seat in this game"))
    if card.player.is_bot:
        raise ServiceError("already_bot", gettext("a bot already plays that seat"))
    member = Membership.objects.get(room=room, player=card.player)
    if room.host_id != player.pk:
        if not game.scorecards.filter(player=player).exists() or card.player_id == player.pk:
            raise ServiceError(
                "not_a_player",
                gettext("only the other players of this game can hand a seat to a bot"),
            )
        # ``seen_at`` moves with every socket opened or closed and every heartbeat (15 s).
        away = (
            member.state != Membership.State.ACTIVE
            or now() - member.last_seen >= away_for_handover()
        )
        if not away:
            raise ServiceError(
                "not_away",
                gettext("%(name)s has been away for less than a minute")
                % {"name": card.player.name},
            )
    bot = hand_seat_to_bot(room, game, member)
    event = bump(
        room,
        "seat_to_bot",
        actor=player,
        game=game,
        data={"seat": seat, "player": card.player.name, "bot": bot.name if bot else None},
    )
    return Done(event, game)
