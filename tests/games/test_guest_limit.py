"""The guest limit (accounts/guest_limit.py): a household, an office or a café behind one
address fills its tables through their links and opens rooms freely, while a banned
person's new guests from their address stay limited."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone

from accounts import guest_limit
from accounts.models import Player
from common import throttle
from games import services
from rooms.models import Membership, Room
from tests.support.clients import ClientResponse
from tests.support.fixture_types import MakeRoom

pytestmark = pytest.mark.django_db

HOME = "198.51.100.7"  # one household's (or café's) address, behind NAT
ELSEWHERE = "198.51.100.8"
UNDER_BAN = 2  # the site's default GUEST_LIMIT_UNDER_BAN (yahtzee_site/settings.py)


def new_guest(address: str, name: str = "Guest", **extra: str) -> ClientResponse:
    """Open a room as a new browser (no cookies) coming from ``address``."""
    return Client(REMOTE_ADDR=address).post(
        "/rooms/new/", {"name": name, "ruleset": "yatzy", "seats": "2", **extra}
    )


def join(room: Room, address: str, name: str, browser: Client | None = None) -> ClientResponse:
    """Join ``room`` through its link's form as a new browser from ``address``."""
    return (browser or Client(REMOTE_ADDR=address)).post(f"/r/{room.code}/join/", {"name": name})


def test_eight_and_more_from_one_address_join_a_room_through_its_link(
    ada: Player, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=8)
    for n in range(1, 8):  # every free seat, from one home network
        assert join(room, HOME, f"Cousin{n}").status_code == 302
    services.room_start(player=ada, code=room.code)
    for n in range(8, 13):  # and more watch the game
        assert join(room, HOME, f"Cousin{n}").status_code == 302
    members = Membership.objects.filter(
        room=room, player__name__startswith="Cousin", state=Membership.State.ACTIVE
    )
    assert members.count() == 12
    assert members.filter(seat__isnull=False).count() == 7


def test_a_party_of_eight_opens_rooms_from_one_address() -> None:
    for n in range(1, 9):
        assert new_guest(HOME, f"Guest{n}").status_code == 302
    assert Room.objects.count() == 8


@override_settings(GUEST_LIMIT=3, GUEST_LIMIT_WINDOW=3600)
def test_opening_rooms_as_new_guests_is_still_limited(ada: Player, make_room: MakeRoom) -> None:
    for n in range(3):
        assert new_guest("203.0.113.9", f"Opener{n}").status_code == 302
    players, rooms = Player.objects.count(), Room.objects.count()
    refusal = new_guest("203.0.113.9", "Opener9")
    assert refusal.status_code == 429
    assert 3500 <= int(refusal["Retry-After"]) <= 3600
    assert "Too many new players" in refusal.content.decode()
    assert (Player.objects.count(), Room.objects.count()) == (players, rooms)
    assert new_guest("203.0.113.10").status_code == 302  # another address is not held up
    room = make_room(ada, "yatzy", seats=3)  # joining through a link still works
    assert join(room, "203.0.113.9", "Joiner").status_code == 302


def test_a_banned_players_new_guests_from_their_address_stay_limited(
    ada: Player, staff: User, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=8)
    troll = Client(REMOTE_ADDR=HOME)
    assert join(room, HOME, "Troll", troll).status_code == 302
    services.mod_ban(moderator=staff, player=Player.objects.get(name="Troll"), reason="x")
    # Private windows: each a new browser, a new guest from the same address.
    for n in range(1, UNDER_BAN + 1):
        assert join(room, HOME, f"Troll{n}").status_code == 302
    players = Player.objects.count()
    refusal = join(room, HOME, "Troll9")
    assert refusal.status_code == 429
    assert 0 < int(refusal["Retry-After"]) <= 3600
    assert "try again in 60 minutes" in refusal.content.decode()
    assert new_guest(HOME, "Troll10").status_code == 429  # opening a room too
    assert Player.objects.count() == players
    assert join(room, ELSEWHERE, "Neighbour").status_code == 302  # no one else is held up


def test_the_limit_lifts_when_the_ban_ends(ada: Player, staff: User, make_room: MakeRoom) -> None:
    room = make_room(ada, "yatzy", seats=8)
    assert join(room, HOME, "Troll").status_code == 302
    troll = Player.objects.get(name="Troll")
    services.mod_ban(
        moderator=staff, player=troll, reason="x", until=timezone.now() + timedelta(days=1)
    )
    assert guest_limit.under_ban(HOME)
    Player.objects.filter(pk=troll.pk).update(banned_until=timezone.now())
    assert not guest_limit.under_ban(HOME)
    for n in range(UNDER_BAN + 2):
        assert join(room, HOME, f"Sibling{n}").status_code == 302


def test_a_banned_player_seen_at_another_address_puts_it_under_the_ban(
    ada: Player, staff: User, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=8)
    troll = Client(REMOTE_ADDR=HOME)
    assert join(room, HOME, "Troll", troll).status_code == 302
    services.mod_ban(moderator=staff, player=Player.objects.get(name="Troll"), reason="x")
    assert not guest_limit.under_ban(ELSEWHERE)
    # The same browser, now on another network, opens the room's page: it says banned.
    page = troll.get(f"/r/{room.code}/", REMOTE_ADDR=ELSEWHERE)
    assert "banned" in page.content.decode()
    assert guest_limit.under_ban(ELSEWHERE)
    for n in range(UNDER_BAN):
        assert join(room, ELSEWHERE, f"Troll{n}").status_code == 302
    assert join(room, ELSEWHERE, "Troll9").status_code == 429


@override_settings(GUEST_LIMIT=1)
def test_the_limit_counts_an_ipv6_subscriber_by_its_64() -> None:
    assert new_guest("2001:db8:1:2::1").status_code == 302
    assert new_guest("2001:db8:1:2:ffff::9").status_code == 429
    assert new_guest("2001:db8:1:3::1").status_code == 302


@override_settings(GUEST_LIMIT=1)
def test_only_new_players_count() -> None:
    browser = Client(REMOTE_ADDR="198.51.100.4")
    form = {"name": "Ann", "ruleset": "yatzy", "seats": "2"}
    assert browser.post("/rooms/new/", form).status_code == 302
    assert browser.post("/rooms/new/", form).status_code == 302  # the same player again
    bad = Client(REMOTE_ADDR="198.51.100.5")
    assert bad.post("/rooms/new/", {**form, "name": "  "}).status_code == 400
    assert bad.post("/rooms/new/", form).status_code == 302  # the bad name did not count
    user = User.objects.create_user("member", password="pw")
    account = Client(REMOTE_ADDR="198.51.100.4")
    account.force_login(user)
    # A new account's first player is a new player too: a banned person does not sign
    # their way back in.
    assert account.post("/rooms/new/", form).status_code == 429
    assert not Player.objects.filter(user=user).exists()
    Player.objects.create(name="Member", user=user)
    assert account.post("/rooms/new/", form).status_code == 302  # its player is not new


@override_settings(GUEST_LIMIT=1, GUEST_LIMIT_TRUSTED=["10.0.0.0/8"])
def test_trusted_networks_are_never_limited() -> None:
    for _ in range(3):
        assert new_guest("10.1.2.3").status_code == 302
    assert guest_limit.wait_seconds("10.1.2.3", opening=True) == 0
    assert guest_limit.remembered("10.1.2.3") == []


@override_settings(GUEST_LIMIT=1, GUEST_LIMIT_WINDOW=60)
def test_the_window_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    moment = [1_000_000.0]
    monkeypatch.setattr(throttle, "clock", lambda: moment[0])
    assert new_guest("192.0.2.1").status_code == 302
    assert new_guest("192.0.2.1").status_code == 429
    moment[0] += 61
    assert new_guest("192.0.2.1").status_code == 302
