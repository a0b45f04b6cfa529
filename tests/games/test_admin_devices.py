"""The moderators find rooms whose seats share a device or a network, and see on a room's
and a game's page which seats share one, and with whom."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.addresses import address_key
from accounts.models import Player
from games import services
from rooms.models import Membership, Room
from tests.support.admin_pages import listed
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import game_of

pytestmark = pytest.mark.django_db

HOME, CAFE = "198.51.100.7", "203.0.113.9"


def table(host: Player, *others: Player, devices: list[tuple[str, str]]) -> Room:
    """A duplicate room of ``host`` and ``others``, each from its (browser, address)."""
    browser, address = devices[0]
    room = services.room_create(
        player=host,
        ruleset="yatzy",
        seats=4,
        duplicate=True,
        browser=browser,
        address=address_key(address),
    )
    for player, (browser, address) in zip(others, devices[1:], strict=True):
        services.room_join(
            player=player, code=room.code, browser=browser, address=address_key(address)
        )
    return room


@pytest.fixture
def rooms(
    ada: Player, bob: Player, cy: Player, dee: Player, make_player: MakePlayer, make_room: MakeRoom
) -> dict[str, Room]:
    """One room of two seats on one browser, one of two seats on one network, one apart
    (with a bot, whose empty browser and address match nothing)."""
    eve, fay = make_player("Eve"), make_player("Fay")
    return {
        "device": table(ada, bob, devices=[("a" * 32, HOME), ("a" * 32, CAFE)]),
        "network": table(cy, dee, devices=[("c" * 32, HOME), ("d" * 32, HOME)]),
        "apart": table(eve, fay, devices=[("e" * 32, HOME), ("f" * 32, CAFE)]),
    }


def test_the_room_list_finds_rooms_whose_seats_share_a_device_or_a_network(
    admin_client: Client, rooms: dict[str, Room]
) -> None:
    services.room_add_bot(player=rooms["apart"].host, code=rooms["apart"].code, level="beginner")
    services.room_add_bot(player=rooms["apart"].host, code=rooms["apart"].code, level="expert")
    assert listed(admin_client, "room", shared="device") == {rooms["device"]}
    assert listed(admin_client, "room", shared="network") == {rooms["network"]}
    assert listed(admin_client, "room", shared="device", duplicate__exact="1") == {rooms["device"]}
    assert listed(admin_client, "room") == set(rooms.values())


def test_the_room_and_game_pages_name_the_seats_that_share(
    admin_client: Client, rooms: dict[str, Room], ada: Player, bob: Player
) -> None:
    room = rooms["device"]
    page = admin_client.get(reverse("admin:rooms_room_change", args=[room.pk]))
    html = page.content.decode()
    assert "same device as Bob" in html and "same device as Ada" in html
    assert "a" * 32 not in html and address_key(HOME) not in html
    services.room_start(player=ada, code=room.code)
    page = admin_client.get(reverse("admin:play_game_change", args=[game_of(room.code).pk]))
    assert "same device as Bob" in page.content.decode()
    apart = admin_client.get(reverse("admin:rooms_room_change", args=[rooms["apart"].pk]))
    assert "same device" not in apart.content.decode()
    assert "same network" not in apart.content.decode()
    network = admin_client.get(
        reverse("admin:rooms_room_change", args=[rooms["network"].pk])
    ).content.decode()
    assert "same network as Dee" in network and "same network as Cy" in network
    # A member who left still counts: their seat was played from there.
    Membership.objects.filter(player=bob).update(state=Membership.State.LEFT, seat=None)
    assert listed(admin_client, "room", shared="device") == {room}
