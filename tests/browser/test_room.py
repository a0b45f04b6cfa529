"""Rooms in a real Chromium against a live Daphne: people create, join, play and watch
through the pages only (clicks and keys), each in their own browser context; the page
reconnects and catches up, and names and chat show as text. (Holds, bots, the keyboard
and Yam's announcements at the table: test_table_play.py; the host's controls:
test_host.py.)"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import TypedDict

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.browser.by_socket import play_turns
from tests.browser.past_games import (
    YATZY_BOXES,
    Scores,
    check_the_first_steps_of_the_replay,
    check_the_past_games,
    check_the_replay_moves_end_to_end,
    check_the_review,
)
from tests.browser.tables import (
    PHONE,
    connected,
    create_room,
    dice,
    final_scores,
    held,
    join_room,
    my_turn,
    newest_seq,
    place_first_box,
    play_turn,
    roll,
    same_newest_event,
    tabs_to,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]


def test_two_play_yatzy_while_a_third_watches_then_joins_the_rematch(
    new_page: NewPage, live_url: str
) -> None:
    # Cy watches on a phone.
    ada, bob, cy = new_page(name="ada"), new_page(name="bob"), new_page(viewport=PHONE, name="cy")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=3)
    expect(ada.get_by_test_id("invite-url")).to_have_value(re.compile(rf"/r/{code}/$"))
    join_room(bob, code, name="Bob")
    chat_in_the_lobby(ada, bob)
    start_as_cy_comes_to_watch(ada, cy, code)
    play_the_game_with_cy_watching(ada, bob, cy, live_url, code)
    scores = see_the_same_results(ada, bob, cy)
    # Ada reviews her game: each of her decisions against the coach's best.
    check_the_review(ada, code)
    # The room's past games: this one, ranked, with its replay and Ada's review.
    check_the_past_games(ada, code, scores)
    check_the_first_steps_of_the_replay(ada)
    check_the_replay_moves_end_to_end(ada, code, scores)
    ada.goto(f"/r/{code}/")
    connected(ada)
    assert tabs_to(ada, "rematch") <= 3  # "Skip to the table", then the results
    cy_plays_the_rematch(ada, bob, cy, live_url, code)


def chat_in_the_lobby(ada: Page, bob: Page) -> None:
    """Both see both seats, Bob online, and only the host may start; Bob's chat reaches
    Ada, and her move log is not redrawn for it."""
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Bob")
    expect(ada.get_by_test_id("seat-1").locator("[data-presence]")).to_have_attribute(
        "data-presence", "online"
    )
    expect(bob.get_by_test_id("seat-0")).to_contain_text("Ada")
    expect(bob.get_by_test_id("start")).to_have_count(0)  # only the host starts

    ada.evaluate("document.querySelector('[data-testid=log-list] li').dataset.kept = 'yes'")
    bob.get_by_test_id("chat-input").fill("good luck!")
    bob.get_by_test_id("chat-input").press("Enter")
    expect(ada.get_by_test_id("chat-list")).to_contain_text("good luck!")
    expect(ada.locator("[data-testid=log-list] li[data-kept=yes]")).to_have_count(1)


def start_as_cy_comes_to_watch(ada: Page, cy: Page, code: str) -> None:
    """Ada starts with two of three seats taken (a new log line, the old ones kept);
    Cy comes in to watch, and cannot take the free seat until the game ends."""
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    expect(ada.locator("[data-testid=log-list] li").first).to_contain_text("started")
    expect(ada.locator("[data-testid=log-list] li[data-kept=yes]")).to_have_count(1)
    join_room(cy, code, name="Cy")
    expect(cy.get_by_test_id("turn-status")).to_contain_text("Ada's turn")
    expect(cy.get_by_test_id("roll")).to_have_count(0)
    expect(cy.get_by_test_id("take-seat")).to_have_count(0)
    expect(ada.get_by_test_id("spectators")).to_contain_text("Cy")


def round_through_the_pages(ada: Page, bob: Page, cy: Page, moves: int) -> int:
    """Ada and Bob each roll and fill their first open box through the page, Cy seeing
    each move as it happens; returns ``moves`` counted on by the four moves."""
    for page in (ada, bob):
        wait_my_turn(page)
        roll(page)
        moves += 1
        # The spectator sees the roll as it happens: same newest log entry, same dice.
        same_newest_event(cy, page)
        assert dice(cy) == dice(page)
        box = place_first_box(page)
        moves += 1
        same_newest_event(cy, page)
        seat, column, key = ("0" if page is ada else "1"), *box.split("-", 2)[1:]
        assert cy.locator(f"td[data-cell='{seat}-{column}-{key}'].is-filled").count() == 1
        if moves == 2:  # Ada's first box: the watcher's page keeps that cell to the end
            cy.evaluate("window.firstFilled = document.querySelector('td.is-filled')")
    return moves


def play_the_game_with_cy_watching(
    ada: Page, bob: Page, cy: Page, live_url: str, code: str
) -> None:
    """The first round and the last through the pages; the thirteen between over the
    players' own sockets, which every page draws as they come (docs/decisions/0007)."""
    moves = round_through_the_pages(ada, bob, cy, 0)
    play_turns((ada, bob), live_url, code, 2 * (YATZY_BOXES - 2))
    expect(cy.locator("[data-testid=scorecards] td.is-filled")).to_have_count(2 * (YATZY_BOXES - 1))
    moves = round_through_the_pages(ada, bob, cy, moves)
    assert moves == 4 * 2
    assert cy.evaluate(
        "window.firstFilled.isConnected && window.firstFilled.classList.contains('is-filled')"
    )


def see_the_same_results(ada: Page, bob: Page, cy: Page) -> Scores:
    """The same ranks and totals on every page, the winner celebrated, every box filled;
    the host may ask for a rematch, the others wait for it without blinking dots."""
    scores = final_scores(ada, 2)
    assert final_scores(bob, 2) == scores
    assert final_scores(cy, 2) == scores
    assert {name for _, _, name in scores} == {"Ada", "Bob"}
    for page in (ada, bob, cy):
        for seat in range(2):
            expect(page.get_by_test_id(f"total-{seat}")).to_have_text(scores[seat][1])
    # Ties share a rank; otherwise ranks 1 and 2.
    ranks = sorted(int(rank) for rank, _, _ in scores)
    assert ranks in ([1, 1], [1, 2])
    if ranks == [1, 2]:  # the winner gets a short celebration, the others none
        winner, loser = (ada, bob) if scores[0][0] == "1" else (bob, ada)
        expect(winner.locator("html")).to_have_attribute("data-celebrated", "You win!")
        assert loser.evaluate("document.documentElement.dataset.celebrated") != "You win!"
    # Every box of both cards is filled.
    assert ada.locator("[data-testid=scorecards] td.is-filled").count() == 2 * YATZY_BOXES
    expect(ada.get_by_test_id("rematch")).to_be_visible()
    expect(bob.get_by_test_id("waiting-host")).to_contain_text("Waiting for the host")
    expect(cy.get_by_test_id("waiting-host")).to_be_visible()
    # The pages prefer reduced motion: the waiting dots do not blink.
    for page in (bob, cy):
        assert (
            page.evaluate(
                "document.getAnimations().filter(a =>"
                " a.effect.getComputedTiming().iterations === Infinity).length"
            )
            == 0
        )
    return scores


def cy_plays_the_rematch(ada: Page, bob: Page, cy: Page, live_url: str, code: str) -> None:
    """Between games the spectator takes the free seat; the host starts a rematch: a
    fresh game for everyone, Cy playing."""
    cy.get_by_test_id("take-seat").click()
    expect(ada.get_by_test_id("seat-2")).to_contain_text("Cy")
    expect(cy.get_by_test_id("take-seat")).to_have_count(0)

    ada.get_by_test_id("rematch").click()
    expect(my_turn(ada)).to_be_visible()
    expect(bob.get_by_test_id("turn-status")).to_contain_text("Ada's turn")
    expect(bob.locator("[data-testid=scorecards] td.is-filled")).to_have_count(0)
    expect(cy.get_by_test_id("card-2")).to_contain_text("Cy")
    play_turns((ada, bob), live_url, code, 2)
    play_turn(cy)
    expect(ada.locator("[data-testid=scorecards] td.is-filled")).to_have_count(3)


class Line(TypedDict):
    """The room sockets a test lets through (``open``), unless the line is ``down``."""

    down: bool
    open: list[WebSocketRoute]


def test_the_page_reconnects_and_catches_up(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    line: Line = {"down": False, "open": []}

    def through(ws: WebSocketRoute) -> None:
        if line["down"]:
            ws.close(code=4000, reason="line down")
            return
        ws.connect_to_server()
        line["open"].append(ws)

    ada.route_web_socket(re.compile(r"/ws/rooms/"), through)
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    play_turn(ada)

    bob_plays_while_adas_line_is_down(ada, bob, line)
    ada_catches_up_when_the_line_is_back(ada, bob, line)
    a_die_clicked_offline_is_refused_then_held_online(ada, bob, line)


def bob_plays_while_adas_line_is_down(ada: Page, bob: Page, line: Line) -> None:
    """Ada's line goes down: her page says it is reconnecting, Bob's shows her so, and
    Bob plays and chats meanwhile."""
    line["down"] = True
    line["open"][-1].close(code=4000, reason="line down")
    expect(ada.get_by_test_id("reconnect-banner")).to_be_visible()
    expect(ada.get_by_test_id("connection")).to_have_attribute("data-state", "reconnecting")
    # Ada shows as reconnecting to the others; meanwhile Bob plays and chats.
    expect(bob.get_by_test_id("player-0").locator("[data-presence]")).to_have_attribute(
        "data-presence", "reconnecting"
    )
    # Ada's page cannot vouch for Bob meanwhile: his presence is unknown, not "online".
    expect(ada.get_by_test_id("player-1").locator("[data-presence]")).to_have_attribute(
        "data-presence", "unknown"
    )
    play_turn(bob)
    bob.get_by_test_id("chat-input").fill("your turn, Ada")
    bob.get_by_test_id("chat-input").press("Enter")


def ada_catches_up_when_the_line_is_back(ada: Page, bob: Page, line: Line) -> None:
    """The line comes back: Ada's page reconnects and catches up on Bob's turn and chat,
    and each page shows the other online."""
    line["down"] = False
    expect(ada.get_by_test_id("reconnect-banner")).to_be_hidden(timeout=15_000)
    connected(ada)
    expect(ada.get_by_test_id("chat-list")).to_contain_text("your turn, Ada")
    expect(my_turn(ada)).to_be_visible()
    assert newest_seq(ada) == newest_seq(bob)
    expect(bob.get_by_test_id("player-0").locator("[data-presence]")).to_have_attribute(
        "data-presence", "online"
    )
    expect(ada.get_by_test_id("player-1").locator("[data-presence]")).to_have_attribute(
        "data-presence", "online"
    )


def a_die_clicked_offline_is_refused_then_held_online(ada: Page, bob: Page, line: Line) -> None:
    """Ada clicks a die with her line down, then again once it is back."""
    # A die clicked while the line is down is refused, visibly, not shown HELD and lost.
    roll(ada)
    line["down"] = True
    line["open"][-1].close(code=4000, reason="line down")
    expect(ada.get_by_test_id("reconnect-banner")).to_be_visible()
    ada.get_by_test_id("die-0").click(force=True)  # shown disabled, yet a finger may tap it
    expect(ada.get_by_test_id("toast").filter(has_text="Not sent")).to_be_visible()
    expect(ada.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "false")
    line["down"] = False
    expect(ada.get_by_test_id("reconnect-banner")).to_be_hidden(timeout=15_000)
    connected(ada)
    # Back online, a hold is the server's: Bob sees it, and the next roll keeps the die.
    ada.get_by_test_id("die-0").click()
    expect(bob.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "true")
    kept = dice(ada)[0]
    roll(ada)
    assert held(ada) == held(bob) == [0] and dice(ada)[0] == dice(bob)[0] == kept


def test_names_and_chat_are_shown_as_text_never_as_markup(new_page: NewPage) -> None:
    hostile = '<img src=x onerror="window.pwned=1">'
    ada, bob = new_page(name="ada"), new_page(name="bob")
    ada.clock.install()  # time runs as usual, until the test skips ahead
    code = create_room(ada, name="<b>Ada</b>")
    join_room(bob, code, name="<i>Bob</i>")
    bob.get_by_test_id("chat-input").fill(hostile)
    bob.get_by_test_id("chat-input").press("Enter")
    expect(ada.get_by_test_id("chat-list")).to_contain_text(hostile)
    expect(ada.get_by_text("<i>Bob</i>").first).to_be_visible()
    expect(bob.get_by_text("<b>Ada</b>").first).to_be_visible()

    # Quick reactions: Bob's thumbs up shows for a moment on his seat, and is said. Ada's
    # clock stands still meanwhile and moves only as the test moves it, so a busy machine
    # never makes the moment look shorter.
    ada.clock.pause_at(ada.evaluate("Date.now()"))
    bob.get_by_role("button", name="React with thumbs up").click()
    bubble = ada.get_by_test_id("seat-1").get_by_test_id("reaction")
    appeared = time.monotonic() + 20
    while not bubble.count() and time.monotonic() < appeared:
        ada.clock.run_for(16)  # a frame of the page's time at each look
    expect(bubble).to_have_text("\U0001f44d")
    ada.clock.run_for(2_000)
    expect(bubble).to_have_count(1)
    ada.clock.run_for(1_000)  # 2.5 s after it came, and its way out
    expect(bubble).to_have_count(0)
    ada.clock.resume()
    expect(ada.get_by_test_id("live")).to_contain_text("<i>Bob</i> reacted with thumbs up")
    # The host mutes Bob: his chat box is off and says why, a reaction is refused.
    mute = ada.get_by_test_id(f"mute-{ada.get_by_test_id('seat-1').get_attribute('data-player')}")
    mute.click()
    expect(bob.get_by_test_id("chat-input")).to_be_disabled()
    expect(bob.get_by_test_id("chat-muted")).to_be_visible()
    expect(ada.get_by_test_id("seat-1").get_by_test_id("muted-badge")).to_be_visible()
    expect(bob.get_by_test_id("log-list")).to_contain_text("<b>Ada</b> muted <i>Bob</i>")
    refused = bob.get_by_test_id("react-\U0001f389")
    expect(refused).to_have_attribute("aria-disabled", "true")
    refused.click(force=True)  # aria-disabled: still clickable, and the toast says why
    expect(bob.get_by_test_id("toast").last).to_contain_text("The host muted you")
    expect(mute).to_have_text("Unmute")
    mute.click()
    expect(bob.get_by_test_id("chat-input")).to_be_enabled()
    expect(bob.get_by_test_id("chat-muted")).to_be_hidden()
    # In a game the row sits in the players panel; the bubble shows on the seat and card.
    ada.get_by_test_id("start").click()
    bob.locator("[data-region=players]").get_by_test_id("react-\U0001f389").click()
    for where in ("player-1", "card-1"):
        expect(ada.get_by_test_id(where).get_by_test_id("reaction")).to_have_text("\U0001f389")
    for page in (ada, bob):
        assert page.evaluate("() => window.pwned === undefined")
        injected = "img[src='x'], b:text-is('Ada'), i:text-is('Bob')"
        assert page.locator(injected).count() == 0
