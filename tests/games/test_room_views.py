"""Starting, finding, opening and joining a room through the pages."""

import pytest
from django.test import Client

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from rooms.models import Membership, Room
from tests.support.clients import ClientResponse

pytestmark = pytest.mark.django_db

CREATE = {"name": "Ada", "ruleset": "yahtzee", "joker": "free", "seats": "3", "turn_seconds": "60"}


def create(client: Client, **changes: str) -> ClientResponse:
    return client.post("/rooms/new/", {**CREATE, **changes})


def test_starting_a_room_makes_the_visitor_its_host(client: Client) -> None:
    response = create(client)
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/r/{room.code}/"
    player = Player.objects.get(pk=client.session[SESSION_KEY])
    assert (room.host, player.name) == (player, "Ada")
    assert (room.ruleset, room.options, room.seat_count, room.turn_seconds) == (
        "yahtzee",
        {"joker": "free"},
        3,
        60,
    )
    page = client.get(f"/r/{room.code}/")
    assert page.status_code == 200 and page.context["member"] is True
    assert page.context["ws_path"] == f"/ws/rooms/{room.code}/"


def test_options_of_other_variants_are_ignored_and_timer_can_be_off(client: Client) -> None:
    create(client, ruleset="yatzy", exact_counts="on", turn_seconds="")
    room = Room.objects.get()
    assert (room.options, room.turn_seconds) == ({"exact_counts": True}, None)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"name": ""}, "a name needs at least one visible character"),
        ({"ruleset": "poker"}, "poker"),
        ({"seats": "9"}, "1 to 8 seats"),
        ({"seats": "many"}, "1 to 8 seats"),
        ({"turn_seconds": "5"}, "15 to 300 seconds"),
        ({"turn_seconds": "soon"}, "a number of seconds"),
    ],
)
def test_a_refused_room_shows_why_on_the_home_page(
    client: Client, changes: dict[str, str], words: str
) -> None:
    response = create(client, **changes)
    assert response.status_code == 400
    assert words in response.context["create_error"]
    assert not Room.objects.exists()
    # Nothing is left of the refused post: no guest player, none in the session.
    assert not Player.objects.exists() and SESSION_KEY not in client.session


def test_a_refused_daily_play_leaves_no_guest(client: Client) -> None:
    response = client.post("/daily/play/", {"name": "Ada", "ruleset": "poker"})
    assert response.status_code == 400
    assert not Player.objects.exists() and SESSION_KEY not in client.session


def test_find_by_code_or_by_pasted_link(client: Client) -> None:
    assert client.get("/rooms/find/", {"code": " ABCdef2345 "})["Location"] == "/r/abcdef2345/"
    assert (
        client.get("/rooms/find/", {"code": "http://x/r/abcdef2345/"})["Location"]
        == "/r/abcdef2345/"
    )
    assert client.get("/rooms/find/", {"code": ""})["Location"] == "/#join"


def test_unknown_room_is_404(client: Client) -> None:
    assert client.get("/r/nosuchroom/").status_code == 404
    assert client.post("/r/nosuchroom/join/", {"name": "Bob"}).status_code == 404


def test_a_friend_opens_the_link_and_joins_with_a_name(client: Client) -> None:
    create(client, seats="2")
    room = Room.objects.get()
    friend = Client()
    page = friend.get(f"/r/{room.code}/")
    assert page.status_code == 200 and page.context["member"] is False
    # The room's layout rules hang on <html class="room-page">, given where the table is.
    assert b'class="room-page"' not in page.content
    response = friend.post(f"/r/{room.code}/join/", {"name": "Bob"})
    assert response["Location"] == f"/r/{room.code}/"
    bob = Player.objects.get(name="Bob")
    assert Membership.objects.get(room=room, player=bob).seat == 1
    table = friend.get(f"/r/{room.code}/")
    assert table.context["member"] is True
    assert b'<html lang="en" class="room-page">' in table.content
    third = Client()
    refused = third.post(f"/r/{room.code}/join/", {"name": "Cy"})
    assert refused.status_code == 400
    assert refused.context["join_error"] == "every seat of this room is taken"


def test_a_closed_room_shows_members_the_table_and_tells_others(client: Client) -> None:
    create(client)
    room = Room.objects.get()
    Room.objects.filter(pk=room.pk).update(status=Room.Status.CLOSED)
    page = client.get(f"/r/{room.code}/")
    assert page.context["member"] is True and page.context["room_closed"] is True
    assert page.context["join_error"] is None
    other = Client().get(f"/r/{room.code}/")
    assert other.context["member"] is False
    assert other.context["join_error"] == "This room is closed."


def test_forms_need_the_csrf_token() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/rooms/new/", CREATE).status_code == 403
    assert not Room.objects.exists()


def test_the_room_page_offers_the_engines_variants_for_the_settings_form(client: Client) -> None:
    create(client)
    page = client.get(f"/r/{Room.objects.get().code}/")
    setup = page.context["room_setup"]
    assert [v["name"] for v in setup["variants"]] == ["yahtzee", "yatzy", "yams", "triple_yahtzee"]
    assert setup["variants"][2]["shape"] == "12 boxes \N{MULTIPLICATION SIGN} 4 columns"
    assert setup["variants"][0]["options"] == ["joker"]
    assert (setup["seats"], setup["timer"]) == ([1, 8], [15, 300])
    assert 'id="room-setup"' in page.content.decode()
