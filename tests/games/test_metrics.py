"""``/metrics``: only for the operator's networks or token, and its figures move with play
(a socket opened, moves made over it and one refused, notices handed on)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.test import Client, override_settings
from prometheus_client.parser import text_string_to_metric_families

from accounts.models import Player
from bench.harness.live_server import ROOT, migrate, site_env
from games import services
from notices.services.notices import notices_send
from tests.support.fixture_types import MakeRoom
from tests.support.notice_emails import ada_waits
from tests.support.sockets import call, connected, request, visitor

pytestmark = pytest.mark.django_db(transaction=True)

Figures = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(**headers: str) -> Figures:
    """Every sample of ``/metrics`` by name and labels (from loopback unless ``headers``
    say otherwise)."""
    answer = Client().get("/metrics", **headers)  # type: ignore[arg-type]
    assert answer.status_code == 200, answer.status_code
    assert answer["Content-Type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.content.decode())
        for sample in family.samples
    }


def moved(before: Figures, after: Figures, name: str, **labels: str) -> float:
    key = (name, tuple(sorted(labels.items())))
    return after.get(key, 0.0) - before.get(key, 0.0)


def test_only_the_operators_networks_or_token_read_the_metrics() -> None:
    stranger = "203.0.113.9"
    assert Client().get("/metrics", REMOTE_ADDR=stranger).status_code == 404
    assert Client().post("/metrics").status_code == 405
    with override_settings(METRICS_TOKEN="s3cret-token"):
        scrape(HTTP_AUTHORIZATION="Bearer s3cret-token", REMOTE_ADDR=stranger)
        wrong = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret", REMOTE_ADDR=stranger)
        assert wrong.status_code == 404
    with override_settings(METRICS_NETWORKS=["203.0.113.0/24"]):
        scrape(REMOTE_ADDR=stranger)
        assert Client().get("/metrics").status_code == 404  # loopback no longer let in


@pytest.mark.asyncio
async def test_the_figures_move_with_play() -> None:
    (ada, ada_key), (bob, _) = await visitor("Ada"), await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2)
    await call(services.room_join, player=bob, code=room.code)
    before = await call(scrape)
    comm = await connected(room.code, ada_key)
    opened = await call(scrape)
    assert moved(before, opened, "dice_sockets_open", kind="room") == 1
    for move in ({"type": "start"}, {"type": "roll", "hold": []}):
        assert (await request(comm, {**move, "id": move["type"]}))["type"] == "ack"
    refused = await request(comm, {"type": "start", "id": "start-again"})
    assert refused["type"] == "error", refused
    after = await call(scrape)
    await comm.disconnect()
    closed = await call(scrape)

    assert moved(before, after, "dice_moves_total", kind="start") == 1
    assert moved(before, after, "dice_moves_total", kind="roll") == 1
    assert moved(before, after, "dice_errors_total", code=refused["code"]) == 1
    assert moved(before, after, "dice_move_seconds_count") == 3
    assert moved(before, after, "dice_move_part_seconds_count", part="service") == 3
    for part in ("send", "build"):  # not for the refusal: nothing to send
        assert moved(before, after, "dice_move_part_seconds_count", part=part) == 2, part
    assert moved(before, after, "dice_layer_send_seconds_count") >= 2
    assert moved(before, after, "dice_snapshot_builds_total") >= 1
    assert after[("dice_games_in_play", (("pace", "live"),))] == 1
    # Set by the game clock and the review child, which this test runs neither of.
    assert ("dice_clock_lag_seconds", ()) in after and ("dice_background_children", ()) in after
    assert moved(opened, closed, "dice_sockets_open", kind="room") == -1


def test_notices_waiting_and_handed_on_are_counted(
    ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    ada_waits(bob, ada_account, make_room)  # Bob's push, Ada's push and her email
    before = scrape()
    assert before[("dice_notices_queued", (("channel", "push"),))] == 2
    assert before[("dice_notices_queued", (("channel", "email"),))] == 1
    assert notices_send() == 3
    after = scrape()
    assert moved(before, after, "dice_notices_total", channel="push", outcome="sent") == 2
    assert moved(before, after, "dice_notices_total", channel="email", outcome="sent") == 1
    assert after[("dice_notices_queued", (("channel", "push"),))] == 0
    assert len(mail.outbox) == 1


# A server process of the machine: it counts moves and holds sockets open, then exits
# (with ``gone``, as a stopped server process does: its sockets leave the sums).
PROCESS = """
import os, sys, django
django.setup()
from common import instruments
from games.background import runtime
instruments.moves.labels("roll").inc(3)
instruments.sockets_open.labels("room").inc(2)
if sys.argv[1] == "gone":
    runtime._running = True
    runtime.stop()
"""
SCRAPE = """
import django
django.setup()
from django.test import Client
print(Client().get("/metrics").content.decode())
"""


@pytest.mark.sqlite_pass_only  # processes of their own, each on this pass's settings
def test_several_processes_are_summed(tmp_path: Path) -> None:
    (tmp_path / "metrics").mkdir()
    env = site_env(tmp_path, PROMETHEUS_MULTIPROC_DIR=str(tmp_path / "metrics"))
    env["ALLOWED_HOSTS"] = "testserver"
    migrate(env)
    for how in ("stays", "gone"):
        subprocess.run([sys.executable, "-c", PROCESS, how], cwd=ROOT, env=env, check=True)
    text = subprocess.run(
        [sys.executable, "-c", SCRAPE],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    samples = {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    assert samples[("dice_moves_total", (("kind", "roll"),))] == 6
    assert samples[("dice_sockets_open", (("kind", "room"),))] == 2  # the one still there
