"""The scenarios that crash servers: ``kill_daphne`` (kill -9 a Daphne process in mid-game
and start it again) and ``restart_redis`` (restart, then flush, Redis under a game)."""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import time
from collections.abc import Awaitable, Sequence
from typing import Any

from bench.harness.faults.ledger import connect, turn_finished, turn_finished_on
from bench.harness.faults.stack import Problem, Stack
from bench.harness.faults.table import Table, best_place, open_table
from bench.harness.live_server import DaphneProcess


async def _restart(table: Table, process: DaphneProcess, killed: float) -> tuple[float, float]:
    """Start ``process`` again; returns the seconds from the start until it answers and
    until every seat on it holds a state on a new connection."""
    started = time.monotonic()
    process.start()
    await asyncio.to_thread(process.wait_ready)
    ready = time.monotonic()
    on_it = [s for s in table.seats if s.login.base_url == process.base_url]
    for seat in on_it:
        await seat.wait_for(lambda s=seat: (s.synced_at or 0.0) > killed, timeout=60)
    return ready - started, max(s.synced_at or ready for s in on_it) - started


def kill_once_finished(
    process: DaphneProcess, database_url: str, code: str, turn: int, timeout: float = 10.0
) -> None:
    """Watch the database and SIGKILL ``process`` the moment turn ``turn`` is finished
    there: after the commit, most often before the player has the answer."""
    connection = connect(database_url)
    deadline = time.monotonic() + timeout
    try:
        while not turn_finished_on(connection, code, turn) and time.monotonic() < deadline:
            time.sleep(0.0005)
    finally:
        process.kill()
        connection.close()


KILL_MOMENTS = {
    "sent": "with the place in flight (sent to the process frozen until the kill)",
    "committed": "once the place was committed",
    "between": "between the roll's ack and the place",
}


async def kill_round(table: Table, process: DaphneProcess, moment: str) -> dict[str, Any]:
    """SIGKILL ``process`` at ``moment`` (a ``KILL_MOMENTS`` key) of its player's turn,
    start it again, and finish the turn: the placement must land exactly once."""
    if moment not in KILL_MOMENTS:
        raise ValueError(f"kill moments: {', '.join(KILL_MOMENTS)}")
    actor = await table.turn_on(process.base_url)
    await table.act(actor, "roll", hold=[])
    assert actor.game is not None  # the actor plays in the table's game
    move, turn, dice = best_place(actor.game), actor.game["turn"], actor.game["dice"]
    place = None
    if moment == "sent":
        process.freeze()  # the place is never read: in flight at the kill, whatever the load
    if moment != "between":
        written = actor.sent
        place = asyncio.create_task(table.send(actor, "place", **move))
        await actor.wait_for(lambda: actor.sent > written, 10)  # the frame is written
    if moment == "committed":
        await asyncio.to_thread(kill_once_finished, process, table.database_url, table.code, turn)
    killed = time.monotonic()
    process.kill()
    answered = place is not None and place.done()
    committed = await asyncio.to_thread(turn_finished, table.database_url, table.code, turn)
    boot_s, resync_s = await _restart(table, process, killed)
    if place is None:
        if (actor.game["turn"], actor.game["dice"]) != (turn, dice):
            raise Problem(
                f"after the restart {actor.login.name} holds turn "
                f"{actor.game['turn']} dice {actor.game['dice']}, not {turn} {dice}"
            )
        place = asyncio.create_task(table.send(actor, "place", **move))
    answer = await place
    if answer.get("type") != "ack":
        raise Problem(f"the place re-sent after the restart was refused: {answer}")
    await table.reach(answer["version"])
    done = (await table.ledger()).turn(turn)
    if (done["box"], len(done["rolls"])) != (move["box"], 1):
        raise Problem(f"turn {turn} holds {done['box']} after {len(done['rolls'])} rolls")
    return {
        "kill": moment,
        "placed_before_kill": committed,
        "answered_before_kill": answered,
        "boot_s": round(boot_s, 2),
        "resync_s": round(resync_s, 2),
    }


async def kill_daphne(
    stack: Stack,
    *,
    players: int = 3,
    moments: Sequence[str] = ("sent", "committed", "between", "sent", "committed"),
) -> dict[str, Any]:
    """kill -9 the first Daphne process in mid-game at each of ``moments`` in turn, then
    play on to the end; see bench/faults.py."""
    process = stack.daphnes[0]
    table = await open_table(stack, players)
    marks = stack.log_marks()
    try:
        rounds = [await kill_round(table, process, moment) for moment in moments]
        await table.play_to_end()
        ledger, problems = await table.verify()
    finally:
        await table.close()
    tracebacks = stack.check_logs(marks, problems)
    return {
        "players": players,
        "processes": len(stack.daphnes),
        "kills": len(rounds),
        "placed_before_kill": sum(r["placed_before_kill"] for r in rounds),
        "answered_before_kill": sum(r["answered_before_kill"] for r in rounds),
        "status": ledger.status,
        "turns": len(ledger.turns),
        "place_events": len(ledger.of_kind("place")),
        "boxes_filled": ledger.filled(),
        "reconnects": sum(s.reconnects for s in table.seats),
        "resent": sum(s.resent for s in table.seats),
        "boot_s": max(r["boot_s"] for r in rounds),
        "resync_s": max(r["resync_s"] for r in rounds),
        "server_tracebacks": tracebacks,
        "rounds": rounds,
        "problems": problems,
    }


# -- restart_redis ----------------------------------------------------------------


def flush_redis(url: str) -> None:
    """Wipe every key of the Redis at ``url`` (connections stay up)."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        client.flushall()
    finally:
        client.close()


async def _after(table: Table, turns: int) -> dict[str, Any]:
    """Play ``turns`` turns; the first action's and the later actions' latencies."""
    start = len(table.latencies)
    for _ in range(turns):
        if table.playing():
            await table.play_turn()
    times = [t * 1000 for t in table.latencies[start:]]
    return {
        "first_ms": round(times[0], 1) if times else None,
        "later_p50_ms": round(statistics.median(times[1:]), 1) if len(times) > 1 else None,
        "later_max_ms": round(max(times[1:]), 1) if len(times) > 1 else None,
    }


STACKS_MARK = "--- stacks of process on signal"


async def ask_where_they_wait(stack: Stack) -> None:
    """Have every running server process write where it waits to its log (SIGUSR1:
    games/background/stack_dump.py), once, and wait up to 10 s for it."""
    running = [d for d in stack.daphnes if d.running() and d.process is not None]
    for daphne in running:
        if STACKS_MARK not in daphne.log_text():
            for pid in daphne.site_pids():
                os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(STACKS_MARK in d.log_text() for d in running):
        await asyncio.sleep(0.1)


async def diagnosed(stack: Stack, scenario: Awaitable[dict[str, Any]]) -> dict[str, Any]:
    """Run a fault scenario; if a request goes unanswered, ask every server process where
    it waits (if the scenario did not, while its clients still waited) and fail with the
    end of its log; any other ``Problem`` fails with the ends of the logs too."""
    try:
        return await scenario
    except TimeoutError:
        await ask_where_they_wait(stack)
        tails = _log_tails(stack, 12_000)
        raise Problem(f"a request went unanswered; the servers' logs end with:\n{tails}") from None
    except Problem as problem:
        tails = _log_tails(stack, 4_000)
        raise Problem(f"{problem}\nthe servers' logs end with:\n{tails}") from None


def _log_tails(stack: Stack, chars: int) -> str:
    """The last ``chars`` characters of each server process's log, each under its URL."""
    return "\n".join(f"--- {d.base_url} ---\n{d.log_text()[-chars:]}" for d in stack.daphnes)


async def _by_broadcast(table: Table, since: Sequence[int]) -> None:
    """Once every seat had a ping answered after ``since`` (its count of answers then; a
    ping joins the socket to its room's group again), stop the pings and play a turn:
    each move then reaches the other seats by broadcast alone, or ``Problem``."""
    for seat, mark in zip(table.seats, since, strict=True):
        await seat.wait_for(
            lambda seat=seat, mark=mark: any(a.get("type") == "pong" for a in seat.answers[mark:])
        )
    for seat in table.seats:
        seat.stop_pinging()
    try:
        if table.playing():
            await table.play_turn()
    finally:
        for seat in table.seats:
            seat.start_pinging()


async def restart_redis(
    stack: Stack, *, players: int = 4, ping_every: float = 0.5, turns_after: int = 4
) -> dict[str, Any]:
    """Restart Redis under a running game, then flush it; every player must still see
    every move, and after each fault a turn played without pings must reach everyone
    (broadcasts flow again, not only the pings' catch-up)."""
    if stack.redis is None:
        raise ValueError("restart_redis needs a stack on a Redis it may restart")
    table = await open_table(stack, players, ping_every=ping_every)
    marks = stack.log_marks()
    try:
        for _ in range(2):
            await table.play_turn()
        before = sum(s.reconnects for s in table.seats)
        answered = [len(s.answers) for s in table.seats]
        began = time.monotonic()
        await asyncio.to_thread(stack.redis.restart)
        outage = time.monotonic() - began
        restarted = await _after(table, turns_after)
        reconnects = sum(s.reconnects for s in table.seats) - before
        await _by_broadcast(table, answered)
        answered = [len(s.answers) for s in table.seats]
        await asyncio.to_thread(flush_redis, stack.redis.url)
        flushed = await _after(table, turns_after)
        await _by_broadcast(table, answered)
        await table.play_to_end()
        ledger, problems = await table.verify()
    except TimeoutError:
        await ask_where_they_wait(stack)  # while the request still waits
        raise
    finally:
        await table.close()
    return {
        "players": players,
        "processes": len(stack.daphnes),
        "ping_s": ping_every,
        "outage_s": round(outage, 2),
        "reconnects": reconnects,
        "after_restart": restarted,
        "after_flush": flushed,
        "status": ledger.status,
        "place_events": len(ledger.of_kind("place")),
        "boxes_filled": ledger.filled(),
        "server_tracebacks": stack.log_problems(marks),
        "problems": problems,
    }
