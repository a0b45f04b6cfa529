"""An invite reaches its receiver: the bell's "invite" item (worded in the viewer's
language, with its checkbox on the notifications page, and "expired" once it is), and a
push and an email through the outbox per their preferences: held to the end of quiet
hours, never sent once the invite expired. Time is moved, never waited for."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import timezone, translation
from pytest_django import Settings

from accounts.models import Player
from friends.models import Friendship
from games import services
from notices.models import BellItem, Notice, Preferences, PushSubscription
from notices.selectors.bell import bell_item_view
from notices.services import notices
from notices.services.notices import notices_send
from rooms.models import Invite
from rooms.services.invites import invites_send
from tests.support.fixture_types import MakeRoom
from tests.support.notice_emails import links, path_of
from tests.support.push_service import PushService, push_service

pytestmark = pytest.mark.django_db
PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture
def service(settings: Settings, tmp_path: Path) -> Iterator[PushService]:
    settings.WEBPUSH_PRIVATE_KEY = ""
    settings.WEBPUSH_LOOPBACK = True
    settings.WEBPUSH_KEY_FILE = tmp_path / "vapid.pem"
    notices.vapid_key.cache_clear()
    with push_service() as running:
        yield running
    notices.vapid_key.cache_clear()


class Clock:
    def __init__(self) -> None:
        self.moment = timezone.now()

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(timezone, "now", found)
    return found


@pytest.fixture
def ada(ada_account: Player, bob: Player, service: PushService) -> Player:
    """Ada: an account with an address and emails on, a device, and Bob's friend."""
    bob.user = User.objects.create_user("bob", password="pw-long-enough")
    bob.save()
    low, high = sorted((ada_account.pk, bob.pk))
    Friendship.objects.create(low_id=low, high_id=high)
    device = service.device()
    keys = device.subscription()["keys"]
    PushSubscription.objects.create(
        player=ada_account, endpoint=device.endpoint, p256dh=keys["p256dh"], auth=keys["auth"]
    )
    return ada_account


def test_an_invite_pushes_and_emails_after_quiet_hours_with_its_one_tap_link(
    clock: Clock, ada: Player, bob: Player, service: PushService, make_room: MakeRoom
) -> None:
    Preferences.objects.filter(player=ada).update(
        quiet_from=22, quiet_until=8, time_zone="Europe/Paris"
    )
    clock.moment = datetime(2026, 11, 27, 23, 0, tzinfo=PARIS)
    room = make_room(bob, "yatzy", seats=2, pace="day")
    invites_send(sender=bob, room=room, receivers=[ada])
    invite = Invite.objects.get()
    notices_send()
    assert service.received == [] and mail.outbox == []  # night in Paris
    morning = datetime(2026, 11, 28, 8, 0, tzinfo=PARIS)
    assert {n.due_at for n in Notice.objects.filter(invite=invite)} == {morning}
    clock.moment = morning + timedelta(seconds=5)
    notices_send()
    [payload] = [m.payload for m in service.received]
    assert payload == {
        "title": "Bob invites you to play Yatzy",
        "body": "Yatzy, by the day: one tap takes your seat",
        "url": f"/invites/{invite.pk}/",
        "tag": f"invite:{invite.pk}",
    }
    [email] = mail.outbox
    assert email.subject == "Bob invites you to play Yatzy" and email.to == ["ada@example.org"]
    assert path_of(links(email)[0]) == f"/invites/{invite.pk}/"
    assert "unsubscribe" in email.extra_headers["List-Unsubscribe"]
    assert Notice.objects.filter(invite=invite, sent_at__isnull=True).count() == 0


def test_an_invite_that_expired_before_its_notices_went_sends_nothing(
    ada: Player, bob: Player, cy: Player, service: PushService, make_room: MakeRoom
) -> None:
    room = make_room(bob, seats=2)
    invites_send(sender=bob, room=room, receivers=[ada])
    services.room_join(player=cy, code=room.code)  # the last seat: the invite expires
    notices_send()
    assert service.received == [] and mail.outbox == []
    item = BellItem.objects.get(player=ada)
    assert item.read_at is None and item.data["expired"] is True
    with translation.override("fr"):
        assert bell_item_view(item)["text"] == (
            f"L\u2019invitation de Bob au salon {room.code} a expiré"
        )
    assert bell_item_view(item)["text"] == f"Bob's invite to room {room.code} expired"


def test_the_bell_kind_reads_and_has_its_checkbox(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    room = make_room(bob, "yahtzee", seats=4)
    client = Client()
    assert ada.user is not None
    client.force_login(ada.user)
    page = client.get("/notifications/").content.decode()
    assert "Invites to a room" in page
    Preferences.objects.filter(player=ada).update(bell_off=["invite"])
    invites_send(sender=bob, room=room, receivers=[ada])
    assert not BellItem.objects.filter(player=ada).exists()  # off: no bell item
    assert Notice.objects.filter(player=ada).count() == 2  # push and email still come
    Preferences.objects.filter(player=ada).update(bell_off=[])
    room2 = make_room(bob, "yahtzee", seats=4)
    invites_send(sender=bob, room=room2, receivers=[ada])
    view = bell_item_view(BellItem.objects.get(player=ada))
    assert view["text"] == f"Bob invites you to room {room2.code}"
    assert view["detail"] == "Yahtzee · live"
