"""Work the server does on its own: expired turns, bot moves, idle rooms (the host role
of a host who is gone passes on in ``rooms.services.absence``).

Safe with several server processes: each piece of work is claimed under the
game's row lock and re-checked there, so it is done once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from functools import reduce
from operator import or_
from typing import Any, Literal

from django.db import transaction
from django.db.models import Q

from common.clock import now
from common.news import Change
from common.protocol.events import Move
from play import advice as coach
from play.models import Game, Scorecard, Turn
from play.modes import PACES, pace_named, turn_order_of
from play.selectors.games import bot_due_game, due_games, room_code_of_game
from play.services.core import bump, lock_room, rules
from play.services.game_locks import game_in_play_lock, game_lock
from play.services.play import (
    do_announce,
    do_place,
    do_roll,
    end_game,
    finish_for_absent,
    open_turn,
    sheet_of,
)
from play.services.turns import bot_card, bot_delay, game_retime, open_turns
from rooms.models import Invite, Room
from rooms.services.absence import seat_hold_if_missed
from rooms.services.invite_expiry import invites_expire
from scoring.strategy import levels
from scoring.strategy.decisions import Announce, Decision, Place, Roll
from scoring.turn import Turn as TurnState

IDLE = timedelta(hours=24)
# A room by the day waits longer: a turn may last 7 days, and a holiday as many again.
DAY_IDLE = timedelta(days=30)
log = logging.getLogger(__name__)


def games_run_due(*, at: datetime | None = None, limit: int = 100) -> list[Change]:
    """Do the bot actions and expired turns due at ``at``, longest overdue first; returns
    the change of each room where something was done.  A game whose work fails is
    logged and left for the next pass: it never stops the others."""
    moment = at or now()
    done: list[Change] = []
    for game_id in list(due_games(moment, limit)):
        try:
            change = run_due_game(game_id, moment)
        except Exception:
            log.exception("due work of game %s failed; it will be tried again", game_id)
            continue
        if change is not None:
            done.append(change)
    return done


def rooms_close_idle(
    *, at: datetime | None = None, idle: timedelta = IDLE, day_idle: timedelta = DAY_IDLE
) -> list[Change]:
    """Close open rooms with no activity for ``idle`` (rooms by the day: ``day_idle``; a
    game in them ends, their invites expire: the bells say so when next shown); returns
    the change of each room closed."""
    moment = at or now()

    def quiet_for(room: Room) -> timedelta:
        return pace_named(room.pace).idle_limit(live=idle, by_the_day=day_idle)

    # Each pace's rooms quiet for longer than its limit.
    stale = reduce(
        or_,
        (
            Q(
                pace=pace,
                last_activity_at__lt=moment - policy.idle_limit(live=idle, by_the_day=day_idle),
            )
            for pace, policy in PACES.items()
        ),
    )
    codes = list(Room.objects.filter(stale, status=Room.Status.OPEN).values_list("code", flat=True))
    closed: list[Change] = []
    for code in codes:
        with transaction.atomic():
            room = lock_room(code)
            quiet = quiet_for(room)
            if room.status != Room.Status.OPEN or room.last_activity_at >= moment - quiet:
                continue
            hours = round(quiet.total_seconds() / 3600)
            span = f"{hours // 24} days" if hours >= 48 and hours % 24 == 0 else f"{hours} hours"
            game = game_in_play_lock(room)
            if game is not None:
                end_game(game, f"room closed after {span} without activity")
            room.status, room.closed_at = Room.Status.CLOSED, now()
            room.closed_reason = f"no activity for {span}"
            bump(
                room,
                "room_closed",
                game=game,
                data={"reason": room.closed_reason, "cause": "idle", "hours": hours},
            )
            invites_expire(room, Invite.Why.CLOSED)
        closed.append(Change(room.code, room.version))
    return closed


# -- bots and expired turns ------------------------------------------------------


def bot_step(
    room: Room, game: Game, card: Scorecard, decision: Decision | None = None
) -> tuple[Literal["roll", "announce", "place"], Move]:
    """One action of the bot at ``card``'s seat, on its open turn: ``decision`` if its
    strategy made it already (on this very position), else decided now."""
    card, _, sheet, state = open_turn(game, card)
    if not state.has_rolled:
        return "roll", do_roll(game, [], card)
    if decision is None:
        decision = levels.get(card.player.bot_level).decide(sheet, state)
    if isinstance(decision, Roll):
        return "roll", do_roll(game, list(decision.hold), card)
    if isinstance(decision, Announce):
        return "announce", do_announce(game, decision.box, card.player, card)
    if isinstance(decision, Place):
        return "place", do_place(room, game, decision.box, decision.column, card=card)
    raise TypeError(f"a strategy returned {decision!r}")


def expired_card(game: Game, at: datetime) -> Scorecard | None:
    """The scorecard, with its player, of the seat whose turn expired first by ``at``
    (one seat after another: the current seat)."""
    seat = turn_order_of(game).expired_seat(game, at)
    if seat is None:
        return None
    return game.scorecards.select_related("player").filter(seat=seat).first()


class _Wait:
    """The bot's strategy is not ready yet (its tables are being built)."""


WAIT = _Wait()


def plan_bot(game_id: int, at: Any) -> _Wait | tuple[int, int, Decision] | None:
    """Before taking any lock: the due bot's decision on the position as it stands,
    with the game version and the seat it was made on (a strategy may think for a while, and the
    lock keeps every writer waiting).  ``WAIT`` when the bot's strategy is still being
    built (the clock tries again on its next pass); ``None`` when there is nothing to
    decide ahead (no bot due, or its first roll)."""
    game = bot_due_game(game_id, at)
    if game is None:
        return None
    card = bot_card(game)
    if card is None:
        return None
    sheet = sheet_of(card)
    ready = coach.level_ready(card.player.bot_level, sheet.ruleset)  # else starts warming
    turn = open_turns(game).filter(seat=card.seat).first()
    if turn is None:
        return None
    state = rules(lambda: TurnState.from_json(turn.state, card=sheet))
    if not state.has_rolled or sheet.is_complete:
        return None  # the first roll needs no strategy
    if not ready:
        return WAIT
    return game.version, card.seat, levels.get(card.player.bot_level).decide(sheet, state)


def run_due_game(game_id: int, at: Any) -> Change | None:
    """Claim and do the one piece of due work of a game (a bot action or an expired
    turn), if it is still due once the game is locked; returns its room's change
    (``None``: nothing was due)."""
    planned = plan_bot(game_id, at)
    with transaction.atomic():
        code = room_code_of_game(game_id)
        if code is None:
            return None
        room = lock_room(code)
        game = game_lock(game_id)
        if game.status != Game.Status.PLAYING:
            return None
        game.room = room  # the same row, locked: its mode reads it
        # A bot whose strategy is still being built waits; an expired turn does not.
        card = (
            bot_card(game)
            if game.bot_due_at is not None and game.bot_due_at <= at and planned is not WAIT
            else None
        )
        if card is not None:
            decision = (
                planned[2]
                if isinstance(planned, tuple)
                and planned[0] == game.version
                and planned[1] == card.seat
                else None
            )
            kind, data = bot_step(room, game, card, decision)
            # The same bot's next action, or the next bot's (everyone's turn at once).
            if (
                game.status == Game.Status.PLAYING
                and game.bot_due_at is not None
                and turn_order_of(game).bot_acts_again(game, card)
            ):
                game.bot_due_at = now() + bot_delay()
            bump(room, kind, actor=card.player, game=game, data=data)
            return Change(room.code, room.version)
        card = (
            expired_card(game, at)
            if game.turn_deadline is not None and game.turn_deadline <= at
            else None
        )
        if card is not None:
            steps = finish_for_absent(room, game, Turn.Finish.TIMEOUT, card)
            bump(room, "timeout", actor=card.player, game=game, data=steps)
            held = seat_hold_if_missed(room, game, card.seat)
            if held is not None:  # a third missed turn in a row: a bot keeps the seat
                bump(room, "seat_held", game=game, data=held)
            return Change(room.code, room.version)
        if planned is WAIT:
            return None
        # What was due is done already, or stands for no one: time the game afresh.
        game_retime(game=game, at=at)
        return None
