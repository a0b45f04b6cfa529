"""The home page's list of a player's rooms: which rooms, in which state, in what order."""

import pytest

from games import selectors, services
from games.selectors.your_rooms import YOUR_ROOMS_MAX
from tests.support.game_state import play_turn

pytestmark = pytest.mark.django_db


def states(player) -> dict[str, tuple[str, int | None, tuple[str, ...]]]:
    return {r.code: (r.state, r.seat, r.people) for r in selectors.rooms_of(player)}


def test_each_room_says_where_it_stands_for_this_player(ada, bob, cy, make_room):
    lobby = make_room(ada, "yatzy", seats=3, joined=[bob]).code
    playing = make_room(ada, "yatzy", seats=2, joined=[bob], start=True).code
    watched = make_room(cy, "yatzy", seats=1, start=True).code
    services.room_join(player=ada, code=watched)  # a game is on: Ada watches
    closed = make_room(bob, "yahtzee", seats=2, joined=[ada]).code
    services.room_leave(player=bob, code=closed)
    services.room_leave(player=ada, code=closed)  # the last one out closes it: not listed

    assert states(ada) == {
        lobby: ("lobby", 0, ("Bob",)), playing: ("your_turn", 0, ("Bob",)),
        watched: ("playing", None, ("Cy",))}
    assert states(bob)[playing] == ("playing", 1, ("Ada",))
    play_turn(ada, playing)
    assert states(bob)[playing][0] == "your_turn"
    assert selectors.rooms_of(None) == []


def test_a_finished_game_and_the_limit(ada, make_room):
    solo = make_room(ada, "yatzy", seats=1, start=True).code
    while states(ada)[solo][0] == "your_turn":
        play_turn(ada, solo)
    assert states(ada)[solo][0] == "finished"
    for _ in range(YOUR_ROOMS_MAX + 2):
        make_room(ada, "yams", seats=2)
    assert len(selectors.rooms_of(ada)) == YOUR_ROOMS_MAX
