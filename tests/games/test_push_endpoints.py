"""The server sends a push to a browser's push service and nowhere else: an endpoint that
urlsplit and urllib3 read differently, or that names this machine, another host, a port,
a user or an IP literal, is refused when a page subscribes and never sent to when it was
kept before (notices/services/push_endpoints.py, docs/decisions/0049)."""

from __future__ import annotations

import json
import logging
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client
from pytest_django import Settings

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from notices.models import PushSubscription
from notices.services import notices
from notices.services.notices import notices_send
from notices.services.push_endpoints import BadEndpoint, endpoint_checked
from tests.support.clients import ClientResponse
from tests.support.fixture_types import MakeRoom
from tests.support.push_service import Device

pytestmark = pytest.mark.django_db


@pytest.fixture
def connections(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every address a socket of this process connects to while the test runs."""
    made: list[Any] = []
    connect = socket.socket.connect

    def recording(self: socket.socket, address: Any) -> None:
        made.append(address)
        connect(self, address)

    monkeypatch.setattr(socket.socket, "connect", recording)
    return made


@pytest.fixture(autouse=True)
def key_file(settings: Settings, tmp_path: Path) -> Iterator[None]:
    settings.WEBPUSH_PRIVATE_KEY = ""
    settings.WEBPUSH_LOOPBACK = False
    settings.WEBPUSH_KEY_FILE = tmp_path / "vapid.pem"
    notices.vapid_key.cache_clear()
    yield
    notices.vapid_key.cache_clear()


@pytest.fixture
def device() -> Device:
    """A browser's subscription (its keys are real; its endpoint is set by each test)."""
    return Device("", ec.generate_private_key(ec.SECP256R1()), os.urandom(16))


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A TCP listener on a free loopback port, accepting without blocking."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.setblocking(False)
        yield server


def accepted(server: socket.socket) -> int:
    """How many connections reached ``server``."""
    count = 0
    while True:
        try:
            conn, _ = server.accept()
        except BlockingIOError:
            return count
        conn.close()
        count += 1


def browser_of(player: Player) -> Client:
    client = Client()
    session = client.session
    session[SESSION_KEY] = player.pk
    session.save()
    return client


def subscribe(player: Player, subscription: dict[str, Any]) -> ClientResponse:
    return browser_of(player).post(
        "/push/subscribe/", json.dumps(subscription), content_type="application/json"
    )


BAD = [
    "https://127.0.0.1\\@fcm.googleapis.com/x",  # urllib3 reads 127.0.0.1, urlsplit fcm
    "https://fcm.googleapis.com\\@127.0.0.1/x",
    "https://127.0.0.1%5c@fcm.googleapis.com/x",
    "https://user@fcm.googleapis.com/x",
    "https://u:p@fcm.googleapis.com/x",
    "https://@fcm.googleapis.com/x",
    "https://fcm.googleapis.com:443@127.0.0.1/x",
    "http://fcm.googleapis.com/x",
    "ftp://fcm.googleapis.com/x",
    "//fcm.googleapis.com/x",
    "fcm.googleapis.com/x",
    "https:fcm.googleapis.com/x",
    "https:///fcm.googleapis.com/x",
    "https://fcm.googleapis.com:8443/x",
    "https://fcm.googleapis.com:0/x",
    "https://fcm.googleapis.com:99999/x",
    "https://fcm.googleapis.com:+443/x",
    "https://fcm.googleapis.com:44 3/x",
    "https://127.0.0.1/x",
    "https://10.0.0.1/x",
    "https://169.254.169.254/x",
    "https://[::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://[fe80::1%25lo]/x",
    "https://2130706433/x",
    "https://0x7f000001/x",
    "https://0x7f.0.0.1/x",
    "https://0177.0.0.1/x",
    "https://127.1/x",
    "https://127.0.0.1.nip.io/x",
    "https://push.example/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilfcm.googleapis.com/x",
    "https://googleapis.com/x",
    "https://windows.com/x",
    "https://fcm.googleapis.com./x",
    "https://fcm..googleapis.com/x",
    "https://fcm.googleapis.com /x",
    " https://fcm.googleapis.com/x",
    "https://fcm.googleapis.com/x\n",
    "https://fcm.google\tapis.com/x",
    "https://fcm.googleapis.com/x\x00",
    "https://fcm.googleapis.com/\x7f",
    "https://fcm%2egoogleapis.com/x",
    "https://fcm.googleapis.com%2f@127.0.0.1/x",
    "https://fcm.googleapis.com/x%zz",
    "https://fcm.googleapis.com/ü",
    "https://\uff46cm.googleapis.com/x",
    "https://fcm.googleapis.com/x#frag",
    "https://fcm.googleapis.com/a/../x",
    "https://fcm.googleapis.com/./x",
    "https://fcm.googleapis.com/x|y",
    "https://fcm.googleapis.com/<x>",
    "https://fcm_x.googleapis.com/x",
    "https://-x.fcm.googleapis.com/x",
    "http://127.0.0.1:6443/push/x",  # the tests' own push service, not allowed here
    "https://fcm.googleapis.com/" + "x" * 1000,
    "",
]


@pytest.mark.parametrize("endpoint", BAD, ids=[repr(e)[:60] for e in BAD])
def test_an_endpoint_that_is_not_a_push_services_is_refused_and_kept_nowhere(
    ada: Player, device: Device, endpoint: str
) -> None:
    with pytest.raises(BadEndpoint):
        endpoint_checked(endpoint)
    response = subscribe(ada, device.subscription() | {"endpoint": endpoint})
    assert response.status_code == 400 and response.json()["error"]
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("endpoint", [7, None, ["https://fcm.googleapis.com/x"]])
def test_an_endpoint_that_is_not_text_is_refused_and_kept_nowhere(
    ada: Player, device: Device, endpoint: object
) -> None:
    response = subscribe(ada, device.subscription() | {"endpoint": endpoint})
    assert response.status_code == 400 and response.json()["error"]
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("endpoint", "sent_to"),
    [
        ("https://fcm.googleapis.com/fcm/send/dXk:APA91b-_x", None),
        (
            "https://FCM.GoogleAPIs.com:443/fcm/send/a%2fb",
            "https://fcm.googleapis.com/fcm/send/a%2Fb",
        ),
        ("https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn", None),
        ("https://web.push.apple.com/QGuQyavXutnMH", None),
        (
            "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC%2bx%3d",
            "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC%2Bx%3D",
        ),
        ("https://fcm.googleapis.com:/x?", "https://fcm.googleapis.com/x"),
    ],
)
def test_a_push_services_endpoint_is_kept_as_the_server_sends_to_it(
    ada: Player, device: Device, endpoint: str, sent_to: str | None
) -> None:
    assert endpoint_checked(endpoint) == (sent_to or endpoint)
    assert subscribe(ada, device.subscription() | {"endpoint": endpoint}).status_code == 200
    assert PushSubscription.objects.get().endpoint == (sent_to or endpoint)


def test_the_push_services_are_a_setting(ada: Player, device: Device, settings: Settings) -> None:
    settings.PUSH_SERVICE_HOSTS = ["push.example.org"]
    assert endpoint_checked("https://eu.push.example.org/d/1") == "https://eu.push.example.org/d/1"
    with pytest.raises(BadEndpoint):
        endpoint_checked("https://fcm.googleapis.com/x")
    settings.PUSH_SERVICE_HOSTS = []
    with pytest.raises(BadEndpoint):
        endpoint_checked("https://push.example.org/d/1")


def test_the_backslash_endpoint_makes_no_connection_subscribed_or_kept_before(
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    device: Device,
    listener: socket.socket,
    connections: list[Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The issue's endpoint, and the same aimed at a listener on this machine: refused when
    subscribing; kept from before the rule, forgotten unsent when a turn comes."""
    port = listener.getsockname()[1]
    endpoints = [
        "https://127.0.0.1\\@fcm.googleapis.com/x",
        f"https://127.0.0.1:{port}\\@fcm.googleapis.com/x",
        f"https://127.0.0.1:{port}/\\@fcm.googleapis.com/x",
    ]
    for endpoint in endpoints:
        assert subscribe(ada, device.subscription() | {"endpoint": endpoint}).status_code == 400
    assert not PushSubscription.objects.exists()
    keys = device.subscription()["keys"]
    for endpoint in endpoints:  # kept by the site before this rule
        PushSubscription.objects.create(player=ada, endpoint=endpoint, **keys)
    make_room(ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True)
    with caplog.at_level(logging.WARNING, logger="notices.services.notices"):
        assert notices_send() == 1
    assert accepted(listener) == 0
    assert [a for a in connections if a[1] in (443, port)] == []
    assert not PushSubscription.objects.exists()
    assert sum("is not a push service's" in r.getMessage() for r in caplog.records) == 3


def test_the_listener_sees_a_connection_the_server_makes(
    ada: Player,
    bob: Player,
    make_room: MakeRoom,
    device: Device,
    listener: socket.socket,
    connections: list[Any],
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check above can fail: a push to the tests' own service on this machine (allowed
    by the setting only tests turn on) reaches the listener, and ``connections`` sees it."""
    settings.WEBPUSH_LOOPBACK = True
    port = listener.getsockname()[1]
    keys = device.subscription()["keys"]
    PushSubscription.objects.create(player=ada, endpoint=f"http://127.0.0.1:{port}/p/1", **keys)
    make_room(ada, "yatzy", seats=2, pace="day", together=False, joined=[bob], start=True)
    monkeypatch.setattr(notices, "PUSH_TIMEOUT", 0.5)  # the listener never answers
    notices_send()
    assert accepted(listener) == 1 and ("127.0.0.1", port) in connections
