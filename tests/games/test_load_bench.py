"""bench/load.py still plays whole games over real sockets and checks what it measures; its
knee and the servers it starts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bench.harness.asgi_servers import SERVERS, command, environment
from bench.harness.knee import Step, crossing
from bench.harness.live_server import ROOT, SITE_APP

# Not in the PostgreSQL pass (docs/decisions/0007): bench/load.py's server serves a SQLite
# file of its own.
pytestmark = pytest.mark.sqlite_pass_only


def test_a_small_load_run_plays_whole_games_with_nothing_lost() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "bench/load.py",
            "--rooms",
            "2",
            "--players",
            "2",
            "--rate",
            "25",
            "--baseline",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    # 2 players x 13 turns, each at least one roll and one placement, per room.
    assert result["actions"] >= 2 * 2 * 13 * 2
    assert (result["errors"], result["lost"], result["mismatches"]) == (0, 0, 0)
    assert 0 < result["p50_ms"] <= result["p95_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["baseline_p99_ms"] > 0 and result["baseline_lost"] == 0
    assert result["ratio"] == round(result["p99_ms"] / result["baseline_p99_ms"], 2)
    # After the first state, every player gets patches: a move costs a few hundred bytes.
    assert result["wire"]["patch"]["count"] >= result["actions"]
    assert "state" not in result["wire"]  # no whole state during the games
    assert 0 < result["bytes_per_viewer_move"]["median"] <= 1000


def test_the_knee_lies_between_the_steps_around_the_limit() -> None:
    steps = [Step(50, 48.0, 20.0), Step(150, 140.0, 300.0), Step(100, 96.0, 60.0)]
    knee = crossing(steps)
    assert (knee.below, knee.above) == (steps[2], steps[1])
    assert knee.actions_per_s == pytest.approx(96.0 + 44.0 * 40.0 / 240.0)
    below_the_first = crossing([Step(50, 48.0, 150.0)])
    assert below_the_first.actions_per_s is None and "below the first step" in (
        below_the_first.describe()
    )
    assert crossing(steps[:1]).describe().startswith("not reached")


def value_of(words: list[str], switch: str) -> str:
    """The word after ``switch`` in a command line."""
    return words[words.index(switch) + 1]


@pytest.mark.parametrize("server", SERVERS)
def test_each_server_serves_one_process_as_daphne_does(server: str) -> None:
    plain = command(server, SITE_APP, 8001)
    behind = command(server, SITE_APP, 8001, proxy_headers=True)
    assert {"127.0.0.1", "8001"} <= set(plain)
    if server == "uvicorn":
        assert "--no-proxy-headers" in plain and "--proxy-headers" in behind
        assert value_of(plain, "--lifespan") == "off"
        assert value_of(plain, "--ws-per-message-deflate") == "false"
    if server == "granian":
        assert value_of(plain, "--workers") == "1"
        assert value_of(plain, "--interface") == "asginl"  # no lifespan, as Daphne
        assert behind[-1] == "bench.harness.behind_proxy:application"
        assert environment(server, SITE_APP, proxy_headers=True)["PROXIED_APP"] == SITE_APP
    else:
        assert plain[-1] == behind[-1] == SITE_APP
