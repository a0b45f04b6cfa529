"""People who share an address (a family's Wi-Fi, a school) are not locked out of their
rooms by someone at that address guessing codes: only the guesses are refused.

The live server trusts ``X-Forwarded-For`` (as behind a reverse proxy), so these people
come from an address of their own and their guesses reach no other test's browsers.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from common import throttle
from tests.browser.tables import ROOM_URL, create_room

pytestmark = pytest.mark.browser

NewPage = Callable[..., Page]
FAMILY = "203.0.113.7"  # TEST-NET-3: the address the family's router shows the world


def test_a_guesser_on_the_same_address_locks_nobody_out_of_a_real_room(new_page: NewPage) -> None:
    host = new_page(name="host", forwarded_for=FAMILY)
    code = create_room(host, name="Mum", ruleset="yahtzee", seats=4)

    guesser = new_page(name="guesser", forwarded_for=FAMILY, error_pages=True)
    for n in range(throttle.MISS_LIMIT):
        assert guesser.request.get(f"/r/nosuch{n:04d}/").status == 404
    response = guesser.goto("/r/nosuch9999/")
    assert response is not None and response.status == 429
    assert int(response.headers["retry-after"]) > 0
    expect(guesser.get_by_test_id("error-title")).to_have_text("Too many wrong room codes")
    expect(guesser.get_by_test_id("error-message")).to_contain_text("try again in 10 minutes")

    # Someone at another address is not slowed down by this family's guesser.
    stranger = new_page(name="stranger", forwarded_for="198.51.100.20", error_pages=True)
    response = stranger.goto("/r/nosuch9999/")
    assert response is not None and response.status == 404

    # A friend at the same address follows the host's link and sits down.
    friend = new_page(name="friend", forwarded_for=FAMILY)
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
