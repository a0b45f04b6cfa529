"""Reads of games, their turns, scorecards and events for the other apps: a room's latest
game, the games due on the clock, a game's move log, a notice's open turn, a player's
open turns and the recent reactions in a room."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from accounts.models import Player
from play.models import Event, Game, Scorecard, Turn
from rooms.models import Room


def game_by_id(game_id: int) -> Game | None:
    """The game with ``game_id``, or ``None``."""
    return Game.objects.filter(pk=game_id).first()


def game_of_id(game_id: int) -> Game:
    """The game with ``game_id`` (``Game.DoesNotExist`` when there is none)."""
    return Game.objects.get(pk=game_id)


def finished_game(game_id: int) -> Game | None:
    """The game with ``game_id`` if it is finished, or ``None``."""
    return Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()


def latest_game(room_id: int) -> Game | None:
    """The room's latest game, unlocked (``None`` before the first game)."""
    return Game.objects.filter(room=room_id).order_by("-number").first()


def playing_game_of(room: Room) -> Game | None:
    """The room's game in play, unlocked, or ``None``."""
    return Game.objects.filter(room=room, status=Game.Status.PLAYING).first()


def latest_game_id() -> Subquery:
    """The id of the latest game of the room an outer query's row is (``OuterRef("pk")``),
    to annotate rooms with."""
    return Subquery(Game.objects.filter(room=OuterRef("pk")).order_by("-number").values("id")[:1])


def games_by_id(ids: Collection[int]) -> dict[int, Game]:
    """The games with these ids, by id."""
    return Game.objects.in_bulk(ids)


def room_code_of_game(game_id: int) -> str | None:
    """The code of the room of the game with ``game_id``, or ``None`` (no such game)."""
    return Game.objects.filter(pk=game_id).values_list("room__code", flat=True).first()


def due_games(moment: datetime, limit: int) -> QuerySet[Game, int]:
    """The ids of the games in play with a bot action or a turn deadline due at
    ``moment``, longest overdue first, at most ``limit``: read from the ``(status,
    bot_due_at)`` and ``(status, turn_deadline)`` indexes, so games not due cost nothing."""
    return (
        Game.objects.filter(status=Game.Status.PLAYING)
        .filter(Q(bot_due_at__lte=moment) | Q(turn_deadline__lte=moment))
        .order_by(Coalesce("bot_due_at", "turn_deadline"), "id")
        .values_list("id", flat=True)[:limit]
    )


def bot_due_game(game_id: int, at: datetime) -> Game | None:
    """The game with ``game_id`` if it is in play with a bot action due at ``at``."""
    return Game.objects.filter(pk=game_id, status=Game.Status.PLAYING, bot_due_at__lte=at).first()


def turns_of(game: Game) -> list[Turn]:
    """The turns of ``game``, in order (its move log)."""
    return list(Turn.objects.filter(game=game).order_by("number"))


def open_turn_of_player(*, game: Game, number: int, player: Player) -> Turn | None:
    """Turn ``number`` of ``game`` while it is still open and its seat still ``player``'s
    (a bot may keep it now)."""
    turn = Turn.objects.filter(game=game, number=number, finished_at__isnull=True).first()
    if (
        turn is None
        or not Scorecard.objects.filter(game=game, seat=turn.seat, player=player).exists()
    ):
        return None
    return turn


def waiting_deadlines(player: Player, room_ids: Collection[int]) -> dict[int, datetime | None]:
    """Of the games in play in these rooms, those waiting for ``player`` (a turn of their
    seat open): the deadline of their own open turn, by room id."""
    # A game waits for the player while a turn of their seat is open.
    open_turn = Turn.objects.filter(
        game=OuterRef("game"), seat=OuterRef("seat"), finished_at__isnull=True
    )
    # Everyone's turn at once, the player's own turn has its own deadline.
    own_deadline = Subquery(open_turn.values("deadline")[:1])
    return dict(
        Scorecard.objects.filter(
            Exists(open_turn),
            player=player,
            game__status=Game.Status.PLAYING,
            game__room_id__in=room_ids,
        )
        .annotate(own=own_deadline)
        .values_list("game__room_id", "own")
    )


def open_turn_deadlines(game_ids: Collection[int]) -> list[tuple[int, int, datetime | None]]:
    """(game id, seat, deadline) of every open turn of these games."""
    return list(
        Turn.objects.filter(game_id__in=game_ids, finished_at__isnull=True).values_list(
            "game_id", "seat", "deadline"
        )
    )


def seat_held_for(room: Room, player: Player) -> bool:
    """Whether a bot keeps a seat for ``player`` in a game of ``room``."""
    return Scorecard.objects.filter(game__room=room, held_for=player).exists()


def reactions_since(*, room: Room, player: Player, seq: int, since: datetime) -> int:
    """How many reactions ``player`` sent in ``room`` after event ``seq`` and ``since``."""
    return Event.objects.filter(
        room=room, seq__gt=seq, kind="react", actor=player, created_at__gt=since
    ).count()


def room_events(room_id: int, *, game: Game | None, hidden: Collection[str]) -> QuerySet[Event]:
    """The events of the room (of ``game`` only, when given), but for kinds ``hidden``."""
    events = Event.objects.filter(room=room_id).exclude(kind__in=hidden)
    return events.filter(game=game) if game is not None else events


def seats_at_start(game: Game) -> list[Scorecard]:
    """``game``'s scorecards in seat order with who plays each now (``player``) and who
    sat there when it began (``first_player``), both with their accounts' ids."""
    return list(
        Scorecard.objects.filter(game=game)
        .select_related("player", "first_player")
        .order_by("seat")
    )


def finished_cards(game_id: int) -> list[Scorecard]:
    """The scorecards of the finished game with ``game_id`` in seat order, each with its
    player, the person a bot keeps the seat for, and the game's room ([] when the game
    is not finished)."""
    return list(
        Scorecard.objects.filter(game=game_id, game__status=Game.Status.FINISHED)
        .select_related("player", "held_for", "game__room")
        .order_by("seat")
    )
