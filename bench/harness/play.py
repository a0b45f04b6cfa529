"""A game's state read back from the database, and turns played through the services."""

from __future__ import annotations

from typing import Any

from accounts.models import Player
from common.news import Answer
from games import services
from play.models import Game, Scorecard, Turn
from scoring import scorecard_json
from scoring.scorecard import Placement
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState


def game_of(code: str) -> Game:
    """The newest game of room ``code`` (which must have one)."""
    game = Game.objects.filter(room__code=code).order_by("-number").first()
    assert game is not None, f"room {code} has no game"
    return game


def state_of(code: str, player: Player | None = None) -> tuple[Game, Sheet, TurnState]:
    """The game, the current seat's sheet and the turn in progress (everyone's turn at
    once: ``player``'s sheet and open turn)."""
    game = game_of(code)
    if game.together and player is not None:
        card = Scorecard.objects.get(game=game, player=player)
        turn = Turn.objects.get(game=game, seat=card.seat, finished_at__isnull=True)
    else:
        card = Scorecard.objects.get(game=game, seat=game.current_seat)
        turn = Turn.objects.get(game=game, number=game.turn_count)
    sheet = scorecard_json.from_json(card.data)
    return game, sheet, TurnState.from_json(turn.state, card=sheet)


def first_option(code: str, player: Player | None = None) -> Placement:
    """The first legal box for the dice of the turn in progress (``player``'s)."""
    _, sheet, turn = state_of(code, player)
    return sheet.options(turn.dice, announced=turn.announced)[0]


def play_turn(player: Player, code: str) -> dict[str, Any]:
    """Roll once and fill the first legal box (announcing one first when Yam's requires)."""
    services.game_roll(player=player, code=code)
    _, sheet, _ = state_of(code, player)
    if sheet.must_announce:
        box = sheet.open_boxes(sheet.ruleset.announce_column)[0]
        services.game_announce(player=player, code=code, box=box)
    option = first_option(code, player)
    return services.game_place(player=player, code=code, box=option.box, column=option.column)


def move_send(
    player: Player, code: str, move: dict[str, Any], request_id: str | None = None
) -> Answer:
    """Send ``move``, a request as a client writes it (``room_client.next_move``: a
    ``type`` of roll, hold, announce or place, and its fields), to its service."""
    kind = move["type"]
    if kind == "roll":
        return services.game_roll(
            player=player, code=code, hold=move["hold"], request_id=request_id
        )
    if kind == "hold":
        return services.game_hold(
            player=player, code=code, hold=move["hold"], request_id=request_id
        )
    if kind == "announce":
        return services.game_announce(
            player=player, code=code, box=move["box"], request_id=request_id
        )
    assert kind == "place", move
    return services.game_place(
        player=player, code=code, box=move["box"], column=move.get("column"), request_id=request_id
    )
