"""The moderators' admin as a fuzz target (tests/games/test_fuzz_admin.py): the site's own
pages of Django's admin, their actions, filters and URLs, found from the admin site itself
(a new page, action or URL is fuzzed without a word here); the staff who use them; the
hostile selections and field values they post; and what a request changed.

The pages of ``LEFT_OUT`` are Django's own, and left to Django's tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote_plus

from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Permission, User
from django.contrib.messages import get_messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import transaction
from django.db.models import Model
from django.test import Client, RequestFactory
from django.urls import URLPattern

from moderation.models import Report
from tests.support.admin_pages import SITE_APPS, snapshot
from tests.support.fuzz.views import FORM, count_rows

# Apps whose admin pages are not fuzzed here, and why.
LEFT_OUT = {
    "auth": "Django's own pages for accounts and groups: Django's code and tests",
    "axes": "django-axes' own pages of sign-in attempts: its code and its tests",
}
# The staff who use the admin: every permission; what the site gives a moderator (a
# model's *view* shows its pages, its *change* runs its moderation actions: games/admin);
# and one who may only look.
ROLES = ("superuser", "moderator", "viewer")
# The pages every ModelAdmin has; any other URL of one is the site's own.
DJANGO_VIEWS = ("changelist", "add", "history", "delete", "change")


def our_admins() -> list[Any]:
    """The site's own ModelAdmins (every registered model but those of ``LEFT_OUT``)."""
    return [
        admin.site.get_model_admin(model)
        for model in apps.get_models()
        if admin.site.is_registered(model) and model._meta.app_label not in LEFT_OUT
    ]


def staff_member(role: str) -> User:
    """A staff account of ``role`` (one of ``ROLES``)."""
    if role == "superuser":
        return User.objects.create_superuser("fuzz-root", password="pw-long-enough")
    user = User.objects.create_user(f"fuzz-{role}", password="pw-long-enough", is_staff=True)
    kinds = ("view_", "change_") if role == "moderator" else ("view_",)
    user.user_permissions.add(
        *Permission.objects.filter(
            content_type__app_label__in=SITE_APPS, codename__regex=rf"^({'|'.join(kinds)})"
        )
    )
    return user


def actions_of(model_admin: Any, user: User) -> list[str]:
    """The names of the actions ``user`` is offered on ``model_admin``'s list."""
    request = RequestFactory().get("/admin/")
    request.user = user
    return sorted(model_admin.get_actions(request))


def custom_urls(model_admin: Any) -> list[URLPattern]:
    """The URLs a ModelAdmin adds to Django's own pages."""
    opts = model_admin.opts
    django_names = {f"{opts.app_label}_{opts.model_name}_{view}" for view in DJANGO_VIEWS}
    return [
        pattern
        for pattern in model_admin.get_urls()
        if isinstance(pattern, URLPattern) and pattern.name and pattern.name not in django_names
    ]


def selections(real: Sequence[Model]) -> list[tuple[str, list[str]]]:
    """``_selected_action`` values to post: ids of ``real`` rows, and junk."""
    ids = [str(obj.pk) for obj in real]
    return [
        ("one that exists", ids[:1]),
        ("all of them", ids),
        ("repeated", ids[:1] * 3),
        ("none that exists", ["999999"]),
        ("negative", ["-1"]),
        ("not a number", ["abc"]),
        ("a fraction", ["1.5"]),
        ("empty", [""]),
        ("NUL", ["\x00"]),
        ("huge", ["9" * 30]),
        ("just past 64 bits", [str(2**63)]),
        ("real and junk", [*ids[:1], "abc"]),
        ("900 ids", [str(i) for i in range(900)]),
    ]


# Values for a field: () leaves the field out, two values repeat it; bytes are not UTF-8.
FieldValue = tuple[str | bytes, ...]
HOSTILE_VALUES: list[tuple[str, FieldValue]] = [
    ("missing", ()),
    ("empty", ("",)),
    ("blank", ("   ",)),
    ("10,000 characters", ("x" * 10_000,)),
    ("not UTF-8", (b"\xff\xfe\xc3",)),
    ("NUL", ("\x00",)),
    ("NUL inside", ("spam\x00links",)),
    ("repeated", ("spam", "\x00")),
    ("invisible only", ("\u200b\u202e",)),
    ("markup", ("<script>alert(1)</script>",)),
    ("a number", ("42",)),
    ("negative", ("-1",)),
    ("huge", ("9" * 30,)),
    ("a float", ("1e999",)),
    ("a list", ("[]",)),
    ("an object", ('{"a": 1}',)),
    ("true", ("true",)),
    ("null", ("null",)),
    ("far future", ("9999-12-31T23:59:59",)),
    ("past year 9999", ("10000-01-01T00:00",)),
    ("year 1", ("0001-01-01T00:00",)),
    ("the epoch", ("1970-01-01 00:00",)),
    ("no such day", ("2024-02-30T25:61",)),
    ("a date alone", ("2031-05-04",)),
    ("malformed", ("2031-13-45Tnoon",)),
    ("a zone", ("2031-05-04T10:00+14:00",)),
    ("a zone past +24", ("2031-05-04T10:00+99:00",)),
    ("year 0", ("0000-01-01T00:00",)),
]
# Query strings for every list (percent-encoded), beside each of its filters with
# ``FILTER_VALUES``.
LIST_QUERIES = [
    "q=%00",
    "q=" + "x" * 10_000,
    "q=%ff%fe",
    "p=abc",
    "p=" + "9" * 30,
    "o=99.-x",
    "o=%00",
    "all=%00",
    "%00=1",
    "_to_field=%00",
    "q=a&q=%00",
]
FILTER_VALUES = ["zz", "9" * 30, "-1", "", "2024-02-30", "%ff"]


def form_body(fields: dict[str, FieldValue]) -> bytes:
    """``fields`` as a browser's form post (bytes go as they are: not UTF-8)."""
    return "&".join(
        f"{quote_plus(name)}={quote_plus(value)}"
        for name, values in fields.items()
        for value in values
    ).encode()


class _Forms(HTMLParser):
    """The post forms of a page: each one's action, with its fields' offered values."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, list[str]]] = {}
        self._form: dict[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if tag == "form" and found.get("method", "").lower() == "post":
            self._form = self.forms.setdefault(found.get("action", ""), {})
        elif (
            tag in ("input", "select", "textarea", "button")
            and self._form is not None
            and "name" in found
        ):
            values = self._form.setdefault(found["name"], [])
            if "value" in found and found["value"] not in values:
                values.append(found["value"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def post_forms(html: str) -> dict[str, dict[str, list[str]]]:
    """The post forms of a page, by action (``""``: the page itself): field name to the
    values the page offers for it."""
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def state() -> tuple[object, ...]:
    """Everything staff could change: every row count, what moderation changes, and the
    reports' statuses."""
    reports = list(Report.objects.order_by("pk").values_list("status", flat=True))
    return count_rows(), snapshot(), reports


@dataclass
class Answer:
    """What a request got: its status, the admin's messages and whether it changed
    anything (unknown after a server error)."""

    status: int
    messages: list[tuple[str, str]]
    changed: bool

    @property
    def succeeded(self) -> bool:
        """Whether the admin said something was done."""
        return any(level == "success" for level, _ in self.messages)


def answer(client: Client, url: str, body: bytes | None = None) -> Answer:
    """Post ``body`` to ``url`` (get it when there is none) and undo what that did, so
    every request meets the same world (the messages of earlier requests left behind)."""
    client.cookies.pop(CookieStorage.cookie_name, None)
    with transaction.atomic():
        before = state()
        response = client.get(url) if body is None else client.post(url, body, content_type=FORM)
        changed = response.status_code < 500 and state() != before
        transaction.set_rollback(True)
    said = [(message.level_tag, str(message)) for message in get_messages(response.wsgi_request)]
    return Answer(response.status_code, said, changed)


def check(answer_: Answer, what: str, role: str, failures: list[str]) -> None:
    """No server error; nothing changed unless the admin said it was done, and never by a
    staff member who may only look."""
    if answer_.status >= 500:
        failures.append(f"{answer_.status}: {what} as {role}")
    elif answer_.changed and (not answer_.succeeded or role == "viewer"):
        failures.append(f"changed ({answer_.status}, {answer_.messages}): {what} as {role}")
