"""The database check after a soak: every game of every room it played, read back with
plain SQL (``bench.harness.faults.ledger``), must hold each roll and placement once, its
events numbered without a gap, and the scorecards its players last showed."""

from __future__ import annotations

import asyncio

from bench.harness.faults.ledger import ledger_problems, read_ledger, shown_problems
from bench.harness.faults.stack import Problem
from bench.harness.soak.players import Room

SETTLE_WITHIN = 60.0  # seconds the players still connected have to catch up


async def room_problems(room: Room) -> list[str]:
    """What is wrong with ``room``'s games: the record of each, and how its players
    showed it (when it finished, or now for the game still in play)."""
    problems: list[str] = []
    for number in range(1, room.games + 1):
        ledger = await asyncio.to_thread(read_ledger, room.database_url, room.code, number)
        found = ledger_problems(ledger)
        for name, game, own_seat in room.ends.get(number, []):
            found += shown_problems(name, game, own_seat, ledger)
        if number not in room.ends and room.table is not None:
            try:
                await room.table.reach(ledger.version, timeout=SETTLE_WITHIN)
            except Problem as exc:
                found.append(str(exc))
            for seat in room.table.seats:
                found += shown_problems(seat.login.name, seat.game or {}, seat.my_seat, ledger)
        problems += [f"room {room.code} ({room.mode}) game {number}: {p}" for p in found]
    return problems


async def database_problems(rooms: list[Room]) -> tuple[int, list[str]]:
    """Check every room's games; returns how many games were checked and the problems."""
    problems: list[str] = []
    for room in rooms:
        problems += await room_problems(room)
    return sum(r.games for r in rooms), problems
