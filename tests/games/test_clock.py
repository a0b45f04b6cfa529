"""Work the server does by itself: expired turns, bot moves, idle rooms."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from pytest_django import Settings

from accounts.models import Player
from common.errors import ServiceError
from games import services
from notices.models import Notice
from play.models import Game, Scorecard, Turn
from rooms.models import Membership, Room
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import game_of, play_turn, refused, state_of
from tests.support.present import present

pytestmark = pytest.mark.django_db


def current_player_id(code: str) -> int:
    game = game_of(code)
    return Scorecard.objects.get(game=game, seat=game.current_seat).player_id


def run_until(code: str, player_id: int, limit: int = 500) -> None:
    """Let the clock play bots until ``player_id`` is to act or the game is over."""
    for _ in range(limit):
        game = game_of(code)
        if game.status != Game.Status.PLAYING or current_player_id(code) == player_id:
            return
        assert len(services.games_run_due()) >= 1
    raise AssertionError("the bots never finished their turns")


@pytest.fixture
def timed(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    return make_room(ada, "yatzy", seats=2, turn_seconds=15, joined=[bob], start=True).code


def test_nothing_happens_before_the_deadline(timed: str) -> None:
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=10))) == 0
    assert game_of(timed).turn_count == 1


def test_an_expired_turn_takes_the_best_immediate_score_once(
    timed: str, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    script_dice([6, 6, 6, 6, 6])
    services.game_roll(player=ada, code=timed)
    expired = timezone.now() + timedelta(seconds=16)
    assert len(services.games_run_due(at=expired)) == 1
    turn = Turn.objects.get(game=game_of(timed), number=1)
    assert (turn.box, turn.points, turn.finish) == ("yatzy", 50, Turn.Finish.TIMEOUT)
    assert game_of(timed).events.filter(kind="timeout").count() == 1
    assert current_player_id(timed) == bob.pk
    assert present(game_of(timed).turn_deadline) > expired - timedelta(seconds=2)  # Bob's own 15 s
    Game.objects.filter(pk=game_of(timed).pk).update(turn_deadline=expired + timedelta(1))
    assert len(services.games_run_due(at=expired)) == 0  # Ada's expiry was claimed once
    assert game_of(timed).turn_count == 2


def test_an_expired_turn_without_a_roll_is_rolled_for_the_player(
    timed: str, script_dice: ScriptDice
) -> None:
    script_dice([2, 2, 5, 5, 5])
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=16))) == 1
    turn = Turn.objects.get(game=game_of(timed), number=1)
    assert [r["dice"] for r in turn.rolls] == [[2, 2, 5, 5, 5]]
    assert (turn.box, turn.points) == ("full_house", 19)


def test_an_expired_yams_turn_announces_when_it_must(
    ada: Player, bob: Player, script_dice: ScriptDice, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yams", seats=2, turn_seconds=15, joined=[bob], start=True)
    game = game_of(room.code)
    card = Scorecard.objects.get(game=game, seat=0)
    data = dict(card.data)
    zero = {
        "ones": 0,
        "twos": 0,
        "threes": 0,
        "fours": 0,
        "fives": 0,
        "sixes": 0,
        "maximum": 5,
        "minimum": 5,
        "full_house": 0,
        "four_of_a_kind": 0,
        "straight": 0,
        "yams": 0,
    }
    data["boxes"] = {
        "free": zero,
        "down": zero,
        "up": zero,
        "announced": {k: v for k, v in zero.items() if k not in {"sixes", "yams"}},
    }
    card.data = data
    card.save()
    script_dice([6, 6, 6, 2, 1])
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=16))) == 1
    turn = Turn.objects.get(game=game, number=1)
    assert (turn.column, turn.box, turn.points) == ("announced", "sixes", 18)


def test_bots_play_their_turns_through_the_clock(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yahtzee", seats=3, bots=["beginner"] * 2, start=True)
    while game_of(room.code).status == Game.Status.PLAYING:
        play_turn(ada, room.code)
        run_until(room.code, ada.pk)
    game = game_of(room.code)
    assert game.status == Game.Status.FINISHED
    cards = list(game.scorecards.select_related("player"))
    assert [c.player.is_bot for c in cards] == [False, True, True]
    assert all(state_of(room.code)[1].is_complete for _ in [0])
    bot_turns = Turn.objects.filter(game=game, player__bot_level="beginner")
    assert bot_turns.count() == 26
    assert all(t.finish == Turn.Finish.PLAYED and t.rolls for t in bot_turns)
    assert sorted(present(c.rank) for c in cards)[0] == 1


def test_a_bot_waits_its_pause(ada: Player, settings: Settings, make_room: MakeRoom) -> None:
    settings.GAMES_BOT_DELAY_SECONDS = 30
    room = make_room(ada, "yatzy", seats=2, bots=["beginner"], start=True)
    play_turn(ada, room.code)
    assert len(services.games_run_due()) == 0
    # After a box Ada may still take back, four pauses (docs/decisions/0054), ...
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=100))) == 0
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=121))) == 1
    # ... then one before each of its own actions.
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=20))) == 0
    assert len(services.games_run_due(at=timezone.now() + timedelta(seconds=31))) == 1


def test_the_host_skips_an_absent_player(timed: str, ada: Player, bob: Player) -> None:
    play_turn(ada, timed)
    services.game_skip(player=ada, code=timed)
    turn = Turn.objects.get(game=game_of(timed), number=2)
    assert (turn.player, turn.finish) == (bob, Turn.Finish.SKIPPED)
    assert turn.box and len(turn.rolls) == 1
    assert current_player_id(timed) == ada.pk
    for player, error in ((bob, "not_host"), (ada, "cannot_skip")):
        with pytest.raises(ServiceError) as err:
            services.game_skip(player=player, code=timed)
        assert err.value.code == error


def test_the_host_hands_a_seat_to_a_bot(timed: str, ada: Player, bob: Player) -> None:
    play_turn(ada, timed)
    services.game_hand_to_bot(player=ada, code=timed, seat=1)
    game = game_of(timed)
    card = Scorecard.objects.select_related("player").get(game=game, seat=1)
    assert card.player.is_bot and game.turn_deadline is None
    assert Membership.objects.get(room__code=timed, player=bob).seat is None
    assert len(services.games_run_due()) >= 1
    run_until(timed, ada.pk)
    turn = Turn.objects.get(game=game, number=2)
    assert (turn.player, turn.placed_by) == (bob, card.player)  # Bob's turn, the bot played
    with pytest.raises(ServiceError) as err:
        services.game_hand_to_bot(player=ada, code=timed, seat=1)
    assert err.value.code == "already_bot"


def test_a_solo_player_among_bots_has_no_turn_timer(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    solo = make_room(ada, "yatzy", seats=2, turn_seconds=15, bots=["beginner"], start=True)
    assert game_of(solo.code).turn_deadline is None  # nobody else waits for Ada
    assert len(services.games_run_due(at=timezone.now() + timedelta(hours=1))) == 0
    pair = make_room(
        ada, "yatzy", seats=3, turn_seconds=15, joined=[bob], bots=["beginner"], start=True
    )
    assert game_of(pair.code).turn_deadline is not None


def away(player: Player, code: str, seconds: float) -> None:
    """``player`` closed the room's page ``seconds`` ago."""
    Membership.objects.filter(room__code=code, player=player).update(
        sockets=0, seen_at=timezone.now() - timedelta(seconds=seconds)
    )


def test_any_player_hands_the_seat_of_someone_gone_a_minute_to_a_bot(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=3, joined=[bob, cy], start=True).code
    play_turn(ada, code)  # Bob's turn now, and Bob is gone
    away(bob, code, 50)
    before = game_of(code).version
    refused("not_away", services.game_hand_to_bot, player=cy, code=code, seat=1)
    assert game_of(code).version == before
    away(bob, code, 61)
    refused("not_a_player", services.game_hand_to_bot, player=bob, code=code, seat=1)
    services.game_hand_to_bot(player=cy, code=code, seat=1)
    game = game_of(code)
    assert Scorecard.objects.get(game=game, seat=1).player.is_bot
    event = game.events.get(kind="seat_to_bot")
    assert (event.actor, event.data["player"]) == (cy, "Bob")
    run_until(code, cy.pk)  # the bot plays Bob's turn and the table goes on
    assert current_player_id(code) == cy.pk


def test_a_player_not_seen_since_joining_is_away_only_a_minute_after_joining(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=3, joined=[bob, cy], start=True).code
    play_turn(ada, code)  # Bob's turn; his page has not connected yet
    refused("not_away", services.game_hand_to_bot, player=cy, code=code, seat=1)
    Membership.objects.filter(room__code=code, player=bob).update(
        joined_at=timezone.now() - timedelta(seconds=61)
    )
    services.game_hand_to_bot(player=cy, code=code, seat=1)
    assert Scorecard.objects.get(game=game_of(code), seat=1).player.is_bot


def test_a_spectator_cannot_hand_a_seat_to_a_bot(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    services.room_join(player=cy, code=code)  # the game is on: Cy watches
    away(bob, code, 120)
    refused("not_a_player", services.game_hand_to_bot, player=cy, code=code, seat=1)


def test_leaving_mid_turn_hands_the_turn_to_a_bot_that_finishes_it(
    timed: str, ada: Player, bob: Player, script_dice: ScriptDice
) -> None:
    play_turn(ada, timed)
    script_dice([5, 5, 5, 5, 2] + [5] * 20)
    services.game_roll(player=bob, code=timed)
    services.room_leave(player=bob, code=timed)
    run_until(timed, ada.pk)
    turn = Turn.objects.get(game=game_of(timed), number=2)
    placed_by = present(turn.placed_by)
    assert turn.player == bob and placed_by.is_bot  # what Bob did stays his
    assert (turn.rolls[0]["by"], turn.rolls[0]["dice"]) == ("Bob", [5, 5, 5, 5, 2])
    assert all(roll["by"] == placed_by.name for roll in turn.rolls[1:])
    assert turn.finish == Turn.Finish.PLAYED


def test_when_the_last_person_leaves_a_game_of_bots_ends(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=2, bots=["beginner"], start=True)
    services.room_leave(player=ada, code=room.code)
    assert game_of(room.code).status == Game.Status.ENDED
    assert Room.objects.get(code=room.code).status == Room.Status.CLOSED
    assert len(services.games_run_due()) == 0


def test_idle_rooms_are_closed_by_the_command(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    idle = make_room(ada, "yatzy", seats=1, start=True)
    fresh = make_room(bob, "yams", seats=1)
    Room.objects.filter(pk=idle.pk).update(
        last_activity_at=timezone.now() - timedelta(hours=24, minutes=1)
    )
    # Notices sent 31 and 29 days ago: the older is forgotten; one still to send stays.
    done = timezone.now() - timedelta(days=31)
    for sent in (done, done + timedelta(days=2), None):
        Notice.objects.create(
            player=ada,
            game=game_of(idle.code),
            turn=Notice.objects.count() + 1,
            kind="your_turn",
            due_at=done,
            sent_at=sent,
        )
    out = StringIO()
    call_command("close_idle_rooms", stdout=out)
    assert out.getvalue().strip() == "closed 1 idle room, forgot 1 sent notice"
    assert Notice.objects.count() == 2
    idle.refresh_from_db()
    fresh.refresh_from_db()
    assert idle.status == Room.Status.CLOSED and fresh.status == Room.Status.OPEN
    assert game_of(idle.code).status == Game.Status.ENDED
    assert present(idle.events.last()).kind == "room_closed"
    assert len(services.rooms_close_idle()) == 0


def test_a_rooms_last_activity_is_kept_to_the_minute(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2)
    created = Room.objects.get(pk=room.pk).last_activity_at
    services.room_join(player=bob, code=room.code)  # within the minute: not rewritten
    assert Room.objects.get(pk=room.pk).last_activity_at == created
    earlier = timezone.now() - timedelta(minutes=1, seconds=1)
    Room.objects.filter(pk=room.pk).update(last_activity_at=earlier)
    services.chat_post(player=bob, code=room.code, text="hello")
    assert Room.objects.get(pk=room.pk).last_activity_at > earlier + timedelta(minutes=1)


def test_the_clock_command_does_due_work_once(
    timed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    Game.objects.filter(room__code=timed).update(
        turn_deadline=timezone.now() - timedelta(seconds=1)
    )
    call_command("run_game_clock", "--once")
    assert "did 1 due action" in capsys.readouterr().out
    assert game_of(timed).turn_count == 2
