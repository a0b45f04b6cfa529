"""Links written with no request (turn emails) reach the site as people reach it: on
``SITE_URL`` when set, else on the address of the latest page a player opened (a
loopback one only until another is seen), else on this machine at ``PORT``."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from pytest_django import Settings

from accounts.models import Player
from notices.models import Preferences
from notices.services.notices import notices_send
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import play_turn

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^\s>]+")


@pytest.fixture
def ada_waits(ada: Player, bob: Player, make_room: MakeRoom) -> tuple[Player, str]:
    """Ada, an account with a confirmed address who asked for emails about turns, is to
    play in a room by the day where Bob has played: her email is due."""
    user = User.objects.create_user("ada", email="ada@example.org", password="pw-long-enough")
    Player.objects.filter(pk=ada.pk).update(user=user)
    ada.refresh_from_db()
    Preferences.objects.create(player=ada, email=True)
    code = make_room(
        bob, "yatzy", seats=2, pace="day", together=False, joined=[ada], start=True
    ).code
    play_turn(bob, code)
    return ada, code


def email_links() -> list[str]:
    """Every link of the one turn email sent, its List-Unsubscribe header's included."""
    notices_send()
    [message] = mail.outbox
    found = LINK.findall(str(message.body)) + LINK.findall(
        message.extra_headers["List-Unsubscribe"]
    )
    assert len(found) == 4  # play your turn, preferences, unsubscribe (body and header)
    return found


def test_links_are_on_the_address_the_players_opened_pages_at(
    ada_waits: tuple[Player, str], bob: Player, settings: Settings
) -> None:
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["testserver", "localhost", "10.0.0.9"]
    ada, code = ada_waits
    client_of(ada, HTTP_HOST="testserver:8300").get(f"/r/{code}/", SERVER_PORT="8300")
    # A loopback visit, a probe with no player (a health check, a scraper) and a refused
    # host name do not move the address friends use.
    client_of(bob, HTTP_HOST="localhost:8000").get("/")
    client_of(None, HTTP_HOST="10.0.0.9:8000").get("/healthz")
    client_of(bob, HTTP_HOST="evil.example").get("/")
    assert all(link.startswith("http://testserver:8300/") for link in email_links())


def test_site_url_wins_over_the_address_pages_were_opened_at(
    ada_waits: tuple[Player, str], settings: Settings
) -> None:
    settings.SITE_URL = "https://dice.example.org"
    ada, code = ada_waits
    client_of(ada, HTTP_HOST="testserver:8300").get(f"/r/{code}/", SERVER_PORT="8300")
    assert all(link.startswith("https://dice.example.org/") for link in email_links())


def test_with_only_loopback_pages_links_stay_on_this_machine(
    ada_waits: tuple[Player, str], settings: Settings
) -> None:
    settings.SITE_URL = ""
    ada, code = ada_waits
    client_of(ada, HTTP_HOST="localhost:8300").get(f"/r/{code}/", SERVER_PORT="8300")
    assert all(link.startswith("http://localhost:8300/") for link in email_links())


def test_before_any_page_links_use_the_port_make_run_serves_on(
    ada_waits: tuple[Player, str], settings: Settings
) -> None:
    settings.SITE_URL = ""
    settings.PORT = 8300
    assert all(link.startswith("http://127.0.0.1:8300/") for link in email_links())


def test_with_any_host_allowed_no_address_is_taken_from_a_request(
    ada_waits: tuple[Player, str], settings: Settings
) -> None:
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["*"]
    ada, code = ada_waits
    client_of(ada, HTTP_HOST="evil.example").get(f"/r/{code}/")  # anyone can name any host
    assert all(link.startswith("http://127.0.0.1:8000/") for link in email_links())


def test_a_visitor_cannot_choose_where_links_point(
    ada_waits: tuple[Player, str], bob: Player, settings: Settings
) -> None:
    ada, code = ada_waits
    settings.ALLOWED_HOSTS = ["testserver", ".example.org"]
    client_of(ada, HTTP_HOST="testserver:8300").get(f"/r/{code}/", SERVER_PORT="8300")
    client_of(bob, HTTP_HOST="testserver:1").get("/", SERVER_PORT="8300")  # a made-up port
    client_of(bob, HTTP_HOST="evil.example.org").get("/", SERVER_PORT="8300")  # a pattern
    assert all(link.startswith("http://testserver:8300/") for link in email_links())
