"""Where a turn email leads: its room link signs its reader in (for three days, never
over someone else nor as staff), and the notifications page where a person chooses their
emails. (Sending them, reminders, quiet hours and digests: test_notice_emails.py.)"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail, signing
from django.test import Client

from accounts.models import Player
from games import services
from notices.models import Preferences
from notices.services.notices import notices_send
from tests.support.fixture_types import MakeRoom
from tests.support.notice_emails import ada_waits, links, path_of
from tests.support.present import present

pytestmark = pytest.mark.django_db


def test_a_room_link_never_signs_in_over_someone_else_nor_a_staff_account(
    ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    ada_waits(bob, ada_account, make_room)
    notices_send()
    room = path_of(links(mail.outbox[0])[0])
    guest = Client()
    session = guest.session
    session["player_id"] = bob.pk  # Bob's browser
    session.save()
    assert guest.get(room)["Location"].startswith("/r/")  # the room, as Bob
    assert "_auth_user_id" not in guest.session
    User.objects.filter(pk=present(ada_account.user_id)).update(is_staff=True)
    assert Client().get(room)["Location"].startswith("/account/sign-in/")


def test_the_notifications_page_keeps_choices_and_refuses_bad_ones(
    ada_account: Player, bob: Player, cy: Player, make_room: MakeRoom
) -> None:
    page = Client()
    page.force_login(present(ada_account.user))
    form = {
        "push": "on",
        "email": "on",
        "reminder_hours": "6",
        "quiet_from": "22",
        "quiet_until": "7",
        "time_zone": "Asia/Tokyo",
    }
    assert page.post("/notifications/", form).status_code == 302
    chosen = Preferences.objects.get(player=ada_account)
    assert (
        chosen.push,
        chosen.email,
        chosen.reminder_hours,
        chosen.quiet_from,
        chosen.quiet_until,
        chosen.time_zone,
    ) == (True, True, 6, 22, 7, "Asia/Tokyo")
    for bad in ({"time_zone": "Mars/Olympus"}, {"quiet_until": ""}, {"reminder_hours": "5"}):
        answer = page.post("/notifications/", {**form, "email": "", **bad})
        assert answer.status_code == 400
    assert Preferences.objects.get(player=ada_account).email  # nothing changed
    shown = page.get("/notifications/").content.decode()
    assert 'data-testid="notices-email"' in shown and "ada@example.org" in shown
    # A guest chooses push and quiet hours; emails are for accounts.
    code = make_room(cy, "yatzy", seats=2).code
    guest = Client()
    session = guest.session
    session["player_id"] = bob.pk
    session.save()
    services.room_join(player=bob, code=code)
    assert 'data-testid="notices-email"' not in guest.get("/notifications/").content.decode()


def test_a_new_account_with_no_room_chooses_its_emails_and_a_guest_is_offered_one(db: None) -> None:
    guest = Client().get("/notifications/").content.decode()
    assert "Open or join a room first" not in guest
    assert 'href="/account/sign-up/?next=/notifications/"' in guest
    assert 'data-testid="notices-form"' not in guest
    user = User.objects.create_user("newcomer", email="new@example.org", password="pw-long-enough")
    page = Client()
    page.force_login(user)
    shown = page.get("/notifications/").content.decode()
    assert 'data-testid="notices-email"' in shown and "new@example.org" in shown
    assert not Player.objects.filter(user=user).exists()  # a page view creates nothing
    form = {
        "push": "on",
        "email": "on",
        "reminder_hours": "2",
        "quiet_from": "",
        "quiet_until": "",
        "time_zone": "Europe/Paris",
    }
    assert page.post("/notifications/", form).status_code == 302
    chosen = Preferences.objects.get(player__user=user)
    assert (chosen.email, chosen.reminder_hours, chosen.time_zone) == (True, 2, "Europe/Paris")
    assert chosen.player.name == "newcomer"
    assert 'data-testid="device-push"' in page.get("/notifications/").content.decode()


def emailed(monkeypatch: pytest.MonkeyPatch, age: timedelta) -> str:
    """The room link of an email written ``age`` ago (the signature's own clock moved)."""
    written = time.time() - age.total_seconds()
    monkeypatch.setattr(
        signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(int(written))
    )
    notices_send()
    monkeypatch.undo()
    return path_of(links(mail.outbox[-1])[0])


def test_a_room_link_signs_in_for_three_days(
    ada_account: Player, bob: Player, make_room: MakeRoom, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = ada_waits(bob, ada_account, make_room)
    room = emailed(monkeypatch, timedelta(days=3) - timedelta(hours=1))
    reader = Client(enforce_csrf_checks=True)
    assert "Continue as Ada" in reader.get(room).content.decode()
    answer = reader.post(room, {"csrfmiddlewaretoken": reader.cookies["csrftoken"].value})
    assert answer["Location"] == f"/r/{code}/"
    assert int(reader.session["_auth_user_id"]) == ada_account.user_id


def test_an_expired_room_link_offers_to_sign_in(
    ada_account: Player, bob: Player, make_room: MakeRoom, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = ada_waits(bob, ada_account, make_room)
    room = emailed(monkeypatch, timedelta(days=4))
    reader = Client(enforce_csrf_checks=True)
    page = reader.get(room, HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert page.status_code == 200 and "This link has expired" in text
    assert "sign you in for 3 days" in text and "Continue as" not in text
    assert f'href="/account/sign-in/?next=%2Fr%2F{code}%2F"' in text
    assert f'href="/r/{code}/"' in text
    reader.post(room, {"csrfmiddlewaretoken": reader.cookies["csrftoken"].value})
    assert "_auth_user_id" not in reader.session
    own = Client()
    session = own.session
    session["player_id"] = ada_account.pk  # her own browser: the room, as before
    session.save()
    assert own.get(room)["Location"] == f"/r/{code}/"
    assert Client().get(room[:-2] + "x/")["Location"] == "/games/"  # damaged, not old
