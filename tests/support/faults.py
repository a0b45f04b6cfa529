"""Faults: crash and restart servers, cut connections, repeat and race requests; every game
must go on with no move lost or applied twice.

    .venv/bin/python bench/faults.py                    # SQLite, one Daphne process
    .venv/bin/python bench/faults.py --stack postgres   # PostgreSQL + Redis, two processes

Scenarios (``--only NAME``, repeatable, runs some of them):

- ``kill_daphne``: kill -9 a Daphne process in mid-game (at once and a few milliseconds
  after a player sent a ``place``, and between a roll and its place) and start it again
  on the same port and database. Every seat reconnects by itself, re-sends what was not
  answered under the same id and resyncs; the game is then played to its end. On the
  PostgreSQL stack one of the two processes is killed. From the restart, ``boot_s``
  until the new process answers, ``resync_s`` until every client on it holds a state
  again (the bench client retries with a backoff of up to 1 s).
- ``restart_redis``: stop and start Redis (no persistence: the channel layer's groups
  and queues are gone) under a running game whose players sit on different processes,
  then wipe it (FLUSHALL) without dropping a connection. Every player must still see
  every move. Clients ping every ``--ping`` seconds, as the page does every 15 s. On
  the SQLite stack one Daphne process uses a Redis of its own for this scenario.
- ``drop_client``: cut a player's connection while a roll or a place is in flight
  (before it leaves, right after, a few milliseconds after).
- ``duplicate_request``: the same request twice back to back on one socket, at the
  same instant on two sockets of one player, and once more much later.
- ``simultaneous``: two players roll at the same instant; two sockets of the current
  player fill different boxes at the same instant; two players chat at once.

After each scenario the database must agree: every placement once (place events =
finished turns = filled boxes, in seat order), every roll once (roll events = the
turns' rolls), event numbers 1..version without a gap, every client's scorecards equal
to the database's, and no traceback or HTTP 500 in the server logs (``restart_redis``
counts them instead: a consumer whose Redis connection broke ends with one and its
client reconnects). One line per scenario, then one JSON line; exit status 1 if any
scenario failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.servers import RedisServer, postgres_server, redis_process
from tests.support.live_server import DaphneProcess, migrate, site_env
from tests.support.room_client import (
    Login,
    Seat,
    join_room,
    new_id,
    open_room,
)

REACH_TIMEOUT = 10.0  # every client holds a version this soon after its ack, or it is lost
PACE = 15  # requests a second per socket at most (the server refuses past 20, pings count)
SCENARIOS = ("kill_daphne", "restart_redis", "drop_client", "duplicate_request",
             "simultaneous")


class Problem(AssertionError):
    """Something a scenario saw that must never happen."""


# -- servers ------------------------------------------------------------------


@dataclass
class Stack:
    """The servers a scenario plays against: one database, Daphne processes on it and,
    for more than one process, Redis (``redis`` when this bench may restart it)."""

    database_url: str
    daphnes: list[DaphneProcess]
    redis: RedisServer | None = None

    @property
    def urls(self) -> list[str]:
        """The processes' base URLs."""
        return [d.base_url for d in self.daphnes]

    def log_marks(self) -> list[int]:
        """How long each process's log is now (see ``log_problems``)."""
        return [len(d.log_text()) for d in self.daphnes]

    def log_problems(self, marks: Sequence[int] | None = None) -> int:
        """Tracebacks and HTTP 500 answers in the processes' logs since ``marks``."""
        marks = marks or [0] * len(self.daphnes)
        text = "".join(d.log_text()[m:] for d, m in zip(self.daphnes, marks, strict=True))
        return text.count("Traceback") + len(re.findall(r'" 500 ', text))

    def check_logs(self, marks: Sequence[int], problems: list[str]) -> int:
        """Count the logs' problems since ``marks``; any is added to ``problems``."""
        found = self.log_problems(marks)
        if found:
            problems.append(f"{found} tracebacks or HTTP 500s in the server logs")
        return found


@contextlib.contextmanager
def running_stack(workdir: Path, *, database_url: str | None = None,
                  redis: RedisServer | None = None, redis_url: str | None = None,
                  processes: int = 1, migrated: bool = False) -> Iterator[Stack]:
    """Migrate the database (a fresh SQLite file in ``workdir`` unless ``database_url``;
    not when ``migrated`` says another stack did), start ``processes`` Daphne processes on
    it (the channel layer on ``redis`` or ``redis_url`` if given, else in memory: one
    process) and stop them afterwards."""
    layer = redis.url if redis is not None else redis_url
    if processes > 1 and not layer:
        raise ValueError("several processes need a channel layer on Redis")
    settings = {"DATABASE_URL": database_url or f"sqlite:///{workdir / 'db.sqlite3'}"}
    if layer:
        settings["REDIS_URL"] = layer
    daphnes = []
    for number in range(processes):
        home = workdir / f"daphne-{number}"
        home.mkdir(parents=True, exist_ok=True)
        daphnes.append(DaphneProcess(home, site_env(home, **settings)))
    if not migrated:
        migrate(daphnes[0].env)
    try:
        for process in daphnes:
            process.start()
        for process in daphnes:
            process.wait_ready()
        yield Stack(settings["DATABASE_URL"], daphnes, redis)
    finally:
        for process in daphnes:
            process.stop()


# -- what the database holds ----------------------------------------------------


@dataclass
class Ledger:
    """What the database holds about a room and its first game."""

    version: int
    seqs: list[int]
    events: list[tuple[int, str, dict[str, Any]]]  # (seq, kind, data), in order
    game_version: int
    status: str
    cards: dict[int, dict[str, Any]]  # seat: {"boxes": ..., "total": ...}
    turns: list[dict[str, Any]]  # number, seat, box, column, rolls, finish

    def of_kind(self, kind: str) -> list[dict[str, Any]]:
        """The data of every event of ``kind``, in order."""
        return [data for _seq, k, data in self.events if k == kind]

    def turn(self, number: int) -> dict[str, Any]:
        """Turn ``number`` (1 for the game's first)."""
        return next(t for t in self.turns if t["number"] == number)

    def filled(self) -> int:
        """Boxes filled on all the scorecards."""
        return sum(len(boxes) for card in self.cards.values()
                   for boxes in card["boxes"].values())


def _connect(database_url: str) -> Any:
    """A DB-API connection that sees every commit at once (SQLite or PostgreSQL)."""
    if database_url.startswith("sqlite:///"):
        return sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=30)
    import psycopg

    return psycopg.connect(database_url, autocommit=True)


def _query(connection: Any, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run ``sql`` (``%s`` placeholders) on either kind of connection."""
    if isinstance(connection, sqlite3.Connection):
        sql = sql.replace("%s", "?")
    return list(connection.execute(sql, params).fetchall())


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str | bytes) else value


def read_ledger(database_url: str, code: str) -> Ledger:
    """Read room ``code`` from the database (SQLite or PostgreSQL) behind the servers."""
    connection = _connect(database_url)

    def rows(sql: str, *params: Any) -> list[tuple[Any, ...]]:
        return _query(connection, sql, *params)

    try:
        room_id, version = rows("SELECT id, version FROM games_room WHERE code = %s", code)[0]
        events = [(seq, kind, _json(data)) for seq, kind, data in rows(
            "SELECT seq, kind, data FROM games_event WHERE room_id = %s ORDER BY seq", room_id)]
        game_id, game_version, status = rows(
            "SELECT id, version, status FROM games_game WHERE room_id = %s "
            "ORDER BY number LIMIT 1", room_id)[0]
        cards = {seat: {"boxes": _json(data)["boxes"], "total": total} for seat, data, total in
                 rows("SELECT seat, data, total FROM games_scorecard WHERE game_id = %s",
                      game_id)}
        turns = [{"number": n, "seat": seat, "box": box, "column": column,
                  "rolls": _json(rolls), "finish": finish} for n, seat, box, column, rolls, finish
                 in rows('SELECT number, seat, box, "column", rolls, finish FROM games_turn '
                         "WHERE game_id = %s ORDER BY number", game_id)]
    finally:
        connection.close()
    return Ledger(version, [seq for seq, _k, _d in events], events, game_version, status,
                  cards, turns)


def ledger_problems(ledger: Ledger) -> list[str]:
    """What is wrong with the record: gaps in the event numbers, a placement or a roll
    missing or recorded twice."""
    problems = []
    if ledger.seqs != list(range(1, ledger.version + 1)):
        problems.append(f"event numbers are not 1..{ledger.version}")
    places = ledger.of_kind("place")
    finished = [t for t in ledger.turns if t["finish"]]
    if not len(places) == len(finished) == ledger.filled():
        problems.append(f"{len(places)} place events, {len(finished)} finished turns, "
                        f"{ledger.filled()} boxes filled")
    for index, (event, turn) in enumerate(zip(places, finished, strict=False)):
        said = (event["seat"], event["box"], event["column"])
        if event["seat"] != index % len(ledger.cards) or said != (
                turn["seat"], turn["box"], turn["column"]):
            problems.append(f"placement {index + 1} {said} is not turn {turn['number']}'s")
            break
    rolled = sum(len(t["rolls"]) for t in ledger.turns)
    if len(ledger.of_kind("roll")) != rolled or any(len(t["rolls"]) > 3 for t in ledger.turns):
        problems.append(f"{len(ledger.of_kind('roll'))} roll events, {rolled} rolls in turns")
    return problems


def view_problems(seats: Sequence[Seat], ledger: Ledger) -> list[str]:
    """Clients whose game version or scorecards differ from the database's."""
    problems = []
    for seat in seats:
        game = seat.game or {}
        shown = {s["seat"]: {"boxes": s["boxes"], "total": s["total"]}
                 for s in game.get("seats", [])}
        if game.get("version") != ledger.game_version or shown != ledger.cards:
            problems.append(f"{seat.login.name} shows game version {game.get('version')} "
                            f"and other scorecards than the database ({ledger.game_version})")
    return problems


# -- a table of players ---------------------------------------------------------


def place_fields(game: dict[str, Any], option: dict[str, Any]) -> dict[str, Any]:
    """The ``place`` request's fields for one of ``game["options"]``."""
    fields = {"box": option["box"]}
    if len(game["ruleset"]["columns"]) > 1:
        fields["column"] = option["column"]
    return fields


def best_place(game: dict[str, Any]) -> dict[str, Any]:
    """The ``place`` fields for the box that adds the most now."""
    return place_fields(game, max(game["options"], key=lambda o: o["gain"]))


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

    async def reach(self, version: int, seats: Sequence[Seat] | None = None) -> float:
        """Wait until every seat holds ``version``; returns the last arrival."""
        try:
            moments = await asyncio.gather(*(s.reached(version, REACH_TIMEOUT)
                                             for s in seats or self.seats))
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

    async def send(self, seat: Seat, kind: str, request_id: str | None = None,
                   **fields: Any) -> dict[str, Any]:
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
            raise Problem(f"{kind} by {seat.login.name} was refused: {answer}")
        self.latencies.append(await self.reach(answer["version"]) - sent)
        return answer

    async def play_turn(self) -> None:
        """The current player rolls once and fills the best box."""
        actor = self.actor()
        await self.act(actor, "roll", hold=[])
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


async def open_table(stack: Stack, players: int, *, ping_every: float | None = None,
                     ruleset: str = "yahtzee") -> Table:
    """A room of ``players`` (player n on process n modulo the processes) through the
    real forms, every socket open and the game started."""
    urls = stack.urls
    host, code = await asyncio.to_thread(open_room, urls[0], "P0", ruleset=ruleset,
                                         seats=players)
    logins = [host] + [await asyncio.to_thread(join_room, urls[n % len(urls)], code, f"P{n}")
                       for n in range(1, players)]
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
        raise Problem(f"request {request_id} got {len(answers_to(seat, request_id))} "
                      f"answers, not {count}") from None
    return answers_to(seat, request_id)


# -- kill_daphne ----------------------------------------------------------------


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


def _finished(connection: Any, code: str, turn: int) -> bool:
    rows = _query(connection, "SELECT t.finish FROM games_turn t JOIN games_game g "
                  "ON t.game_id = g.id JOIN games_room r ON g.room_id = r.id "
                  "WHERE r.code = %s AND g.number = 1 AND t.number = %s", code, turn)
    return bool(rows and rows[0][0])


def turn_finished(database_url: str, code: str, turn: int) -> bool:
    """Whether the database holds turn ``turn`` of room ``code``'s first game as finished."""
    connection = _connect(database_url)
    try:
        return _finished(connection, code, turn)
    finally:
        connection.close()


def kill_once_finished(process: DaphneProcess, database_url: str, code: str, turn: int,
                       timeout: float = 10.0) -> None:
    """Watch the database and SIGKILL ``process`` the moment turn ``turn`` is finished
    there: after the commit, most often before the player has the answer."""
    connection = _connect(database_url)
    deadline = time.monotonic() + timeout
    try:
        while not _finished(connection, code, turn) and time.monotonic() < deadline:
            time.sleep(0.0005)
    finally:
        process.kill()
        connection.close()


KILL_MOMENTS = {
    "sent": "right after the place was sent",
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
    move, turn, dice = best_place(actor.game), actor.game["turn"], actor.game["dice"]
    place = None
    if moment != "between":
        written = actor.sent
        place = asyncio.create_task(table.send(actor, "place", **move))
        await actor.wait_for(lambda: actor.sent > written, 10)  # the frame is written
    if moment == "committed":
        await asyncio.to_thread(kill_once_finished, process, table.database_url, table.code,
                                turn)
    killed = time.monotonic()
    process.kill()
    answered = place is not None and place.done()
    committed = await asyncio.to_thread(turn_finished, table.database_url, table.code, turn)
    boot_s, resync_s = await _restart(table, process, killed)
    if place is None:
        if (actor.game["turn"], actor.game["dice"]) != (turn, dice):
            raise Problem(f"after the restart {actor.login.name} holds turn "
                          f"{actor.game['turn']} dice {actor.game['dice']}, not {turn} {dice}")
        place = asyncio.create_task(table.send(actor, "place", **move))
    answer = await place
    if answer.get("type") != "ack":
        raise Problem(f"the place re-sent after the restart was refused: {answer}")
    await table.reach(answer["version"])
    done = (await table.ledger()).turn(turn)
    if (done["box"], len(done["rolls"])) != (move["box"], 1):
        raise Problem(f"turn {turn} holds {done['box']} after {len(done['rolls'])} rolls")
    return {"kill": moment, "placed_before_kill": committed, "answered_before_kill": answered,
            "boot_s": round(boot_s, 2), "resync_s": round(resync_s, 2)}


async def kill_daphne(stack: Stack, *, players: int = 3,
                      moments: Sequence[str] = ("sent", "committed", "between",
                                                "sent", "committed")) -> dict[str, Any]:
    """kill -9 the first Daphne process in mid-game at each of ``moments`` in turn, then
    play on to the end; see the module docstring."""
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
    return {"players": players, "processes": len(stack.daphnes), "kills": len(rounds),
            "placed_before_kill": sum(r["placed_before_kill"] for r in rounds),
            "answered_before_kill": sum(r["answered_before_kill"] for r in rounds),
            "status": ledger.status, "turns": len(ledger.turns),
            "place_events": len(ledger.of_kind("place")), "boxes_filled": ledger.filled(),
            "reconnects": sum(s.reconnects for s in table.seats),
            "resent": sum(s.resent for s in table.seats),
            "boot_s": max(r["boot_s"] for r in rounds),
            "resync_s": max(r["resync_s"] for r in rounds),
            "server_tracebacks": tracebacks, "rounds": rounds, "problems": problems}


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
    return {"first_ms": round(times[0], 1) if times else None,
            "later_p50_ms": round(statistics.median(times[1:]), 1) if len(times) > 1 else None,
            "later_max_ms": round(max(times[1:]), 1) if len(times) > 1 else None}


STACKS_MARK = "--- stacks of process on signal"


async def ask_where_they_wait(stack: Stack) -> None:
    """Have every running server process write where it waits to its log (SIGUSR1:
    games/background/stack_dump.py), once, and wait up to 10 s for it."""
    running = [d for d in stack.daphnes if d.running() and d.process is not None]
    for daphne in running:
        if STACKS_MARK not in daphne.log_text():
            daphne.process.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(
            STACKS_MARK in d.log_text() for d in running):
        await asyncio.sleep(0.1)


async def diagnosed(stack: Stack, scenario: Awaitable[dict[str, Any]]) -> dict[str, Any]:
    """Run a fault scenario; if a request goes unanswered, ask every server process where
    it waits (if the scenario did not, while its clients still waited) and fail with the
    end of its log."""
    try:
        return await scenario
    except TimeoutError:
        await ask_where_they_wait(stack)
        tails = "\n".join(f"--- {d.base_url} ---\n{d.log_text()[-12_000:]}"
                           for d in stack.daphnes)
        raise Problem(f"a request went unanswered; the servers' logs end with:\n{tails}") \
            from None


async def _by_broadcast(table: Table, since: Sequence[int]) -> None:
    """Once every seat had a ping answered after ``since`` (its count of answers then; a
    ping joins the socket to its room's group again), stop the pings and play a turn:
    each move then reaches the other seats by broadcast alone, or ``Problem``."""
    for seat, mark in zip(table.seats, since, strict=True):
        await seat.wait_for(lambda seat=seat, mark=mark: any(
            a.get("type") == "pong" for a in seat.answers[mark:]))
    for seat in table.seats:
        seat.stop_pinging()
    try:
        if table.playing():
            await table.play_turn()
    finally:
        for seat in table.seats:
            seat.start_pinging()


async def restart_redis(stack: Stack, *, players: int = 4, ping_every: float = 0.5,
                        turns_after: int = 4) -> dict[str, Any]:
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
    return {"players": players, "processes": len(stack.daphnes), "ping_s": ping_every,
            "outage_s": round(outage, 2), "reconnects": reconnects,
            "after_restart": restarted, "after_flush": flushed,
            "status": ledger.status, "place_events": len(ledger.of_kind("place")),
            "boxes_filled": ledger.filled(), "server_tracebacks": stack.log_problems(marks),
            "problems": problems}


# -- drop_client ----------------------------------------------------------------


async def drop_round(table: Table, kind: str, delay: float | None) -> dict[str, Any]:
    """The current player sends ``kind`` (roll or place) and loses the connection
    ``delay`` s later (``None``: just before sending); the request must be applied once
    and answered once."""
    actor = table.actor()
    if kind == "place":
        await table.act(actor, "roll", hold=[])
    turn = actor.game["turn"]
    fields = {"hold": []} if kind == "roll" else best_place(actor.game)
    request_id, resent = new_id(), actor.resent
    if delay is None:
        await actor.drop()
    task = asyncio.create_task(table.send(actor, kind, request_id, **fields))
    if delay is not None:
        await asyncio.sleep(delay)
        await actor.drop()
    answer = await task
    if answer.get("type") != "ack" or len(answers_to(actor, request_id)) != 1:
        raise Problem(f"the dropped {kind} got {answers_to(actor, request_id)}")
    await table.reach(answer["version"])
    record = (await table.ledger()).turn(turn)
    if len(record["rolls"]) != 1 or (kind == "place") != bool(record["finish"]):
        raise Problem(f"turn {turn} holds {len(record['rolls'])} rolls, finish "
                      f"{record['finish']!r} after one {kind}")
    if kind == "roll" and actor.game["dice"] != record["rolls"][0]["dice"]:
        raise Problem(f"{actor.login.name} shows dice {actor.game['dice']}, the database "
                      f"{record['rolls'][0]['dice']}")
    if kind == "roll":
        await table.act(actor, "place", **best_place(actor.game))
    return {"kind": kind, "resent": actor.resent - resent}


async def drop_client(stack: Stack, *, players: int = 2, rounds: int = 2,
                      delays: Sequence[float | None] = (None, 0.0, 0.005),
                      to_end: bool = True) -> dict[str, Any]:
    """Cut the current player's connection while a roll or place is in flight."""
    table = await open_table(stack, players)
    marks = stack.log_marks()
    try:
        found = [await drop_round(table, kind, delay) for _ in range(rounds)
                 for kind in ("roll", "place") for delay in delays]
        if to_end:
            await table.play_to_end()
        ledger, problems = await table.verify()
    finally:
        await table.close()
    tracebacks = stack.check_logs(marks, problems)
    return {"drops": len(found), "resent": sum(f["resent"] for f in found),
            "reconnects": sum(s.reconnects for s in table.seats),
            "roll_events": len(ledger.of_kind("roll")),
            "rolls_in_turns": sum(len(t["rolls"]) for t in ledger.turns),
            "place_events": len(ledger.of_kind("place")), "boxes_filled": ledger.filled(),
            "status": ledger.status, "server_tracebacks": tracebacks, "problems": problems}


# -- duplicate_request -------------------------------------------------------------


async def _raw_twice(table: Table, first: Seat, second: Seat, kind: str, **fields: Any
                     ) -> tuple[str, list[dict[str, Any]]]:
    """Send one request under one id on ``first`` and on ``second`` (maybe the same seat)
    at the same instant; returns the id and every answer to it."""
    request_id = new_id()
    text = json.dumps({"type": kind, "id": request_id, **fields})
    await asyncio.gather(table.send_raw(first, text), table.send_raw(second, text))
    if first is second:
        return request_id, await answered(first, request_id, 2)
    return request_id, (await answered(first, request_id, 1)
                        + await answered(second, request_id, 1))


async def duplicate_request(stack: Stack, *, players: int = 2, rounds: int = 2
                            ) -> dict[str, Any]:
    """The same roll twice on one socket, the same place at once on two sockets of one
    player (on two processes when there are), and a roll's id once more much later."""
    table = await open_table(stack, players)
    marks = stack.log_marks()
    tabs: list[Seat] = []
    answers: list[list[dict[str, Any]]] = []
    try:
        first_roll: tuple[Seat, str, int] | None = None
        for _ in range(rounds):
            actor, turn = table.actor(), table.newest()["turn"]
            request_id, got = await _raw_twice(table, actor, actor, "roll", hold=[])
            answers.append(got)
            first_roll = first_roll or (actor, request_id, got[0].get("version"))
            await table.reach(got[0]["version"])
            tab = second_socket(stack, actor)
            tabs.append(tab)
            await tab.connect()
            _id, got = await _raw_twice(table, actor, tab, "place",
                                         **best_place(actor.game))
            answers.append(got)
            await table.reach(got[0]["version"])
            if len((await table.ledger()).turn(turn)["rolls"]) != 1:
                raise Problem(f"turn {turn}: a roll sent twice was applied twice")
        await table.play_turn()
        actor, request_id, version = first_roll
        late = await table.send(actor, "roll", request_id, hold=[])
        ledger, problems = await table.verify()
    finally:
        await asyncio.gather(*(t.close() for t in tabs))
        await table.close()
    problems += [f"one request answered {[(a['type'], a.get('version')) for a in got]}"
                 for got in answers
                 if {a["type"] for a in got} != {"ack"} or len({a["version"] for a in got}) != 1]
    if (late.get("type"), late.get("version")) != ("ack", version):
        problems.append(f"the roll's id sent again later got {late}, not its ack {version}")
    tracebacks = stack.check_logs(marks, problems)
    return {"requests": len(answers) + 1, "answers": sum(len(a) for a in answers) + 1,
            "same_version": all(len({a.get("version") for a in got}) == 1 for got in answers),
            "late_replay": late.get("version") == version,
            "roll_events": len(ledger.of_kind("roll")),
            "rolls_in_turns": sum(len(t["rolls"]) for t in ledger.turns),
            "place_events": len(ledger.of_kind("place")), "boxes_filled": ledger.filled(),
            "server_tracebacks": tracebacks, "problems": problems}


# -- simultaneous ----------------------------------------------------------------


async def simultaneous_round(table: Table, tab: Seat) -> dict[str, Any]:
    """Two players roll at once (only the current one may); then the current player's two
    sockets (``tab`` is the second) fill two different boxes at once (only one may)."""
    actor = table.actor()
    other = next(s for s in table.seats if s is not actor)
    turn = actor.game["turn"]
    rolls = await asyncio.gather(table.send(actor, "roll", hold=[]),
                                 table.send(other, "roll", hold=[]))
    if [a["type"] for a in rolls] != ["ack", "error"] or rolls[1].get("code") != "not_your_turn":
        raise Problem(f"two players rolled at once: {rolls}")
    await table.reach(rolls[0]["version"])
    options = sorted(actor.game["options"], key=lambda o: -o["gain"])[:2]
    places = await asyncio.gather(*(table.send(seat, "place", **place_fields(actor.game, o))
                                    for seat, o in zip((actor, tab), options, strict=True)))
    kinds = sorted(a["type"] for a in places)
    refused = next((a for a in places if a["type"] == "error"), {})
    if kinds != ["ack", "error"] or refused.get("code") != "not_your_turn":
        raise Problem(f"two sockets of one player placed at once: {places}")
    won = options[[a["type"] for a in places].index("ack")]
    ack = next(a for a in places if a["type"] == "ack")
    await table.reach(ack["version"])
    record = (await table.ledger()).turn(turn)
    if (record["box"], len(record["rolls"])) != (won["box"], 1):
        raise Problem(f"turn {turn} holds {record['box']} after {len(record['rolls'])} "
                      f"rolls; the accepted place was {won['box']}")
    return {"versions": [rolls[0]["version"], ack["version"]]}


async def simultaneous(stack: Stack, *, players: int = 2, rounds: int = 3) -> dict[str, Any]:
    """Race actions of two players and of two sockets of one player; see the module
    docstring."""
    table = await open_table(stack, players)
    marks = stack.log_marks()
    tabs = {s.my_seat: second_socket(stack, s) for s in table.seats}
    try:
        await asyncio.gather(*(t.connect() for t in tabs.values()))
        found = []
        for _ in range(rounds):
            found.append(await simultaneous_round(table, tabs[table.actor().my_seat]))
        chats = await asyncio.gather(*(table.send(s, "chat", text=f"hello from {s.login.name}")
                                       for s in table.seats))
        versions = sorted(a.get("version") or 0 for a in chats)
        await table.reach(versions[-1])
        ledger, problems = await table.verify()
    finally:
        await asyncio.gather(*(t.close() for t in tabs.values()))
        await table.close()
    if [a["type"] for a in chats] != ["ack"] * len(chats) or len(set(versions)) != len(chats):
        problems.append(f"players chatting at once got {chats}")
    tracebacks = stack.check_logs(marks, problems)
    return {"rounds": len(found), "refused_as_not_your_turn": 2 * len(found),
            "chat_versions": versions, "chat_events": len(ledger.of_kind("chat")),
            "roll_events": len(ledger.of_kind("roll")),
            "rolls_in_turns": sum(len(t["rolls"]) for t in ledger.turns),
            "place_events": len(ledger.of_kind("place")), "boxes_filled": ledger.filled(),
            "server_tracebacks": tracebacks, "problems": problems}


# -- the command line -------------------------------------------------------------


SUMMARIES: dict[str, Callable[[dict[str, Any]], str]] = {
    "kill_daphne": lambda f: (
        f"killed Daphne -9 {f['kills']} times in mid-game ({f['processes']} process(es), "
        f"{f['players']} players; {f['placed_before_kill']} kills after the place's commit, "
        f"{f['answered_before_kill']} after its answer); {f['reconnects']} reconnects "
        f"re-sent {f['resent']} requests; game "
        f"{f['status']} with {f['place_events']} placements for {f['boxes_filled']} boxes; "
        f"after a restart Daphne answered within {f['boot_s']} s and every client had "
        f"resynced within {f['resync_s']} s"),
    "restart_redis": lambda f: (
        f"restarted Redis ({f['outage_s']} s) then flushed it under a {f['players']}-player "
        f"game on {f['processes']} process(es); {f['reconnects']} reconnects; first move "
        f"after the restart reached everyone in {f['after_restart']['first_ms']} ms, later "
        f"ones {f['after_restart']['later_p50_ms']} ms; after the flush "
        f"{f['after_flush']['first_ms']} / {f['after_flush']['later_p50_ms']} ms; game "
        f"{f['status']}; {f['server_tracebacks']} consumer tracebacks in the logs"),
    "drop_client": lambda f: (
        f"cut a connection {f['drops']} times with a roll or place in flight; "
        f"{f['resent']} requests re-sent; {f['roll_events']} roll events for "
        f"{f['rolls_in_turns']} rolls, {f['place_events']} placements for "
        f"{f['boxes_filled']} boxes; game {f['status']}"),
    "duplicate_request": lambda f: (
        f"sent {f['requests']} requests twice (one socket, two sockets, much later): "
        f"{f['answers']} answers, same version each: {f['same_version']}, late replay: "
        f"{f['late_replay']}; {f['roll_events']} roll events for {f['rolls_in_turns']} rolls"),
    "simultaneous": lambda f: (
        f"raced {f['rounds']} rounds of two rolls and two places: {f['refused_as_not_your_turn']}"
        f" refused as not_your_turn; chats at once got versions {f['chat_versions']}; "
        f"{f['place_events']} placements for {f['boxes_filled']} boxes"),
}


async def run_scenario(name: str, call: Callable[[], Awaitable[dict[str, Any]]]
                       ) -> dict[str, Any]:
    """Run one scenario; a broken promise, a hang or a crash becomes a failed result."""
    began = time.monotonic()
    try:
        found = await call()
    except Exception as exc:  # reported as this scenario's failure; the others still run
        found = {"problems": [f"{type(exc).__name__}: {exc}"]}
    found["seconds"] = round(time.monotonic() - began, 1)
    found["ok"] = not found["problems"]
    try:
        line = SUMMARIES[name](found)
    except KeyError:
        line = "did not finish"
    verdict = "ok" if found["ok"] else "FAILED: " + "; ".join(found["problems"])
    print(f"{name}: {line} -> {verdict}", flush=True)
    return found


class Stacks:
    """The servers of a run, started when a scenario first needs them: the main stack
    and one on a Redis this bench may restart (the same one for ``--stack postgres``)."""

    def __init__(self, kind: str, workdir: Path, exits: contextlib.ExitStack) -> None:
        self.kind, self.workdir, self.exits = kind, workdir, exits
        self._main: Stack | None = None
        self._redis: Stack | None = None

    def main(self) -> Stack:
        """The stack most scenarios play on."""
        if self._main is None:
            if self.kind == "postgres":
                self._main = self._redis = self._postgres()
            else:
                self._main = self.exits.enter_context(running_stack(self.workdir / "main"))
        return self._main

    def with_redis(self) -> Stack:
        """A stack whose Redis may be restarted."""
        if self._redis is None:
            if self.kind == "postgres":
                return self.main()
            redis = self.exits.enter_context(redis_process())
            self._redis = self.exits.enter_context(
                running_stack(self.workdir / "redis", redis=redis))
        return self._redis

    def _postgres(self) -> Stack:
        database = self.exits.enter_context(postgres_server())
        redis = self.exits.enter_context(redis_process())
        return self.exits.enter_context(running_stack(
            self.workdir / "main", database_url=database, redis=redis, processes=2))


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    """Run the chosen scenarios; returns the figures."""
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="faults-") as tmp, \
            contextlib.ExitStack() as exits:
        stacks = Stacks(args.stack, Path(tmp), exits)
        calls: dict[str, Callable[[], Awaitable[dict[str, Any]]]] = {
            "kill_daphne": lambda: kill_daphne(stacks.main(), players=args.players),
            "restart_redis": lambda: restart_redis(stacks.with_redis(), players=args.players,
                                                   ping_every=args.ping),
            "drop_client": lambda: drop_client(stacks.main()),
            "duplicate_request": lambda: duplicate_request(stacks.main()),
            "simultaneous": lambda: simultaneous(stacks.main()),
        }
        for name in args.only or SCENARIOS:
            results[name] = await run_scenario(name, calls[name])
    return {"stack": args.stack, "scenarios": results,
            "ok": all(r["ok"] for r in results.values())}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stack", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--only", action="append", choices=SCENARIOS)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--ping", type=float, default=0.5,
                        help="seconds between a client's pings in restart_redis")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run, print one line per scenario and the JSON figures last; 1 if any failed."""
    result = asyncio.run(main_async(parse_args(argv)))
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
