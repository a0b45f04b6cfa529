"""Turns played for the people behind browser pages over websockets of their own, with
their pages' cookies (the same players, as from another tab), without drawing anything: a
test that asserts how a game ends plays its middle this way and only the turns it looks
at through the pages, which still receive and draw every move."""

from __future__ import annotations

import asyncio
import http.cookiejar
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from playwright.sync_api import Page

from bench.harness.room_client import Login, Seat, next_move, placements

TIMEOUT = 120.0  # seconds for all the turns; only a broken test waits this long


def login_of(page: Page, base_url: str) -> Login:
    """The session of ``page``'s browser context as a scripted player's login."""
    login = Login(base_url, "page")
    for c in page.context.cookies():
        login.jar.set_cookie(
            http.cookiejar.Cookie(
                0,
                c["name"],
                c["value"],
                None,
                False,
                c["domain"],
                False,
                False,
                c["path"],
                True,
                c["secure"],
                None,
                False,
                None,
                None,
                {},
            )
        )
    return login


def _move(game: dict[str, Any]) -> dict[str, Any]:
    """What ``tables.play_turn`` does on a page: roll once, then fill the first box that
    can be scored (announcing first where Yam's requires it)."""
    if game.get("must_announce") or not game["dice"]:
        return next_move(game)
    option = placements(game)[0]
    return {"type": "place", "box": option["box"], "column": option["column"]}


async def _play(logins: list[Login], code: str, turns: int) -> None:
    seats = [Seat(login, code) for login in logins]
    for seat in seats:
        await seat.connect()
    try:
        for _ in range(turns):
            newest = max(seats, key=lambda s: s.version)
            for seat in seats:  # each then knows whether a turn of its own is open
                await seat.reached(newest.version)
            game = newest.game
            assert game is not None and game["status"] == "playing", game
            # One after another, every view names the seat to play; everyone at once,
            # each view names its own seat while its turn of the round is open.
            actor = next(s for s in seats if s.game and s.game["current_seat"] == s.my_seat)
            while True:
                assert actor.game is not None  # found by its game above
                move = _move(actor.game)
                kind = move.pop("type")
                answer = await actor.send(kind, **move)
                if answer.get("code") == "rate_limited":  # a polite client waits, asks again
                    await asyncio.sleep(0.25)
                    continue
                assert answer["type"] == "ack", answer
                await actor.reached(answer["version"])
                if kind == "place":
                    break
    finally:
        for seat in seats:
            await seat.close()


def play_turns(pages: Sequence[Page], base_url: str, code: str, turns: int) -> None:
    """Play the next ``turns`` turns of room ``code``'s game for the seated people behind
    ``pages`` (every turn in that stretch must be one of theirs; everyone's turn at once,
    each round's in seat order) as ``tables.play_turn``
    would (``_move``), asking again a moment later when over the socket's message rate.
    Playwright's synchronous API holds this thread's event loop, so the sockets run in a
    thread of their own."""
    logins = [login_of(page, base_url) for page in pages]
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, _play(logins, code, turns)).result(TIMEOUT)
