"""A soak's players: rooms opened through nginx in one of the modes, their games played
move by move by scripted seats, a rematch when a game ends and a new room every few
games, each request counted in the run's ``WindowTally``.

A request is sent as a page sends it: re-sent under its id after a reconnect (``Seat``
does that) and again when no answer came for a while, for up to ``LOST_AFTER`` seconds;
then, or when some player of the room did not receive the version it made within
``REACH_AFTER`` seconds, it is lost.
"""

from __future__ import annotations

import asyncio
import copy
import random
import time
import urllib.error
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.harness.faults.stack import Problem
from bench.harness.faults.table import Table
from bench.harness.room_client import ClientError, Seat, join_room, new_id, next_move, open_room
from bench.harness.soak.modes import Mode
from bench.harness.soak.windows import WindowTally

LOST_AFTER = 120.0  # seconds a request is re-sent unanswered before it counts as lost
REACH_AFTER = 60.0  # seconds every player has to receive the version a request made
GAMES_PER_ROOM = 3  # a game, then rematches; then the players open a new room
PING_EVERY = 15.0  # as the room page pings
OPEN_RETRY_PAUSE = 2.0  # seconds before opening a room again when a fault broke the try


def shown(game: dict[str, Any]) -> dict[str, Any]:
    """What ``shown_problems`` compares of a game as a player shows it."""
    return {
        "version": game.get("version"),
        "status": game.get("status"),
        "duplicate": game.get("duplicate"),
        "seats": [
            {"seat": s["seat"], "boxes": copy.deepcopy(s["boxes"]), "total": s["total"]}
            for s in game.get("seats", [])
        ],
    }


@dataclass
class Room:
    """A room the soak played in, for the database check afterwards."""

    code: str
    mode: str
    database_url: str
    table: Table | None = None  # its players, while they are connected
    games: int = 0  # games started
    ends: dict[int, list[tuple[str, dict[str, Any], int | None]]] = field(default_factory=dict)
    # by game number, once it finished: each player's (name, game as shown, own seat)

    def keep_end(self, number: int) -> None:
        """Note how each player shows game ``number``, finished (what the database must
        hold): its version and scorecards."""
        assert self.table is not None  # its players are here
        self.ends[number] = [
            (s.login.name, shown(s.game or {}), s.my_seat) for s in self.table.seats
        ]


@dataclass
class Players:
    """What every room of a soak shares: where to play, how, and what to count."""

    url: str  # nginx's
    database_url: str
    players: int  # per room
    pause: float  # seconds a player thinks before each move (on average)
    tally: WindowTally
    stop: asyncio.Event
    rooms: list[Room] = field(default_factory=list)
    open_retries: int = 0  # room openings a fault broke and that went again
    left_reconnects: int = 0  # the reconnects of the players of rooms left

    def seats(self) -> list[Seat]:
        """Every connected player of every room."""
        return [s for r in self.rooms if r.table is not None for s in r.table.seats]

    def reconnects(self) -> int:
        """How many times the players' connections were lost and made again."""
        return self.left_reconnects + sum(s.reconnects for s in self.seats())

    async def leave(self, room: Room) -> None:
        """Close the sockets of ``room``'s players."""
        if room.table is not None:
            table, room.table = room.table, None
            self.left_reconnects += sum(s.reconnects for s in table.seats)
            await table.close()

    async def close(self) -> None:
        """Close every player's socket."""
        for room in self.rooms:
            await self.leave(room)


async def _answer(
    seat: Seat, kind: str, request_id: str, fields: dict[str, Any]
) -> dict[str, Any] | None:
    """``seat``'s request's answer, re-sent under its id until ``LOST_AFTER``; ``None``
    when none came."""
    deadline = time.monotonic() + LOST_AFTER
    while True:
        try:
            answer = await seat.send(kind, request_id, **fields)
        except TimeoutError:
            if time.monotonic() > deadline:
                return None
            continue
        except ClientError:  # the server closed the socket for good
            return None
        if answer.get("code") != "rate_limited":
            return answer
        await asyncio.sleep(1.0)  # as Table.act does: a page's burst, sent again


async def request(
    players: Players, table: Table, seat: Seat, kind: str, **fields: Any
) -> dict[str, Any] | None:
    """Send one request and wait until every player of ``table`` holds the version its
    ``ack`` names; returns the ``ack``, or ``None`` when it was refused or lost (counted
    in the tally either way)."""
    sent = time.monotonic()
    window = players.tally.opened(sent)
    answer = await _answer(seat, kind, new_id(), fields)
    if answer is None:
        players.tally.lost(window, kind, "unanswered")
        return None
    if answer.get("type") != "ack":
        players.tally.refused(window, kind, str(answer.get("code")))
        return None
    try:
        arrived = await table.reach(answer["version"], timeout=REACH_AFTER)
    except (Problem, ClientError):  # some player never received it
        players.tally.lost(window, kind, "not_received")
        return None
    players.tally.answered(window, kind, arrived - sent)
    return answer


async def _first_of(seat: Seat, test: Callable[[], bool], stop: asyncio.Event) -> bool:
    """Wait until ``test()`` holds for ``seat`` (``True``) or ``stop`` is set (``False``)."""
    turn = asyncio.ensure_future(seat.wait_for(test, timeout=24 * 3600))
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({turn, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (turn, stopping):
            task.cancel()
        await asyncio.gather(turn, stopping, return_exceptions=True)
    return turn.done() and not turn.cancelled() and turn.exception() is None


def _over(seat: Seat) -> bool:
    return not seat.game or seat.game["status"] != "playing"


async def play_seat(players: Players, table: Table, seat: Seat) -> None:
    """Play ``seat``'s moves of the table's game (its turns, or its turn of each round when
    everyone plays at once) until the game is over or the soak stops."""
    while not players.stop.is_set():
        if not await _first_of(seat, lambda: seat.my_turn() or _over(seat), players.stop):
            return
        if _over(seat):
            return
        await asyncio.sleep(random.uniform(0.5, 1.5) * players.pause)
        assert seat.game is not None  # it is this seat's turn
        move = next_move(seat.game)
        if await request(players, table, seat, move.pop("type"), **move) is None:
            await seat.resync()  # refused or lost: look again before the next try
            await asyncio.sleep(1.0)


async def open_mode_room(players: Players, mode: Mode, index: int) -> Table | None:
    """A room of ``players.players`` through nginx's forms, every socket open; opened
    again (another room) when a fault broke the try; ``None`` if the soak stopped."""
    while not players.stop.is_set():
        seats: list[Seat] = []
        try:
            host, code = await asyncio.to_thread(
                open_room, players.url, f"Host {index}", ruleset=mode.ruleset, seats=players.players
            )
            logins = [host] + [
                await asyncio.to_thread(join_room, players.url, code, f"Player {index}.{n}")
                for n in range(1, players.players)
            ]
            seats = [Seat(login, code, ping_every=PING_EVERY) for login in logins]
            await asyncio.gather(*(s.connect(retry=True) for s in seats))
            return Table(code, seats, players.database_url)
        except (ClientError, OSError, urllib.error.URLError, TimeoutError):
            await asyncio.gather(*(s.close() for s in seats))
            players.open_retries += 1
            await asyncio.sleep(OPEN_RETRY_PAUSE)
    return None


async def _next_game(players: Players, room: Room, mode: Mode) -> bool:
    """Start the room's next game (configure and start the first, then a rematch);
    whether it started."""
    assert room.table is not None  # its players are here
    host = room.table.seats[0]
    if room.games == 0:
        configure = mode.configure(len(room.table.seats))
        if await request(players, room.table, host, "configure", **configure) is None:
            return False
    kind = "start" if room.games == 0 else "rematch"
    if await request(players, room.table, host, kind) is None:
        return False
    room.games += 1
    return True


async def play_rooms(players: Players, mode: Mode, index: int) -> None:
    """Play ``mode`` in room after room until the soak stops: a game, rematches, then a
    new room. The last room's players stay connected (for the check afterwards)."""
    while not players.stop.is_set():
        table = await open_mode_room(players, mode, index)
        if table is None:
            return
        room = Room(table.code, mode.name, players.database_url, table)
        players.rooms.append(room)
        while room.games < GAMES_PER_ROOM and not players.stop.is_set():
            if not await _next_game(players, room, mode):
                break
            await asyncio.gather(*(play_seat(players, table, s) for s in table.seats))
            if table.newest().get("status") != "finished":
                return  # the soak stopped in mid-game
            room.keep_end(room.games)
        if players.stop.is_set():
            return
        await players.leave(room)
