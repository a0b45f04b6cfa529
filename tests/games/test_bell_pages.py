"""The bell's pages: the header's button and count for a player (none for a visitor), the
bell's own page, an item opened (read, then on to its room), "Mark all read", and each
kind on or off in the notifications page."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Player
from games import services
from notices.models import BellItem, Preferences
from notices.selectors.bell import bell_unread
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom

pytestmark = pytest.mark.django_db


def _chatted(make_room: MakeRoom, ada: Player, bob: Player) -> str:
    """A room by the day where Bob wrote twice: Ada's bell has one unread item."""
    code = make_room(ada, "yatzy", seats=2, pace="day", joined=[bob]).code
    services.chat_post(player=bob, code=code, text="hello")
    services.chat_post(player=bob, code=code, text="<b>bold</b>")
    return code


def test_the_header_shows_the_bell_and_its_count_to_players_only(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    _chatted(make_room, ada, bob)
    page = client_of(ada).get("/games/").content.decode()
    assert 'data-testid="bell-count" aria-hidden="true">1</span>' in page
    assert 'aria-label="Notices, 1 unread"' in page and "js/bell.js" in page
    quiet = client_of(bob).get("/").content.decode()
    assert 'aria-label="Notices, 0 unread"' in quiet
    assert 'data-testid="bell-count" aria-hidden="true" hidden>0</span>' in quiet
    nobody = Client().get("/").content.decode()
    assert 'data-testid="bell"' not in nobody and "js/bell.js" not in nobody  # no socket
    french = client_of(ada, HTTP_ACCEPT_LANGUAGE="fr").get("/games/").content.decode()
    assert 'aria-label="Avis, 1 non lu"' in french
    swedish = client_of(ada, HTTP_ACCEPT_LANGUAGE="sv").get("/notices/bell/").content.decode()
    assert 'aria-label="Notiser, 1 oläst"' in swedish
    assert "2 nya meddelanden i rum" in swedish and "1 oläst" in swedish


def test_the_bell_page_lists_items_and_opening_one_reads_it(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = _chatted(make_room, ada, bob)
    page = client_of(ada)
    listed = page.get("/notices/bell/").content.decode()
    assert f"2 new messages in room {code}" in listed
    assert "Bob: &lt;b&gt;bold&lt;/b&gt;" in listed  # escaped
    assert 'data-read="false"' in listed
    item = BellItem.objects.get(player=ada)
    assert client_of(bob).get(f"/notices/bell/{item.pk}/").status_code == 404  # not Bob's
    assert Client().get(f"/notices/bell/{item.pk}/").status_code == 404
    assert bell_unread(ada.pk) == 1
    opened = page.get(f"/notices/bell/{item.pk}/")
    assert (opened.status_code, opened["Location"]) == (302, f"/r/{code}/")
    assert bell_unread(ada.pk) == 0
    assert 'data-read="true"' in page.get("/notices/bell/").content.decode()
    assert "Open or join a room" in Client().get("/notices/bell/").content.decode()


def test_mark_all_read_on_the_page(ada: Player, bob: Player, make_room: MakeRoom) -> None:
    _chatted(make_room, ada, bob)
    page = client_of(ada)
    assert page.get("/notices/bell/read/").status_code == 405  # a change is a post
    done = page.post("/notices/bell/read/")
    assert (done.status_code, done["Location"]) == (302, "/notices/bell/")
    assert bell_unread(ada.pk) == 0


def test_each_kind_is_a_checkbox_of_the_notifications_page(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    page = client_of(bob)
    shown = page.get("/notifications/").content.decode()
    assert 'id="id_bell_room_chat" checked>' in shown
    assert "New chat in your rooms by the day" in shown
    form = {
        "push": "on",
        "bell_game_result": "on",
        "bell_friend_request": "on",
        "bell_friend_accepted": "on",
        "bell_group_added": "on",
        "bell_invite": "on",
        "bell_opponent_found": "on",
        "reminder_hours": "0",
        "time_zone": "",
    }
    assert page.post("/notifications/", form).status_code == 302
    assert Preferences.objects.get(player=bob).bell_off == ["room_chat"]
    assert 'id="id_bell_room_chat">' in page.get("/notifications/").content.decode()
    _chatted(make_room, bob, ada)  # Ada writes in Bob's room: his chat kind is off
    assert bell_unread(bob.pk) == 0 and bell_unread(ada.pk) == 0
