"""Every error a visitor can reach shows the site's own page, with a way on.

The live server runs with DEBUG on, as under ``make run``: there Django would show its
technical pages (the URL list for a mistyped link), and the site's pages must win.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.tables import ROOM_URL, create_room

pytestmark = pytest.mark.browser

OpenPage = Callable[[], Page]


@pytest.fixture
def fresh_page(new_page: Callable[..., Page]) -> OpenPage:
    """Pages of visitors who meet error pages: the console's note of a 4xx page load is
    expected, every other console error and script error still fails the test."""
    return lambda: new_page(name="visitor", error_pages=True)


def assert_site_error_page(page: Page, status: int) -> None:
    """The page is the site's own error page for ``status``, in the site's look."""
    card = page.get_by_test_id("error-page")
    expect(card).to_be_visible()
    assert card.get_attribute("data-status") == str(status)
    assert "Five Dice" in page.title()
    body = page.locator("body").inner_text()
    for leak in ("URLconf", "Django", "Traceback", "DEBUG = True", "CSRF verification"):
        assert leak not in body
    header = page.locator(".site-header")  # site.css is applied
    assert header.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(11, 59, 32)"
    expect(page.get_by_test_id("error-home")).to_have_attribute("href", "/")
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert icon and page.request.get(icon).ok


def test_a_mistyped_room_link_shows_the_sites_page_and_the_way_in(fresh_page: OpenPage) -> None:
    host = fresh_page()
    code = create_room(host, name="Ada")
    friend = fresh_page()
    typo = "y" if code.endswith("z") else "z"
    response = friend.goto(f"/r/{code[:-1]}{typo}/")
    assert response is not None and response.status == 404
    assert_site_error_page(friend, 404)
    expect(friend.get_by_test_id("error-message")).to_have_text("There is no room with that code.")
    # The way on: type the right code into the page's own form.
    friend.get_by_test_id("error-join-code").fill(code)
    friend.get_by_test_id("error-join-submit").click()
    friend.wait_for_url(ROOM_URL)
    expect(friend.get_by_test_id("join-name")).to_be_visible()


def test_the_join_form_and_unknown_addresses_lead_to_the_same_page(fresh_page: OpenPage) -> None:
    page = fresh_page()
    page.goto("/")
    page.get_by_test_id("join-code").fill("zzzzzzzzzz")
    page.get_by_test_id("join-submit").click()
    page.wait_for_url("**/r/zzzzzzzzzz/")
    assert_site_error_page(page, 404)
    for path in ("/no/such/page/", "/rules/checkers/", "/r/zzzzzzzzzz/games/1/review/"):
        response = page.goto(path)
        assert response is not None and response.status == 404, path
        assert_site_error_page(page, 404)
    # A missing trailing slash is still mended by a redirect, not refused.
    response = page.goto("/rules/yatzy")
    assert response is not None and response.status == 200
    assert page.url.endswith("/rules/yatzy/")


def test_a_review_that_is_not_yours_gets_the_403_page(fresh_page: OpenPage) -> None:
    code = create_room(fresh_page(), name="Ada")
    stranger = fresh_page()
    response = stranger.goto(f"/r/{code}/games/1/review/")
    assert response is not None and response.status == 403
    assert_site_error_page(stranger, 403)
    expect(stranger.get_by_test_id("error-message")).to_contain_text("Only the players")


def test_a_form_without_its_csrf_token_gets_the_expired_form_page(fresh_page: OpenPage) -> None:
    page = fresh_page()
    page.goto("/")
    page.evaluate("""() => {
        const form = document.querySelector('[data-testid=create-form]')
            || document.getElementById('create-name').form;
        form.querySelector('[name=csrfmiddlewaretoken]').remove();
        document.getElementById('create-name').value = 'Ada';
        form.submit();
    }""")
    page.wait_for_url("**/rooms/new/")
    assert_site_error_page(page, 403)
    expect(page.get_by_test_id("error-title")).to_have_text("This form has expired")
    # The way on leads back to the page the form was on.
    page.get_by_test_id("error-retry").click()
    page.wait_for_url("**/")
    expect(page.get_by_test_id("create-name")).to_be_visible()


def test_every_page_has_the_icon_and_favicon_ico_serves_it(fresh_page: OpenPage) -> None:
    page = fresh_page()
    response = page.request.get("/favicon.ico")
    assert response.ok and response.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in response.body()
    page.goto("/admin/login/")
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert icon and page.request.get(icon).ok
