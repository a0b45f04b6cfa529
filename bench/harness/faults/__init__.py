"""Faults against live servers: every game must go on with no move lost or applied twice.

The scenarios (described in bench/faults.py, which runs them from the command line; the
test suite's tests/games/test_faults.py runs their fast rounds) and what they need:
``stack`` the servers, ``table`` a room of scripted players, ``ledger`` what the
database holds, ``crashes``, ``restarts`` and ``requests`` the scenarios themselves.
"""

from bench.harness.faults.crashes import diagnosed, kill_daphne, restart_redis
from bench.harness.faults.ledger import Ledger, read_ledger
from bench.harness.faults.requests import drop_client, duplicate_request, simultaneous
from bench.harness.faults.restarts import rolling_restart
from bench.harness.faults.stack import Problem, Stack, running_stack

SCENARIOS = (
    "kill_daphne",
    "restart_redis",
    "drop_client",
    "duplicate_request",
    "simultaneous",
    "rolling_restart",
)

__all__ = [
    "SCENARIOS",
    "Ledger",
    "Problem",
    "Stack",
    "diagnosed",
    "drop_client",
    "duplicate_request",
    "kill_daphne",
    "read_ledger",
    "restart_redis",
    "rolling_restart",
    "running_stack",
    "simultaneous",
]
