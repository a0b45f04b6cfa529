"""The scenario that restarts servers on purpose: ``rolling_restart``, each process of a
stack behind nginx sent SIGTERM in turn and started again while tables play on."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

from bench.harness.faults.stack import Problem, Stack
from bench.harness.faults.table import Table, open_table

PAUSE = 0.05  # seconds between a table's actions: a brisk person's pace
RECONNECT_BOUND = 3.0  # seconds a page may go without its table (docs/operations.md)
CHAT_EVERY = 1.0  # seconds at least between a table's chat lines (3 a player per 2 s)


async def _play(table: Table, stop: asyncio.Event, chats: list[str]) -> int:
    """Play turns, a chat line by its player before one each ``CHAT_EVERY`` seconds, until
    ``stop`` is set or the game ends; returns the turns played."""
    turns, chatted = 0, 0.0
    while not stop.is_set() and table.playing():
        if time.monotonic() - chatted >= CHAT_EVERY:
            text = f"turn {turns + 1} at {table.code}"
            await table.act(table.actor(), "chat", text=text)
            chats.append(text)
            chatted = time.monotonic()
            await asyncio.sleep(PAUSE)
        await table.play_turn()
        turns += 1
        await asyncio.sleep(PAUSE)
    return turns


async def _back(tables: list[Table]) -> None:
    """Wait until every seat that lost its connection holds a state again."""
    for table in tables:
        for seat in table.seats:
            await seat.wait_for(lambda s=seat: not s.reconnecting, timeout=60)


async def _verify(tables: list[Table], chats: list[list[str]]) -> list[str]:
    """What is wrong with the tables' records: their games, and their chat lines."""
    problems: list[str] = []
    for table, said in zip(tables, chats, strict=True):
        ledger, found = await table.verify()
        problems += found
        kept = [d["text"] for d in ledger.of_kind("chat")]
        if kept != said:
            problems.append(f"room {table.code} kept {len(kept)} of {len(said)} chat lines")
    return problems


def _answers_once(tables: list[Table], problems: list[str]) -> int:
    """Check that every request id a seat sent was answered exactly once; returns how many
    requests were."""
    count = 0
    for table in tables:
        for seat in table.seats:
            answered = Counter(a.get("id") for a in seat.answers)
            twice = [i for i, n in answered.items() if n != 1]
            if twice:
                problems.append(f"{seat.login.name} got {len(twice)} requests answered twice")
            count += len(answered)
    return count


async def rolling_restart(
    stack: Stack,
    proxy_url: str,
    *,
    tables: int = 4,
    players: int = 3,
    rounds: int = 1,
    ruleset: str = "triple_yahtzee",
    reconnect_bound: float = RECONNECT_BOUND,
) -> dict[str, Any]:
    """Restart each process of ``stack`` in turn (SIGTERM: it drains, then starts again)
    ``rounds`` times while ``tables`` games are played through the nginx at ``proxy_url``;
    a seat without a state for longer than ``reconnect_bound`` seconds is a problem. See
    bench/faults.py."""
    if len(stack.daphnes) < 2:
        raise ValueError("a rolling restart needs two processes at least")
    rooms = [
        await open_table(stack, players, ruleset=ruleset, urls=[proxy_url], ping_every=5.0)
        for _ in range(tables)
    ]
    marks = stack.log_marks()
    stop, chats = asyncio.Event(), [list[str]() for _ in rooms]
    playing = [asyncio.create_task(_play(t, stop, c)) for t, c in zip(rooms, chats, strict=True)]
    restarts: list[dict[str, float]] = []
    try:
        for _ in range(rounds):
            for process in stack.daphnes:
                drain_s, boot_s = await asyncio.to_thread(process.restart)
                await _back(rooms)
                restarts.append({"drain_s": drain_s, "boot_s": boot_s})
        stop.set()
        turns = sum(await asyncio.gather(*playing))
        problems = await _verify(rooms, chats)
    finally:
        stop.set()
        for task in playing:
            task.cancel()
        await asyncio.gather(*playing, return_exceptions=True)
        for table in rooms:
            await table.close()
    requests = _answers_once(rooms, problems)
    moves = _moves(rooms, restarts)
    if moves["longest_reconnect_s"] > reconnect_bound:
        problems.append(f"a seat was without its table for {moves['longest_reconnect_s']} s")
    return {
        "processes": len(stack.daphnes),
        "tables": tables,
        "players": players,
        "turns": turns,
        "chat_lines": sum(len(c) for c in chats),
        "requests": requests,
        **moves,
        "server_tracebacks": stack.check_logs(marks, problems),
        "problems": problems,
    }


def _moves(tables: list[Table], restarts: list[dict[str, float]]) -> dict[str, Any]:
    """How the restarts went and how the seats moved from one process to another."""
    seats = [s for t in tables for s in t.seats]
    outages = [o for s in seats for o in s.outages]
    if not outages:
        raise Problem("no socket was moved by the restarts")
    return {
        "restarts": len(restarts),
        "closed_1012": sum(s.restarts for s in seats),
        "reconnects": sum(s.reconnects for s in seats),
        "resent": sum(s.resent for s in seats),
        "drain_s": round(max(r["drain_s"] for r in restarts), 2),
        "boot_s": round(max(r["boot_s"] for r in restarts), 2),
        "longest_reconnect_s": round(max(outages), 2),
    }
