"""The room page applies the server's patches (docs/protocol.md, `patch`): one lost on
its way makes the page ask for the whole state, and it then draws what a page opened
afresh on the same seat draws."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.browser.tables import connected, create_room, join_room, my_turn, play_turn

pytestmark = pytest.mark.browser


def drawn(page: Page) -> dict[str, str]:
    """The words of the parts of the table a version decides."""
    return {
        part: page.get_by_test_id(part).inner_text()
        for part in ("scorecards", "log-list", "chat-list", "turn-status")
    }


def test_a_lost_patch_makes_the_page_sync_and_draw_the_fresh_state(
    new_page: Callable[..., Page],
) -> None:
    ada, bob = new_page(name="ada"), new_page(name="bob")
    line = {"lose": False, "lost": 0, "syncs": 0}

    def through(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if line["lose"] and isinstance(message, str) and '"type":"patch"' in message:
                line["lose"], line["lost"] = False, line["lost"] + 1
                return
            ws.send(message)

        def to_server(message: str | bytes) -> None:
            if isinstance(message, str) and '"type":"sync"' in message:
                line["syncs"] += 1
            server.send(message)

        server.on_message(to_page)
        ws.on_message(to_server)

    ada.route_web_socket(re.compile(r"/ws/rooms/"), through)
    code = create_room(ada, name="Ada", ruleset="yatzy", seats=2)
    join_room(bob, code, name="Bob")
    ada.get_by_test_id("start").click()
    play_turn(ada)
    line["lose"] = True
    bob.get_by_test_id("chat-input").fill("one lost on the way")
    bob.get_by_test_id("chat-input").press("Enter")
    play_turn(bob)  # Ada's page misses the chat's patch and catches up with a sync
    expect(my_turn(ada)).to_be_visible()
    expect(ada.get_by_test_id("chat-list")).to_contain_text("one lost on the way")
    assert line["lost"] == 1 and line["syncs"] == 1
    fresh = ada.context.new_page()  # the same person, a page that got one whole state
    fresh.goto(f"/r/{code}/")
    connected(fresh)
    expect(my_turn(fresh)).to_be_visible()
    assert drawn(ada) == drawn(fresh)
