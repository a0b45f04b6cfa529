"""The victims' game that must never notice the attack, and the arena every fuzz test
shares: the server, its rooms and the sockets in them, with the checks that nothing
changed (``VictimWindow``, ``Arena.assert_log_clean``)."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections import Counter
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.harness.room_client import Login, Seat, next_move
from tests.support.fuzz.live import (
    ANSWER_TIMEOUT,
    Database,
    LoopThread,
    Probe,
    first_answer,
)
from tests.support.fuzz.oracle import Frame, check
from tests.support.fuzz.targets import Strangers, Target

PROBES_PER_ROOM = 8  # attacker sockets per room, sending in parallel
MOVE_GAP = 0.06  # the victims' pause between two moves
BATCH = 48  # frames per hypothesis example
# A 5xx status only where Daphne's access log puts it (host - - [date] "GET path" status
# length): a fuzzed path holding '" 500 ' is logged too, by Django's "Not Found" warning.
SERVER_TROUBLE = re.compile(r'\bERROR\b|Internal Server Error|^\S+ - - \[[^]]*\] ".*" 5\d\d \S+$')


@dataclass(eq=False)
class Table:
    """The victims' game: Vera (host) and Walt play one move every ``MOVE_GAP`` s, and
    Vera starts a rematch when a game is over; every move must be accepted."""

    vera: Seat
    walt: Seat
    acks: list[int] = field(default_factory=list)  # versions of the accepted moves
    turns: int = 0
    refusals: list[dict[str, Any]] = field(default_factory=list)
    # Set to end ``play`` after its move: on Python 3.11 a cancellation that comes as an
    # answer arrives is swallowed by ``asyncio.wait_for``, and the loop would go on.
    stopped: bool = False

    def __post_init__(self) -> None:
        self.running = asyncio.Event()
        self.idle = asyncio.Event()
        self.running.set()
        self.idle.set()

    async def play(self) -> None:
        """Play until stopped (pausing while ``running`` is clear)."""
        while not self.stopped:
            await self.running.wait()
            self.idle.clear()
            try:
                await self.step()
            finally:
                self.idle.set()
            await asyncio.sleep(MOVE_GAP)

    async def step(self) -> None:
        """One move of whoever's turn it is (or a rematch), then wait until both seats
        have seen it."""
        game = self.vera.game
        if game is not None and game["status"] != "playing":
            kind, answer = "rematch", await self.vera.send("rematch")
        else:
            seat = next((s for s in (self.vera, self.walt) if s.my_turn()), None)
            if seat is None:
                return
            assert seat.game is not None  # it is the seat's turn in a game
            move = dict(next_move(seat.game))
            kind = move.pop("type")
            answer = await seat.send(kind, **move)
        if answer["type"] != "ack":
            self.refusals.append(answer)
            return
        self.acks.append(answer["version"])
        self.turns += kind == "place"
        await asyncio.gather(
            self.vera.reached(answer["version"]), self.walt.reached(answer["version"])
        )

    async def pause(self) -> int:
        """Stop after the move in hand; returns the room's version."""
        self.running.clear()
        await self.idle.wait()
        return self.vera.version

    def resume(self) -> None:
        """Play on."""
        self.running.set()

    def agree(self) -> None:
        """Both seats show the same version and the same game; nothing was refused and
        neither socket dropped."""
        assert self.refusals == []
        assert self.vera.reconnects == self.walt.reconnects == 0
        assert self.vera.version == self.walt.version
        assert shared(self.vera.game) == shared(self.walt.game)


def shared(game: dict[str, Any] | None) -> dict[str, Any] | None:
    """The part of a ``game`` every viewer sees alike."""
    if game is None:
        return None
    return {k: v for k, v in game.items() if k not in ("options", "seconds_left")}


@dataclass(eq=False)
class Arena:
    """Everything the tests share: the server, its rooms and the sockets in them."""

    base_url: str
    workdir: Path
    runner: LoopThread
    logins: dict[str, Login]  # vera, walt, hank, mal, lou
    players: dict[str, int]  # player ids of vera, walt, hank, mal
    codes: dict[str, str]  # rooms V, A, S, L
    table: Table
    anchors: dict[str, Seat]  # Mal's quiet sockets in A and S: they keep Mal online
    probes: dict[str, list[Probe]]  # Mal's sockets that send the frames, in A and S
    log_checked: int = 0

    def __post_init__(self) -> None:
        self.db = Database(self.workdir / "db.sqlite3")
        self.cycles = {room: itertools.cycle(pool) for room, pool in self.probes.items()}
        self.strangers = Strangers(self.codes["V"], tuple(self.players.values()))
        self.targets = {
            "A": target_of("A", self.codes["A"], self.anchors["A"], my_turn=False),
            "S": target_of("S", self.codes["S"], self.anchors["S"], my_turn=True),
        }

    def snapshot(self, room: str, who: str) -> tuple[int, Any]:
        """A fresh ``state`` of the room through a new socket of ``who``: its version
        and its game (as every viewer sees it)."""
        state = self.runner.run(first_answer(self.base_url, self.codes[room], self.logins[who]))
        assert isinstance(state, dict) and state["type"] == "state", state
        return state["version"], shared(state["game"])

    def attacker_rooms(self) -> dict[str, tuple[int, Any]]:
        """Fresh snapshots of Mal's rooms A and S."""
        return {room: self.snapshot(room, "mal") for room in ("A", "S")}

    def submit(self, batch: list[tuple[str, Frame]]) -> Future[Counter[str]]:
        """Start sending frames over the rooms' probes (each probe's share in order, the
        probes in parallel), checking every answer; the future holds the answers by error
        code, or the first failed check once all the probes are done."""
        queues: dict[Probe, list[Frame]] = {}
        for room, frame in batch:
            queues.setdefault(next(self.cycles[room]), []).append(frame)

        async def send(probe: Probe, frames_: list[Frame]) -> list[str]:
            return [check(frame, await probe.ask(frame)) for frame in frames_]

        async def send_all() -> Counter[str]:
            results = await asyncio.gather(
                *(send(p, f) for p, f in queues.items()), return_exceptions=True
            )
            for result in results:
                if isinstance(result, BaseException):
                    raise result
            return Counter(
                code for codes in results if not isinstance(codes, BaseException) for code in codes
            )

        return self.runner.submit(send_all())

    def fire(self, batch: list[tuple[str, Frame]]) -> Counter[str]:
        """Send frames and check their answers (see ``submit``)."""
        return self.submit(batch).result(ANSWER_TIMEOUT * len(batch))

    def assert_log_clean(self) -> None:
        """No traceback, error or 500 in the server's log since the last look."""
        text = (self.workdir / "daphne.log").read_text(errors="replace")
        fresh, self.log_checked = text[self.log_checked :], len(text)
        trouble = server_trouble(fresh.splitlines())
        assert trouble == [], "\n".join(trouble[:20])


def server_trouble(lines: list[str]) -> list[str]:
    """The lines of a server log that tell of an error: ERROR records, 500 responses and
    tracebacks (by their last line), except the traceback Django's DEBUG logging adds to
    its warning about a page refused with ``PermissionDenied`` (a 403 by design)."""
    trouble = [line for line in lines if SERVER_TROUBLE.search(line)]
    for start, line in enumerate(lines):
        if line.startswith("Traceback"):
            last = next(
                (found for found in lines[start + 1 :] if not found.startswith(" ")), "(cut off)"
            )
            if not last.startswith("django.core.exceptions.PermissionDenied:"):
                trouble += [line, last]
    return trouble


class VictimWindow:
    """From its start to ``close()``: every change of the victims' room was one of their
    own accepted moves, they finished enough turns, and they agree."""

    def __init__(self, arena: Arena) -> None:
        self.arena, table = arena, arena.table
        self.start = arena.runner.run(table.pause())
        table.acks.clear()
        self.turns = table.turns
        table.resume()

    def close(self, min_turns: int) -> int:
        """Check the window (the victims pause meanwhile); returns the turns played."""
        arena, table = self.arena, self.arena.table
        arena.runner.run(table.pause())
        try:
            events = arena.db.events_after(arena.codes["V"], self.start)
            assert [seq for seq, _kind, _actor in events] == table.acks
            assert {actor for _seq, _kind, actor in events} <= {
                arena.players["vera"],
                arena.players["walt"],
            }
            assert table.turns - self.turns >= min_turns
            table.agree()
        finally:
            table.resume()
        return table.turns - self.turns


class Volleys:
    """Sends each batch while hypothesis makes the next one.  A failed check is kept
    (hypothesis would blame the example being made) and raised by ``finish()``; nothing
    more is sent after one."""

    def __init__(self, arena: Arena) -> None:
        self.arena = arena
        self.pending: Future[Counter[str]] | None = None
        self.failure: AssertionError | None = None
        self.sent: Counter[str] = Counter()

    def fire(self, batch: list[tuple[str, Frame]]) -> None:
        """Wait for the batch before, then start this one."""
        self._collect()
        if self.failure is None:
            self.pending = self.arena.submit(batch)

    def finish(self) -> Counter[str]:
        """Wait for the last batch; the answers sent by error code, or the failure."""
        self._collect()
        if self.failure is not None:
            raise self.failure
        return self.sent

    def _collect(self) -> None:
        pending, self.pending = self.pending, None
        if pending is not None:
            try:
                self.sent.update(pending.result(ANSWER_TIMEOUT * BATCH))
            except AssertionError as exc:
                self.failure = exc


def target_of(name: str, code: str, seat: Seat, my_turn: bool) -> Target:
    """The fuzzer's view of one of Mal's rooms, from Mal's state there."""
    assert seat.game is not None
    ruleset = seat.game["ruleset"]
    boxes = tuple(b["key"] for section in ruleset["sections"] for b in section["boxes"])
    return Target(name, code, my_turn, boxes, tuple(c["key"] for c in ruleset["columns"]))


def presence(seat: Seat, name: str) -> str:
    """How the seat's newest state shows the member called ``name``."""
    assert seat.state is not None
    shown: str = next(m["presence"] for m in seat.state["members"] if m["name"] == name)
    return shown


async def seat_in(login: Login, code: str) -> Seat:
    """A connected ``Seat``."""
    seat = Seat(login, code)
    await seat.connect()
    return seat


async def accepted(seat: Seat, kind: str, **fields: Any) -> int:
    """Send a request that must be accepted; returns the version, once the seat has it."""
    answer = await seat.send(kind, **fields)
    assert answer["type"] == "ack", answer
    version: int = answer["version"]
    await seat.reached(version)
    return version


@dataclass
class Setup:
    """What ``set_tables`` started."""

    table: Table
    anchors: dict[str, Seat]
    probes: dict[str, list[Probe]]
    players: dict[str, int]
    task: asyncio.Task[None]


async def set_tables(base_url: str, logins: dict[str, Login], codes: dict[str, str]) -> Setup:
    """Start the victims' game (and its background play), Hank's game in A (then Hank
    goes), Mal's solo game in S with a first roll, and Mal's sockets."""
    vera, walt = (
        await seat_in(logins["vera"], codes["V"]),
        await seat_in(logins["walt"], codes["V"]),
    )
    await walt.reached(await accepted(vera, "start"))
    hank, mal_a = (
        await seat_in(logins["hank"], codes["A"]),
        await seat_in(logins["mal"], codes["A"]),
    )
    await mal_a.reached(await accepted(hank, "start"))
    await hank.close()
    await mal_a.wait_for(lambda: presence(mal_a, "Hank") != "online")
    mal_s = await seat_in(logins["mal"], codes["S"])
    await accepted(mal_s, "start")
    await accepted(mal_s, "roll", hold=[])
    probes = {
        room: [Probe(base_url, codes[room], logins["mal"]) for _ in range(PROBES_PER_ROOM)]
        for room in ("A", "S")
    }
    await asyncio.gather(*(probe.open() for pool in probes.values() for probe in pool))
    assert vera.state and walt.state and mal_a.game and mal_a.state
    players = {
        "vera": vera.state["you"]["player"],
        "walt": walt.state["you"]["player"],
        "hank": mal_a.game["seats"][0]["player"],
        "mal": mal_a.state["you"]["player"],
    }
    table = Table(vera, walt)
    task = asyncio.get_running_loop().create_task(table.play())
    return Setup(table, {"A": mal_a, "S": mal_s}, probes, players, task)


async def tear_down(setup: Setup) -> None:
    """Stop the victims' game and close every socket."""
    setup.table.stopped = True
    setup.table.running.set()
    setup.task.cancel()
    await asyncio.gather(setup.task, return_exceptions=True)
    seats = [setup.table.vera, setup.table.walt, *setup.anchors.values()]
    probes = [probe for pool in setup.probes.values() for probe in pool]
    await asyncio.gather(
        *(s.close() for s in seats), *(p.close() for p in probes), return_exceptions=True
    )
