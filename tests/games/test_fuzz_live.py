"""Hostile input against a live server: hypothesis throws thousands of malformed and
malicious websocket frames and form posts at a real Daphne process while two people
play a game on it, and checks that each one is refused clearly and changes nothing.

The cast, on one server (``bench.harness.live_server.serve``: a fresh SQLite file):

* the victims' table (room V): Vera (host) and Walt play Yahtzee move after move in a
  background task for the whole module, and must never notice the attack;
* the attacker Mal's own tables: room A, where Mal has seat 1 but Hank (the host, gone)
  has the turn, so every action of Mal's is refused; and room S, Mal's solo game (host,
  Mal's turn, dice rolled), where only invalid moves are tried;
* a lobby (room L) that takes the fuzzed join form.

Every frame gets what docs/protocol.md promises: an ``error`` with a documented code
and a message (carrying the request id, or ``null`` when the frame could not carry
one), a ``pong``, a ``state`` for ``sync``, or a closed socket for what Daphne itself
refuses (over 1 MiB, invalid UTF-8); never an ``ack``, never silence.  Every form post
gets 403, 400 with the error shown, or a redirect exactly when it was valid; never a
500.  The rooms' versions and event logs show that nothing changed, and the server's log
stays free of errors, 500s and tracebacks.  Each socket sends at most 16 frames a
second, under the limit of 20, so that the frames reach the handlers instead of the rate
limit; wrong room codes stay well below the guess limit of 20 an address.

The harness (frame and form generators, the oracle, probes, the arena) is in
``tests/support/fuzz/``.
"""

from __future__ import annotations

import re
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from functools import partial

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from bench.harness.live_server import serve
from bench.harness.room_client import join_room, open_room
from tests.support.fuzz.arena import BATCH, Arena, VictimWindow, Volleys, set_tables, tear_down
from tests.support.fuzz.forms import (
    FORM_TEXT,
    FormPost,
    expected_status,
    form_posts,
    garbled,
    send_post,
)
from tests.support.fuzz.frames import frames
from tests.support.fuzz.handpicked import handpicked
from tests.support.fuzz.live import Browser, LoopThread, first_answer
from tests.support.fuzz.oracle import Frame

# Not in the PostgreSQL pass (docs/decisions/0007): its live server serves a SQLite file
# of its own.
pytestmark = pytest.mark.sqlite_pass_only

FRAME_EXAMPLES = 30  # examples of ``BATCH`` frames: 1,440 generated frames
POST_EXAMPLES = 150
LOOKUP_EXAMPLES = 6  # wrong room codes: well below the guess limit of 20 an address
MIN_TURNS = 10  # turns the victims finish while the fuzzer runs
LOBBY_SEATS = 8
# No shrinking: each example costs a live server real time, and a failure names its frame.
FUZZ = settings(
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
    phases=(Phase.explicit, Phase.generate),
)


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    """A live server: the victims playing in V, Mal seated in A and alone in S, Lou's
    empty lobby L; rooms opened through the real forms."""
    workdir = tmp_path_factory.mktemp("fuzz-live")
    with serve(
        workdir, GAMES_BOT_DELAY_SECONDS="0.05", GAMES_AWAY_FOR_HANDOVER_SECONDS="3600"
    ) as base_url:
        logins, codes = {}, {}
        logins["vera"], codes["V"] = open_room(base_url, "Vera", seats=2)
        logins["walt"] = join_room(base_url, codes["V"], "Walt")
        logins["hank"], codes["A"] = open_room(base_url, "Hank", seats=2)
        logins["mal"] = join_room(base_url, codes["A"], "Mal")
        _same, codes["S"] = open_room(base_url, "Mal", seats=1, login=logins["mal"])
        logins["lou"], codes["L"] = open_room(base_url, "Lou", seats=LOBBY_SEATS)
        runner = LoopThread()
        try:
            setup = runner.run(set_tables(base_url, logins, codes))
            try:
                yield Arena(
                    base_url,
                    workdir,
                    runner,
                    logins,
                    setup.players,
                    codes,
                    setup.table,
                    setup.anchors,
                    setup.probes,
                )
            finally:
                runner.run(tear_down(setup))
        finally:
            runner.stop()


def test_strangers_cannot_open_the_victims_socket(arena: Arena) -> None:
    """Mal (a member of other rooms), a visitor without a session, Vera at Mal's table
    and Hank at Mal's solo table are turned away with 4403; codes that name no room
    (two misses of the guess limit) with 4404.  The victims notice nothing."""
    window = VictimWindow(arena)
    base, codes, logins = arena.base_url, arena.codes, arena.logins
    tries = [
        (codes["V"], logins["mal"]),
        (codes["V"], None),
        (codes["A"], logins["vera"]),
        (codes["S"], logins["hank"]),
        (codes["V"][::-1], logins["mal"]),
        (codes["V"].upper(), logins["mal"]),
    ]

    async def knock() -> list[object]:
        return [await first_answer(base, code, login) for code, login in tries]

    assert arena.runner.run(knock()) == [4403, 4403, 4403, 4403, 4404, 4404]
    window.close(min_turns=0)
    arena.assert_log_clean()


def test_handpicked_hostile_frames(arena: Arena) -> None:
    """The classics get exactly their answers, and nothing changes: fresh states of the
    victims' room (paused meanwhile) and of Mal's rooms are the same before and after."""
    arena.runner.run(arena.table.pause())
    try:
        before = {"V": arena.snapshot("V", "vera"), **arena.attacker_rooms()}
        outcomes = arena.fire(handpicked(arena))
        assert {"V": arena.snapshot("V", "vera"), **arena.attacker_rooms()} == before
    finally:
        arena.table.resume()
    assert outcomes["rate_limited"] == 0
    arena.assert_log_clean()


def _in_room(room: str, frame: Frame) -> tuple[str, Frame]:
    return room, frame


def test_fuzzed_frames(arena: Arena) -> None:
    """Thousands of generated frames at Mal's rooms while the victims play: each gets a
    clear answer, Mal's rooms stay as they were, the victims' room changes only by their
    own moves (at least ``MIN_TURNS`` turns), and the server logs no error."""
    window = VictimWindow(arena)
    before = arena.attacker_rooms()
    volleys = Volleys(arena)
    one = st.one_of(
        *(
            frames(target, arena.strangers).map(partial(_in_room, room))
            for room, target in arena.targets.items()
        )
    )

    @settings(FUZZ, max_examples=FRAME_EXAMPLES)
    @given(batch=st.lists(one, min_size=BATCH, max_size=BATCH))
    def attack(batch: list[tuple[str, Frame]]) -> None:
        volleys.fire(batch)

    attack()
    sent = volleys.finish()
    assert arena.attacker_rooms() == before
    turns = window.close(min_turns=MIN_TURNS)
    total = sum(sent.values())
    assert total >= BATCH * FRAME_EXAMPLES * 0.9, sent
    assert sent["rate_limited"] <= total // 50, sent  # nearly all reach the handlers
    print(f"{total} frames while the victims played {turns} turns: {dict(sent.most_common())}")
    arena.assert_log_clean()


def test_fuzzed_form_posts(arena: Arena) -> None:
    """Generated posts of the create and join forms: 403 without a good CSRF token; with
    one, a redirect to the room exactly when the form is valid (and the lobby has a free
    seat), else 400 with the error shown; never a 500.  The rooms created and the lobby's
    new members are exactly the redirects; the victims' room and Mal's gain nobody."""
    db, codes = arena.db, arena.codes
    rooms, members = db.room_count(), {room: db.members(codes[room]) for room in "VAL"}
    redirects: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    csrf = Browser(arena.base_url).csrf_cookie()
    window = VictimWindow(arena)

    @settings(FUZZ, max_examples=POST_EXAMPLES)
    @given(post=form_posts())
    @example(post=garbled(seats="\u00b2"))  # a digit to str.isdigit, not to int()
    @example(post=garbled(seats="9" * 5000))  # over int()'s 4300 digits
    @example(post=garbled(turn_seconds="9" * 5000))
    def attack(post: FormPost) -> None:
        reply = send_post(arena, post, csrf)
        statuses[reply.status] += 1
        assert reply.status == expected_status(post, LOBBY_SEATS - 1 - redirects["L"]), (
            post,
            reply.status,
            reply.body[:300],
        )
        if reply.status == 302:
            assert re.fullmatch(r"/r/[a-z0-9]+/", reply.location), reply.location
            redirects[post.room or "create"] += 1
        elif reply.status == 400:
            assert (
                'data-testid="create-error"' in reply.body
                or 'data-testid="join-error"' in reply.body
            ), reply.body[:300]
        else:  # the site's page for a failed CSRF check
            assert 'data-status="403"' in reply.body and "This form has expired" in reply.body

    attack()
    print(f"{sum(statuses.values())} form posts: {dict(statuses)}, redirects {dict(redirects)}")
    assert db.room_count() == rooms + redirects["create"]
    assert {room: db.members(codes[room]) for room in "VAL"} == {
        "V": members["V"],
        "A": members["A"],
        "L": members["L"] + redirects["L"],
    }
    window.close(min_turns=0)
    arena.assert_log_clean()


def test_fuzzed_room_lookups(arena: Arena) -> None:
    """Pages asked for with garbage: a few codes that name no room get 404 (they count
    against the guess limit, so a 429 would do too); review pages of the victims' room
    with any game number get 403 for a stranger and 404 for a member; rules of unknown
    variants 404; the join-by-code form only redirects.  Never a 500."""
    window = VictimWindow(arena)
    victims = arena.codes["V"]

    @settings(FUZZ, max_examples=LOOKUP_EXAMPLES)
    @given(code=FORM_TEXT.filter(lambda c: c.strip() not in arena.codes.values()))
    def wrong_codes(code: str) -> None:
        quoted = urllib.parse.quote(code, safe="")
        assert Browser(arena.base_url).request(f"/r/{quoted}/").status in (404, 429)

    @settings(FUZZ, max_examples=30)
    @given(
        number=st.one_of(st.just(0), st.integers(1000, 10**30)),
        who=st.sampled_from(("vera", "mal", None)),
    )
    def reviews(number: int, who: str | None) -> None:
        browser = Browser(arena.base_url, arena.logins[who].jar if who else None)
        status = browser.request(f"/r/{victims}/games/{number}/review/").status
        assert status == (404 if who == "vera" else 403)

    @settings(FUZZ, max_examples=30)
    @given(garbage=FORM_TEXT)
    @example(garbage="../../etc/passwd")  # no room URL can hold a "/"
    @example(garbage=f"http://host/r/{victims}/games/1/review/")
    def other_pages(garbage: str) -> None:
        quoted, query = (
            urllib.parse.quote(garbage, safe=""),
            urllib.parse.urlencode({"code": garbage}),
        )
        browser = Browser(arena.base_url)
        assert browser.request(f"/rules/{quoted}/").status == 404
        assert browser.request(f"/rooms/find/?{query}").status == 302
        assert browser.request(f"/r/{victims}/?{query}").status == 200

    wrong_codes()
    reviews()
    other_pages()
    window.close(min_turns=0)
    arena.assert_log_clean()
