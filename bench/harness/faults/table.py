"""A table of players over real sockets, one ``Seat`` each, spread over a stack's
processes: actions at a person's pace, each waited for until every seat holds it."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from bench.harness.faults.ledger import Ledger, ledger_problems, read_ledger, view_problems
from bench.harness.faults.stack import Problem, Stack
from bench.harness.room_client import Login, Seat, join_room, new_id, open_room, placements

REACH_TIMEOUT = 10.0  # every client holds a version this soon after its ack, or it is lost
PACE = 15  # requests a second per socket at most (the server refuses past 20, pings count)


def place_fields(game: dict[str, Any], option: dict[str, Any]) -> dict[str, Any]:
    """The ``place`` request's fields for one of ``placements(game)``."""
    fields = {"box": option["box"]}
    if len(game["ruleset"]["columns"]) > 1:
        fields["column"] = option["column"]
    return fields


def best_place(game: dict[str, Any]) -> dict[str, Any]:
    """The ``place`` fields for the box that adds the most now."""
    return place_fields(game, max(placements(game), key=lambda o: o["gain"]))


class Table:
    """A room of players, one ``Seat`` each, spread over the stack's processes."""

    def __init__(self, code: str, seats: list[Seat], database_url: str) -> None:
        self.code, self.seats, self.database_url = code, seats, database_url
        self.latencies: list[float] = []  # per action: sent -> every seat holds its state
        self._sent: dict[int, deque[float]] = {}  # per seat: when its last requests left

    def newest(self) -> dict[str, Any]:
        """The game in the newest state any seat holds."""
        return max(self.seats, key=lambda s: s.version).game or {}

    def playing(self) -> bool:
        """Whether the game is still on."""
        return self.newest().get("status") == "playing"

    def actor(self) -> Seat:
        """The seat whose turn it is."""
        current = self.newest()["current_seat"]
        return next(s for s in self.seats if s.my_seat == current)

    async def reach(
        self, version: int, seats: Sequence[Seat] | None = None, timeout: float = REACH_TIMEOUT
    ) -> float:
        """Wait until every seat holds ``version`` (each within ``timeout`` seconds);
        returns the last arrival."""
        try:
            moments = await asyncio.gather(
                *(s.reached(version, timeout) for s in seats or self.seats)
            )
        except TimeoutError:
            behind = [s.login.name for s in self.seats if s.version < version]
            raise Problem(f"{', '.join(behind)} never received version {version}") from None
        return max(moments)

    async def pace(self, seat: Seat) -> None:
        """Wait until ``seat`` may send another request and stay under ``PACE`` a second,
        as a person's page does."""
        sent = self._sent.setdefault(id(seat), deque())
        while sent and time.monotonic() - sent[0] > 1.0:
            sent.popleft()
        if len(sent) >= PACE:
            await asyncio.sleep(1.0 - (time.monotonic() - sent[0]))
            sent.popleft()
        sent.append(time.monotonic())

    async def send(
        self, seat: Seat, kind: str, request_id: str | None = None, **fields: Any
    ) -> dict[str, Any]:
        """``seat.send`` at the table's pace; returns the answer, whatever it is."""
        await self.pace(seat)
        return await seat.send(kind, request_id, **fields)

    async def send_raw(self, seat: Seat, text: str) -> None:
        """``seat.send_raw`` at the table's pace."""
        await self.pace(seat)
        await seat.send_raw(text)

    async def act(self, seat: Seat, kind: str, **fields: Any) -> dict[str, Any]:
        """Send a request that must be accepted; returns the ack once every seat holds its
        version. Refused as ``rate_limited`` (not handled), it goes again a second later."""
        sent, request_id = time.monotonic(), new_id()
        answer = await self.send(seat, kind, request_id, **fields)
        while answer.get("code") == "rate_limited":
            await asyncio.sleep(1.0)
            answer = await self.send(seat, kind, request_id, **fields)
        if answer.get("type") != "ack":
            raise Problem(
                f"{kind} by {seat.login.name} was refused: {answer}; {await self.diagnosis()}"
            )
        self.latencies.append(await self.reach(answer["version"]) - sent)
        return answer

    async def diagnosis(self) -> str:
        """What each seat holds against what the database holds, for a failure's message."""
        held = ", ".join(
            f"{s.login.name} at version {s.version} (turn of seat "
            f"{(s.game or {}).get('current_seat')}, {s.reconnects} reconnects, {s.resent} "
            f"re-sent)"
            for s in self.seats
        )
        try:
            ledger = await self.ledger()
        except Exception as exc:  # the failure's message says what it can
            return f"seats: {held}; the database could not be read: {exc!r}"
        last = [(seq, kind, str(data)[:120]) for seq, kind, data in ledger.events[-8:]]
        return f"seats: {held}; the database at version {ledger.version}, its last events {last}"

    async def play_turn(self) -> None:
        """The current player rolls once and fills the best box."""
        actor = self.actor()
        await self.act(actor, "roll", hold=[])
        assert actor.game is not None  # the actor plays in the table's game
        await self.act(actor, "place", **best_place(actor.game))

    async def play_to_end(self) -> int:
        """Play turns until the game is over; returns how many."""
        turns = 0
        while self.playing():
            await self.play_turn()
            turns += 1
        return turns

    async def turn_on(self, base_url: str) -> Seat:
        """Play on until it is the turn of a player connected to ``base_url``."""
        while self.actor().login.base_url != base_url:
            await self.play_turn()
        return self.actor()

    async def ledger(self) -> Ledger:
        """The database's record of this room."""
        return await asyncio.to_thread(read_ledger, self.database_url, self.code)

    async def verify(self) -> tuple[Ledger, list[str]]:
        """Wait until every client caught up with the database, then compare."""
        ledger = await self.ledger()
        await self.reach(ledger.version)
        return ledger, ledger_problems(ledger) + view_problems(self.seats, ledger)

    async def close(self) -> None:
        """Close every seat's socket."""
        await asyncio.gather(*(s.close() for s in self.seats))


async def open_table(
    stack: Stack,
    players: int,
    *,
    ping_every: float | None = None,
    ruleset: str = "yahtzee",
    urls: Sequence[str] | None = None,
) -> Table:
    """A room of ``players`` (player n on process n modulo the processes, or on ``urls``
    such as a proxy's) through the real forms, every socket open and the game started."""
    urls = urls or stack.urls
    host, code = await asyncio.to_thread(open_room, urls[0], "P0", ruleset=ruleset, seats=players)
    logins = [host] + [
        await asyncio.to_thread(join_room, urls[n % len(urls)], code, f"P{n}")
        for n in range(1, players)
    ]
    seats = [Seat(login, code, ping_every=ping_every) for login in logins]
    await asyncio.gather(*(s.connect() for s in seats))
    table = Table(code, seats, stack.database_url)
    await table.act(seats[0], "start")
    return table


def second_socket(stack: Stack, seat: Seat) -> Seat:
    """Another socket of the same player (their second tab), on another process when the
    stack has more than one."""
    url = next((u for u in stack.urls if u != seat.login.base_url), seat.login.base_url)
    return Seat(Login(url, seat.login.name, seat.login.jar), seat.code)


def answers_to(seat: Seat, request_id: str) -> list[dict[str, Any]]:
    """Every answer the seat received to ``request_id``."""
    return [a for a in seat.answers if a.get("id") == request_id]


async def answered(seat: Seat, request_id: str, count: int) -> list[dict[str, Any]]:
    """Wait for ``count`` answers to ``request_id`` (a raw frame sent without ``send``)."""
    try:
        await seat.wait_for(lambda: len(answers_to(seat, request_id)) >= count)
    except TimeoutError:
        raise Problem(
            f"request {request_id} got {len(answers_to(seat, request_id))} answers, not {count}"
        ) from None
    return answers_to(seat, request_id)
