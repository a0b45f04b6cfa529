"""Room codes cannot be guessed: misses are counted per address (an IPv6 client by its
/64), over HTTP and websockets, in one process or shared through Redis, and a client
over the limit is refused until its window ends."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client, override_settings

from accounts.models import Player
from common import throttle
from rooms.models import Room
from tests.support.clients import ClientResponse, client_of
from tests.support.fixture_types import MakeRoom
from tests.support.sockets import (
    first_state,
    refused_with,
    register_visitor,
    socket,
    visitor,
)

pytestmark = pytest.mark.django_db


class FakeClock:
    """The guess limit's time source, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(throttle, "clock", fake)
    return fake


@pytest.fixture
def room(make_room: Callable[..., Room]) -> Room:
    """A room a visitor may look for: Ada's."""
    host, _ = register_visitor("Ada")
    return make_room(host, "yahtzee", seats=4)


def miss(client: Client, n: int) -> ClientResponse:
    """Look up an unknown code, in turn each way a page can: the room page, its join form,
    the find form (which leads to the room page) and a review."""
    code = f"nosuch{n:04d}"
    ways: list[Callable[[], ClientResponse]] = [
        lambda: client.get(f"/r/{code}/"),
        lambda: client.post(f"/r/{code}/join/", {"name": "Guesser"}),
        lambda: client.get("/rooms/find/", {"code": code}, follow=True),
        lambda: client.get(f"/r/{code}/games/1/review/"),
    ]
    return ways[n % len(ways)]()


def lookups(client: Client, code: str) -> list[ClientResponse]:
    """Every way of looking up an existing room (the join form without a name, so that it
    finds the room and changes nothing)."""
    return [
        client.get(f"/r/{code}/"),
        client.post(f"/r/{code}/join/", {"name": ""}),
        client.get("/rooms/find/", {"code": code}),
        client.get(f"/r/{code}/games/1/review/"),
    ]


def assert_limited(response: ClientResponse, minutes: str) -> None:
    """The guess limit's page: 429, saying how long to wait."""
    assert response.status_code == 429
    assert f"Too many wrong room codes; try again in {minutes}." in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= throttle.WINDOW_SECONDS


def test_the_limits() -> None:
    assert (throttle.MISS_LIMIT, throttle.WINDOW_SECONDS, throttle.CLOSE_CODE) == (20, 600, 4429)


def test_after_twenty_misses_further_misses_are_429_until_the_window_ends(
    clock: FakeClock, room: Room
) -> None:
    guesser = client_of(ip="203.0.113.5")
    for n in range(throttle.MISS_LIMIT):
        assert miss(guesser, n).status_code == 404, n
    for n in range(4):  # each way of looking a code up
        assert_limited(miss(guesser, 99 + n), "10 minutes")
    assert not Player.objects.filter(name="Guesser").exists()
    # A code that names a room still opens it from the same address (a friend on the
    # same Wi-Fi following the host's link).
    for _ in range(2):
        assert [r.status_code for r in lookups(guesser, room.code)] == [200, 400, 302, 403]

    neighbour = client_of(ip="203.0.113.6")
    assert miss(neighbour, 0).status_code == 404

    clock.advance(throttle.WINDOW_SECONDS - 240)
    assert_limited(miss(guesser, 7), "4 minutes")
    clock.advance(240)
    assert miss(guesser, 0).status_code == 404  # the first miss of a new window


def test_lookups_that_find_a_room_do_not_count(clock: FakeClock, room: Room) -> None:
    guesser = client_of(ip="203.0.113.5")
    for n in range(throttle.MISS_LIMIT - 1):
        assert miss(guesser, n).status_code == 404
    for _ in range(10):
        assert [r.status_code for r in lookups(guesser, room.code)] == [200, 400, 302, 403]
    assert miss(guesser, 0).status_code == 404
    assert miss(guesser, 1).status_code == 429
    assert guesser.get(f"/r/{room.code}/").status_code == 200


def test_the_window_starts_at_the_first_miss(clock: FakeClock, room: Room) -> None:
    guesser = client_of(ip="203.0.113.5")
    for n in range(throttle.MISS_LIMIT - 1):
        miss(guesser, n)
    clock.advance(throttle.WINDOW_SECONDS - 30)
    assert miss(guesser, 0).status_code == 404
    assert_limited(miss(guesser, 1), "1 minute")
    clock.advance(30)
    for n in range(throttle.MISS_LIMIT):  # a new window: its misses count from zero
        assert miss(guesser, n).status_code == 404


def test_an_ipv6_client_is_counted_by_its_64_network(clock: FakeClock, room: Room) -> None:
    for n in range(throttle.MISS_LIMIT):
        assert miss(client_of(ip=f"2001:db8:0:7::{n + 1:x}"), n).status_code == 404
    assert miss(client_of(ip="2001:db8:0:7:ffff::1"), 0).status_code == 429
    assert miss(client_of(ip="2001:db8:0:8::1"), 0).status_code == 404


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_sockets_count_misses_and_a_miss_over_the_limit_is_closed_4429(
    clock: FakeClock, make_room: MakeRoom
) -> None:
    ada, key = await visitor("Ada")
    room = await database_sync_to_async(make_room)(ada, "yams")
    half = throttle.MISS_LIMIT // 2
    for n in range(half):
        assert await refused_with(socket(f"nosuch{n:04d}", key, ip="198.51.100.7")) == 4404
    guesser = client_of(ip="198.51.100.7")
    for n in range(half):  # the pages and the sockets count together
        assert (await database_sync_to_async(miss)(guesser, n)).status_code == 404
    assert await refused_with(socket("nosuch9999", key, ip="198.51.100.7")) == 4429
    page = await database_sync_to_async(miss)(guesser, 0)
    assert page.status_code == 429
    # The room's own code still opens it, from that address and any other.
    for ip in ("198.51.100.7", "198.51.100.8"):
        member = socket(room.code, key, ip=ip)
        assert (await first_state(member))["room"]["code"] == room.code
        await member.disconnect()
    clock.advance(throttle.WINDOW_SECONDS)
    assert await refused_with(socket("nosuch9999", key, ip="198.51.100.7")) == 4404


def settings_caches(
    clean_env: Callable[..., dict[str, str]], root: Path, **env: str
) -> dict[str, Any]:
    """``CACHES`` as a fresh process reads it from the environment ``env``."""
    code = "import json; from django.conf import settings; print(json.dumps(settings.CACHES))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(**env),
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    caches: dict[str, Any] = json.loads(done.stdout)
    return caches


def test_the_cache_is_local_memory_without_redis(
    clean_env: Callable[..., dict[str, str]], project_root: Path
) -> None:
    caches = settings_caches(clean_env, project_root)
    assert caches["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"


OTHER_PROCESS = """
import django
django.setup()
from common import throttle
print(throttle.wait_seconds("192.0.2.1"), throttle.wait_seconds("192.0.2.2"))
for _ in range(throttle.MISS_LIMIT):
    throttle.record_miss("192.0.2.3")
"""


def test_with_redis_every_process_shares_the_counts(
    clean_env: Callable[..., dict[str, str]], project_root: Path, room: Room
) -> None:
    if shutil.which("redis-server") is None:
        message = "redis-server is missing: install it (bash .ci/system-deps)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from bench.harness.servers import redis_server

    with redis_server() as url:
        caches = settings_caches(clean_env, project_root, REDIS_URL=url)
        assert caches["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
        assert caches["default"]["LOCATION"] == url
        with override_settings(CACHES=caches):
            for n in range(throttle.MISS_LIMIT):
                assert miss(client_of(ip="192.0.2.1"), n).status_code == 404
            other = subprocess.run(
                [sys.executable, "-c", OTHER_PROCESS],
                env=clean_env(REDIS_URL=url),
                cwd=project_root,
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert other.returncode == 0, other.stderr
            waits = [int(w) for w in other.stdout.split()]
            assert waits[0] > 0 and waits[1] == 0  # it sees this process's misses
            assert miss(client_of(ip="192.0.2.3"), 0).status_code == 429  # and its misses
            assert client_of(ip="192.0.2.3").get(f"/r/{room.code}/").status_code == 200
