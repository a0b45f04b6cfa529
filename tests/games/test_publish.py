"""Services return what they committed; the realtime layer publishes it, and only it.

Each test listens on a room's (or a player's) channel-layer group. To show that nothing
was sent yet, a test sends a marker to the group itself: the first message that comes
is the marker (a channel's messages come in order).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Player
from common.news import Ban, Change
from common.publish import group_name, message, messages, player_group, publish
from games import services
from play.models import Game
from rooms.background.clock import clock_pass
from rooms.models import Room
from tests.support.fixture_types import MakeRoom
from tests.support.present import present
from tests.support.sockets import WAIT, call, visitor

MARKER = {"type": "test.marker"}


def listen(group: str) -> str:
    """A new channel of the test's layer, in ``group``."""
    layer = present(get_channel_layer())
    inbox: str = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group, inbox)
    return inbox


async def next_message(inbox: str) -> dict[str, Any]:
    return await asyncio.wait_for(present(get_channel_layer()).receive(inbox), WAIT)


def received(inbox: str) -> dict[str, Any]:
    """The next message of ``inbox`` (a test failure after ``WAIT`` seconds)."""
    return async_to_sync(next_message)(inbox)


def nothing_sent_yet(group: str, inbox: str) -> bool:
    async_to_sync(present(get_channel_layer()).group_send)(group, MARKER)
    return received(inbox) == MARKER


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_room_service_returns_its_change_and_sends_nothing_itself() -> None:
    ada, _ = await visitor("Ada")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2)
    layer = present(get_channel_layer())
    inbox = await layer.new_channel()
    await layer.group_add(group_name(room.code), inbox)
    answer = await call(services.chat_post, player=ada, code=room.code, text="hi", request_id="c1")
    assert answer.news == (Change(room.code, answer["version"]),)
    await layer.group_send(group_name(room.code), MARKER)
    assert await next_message(inbox) == MARKER  # committed, not sent
    await publish(answer.news)
    assert await next_message(inbox) == message(answer["version"])
    # A retry is answered as before and announces the room's version again: the first
    # answer's news may never have gone out.
    retry = await call(services.chat_post, player=ada, code=room.code, text="hi", request_id="c1")
    assert retry == answer and retry.news == answer.news


def test_a_ban_returns_the_player_whose_sockets_close_and_the_rooms_left(
    ada: Player, bob: Player, admin_user: User, make_room: MakeRoom
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    done = services.mod_ban(moderator=admin_user, player=bob, reason="abuse")
    version = Room.objects.get(pk=room.pk).version
    assert done.value.action == "ban"
    assert done.news == (Ban(bob.pk, None), Change(room.code, version))
    assert messages([*done.news, Change(room.code, version - 1)]) == [
        (player_group(bob.pk), {"type": "player.banned", "until": None}),
        (group_name(room.code), message(version)),
    ]  # a room once, at its newest version


def test_the_admin_publishes_what_it_did_once_it_is_committed(
    admin_client: Client,
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    room = make_room(ada, "yatzy", seats=2, joined=[bob])
    inbox = listen(group_name(room.code))
    with django_capture_on_commit_callbacks() as on_commit:
        admin_client.post(
            reverse("admin:rooms_room_changelist"),
            {
                "action": "close_rooms",
                ACTION_CHECKBOX_NAME: [room.pk],
                "post": "yes",
                "reason": "spam",
            },
        )
        assert nothing_sent_yet(group_name(room.code), inbox)
    assert on_commit
    for callback in on_commit:
        callback()
    assert received(inbox) == message(Room.objects.get(pk=room.pk).version)


def test_a_clock_pass_publishes_the_rooms_it_changed(
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    code = make_room(ada, "yatzy", seats=2, turn_seconds=15, joined=[bob], start=True).code
    Game.objects.filter(room__code=code).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    inbox = listen(group_name(code))
    with django_capture_on_commit_callbacks(execute=True):
        assert clock_pass(hosts=True)
    assert received(inbox) == message(Room.objects.get(code=code).version)
    with django_capture_on_commit_callbacks(execute=True):
        assert not clock_pass(hosts=True)  # nothing due: nothing sent
    assert nothing_sent_yet(group_name(code), inbox)
