"""The position a player asks the coach about, read from the database."""

from __future__ import annotations

from django.utils.translation import gettext

from accounts.models import Player
from common.errors import ServiceError
from play import advice
from play.models import Game
from play.modes import Refusal, mode_of, raise_refusal, turn_order_of
from play.selectors.games import latest_game
from rooms.selectors.rooms import member_room
from scoring import scorecard_json
from scoring.turn import Turn as TurnState


def hint_position(*, player: Player, code: str) -> advice.Position:
    """The position the player whose turn it is asks about; refused with ``not_in_room``,
    ``coach_off``, ``not_started``, ``game_over``, ``not_your_turn`` or
    ``coach_warming_up`` (the advisor is being built: ask again in a second)."""
    room = member_room(code=code, player=player)
    raise_refusal(mode_of(room).table.coach_refusal())  # the daily challenge's table
    if not room.coach_enabled:
        raise ServiceError("coach_off", gettext("the host turned the coach off in this room"))
    game = latest_game(room.pk)
    if game is None:
        raise ServiceError("not_started", gettext("the game has not started yet"))
    if game.status != Game.Status.PLAYING:
        raise ServiceError("game_over", gettext("this game is over"))
    turns = turn_order_of(game)
    card = turns.card_to_play(game, player)
    if isinstance(card, Refusal):
        raise ServiceError("not_your_turn", gettext("the coach helps on your own turn"))
    card, turn = turns.turn_to_play(game, card)
    sheet = scorecard_json.from_json(card.data)
    state = TurnState.from_json(turn.state, card=sheet)
    rs = sheet.ruleset
    if not advice.warm(rs):
        raise ServiceError(
            "coach_warming_up", gettext("the coach is getting ready: ask again in a second")
        )
    return advice.Position(
        ruleset=rs,
        sheet=sheet,
        dice=tuple(state.dice),
        rolls_left=state.rolls_left,
        announced=state.announced,
        turn=turn.number,
        game_version=game.version,
    )
