"""Rooms in a real Chromium against a live Daphne: people create, join, play and watch
through the pages only (clicks and keys), each in their own browser context."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.browser.accessibility import (
    DARK_DESKTOP_LIGHT_PHONE,
    LIGHT_DESKTOP_DARK_PHONE,
    assert_accessible_everywhere,
)
from tests.browser.by_socket import play_turns
from tests.browser.tables import (
    DESKTOP,
    PHONE,
    connected,
    create_room,
    dice,
    final_scores,
    held,
    horizontal_overflow,
    join_room,
    my_turn,
    newest_seq,
    place_first_box,
    play_turn,
    roll,
    same_newest_event,
    tabs_to,
    until,
    wait_my_turn,
)

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
YATZY_BOXES = 15


def test_two_play_yatzy_while_a_third_watches_then_joins_the_rematch(
        new_page: NewPage, live_url: str) -> None:
    # Cy watches on a phone.
    ada, bob, cy = new_page(name="ada"), new_page(name="bob"), new_page(viewport=PHONE, name="cy")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=3)
    expect(ada.get_by_test_id("invite-url")).to_have_value(re.compile(rf"/r/{code}/$"))
    join_room(bob, code, name="Bob")
    # Both see both seats, with Bob online.
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Bob")
    expect(ada.get_by_test_id("seat-1").locator("[data-presence]")).to_have_attribute(
        "data-presence", "online")
    expect(bob.get_by_test_id("seat-0")).to_contain_text("Ada")
    expect(bob.get_by_test_id("start")).to_have_count(0)  # only the host starts

    # Chat reaches the other side, and the move log is not redrawn for it.
    ada.evaluate("document.querySelector('[data-testid=log-list] li').dataset.kept = 'yes'")
    bob.get_by_test_id("chat-input").fill("good luck!")
    bob.get_by_test_id("chat-input").press("Enter")
    expect(ada.get_by_test_id("chat-list")).to_contain_text("good luck!")
    expect(ada.locator("[data-testid=log-list] li[data-kept=yes]")).to_have_count(1)

    ada.get_by_test_id("start").click()  # two of three seats taken
    expect(my_turn(ada)).to_be_visible()
    # A new line joins the log; the lines already there are not drawn again.
    expect(ada.locator("[data-testid=log-list] li").first).to_contain_text("started")
    expect(ada.locator("[data-testid=log-list] li[data-kept=yes]")).to_have_count(1)
    # The game is on: Cy comes in to watch, and cannot take the free seat until it ends.
    join_room(cy, code, name="Cy")
    expect(cy.get_by_test_id("turn-status")).to_contain_text("Ada's turn")
    expect(cy.get_by_test_id("roll")).to_have_count(0)
    expect(cy.get_by_test_id("take-seat")).to_have_count(0)
    expect(ada.get_by_test_id("spectators")).to_contain_text("Cy")

    moves = 0

    def round_through_the_pages() -> None:
        nonlocal moves
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

    # The first round and the last two through the pages; the twelve between over the
    # players' own sockets, which every page draws as they come (docs/decisions/0007).
    round_through_the_pages()
    play_turns((ada, bob), live_url, code, 2 * (YATZY_BOXES - 3))
    expect(cy.locator("[data-testid=scorecards] td.is-filled")).to_have_count(
        2 * (YATZY_BOXES - 2))
    round_through_the_pages()
    round_through_the_pages()
    assert moves == 4 * 3
    assert cy.evaluate("window.firstFilled.isConnected"
                       " && window.firstFilled.classList.contains('is-filled')")

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
        assert page.evaluate("document.getAnimations().filter(a =>"
                             " a.effect.getComputedTiming().iterations === Infinity).length") == 0
    assert_accessible_everywhere(ada, "the results", on=LIGHT_DESKTOP_DARK_PHONE)

    # Ada reviews her game: each of her decisions against the coach's best.
    ada.get_by_test_id("review-link").click()
    ada.wait_for_url(re.compile(rf"/r/{code}/games/1/review/$"))
    expect(ada.get_by_test_id("review-decisions")).to_have_text(str(YATZY_BOXES))
    rows = ada.get_by_test_id("review-row")
    expect(rows).to_have_count(YATZY_BOXES)
    losses = [float(v) for v in rows.evaluate_all("els => els.map(e => e.dataset.loss)")]
    assert all(loss >= 0 for loss in losses)
    lost = float(ada.get_by_test_id("review-lost").inner_text())
    assert lost == pytest.approx(sum(losses), abs=0.2)
    expect(ada.get_by_test_id("review-accuracy")).to_have_text(re.compile(r"^\d+(\.\d)?%$"))
    expect(ada.get_by_test_id("review-kind")).to_contain_text("Exact")
    if any(loss >= 1 for loss in losses):  # costly decisions stand out
        expect(ada.locator("tr.is-costly, tr.is-blunder").first).to_be_visible()
    assert_accessible_everywhere(ada, "the review", on=DARK_DESKTOP_LIGHT_PHONE)
    # On a 360 px phone the whole table fits: nothing to slide sideways.
    ada.set_viewport_size(PHONE)
    assert ada.evaluate("(el => el.scrollWidth <= el.clientWidth)"
                        "(document.querySelector('.table-scroll'))")
    assert horizontal_overflow(ada) <= PHONE["width"]
    ada.set_viewport_size(DESKTOP)
    # Only the players at the table see it.
    stranger = new_page(name="stranger", error_pages=True)
    assert stranger.request.get(f"/r/{code}/games/1/review/").status == 403
    ada.get_by_test_id("review-back").click()
    connected(ada)
    expect(ada.get_by_test_id("results")).to_be_visible()

    # The room's past games: this one, ranked, with its replay and Ada's review.
    expect(ada.get_by_test_id("replay-link")).to_be_visible()
    ada.get_by_test_id("history-link").click()
    ada.wait_for_url(re.compile(rf"/r/{code}/games/$"))
    ranked = sorted(scores, key=lambda r: (int(r[0]), -int(r[1])))
    rows = ada.get_by_test_id("history-result").evaluate_all(
        "els => els.map(e => [e.dataset.rank, e.dataset.total, e.dataset.name])")
    assert [tuple(r) for r in rows] in ([tuple(r) for r in ranked],
                                        [tuple(r) for r in reversed(ranked)])
    expect(ada.get_by_test_id("history-review")).to_have_count(1)
    ada.get_by_test_id("history-replay").click()
    ada.wait_for_url(re.compile(rf"/r/{code}/games/1/replay/$"))
    # Until this server process has the coach's tables, the page reloads itself.
    expect(ada.get_by_test_id("replay-coach-status")).to_have_attribute(
        "data-status", "ready", timeout=60_000)
    # Step by step: each turn was one roll and one placement.
    step = ada.get_by_test_id("replay-step")
    expect(step).to_have_attribute("data-step", "1")
    expect(step).to_have_attribute("data-count", str(4 * YATZY_BOXES))
    first = ada.get_by_test_id("replay-text").inner_text()
    assert re.fullmatch(r"Ada, turn 1, roll 1: [1-6]( [1-6]){4}", first)
    assert " ".join(map(str, dice(ada))) == first.rsplit(": ", 1)[1]
    filled = ada.locator("[data-testid=scorecards] td.is-filled")
    expect(filled).to_have_count(0)
    ada.keyboard.press("ArrowRight")  # Ada's first placement, valued by the coach
    expect(step).to_have_attribute("data-step", "2")
    expect(ada).to_have_url(re.compile(r"#step-2$"))
    expect(ada.locator("[data-testid=scorecards] td[data-cell^='0-'].is-filled")).to_have_count(1)
    expect(ada.get_by_test_id("replay-live")).to_contain_text("Ada, turn 1: scored")
    coach_line = ada.get_by_test_id("replay-coach")
    expect(coach_line).to_have_attribute("data-best", re.compile(r"^\d"))
    assert float(coach_line.get_attribute("data-chosen")) <= float(
        coach_line.get_attribute("data-best"))
    ada.get_by_test_id("replay-next").click()  # Bob's first roll
    expect(ada.get_by_test_id("replay-text")).to_contain_text("Bob, turn 1, roll 1")
    ada.keyboard.press("End")  # the sheets as they ended
    expect(step).to_have_attribute("data-step", str(4 * YATZY_BOXES))
    expect(filled).to_have_count(2 * YATZY_BOXES)
    for seat in range(2):
        expect(ada.get_by_test_id(f"total-{seat}")).to_have_text(scores[seat][1])
    ada.keyboard.press("Home")
    expect(filled).to_have_count(0)
    ada.get_by_test_id("replay-last").click()
    expect(filled).to_have_count(2 * YATZY_BOXES)
    ada.get_by_test_id("replay-prev").click()  # Bob's last placement undone
    expect(filled).to_have_count(2 * YATZY_BOXES - 1)
    ada.goto(f"/r/{code}/games/1/replay/#step-4")  # a deep link to Bob's first placement
    expect(step).to_have_attribute("data-step", "4")
    expect(filled).to_have_count(2)
    assert_accessible_everywhere(ada, "the replay", on=LIGHT_DESKTOP_DARK_PHONE)
    ada.goto(f"/r/{code}/")
    connected(ada)
    assert tabs_to(ada, "rematch") <= 3  # "Skip to the table", then the results

    # Between games the spectator takes the free seat.
    cy.get_by_test_id("take-seat").click()
    expect(ada.get_by_test_id("seat-2")).to_contain_text("Cy")
    expect(cy.get_by_test_id("take-seat")).to_have_count(0)

    # The host starts a rematch: a fresh game for everyone, Cy playing.
    ada.get_by_test_id("rematch").click()
    expect(my_turn(ada)).to_be_visible()
    expect(bob.get_by_test_id("turn-status")).to_contain_text("Ada's turn")
    expect(bob.locator("[data-testid=scorecards] td.is-filled")).to_have_count(0)
    expect(cy.get_by_test_id("card-2")).to_contain_text("Cy")
    for page in (ada, bob, cy):
        play_turn(page)
    expect(ada.locator("[data-testid=scorecards] td.is-filled")).to_have_count(3)


def held_are(page: Page, positions: list[int]) -> None:
    """Wait until ``page`` shows exactly these dice held."""
    until(page, """want => JSON.stringify([0, 1, 2, 3, 4].filter(i =>
        document.querySelector(`[data-testid=die-${i}]`)?.getAttribute('aria-pressed') === 'true'))
        === JSON.stringify(want)""", positions)


def test_holds_reach_everyone_at_once_and_survive_a_reopened_tab(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=2, timer="30")
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    # Two people play: each turn has the room's time limit, counted down on the page.
    timer = bob.get_by_test_id("timer")
    expect(timer).to_have_text(re.compile(r"0:(30|29|28)"))
    expect(timer).to_have_text(re.compile(r"0:2[0-7]"), timeout=5_000)
    roll(ada)
    ada.get_by_test_id("die-0").click()
    ada.get_by_test_id("die-2").click()
    held_are(bob, [0, 2])  # before any new roll
    ada.get_by_test_id("die-0").click()
    held_are(bob, [2])
    ada.get_by_test_id("die-0").click()
    roll(ada)  # the server keeps dice 0 and 2, and they stay held
    expect(ada.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    held_are(bob, [0, 2])
    ada.get_by_test_id("die-4").click()
    held_are(bob, [0, 2, 4])
    before = dice(ada)

    ada.close()  # the tab is closed, then the room is opened again
    ada = ada.context.new_page()
    ada.goto(f"/r/{code}/")
    connected(ada)
    expect(ada.get_by_test_id("die-0")).not_to_have_class(re.compile(r"is-blank"))
    held_are(ada, [0, 2, 4])
    assert dice(ada) == before
    expect(ada.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    expect(my_turn(ada)).to_be_visible()


def test_a_bot_plays_its_turns_between_yours(new_page: NewPage) -> None:
    page = new_page(name="host")
    create_room(page, name="Ada", ruleset="yahtzee", seats=2, timer="30")
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("remove-bot-1")).to_be_visible()
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    # One person among bots keeps nobody waiting: the room's timer does not run.
    expect(page.get_by_test_id("timer")).to_have_count(0)
    bot_cells = page.locator("[data-testid=scorecards] td.is-filled[data-cell^='1-']")
    for turn in range(3):
        play_turn(page)
        # The bot rolls and scores by itself, then it is Ada's turn again.
        expect(bot_cells).to_have_count(turn + 1, timeout=15_000)
        expect(my_turn(page)).to_be_visible(timeout=15_000)
    log = page.get_by_test_id("log-list")
    expect(log).to_contain_text(re.compile(r"Bot \w+ rolled"))
    expect(log).to_contain_text(re.compile(r"Bot \w+ scored \d+ in "))
    expect(page.get_by_test_id("player-1").locator(".badge--bot")).to_be_visible()


def test_hold_and_score_with_the_keyboard_only(new_page: NewPage) -> None:
    page = new_page(name="keys")
    create_room(page, name="Ada", ruleset="yatzy", seats=1)
    page.get_by_test_id("start").click()
    expect(my_turn(page)).to_be_visible()
    # From here on: keys only.
    roll_button = page.get_by_test_id("roll")
    expect(roll_button).to_be_focused()  # the turn puts focus on Roll
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "2")
    expect(roll_button).to_be_focused()
    page.keyboard.press("Shift+Tab")  # the last die sits just before Roll
    die4 = page.get_by_test_id("die-4")
    expect(die4).to_be_focused()
    assert die4.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    page.keyboard.press("Space")
    expect(die4).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("1")  # number keys hold dice too
    expect(page.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "true")
    faces = dice(page)
    page.keyboard.press("Tab")
    expect(roll_button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "1")
    assert held(page) == [0, 4]
    after = dice(page)
    assert (after[0], after[4]) == (faces[0], faces[4])
    expect(page.get_by_test_id("live")).to_contain_text("You rolled")

    # Tab on to the first box that can be scored, and score it with Enter.
    for _ in range(10):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.dataset.testid || ''")
        if focused.startswith("box-"):
            break
    assert focused.startswith("box-"), focused
    zero = "is-zero" in (page.locator(f"[data-testid='{focused}']").get_attribute("class") or "")
    page.keyboard.press("Enter")
    if zero:
        # The confirmation opens on Cancel; Tab to the OK button and press Enter.
        expect(page.get_by_test_id("confirm-cancel")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.get_by_test_id("confirm-ok")).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator(f"td[data-testid='{focused}'].is-filled")).to_be_visible()
    # Next turn (solo): the focus is back on Roll, and R rolls too.
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "3")
    page.keyboard.press("r")
    expect(page.get_by_test_id("rolls-left")).to_have_attribute("data-count", "2")


def test_placing_zero_asks_first_and_escape_keeps_the_box(new_page: NewPage) -> None:
    page = new_page(name="zero")
    create_room(page, name="Ada", ruleset="yatzy", seats=1)
    page.get_by_test_id("start").click()
    roll(page)
    zeros = page.locator("button[data-testid^='box-'].is-zero")
    # No Yatzy roll scores in every box (a yatzy is never a straight), so some box is zero.
    assert zeros.count() > 0
    testid = zeros.first.get_attribute("data-testid")
    zeros.first.click()
    expect(page.get_by_test_id("confirm-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()
    expect(page.locator(f"button[data-testid='{testid}']")).to_be_visible()
    expect(my_turn(page)).to_be_visible()


def test_yams_announces_after_the_first_roll(new_page: NewPage) -> None:
    page = new_page(name="yams")
    create_room(page, name="Ada", ruleset="yams", seats=1)
    page.get_by_test_id("start").click()
    expect(page.locator("[data-testid=scorecards] thead")).to_contain_text("Announced")
    roll(page)
    control = page.get_by_test_id("announce-control")
    expect(control).to_be_visible()
    # Nothing is chosen at first, so a stray click announces nothing.
    select, button = page.get_by_test_id("announce-select"), page.get_by_test_id("announce")
    expect(select).to_have_value("")
    expect(button).to_have_attribute("aria-disabled", "true")
    button.click(force=True)  # aria-disabled: still focusable and clickable
    expect(page.get_by_test_id("toast")).to_contain_text("Choose the box you announce first")
    expect(page.get_by_test_id("confirm-dialog")).to_be_hidden()
    # Announcing asks once; "Not yet" keeps the turn free.
    select.select_option("maximum")
    expect(button).to_have_attribute("aria-disabled", "false")
    button.click()
    expect(page.get_by_test_id("confirm-dialog")).to_contain_text("Announce Maximum")
    page.get_by_test_id("confirm-cancel").click()
    expect(page.get_by_test_id("announced")).to_have_count(0)
    expect(select).to_have_value("maximum")  # the choice stays until the turn ends
    button.click()
    page.get_by_test_id("confirm-ok").click()
    expect(page.get_by_test_id("announced")).to_have_text("Announced: Maximum")
    expect(control).to_have_count(0)
    # The announced box is now the only one that can take the roll.
    boxes = page.locator("button[data-testid^='box-']")
    expect(boxes).to_have_count(1)
    expect(boxes).to_have_attribute("data-testid", "box-announced-maximum")
    boxes.click()
    expect(page.locator("td[data-testid='box-announced-maximum'].is-filled")).to_be_visible()


def test_server_errors_show_in_a_toast(new_page: NewPage) -> None:
    page = new_page(name="errors")
    create_room(page, name="Ada", ruleset="yatzy", seats=1)
    # Five messages sent at once (at most 3 are taken in 2 seconds): typed one by one, a
    # loaded machine may take longer than that between the first and the fourth.
    page.evaluate("""() => {
      const input = document.querySelector('[data-testid=chat-input]');
      for (let n = 0; n < 5; n++) {
        input.value = `message ${n}`;
        input.form.requestSubmit();
      }
    }""")
    toast = page.get_by_test_id("toast").filter(has_text=re.compile("messages", re.IGNORECASE))
    expect(toast.first).to_be_visible()
    expect(toast.first).to_have_attribute("role", "alert")


def test_the_page_reconnects_and_catches_up(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    line = {"down": False, "open": []}

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

    line["down"] = True
    line["open"][-1].close(code=4000, reason="line down")
    expect(ada.get_by_test_id("reconnect-banner")).to_be_visible()
    expect(ada.get_by_test_id("connection")).to_have_attribute("data-state", "reconnecting")
    # Ada shows as reconnecting to the others; meanwhile Bob plays and chats.
    expect(bob.get_by_test_id("player-0").locator("[data-presence]")).to_have_attribute(
        "data-presence", "reconnecting")
    # Ada's page cannot vouch for Bob meanwhile: his presence is unknown, not "online".
    expect(ada.get_by_test_id("player-1").locator("[data-presence]")).to_have_attribute(
        "data-presence", "unknown")
    play_turn(bob)
    bob.get_by_test_id("chat-input").fill("your turn, Ada")
    bob.get_by_test_id("chat-input").press("Enter")

    line["down"] = False
    expect(ada.get_by_test_id("reconnect-banner")).to_be_hidden(timeout=15_000)
    connected(ada)
    expect(ada.get_by_test_id("chat-list")).to_contain_text("your turn, Ada")
    expect(my_turn(ada)).to_be_visible()
    assert newest_seq(ada) == newest_seq(bob)
    expect(bob.get_by_test_id("player-0").locator("[data-presence]")).to_have_attribute(
        "data-presence", "online")
    expect(ada.get_by_test_id("player-1").locator("[data-presence]")).to_have_attribute(
        "data-presence", "online")

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


def test_host_seats_and_removes_bots_kicks_a_person_and_leaves(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = create_room(ada, name="Ada", ruleset="yahtzee", seats=3)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("copy-invite").click()
    expect(ada.get_by_test_id("toast").last).to_contain_text("link")
    ada.get_by_test_id("add-bot").click()
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Bot")
    ada.get_by_test_id("remove-bot-2").click()
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Empty seat")

    kick = ada.get_by_test_id(f"kick-{bob.get_by_test_id('seat-1').get_attribute('data-player')}")
    kick.click()
    expect(ada.get_by_test_id("confirm-dialog")).to_contain_text("Remove Bob?")
    ada.get_by_test_id("confirm-ok").click()
    expect(ada.get_by_test_id("seat-1")).to_contain_text("Empty seat")
    # Bob's socket is closed for good; the page says so instead of reconnecting.
    expect(bob.get_by_test_id("fatal")).to_contain_text("not at this table")
    expect(bob.get_by_test_id("connection")).to_have_attribute("data-state", "closed")

    ada.get_by_test_id("leave").click()
    ada.get_by_test_id("confirm-ok").click()
    ada.wait_for_url(re.compile(r"/$"))
    expect(ada.get_by_test_id("create-form")).to_be_visible()


def test_the_host_changes_the_room_settings_before_the_first_game(new_page: NewPage) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    join_room(bob, code, name="Bob")
    rules_title = bob.locator("#rules-title")
    expect(rules_title).to_have_text("How Yatzy scores")
    expect(bob.get_by_test_id("settings-summary")).to_contain_text("Yatzy")
    expect(bob.get_by_test_id("settings-open")).to_have_count(0)  # only the host changes them

    # Keyboard: the button opens the form on the variant, Escape closes it back onto it.
    toggle = ada.get_by_test_id("settings-open")
    toggle.focus()
    ada.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    ruleset = ada.get_by_test_id("settings-ruleset")
    expect(ruleset).to_be_focused()
    assert ruleset.evaluate("el => getComputedStyle(el).boxShadow") != "none"  # visible focus
    # Prefilled from the room; only the chosen variant's options show.
    expect(ruleset).to_have_value("yatzy")
    expect(ada.get_by_test_id("settings-seats")).to_have_value("2")
    expect(ada.get_by_test_id("settings-timer")).to_have_value("")
    expect(ada.get_by_test_id("settings-option-exact-counts")).to_be_visible()
    expect(ada.get_by_test_id("settings-option-joker")).to_be_hidden()
    ada.keyboard.press("Escape")
    expect(ada.get_by_test_id("settings-form")).to_be_hidden()
    expect(toggle).to_be_focused()
    expect(toggle).to_have_attribute("aria-expanded", "false")

    toggle.click()
    ruleset.select_option("triple_yahtzee")
    expect(ada.get_by_test_id("settings-option-joker")).to_be_visible()
    expect(ada.get_by_test_id("settings-option-exact-counts")).to_be_hidden()
    ruleset.select_option("yams")
    expect(ada.get_by_test_id("settings-option-joker")).to_be_hidden()
    ada.get_by_test_id("settings-seats").select_option("3")
    # A custom timer out of range is refused on the page, with a toast.
    ada.get_by_test_id("settings-timer").select_option("custom")
    custom = ada.get_by_test_id("settings-timer-custom")
    expect(custom).to_be_focused()
    custom.fill("5")
    ada.get_by_test_id("settings-save").click()
    expect(ada.get_by_test_id("toast").last).to_contain_text("15 to 300 seconds")
    expect(custom).to_have_attribute("aria-invalid", "true")
    ada.get_by_test_id("settings-timer").select_option("60")
    expect(custom).to_be_hidden()
    ada.get_by_test_id("settings-save").click()
    expect(ada.get_by_test_id("settings-form")).to_be_hidden()

    # Everyone sees the new room: variant, seats, timer.
    expect(rules_title).to_have_text("How Yam's scores")
    summary = bob.get_by_test_id("settings-summary")
    for words in ("Yam's", "3 seats", "60 s per turn"):
        expect(summary).to_contain_text(words)
    expect(bob.locator("[data-testid=seat-list] > li")).to_have_count(3)
    expect(bob.get_by_test_id("seat-2")).to_contain_text("Empty seat")
    expect(bob.get_by_test_id("rules-facts")).to_contain_text("60 s per turn")
    expect(bob.locator(".room-bar__variant")).to_have_text("Yam's")
    expect(bob.get_by_test_id("log-list")).to_contain_text(
        "Ada changed the room: Yam's, 3 seats, 60 s per turn")

    # The game is played with them: Yam's four columns and a 60 s turn timer.
    ada.get_by_test_id("start").click()
    expect(my_turn(ada)).to_be_visible()
    for page in (ada, bob):
        head = page.locator("[data-testid=scorecards] thead")
        for column in ("Free", "Down", "Up", "Announced"):
            expect(head).to_contain_text(column)
    expect(ada.get_by_test_id("timer")).to_have_text(re.compile(r"1:00|0:5\d"))
    expect(ada.get_by_test_id("settings-open")).to_be_hidden()  # not during a game


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

    # Quick reactions: Bob's thumbs up shows for a moment on his seat, and is said.
    bob.get_by_role("button", name="React with thumbs up").click()
    bubble = ada.get_by_test_id("seat-1").get_by_test_id("reaction")
    expect(bubble).to_have_text("\U0001f44d")
    expect(ada.get_by_test_id("live")).to_contain_text("<i>Bob</i> reacted with thumbs up")
    ada.clock.fast_forward(2_000)
    expect(bubble).to_have_count(1)
    ada.clock.fast_forward(1_000)  # 2.5 s after it came
    expect(bubble).to_have_count(0)
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
