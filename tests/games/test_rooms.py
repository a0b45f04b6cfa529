"""Rooms: create, join, seats, bots, leave, kick, start, rematch."""

from typing import Any

import pytest
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import Player
from accounts.services.players import NAME_MAX, SESSION_KEY, player_register
from games import services
from play.models import Game
from rooms.models import Membership, Room
from rooms.services.room_rows import CODE_ALPHABET, CODE_LENGTH
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import refused, versions

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(ada: Player, make_room: MakeRoom) -> Room:
    return make_room(ada, "yatzy", seats=3, turn_seconds=60)


def test_create(ada: Player) -> None:
    room = services.room_create(player=ada, ruleset="yahtzee", options={"joker": "free"}, seats=4)
    assert len(room.code) == CODE_LENGTH and set(room.code) <= set(CODE_ALPHABET)
    assert (room.host, room.ruleset, room.options, room.seat_count) == (
        ada,
        "yahtzee",
        {"joker": "free"},
        4,
    )
    assert room.turn_seconds is None and room.status == Room.Status.OPEN
    assert Membership.objects.get(room=room).seat == 0
    assert room.events.get().kind == "room_created"


def test_codes_are_unguessable_and_distinct(ada: Player) -> None:
    codes = {services.room_create(player=ada, ruleset="yams").code for _ in range(50)}
    assert len(codes) == 50
    # Guessing at 10,000 lookups a second with 10,000 rooms open takes 250 years.
    assert len(CODE_ALPHABET) ** CODE_LENGTH >= 2**59


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"ruleset": "poker"}, "bad_options"),
        ({"ruleset": "yahtzee", "options": {"joker": "wild"}}, "bad_options"),
        ({"ruleset": "yams", "seats": 0}, "bad_seats"),
        ({"ruleset": "yams", "seats": 9}, "bad_seats"),
        ({"ruleset": "yams", "turn_seconds": 14}, "bad_timer"),
        ({"ruleset": "yams", "turn_seconds": 301}, "bad_timer"),
    ],
)
def test_create_refuses_bad_settings(ada: Player, kwargs: dict[str, Any], code: str) -> None:
    refused(code, services.room_create, player=ada, **kwargs)
    assert not Room.objects.exists()


def test_banned_players_cannot_create_or_join(ada: Player, bob: Player, room: Room) -> None:
    Player.objects.filter(pk=bob.pk).update(banned_at="2026-01-01T00:00Z")
    bob.refresh_from_db()
    refused("banned", services.room_create, player=bob, ruleset="yatzy")
    refused("banned", services.room_join, player=bob, code=room.code)


def test_join_takes_the_next_free_seat_then_refuses_when_full(
    room: Room, bob: Player, cy: Player, make_player: MakePlayer
) -> None:
    assert services.room_join(player=bob, code=room.code)["seat"] == 1
    assert services.room_join(player=cy, code=room.code)["seat"] == 2
    refused("room_full", services.room_join, player=make_player("Dee"), code=room.code)


def test_joining_twice_is_harmless(room: Room, bob: Player) -> None:
    services.room_join(player=bob, code=room.code)
    before = versions(room.code)
    assert services.room_join(player=bob, code=room.code)["seat"] == 1
    assert versions(room.code) == before


@pytest.mark.parametrize("code", ["nope", "", "ABCDEFGHJK"])
def test_unknown_code(bob: Player, code: str) -> None:
    refused("unknown_room", services.room_join, player=bob, code=code)


def test_closed_room(room: Room, bob: Player) -> None:
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    refused("room_closed", services.room_join, player=bob, code=room.code)


def test_after_the_game_started_newcomers_watch_and_can_take_a_seat_for_the_rematch(
    room: Room, ada: Player, bob: Player, cy: Player
) -> None:
    services.room_start(player=ada, code=room.code)
    assert services.room_join(player=bob, code=room.code)["seat"] is None
    refused("game_in_progress", services.room_take_seat, player=bob, code=room.code)
    Game.objects.filter(room=room).update(status=Game.Status.FINISHED)
    assert services.room_take_seat(player=bob, code=room.code)["seat"] == 1
    refused("already_seated", services.room_take_seat, player=bob, code=room.code)
    services.room_rematch(player=ada, code=room.code)
    game = Game.objects.get(room=room, number=2)
    assert [c.player for c in game.scorecards.order_by("seat")] == [ada, bob]


def test_leave_frees_the_seat_and_hands_the_host_role_on(
    room: Room, ada: Player, bob: Player
) -> None:
    services.room_join(player=bob, code=room.code)
    services.room_leave(player=ada, code=room.code)
    room.refresh_from_db()
    assert room.host == bob and room.status == Room.Status.OPEN
    assert Membership.objects.get(room=room, player=ada).state == Membership.State.LEFT
    services.room_leave(player=bob, code=room.code)
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    refused("room_closed", services.room_join, player=ada, code=room.code)


def test_leaving_is_not_possible_twice(room: Room, bob: Player) -> None:
    refused("not_in_room", services.room_leave, player=bob, code=room.code)


def test_bots_fill_seats_between_games(room: Room, ada: Player, bob: Player) -> None:
    assert services.room_add_bot(player=ada, code=room.code)["seat"] == 1
    refused("not_host", services.room_add_bot, player=bob, code=room.code)
    refused("bad_level", services.room_add_bot, player=ada, code=room.code, level="godlike")
    services.room_add_bot(player=ada, code=room.code)
    refused("room_full", services.room_add_bot, player=ada, code=room.code)
    bots = Membership.objects.filter(room=room, player__bot_level="beginner")
    assert sorted(bots.values_list("player__name", flat=True)) == ["Bot Blaise", "Bot Carl"]
    refused("not_a_bot", services.room_remove_bot, player=ada, code=room.code, seat=0)
    services.room_remove_bot(player=ada, code=room.code, seat=2)  # Bot Carl
    assert services.room_join(player=bob, code=room.code)["seat"] == 2
    services.room_start(player=ada, code=room.code)
    refused("game_in_progress", services.room_add_bot, player=ada, code=room.code)
    refused("game_in_progress", services.room_remove_bot, player=ada, code=room.code, seat=1)


def test_kick(room: Room, ada: Player, bob: Player, cy: Player) -> None:
    services.room_join(player=bob, code=room.code)
    refused("not_host", services.room_kick, player=bob, code=room.code, target=ada.pk)
    refused("cannot_kick", services.room_kick, player=ada, code=room.code, target=ada.pk)
    refused("not_in_room", services.room_kick, player=ada, code=room.code, target=cy.pk)
    services.room_kick(player=ada, code=room.code, target=bob.pk)
    assert Membership.objects.get(room=room, player=bob).state == Membership.State.KICKED
    refused("kicked", services.room_join, player=bob, code=room.code)


def test_start_needs_the_host_a_person_and_no_game_in_progress(
    room: Room, ada: Player, bob: Player
) -> None:
    services.room_join(player=bob, code=room.code)
    refused("not_host", services.room_start, player=bob, code=room.code)
    refused("not_started", services.room_rematch, player=ada, code=room.code)
    services.room_start(player=ada, code=room.code)
    refused("game_in_progress", services.room_start, player=ada, code=room.code)
    game = Game.objects.get(room=room)
    assert [c.player for c in game.scorecards.order_by("seat")] == [ada, bob]
    assert (game.current_seat, game.turn_count, game.status) == (0, 1, Game.Status.PLAYING)
    assert game.turn_deadline is not None


def test_a_table_of_only_bots_cannot_start(ada: Player, make_room: MakeRoom) -> None:
    room = make_room(ada, "yahtzee", seats=2, bots=["beginner"])
    Membership.objects.filter(room=room, player=ada).update(seat=None)
    refused("no_people", services.room_start, player=ada, code=room.code)


def test_repeated_request_ids_are_answered_once(room: Room, bob: Player) -> None:
    first = services.room_join(player=bob, code=room.code, request_id="r1")
    services.room_leave(player=bob, code=room.code, request_id="r2")
    assert services.room_join(player=bob, code=room.code, request_id="r1") == first
    assert Membership.objects.get(room=room, player=bob).state == Membership.State.LEFT
    refused("bad_request_id", services.room_join, player=bob, code=room.code, request_id="x" * 65)


def test_the_host_changes_the_settings_between_games(
    room: Room, ada: Player, bob: Player, make_player: MakePlayer
) -> None:
    services.room_join(player=bob, code=room.code)
    services.room_add_bot(player=ada, code=room.code)
    services.room_remove_bot(player=ada, code=room.code, seat=2)
    answer = services.room_configure(
        player=ada, code=room.code, ruleset="yams", options={}, seats=2, turn_seconds=None
    )
    assert answer["event"]["kind"] == "room_configured"
    room.refresh_from_db()
    assert (room.ruleset, room.options, room.seat_count, room.turn_seconds) == ("yams", {}, 2, None)
    settings_refused("not_host", bob, room.code)
    settings_refused("seats_taken", ada, room.code, seats=1)
    settings_refused("bad_options", ada, room.code, ruleset="yams", options={"joker": "free"})
    settings_refused("bad_timer", ada, room.code, ruleset="yams", turn_seconds=10)
    services.room_start(player=ada, code=room.code)
    assert Game.objects.get(room=room).ruleset == "yams"
    settings_refused("game_in_progress", ada, room.code)


def settings_refused(error: str, player: Player, code: str, **changed: Any) -> None:
    """``player``'s change of the settings of room ``code`` is refused with ``error`` (the
    settings: two seats of Yatzy with no options and no timer, but what is ``changed``)."""
    settings = {"ruleset": "yatzy", "options": {}, "seats": 2, "turn_seconds": None}
    refused(error, services.room_configure, player=player, code=code, **{**settings, **changed})


def test_configure_closes_the_ranks_of_the_seated(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=4)
    services.room_add_bot(player=ada, code=room.code)
    services.room_join(player=bob, code=room.code)
    services.room_join(player=cy, code=room.code)
    services.room_remove_bot(player=ada, code=room.code, seat=1)
    services.room_configure(
        player=ada,
        code=room.code,
        ruleset="yatzy",
        options={"exact_counts": True},
        seats=3,
        turn_seconds=30,
    )
    seats = dict(room.members.filter(state="active").values_list("player__name", "seat"))
    assert seats == {"Ada": 0, "Bob": 1, "Cy": 2}


def test_names_are_unique_within_a_room(
    ada: Player, make_player: MakePlayer, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=6)
    newcomers = [make_player(name) for name in ("Ada", "ADA", "ada 2", "Bob")]
    for player in newcomers:
        services.room_join(player=player, code=room.code)
    names = [p.name for p in Player.objects.filter(memberships__room=room).order_by("id")]
    assert names == ["Ada", "Ada 2", "ADA 3", "ada 2 2", "Bob"]  # the host keeps hers
    joined = [e.data["player"] for e in room.events.filter(kind="joined").order_by("id")]
    assert joined == names[1:]  # the log names each as the table shows them


def test_a_rename_never_copies_a_name_at_the_same_table(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    make_room(ada, "yatzy", seats=3, joined=[bob])
    session = SessionStore()
    session[SESSION_KEY] = bob.pk
    assert player_register(session=session, name="ada").name == "ada 2"
    long = "x" * NAME_MAX
    session_ada = SessionStore()
    session_ada[SESSION_KEY] = ada.pk
    assert player_register(session=session_ada, name=long).name == long
    assert player_register(session=session, name=long).name == "x" * (NAME_MAX - 2) + " 2"
