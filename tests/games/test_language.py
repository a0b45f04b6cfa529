"""Each visitor's language: the browser's, the picker's, the account's; pages and sockets.

Needs the compiled catalogs (``make catalogs``, part of ``make test``).
"""

from __future__ import annotations

import json
from datetime import UTC, timedelta

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import formats, timezone, translation

from accounts.models import Player
from common.errors import ServiceError
from common.publish import publish
from games import services
from games.realtime.ending import CLOSE_BANNED
from tests.support.clients import ClientResponse
from tests.support.sockets import WAIT, call, connected, socket, visitor

# Not in the PostgreSQL pass (docs/decisions/0007): these check words, not the database.
pytestmark = pytest.mark.sqlite_pass_only

COOKIE = settings.LANGUAGE_COOKIE_NAME


def html_lang(response: ClientResponse) -> str:
    text = response.content.decode()
    start = text.index('<html lang="') + len('<html lang="')
    return text[start : text.index('"', start)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("header", "language", "words"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.5", "fr", "Aller au contenu"),
        ("sv-SE,sv;q=0.8", "sv", "Hoppa till innehållet"),
        ("de-DE,de;q=0.9", "en", "Skip to content"),
        ("", "en", "Skip to content"),
    ],
)
def test_the_browser_language_chooses_the_page_language(
    client: Client, header: str, language: str, words: str
) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert html_lang(page) == language
    assert words in page.content.decode()
    assert page["Content-Language"] == language


@pytest.mark.django_db
def test_the_picker_remembers_a_choice_in_a_cookie(client: Client) -> None:
    chosen = client.post(
        "/language/", {"language": "sv", "next": "/rules/yatzy/"}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert chosen.status_code == 302 and chosen["Location"] == "/rules/yatzy/"
    assert chosen.cookies[COOKIE].value == "sv"
    assert chosen.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")  # the choice wins over the browser
    assert html_lang(page) == "sv"


@pytest.mark.django_db
def test_the_picker_is_on_every_page_and_marks_the_current_language(client: Client) -> None:
    page = client.get("/rules/yams/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'action="/language/"' in page
    for code, name in [("en", "English"), ("fr", "Français"), ("sv", "Svenska")]:
        assert f'value="{code}" lang="{code}"' in page and f">{name}</button>" in page
    assert 'value="fr" lang="fr" class="language-picker__choice" aria-current="true"' in page


@pytest.mark.django_db
def test_the_picker_refuses_a_language_the_site_does_not_have(client: Client) -> None:
    refused = client.post("/language/", {"language": "de", "next": "/"})
    assert refused.status_code == 400
    assert COOKIE not in client.cookies
    assert client.get("/language/").status_code == 405  # a change is a POST


@pytest.mark.django_db
def test_an_account_remembers_its_language_on_every_device() -> None:
    user = User.objects.create_user(username="ines")
    Player.objects.create(name="Inès", user=user)
    laptop = Client()
    laptop.force_login(user)
    laptop.post("/language/", {"language": "fr", "next": "/"})
    assert Player.objects.get(user=user).language == "fr"
    phone = Client(HTTP_ACCEPT_LANGUAGE="sv")  # a new device, in Swedish
    phone.force_login(user)
    page = phone.get("/")
    assert html_lang(page) == "fr"
    assert page.cookies[COOKIE].value == "fr"  # and the device keeps it signed out too
    phone.post("/language/", {"language": "sv", "next": "/"})
    assert Player.objects.get(user=user).language == "sv"
    assert html_lang(laptop.get("/")) == "sv"


@pytest.mark.django_db
def test_an_accounts_language_is_one_the_site_has_and_a_first_one_is_kept() -> None:
    user = User.objects.create_user(username="ines")
    player = Player.objects.create(name="Inès", user=user)
    with pytest.raises(ServiceError) as refused:
        services.account_language_set(user=user, code="de")
    assert refused.value.code == "unknown_language"
    with pytest.raises(ServiceError):
        services.account_language_adopt(player=player, code="de")
    assert Player.objects.get(pk=player.pk).language == ""
    assert services.account_language_adopt(player=player, code="sv")
    assert not services.account_language_adopt(player=player, code="fr")  # it has one
    assert Player.objects.get(pk=player.pk).language == "sv"


@pytest.mark.django_db
def test_a_guest_choice_is_not_stored_on_any_player(client: Client) -> None:
    client.post("/rooms/new/", {"name": "Ada", "ruleset": "yams", "seats": "2"})
    client.post("/language/", {"language": "fr", "next": "/"})
    assert list(Player.objects.values_list("language", flat=True)) == [""]


@pytest.mark.django_db
def test_the_javascript_catalog_follows_the_page_language(client: Client) -> None:
    french = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Couleurs claires" in french and "pluralidx" in french
    swedish = client.get("/jsi18n/", HTTP_COOKIE=f"{COOKIE}=sv").content.decode()
    assert "Ljusa f" in swedish
    english = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Couleurs" not in english and "globals.gettext" in english


# -- sockets speak each viewer's language; the state they share has no words ----------


async def ban_text(comm: WebsocketCommunicator) -> str:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        if message["type"] == "error":
            assert message["code"] == "banned"
            assert await comm.receive_output(timeout=WAIT) == {
                "type": "websocket.close",
                "code": CLOSE_BANNED,
            }
            said: str = message["message"]
            return said


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_one_ban_reaches_each_socket_in_its_own_language() -> None:
    ada, _ = await visitor("Ada")
    troll, key = await visitor("Troll")
    room = await call(services.room_create, player=ada, ruleset="yams", seats=2)
    await call(services.room_join, player=troll, code=room.code)
    french = await connected(room.code, key, accept_language="fr-FR,fr")
    swedish = await connected(
        room.code, key, accept_language="fr", cookies=f"{COOKIE}=sv"
    )  # the cookie wins
    english = await connected(room.code, key)
    staff = await call(User.objects.create_user, username="mod", is_staff=True)
    until = timezone.now() + timedelta(days=3)
    await publish(
        (
            await call(services.mod_ban, moderator=staff, player=troll, reason="abuse", until=until)
        ).news
    )

    def end(language: str) -> str:
        with translation.override(language):
            return formats.date_format(until.astimezone(UTC), "DATETIME_FORMAT")

    assert await ban_text(french) == (
        f"Un modérateur vous a banni de ce site jusqu'au {end('fr')} UTC."
    )
    assert await ban_text(swedish) == (
        f"En moderator har stängt av dig från att spela här till {end('sv')} UTC."
    )
    assert await ban_text(english) == (
        f"A moderator banned you from playing here until {end('en')} UTC."
    )
    assert end("fr") != end("en")


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_account_language_wins_on_its_sockets() -> None:
    user = await call(User.objects.create_user, username="sven")
    sven = await call(Player.objects.create, name="Sven", user=user, language="sv")
    await call(Player.objects.filter(pk=sven.pk).update, banned_at=timezone.now())
    browser = Client()
    await call(browser.force_login, user=user)
    comm = socket("NOROOM", browser.session.session_key, accept_language="fr")
    assert (await comm.connect(timeout=WAIT))[0]
    assert await ban_text(comm) == "En moderator har stängt av dig från att spela här."


@pytest.mark.django_db
def test_refusals_of_pages_speak_the_visitors_language(client: Client) -> None:
    missing = client.get("/rules/chess/", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.status_code == 404
    assert "Five Dice n&#x27;a pas de jeu appelé « chess »." in missing.content.decode()
    refused = client.post("/language/", {"language": "xx"}, HTTP_ACCEPT_LANGUAGE="sv")
    assert refused.status_code == 400
    assert html_lang(refused) == "sv" and COOKIE not in refused.cookies
