"""Seats that share a device: every member keeps the browser and the address hash it
joined or last played from (a share, once seen, stays), and a duplicate game's comparison
page marks seats that share one, for everyone who sees the page, without the ids."""

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from accounts.addresses import address_key
from accounts.models import Player
from common.browsers import COOKIE, SALT
from games import services
from play.models import Game
from play.selectors.compare import comparison
from rooms.models import Membership
from rooms.selectors.devices import shared_devices
from tests.support.clients import client_of
from tests.support.game_state import game_of
from tests.support.sockets import call, connected, visitor

pytestmark = pytest.mark.django_db

HOME, CAFE = "198.51.100.7", "203.0.113.9"
ADA_TABLET, BOB_PHONE, CY_LAPTOP = "a" * 32, "b" * 32, "c" * 32


def duplicate_table(
    ada: Player, bob: Player, cy: Player, devices: dict[str, tuple[str, str | None]]
) -> str:
    """Ada, Bob and Cy at one duplicate room, each from ``devices[name]`` (browser,
    address): the room's code."""
    browser, address = devices["Ada"]
    room = services.room_create(
        player=ada,
        ruleset="yahtzee",
        seats=3,
        duplicate=True,
        browser=browser,
        address=address_key(address),
    )
    for player in (bob, cy):
        browser, address = devices[player.name]
        services.room_join(
            player=player, code=room.code, browser=browser, address=address_key(address)
        )
    return room.code


def ended(code: str, moderator: User) -> Game:
    """Start the room's game and end it where it stands: a past game to compare."""
    room_host = Membership.objects.get(room__code=code, seat=0).player
    services.room_start(player=room_host, code=code)
    services.mod_end_game(moderator=moderator, game=game_of(code), reason="over")
    return game_of(code)


def marks(game: Game) -> dict[str, list[tuple[str, str]]]:
    return {
        seat["name"]: [(s.kind, s.name) for s in seat["shared"]]
        for seat in comparison(
            game, par=None, shared_with=lambda players: shared_devices(game.room_id, players)
        ).seats
    }


def test_seats_from_one_browser_are_marked_the_same_device(
    ada: Player, bob: Player, cy: Player, admin_user: User
) -> None:
    code = duplicate_table(
        ada,
        bob,
        cy,
        {"Ada": (ADA_TABLET, HOME), "Bob": (ADA_TABLET, CAFE), "Cy": (CY_LAPTOP, CAFE)},
    )
    assert Membership.objects.get(player=bob).address == address_key(CAFE) != ""
    assert marks(ended(code, admin_user)) == {
        "Ada": [("device", "Bob")],
        # The same browser says more than the same network: only the stronger mark.
        "Bob": [("device", "Ada"), ("network", "Cy")],
        "Cy": [("network", "Bob")],
    }


def test_seats_on_one_address_are_marked_the_same_network_only(
    ada: Player, bob: Player, cy: Player, admin_user: User
) -> None:
    code = duplicate_table(
        ada, bob, cy, {"Ada": (ADA_TABLET, HOME), "Bob": (BOB_PHONE, HOME), "Cy": (CY_LAPTOP, CAFE)}
    )
    assert marks(ended(code, admin_user)) == {
        "Ada": [("network", "Bob")],
        "Bob": [("network", "Ada")],
        "Cy": [],
    }


def test_seats_apart_and_unknown_addresses_are_not_marked(
    ada: Player, bob: Player, cy: Player, admin_user: User
) -> None:
    code = duplicate_table(
        ada, bob, cy, {"Ada": (ADA_TABLET, HOME), "Bob": (BOB_PHONE, CAFE), "Cy": ("", None)}
    )
    # Cy's browser and address are unknown: empty, which matches nothing, not even Cy's
    # twin in emptiness.
    Membership.objects.filter(player=bob).update(browser="", address="")
    assert marks(ended(code, admin_user)) == {"Ada": [], "Bob": [], "Cy": []}


def test_the_pages_keep_the_address_hash_and_the_browser_of_who_joins() -> None:
    cafe = Client(REMOTE_ADDR=CAFE)
    assert (
        cafe.post(
            "/rooms/new/", {"name": "Ada", "ruleset": "yatzy", "seats": "2", "duplicate": "on"}
        ).status_code
        == 302
    )
    host = Membership.objects.get(player__name="Ada", seat=0)
    assert host.address == address_key(CAFE) and host.address != CAFE
    assert host.browser and host.browser in cafe.cookies[COOKIE].value
    home = Client(REMOTE_ADDR=HOME)
    assert home.post(f"/r/{host.room.code}/join/", {"name": "Bob"}).status_code == 302
    bob = Membership.objects.get(player__name="Bob")
    assert (bob.address, bob.seat) == (address_key(HOME), 1)
    assert bob.browser in home.cookies[COOKIE].value and bob.browser != host.browser


def signed_browser(browser: str) -> str:
    """The browser cookie a browser with id ``browser`` sends."""
    response = HttpResponse()
    response.set_signed_cookie(COOKIE, browser, salt=SALT)
    return f"{COOKIE}={response.cookies[COOKIE].value}"


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_seat_played_from_another_seats_browser_is_marked() -> None:
    """Bob joined from his phone on another network, then plays from Ada's tablet at
    home: his socket records it, and the share stays when he goes back to his phone."""
    (ada, ada_key), (bob, bob_key), (cy, _) = [await visitor(n) for n in ("Ada", "Bob", "Cy")]
    code = await call(
        duplicate_table,
        ada=ada,
        bob=bob,
        cy=cy,
        devices={
            "Ada": (ADA_TABLET, HOME),
            "Bob": (BOB_PHONE, CAFE),
            "Cy": (CY_LAPTOP, "192.0.2.9"),
        },
    )
    tablet = await connected(code, ada_key, ip=HOME, cookies=signed_browser(ADA_TABLET))
    stolen = await connected(code, bob_key, ip=HOME, cookies=signed_browser(ADA_TABLET))
    bob_there = await call(lambda: Membership.objects.get(player=bob))
    assert (bob_there.browser, bob_there.address) == (ADA_TABLET, address_key(HOME))
    await stolen.disconnect()
    # Back on his phone, elsewhere: the shared browser and network stay on record.
    phone = await connected(code, bob_key, ip="192.0.2.44", cookies=signed_browser(BOB_PHONE))
    bob_back = await call(lambda: Membership.objects.get(player=bob))
    assert (bob_back.browser, bob_back.address) == (ADA_TABLET, address_key(HOME))
    # A socket without a cookie, or with a forged one, records nothing of it.
    forged = await connected(code, bob_key, ip=HOME, cookies=f"{COOKIE}={CY_LAPTOP}")
    assert (await call(lambda: Membership.objects.get(player=bob))).browser == ADA_TABLET
    for socket in (tablet, phone, forged):
        await socket.disconnect()


def test_a_seat_alone_on_its_browser_follows_the_browser_it_plays_from(
    ada: Player, bob: Player, cy: Player
) -> None:
    code = duplicate_table(
        ada,
        bob,
        cy,
        {"Ada": (ADA_TABLET, HOME), "Bob": (BOB_PHONE, CAFE), "Cy": (CY_LAPTOP, "192.0.2.1")},
    )
    services.presence_connect(
        player=cy, code=code, browser="d" * 32, address=address_key("192.0.2.2")
    )
    member = Membership.objects.get(player=cy)
    assert (member.browser, member.address) == ("d" * 32, address_key("192.0.2.2"))
    # An unknown address (or one of a trusted network) leaves the kept one alone.
    services.presence_connect(player=cy, code=code, browser="", address="")
    member.refresh_from_db()
    assert (member.browser, member.address) == ("d" * 32, address_key("192.0.2.2"))


def test_the_comparison_page_marks_shared_devices_for_another_player(
    ada: Player, bob: Player, cy: Player, admin_user: User
) -> None:
    code = duplicate_table(
        ada,
        bob,
        cy,
        {"Ada": (ADA_TABLET, HOME), "Bob": (ADA_TABLET, CAFE), "Cy": (CY_LAPTOP, CAFE)},
    )
    game = ended(code, admin_user)
    page = client_of(cy).get(reverse("games:game_compare", args=[code, game.number]))
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('data-testid="compare-shared"') == 4
    assert "Same device as Bob" in html and "Same device as Ada" in html
    assert "Same network as Cy" in html and "Same network as Bob" in html
    assert "weaker" in html  # the note says what a shared network does not prove
    for secret in (ADA_TABLET, CY_LAPTOP, address_key(HOME), address_key(CAFE), HOME, CAFE):
        assert secret not in html
