"""People who share an address (a family's Wi-Fi, a school) are not locked out of their
rooms by someone at that address guessing codes: only the guesses are refused.

Every browser here comes from 127.0.0.1, so this module has a server of its own: its
guess counts must not reach the other browser tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from games import throttle
from tests.browser.tables import ROOM_URL, create_room
from tests.support.live_server import serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("daphne-guesses")) as url:
        yield url


def open_page(browser: object, base_url: str) -> Page:
    context = browser.new_context(base_url=base_url,  # type: ignore[attr-defined]
                                  reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def test_a_guesser_on_the_same_address_locks_nobody_out_of_a_real_room(
        own_server: str, browser: object) -> None:
    host = open_page(browser, own_server)
    code = create_room(host, name="Mum", ruleset="yahtzee", seats=4)

    guesser = open_page(browser, own_server)
    for n in range(throttle.MISS_LIMIT):
        assert guesser.request.get(f"/r/nosuch{n:04d}/").status == 404
    response = guesser.goto("/r/nosuch9999/")
    assert response is not None and response.status == 429
    assert int(response.headers["retry-after"]) > 0
    expect(guesser.get_by_test_id("error-title")).to_have_text("Too many wrong room codes")
    expect(guesser.get_by_test_id("error-message")).to_contain_text("try again in 10 minutes")

    # A friend at the same address follows the host's link and sits down.
    friend = open_page(browser, own_server)
    response = friend.goto(f"/r/{code}/")
    assert response is not None and response.status == 200
    friend.get_by_test_id("join-name").fill("Dad")
    friend.get_by_test_id("join-submit").click()
    expect(host.get_by_test_id("seat-1")).to_contain_text("Dad")

    # Even the guesser gets in with the right code, from the 429 page's own form.
    guesser.get_by_test_id("error-join-code").fill(code)
    guesser.get_by_test_id("error-join-submit").click()
    guesser.wait_for_url(ROOM_URL)
    expect(guesser.get_by_test_id("join-name")).to_be_visible()
    for page in (host, guesser, friend):
        page.context.close()
