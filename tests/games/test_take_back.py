"""Taking a filled box back in a casual room (docs/decisions/0054): the box empties, the
sheet and the turn are as they were, until the next seat acts (everyone at once: until
the round closes); never in a game that counts, never a box a bot or the clock filled,
only by the player who filled it."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from pytest_django import Settings

from accounts.models import Player
from daily.services import daily
from games import services
from notices.models import Notice
from play.models import Event, Game, Scorecard, Turn
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import first_option, game_of, play_turn, refused, state_of
from tests.support.present import present
from tests.support.views import state_seen

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    """Ada and Bob at Yahtzee (free joker), one seat after another: Ada's turn."""
    return make_room(
        ada, "yahtzee", seats=2, options={"joker": "free"}, joined=[bob], start=True
    ).code


def card_of(code: str, seat: int) -> Scorecard:
    return Scorecard.objects.get(game=game_of(code), seat=seat)


def open_turn_row(
    code: str,
) -> tuple[int, dict[str, Any], list[int], list[dict[str, Any]], str, str]:
    game = game_of(code)
    turn = Turn.objects.get(game=game, number=game.turn_count)
    return (turn.seat, turn.state, turn.holding, turn.rolls, turn.box, turn.finish)


def take_backs(code: str, viewer: Player) -> list[dict[str, Any]]:
    undoable: list[dict[str, Any]] = state_seen(code, viewer)["game"]["undoable"]
    return undoable


def test_a_wrong_box_taken_back_leaves_the_sheet_and_the_turn_as_they_were(
    table: str, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    # Ada's Yahtzee, then Bob's turn, then a second Yahtzee of sixes for Ada: its bonus
    # and joker are what taking it back must undo.
    script_dice([6] * 5 + [1, 2, 3, 4, 6] + [6] * 5)
    services.game_roll(player=ada, code=table)
    services.game_place(player=ada, code=table, box="yahtzee")
    play_turn(bob, table)
    services.game_roll(player=ada, code=table)
    services.game_hold(player=ada, code=table, hold=[0, 2])
    card_before, turn_before = card_of(table, 0), open_turn_row(table)
    game_before = game_of(table)
    placed = services.game_place(player=ada, code=table, box="sixes")
    assert placed["event"]["data"]["bonus"] == 100
    assert card_of(table, 0).total == 50 + 30 + 100
    assert take_backs(table, bob) == [
        {"seat": 0, "player": ada.pk, "box": "sixes", "column": "main"}
    ]

    answer = services.placement_take_back(player=ada, code=table, request_id="tb1")
    assert answer["event"]["kind"] == "place_taken_back"
    assert answer["event"]["data"] == {
        "seat": 0,
        "box": "sixes",
        "column": "main",
        "points": 30,
        "bonus": 100,
        "total": 50,
    }
    after = card_of(table, 0)
    assert (after.data, after.total) == (card_before.data, card_before.total)
    assert open_turn_row(table) == turn_before  # dice, holds, rolls left, no box
    game = game_of(table)
    assert (game.current_seat, game.turn_count) == (
        game_before.current_seat,
        game_before.turn_count,
    )
    assert not Turn.objects.filter(game=game, number=game.turn_count + 1).exists()
    state = state_seen(table, bob)
    assert state["log"][0]["kind"] == "place_taken_back" and state["log"][0]["actor"] == "Ada"
    assert state["game"]["undoable"] == [] and state["game"]["current_seat"] == 0
    # A retry of the request is answered again and changes nothing more.
    assert services.placement_take_back(player=ada, code=table, request_id="tb1") == answer
    # The turn goes on: the same dice score elsewhere, with the joker and the bonus.
    again = services.game_place(player=ada, code=table, box="chance")
    assert (again["event"]["data"]["points"], again["event"]["data"]["bonus"]) == (30, 100)
    assert card_of(table, 0).total == 50 + 30 + 100
    assert game_of(table).current_seat == 1


def test_only_the_player_who_placed_and_only_until_the_next_seat_rolls(
    table: str, ada: Player, bob: Player, cy: Player, script_dice: ScriptDice
) -> None:
    refused("nothing_to_take_back", services.placement_take_back, player=ada, code=table)
    play_turn(ada, table)
    refused("not_your_placement", services.placement_take_back, player=bob, code=table)
    refused("not_in_room", services.placement_take_back, player=cy, code=table)
    services.game_roll(player=bob, code=table)
    assert take_backs(table, ada) == []
    refused("take_back_closed", services.placement_take_back, player=ada, code=table)


def test_a_box_the_clock_or_the_host_filled_stays_filled(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, turn_seconds=15, joined=[bob], start=True).code
    services.game_roll(player=ada, code=code)
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=20))) == 1
    assert Turn.objects.get(game=game_of(code), number=1).finish == Turn.Finish.TIMEOUT
    refused("placed_for_you", services.placement_take_back, player=ada, code=code)
    services.game_skip(player=ada, code=code)  # the host plays Bob's turn for him
    assert take_backs(code, bob) == []
    refused("placed_for_you", services.placement_take_back, player=bob, code=code)


def test_a_box_a_bot_filled_for_you_stays_filled(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    """Ada missed three turns: a bot keeps her seat and fills a box; she is back before
    Bob rolls, and that box is not hers to take back."""
    code = make_room(ada, "yatzy", seats=2, turn_seconds=15, joined=[bob], start=True).code
    while not Scorecard.objects.filter(game=game_of(code), held_for=ada).exists():
        assert services.games_run_due(at=timezone.now() + timedelta(seconds=20))
    while (
        game_of(code).current_seat != 1
        or Turn.objects.get(game=game_of(code), number=game_of(code).turn_count - 1).player.is_bot
        is False
    ):
        assert services.games_run_due(at=timezone.now() + timedelta(seconds=20))
    services.game_take_back(player=ada, code=code)  # her seat, not the box
    assert card_of(code, 0).player == ada
    refused("placed_for_you", services.placement_take_back, player=ada, code=code)


def test_the_last_box_of_the_game_stays_filled(ada: Player, make_room: MakeRoom) -> None:
    code = make_room(ada, "yatzy", seats=1, start=True).code
    while game_of(code).status == Game.Status.PLAYING:
        play_turn(ada, code)
    refused("game_over", services.placement_take_back, player=ada, code=code)


def test_games_that_count_refuse_it(ada: Player, bob: Player, make_room: MakeRoom) -> None:
    attempt = daily.daily_play(player=ada, ruleset="yatzy")
    play_turn(ada, attempt.game.room.code)
    assert take_backs(attempt.game.room.code, ada) == []
    error = refused(
        "room_counts", services.placement_take_back, player=ada, code=attempt.game.room.code
    )
    assert "daily" in error.message
    pair = make_room(ada, "yatzy", seats=2, duplicate=True, joined=[bob], start=True).code
    play_turn(ada, pair)
    assert take_backs(pair, ada) == []
    error = refused("room_counts", services.placement_take_back, player=ada, code=pair)
    assert "same dice" in error.message


def test_everyone_at_once_until_the_round_closes(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=3, together=True, joined=[bob, cy], start=True).code
    services.game_roll(player=ada, code=code)
    _, _, turn = state_of(code, ada)
    refused("nothing_to_take_back", services.placement_take_back, player=ada, code=code)
    option = first_option(code, ada)
    services.game_place(player=ada, code=code, box=option.box, column=option.column)
    play_turn(bob, code)
    assert [t["seat"] for t in take_backs(code, cy)] == [0, 1]
    services.placement_take_back(player=ada, code=code)
    assert state_of(code, ada)[2] == turn  # the same dice and rolls left, to play again
    assert [t["seat"] for t in take_backs(code, cy)] == [1]
    play_turn(ada, code)  # rolls again, and scores
    play_turn(cy, code)  # the round closes
    assert take_backs(code, cy) == []
    for player in (ada, bob, cy):
        refused("nothing_to_take_back", services.placement_take_back, player=player, code=code)


def test_the_turn_gets_back_the_time_it_had_left(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, turn_seconds=60, joined=[bob], start=True).code
    services.game_roll(player=ada, code=code)
    Game.objects.filter(pk=game_of(code).pk).update(
        turn_deadline=timezone.now() + timedelta(seconds=20)
    )  # 40 s have gone by
    services.game_place(player=ada, code=code, box=first_option(code, ada).box)
    assert present(game_of(code).turn_deadline) > timezone.now() + timedelta(seconds=50)  # Bob's
    services.placement_take_back(player=ada, code=code)
    left = present(game_of(code).turn_deadline) - timezone.now()
    assert timedelta(seconds=15) < left <= timedelta(seconds=20)


def test_a_bot_waits_the_grace_after_a_box_that_may_be_taken_back(
    ada: Player, settings: Settings, make_room: MakeRoom
) -> None:
    settings.GAMES_BOT_DELAY_SECONDS = 1
    code = make_room(ada, "yatzy", seats=2, bots=["beginner"], start=True).code
    play_turn(ada, code)
    placed_at = timezone.now()
    # The bot's pause is 1 s; after a box that may be taken back it waits 4 s.
    assert services.games_run_due(at=placed_at + timedelta(seconds=3)) == []
    services.placement_take_back(player=ada, code=code)
    play_turn(ada, code)
    assert services.games_run_due(at=timezone.now() + timedelta(seconds=4.5))
    refused("take_back_closed", services.placement_take_back, player=ada, code=code)


def test_a_by_the_day_notice_of_the_next_turn_goes_with_it(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    play_turn(ada, code)
    game = game_of(code)
    assert Notice.objects.filter(game=game, player=bob, turn=2).exists()
    services.placement_take_back(player=ada, code=code)
    assert not Notice.objects.filter(game=game, player=bob, turn=2).exists()
    play_turn(ada, code)  # filled again: Bob hears of his turn again
    assert Notice.objects.filter(game=game, player=bob, turn=2).exists()
    assert Event.objects.filter(game=game, kind="place_taken_back").count() == 1
