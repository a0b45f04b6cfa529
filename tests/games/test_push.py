"""Web Push end to end: "your turn" in a room by the day reaches each of the player's
devices once, through a push service on loopback that checks the VAPID signature and
decrypts the message with the device's own keys (tests/support/push_service.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from games import services
from notices.models import Notice, Preferences, PushSubscription
from notices.services import notices
from notices.services.notices import notices_send, public_key
from notices.services.push_subscriptions import (
    DEVICES_MAX,
    subscription_forget,
    subscription_keep,
)
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import play_turn
from tests.support.push_service import Device, PushService, push_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def service() -> Iterator[PushService]:
    with push_service() as running:
        yield running


@pytest.fixture(autouse=True)
def key_file(settings: Settings, tmp_path: Path) -> Iterator[Path]:
    """A VAPID key of the test's own, made on first use; the push service on loopback
    allowed."""
    settings.WEBPUSH_PRIVATE_KEY = ""
    settings.WEBPUSH_LOOPBACK = True
    settings.WEBPUSH_KEY_FILE = tmp_path / "var" / "vapid.pem"
    notices.vapid_key.cache_clear()
    yield settings.WEBPUSH_KEY_FILE
    notices.vapid_key.cache_clear()


def browser_of(player: Player) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return client


def subscribe(player: Player, device: Device, client: Client | None = None) -> int:
    response = (client or browser_of(player)).post(
        "/push/subscribe/", json.dumps(device.subscription()), content_type="application/json"
    )
    return response.status_code


def test_your_turn_reaches_each_device_once_signed_and_encrypted_for_it(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    phone, laptop, bobs = service.device(), service.device(), service.device()
    assert [subscribe(ada, phone), subscribe(ada, laptop), subscribe(bob, bobs)] == [200] * 3
    code = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    assert notices_send() == 1
    for device in (phone, laptop):
        [payload] = service.to(device)
        assert payload["title"] == "Your turn in Yatzy"
        assert payload["body"].startswith("Game 1 with Bob") and "hours left" in payload["body"]
        assert payload["url"] == f"/r/{code}/" and payload["tag"] == f"{code}:1:1"
    assert service.to(bobs) == []
    message = service.received[0]
    assert message.vapid_key == public_key() and message.vapid_claims["aud"] == service.origin
    assert message.headers["urgency"] == "high" and int(message.headers["ttl"]) == 24 * 3600
    assert notices_send() == 0 and len(service.received) == 2  # one per turn per device

    play_turn(ada, code)
    assert notices_send() == 1
    assert [p["tag"] for p in service.to(bobs)] == [f"{code}:1:2"]
    assert len(service.to(phone)) == 1 and service.refused == []


def test_in_their_own_language_an_accounts_or_the_subscribing_pages(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    ada.language = "fr"
    ada.save()
    device, bobs = service.device(), service.device()
    subscribe(ada, device)
    swedish = browser_of(bob)
    assert (
        swedish.post(
            "/push/subscribe/",
            json.dumps(bobs.subscription()),
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE="sv",
        ).status_code
        == 200
    )  # a guest
    code = make_room(
        ada, "yams", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    notices_send()
    [payload] = service.to(device)
    assert payload["title"] == "À vous de jouer au Yam's"
    assert payload["body"].startswith("Partie 1 avec Bob")
    play_turn(ada, code)
    notices_send()
    assert service.to(bobs)[0]["title"] == "Din tur i Yam's"


def test_live_rooms_and_bots_get_no_notice(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    subscribe(ada, service.device())
    make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    make_room(ada, "yatzy", seats=2, pace="day", together=False, bots=["beginner"], start=True)
    assert list(Notice.objects.values_list("player__name", flat=True)) == ["Ada"]


def test_a_device_its_push_service_says_is_gone_is_forgotten(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    gone, kept = service.device(), service.device()
    subscribe(ada, gone)
    subscribe(ada, kept)
    service.gone.add(gone.endpoint.rsplit("/", 1)[1])
    make_room(ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True)
    assert notices_send() == 1
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]
    assert len(service.to(kept)) == 1


def test_a_turn_played_before_its_notice_went_out_is_not_announced(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    device = service.device()
    subscribe(ada, device)
    code = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    play_turn(ada, code)
    assert notices_send() == 2  # Ada's dropped, and Bob's: he has no device
    assert service.received == [] and not Notice.objects.filter(sent_at__isnull=True).exists()


def test_a_notice_a_dead_notifier_claimed_reaches_each_device_later_all_the_same(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    device = service.device()
    subscribe(ada, device)
    first = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    held = Notice.objects.get()
    Notice.objects.update(claimed_at=timezone.now() - timedelta(minutes=5))  # a notifier
    second = make_room(
        ada, "yams", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    assert notices_send() == 1  # the newer one; the older is still someone else's
    assert [p["tag"] for p in service.to(device)] == [f"{second}:1:1"]
    Notice.objects.filter(pk=held.pk).update(
        claimed_at=timezone.now() - timedelta(minutes=11)
    )  # ... which died
    assert notices_send() == 1
    assert [p["tag"] for p in service.to(device)] == [f"{second}:1:1", f"{first}:1:1"]


def test_a_push_service_that_fails_gets_the_notice_again_later(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    device = service.device()
    subscribe(ada, device)
    name = device.endpoint.rsplit("/", 1)[1]
    service.failing.add(name)
    make_room(ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True)
    assert notices_send() == 1 and service.to(device) == []
    notice = Notice.objects.get()
    assert (notice.sent_at, notice.attempts, notice.claimed_at) == (None, 1, None)
    assert notices_send() == 0  # not before its time
    service.failing.clear()
    Notice.objects.update(due_at=timezone.now())
    assert notices_send() == 1 and len(service.to(device)) == 1
    assert Notice.objects.get().sent_at is not None


def test_a_player_on_holiday_hears_of_the_turn_when_it_ends(
    service: PushService, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    device = service.device()
    subscribe(bob, device)
    code = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    services.seat_holiday(player=bob, code=code, days=2)
    play_turn(ada, code)
    notice = Notice.objects.get(player=bob)
    assert notice.due_at > timezone.now() + timedelta(days=1, hours=23)
    notices_send()
    assert service.to(device) == []


def test_the_clock_command_sends_the_notices_too(
    service: PushService,
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    capsys: pytest.CaptureFixture[str],
) -> None:
    device = service.device()
    subscribe(ada, device)
    make_room(ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True)
    call_command("run_game_clock", "--once")
    assert "sent 1 notice" in capsys.readouterr().out and len(service.to(device)) == 1


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        '{"endpoint": "https://push.example/x"}',
        '{"endpoint": 7, "keys": {"p256dh": "x", "auth": "y"}}',
    ],
)
def test_a_subscription_the_site_cannot_use_is_refused_and_kept_nowhere(
    ada: Player, body: str
) -> None:
    response = browser_of(ada).post("/push/subscribe/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"]
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://fcm.googleapis.com/fcm/send/x",  # not https
        "https://push.example/x",
        "https://10.0.0.1/x",
        "https://fcm.googleapis.com.evil.example/x",
        "https://127.0.0.1:6443/x",  # this machine, over https
    ],
)
def test_the_server_posts_only_to_the_browsers_push_services(
    service: PushService, ada: Player, endpoint: str, settings: Settings
) -> None:
    settings.WEBPUSH_LOOPBACK = False
    sub = service.device().subscription() | {"endpoint": endpoint}
    response = browser_of(ada).post(
        "/push/subscribe/", json.dumps(sub), content_type="application/json"
    )
    assert response.status_code == 400 and not PushSubscription.objects.exists()
    local = service.device().subscription()
    assert (
        browser_of(ada)
        .post("/push/subscribe/", json.dumps(local), content_type="application/json")
        .status_code
        == 400
    )
    for real in (
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://web.push.apple.com/QGuQ",
        "https://wns2-db5p.notify.windows.com/w/?t=1",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
    ):
        assert (
            browser_of(ada)
            .post(
                "/push/subscribe/",
                json.dumps(sub | {"endpoint": real}),
                content_type="application/json",
            )
            .status_code
            == 200
        )
    assert PushSubscription.objects.count() == 4


def test_keys_of_the_wrong_length_and_strangers_are_refused(
    service: PushService, ada: Player
) -> None:
    device = service.device()
    sub = device.subscription()
    sub["keys"]["auth"] = sub["keys"]["auth"][:-4]
    response = browser_of(ada).post(
        "/push/subscribe/", json.dumps(sub), content_type="application/json"
    )
    assert response.status_code == 400
    stranger = Client().post(
        "/push/subscribe/", json.dumps(device.subscription()), content_type="application/json"
    )
    assert stranger.status_code == 403 and not PushSubscription.objects.exists()
    assert subscribe(ada, device) == 200
    assert browser_of(ada).post(
        "/push/unsubscribe/",
        json.dumps({"endpoint": device.endpoint}),
        content_type="application/json",
    ).json() == {"subscribed": False}
    assert not PushSubscription.objects.exists()


def test_the_key_is_made_once_kept_private_and_read_back(key_file: Path) -> None:
    first = public_key()
    assert key_file.stat().st_mode & 0o777 == 0o600
    notices.vapid_key.cache_clear()
    assert public_key() == first and len(first) == 87  # 65 bytes, base64url


def test_a_key_given_in_the_environment_as_pem_signs_the_pushes(
    service: PushService, settings: Settings, ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    from py_vapid import Vapid02

    key = Vapid02()
    key.generate_keys()
    settings.WEBPUSH_PRIVATE_KEY = key.private_pem().decode()
    notices.vapid_key.cache_clear()
    device = service.device()
    subscribe(ada, device)
    make_room(ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True)
    notices_send()
    assert service.received[0].vapid_key == public_key() and len(service.to(device)) == 1


def test_push_off_sends_nothing_and_quiet_hours_hold_a_push_until_they_end(
    service: PushService,
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    device, bobs = service.device(), service.device()
    subscribe(ada, device)
    subscribe(bob, bobs)
    Preferences.objects.create(player=bob, push=False)
    Preferences.objects.create(player=ada, quiet_from=0, quiet_until=23, time_zone="UTC")
    code = make_room(
        ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True
    ).code
    now = timezone.now()
    late = now.replace(hour=23, minute=30) if now.hour < 23 else now
    early = late.replace(hour=3)  # inside Ada's quiet hours, whatever the hour now
    monkeypatch.setattr(timezone, "now", lambda: early)
    Notice.objects.update(due_at=early)
    notices_send()
    assert service.to(device) == []  # held until 23:00
    held = Notice.objects.get(player=ada)
    assert held.sent_at is None and held.due_at == early.replace(
        hour=23, minute=0, second=0, microsecond=0
    )
    monkeypatch.setattr(timezone, "now", lambda: late)
    notices_send()
    assert len(service.to(device)) == 1
    play_turn(ada, code)
    notices_send()
    assert service.to(bobs) == []  # Bob turned push off
    assert not Notice.objects.filter(sent_at__isnull=True).exists()


def test_a_player_keeps_their_newest_devices_and_a_device_follows_its_user(
    ada: Player, bob: Player
) -> None:
    def keep(player: Player, n: int) -> None:
        subscription_keep(
            player=player,
            endpoint=f"https://fcm.googleapis.com/fcm/send/{n}",
            p256dh=f"key{n}",
            auth=f"auth{n}",
            language="fr",
        )

    for n in range(DEVICES_MAX + 2):
        keep(ada, n)
    assert sorted(PushSubscription.objects.values_list("p256dh", flat=True)) == sorted(
        f"key{n}" for n in range(2, DEVICES_MAX + 2)
    )  # the two oldest went
    keep(bob, 5)  # the same device, used by Bob now
    assert PushSubscription.objects.get(p256dh="key5").player == bob
    assert PushSubscription.objects.filter(player=ada).count() == DEVICES_MAX - 1
    gone = subscription_forget(player=ada, endpoint="https://fcm.googleapis.com/fcm/send/5")
    assert gone == 0  # Bob's now: Ada cannot forget it
    assert subscription_forget(player=bob, endpoint="https://fcm.googleapis.com/fcm/send/5") == 1
    assert not PushSubscription.objects.filter(player=bob).exists()
