"""No input makes a 500: every page of the site (from the URLconf: a new one is covered
without a word here) takes hostile posts from a first-time visitor, a guest player, a
signed-in player and a staff member: JSON nested 100,000 levels deep or over 3 MB,
malformed, of the wrong types, not UTF-8; forms with odd fields, too many or too big;
and hypothesis's own. Each is answered without a server error, a refused one changes
nothing, and CSRF still guards every form (tests/support/fuzz/views.py has the targets)."""

from __future__ import annotations

import json
import urllib.parse

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import resolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.fuzz.views import (
    FORM,
    HOSTILE,
    JSON,
    LEFT_OUT,
    ODD_VALUES,
    ROLES,
    World,
    count_rows,
    field_names,
    site_routes,
    urls,
)

pytestmark = pytest.mark.django_db
# Views that take a post without a CSRF token, and why.
CSRF_EXEMPT = {
    "games:notices_unsubscribe": "an email's one-click unsubscribe (RFC 8058): the signed "
    "link is the proof, and mail programs post it with no page",
}


@pytest.fixture
def world(make_player: MakePlayer, make_room: MakeRoom) -> World:
    """Ada, a guest, hosts a started room Bob (an account) plays in; a staff member."""
    ada = make_player("Ada")
    account = User.objects.create_user("bob", password="pw-long-enough")
    bob = make_player("Bob")
    bob.user = account
    bob.save()
    room = make_room(ada, "yatzy", seats=2, joined=[bob], start=True)
    staff = User.objects.create_user("mod", password="pw-long-enough", is_staff=True)
    moderator = make_player("Mod")
    moderator.user = staff
    moderator.save()
    return World(room, ada, account, staff)


def answered(
    client: Client, url: str, body: str | bytes, content_type: str, failures: list[str]
) -> int:
    """The status of ``body`` posted to ``url``; a server error is noted in ``failures``."""
    response = client.post(url, body, content_type=content_type)
    if response.status_code >= 500:
        failures.append(f"{response.status_code} {url} {content_type} {body[:60]!r}")
    return response.status_code


@pytest.fixture
def targets(world: World) -> dict[str, str]:
    """The URLs that take a post (any other answers 405 whatever it is sent), each with
    what it reads: ``json`` when it answers JSON, else ``form``."""
    found: dict[str, str] = {}
    failures: list[str] = []
    for url in urls(world, site_routes()):
        response = Client().post(url, "{}", content_type=JSON)
        answered(Client(), url, "", FORM, failures)
        if response.status_code != 405:
            found[url] = "json" if response["Content-Type"] == JSON else "form"
    assert failures == []
    return found


def test_the_targets_are_every_page_but_djangos_admin(
    world: World, targets: dict[str, str]
) -> None:
    names = {route.name for route in site_routes()}
    assert {
        "games:push_subscribe",
        "games:room_create",
        "set_language",
        "games:login",
        "games:room",
        "healthz",
    } <= names
    assert not any(name.startswith("admin:") for name in names) and set(LEFT_OUT) == {"admin"}
    kinds = {resolve(url).view_name: kind for url, kind in targets.items()}
    assert kinds["games:push_subscribe"] == kinds["games:push_unsubscribe"] == "json"
    for name in (
        "games:room_create",
        "games:room_join",
        "games:daily_play",
        "set_language",
        "games:sign_up",
        "games:login",
        "games:notices",
    ):
        assert kinds[name] == "form", name


def test_no_hostile_body_makes_a_500_and_a_refused_one_changes_nothing(
    world: World, targets: dict[str, str]
) -> None:
    """A JSON endpoint gets every body from every kind of visitor; a form, every body but
    the JSON ones it does not read (two of those), from each kind of visitor in turn."""
    failures: list[str] = []
    changed: list[str] = []
    for i, (url, kind) in enumerate(targets.items()):
        clients = {role: world.client(role) for role in ROLES}
        bodies = (
            HOSTILE
            if kind == "json"
            else [body for body in HOSTILE if body[2] != JSON or body[0] in SOME_JSON]
        )
        for j, (what, body, content_type) in enumerate(bodies):
            for role in ROLES if kind == "json" else [ROLES[(i + j) % len(ROLES)]]:
                before = count_rows()
                status = answered(clients[role], url, body, content_type, failures)
                if status >= 400 and not unchanged(before):
                    changed.append(f"{url} as {role}: {what} ({status})")
    assert failures == [] and changed == []


SOME_JSON = ("nested arrays", "wrong field types")
# JSON the reader takes, which the views then refuse by what it holds (400), or for whom
# (a stranger's subscription: 403).
READABLE = ("wrong field types", "keys of the wrong types", "a huge number")


def unchanged(before: dict[str, int]) -> bool:
    """Whether the rows are as ``before``."""
    return count_rows() == before


@pytest.mark.parametrize("url", ["/push/subscribe/", "/push/unsubscribe/"])
def test_the_json_posts_answer_a_clear_400(world: World, url: str) -> None:
    for role in ROLES:
        client = world.client(role)
        for what, body, content_type in HOSTILE:
            if content_type != JSON or what in READABLE:
                continue
            response = client.post(url, body, content_type=content_type)
            assert response.status_code == 400, (role, what)
            assert response["Content-Type"] == JSON, (role, what)
            assert isinstance(response.json()["error"], str), (role, what)
        response = client.post(url, "name=Ada", content_type=FORM)
        assert response.status_code == 400 and response.json()["error"]


def test_the_sites_own_fields_with_odd_values_make_no_500(
    world: World, targets: dict[str, str]
) -> None:
    """Every field name the site's pages show, posted to every URL that takes posts,
    with odd values (two forms each, the values turned round per field and URL, from two
    kinds of visitor in turn)."""
    names: set[str] = set()
    failures: list[str] = []
    for role in ("visitor", "player"):  # the forms of a first visit, and of an account
        client = world.client(role)
        for url in [*targets, f"/r/{world.room.code}/"]:
            response = client.get(url)
            if response.status_code >= 500:
                failures.append(f"GET {url} as {role}: {response.status_code}")
            if response.get("Content-Type", "").startswith("text/html"):
                names |= field_names(response.content.decode())
    assert {"name", "ruleset", "seats", "language", "password", "email"} <= names
    for i, url in enumerate(targets):
        for shift in range(2):
            form = {
                name: ODD_VALUES[(n + shift * 7 + i) % len(ODD_VALUES)]
                for n, name in enumerate(sorted(names))
            }
            body = json.dumps(form) if targets[url] == "json" else urllib.parse.urlencode(form)
            answered(
                world.client(ROLES[(i + shift) % len(ROLES)]),
                url,
                body,
                JSON if targets[url] == "json" else FORM,
                failures,
            )
    assert failures == []


FIELD_NAMES = [
    "name",
    "ruleset",
    "seats",
    "turn_seconds",
    "pace",
    "code",
    "language",
    "next",
    "day",
    "endpoint",
    "keys",
    "username",
    "password",
    "email",
    "push",
    "quiet_from",
    "quiet_until",
    "time_zone",
    "joker",
    "options",
]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
form_fields = st.lists(
    st.tuples(st.sampled_from(FIELD_NAMES) | st.text(max_size=8), st.text(max_size=60)), max_size=8
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_hypothesis_finds_no_post_that_makes_a_500(
    world: World, targets: dict[str, str], data: st.DataObject
) -> None:
    url = data.draw(st.sampled_from(sorted(targets)), label="url")
    role = data.draw(st.sampled_from(ROLES), label="role")
    if data.draw(st.booleans(), label="json"):
        body: str | bytes = json.dumps(data.draw(json_values, label="json body"))
        content_type = JSON
    else:
        body = urllib.parse.urlencode(data.draw(form_fields, label="form"))
        content_type = FORM
    if data.draw(st.booleans(), label="a stray byte"):
        body = (body if isinstance(body, bytes) else body.encode()) + b"\xff"
    failures: list[str] = []
    answered(world.client(role), url, body, content_type, failures)
    assert failures == []


def test_csrf_still_guards_every_post(world: World, targets: dict[str, str]) -> None:
    """With the check on (as in a browser), a post without the token is refused and
    changes nothing, but where CSRF_EXEMPT says why not."""
    assert set(CSRF_EXEMPT) <= {route.name for route in site_routes()}
    for i, url in enumerate(targets):
        if resolve(url).view_name in CSRF_EXEMPT:
            continue
        client = Client(enforce_csrf_checks=True)
        client.cookies = world.client(ROLES[i % len(ROLES)]).cookies
        before = count_rows()
        response = client.post(url, {"name": "Eve", "ruleset": "yahtzee", "seats": "2"})
        assert response.status_code == 403, (url, response.status_code)
        assert count_rows() == before, url
