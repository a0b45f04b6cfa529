"""Reading a game's state back in tests, and playing turns through the services."""

from __future__ import annotations

import pytest

from games import services
from games.errors import ServiceError
from games.models import Game, Membership, Player, Room, Scorecard, Turn
from scoring import scorecard_json
from scoring.scorecard import Placement
from scoring.scorecard import Scorecard as Sheet
from scoring.turn import Turn as TurnState


def game_of(code: str) -> Game:
    return Game.objects.filter(room__code=code).order_by("-number").first()


def state_of(code: str) -> tuple[Game, Sheet, TurnState]:
    """The game, the current seat's sheet and the turn in progress."""
    game = game_of(code)
    card = Scorecard.objects.get(game=game, seat=game.current_seat)
    sheet = scorecard_json.from_json(card.data)
    turn = Turn.objects.get(game=game, number=game.turn_count)
    return game, sheet, TurnState.from_json(turn.state, card=sheet)


def first_option(code: str) -> Placement:
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


def versions(code: str) -> tuple[int, int | None, int]:
    """(room version, game version, events) - what a refused action must leave alone."""
    room = Room.objects.get(code=code)
    game = game_of(code)
    return room.version, game.version if game else None, room.events.count()


def _world() -> tuple[list, list, list, list]:
    return (list(Room.objects.values_list("id", "version", "status", "host_id")),
            list(Membership.objects.values_list("id", "state", "seat", "muted")),
            list(Turn.objects.values_list("id", "state", "rolls", "box")),
            list(Scorecard.objects.values_list("id", "data", "total", "player_id")))


def refused(error: str, call, **kwargs) -> ServiceError:
    """Assert the service call is refused with ``error`` and changes nothing at all."""
    code = kwargs.get("code")
    known = isinstance(code, str) and Room.objects.filter(code=code).exists()
    before, world = (versions(code) if known else None), _world()
    with pytest.raises(ServiceError) as err:
        call(**kwargs)
    assert err.value.code == error, err.value.message
    assert err.value.message
    if known:
        assert versions(code) == before
    assert _world() == world
    return err.value
