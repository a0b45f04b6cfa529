"""bench/load.py still plays whole games over real sockets and checks what it measures."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bench.harness.live_server import ROOT

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
