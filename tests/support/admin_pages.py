"""The moderators' admin in tests: its change lists, actions posted through their
confirmation pages as its forms post them, and a small world of rooms to moderate."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from types import SimpleNamespace

from django.apps import apps
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from accounts.models import Player
from games import services
from lobby.services.limits import limits_set
from moderation.models import ModerationAction
from play.models import Game, Scorecard
from rooms.models import ChatMessage, Membership, Room
from tests.support.clients import ClientResponse
from tests.support.fixture_types import MakePlayer, MakeRoom

# The site's own apps (the models moderators see in the admin).
SITE_APPS = (
    "accounts",
    "rooms",
    "play",
    "friends",
    "coach",
    "daily",
    "notices",
    "ratings",
    "groups",
    "lobby",
    "moderation",
    "games",
)


def app_of(model: str) -> str:
    """The label of the site's app that holds the model named ``model`` (lower case)."""
    return next(
        m._meta.app_label
        for m in apps.get_models()
        if m._meta.model_name == model and m._meta.app_label in SITE_APPS
    )


def changelist(model: str, app: str | None = None) -> str:
    return reverse(f"admin:{app or app_of(model)}_{model}_changelist")


Snapshot = tuple[
    list[tuple[str, int]],
    list[tuple[str, int]],
    list[tuple[str, int | None]],
    list[int],
    list[datetime | None],
    list[datetime | None],
    int,
]


def snapshot() -> Snapshot:
    """Everything a moderation action could change."""
    return (
        list(Room.objects.order_by("pk").values_list("status", "version")),
        list(Game.objects.order_by("pk").values_list("status", "version")),
        list(Membership.objects.order_by("pk").values_list("state", "seat")),
        list(Scorecard.objects.order_by("pk").values_list("player_id", flat=True)),
        list(Player.objects.order_by("pk").values_list("banned_at", flat=True)),
        list(ChatMessage.objects.order_by("pk").values_list("removed_at", flat=True)),
        ModerationAction.objects.count(),
    )


def act(
    client: Client, model: str, action: str, objects: Collection[Model], **data: object
) -> ClientResponse:
    """POST an admin action on ``objects`` to the model's change list, as its forms do."""
    follow = bool(data.pop("follow", False))
    return client.post(
        changelist(model),
        {
            "action": action,
            ACTION_CHECKBOX_NAME: [o.pk for o in objects],
            **data,
        },
        follow=follow,
    )


def messages_of(response: ClientResponse) -> list[tuple[str, str]]:
    return [(m.level_tag, m.message) for m in response.context["messages"]]


def moderate(
    client: Client, model: str, action: str, objects: Collection[Model], reason: str
) -> ClientResponse:
    """Run an action through its confirmation page: the page lists the objects and asks
    for a reason; a blank reason changes nothing; then the reason is given."""
    before = snapshot()
    page = act(client, model, action, objects, index=0)
    assert page.status_code == 200
    html = page.content.decode()
    assert '<textarea name="reason"' in html and 'name="post" value="yes"' in html
    assert f'name="action" value="{action}"' in html
    for obj in objects:
        assert escape(str(obj)) in html
        assert f'name="{ACTION_CHECKBOX_NAME}" value="{obj.pk}"' in html
    for blank in ("", "   "):
        refused = act(client, model, action, objects, post="yes", reason=blank)
        assert refused.status_code == 200
        assert "This field is required." in refused.content.decode()
        assert snapshot() == before
    done = act(client, model, action, objects, post="yes", reason=reason, follow=True)
    assert done.redirect_chain == [(changelist(model), 302)]
    return done


def recorded(admin_client: Client, **fields: object) -> ModerationAction:
    """The one ModerationAction with ``fields``, after checking its changelist shows it."""
    record = ModerationAction.objects.get(**fields)
    listing = admin_client.get(changelist("moderationaction"), {"q": record.reason})
    assert record in listing.context["cl"].result_list
    assert escape(record.reason) in listing.content.decode()
    return record


def listed(client: Client, model: str, **params: str | int) -> set[Model]:
    """The objects a changelist shows for these query parameters."""
    response = client.get(changelist(model), params)
    assert response.status_code == 200, (model, params)
    assert "?e=1" not in response.get("Location", "")
    return set(response.context["cl"].result_list)


def moderated_world(
    room: Room,
    ada: Player,
    cy: Player,
    make_player: MakePlayer,
    make_room: MakeRoom,
    admin_user: User,
) -> SimpleNamespace:
    """Two rooms (one closed, with a bot), chat (one line removed), a banned player, the
    limits at public tables."""
    other = make_room(cy, "yatzy", seats=2, bots=["beginner"])
    services.chat_post(player=ada, code=room.code, text="good luck all")
    services.chat_post(player=cy, code=other.code, text="anyone here?")
    services.mod_remove_chat(
        moderator=admin_user, message=ChatMessage.objects.get(player=cy), reason="off topic"
    )
    services.mod_close_room(moderator=admin_user, room=other, reason="empty table")
    eve = make_player("Eve")
    services.mod_ban(moderator=admin_user, player=eve, reason="spam links")
    # The limits at public tables, as their migration makes them (a flushed database of
    # another test may have lost that row).
    limits_set(guests_may_open=False, new_account_days=3, new_account_tables=1, tables_at_once=5)
    return SimpleNamespace(
        room=room, other=other, eve=eve, bot=Player.objects.get(bot_level="beginner")
    )
