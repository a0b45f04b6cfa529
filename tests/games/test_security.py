"""Security: cross-site sockets, strangers at a table, HTML in chat and names. (CSRF on
every form: test_csrf.py; guessing room codes: test_guessing.py; who may use the admin:
test_admin.py.)

Everything goes through the real ASGI application, views, database and cache.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from coach.models import GameReview
from common.errors import ServiceError
from games import services
from rooms.models import ChatMessage, Room
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn, versions
from tests.support.sockets import (
    SAME_SITE,
    first_state,
    refused_with,
    register_visitor,
    socket,
    visitor,
)

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
NAME = "<svg onload=alert(1)>"  # names have at most 24 characters
STATIC_JS = Path(settings.BASE_DIR) / "static" / "js"


# -- helpers ------------------------------------------------------------------------


def assert_escaped(html: str, *raws: str) -> None:
    """Each of ``raws`` is shown escaped in ``html``, never as markup."""
    for raw in raws:
        assert raw not in html
        assert escape(raw) in html, raw


# -- 1. cross-site websockets -------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "origin",
    [
        b"https://evil.example",
        b"http://localhost.evil.example",
        b"http://evil.example:8000",
        b"null",
        None,
    ],
)
async def test_a_cross_site_socket_is_refused_even_with_a_members_cookie(
    origin: bytes | None, make_room: MakeRoom
) -> None:
    ada, key = await visitor("Ada")
    room = await database_sync_to_async(make_room)(ada, "yams")
    connected, _ = await socket(room.code, key, origin=origin).connect()
    assert not connected  # Daphne answers the handshake with 403


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("origin", [SAME_SITE, b"http://localhost:8000", b"https://127.0.0.1"])
async def test_a_same_site_socket_is_accepted(origin: bytes, make_room: MakeRoom) -> None:
    ada, key = await visitor("Ada")
    room = await database_sync_to_async(make_room)(ada, "yams")
    comm = socket(room.code, key, origin=origin)
    assert (await first_state(comm))["you"]["name"] == "Ada"
    await comm.disconnect()


# -- 2. strangers cannot read or act in a room ----------------------------------------


def make_table(make_room: Callable[..., Room]) -> SimpleNamespace:
    """Zebedee hosts a game of Yatzy with Quentin; Kim was kicked out of it; Eve is a
    player who never joined.  The chat has a line only members may read."""
    zeb, zeb_key = register_visitor("Zebedee")
    quentin, quentin_key = register_visitor("Quentin")
    (kim, kim_key), (eve, eve_key) = register_visitor("Kim"), register_visitor("Eve")
    room = make_room(zeb, "yatzy", seats=3, joined=[quentin, kim], start=True)
    services.room_kick(player=zeb, code=room.code, target=kim.pk)
    services.chat_post(player=zeb, code=room.code, text="secret plans")
    return SimpleNamespace(
        code=room.code,
        zeb=zeb,
        quentin=quentin,
        kim=kim,
        eve=eve,
        keys={"zeb": zeb_key, "quentin": quentin_key, "kim": kim_key, "eve": eve_key},
    )


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_strangers_sockets_close_4403_without_any_state(make_room: MakeRoom) -> None:
    table = await database_sync_to_async(make_table)(make_room)
    for key in (None, table.keys["eve"], table.keys["kim"]):
        assert await refused_with(socket(table.code, key)) == 4403
    member = socket(table.code, table.keys["quentin"])
    assert [m["name"] for m in (await first_state(member))["members"]][:2] == ["Zebedee", "Quentin"]
    await member.disconnect()


def test_the_room_page_shows_strangers_only_the_join_form(make_room: MakeRoom) -> None:
    table = make_table(make_room)
    url = f"/r/{table.code}/"
    for stranger in (None, table.eve, table.kim):
        page = client_of(stranger).get(url)
        html = page.content.decode()
        assert page.status_code == 200 and page.context["member"] is False
        assert 'data-testid="join-room-form"' in html
        for private in (
            'id="room-app"',
            "data-ws-path",
            'data-testid="chat-list"',
            'data-testid="board"',
            "Zebedee",
            "Quentin",
            "secret plans",
        ):
            assert private not in html, (stranger, private)
    member = client_of(table.quentin).get(url).content.decode()
    assert 'id="room-app"' in member and 'data-testid="join-room-form"' not in member


def test_strangers_cannot_act_through_the_services(make_room: MakeRoom) -> None:
    table = make_table(make_room)
    before = versions(table.code)
    for stranger in (table.eve, table.kim):
        for call, kwargs in (
            (services.chat_post, {"text": "hi"}),
            (services.game_roll, {}),
            (
                services.room_configure,
                {"ruleset": "yams", "options": {}, "seats": 2, "turn_seconds": None},
            ),
        ):
            with pytest.raises(ServiceError) as err:
                call(player=stranger, code=table.code, **kwargs)
            assert err.value.code in {"not_in_room", "not_host"}, err.value.code
    assert versions(table.code) == before


def test_the_review_page_is_403_for_strangers(make_room: MakeRoom) -> None:
    table = make_table(make_room)
    url = f"/r/{table.code}/games/1/review/"
    for stranger in (None, table.eve, table.kim):
        assert client_of(stranger).get(url).status_code == 403
    assert client_of(table.quentin).get(url).status_code == 404  # the game is not over


# -- 3. HTML in chat and names is shown as text -------------------------------------------


@pytest.fixture
def rude(staff: User, make_room: Callable[..., Room]) -> SimpleNamespace:
    """A game whose host's name is markup, a chat with two script attacks (one of them
    removed by a moderator), a few moves, and a stored review of the host."""
    host, _ = register_visitor(NAME)
    bob, _ = register_visitor("Bob")
    room = make_room(host, "yahtzee", seats=2, joined=[bob])
    services.chat_post(player=host, code=room.code, text=SCRIPT)
    services.chat_post(player=bob, code=room.code, text=IMG)
    services.room_start(player=host, code=room.code)
    play_turn(host, room.code)
    play_turn(bob, room.code)
    services.mod_remove_chat(
        moderator=staff, message=ChatMessage.objects.get(text=IMG), reason="script in chat"
    )
    game = game_of(room.code)
    GameReview.objects.create(
        game=game,
        player=host,
        data={
            "format": 2,
            "decisions": [],
            "total_lost": 0.0,
            "accuracy": None,
            "expected_start": 245.87,
            "total": 0,
            "decisions_count": 0,
            "exact": True,
            "luck": -245.87,
            "others_lost": 0.0,
            "path": [],
        },
    )  # adds up to the total
    return SimpleNamespace(room=room, host=host, bob=bob, game=game)


def admin_page(client: Client, name: str, *args: object, **params: str) -> str:
    """An admin page's HTML (it must answer 200)."""
    response = client.get(reverse(f"admin:{name}", args=args), params)
    assert response.status_code == 200, name
    return response.content.decode()


def test_the_admin_shows_chat_and_names_as_text(
    admin_client: Client, rude: SimpleNamespace
) -> None:
    script, img = ChatMessage.objects.get(text=SCRIPT), ChatMessage.objects.get(text=IMG)
    assert_escaped(admin_page(admin_client, "rooms_chatmessage_changelist"), SCRIPT, IMG, NAME)
    assert_escaped(admin_page(admin_client, "rooms_chatmessage_changelist", q=SCRIPT), SCRIPT)
    for message in (script, img):
        assert_escaped(
            admin_page(admin_client, "rooms_chatmessage_change", message.pk), message.text
        )
    confirm = admin_client.post(
        reverse("admin:rooms_chatmessage_changelist"),
        {"action": "remove_messages", ACTION_CHECKBOX_NAME: [script.pk], "index": 0},
    )
    assert_escaped(confirm.content.decode(), SCRIPT, NAME)
    record = rude.room.moderation.get()
    assert_escaped(admin_page(admin_client, "moderation_moderationaction_change", record.pk), IMG)
    assert_escaped(admin_page(admin_client, "play_game_change", rude.game.pk), NAME)
    for page in (
        "accounts_player_changelist",
        "rooms_membership_changelist",
        "play_game_changelist",
        "rooms_room_changelist",
        "coach_gamereview_changelist",
    ):
        assert_escaped(admin_page(admin_client, page), NAME)
    for page, pk in (
        ("accounts_player_change", rude.host.pk),
        ("rooms_room_change", rude.room.pk),
        ("coach_gamereview_change", GameReview.objects.get().pk),
    ):
        assert_escaped(admin_page(admin_client, page, pk), NAME)


def test_the_site_shows_names_as_text(rude: SimpleNamespace) -> None:
    stranger, _ = register_visitor(NAME)
    join_page = client_of(stranger).get(f"/r/{rude.room.code}/").content.decode()
    assert 'data-testid="join-room-form"' in join_page
    assert_escaped(join_page, NAME)  # the name field, filled in

    table = client_of(rude.host).get(f"/r/{rude.room.code}/").content.decode()
    assert 'id="room-app"' in table  # chat and names arrive over the socket, as JSON
    for raw in (SCRIPT, IMG, NAME):
        assert raw not in table

    review = client_of(rude.host).get(f"/r/{rude.room.code}/games/1/review/")
    assert review.status_code == 200
    assert_escaped(review.content.decode(), NAME)

    refused = client_of().post("/rooms/new/", {"name": SCRIPT, "ruleset": "yahtzee"})
    assert refused.status_code == 400  # too long a name: the form is shown again, filled in
    assert_escaped(refused.content.decode(), SCRIPT)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_chat_over_the_socket_reaches_every_viewer_as_plain_text(make_room: MakeRoom) -> None:
    ada, ada_key = await visitor(NAME)
    room = await database_sync_to_async(make_room)(ada, "yams")
    comm = socket(room.code, ada_key)
    await first_state(comm)
    for n, text in enumerate((SCRIPT, IMG)):
        await comm.send_json_to({"type": "chat", "id": f"c{n}", "text": text})
    while True:
        message = json.loads(await comm.receive_from(timeout=5))
        if message["type"] == "state" and len(message["chat"]) == 2:
            break
    assert [(m["name"], m["text"]) for m in message["chat"]] == [(NAME, SCRIPT), (NAME, IMG)]
    await comm.disconnect()


HTML_SINKS = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser"
    r"|createContextualFragment|srcdoc|\beval\(|new Function"
)


def test_the_page_scripts_never_turn_text_into_html() -> None:
    scripts = sorted(STATIC_JS.rglob("*.js"))
    assert len(scripts) > 10
    for script in scripts:
        assert not HTML_SINKS.search(script.read_text()), script
    dom = (STATIC_JS / "dom.js").read_text()
    assert "document.createTextNode(String(child))" in dom  # h()'s text children
    assert 'key === "text") el.textContent = value' in dom
    feed = (STATIC_JS / "render" / "feed.js").read_text()
    assert 'h("span", { class: "chat__name" }, m.name)' in feed
    assert 'h("span", { class: "chat__text" }, m.text)' in feed
