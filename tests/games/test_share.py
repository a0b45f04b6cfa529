"""Passing a room on: the QR code of its invite link, and the link preview of its page."""

from __future__ import annotations

import html as html_lib
import re

import pytest
import segno
from django.test import Client
from pytest_django import Settings

from common import throttle
from rooms.models import Room
from rooms.web.share import qr_svg

# Not in the PostgreSQL pass (docs/decisions/0007): the QR codes and link previews only read
# through the ORM what the services tests of that pass write.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]


def open_room(client: Client) -> str:
    client.post(
        "/rooms/new/", {"name": "Ada", "ruleset": "yatzy", "seats": "2", "turn_seconds": ""}
    )
    return Room.objects.get().code


def meta(html: str, prop: str) -> str:
    found = re.search(rf'<meta (?:property|name)="{re.escape(prop)}" content="([^"]*)"', html)
    assert found is not None, prop
    return html_lib.unescape(found.group(1))


def test_the_qr_code_holds_the_rooms_link(client: Client) -> None:
    code = open_room(client)
    stranger = Client()  # anyone with the link may draw its code, as they may open it
    response = stranger.get(f"/r/{code}/qr.svg")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "private" in response["Cache-Control"]
    link = f"http://testserver/r/{code}/"
    assert response.content == qr_svg(link)
    # The drawing is the QR code of exactly that link: same modules, dark where dark.
    svg = response.content.decode()
    assert svg.startswith("<svg") and "QR code of the invite link" in svg
    size = segno.make(link, error="m").symbol_size(border=4)
    assert f'viewBox="0 0 {size[0]} {size[1]}"' in svg


def test_a_qr_code_for_no_room_is_a_miss_of_the_guess_limit(client: Client) -> None:
    for n in range(throttle.MISS_LIMIT):
        assert client.get(f"/r/nosuch{n:04d}/qr.svg").status_code == 404
    assert client.get("/r/nosuch9999/qr.svg").status_code == 429
    code = open_room(client)
    assert client.get(f"/r/{code}/qr.svg").status_code == 200  # a right code still works


def test_a_room_link_previews_as_an_invitation(client: Client) -> None:
    code = open_room(client)
    html = Client().get(f"/r/{code}/").content.decode()  # as a chat app's preview fetches it
    assert meta(html, "og:title") == "You're invited to a game of Yatzy"
    assert "pick a name and sit down" in meta(html, "og:description")
    assert meta(html, "og:url") == f"http://testserver/r/{code}/"
    image = meta(html, "og:image")
    assert image == "http://testserver/static/img/preview.png"
    assert meta(html, "twitter:card") == "summary_large_image"
    home = Client().get("/").content.decode()
    assert meta(home, "og:title").startswith("Five Dice")


def test_a_host_name_not_of_this_site_gets_the_400_page(client: Client, settings: Settings) -> None:
    settings.DEBUG = False
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert b"This site does not answer to that name" in response.content
    assert b'content="/static/img/preview.png"' in response.content


def invite_of(html: str) -> tuple[str, str]:
    """(the invite link, the note next to it) of a member's room page."""
    link = re.search(r'data-invite-url="([^"]*)"', html)
    note = re.search(r'data-invite-note="([^"]*)"', html)
    assert link is not None and note is not None
    return html_lib.unescape(link.group(1)), html_lib.unescape(note.group(1))


def test_invite_links_and_qr_codes_use_site_url(client: Client, settings: Settings) -> None:
    settings.SITE_URL = "http://192.0.2.20:8200"
    code = open_room(client)
    link = f"http://192.0.2.20:8200/r/{code}/"
    assert invite_of(client.get(f"/r/{code}/").content.decode()) == (link, "")
    assert client.get(f"/r/{code}/qr.svg").content == qr_svg(link)
    # At localhost, the host is told that friends use the link, not the address bar.
    link_there, note = invite_of(
        client.get(f"/r/{code}/", HTTP_HOST="localhost:8200").content.decode()
    )
    assert link_there == link
    assert "You opened this page at localhost" in note and "192.0.2.20:8200" in note


@pytest.mark.parametrize(
    "host", ["localhost:8000", "127.0.0.1:8000", "127.0.1.1", "[::1]:8000", "dice.localhost"]
)
def test_a_host_at_a_loopback_address_is_told_friends_cannot_open_its_link(
    client: Client, settings: Settings, host: str
) -> None:
    settings.ALLOWED_HOSTS = ["testserver", ".localhost", "127.0.0.1", "127.0.1.1", "[::1]"]
    code = open_room(client)
    link, note = invite_of(client.get(f"/r/{code}/", HTTP_HOST=host).content.decode())
    assert link == f"http://{host}/r/{code}/"
    assert "Friends can't open this link" in note and "SITE_URL" in note
    _, elsewhere = invite_of(client.get(f"/r/{code}/").content.decode())  # testserver
    assert elsewhere == ""
