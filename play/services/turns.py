"""Opening turns and timing them: one seat after another, or everyone's turn at once.

One seat after another, the game holds the open turn's deadline (``turn_deadline``)
and its bot's next action (``bot_due_at``). Everyone's turn at once, a round opens a
turn for every seat; each turn keeps its own deadline (``Turn.deadline``) and the game
holds the earliest of them, so the clock finds due work by the same indexed query in
both (``play.selectors.games.due_games``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Min, QuerySet

from accounts.models import Player
from common.clock import now
from play import sql, sql_writes
from play.models import Game, Scorecard, Turn
from play.modes import turn_order_of
from play.signals import turn_opened
from rooms.models import Room
from scoring.turn import Turn as TurnState


def bot_delay() -> timedelta:
    """The pause before each bot action, so people can follow (0 in tests)."""
    return timedelta(seconds=getattr(settings, "GAMES_BOT_DELAY_SECONDS", 0.8))


def timed(room: Room, game: Game) -> bool:
    """Whether the room's turn timer runs in ``game``: only while two or more people play
    it (one person among bots keeps the table waiting for nobody)."""
    return bool(room.turn_seconds) and game.scorecards.filter(player__bot_level="").count() > 1


def deadline_for(
    room: Room,
    player: Player,
    holiday_until: datetime | None,
    is_timed: bool,
    moment: datetime | None = None,
) -> datetime | None:
    """When a turn of ``player`` opened at ``moment`` (now) expires: the room's turn time
    after then, or after their holiday; ``None`` for a bot or an untimed game."""
    if room.turn_seconds is None or player.is_bot or not is_timed:
        return None
    moment = moment or now()
    start = max(moment, holiday_until) if holiday_until is not None else moment
    return start + timedelta(seconds=room.turn_seconds)


# -- one seat after another ----------------------------------------------------------


def schedule(room: Room, game: Game, player: Player, holiday_until: datetime | None = None) -> None:
    """Set the turn deadline (people, when the room's timer runs: see ``timed``) or the
    bot's move. A player on holiday until ``holiday_until`` has their turn's time
    counted from then."""
    game.turn_deadline = deadline_for(
        room, player, holiday_until, not player.is_bot and timed(room, game)
    )
    game.bot_due_at = now() + bot_delay() if player.is_bot else None


def start_turn(room: Room, game: Game, seat: int, cards: Sequence[Scorecard] | None = None) -> None:
    """Open the next turn of the log for ``seat`` and schedule its deadline or bot move
    (``cards``: scorecards of the game already read with their players, if any)."""
    card = next((c for c in cards if c.seat == seat), None) if cards else None
    if card is None:
        card = game.scorecards.select_related("player").get(seat=seat)
    game.current_seat = seat
    game.turn_count += 1
    sql_writes.insert_turn(game, seat, card.player_id, TurnState().to_json(), now())
    schedule(room, game, card.player, card.holiday_until)
    turn_opened.send(
        sender=Game,
        room=room,
        game=game,
        player=card.player,
        holiday_until=card.holiday_until,
        deadline=game.turn_deadline,
    )


# -- everyone's turn at once ---------------------------------------------------------


def start_round(room: Room, game: Game, cards: Sequence[Scorecard]) -> None:
    """Open a turn for every seat of ``cards`` (all of the game's, with their players),
    each with its own deadline, and schedule the first bot action."""
    is_timed = bool(room.turn_seconds) and sum(not c.player.is_bot for c in cards) > 1
    moment = now()
    for card in cards:
        game.turn_count += 1
        deadline = deadline_for(room, card.player, card.holiday_until, is_timed, moment)
        sql_writes.insert_turn(
            game, card.seat, card.player_id, TurnState().to_json(), moment, deadline
        )
        turn_opened.send(
            sender=Game,
            room=room,
            game=game,
            player=card.player,
            holiday_until=card.holiday_until,
            deadline=deadline,
        )
    game.bot_due_at = None
    schedule_round(game)


def open_turns(game: Game) -> QuerySet[Turn]:
    """The game's turns not finished yet."""
    return Turn.objects.filter(game=game, finished_at__isnull=True)


def schedule_round(game: Game) -> None:
    """Everyone's turn at once: the game's deadline becomes the earliest of its open
    turns'; a bot acts next (at once, or as already planned) while any bot's turn is
    open."""
    waiting = open_turns(game)
    game.turn_deadline = waiting.aggregate(first=Min("deadline"))["first"]
    bots = Scorecard.objects.filter(
        game=game, player__bot_level__gt="", seat__in=waiting.values("seat")
    ).exists()
    game.bot_due_at = (game.bot_due_at or now() + bot_delay()) if bots else None


def game_retime(*, game: Game, at: datetime) -> None:
    """Time ``game`` afresh once what was due at ``at`` is done or stands for no one:
    everyone at once, to its round's earliest deadline; otherwise a bot's past time
    cleared. Written in the caller's transaction."""
    if turn_order_of(game).rounds:
        schedule_round(game)
    elif game.bot_due_at is not None and game.bot_due_at <= at:
        game.bot_due_at = None
    game.save_changes()


def bot_card(game: Game) -> Scorecard | None:
    """The scorecard, with its player, of the bot that acts next: one seat after another,
    the current seat's if a bot holds it; everyone at once, the first bot seat whose turn
    of the round is open."""
    cards = game.scorecards.select_related("player").filter(player__bot_level__gt="")
    return cards.filter(seat__in=turn_order_of(game).open_seats(game)).order_by("seat").first()


def retime_seat(room: Room, game: Game, card: Scorecard) -> None:
    """Time ``seat``'s open turn, if any, afresh for whoever holds the seat now (a bot
    that took it, or its person back): a person's from now (or their holiday's end), a
    bot's next action soon."""
    if not turn_order_of(game).rounds:
        if game.current_seat == card.seat:
            schedule(room, game, card.player, card.holiday_until)
        return
    turn = sql.open_turn_of(game, card.seat)
    if turn is None:
        return
    turn.deadline = deadline_for(
        room, card.player, card.holiday_until, not card.player.is_bot and timed(room, game)
    )
    turn.save(update_fields=["deadline"])
    schedule_round(game)


def shift_seat_deadline(game: Game, card: Scorecard, by: timedelta) -> None:
    """Move the deadline of ``card``'s open turn, if it has one, ``by`` (a holiday taken
    or ended early)."""
    if not turn_order_of(game).rounds:
        if card.seat == game.current_seat and game.turn_deadline is not None:
            game.turn_deadline += by
        return
    turn = sql.open_turn_of(game, card.seat)
    if turn is None or turn.deadline is None:
        return
    turn.deadline += by
    turn.save(update_fields=["deadline"])
    schedule_round(game)
