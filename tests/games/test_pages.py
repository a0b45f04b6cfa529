"""The home page and the rules pages, through Django's test client."""

from __future__ import annotations

import re
from copy import deepcopy
from typing import Any

import pytest
from django.conf import settings
from django.http import StreamingHttpResponse
from django.test import Client, override_settings
from django.urls import reverse
from django.utils.html import escape

from scoring import rulesets
from tests.support.clients import ClientResponse

# Not in the PostgreSQL pass (docs/decisions/0007): the plain pages only read through the ORM
# what the services tests of that pass write.
pytestmark = pytest.mark.sqlite_pass_only

ALL_VARIANTS = rulesets.names()
TIMES = "\N{MULTIPLICATION SIGN}"


def text_of(response: ClientResponse) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_engine_offers_the_four_variants_in_display_order() -> None:
    assert ALL_VARIANTS == ("yahtzee", "yatzy", "yams", "triple_yahtzee")


def test_home_page_describes_the_product(client: Client) -> None:
    html = text_of(client.get("/"))
    assert "<h1" in html and "Five Dice" in html
    for phrase in (
        "Private rooms",
        "share its link",
        "real time",
        "Bots fill empty seats",
        "coach shows the best move",
        "How a turn goes",
        "up to three rolls",
    ):
        assert phrase in html, phrase
    visible = re.sub(r"<[^>]+>", " ", html)  # the page's words, not its markup
    assert "placeholder" not in visible.lower()


def test_home_page_offers_no_link_that_leads_nowhere(client: Client) -> None:
    html = text_of(client.get("/"))
    for anchor in ("#variants", "#turn"):
        assert f'href="{anchor}"' in html
        assert f'id="{anchor[1:]}"' in html
    assert "Start a room" not in html


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_home_page_lists_each_variant_from_the_engine(client: Client, name: str) -> None:
    ruleset = rulesets.get(name)
    response = client.get("/")
    html = text_of(response)
    assert f">{escape(ruleset.title)}</h3>" in html
    assert escape(ruleset.summary) in html
    assert f'href="/rules/{name}/"' in html


def test_home_page_shows_variants_in_engine_order(client: Client) -> None:
    variants = client.get("/").context["variants"]
    assert [v.name for v in variants] == list(ALL_VARIANTS)


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_rules_page_lists_every_box(client: Client, name: str) -> None:
    ruleset = rulesets.get(name)
    response = client.get(reverse("games:rules", args=[name]))
    html = text_of(response)
    assert f"Rules of {escape(ruleset.title)}" in html
    for category in ruleset.categories:
        title = escape(ruleset.box_title(category))
        rule = escape(ruleset.box_rule(category))
        assert f'<th scope="row">{title}</th><td>{rule}</td>' in html, category
    shown = [box.key for section in response.context["sections"] for box in section.boxes]
    assert shown == list(ruleset.categories)


@pytest.mark.parametrize(
    ("name", "labels"),
    [
        ("yams", ["Free", "Down", "Up", "Announced"]),
        ("triple_yahtzee", [f"{TIMES}1", f"{TIMES}2", f"{TIMES}3"]),
    ],
)
def test_rules_page_explains_each_column(client: Client, name: str, labels: list[str]) -> None:
    ruleset = rulesets.get(name)
    html = text_of(client.get(f"/rules/{name}/"))
    for column, label in zip(ruleset.columns, labels, strict=True):
        rule = escape(ruleset.column_rule(column))
        assert f'<dt class="chip">{label}</dt><dd>{rule}</dd>' in html


@pytest.mark.parametrize("name", ["yahtzee", "yatzy"])
def test_one_column_variants_say_any_order(client: Client, name: str) -> None:
    html = text_of(client.get(f"/rules/{name}/"))
    assert "A single column: fill each box once, in any order." in html


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_rules_page_lists_bonuses_and_special_rules(client: Client, name: str) -> None:
    html = text_of(client.get(f"/rules/{name}/"))
    rules = rulesets.get(name).special_rules()
    assert rules
    for rule in rules:
        assert f"<li>{escape(rule)}</li>" in html


def test_rules_page_links_to_the_other_variants(client: Client) -> None:
    html = text_of(client.get("/rules/yatzy/"))
    for name in ALL_VARIANTS:
        if name != "yatzy":
            assert f'href="/rules/{name}/"' in html


@pytest.mark.parametrize("path", ["/rules/monopoly/", "/rules/YAHTZEE/", "/rules/yahtzee/extra/"])
def test_unknown_variant_is_not_found(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.django_db  # closing a streamed response closes stale DB connections
def test_stylesheet_and_favicon_are_served_by_whitenoise(client: Client) -> None:
    html = text_of(client.get("/"))
    assert 'href="/static/css/site.css"' in html
    assert 'href="/static/img/favicon.svg"' in html
    for path, content_type, marker in (
        ("/static/css/site.css", "text/css", b".die"),
        ("/static/img/favicon.svg", "image/svg+xml", b"<svg"),
    ):
        response = client.get(path)
        try:
            assert response.status_code == 200
            assert response["Content-Type"].startswith(content_type)
            # The stylesheet is joined by a view with DEBUG on (yahtzee_site/stylesheet.py).
            body = (
                response.streaming_content
                if isinstance(response, StreamingHttpResponse)
                else [response.content]
            )
            assert marker in b"".join(body)
        finally:
            response.close()


@pytest.mark.django_db
def test_admin_login_page_is_served(client: Client) -> None:
    response = client.get("/admin/login/")
    assert response.status_code == 200
    assert b"csrfmiddlewaretoken" in response.content


def strict_templates() -> list[dict[str, Any]]:
    """The project's TEMPLATES with a loud marker for any variable that fails to resolve."""
    engines: list[dict[str, Any]] = deepcopy(settings.TEMPLATES)
    for engine in engines:
        engine["OPTIONS"]["string_if_invalid"] = "INVALID[%s]"
    return engines


@pytest.mark.parametrize("path", ["/", *(f"/rules/{name}/" for name in ALL_VARIANTS)])
def test_pages_use_only_variables_that_exist(client: Client, path: str) -> None:
    with override_settings(TEMPLATES=strict_templates()):
        html = text_of(client.get(path))
    assert "INVALID[" not in html
