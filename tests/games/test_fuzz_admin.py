"""No input makes a 500 in the moderators' admin either: every list of the site's own
models with each of its actions (ids that exist, do not, are not numbers, are huge, are
repeated) and each confirmation's fields (missing, empty, 10,000 characters, not UTF-8,
NUL, wrong types, dates out of range or malformed, negative or huge numbers), every URL
the site's admin adds, every read-only page posted to, every list's filters and search,
as a superuser, a moderator and a staff member who may only look. Each request is
answered without a server error, and one that reports nothing done changes nothing
(tests/support/fuzz/admin.py has the targets)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import User
from django.core.validators import ProhibitNullCharactersValidator
from django.db.models import ForeignKey, Model
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.models import Player
from games import services
from rooms.models import ChatMessage
from tests.support.admin_pages import SITE_APPS, changelist, moderated_world
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.fuzz.admin import (
    FILTER_VALUES,
    HOSTILE_VALUES,
    LEFT_OUT,
    LIST_QUERIES,
    ROLES,
    actions_of,
    answer,
    check,
    custom_urls,
    form_body,
    our_admins,
    post_forms,
    selections,
    staff_member,
)
from tests.support.group_games import reported_group
from tests.support.present import present

pytestmark = pytest.mark.django_db
REASON = ("fuzzing the admin",)
# What the admin posts beside the fields of a confirmation form.
ACTION_FIELDS = {"csrfmiddlewaretoken", "action", ACTION_CHECKBOX_NAME, "post"}
# Values no field of a confirmation form may take; and those of the fields we know.
REFUSED_EVERYWHERE = {"10,000 characters", "NUL", "NUL inside", "repeated"}
MOMENTS = {"missing", "empty", "blank", "far future", "a date alone", "a zone"}
REFUSED = {
    "reason": REFUSED_EVERYWHERE | {"missing", "empty", "blank", "invisible only"},
    "until": {what for what, _ in HOSTILE_VALUES} - MOMENTS,
    "guests_may_open": set(),  # a checkbox: any value ticks it, as in a browser
}
# Selections an action may act on; any other is refused with a message.
ACTED_ON = {"one that exists", "all of them", "repeated", "900 ids"}
NUL_REFUSED = str(ProhibitNullCharactersValidator.message)


@pytest.fixture
def staff(db: None) -> dict[str, User]:
    return {role: staff_member(role) for role in ROLES}


@pytest.fixture
def world(
    ada: Player,
    bob: Player,
    cy: Player,
    make_player: MakePlayer,
    make_room: MakeRoom,
    staff: dict[str, User],
) -> SimpleNamespace:
    """A room in play (Ada and Bob) with chat, a closed one with a bot, a banned player,
    a removed line, open reports (Ada's of Bob's line, Bob's of Ada), a reported group."""
    room = make_room(ada, "yahtzee", seats=2, joined=[bob], start=True)
    world = moderated_world(room, ada, cy, make_player, make_room, staff["superuser"])
    services.chat_post(player=bob, code=room.code, text="you are an idiot")
    rude = ChatMessage.objects.get(text="you are an idiot")
    services.report_send(
        player=ada, code=room.code, message=rude.pk, reason="abuse", text="he insults me"
    )
    services.report_send(player=bob, code=room.code, target=ada.pk, reason="cheating")
    reported_group(ada, bob)
    return world


@pytest.fixture
def clients(staff: dict[str, User]) -> dict[str, Client]:
    """A browser for each role, signed in; a server error is answered, not raised."""
    signed_in = {}
    for role, user in staff.items():
        signed_in[role] = Client(raise_request_exception=False)
        signed_in[role].force_login(user)
    return signed_in


def rows(model_admin: Any) -> list[Any]:
    """The first rows of a list (enough to hold one that each action takes)."""
    return list(model_admin.model.objects.order_by("pk")[:6])


def test_the_targets_are_the_sites_own_admin_pages(
    world: SimpleNamespace, staff: dict[str, User]
) -> None:
    admins = {model_admin.opts.model_name: model_admin for model_admin in our_admins()}
    assert {
        "room",
        "membership",
        "chatmessage",
        "game",
        "gamereview",
        "player",
        "report",
        "moderationaction",
    } <= set(admins)
    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label in LEFT_OUT:
            assert type(model_admin).__module__.split(".")[0] in ("django", "axes"), model
    request = RequestFactory().get("/admin/")
    request.user = staff["superuser"]
    for name, model_admin in admins.items():  # read-only: nothing to fuzz in a form
        assert not model_admin.has_add_permission(request), name
        assert not model_admin.has_change_permission(request), name
        assert not model_admin.has_delete_permission(request), name
    actions = {
        name: actions_of(model_admin, staff["superuser"]) for name, model_admin in admins.items()
    }
    assert {name: names for name, names in actions.items() if names} == {
        "room": ["close_rooms"],
        "membership": ["kick_members"],
        "chatmessage": ["remove_messages"],
        "game": ["end_games"],
        "player": ["ban_players", "unban_players"],
        "group": ["close_groups"],
        "groupreport": ["close_reported_groups", "dismiss_reports"],
        "tablelimits": ["set_limits"],
    }
    assert actions_of(admins["room"], staff["moderator"]) == ["close_rooms"]
    assert not any(actions_of(model_admin, staff["viewer"]) for model_admin in admins.values())
    assert {
        pattern.name for model_admin in admins.values() for pattern in custom_urls(model_admin)
    } == {"moderation_report_handle"}


def test_no_selection_of_any_action_makes_a_500(
    world: SimpleNamespace, clients: dict[str, Client], staff: dict[str, User]
) -> None:
    """Every action with every kind of selection, at one of its two steps (the
    confirmation page, then the confirmed action) and from one role, both in turn; ids
    that are not ids of a row are refused with a message."""
    failures: list[str] = []
    turn = 0
    steps = {"the page": {"index": ("0",)}, "confirmed": {"post": ("yes",), "reason": REASON}}
    actions = [
        (model_admin, action)
        for model_admin in our_admins()
        for action in actions_of(model_admin, staff["superuser"])
    ]
    for count, (model_admin, action) in enumerate(actions):
        url = changelist(model_admin.opts.model_name)
        for number, (what, selected) in enumerate(selections(rows(model_admin))):
            step, fields = list(steps.items())[(number + count) % 2]
            role = ROLES[turn % len(ROLES)]
            turn += 1
            body = form_body({"action": (action,), ACTION_CHECKBOX_NAME: tuple(selected), **fields})
            got = answer(clients[role], url, body)
            label = f"{action} on {what} ({step})"
            check(got, label, role, failures)
            refused = not got.succeeded and any(level == "error" for level, _ in got.messages)
            if what not in ACTED_ON and role != "viewer" and not refused:
                failures.append(f"not refused with a message: {label} as {role}")
    assert failures == []


def test_no_value_in_a_confirmation_makes_a_500(
    world: SimpleNamespace, clients: dict[str, Client], staff: dict[str, User]
) -> None:
    """Every field of the actions' confirmation forms gets every hostile value (the
    others valid), on the rows of its list: each value goes to one of the actions whose
    form has the field, and from one role, both in turn."""
    forms: dict[str, list[tuple[str, str, tuple[str, ...], dict[str, tuple[str, ...]]]]] = {}
    for model_admin in our_admins():
        url = changelist(model_admin.opts.model_name)
        selected = tuple(str(obj.pk) for obj in rows(model_admin))
        for action in actions_of(model_admin, staff["superuser"]):
            page = clients["superuser"].post(
                url, {"action": action, "index": "0", ACTION_CHECKBOX_NAME: list(selected)}
            )
            offered = post_forms(page.content.decode())[""]
            fields = set(offered) - ACTION_FIELDS
            assert "reason" in fields, action
            # The other fields keep the first value the page offers, or "1" (a number of the
            # limits', a ticked box).
            usual = {name: tuple(offered[name][:1]) or ("1",) for name in fields}
            for field in fields:
                forms.setdefault(field, []).append((url, action, selected, usual))
    limits = ("guests_may_open", "new_account_days", "new_account_tables", "tables_at_once")
    expected = {"reason": 10, "until": 1, **dict.fromkeys(limits, 1)}
    assert {field: len(actions) for field, actions in forms.items()} == expected
    failures: list[str] = []
    taken: dict[str, set[str]] = {field: set() for field in forms}
    for field, actions in sorted(forms.items()):
        for turn, (what, value) in enumerate(HOSTILE_VALUES):
            url, action, selected, usual = actions[turn % len(actions)]
            role = ROLES[turn % len(ROLES)]
            body = form_body(
                {
                    **usual,
                    "action": (action,),
                    ACTION_CHECKBOX_NAME: selected,
                    "post": ("yes",),
                    "reason": REASON,
                    "until": ("",),
                    field: value,
                }
            )
            got = answer(clients[role], url, body)
            check(got, f"{action} with {field} {what}", role, failures)
            if got.succeeded:
                taken[field].add(what)
            if what in REFUSED.get(field, REFUSED_EVERYWHERE) and got.succeeded:
                failures.append(f"taken: {action} with {field} {what} as {role}")
    assert failures == []
    assert "far future" in taken["until"] and "markup" in taken["reason"]  # some were done


def test_no_post_to_a_url_the_site_adds_makes_a_500(
    world: SimpleNamespace, clients: dict[str, Client]
) -> None:
    """Each URL the site's admin adds (a report's handling), for every row and for ids
    that name none, with each choice its page offers and every hostile value in each of
    its fields, from each role in turn."""
    failures: list[str] = []
    turn = 0
    for model_admin in our_admins():
        for pattern in custom_urls(model_admin):
            assert set(pattern.pattern.converters) == {"pk"}, pattern
            for obj in rows(model_admin):
                url = reverse(f"admin:{pattern.name}", kwargs={"pk": obj.pk})
                page = clients["superuser"].get(
                    reverse(
                        f"admin:{model_admin.opts.app_label}_{model_admin.opts.model_name}_change",
                        args=[obj.pk],
                    )
                )
                offered = post_forms(page.content.decode())[url]
                fields = set(offered) - ACTION_FIELDS
                choices = {name: values for name, values in offered.items() if len(values) > 1}
                assert fields and choices, url
                for field in sorted(fields):
                    for what, value in HOSTILE_VALUES[turn % 2 :: 2]:
                        role = ROLES[turn % len(ROLES)]
                        form = {
                            name: (values[turn % len(values)],)
                            if name in choices
                            else REASON
                            if name == "reason"
                            else ("",)
                            for name, values in offered.items()
                            if name in fields
                        }
                        turn += 1
                        got = answer(clients[role], url, form_body({**form, field: value}))
                        check(got, f"{url} with {field} {what}", role, failures)
            for junk in (999_999, 10**30):
                url = reverse(f"admin:{pattern.name}", kwargs={"pk": junk})
                for role in ROLES:
                    got = answer(clients[role], url, form_body({"reason": REASON}))
                    check(got, f"{url}", role, failures)
                    if got.status not in (403, 404):
                        failures.append(f"{got.status}: {url} as {role}")
    assert failures == []


def test_the_read_only_pages_refuse_every_post(
    world: SimpleNamespace, clients: dict[str, Client]
) -> None:
    """Adding, changing and deleting, posted anyway with hostile values in the model's
    fields, for rows and for ids that name none: refused, nothing changed."""
    failures: list[str] = []
    turn = 0
    for model_admin in our_admins():
        opts = model_admin.opts
        names = [field.name for field in opts.concrete_fields]
        base = f"admin:{opts.app_label}_{opts.model_name}"
        junk = ["abc", "9" * 30, "%00"][turn % 3]  # ids that name no row, in turn
        urls = [reverse(f"{base}_add")]
        for object_id in [*(obj.pk for obj in rows(model_admin)[:1]), junk]:
            urls += [
                reverse(f"{base}_change", args=[object_id]),
                reverse(f"{base}_delete", args=[object_id]),
            ]
        for url in urls:
            role = ROLES[turn % len(ROLES)]
            what, value = HOSTILE_VALUES[turn % len(HOSTILE_VALUES)]
            turn += 1
            got = answer(
                clients[role],
                url,
                form_body({name: value for name in names} | {"post": ("yes",), "_save": ("Save",)}),
            )
            check(got, f"{url} with {what}", role, failures)
            if got.changed or got.status not in (302, 403, 404):
                failures.append(f"{got.status}: {url} with {what} as {role}")
    assert failures == []


def test_no_search_or_filter_of_any_list_makes_a_500(
    world: SimpleNamespace, clients: dict[str, Client]
) -> None:
    """Every list with odd searches, pages and orders, and each of its filters (and its
    dates) with odd values, from each role in turn; a NUL is refused with Django's
    message for it. The admin's search for its select boxes too."""
    failures: list[str] = []
    turn = 0
    for index, model_admin in enumerate(our_admins()):
        url = changelist(model_admin.opts.model_name)
        listing = clients["superuser"].get(url).context["cl"]
        parameters = {name for spec in listing.filter_specs for name in spec.expected_parameters()}
        if listing.date_hierarchy:
            parameters |= {f"{listing.date_hierarchy}__{part}" for part in ("year", "month")}
        # Each filter with a NUL, every other one with another value in turn; each of
        # the queries any list takes on every third list.
        queries = [
            *LIST_QUERIES[index % 3 :: 3],
            *(f"{name}=%00" for name in parameters),
            *(
                f"{name}={FILTER_VALUES[(index + n) % len(FILTER_VALUES)]}"
                for n, name in enumerate(sorted(parameters))
                if (index + n) % 2
            ),
        ]
        for query in queries:
            role = ROLES[turn % len(ROLES)]
            turn += 1
            got = answer(clients[role], f"{url}?{query}")
            check(got, f"{url}?{query[:40]}", role, failures)
            if "%00" in query and (got.status, got.messages) != (302, [("error", NUL_REFUSED)]):
                failures.append(f"NUL not refused ({got.status}): {url}?{query} as {role}")
    for n, (app, source, field) in enumerate(select_box_fields()):
        for i, term in enumerate(("%00", "x" * 10_000, "%ff", "")):
            page = ("1", "abc", "9" * 30, "-1")[(n + i) % 4]
            role = ROLES[turn % len(ROLES)]
            turn += 1
            got = answer(
                clients[role],
                f"/admin/autocomplete/?app_label={app}&model_"
                f"name={source}&field_name={field}&term={term}&page={page}",
            )
            check(got, f"autocomplete {source}.{field} {term[:10]} {page}", role, failures)
    assert failures == []


def select_box_fields() -> list[tuple[str, str, str]]:
    """A foreign key to each model of ours the admin searches (the admin's search for its
    select boxes takes any of them)."""
    found: dict[type[Model], tuple[str, str, str]] = {}
    for model_admin in our_admins():
        for field in model_admin.model._meta.concrete_fields:
            target = field.related_model if isinstance(field, ForeignKey) else None
            if (
                isinstance(target, type)
                and target._meta.app_label in SITE_APPS
                and admin.site.is_registered(target)
                and admin.site.get_model_admin(target).search_fields
            ):
                found.setdefault(
                    target,
                    (model_admin.opts.app_label, present(model_admin.opts.model_name), field.name),
                )
    assert len(found) >= 3
    return list(found.values())


def test_a_refusal_says_what_was_wrong(world: SimpleNamespace, clients: dict[str, Client]) -> None:
    """What a moderator reads when the admin refuses: an id that is not a number or out
    of range, ids of no row, a NUL in a filter."""
    expected = {
        "abc": "Nothing was done: “abc” value must be an integer.",
        "9" * 30: "Nothing was done: Ensure this value is less than or equal to "
        "9223372036854775807.",
        "-1": "Nothing was done: none of the selected items exists.",
        "999999": "Nothing was done: none of the selected items exists.",
    }
    for selected, message in expected.items():
        for step in ({"index": ("0",)}, {"post": ("yes",), "reason": REASON}):
            got = answer(
                clients["moderator"],
                changelist("player"),
                form_body({"action": ("ban_players",), ACTION_CHECKBOX_NAME: (selected,), **step}),
            )
            assert (got.status, got.messages, got.changed) == (302, [("error", message)], False)
    got = answer(clients["viewer"], changelist("room") + "?status__exact=%00")
    assert (got.status, got.messages) == (302, [("error", "Null characters are not allowed.")])
