"""The pages in French and Swedish: headings, ``<html lang>``, the picker, an account's
language (docs/decisions/0019-languages.md).  Needs the compiled catalogs
(``make catalogs``)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import Player
from rooms.models import Room
from tests.support.clients import ClientResponse

# Not in the PostgreSQL pass (docs/decisions/0007): these check words, not the database.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]

CREATE = {"name": "Ada", "ruleset": "yahtzee", "joker": "free", "seats": "3", "turn_seconds": "60"}


def html_lang(page: ClientResponse) -> str:
    found = re.search(r'<html lang="([^"]+)"', page.content.decode())
    assert found is not None
    return found.group(1)


def room_code(client: Client) -> str:
    client.post("/rooms/new/", CREATE)
    return Room.objects.get().code


@pytest.mark.parametrize(
    ("language", "heading", "button"),
    [
        ("en", "Roll five dice with your friends, live.", "Open the room"),
        ("fr", "Lancez cinq dés avec vos amis, en direct.", "Ouvrir le salon"),
        ("sv", "Slå fem tärningar med dina vänner, live.", "Öppna rummet"),
    ],
)
def test_the_home_page_in_each_language(
    client: Client, language: str, heading: str, button: str
) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert html_lang(page) == language
    assert heading in text and button in text


@pytest.mark.parametrize(
    ("language", "member", "guest"),
    [
        ("fr", "Parties passées", "Vous êtes invité à une table"),
        ("sv", "Tidigare partier", "Du är inbjuden till ett bord"),
    ],
)
def test_the_room_page_for_a_member_and_for_a_visitor(
    client: Client, language: str, member: str, guest: str
) -> None:
    code = room_code(client)
    page = client.get(f"/r/{code}/", HTTP_ACCEPT_LANGUAGE=language)
    assert html_lang(page) == language and member in page.content.decode()
    visitor = Client().get(f"/r/{code}/", HTTP_ACCEPT_LANGUAGE=language)
    assert guest in visitor.content.decode()


@pytest.mark.parametrize(
    ("language", "heading", "message"),
    [
        ("fr", "Rien à cette adresse", "Il n&#x27;y a aucun salon avec ce code."),
        ("sv", "Inget på den här adressen", "Det finns inget rum med den koden."),
    ],
)
def test_a_missing_room_is_a_404_page_in_the_visitors_language(
    client: Client, language: str, heading: str, message: str
) -> None:
    page = client.get("/r/nosuchroom/", HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert page.status_code == 404 and html_lang(page) == language
    assert heading in text and message in text


def test_the_picker_sets_the_cookie_and_goes_back(client: Client) -> None:
    response = client.post("/language/", {"language": "sv", "next": "/rules/yatzy/"})
    assert response.status_code == 302 and response["Location"] == "/rules/yatzy/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "sv"
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")  # the cookie wins over the browser
    assert html_lang(page) == "sv"


def test_a_signed_in_choice_is_saved_and_wins_on_another_device(client: Client) -> None:
    user = User.objects.create_user("ada", password="a long enough password 1")
    Player.objects.create(name="Ada", user=user)
    client.force_login(user)
    client.post("/language/", {"language": "fr", "next": "/"})
    assert Player.objects.get(user=user).language == "fr"
    other_device = Client()
    other_device.force_login(user)
    page = other_device.get("/", HTTP_ACCEPT_LANGUAGE="sv")
    assert html_lang(page) == "fr" and "Ouvrir le salon" in page.content.decode()


def test_a_new_account_keeps_the_language_it_was_made_in(client: Client) -> None:
    room_code(client)  # a guest player, who becomes the account's
    response = client.post(
        "/account/sign-up/",
        {
            "username": "ada",
            "password1": "a long enough password 1",
            "password2": "a long enough password 1",
            "next": "/",
        },
        HTTP_ACCEPT_LANGUAGE="sv",
    )
    assert response.status_code == 302
    assert Player.objects.get(user__username="ada").language == "sv"
    assert "Välkommen, ada: ditt konto är klart." in client.get("/").content.decode()


def test_an_accounts_first_player_keeps_the_language_in_use(client: Client) -> None:
    client.post(
        "/account/sign-up/",
        {
            "username": "bea",
            "password1": "a long enough password 1",
            "password2": "a long enough password 1",
        },
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert not Player.objects.exists()  # no guest yet: the player starts with a room
    client.post("/rooms/new/", CREATE, HTTP_ACCEPT_LANGUAGE="fr")
    assert Player.objects.get(user__username="bea").language == "fr"
