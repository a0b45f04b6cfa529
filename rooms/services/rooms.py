"""Rooms: create, join, seats and bots, leave, kick and mute, start and rematch."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext, ngettext

from accounts.models import Player
from accounts.services.devices import note_device
from accounts.services.players import names_beside, unique_name
from common.clock import now
from common.errors import ServiceError
from common.news import News
from play.models import Game
from play.modes import pace_named
from play.services.core import (
    Done,
    bump,
    current_game,
    membership,
    require_host,
    require_not_banned,
    room_action,
)
from play.services.play import begin_game, end_game
from rooms.models import Membership, Room
from rooms.services.bot_seats import hand_seat_to_bot, new_bot
from rooms.services.room_settings import checked_duplicate, checked_holidays, checked_settings
from rooms.services.seating import active_members, close_ranks, free_seat, seated_members

# 31 symbols without look-alikes (no 0/o, 1/i/l): 12 of them carry 59.4 bits
# (docs/decisions/0008-the-guess-limit-refuses-only-misses.md).
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
CODE_LENGTH = 12


def new_code() -> str:
    """An unguessable room code from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _in_play(room: Room) -> Game | None:
    game = current_game(room)
    return game if game is not None and game.status == Game.Status.PLAYING else None


def _settings_news(room: Room) -> dict[str, Any]:
    """The room's settings as its ``room_created`` and ``room_configured`` events say."""
    return {
        "ruleset": room.ruleset,
        "options": dict(room.options),
        "seats": room.seat_count,
        "pace": room.pace,
        "turn_seconds": room.turn_seconds,
        "holidays": room.holidays,
        "together": room.together,
        "duplicate": room.duplicate,
    }


def room_create(
    *,
    player: Player,
    ruleset: object,
    options: object = None,
    seats: object = 4,
    turn_seconds: object = None,
    pace: object = Room.Pace.LIVE,
    holidays: object = None,
    together: object = None,
    duplicate: object = None,
    browser: str = "",
    address: str = "",
) -> Room:
    """Open a private room with the host in the first seat (``browser`` and ``address``:
    the id of the browser it is opened from and the hash of its address, kept with the
    membership: ``accounts.services.devices``). ``pace``: live or by the day
    (``turn_seconds`` is then hours or days; ``holidays`` lets players pause their clock,
    allowed when left out). ``together``: everyone's turn at once, by the day's default;
    ``duplicate``: every seat rolls the same dice (at once), off when left out."""
    require_not_banned(player)
    if player.is_bot:
        raise ServiceError("not_a_person", gettext("bots do not open rooms"))
    rs, seat_count, pace, timer = checked_settings(ruleset, options, seats, turn_seconds, pace)
    allowed = checked_holidays(holidays, True)
    same_dice, at_once = checked_duplicate(
        duplicate, together, False, pace_named(pace).rounds_by_default
    )
    with transaction.atomic():
        room = Room.objects.create(
            code=new_code(),
            host=player,
            ruleset=rs.name,
            options=dict(rs.options),
            seat_count=seat_count,
            pace=pace,
            turn_seconds=timer,
            holidays=allowed,
            together=at_once,
            duplicate=same_dice,
            last_activity_at=now(),
        )
        Membership.objects.create(
            room=room, player=player, seat=0, browser=browser, address=address
        )
        bump(room, "room_created", actor=player, data=_settings_news(room))
    return room


@room_action("configure")
def room_configure(
    *,
    player: Player,
    room: Room,
    ruleset: object,
    options: object,
    seats: object,
    turn_seconds: object,
    coach: object = None,
    pace: object = None,
    holidays: object = None,
    together: object = None,
    duplicate: object = None,
) -> Done:
    """The host changes the room's settings between games; seated players close ranks.
    ``coach`` turns the coach's hints on or off, ``pace`` sets live or by the day,
    ``holidays`` allows holidays, ``together`` plays everyone's turn at once and
    ``duplicate`` gives every seat the same dice (``None``: each stays as it is; turning
    ``together`` off turns duplicate dice off too)."""
    rs, seat_count, pace, timer = checked_settings(
        ruleset, options, seats, turn_seconds, room.pace if pace is None else pace
    )
    allowed = checked_holidays(holidays, room.holidays)
    same_dice, at_once = checked_duplicate(
        duplicate, together, together is not False and room.duplicate, room.together
    )
    if coach is not None and type(coach) is not bool:
        raise ServiceError("bad_options", gettext("coach is true (hints allowed) or false"))
    require_host(room, player)
    if _in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("settings change between games"))
    seated = seated_members(room)
    if len(seated) > seat_count:
        raise ServiceError(
            "seats_taken",
            ngettext(
                "%(n)s seat is taken: free some first",
                "%(n)s seats are taken: free some first",
                len(seated),
            )
            % {"n": len(seated)},
        )
    close_ranks(seated)
    room.ruleset, room.options = rs.name, dict(rs.options)
    room.seat_count, room.pace, room.turn_seconds = seat_count, pace, timer
    room.holidays, room.together, room.duplicate = allowed, at_once, same_dice
    if coach is not None:
        room.coach_enabled = coach
    news = _settings_news(room) | {"coach": room.coach_enabled}
    return Done(bump(room, "room_configured", actor=player, data=news))


@room_action("join")
def room_join(*, player: Player, room: Room, browser: str = "", address: str = "") -> Done:
    """Join by code: a free seat before the first game, a spectator's chair once games
    have been played (or while one is in progress). ``browser`` is the id of the browser
    asking (``common.browsers``): one someone was kicked from is refused too;
    ``address`` the hash of its address (both kept: ``accounts.services.devices``)."""
    member = Membership.objects.filter(room=room, player=player).first()
    if member is not None and member.state == Membership.State.KICKED:
        raise ServiceError("kicked", gettext("the host removed you from this room"))
    if member is not None and member.state == Membership.State.ACTIVE:
        member.save(update_fields=note_device(member, browser=browser, address=address))
        return Done(None, extra={"seat": member.seat}, remember=False)
    if (
        browser
        and Membership.objects.filter(
            room=room, state=Membership.State.KICKED, browser=browser
        ).exists()
    ):
        raise ServiceError(
            "kicked", gettext("the host removed someone using this browser from this room")
        )
    seat = None if room.games.exists() else free_seat(room)
    if seat is None and not room.games.exists():
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    name = unique_name(player.name, names_beside(player, room))
    if name != player.name:  # two Alices at one table: the newcomer is "Alice 2"
        player.name = name
        player.save(update_fields=["name"])
    if member is None:
        member = Membership.objects.create(
            room=room, player=player, seat=seat, browser=browser, address=address
        )
    else:
        member.state, member.seat, member.left_at = Membership.State.ACTIVE, seat, None
        note_device(member, browser=browser, address=address)
        member.save()
    event = bump(room, "joined", actor=player, data={"player": player.name, "seat": seat})
    return Done(event, extra={"seat": seat})


@room_action("take_seat")
def room_take_seat(*, player: Player, room: Room) -> Done:
    """A spectator takes a free seat for the next game."""
    member = membership(room, player)
    if member.seat is not None:
        raise ServiceError("already_seated", gettext("you already have a seat"))
    if _in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("seats change between games"))
    seat = free_seat(room)
    if seat is None:
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    member.seat = seat
    member.save(update_fields=["seat"])
    event = bump(room, "seat_taken", actor=player, data={"player": player.name, "seat": seat})
    return Done(event, extra={"seat": seat})


def _depart(room: Room, game: Game | None, member: Membership, state: str) -> dict[str, Any]:
    """Take a person out of the room: a bot finishes their game; the host role moves on.
    ``game`` is the locked game in play, if any (the same object the caller saves)."""
    bot = hand_seat_to_bot(room, game, member) if member.seat is not None else None
    member.state, member.seat, member.left_at = state, None, now()
    member.save()
    data: dict[str, Any] = {"player": member.player.name, "bot": bot.name if bot else None}
    if room.host_id == member.player_id and room.status == Room.Status.OPEN:
        people = [m for m in active_members(room) if not m.player.is_bot]
        successor = next((m for m in people if m.seat is not None), people[0] if people else None)
        if successor is None:
            room.status, room.closed_at = Room.Status.CLOSED, now()
            room.closed_reason = "everyone left"
            if game is not None and game.status == Game.Status.PLAYING:
                end_game(game, "everyone left")
            data["closed"] = True
        else:
            room.host = successor.player
            data["host"] = successor.player.name
            if successor.muted:  # the host is never muted: no one could lift it
                successor.muted = False
                successor.save(update_fields=["muted"])
    return data


@room_action("leave", allow_closed=True)
def room_leave(*, player: Player, room: Room) -> Done:
    """Leave the room; a game seat in play goes to a bot so the table is never blocked."""
    member = membership(room, player)
    game = _in_play(room)
    data = _depart(room, game, member, Membership.State.LEFT)
    event = bump(room, "left", actor=player, game=game if data["bot"] else None, data=data)
    return Done(event)


def _active_member(room: Room, target: object) -> Membership:
    """The active membership of ``target`` (a player id) in ``room``, with its player."""
    member = (
        Membership.objects.select_related("player")
        .filter(
            room=room,
            player_id=target,
            state=Membership.State.ACTIVE,
        )
        .first()
        if isinstance(target, int) and not isinstance(target, bool)
        else None
    )
    if member is None:
        raise ServiceError("not_in_room", gettext("that player is not in this room"))
    return member


@room_action("kick")
def room_kick(*, player: Player, room: Room, target: object) -> Done:
    """The host removes a person (by player id) from the room; they cannot come back."""
    require_host(room, player)
    member = _active_member(room, target)
    if member.player_id == player.pk or member.player.is_bot:
        raise ServiceError("cannot_kick", gettext("kick another person (remove bots instead)"))
    game = _in_play(room)
    data = _depart(room, game, member, Membership.State.KICKED)
    event = bump(room, "kicked", actor=player, game=game if data["bot"] else None, data=data)
    return Done(event)


@room_action("mute")
def room_mute(*, player: Player, room: Room, target: object, muted: object = True) -> Done:
    """The host mutes (``muted=True``) or unmutes a person's chat and reactions in the
    room, by player id; announced in the move log. The same setting again changes
    nothing."""
    if type(muted) is not bool:
        raise ServiceError("bad_field", gettext("muted is true (mute) or false (unmute)"))
    require_host(room, player)
    member = _active_member(room, target)
    if member.player_id == player.pk or member.player.is_bot:
        raise ServiceError("cannot_mute", gettext("mute another person (bots never talk)"))
    if member.muted == muted:
        return Done(None, remember=False)
    member.muted = muted
    member.save(update_fields=["muted"])
    event = bump(room, "mute", actor=player, data={"player": member.player.name, "muted": muted})
    return Done(event)


@room_action("add_bot")
def room_add_bot(*, player: Player, room: Room, level: object = "beginner") -> Done:
    """The host seats a bot between games."""
    require_host(room, player)
    if _in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("seats change between games"))
    seat = free_seat(room)
    if seat is None:
        raise ServiceError("room_full", gettext("every seat of this room is taken"))
    if not isinstance(level, str):
        raise ServiceError("bad_level", gettext("a bot level is a name"))
    bot = new_bot(level, [m.player.name for m in active_members(room)])
    Membership.objects.create(room=room, player=bot, seat=seat)
    event = bump(
        room, "bot_added", actor=player, data={"player": bot.name, "seat": seat, "level": level}
    )
    return Done(event, extra={"seat": seat})


@room_action("remove_bot")
def room_remove_bot(*, player: Player, room: Room, seat: object) -> Done:
    """The host removes the bot in ``seat`` between games."""
    require_host(room, player)
    if _in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("seats change between games"))
    member = next((m for m in active_members(room) if m.seat == seat and type(seat) is int), None)
    if member is None or not member.player.is_bot:
        raise ServiceError("not_a_bot", gettext("there is no bot in that seat"))
    member.state, member.seat, member.left_at = Membership.State.LEFT, None, now()
    member.save()
    event = bump(
        room, "bot_removed", actor=player, data={"player": member.player.name, "seat": seat}
    )
    return Done(event)


def _start(room: Room, player: Player) -> tuple[dict[str, Any], Game]:
    """Start the next game with the people and bots seated (the caller holds the lock)."""
    require_host(room, player)
    if _in_play(room) is not None:
        raise ServiceError("game_in_progress", gettext("a game is already being played"))
    seated = seated_members(room)
    if not any(not m.player.is_bot for m in seated):
        raise ServiceError("no_people", gettext("at least one person must have a seat"))
    close_ranks(seated)
    game = begin_game(room, seated)
    event = bump(
        room,
        "game_started",
        actor=player,
        game=game,
        data={"number": game.number, "seats": [m.player.name for m in seated]},
    )
    return event, game


@room_action("start")
def room_start(*, player: Player, room: Room) -> Done:
    """The host starts a game (the first, or a rematch) with the people and bots seated."""
    event, game = _start(room, player)
    return Done(event, game)


@room_action("rematch")
def room_rematch(*, player: Player, room: Room) -> Done:
    """Play again with the same seats once the game is over."""
    if current_game(room) is None:
        raise ServiceError("not_started", gettext("there is no game to play again yet"))
    event, game = _start(room, player)
    return Done(event, game)


def rooms_leave_all(sender: object, *, player: Player, **kwargs: object) -> list[News]:
    """``accounts.signals.player_leaving``'s receiver: leave every open room ``player`` is
    in, as leaving does (a live seat goes to a bot); the rooms' changes."""
    codes = Membership.objects.filter(
        player=player,
        state=Membership.State.ACTIVE,
        room__status=Room.Status.OPEN,
    ).values_list("room__code", flat=True)
    return [news for code in list(codes) for news in room_leave(player=player, code=code).news]
