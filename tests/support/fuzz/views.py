"""Every page of the site as a fuzz target: its URL with sample values for its parameters,
the visitors who post to it, and the hostile bodies they post (tests/games/
test_fuzz_views.py).

The routes come from the URLconf itself, so a new view is fuzzed without a word here;
only Django's admin is left out (``LEFT_OUT`` says where it is fuzzed).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.apps import apps
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from accounts.models import Player
from accounts.services.players import SESSION_KEY
from rooms.models import Room
from tests.support.admin_pages import SITE_APPS

# Parts of the URLconf not fuzzed here, and why.
LEFT_OUT = {
    "admin": "the moderators' admin, staff-only: fuzzed as staff, its actions, filters "
    "and the URLs the site adds, in test_fuzz_admin.py (tests/support/fuzz/admin.py)",
}
JSON = "application/json"
FORM = "application/x-www-form-urlencoded"


@dataclass(frozen=True)
class Route:
    """One URL pattern: its reversible name and its parameters' converters."""

    name: str
    converters: dict[str, str]


def site_routes() -> list[Route]:
    """Every URL pattern of the site but those ``LEFT_OUT``."""

    def walk(patterns: list[Any], namespace: str) -> Iterator[Route]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.app_name in LEFT_OUT:
                    continue
                inner = f"{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern):
                assert pattern.name, f"{pattern} has no name to reverse"
                yield Route(
                    namespace + pattern.name,
                    {
                        key: type(converter).__name__
                        for key, converter in pattern.pattern.converters.items()
                    },
                )

    return list(walk(get_resolver().url_patterns, ""))


@dataclass
class World:
    """The people and the room the fuzzer posts as and about."""

    room: Room
    guest: Player
    account: User
    staff: User

    def samples(self, route: Route) -> list[dict[str, Any]]:
        """Parameters for ``route``: ones that name real things, and junk."""
        real = {
            "code": self.room.code,
            "number": 1,
            "player_id": self.guest.pk,
            "variant": "yahtzee",
            "ruleset": "yahtzee",
            "day": date.today().isoformat(),
        }
        junk = {
            "IntConverter": 999_999,
            "SlugConverter": "no-such-thing",
            "StringConverter": "%00'\"<x>",
            "PathConverter": "a/../b",
            "UUIDConverter": "00000000-0000-0000-0000-000000000000",
        }
        first = {key: real.get(key, junk[kind]) for key, kind in route.converters.items()}
        second = {key: junk[kind] for key, kind in route.converters.items()}
        return [first] if first == second else [first, second]

    def client(self, role: str) -> Client:
        """A fresh browser of a visitor of ``role`` (one of ``ROLES``), with no CSRF check:
        what is fuzzed is the code behind it."""
        client = Client()
        if role == "guest":
            session = client.session
            session[SESSION_KEY] = self.guest.pk
            session.save()
        elif role != "visitor":
            client.force_login(self.account if role == "player" else self.staff)
        return client


ROLES = ("visitor", "guest", "player", "staff")


def urls(world: World, routes: list[Route]) -> list[str]:
    """Every route's URL, with each of its samples."""
    return [
        reverse(route.name, kwargs=kwargs) for route in routes for kwargs in world.samples(route)
    ]


FIELD = re.compile(r'<(?:input|select|textarea|button)\b[^>]*\bname="([^"]+)"')


def field_names(html: str) -> set[str]:
    """The names of the form fields of a page."""
    return set(FIELD.findall(html))


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


# Bodies no view may answer with a 500: (what it is, body, content type).
HOSTILE: list[tuple[str, str | bytes, str]] = [
    ("nested arrays", deep(100_000), JSON),
    ("nested objects", '{"a":' * 20_000 + "1" + "}" * 20_000, JSON),
    ("deep but small", deep(40), JSON),
    ("over Django's upload limit", '{"endpoint": "' + "x" * 3_000_000 + '"}', JSON),
    ("over 4 KB", json.dumps({"endpoint": "https://fcm.googleapis.com/" + "x" * 5000}), JSON),
    ("cut short", '{"endpoint": "https://fcm', JSON),
    ("not JSON", "not json", JSON),
    ("a byte order mark", '\ufeff{"endpoint": "x"}', JSON),
    ("empty", "", JSON),
    ("an array", "[1, 2]", JSON),
    ("a number", "1e999", JSON),
    ("a string", '"x"', JSON),
    ("null", "null", JSON),
    ("true", "true", JSON),
    (
        "wrong field types",
        json.dumps(
            {
                "endpoint": 7,
                "keys": [],
                "name": {"a": 1},
                "ruleset": None,
                "seats": "x",
                "language": [1],
            }
        ),
        JSON,
    ),
    (
        "keys of the wrong types",
        json.dumps(
            {"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": 1, "auth": None}}
        ),
        JSON,
    ),
    (
        "NUL and a lone surrogate",
        '{"endpoint": "https://fcm.googleapis.com/\\u0000",'
        ' "keys": {"p256dh": "\\ud800", "auth": "\\udfff"}}',
        JSON,
    ),
    ("a huge number", '{"endpoint": ' + "9" * 4000 + "}", JSON),
    ("not UTF-8, as JSON", b'{"endpoint": "\xff\xfe\xc3"}', JSON),
    ("not UTF-8, as a form", b"name=\xff\xfe&ruleset=\xc3&language=\xe9", FORM),
    (
        "bad escapes",
        "name=%ff%fe%00&ruleset=%ZZ&seats=99999999999999999999999&"
        "turn_seconds=-1&next=%0d%0aLocation:%20x&language=..%2f",
        FORM,
    ),
    ("over Django's upload limit, as a form", "name=" + "x" * 3_000_000, FORM),
    ("too many fields", "&".join(f"f{i}=1" for i in range(1500)), FORM),
    ("JSON as a form", '{"name": "Ada"}', FORM),
    ("plain text", "name=Ada", "text/plain"),
    (
        "a multipart body with a wrong boundary",
        b'--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n',
        "multipart/form-data; boundary=y",
    ),
    ("a multipart body with no boundary", b"--x\r\n\r\n", "multipart/form-data"),
    (
        "a multipart file",
        b'--b\r\nContent-Disposition: form-data; name="name"; '
        b'filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n\xff\x00\r\n'
        b"--b--\r\n",
        "multipart/form-data; boundary=b",
    ),
]

# Odd values for the site's own form fields.
ODD_VALUES = [
    "",
    " ",
    "\x00",
    "-1",
    "0",
    "9" * 30,
    "1e9",
    "x" * 5000,
    "true",
    "[]",
    "{}",
    "null",
    "\u202egnp.exe",
    "A\u0301" * 40,
    "../../etc/passwd",
    "<script>",
    "yahtzee",
    "https://evil.example/",
    "//evil.example",
    "\r\nSet-Cookie: a=b",
]


def count_rows() -> dict[str, int]:
    """The rows of every table of the site and of accounts (not sessions, nor the sign-in
    limit's records of failures): what a refused request must leave as it was. One
    query."""
    tables = sorted(
        {
            model._meta.db_table
            for model in apps.get_models()
            if model._meta.app_label in (*SITE_APPS, "auth")
        }
    )
    counts = ", ".join(f"(SELECT COUNT(*) FROM {connection.ops.quote_name(t)})" for t in tables)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {counts}")
        return dict(zip(tables, cursor.fetchone(), strict=True))
