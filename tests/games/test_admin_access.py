"""The moderators' admin is read-only, and only staff with permissions come in: what
each permission shows and lets a moderator do."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse

from accounts.models import Player
from games import services
from moderation.models import ModerationAction
from play.models import ActionRequest, Event, Game, Scorecard, Turn
from rooms.models import ChatMessage, Membership, Room
from tests.support.admin_pages import SITE_APPS, app_of, changelist, moderated_world, snapshot
from tests.support.fixture_types import MakePlayer, MakeRoom, ScriptDice
from tests.support.game_state import game_of
from tests.support.present import present

# Not in the PostgreSQL pass (docs/decisions/0007): the admin only reads through the ORM what
# the services tests of that pass write.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]

# Every model of the games app in the admin, and every model of the whole admin.
MODELS = sorted(
    present(m._meta.model_name) for m in admin.site._registry if m._meta.app_label in SITE_APPS
)
ALL_MODELS = sorted((m._meta.app_label, present(m._meta.model_name)) for m in admin.site._registry)


@pytest.fixture
def room(ada: Player, bob: Player, make_room: MakeRoom) -> Room:
    """Ada hosts a Yahtzee room with Bob; their first game is in progress."""
    return make_room(ada, "yahtzee", seats=2, joined=[bob], start=True)


@pytest.fixture
def world(
    room: Room,
    ada: Player,
    cy: Player,
    make_player: MakePlayer,
    make_room: MakeRoom,
    admin_user: User,
) -> SimpleNamespace:
    """Two rooms (one closed, with a bot), chat (one line removed), a banned player."""
    return moderated_world(room, ada, cy, make_player, make_room, admin_user)


def test_nothing_is_added_changed_or_deleted_here(
    admin_client: Client, world: SimpleNamespace
) -> None:
    for model in MODELS:
        assert admin_client.get(reverse(f"admin:{app_of(model)}_{model}_add")).status_code == 403
    game = game_of(world.room.code)
    record = ModerationAction.objects.first()
    objects = {
        "room": world.room,
        "player": world.eve,
        "game": game,
        "membership": Membership.objects.first(),
        "chatmessage": ChatMessage.objects.first(),
        "moderationaction": record,
    }
    before = snapshot()
    for model, obj in objects.items():
        url = reverse(f"admin:{app_of(model)}_{model}_change", args=[obj.pk])
        page = admin_client.get(url)
        assert page.status_code == 200
        assert 'name="_save"' not in page.content.decode()
        assert admin_client.post(url, {"status": "finished", "name": "x"}).status_code == 403
        delete = reverse(f"admin:{app_of(model)}_{model}_delete", args=[obj.pk])
        assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert snapshot() == before
    assert game_of(world.room.code).status == Game.Status.PLAYING
    for hidden in (Turn, Scorecard, Event, ActionRequest):
        assert not admin.site.is_registered(hidden)


def test_visitors_and_players_are_sent_to_the_login_page(
    client: Client, django_user_model: type[User]
) -> None:
    urls = ["/admin/", *(changelist(model, app) for app, model in ALL_MODELS)]
    assert len(MODELS) >= 7 and ("auth", "user") in ALL_MODELS
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    client.force_login(django_user_model.objects.create_user("player", password="pw-12345678"))
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_staff_without_permissions_see_nothing(client: Client, room: Room) -> None:
    staff = User.objects.create_user("helper", password="pw-12345678", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/").status_code == 200
    for model in MODELS:
        assert client.get(changelist(model)).status_code == 403
    assert (
        client.post(
            changelist("room"),
            {
                "action": "close_rooms",
                ACTION_CHECKBOX_NAME: [room.pk],
                "post": "yes",
                "reason": "x",
            },
        ).status_code
        == 403
    )
    assert Room.objects.get(pk=room.pk).status == Room.Status.OPEN


def test_staff_with_view_permissions_see_every_list_and_page(
    client: Client, world: SimpleNamespace
) -> None:
    staff = User.objects.create_user("viewer", password="pw-12345678", is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(codename__startswith="view_"))
    client.force_login(staff)
    assert client.get("/admin/").status_code == 200
    for app, model in ALL_MODELS:
        assert client.get(changelist(model, app)).status_code == 200, model
        first = apps.get_model(app, model).objects.order_by("pk").first()
        if first is not None:
            page = client.get(reverse(f"admin:{app}_{model}_change", args=[first.pk]))
            assert page.status_code == 200, model


def test_view_permission_shows_change_permission_moderates(
    client: Client, room: Room, script_dice: ScriptDice
) -> None:
    script_dice([5, 5, 5, 5, 5])
    services.game_roll(player=room.host, code=room.code)
    staff = User.objects.create_user("moderator", password="pw-12345678", is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(codename__in=["view_room", "view_game"]))
    client.force_login(staff)
    game_page = client.get(reverse("admin:play_game_change", args=[game_of(room.code).pk]))
    assert "drew [5, 5, 5, 5, 5]" in game_page.content.decode()
    assert "Close selected rooms" not in client.get(changelist("room")).content.decode()
    data = {
        "action": "close_rooms",
        ACTION_CHECKBOX_NAME: [room.pk],
        "post": "yes",
        "reason": "not allowed",
    }
    client.post(changelist("room"), data)
    assert Room.objects.get(pk=room.pk).status == Room.Status.OPEN

    staff.user_permissions.add(Permission.objects.get(codename="change_room"))
    assert "Close selected rooms" in client.get(changelist("room")).content.decode()
    client.post(changelist("room"), data)
    assert Room.objects.get(pk=room.pk).status == Room.Status.CLOSED
    assert ModerationAction.objects.get().moderator == staff
