"""The site's error pages through Django's test client, with DEBUG off (production) and
on (``make run``), including the 500 page, which no browser can reach on purpose."""

from __future__ import annotations

import logging

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import include, path
from pytest_django import Settings

from tests.support.clients import ClientResponse

# Not in the PostgreSQL pass (docs/decisions/0007): the error pages only read through the ORM
# what the services tests of that pass write.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]


def crash(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a view")


# This module is the URLconf of the tests marked ``urls(__name__)``: the site plus a view
# that crashes.
urlpatterns = [path("crash/", crash), path("", include("yahtzee_site.urls"))]
handler404 = "common.error_pages.page_not_found"
handler500 = "common.error_pages.server_error"


def error_page(response: ClientResponse, status: int) -> str:
    assert response.status_code == status
    html = response.content.decode()
    assert 'data-testid="error-page"' in html and f'data-status="{status}"' in html
    assert 'href="/static/css/site.css"' in html  # in the site's look
    assert 'data-testid="error-home"' in html
    return html


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("path", ["/r/zzzzzzzzzz/", "/nowhere/", "/rules/checkers/"])
def test_missing_pages_get_the_sites_404_in_debug_and_production(
    settings: Settings, path: str, debug: bool
) -> None:
    settings.DEBUG = debug
    html = error_page(Client().get(path), 404)
    assert "URLconf" not in html and "Django" not in html
    assert 'data-testid="error-join-form"' in html


def test_a_missing_room_says_so_and_a_missing_slash_is_still_redirected(settings: Settings) -> None:
    settings.DEBUG = True
    html = error_page(Client().get("/r/zzzzzzzzzz/"), 404)
    assert "There is no room with that code." in html
    response = Client().get("/rules/yatzy")
    assert response.status_code == 301 and response["Location"] == "/rules/yatzy/"


@pytest.mark.urls(__name__)
@pytest.mark.parametrize("debug", [False, True])
def test_a_crash_gets_the_500_page_and_is_logged_with_its_traceback(
    settings: Settings, caplog: pytest.LogCaptureFixture, debug: bool
) -> None:
    settings.DEBUG = debug
    with caplog.at_level(logging.ERROR, logger="django.request"):
        response = Client(raise_request_exception=False).get("/crash/?again=1")
    html = error_page(response, 500)
    assert "Nothing is lost" in html and "a bug in a view" not in html
    assert 'href="/crash/?again=1"' in html  # try again
    crashes = [r for r in caplog.records if r.exc_info and "a bug in a view" in str(r.exc_info[1])]
    assert len(crashes) == 1


@pytest.mark.urls(__name__)
def test_in_debug_a_crash_still_reaches_the_test_clients_exception_hook(settings: Settings) -> None:
    settings.DEBUG = True
    with pytest.raises(RuntimeError, match="a bug in a view"):
        Client().get("/crash/")


def test_a_post_without_its_csrf_token_gets_the_expired_form_page(settings: Settings) -> None:
    settings.DEBUG = True
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/rooms/new/", {"name": "Ada", "ruleset": "yatzy"}, HTTP_REFERER="http://testserver/"
    )
    html = error_page(response, 403)
    assert "This form has expired" in html and 'href="http://testserver/"' in html
    # A referer elsewhere is not offered as the way back.
    response = client.post("/rooms/new/", {"name": "Ada"}, HTTP_REFERER="https://evil.test/")
    assert "evil.test" not in error_page(response, 403)


def test_favicon_ico_leads_to_the_sites_icon(client: Client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/img/favicon.svg"


@pytest.mark.parametrize("debug", [False, True])
def test_a_host_name_not_in_allowed_hosts_gets_a_page_that_says_how_to_allow_it(
    settings: Settings, caplog: pytest.LogCaptureFixture, debug: bool
) -> None:
    settings.DEBUG = debug
    settings.ALLOWED_HOSTS = ["dice.example"]
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = Client().get(
            "/r/zzzzzzzzzzzz/", HTTP_HOST="192.168.1.20:8200", HTTP_ACCEPT_LANGUAGE="fr"
        )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-testid="error-page"' in html and 'data-status="400"' in html
    assert "Traceback" not in html and "DisallowedHost" not in html
    assert "192.168.1.20" in html and "ALLOWED_HOSTS" in html
    assert 'lang="fr"' in html  # in the visitor's language
    # Its links would lead to the same refusal: none but the site's own address.
    assert 'data-testid="error-join-form"' not in html and 'data-testid="error-home"' not in html
    assert any("192.168.1.20" in record.getMessage() for record in caplog.records)
    settings.SITE_URL = "http://dice.example:8200"
    html = Client().get("/", HTTP_HOST="192.168.1.20:8200").content.decode()
    assert 'href="http://dice.example:8200/" data-testid="error-home"' in html
    # The page's scripts need the JavaScript catalog, the same for every host.
    catalog = Client().get("/jsi18n/", HTTP_HOST="192.168.1.20:8200")
    assert catalog.status_code == 200 and b"pgettext" in catalog.content


def test_a_host_name_that_is_not_one_gets_the_400_page_without_the_hint(settings: Settings) -> None:
    settings.DEBUG = True
    response = Client().get("/", HTTP_HOST="bad host!")
    assert response.status_code == 400
    html = response.content.decode()
    assert "is not a valid host name" in html and "ALLOWED_HOSTS" not in html
