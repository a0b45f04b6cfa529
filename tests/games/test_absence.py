"""A host who walks off and a player who stops playing do not strand the table: the host
role passes on after a minute, and a bot keeps a seat after three missed turns in a row
until its person is back. Time is moved, never waited for."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from accounts.models import Player
from games import services
from play.models import Event, Game, Scorecard
from rooms.models import Membership, Room
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn, refused
from tests.support.present import present
from tests.support.sockets import check_server_message
from tests.support.views import fresh_snapshot_of, text_of

pytestmark = pytest.mark.django_db


def seen(player: Player, code: str, seconds: float, sockets: int = 0) -> None:
    """The server last heard of ``player`` in the room ``seconds`` ago, with ``sockets``
    open."""
    Membership.objects.filter(room__code=code, player=player).update(
        sockets=sockets, seen_at=timezone.now() - timedelta(seconds=seconds)
    )


def host_of(code: str) -> Player:
    return Room.objects.get(code=code).host


def test_the_host_role_passes_after_a_minute_to_the_person_here_longest(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=4, joined=[bob, cy]).code
    for player in (ada, bob, cy):
        services.presence_connect(player=player, code=code)
    services.presence_disconnect(player=ada, code=code)  # Hosty closed the tab
    seen(ada, code, 50)
    assert len(services.rooms_pass_host()) == 0  # not yet a minute
    seen(ada, code, 61)
    assert len(services.rooms_pass_host()) == 1
    assert host_of(code) == bob  # Bob joined before Cy
    event = present(Event.objects.filter(room__code=code).last())
    assert (event.kind, event.data) == (
        "host_passed",
        {"player": "Bob", "player_id": bob.pk, "from": "Ada", "pace": "live"},
    )
    assert len(services.rooms_pass_host()) == 0  # once
    # Bob can do what only the host can; Ada, back later, is a player like the others.
    services.room_add_bot(player=bob, code=code)
    services.presence_connect(player=ada, code=code)
    assert len(services.rooms_pass_host()) == 0 and host_of(code) == bob
    refused("not_host", services.room_start, player=ada, code=code)
    services.room_start(player=bob, code=code)


def test_a_host_whose_page_has_not_connected_yet_keeps_the_role_for_a_minute(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    # A friend opened the link and connected before the host's own page did.
    code = make_room(ada, "yatzy", seats=4, joined=[bob]).code
    services.presence_connect(player=bob, code=code)
    assert len(services.rooms_pass_host()) == 0 and host_of(code) == ada
    Membership.objects.filter(room__code=code, player=ada).update(
        joined_at=timezone.now() - timedelta(seconds=61)
    )  # a minute on, still not here
    assert len(services.rooms_pass_host()) == 1 and host_of(code) == bob


def test_during_a_game_the_role_goes_to_someone_present_and_never_to_a_bot(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=4, joined=[bob, cy], bots=["beginner"], start=True).code
    seen(ada, code, 120)
    seen(bob, code, 90)  # gone as well: Bob's turn is not enough to be here
    assert len(services.rooms_pass_host()) == 0  # nobody here: the role waits
    services.presence_connect(player=cy, code=code)
    assert len(services.rooms_pass_host()) == 1
    assert host_of(code) == cy
    assert game_of(code).status == Game.Status.PLAYING


def test_after_a_game_the_new_host_starts_the_rematch(
    ada: Player, bob: Player, staff: User, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    services.mod_end_game(moderator=staff, game=game_of(code), reason="test")
    services.presence_connect(player=bob, code=code)
    seen(ada, code, 61)
    assert len(services.rooms_pass_host()) == 1
    services.room_rematch(player=bob, code=code)
    assert game_of(code).number == 2


def test_a_socket_left_by_a_dead_server_counts_as_gone_a_quiet_one_does_not(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=2, joined=[bob]).code
    services.presence_connect(player=bob, code=code)
    seen(ada, code, 90, sockets=1)  # a background tab pings once a minute: still here
    assert len(services.rooms_pass_host()) == 0
    seen(ada, code, 181, sockets=1)  # the process that counted the socket was killed
    assert len(services.rooms_pass_host()) == 1 and host_of(code) == bob


# -- a seat a bot keeps ---------------------------------------------------------------


def expire(code: str) -> None:
    """Let the current turn's time run out and the clock finish it."""
    deadline = game_of(code).turn_deadline
    assert deadline is not None
    assert len(services.games_run_due(at=deadline + timedelta(seconds=1))) >= 1


def card(code: str, seat: int) -> Scorecard:
    return Scorecard.objects.select_related("player", "held_for").get(game=game_of(code), seat=seat)


@pytest.fixture
def timed(ada: Player, bob: Player, make_room: MakeRoom) -> str:
    return make_room(ada, "yatzy", seats=2, turn_seconds=15, joined=[bob], start=True).code


def miss_three(ada: Player, code: str) -> None:
    for _ in range(3):
        play_turn(ada, code)
        expire(code)  # Bob's turn runs out


def test_three_missed_turns_in_a_row_hand_the_seat_to_a_bot_for_now(
    timed: str, ada: Player, bob: Player
) -> None:
    play_turn(ada, timed)
    expire(timed)
    play_turn(ada, timed)
    expire(timed)
    assert not card(timed, 1).player.is_bot  # two in a row are not enough
    play_turn(ada, timed)
    expire(timed)
    held = card(timed, 1)
    assert held.player.is_bot and held.held_for == bob
    event = present(Event.objects.filter(room__code=timed).last())
    assert (event.kind, event.data["player"], event.data["bot"], event.data["missed"]) == (
        "seat_held",
        "Bob",
        held.player.name,
        3,
    )
    assert Membership.objects.get(room__code=timed, player=bob).seat is None
    assert Membership.objects.get(room__code=timed, player=held.player).seat == 1
    # Every page sees whom the bot keeps the seat for (as the protocol's schema says).
    state = json.loads(text_of(fresh_snapshot_of(timed), ada.pk))
    check_server_message(state)
    assert state["game"]["seats"][1]["held_for"] == {"player": bob.pk, "name": "Bob"}
    play_turn(ada, timed)
    assert len(services.games_run_due()) >= 1  # the bot plays Bob's turn
    # Bob comes back: the seat is his again, and the bot leaves.
    services.presence_connect(player=bob, code=timed)
    back = card(timed, 1)
    assert back.player == bob and back.held_for is None
    assert Membership.objects.get(room__code=timed, player=bob).seat == 1
    assert Membership.objects.get(room__code=timed, player=held.player).state == "left"
    assert present(Event.objects.filter(room__code=timed).last()).kind == "seat_back"


def test_a_played_turn_starts_the_count_again(timed: str, ada: Player, bob: Player) -> None:
    miss_three_but_one_played = [True, True, False, True, True]
    for missed in miss_three_but_one_played:
        play_turn(ada, timed)
        if missed:
            expire(timed)
        else:
            play_turn(bob, timed)
    assert card(timed, 1).player == bob


def test_a_person_whose_seat_is_kept_takes_it_back_on_their_own_turn(
    timed: str, ada: Player, bob: Player
) -> None:
    miss_three(ada, timed)
    play_turn(ada, timed)  # the bot's turn now, kept for Bob
    refused("not_held", services.game_take_back, player=ada, code=timed)
    services.game_take_back(player=bob, code=timed)
    game = game_of(timed)
    assert game.current_seat == 1 and game.bot_due_at is None
    assert game.turn_deadline is not None  # Bob's own time again
    play_turn(bob, timed)
    assert game_of(timed).current_seat == 0


def test_a_kept_seat_stays_kept_in_the_rematch_and_comes_back_after(
    ada: Player, bob: Player, cy: Player, staff: User, make_room: MakeRoom
) -> None:
    code = make_room(ada, "yatzy", seats=3, turn_seconds=15, joined=[bob, cy], start=True).code
    for _ in range(3):
        play_turn(ada, code)
        expire(code)  # Bob
        play_turn(cy, code)
    assert card(code, 1).held_for == bob
    services.mod_end_game(moderator=staff, game=game_of(code), reason="test")
    services.room_rematch(player=ada, code=code)
    assert card(code, 1).held_for == bob and card(code, 1).player.is_bot
    services.presence_connect(player=bob, code=code)
    assert card(code, 1).player == bob
