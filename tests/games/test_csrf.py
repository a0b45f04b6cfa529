"""CSRF on every form: every view of the site is protected (but an email's one-click
unsubscribe link), every page refuses a post without the token, and the room and admin
forms work with it. (The rest of the site's security: test_security.py.)

Everything goes through the real views, database and cache.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, converters, get_resolver, reverse

from accounts.models import Player
from games.web import urls as games_urls
from rooms.models import Membership, Room
from tests.support.clients import client_of
from tests.support.fixture_types import MakeRoom
from tests.support.sockets import register_visitor

pytestmark = pytest.mark.django_db

CSRF_FAILED = b"This form has expired"  # the site's page for a failed CSRF check


def every_pattern(
    resolver: URLResolver | None = None, namespace: str = ""
) -> Iterator[tuple[str, URLPattern]]:
    """Every URL pattern of the site, with its namespaced name."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from every_pattern(entry, inner)
        else:
            yield f"{namespace}{entry.name}", entry


def test_every_view_is_csrf_protected() -> None:
    assert "django.middleware.csrf.CsrfViewMiddleware" in settings.MIDDLEWARE
    patterns = dict(every_pattern())
    assert {
        "games:room_create",
        "games:room_join",
        "admin:login",
        "admin:logout",
        "admin:rooms_room_changelist",
        "healthz",
    } <= set(patterns)
    exempt = [name for name, p in patterns.items() if getattr(p.callback, "csrf_exempt", False)]
    assert exempt == list(CSRF_EXEMPT)


# The one view a post reaches without the token: an email's unsubscribe link, which mail
# programs post in one click with no page (RFC 8058). Its signed token is the proof, and
# all it can do is turn that player's emails off (tests/games/test_notice_emails.py).
CSRF_EXEMPT = {"games:notices_unsubscribe": "the signed link of an email"}


# The site's own pages (the admin's are below): a new one is checked here at once.
SITE_PATTERNS = [(name, p) for name, p in every_pattern() if not name.startswith("admin:")]


def sample_url(name: str, pattern: URLPattern, code: str) -> str:
    """A URL of one of the site's patterns, for a room with ``code``."""
    samples = {
        converters.StringConverter: code,
        converters.IntConverter: 1,
        converters.SlugConverter: "yahtzee",
    }
    kwargs = {}
    for key, converter in pattern.pattern.converters.items():
        if type(converter) not in samples:
            pytest.fail(f"give {name}'s {key} a sample value here")
        kwargs[key] = samples[type(converter)]
    return reverse(name, kwargs=kwargs)


def csrf_client(ip: str = "127.0.0.1") -> Client:
    """A browser that, like a real one, must send the CSRF token with every post."""
    return client_of(ip=ip, enforce_csrf_checks=True)


def token_of(client: Client, page: str) -> str:
    """Open a page with a form; the CSRF token its form would send."""
    assert client.get(page).status_code == 200
    return client.cookies["csrftoken"].value


def test_the_site_patterns_are_found() -> None:
    names = {name for name, _ in SITE_PATTERNS}
    assert names >= {f"games:{p.name}" for p in games_urls.urlpatterns} | {"healthz"}


@pytest.mark.parametrize(("name", "pattern"), SITE_PATTERNS, ids=[n for n, _ in SITE_PATTERNS])
def test_every_page_of_the_site_refuses_a_post_without_the_token(
    name: str, pattern: URLPattern, make_room: MakeRoom
) -> None:
    host, _ = register_visitor("Ada")
    room = make_room(host, "yahtzee", seats=2)
    url = sample_url(name, pattern, room.code)
    client = csrf_client()
    refused = client.post(url, {"name": "Bob", "ruleset": "yatzy", "seats": "2"})
    if name in CSRF_EXEMPT:  # a sample value is no signed link: refused all the same
        assert refused.status_code == 404
    else:
        assert refused.status_code == 403 and CSRF_FAILED in refused.content
    assert (Room.objects.count(), Player.objects.count(), Membership.objects.count()) == (1, 1, 1)
    token = token_of(client, "/")
    allowed = client.post(
        url, {"name": "Bob", "ruleset": "yatzy", "seats": "2", "csrfmiddlewaretoken": token}
    )
    assert allowed.status_code != 403  # a form view acts, a page answers 405 or itself


def test_the_room_forms_work_with_their_token() -> None:
    client = csrf_client()
    data = {"name": "Ada", "ruleset": "yahtzee", "seats": "2"}
    assert client.post("/rooms/new/", data).status_code == 403
    assert not Room.objects.exists()
    created = client.post("/rooms/new/", {**data, "csrfmiddlewaretoken": token_of(client, "/")})
    room = Room.objects.get()
    assert created.status_code == 302 and created["Location"] == f"/r/{room.code}/"

    friend = csrf_client()
    join = f"/r/{room.code}/join/"
    assert friend.post(join, {"name": "Bob"}).status_code == 403
    assert not Player.objects.filter(name="Bob").exists()
    token = token_of(friend, f"/r/{room.code}/")
    joined = friend.post(join, {"name": "Bob", "csrfmiddlewaretoken": token})
    assert joined.status_code == 302
    assert Membership.objects.get(room=room, player__name="Bob").seat == 1


def test_the_admin_forms_refuse_a_post_without_the_token(make_room: MakeRoom) -> None:
    User.objects.create_user("mod", password="pw-long-enough", is_staff=True, is_superuser=True)
    client = csrf_client()
    login = reverse("admin:login")
    credentials = {"username": "mod", "password": "pw-long-enough"}
    assert client.post(login, credentials).status_code == 403
    assert "_auth_user_id" not in client.session
    token = token_of(client, login)
    assert client.post(login, {**credentials, "csrfmiddlewaretoken": token}).status_code == 302
    assert "_auth_user_id" in client.session

    host, _ = register_visitor("Ada")
    room = make_room(host, "yahtzee")
    close = {
        "action": "close_rooms",
        ACTION_CHECKBOX_NAME: [room.pk],
        "post": "yes",
        "reason": "no token",
    }
    for model in admin.site._registry:
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        assert client.post(url, close).status_code == 403, url
    assert Room.objects.get().status == Room.Status.OPEN
    for name in ("admin:password_change", "admin:logout"):
        assert client.post(reverse(name), {}).status_code == 403
    assert "_auth_user_id" in client.session
    token = client.cookies["csrftoken"].value
    assert client.post(reverse("admin:logout"), {"csrfmiddlewaretoken": token}).status_code == 200
    assert "_auth_user_id" not in client.session
