"""A game's state read back from the database, and turns played through the services."""

from __future__ import annotations

from games import services
from games.models import Game, Player, Scorecard, Turn
from scoring import scorecard_json
from scoring.scorecard import Placement
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState


def game_of(code: str) -> Game:
    """The newest game of room ``code``."""
    return Game.objects.filter(room__code=code).order_by("-number").first()


def state_of(code: str) -> tuple[Game, Sheet, TurnState]:
    """The game, the current seat's sheet and the turn in progress."""
    game = game_of(code)
    card = Scorecard.objects.get(game=game, seat=game.current_seat)
    sheet = scorecard_json.from_json(card.data)
    turn = Turn.objects.get(game=game, number=game.turn_count)
    return game, sheet, TurnState.from_json(turn.state, card=sheet)


def first_option(code: str) -> Placement:
    """The first legal box for the dice of the turn in progress."""
    _, sheet, turn = state_of(code)
    return sheet.options(turn.dice, announced=turn.announced)[0]


def play_turn(player: Player, code: str) -> dict:
    """Roll once and fill the first legal box (announcing one first when Yam's requires)."""
    services.game_roll(player=player, code=code)
    _, sheet, _ = state_of(code)
    if sheet.must_announce:
        box = sheet.open_boxes(sheet.ruleset.announce_column)[0]
        services.game_announce(player=player, code=code, box=box)
    option = first_option(code)
    return services.game_place(player=player, code=code, box=option.box, column=option.column)
