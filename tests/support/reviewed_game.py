"""A finished solo Yahtzee game whose decisions are known, for the coach's review tests
(the ``reviewed_game`` fixture of ``tests/games/conftest.py``)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts.models import Player
from games import services
from play import advice as coach
from play.models import Game
from scoring.strategy.advice import Advisor, Choice, hold_positions
from tests.support.fixture_types import MakeRoom, ReviewedGame, ScriptDice
from tests.support.game_state import game_of, play_turn, state_of


def _best(code: str) -> tuple[Choice, ...]:
    """The coach's choices for the position of the player whose turn it is."""
    _, sheet, turn = state_of(code)
    adv: Advisor = coach.advisor(sheet.ruleset)
    return adv.advise(sheet, turn.dice, turn.rolls_left)


def play_turn_place_first(player: Player, code: str) -> None:
    """Fill the first box the dice rolled so far offer."""
    _, sheet, turn = state_of(code)
    option = sheet.options(turn.dice)[0]
    services.game_place(player=player, code=code, box=option.box, column=option.column)


def play_reviewed_game(
    ada: Player, bob: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> ReviewedGame:
    """Ada plays a solo Yahtzee game to its end, watched by Bob: a five of a kind scored in
    Chance (a bad decision), a keep the coach chose (the best one), a turn the clock
    finished, and first boxes after one roll for the rest."""
    room = make_room(ada, "yahtzee", seats=1, turn_seconds=15, start=True)
    services.room_join(player=bob, code=room.code)  # a spectator
    code = room.code
    script_dice([6, 6, 6, 6, 6])
    services.game_roll(player=ada, code=code)
    services.game_place(player=ada, code=code, box="chance")  # turn 1: Yahtzee was best

    script_dice([6, 6, 2, 3, 6])
    services.game_roll(player=ada, code=code)
    best = _best(code)[0]
    assert best.kind == "keep"  # three sixes and two rolls left: the coach rolls again
    script_dice([1, 1, 1, 1, 1])
    services.game_roll(player=ada, code=code, hold=hold_positions([6, 6, 2, 3, 6], best.keep))
    play_turn_place_first(ada, code)  # turn 2: the keep was the best; then a box

    # Turn 3: Ada is away; the clock rolls and scores for her.  (Alone among nobody the
    # timer does not run, so the deadline is set here as two people's would be.)
    script_dice([2, 3, 4, 5, 6])
    Game.objects.filter(room__code=code).update(turn_deadline=timezone.now())
    services.games_run_due(at=timezone.now() + timedelta(seconds=16))
    assert game_of(code).turn_count == 4

    for turn in range(4, 14):
        script_dice([turn % 6 + 1, 2, 3, 5, 5])
        play_turn(ada, code)
    game = game_of(code)
    assert game.status == Game.Status.FINISHED
    return {"code": code, "game": game}
