"""The home page's list of a player's rooms: which rooms, in which state, in what order."""

import pytest
from django.test import Client

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from games import selectors, services
from rooms.selectors.your_rooms import YOUR_ROOMS_MAX
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import play_turn
from tests.support.present import present

pytestmark = pytest.mark.django_db


def states(player: Player) -> dict[str, tuple[str, int | None, tuple[str, ...]]]:
    return {r.code: (r.state, r.seat, r.people) for r in selectors.rooms_of(player)}


def test_each_room_says_where_it_stands_for_this_player(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    lobby = make_room(ada, "yatzy", seats=3, joined=[bob]).code
    playing = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    watched = make_room(cy, "yatzy", seats=1, start=True).code
    services.room_join(player=ada, code=watched)  # a game is on: Ada watches
    closed = make_room(bob, "yahtzee", seats=2, joined=[ada]).code
    services.room_leave(player=bob, code=closed)
    services.room_leave(player=ada, code=closed)  # the last one out closes it: not listed

    assert states(ada) == {
        lobby: ("lobby", 0, ("Bob",)),
        playing: ("your_turn", 0, ("Bob",)),
        watched: ("playing", None, ("Cy",)),
    }
    assert states(bob)[playing] == ("playing", 1, ("Ada",))
    play_turn(ada, playing)
    assert states(bob)[playing][0] == "your_turn"
    assert selectors.rooms_of(None) == []


def test_a_finished_game_and_the_limit(ada: Player, make_room: MakeRoom) -> None:
    solo = make_room(ada, "yatzy", seats=1, start=True).code
    while states(ada)[solo][0] == "your_turn":
        play_turn(ada, solo)
    assert states(ada)[solo][0] == "finished"
    for _ in range(YOUR_ROOMS_MAX + 2):
        make_room(ada, "yams", seats=2)
    assert len(selectors.rooms_of(ada)) == YOUR_ROOMS_MAX


def test_games_waiting_for_you_come_first_soonest_deadline_first(
    ada: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    late = make_room(
        bob,
        "yatzy",
        seats=2,
        pace="day",
        together=False,
        turn_seconds=3 * 24 * 3600,
        joined=[ada],
        start=True,
    ).code
    services.room_join(player=cy, code=late)  # Cy watches
    soon = make_room(
        bob,
        "yatzy",
        seats=2,
        pace="day",
        together=False,
        turn_seconds=3600,
        joined=[ada],
        start=True,
    ).code
    lobby = make_room(ada, "yatzy", seats=3, joined=[bob]).code
    play_turn(bob, late)
    play_turn(bob, soon)  # both now wait for Ada; then Ada's lobby is the latest move
    services.room_join(player=cy, code=lobby)
    found = selectors.rooms_of(ada)
    assert [(r.code, r.state) for r in found] == [
        (soon, "your_turn"),
        (late, "your_turn"),
        (lobby, "lobby"),
    ]
    assert present(found[0].deadline) < present(found[1].deadline) and found[0].pace == "day"
    watching = {r.code: r for r in selectors.rooms_of(cy)}[late]
    assert (watching.state, watching.turn_of, watching.seat) == ("playing", "Ada", None)
    assert watching.deadline == found[1].deadline


def test_the_page_of_your_games_groups_them_with_their_deadlines(
    client: Client, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = make_room(
        bob, "yatzy", seats=2, pace="day", together=False, joined=[ada], start=True
    ).code
    lobby = make_room(bob, "yams", seats=3, joined=[ada]).code
    session = client.session  # a guest: the session names the player
    session[SESSION_KEY] = bob.pk
    session.save()
    page = client.get("/games/")
    assert page.status_code == 200
    groups = [(g["key"], [r.code for r in g["rooms"]]) for g in page.context["groups"]]
    assert groups == [("your_turn", [code]), ("lobby", [lobby])]
    html = page.content.decode()
    assert "Waiting for you" in html and "data-local-time" in html and "by the day" in html
    assert client.get("/").context["your_rooms"][0].code == code
    empty = client.__class__().get("/games/")
    assert empty.status_code == 200 and "You are at no table yet" in empty.content.decode()


def test_a_game_waiting_for_someone_else_is_not_cut_off_by_newer_lobbies(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    waiting = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    play_turn(ada, waiting)  # Bob's turn now
    for _ in range(YOUR_ROOMS_MAX):
        make_room(ada, "yams", seats=2)  # newer, in the lobby
    found = selectors.rooms_of(ada)
    assert len(found) == YOUR_ROOMS_MAX
    assert (found[0].code, found[0].state, found[0].turn_of) == (waiting, "playing", "Bob")
