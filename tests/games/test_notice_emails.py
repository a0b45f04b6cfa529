"""Turns by email: "your turn" with a signed link that opens the room, a reminder before
the deadline, quiet hours, one digest a day for several rooms, and an unsubscribe link
that works in one click. Time is moved, never waited for."""

from __future__ import annotations

import email
import email.policy
import re
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.contrib.auth.models import User
from django.core import mail, signing
from django.core.mail import EmailMessage
from django.test import Client, override_settings
from django.utils import timezone

from accounts.models import PendingEmail, Player
from bench.harness.live_server import free_port
from games import services
from games.services.notices import notices_send
from games.services.preferences import quiet_end
from notices.models import Notice, Preferences
from play.models import Turn
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn
from tests.support.present import present

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^\s>]+")
PARIS = ZoneInfo("Europe/Paris")


class Clock:
    """``timezone.now`` as the test sets it."""

    def __init__(self) -> None:
        self.moment = timezone.now()

    def __call__(self) -> datetime:
        return self.moment

    def to(self, moment: datetime) -> None:
        self.moment = moment


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(timezone, "now", found)
    return found


@pytest.fixture
def ada_account(ada: Player) -> Player:
    """Ada has an account with a confirmed address, and asked for emails about turns."""
    user = User.objects.create_user("ada", email="ada@example.org", password="pw-long-enough")
    Player.objects.filter(pk=ada.pk).update(user=user)
    ada.refresh_from_db()
    Preferences.objects.create(player=ada, email=True)
    return ada


def choose(player: Player, **chosen: object) -> None:
    Preferences.objects.filter(player=player).update(**chosen)


def ada_waits(bob: Player, ada: Player, make_room: MakeRoom) -> str:
    """A room by the day, one after another, where Bob has played and Ada is to play."""
    code = make_room(
        bob, "yatzy", seats=2, pace="day", together=False, joined=[ada], start=True
    ).code
    play_turn(bob, code)
    return code


def links(message: EmailMessage) -> list[str]:
    return LINK.findall(str(message.body))


def path_of(url: str) -> str:
    return "/" + url.split("/", 3)[3]


def test_your_turn_email_opens_the_room_signed_in_and_stops_in_one_click(
    ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    code = ada_waits(bob, ada_account, make_room)
    assert notices_send() == 3  # Bob's push (no device), Ada's push and her email
    [message] = mail.outbox
    assert message.to == ["ada@example.org"]
    assert message.subject == "Your turn in Yatzy"
    assert "Yatzy, game 1 with Bob" in message.body and "Until " in message.body
    room, preferences, unsubscribe = links(message)
    assert "/go/" in room and path_of(preferences) == "/notifications/"
    assert message.extra_headers == {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    # On a browser that is no one yet, the link asks, then signs its reader in (once:
    # a sign-in changes what the link must carry) and opens the room.
    reader = Client(enforce_csrf_checks=True)
    asked = reader.get(path_of(room))
    assert "Continue as Ada" in asked.content.decode()
    answer = reader.post(path_of(room), {"csrfmiddlewaretoken": reader.cookies["csrftoken"].value})
    assert answer.status_code == 302 and answer["Location"] == f"/r/{code}/"
    assert int(reader.session["_auth_user_id"]) == ada_account.user_id
    assert reader.get(path_of(room))["Location"] == f"/r/{code}/"  # hers: straight in
    again = Client().get(path_of(room))  # used: sign in first
    assert again.status_code == 302 and again["Location"].startswith("/account/sign-in/")
    assert Client().post(path_of(room))["Location"].startswith("/account/sign-in/")
    assert Client().get(path_of(room)[:-1] + "x/")["Location"] == "/games/"
    # One click (a mail program posts it, no page, no CSRF token): no more emails.
    strict = Client(enforce_csrf_checks=True)
    assert "Stop emails to Ada" in strict.get(path_of(unsubscribe)).content.decode()
    assert strict.post(path_of(unsubscribe)).status_code == 200
    assert not Preferences.objects.get(player=ada_account).email
    assert Client().post(path_of(unsubscribe)[:-3] + "xx/").status_code == 404
    play_turn(ada_account, code)
    play_turn(bob, code)
    notices_send()
    assert len(mail.outbox) == 1 and not Notice.objects.filter(
        channel="email", sent_at__isnull=True
    )


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


def test_no_email_unless_asked_for_and_to_a_confirmed_address(
    ada: Player, bob: Player, make_room: MakeRoom
) -> None:
    user = User.objects.create_user("ada", password="pw-long-enough")
    Player.objects.filter(pk=ada.pk).update(user=user)
    PendingEmail.objects.create(user=user, address="ada@example.org")  # not confirmed yet
    Preferences.objects.create(player=ada, email=True)
    ada_waits(bob, ada, make_room)
    User.objects.filter(pk=user.pk).update(email="ada@example.org")
    Preferences.objects.filter(player=ada).update(email=False)  # the default: not asked
    ada_waits(bob, ada, make_room)
    notices_send()
    assert mail.outbox == []


def test_a_reminder_comes_hours_before_the_deadline_and_moves_with_a_holiday(
    clock: Clock, ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    choose(ada_account, reminder_hours=3)
    code = ada_waits(bob, ada_account, make_room)
    deadline = present(game_of(code).turn_deadline)
    notices_send()
    assert [m.subject for m in mail.outbox] == ["Your turn in Yatzy"]
    clock.to(deadline - timedelta(hours=5))
    services.seat_holiday(player=ada_account, code=code, days=1)  # a day more to play
    clock.to(deadline - timedelta(hours=3))
    notices_send()
    assert len(mail.outbox) == 1  # the deadline moved: so did the reminder
    clock.to(deadline + timedelta(days=1, hours=-3))
    notices_send()
    assert [m.subject for m in mail.outbox][1:] == ["3 hours left for your turn in Yatzy"]
    assert "Your turn runs out in 3 hours" in mail.outbox[1].body


def test_quiet_hours_hold_emails_and_several_rooms_come_as_one_digest_a_day(
    clock: Clock, ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    choose(ada_account, quiet_from=22, quiet_until=8, time_zone="Europe/Paris")
    clock.to(datetime(2026, 11, 27, 23, 0, tzinfo=PARIS))
    codes = [ada_waits(bob, ada_account, make_room) for _ in range(3)]
    notices_send()
    assert mail.outbox == []  # night in Paris
    waiting = Notice.objects.filter(channel="email", sent_at__isnull=True)
    morning = datetime(2026, 11, 28, 8, 0, tzinfo=PARIS)
    assert waiting.count() == 3 and {n.due_at for n in waiting} == {morning}
    clock.to(morning + timedelta(seconds=30))
    notices_send(limit=2)  # a digest is of every room waiting, however few a pass takes
    [digest] = mail.outbox
    assert digest.subject == "Your turn in 3 games"
    assert sum("/go/" in link for link in links(digest)) == 3
    # A fourth room an hour and a half later: alone, it comes alone.
    clock.to(morning + timedelta(hours=1, minutes=30))
    codes.append(ada_waits(bob, ada_account, make_room))
    notices_send()
    assert [m.subject for m in mail.outbox][1:] == ["Your turn in Yatzy"]
    # Two more ten minutes later: they wait for the hour; no second digest today, so the
    # one whose deadline comes first goes alone, and the other an hour later.
    clock.to(morning + timedelta(hours=1, minutes=40))
    codes.append(ada_waits(bob, ada_account, make_room))
    codes.append(ada_waits(bob, ada_account, make_room))
    notices_send()
    assert len(mail.outbox) == 2
    clock.to(morning + timedelta(hours=2, minutes=31))
    notices_send()
    assert len(mail.outbox) == 3
    later = Notice.objects.get(channel="email", sent_at__isnull=True)
    assert later.game == game_of(codes[-1]) and later.due_at == clock.moment + timedelta(hours=1)
    play_turn(ada_account, codes[-1])  # played meanwhile: never sent
    clock.to(later.due_at)
    notices_send()
    assert len(mail.outbox) == 3
    # A day after the first digest, several rooms come as one again.
    clock.to(morning + timedelta(days=1, minutes=1))
    ada_waits(bob, ada_account, make_room)
    ada_waits(bob, ada_account, make_room)
    notices_send()
    assert mail.outbox[3].subject == "Your turn in 2 games"


def test_quiet_hours_are_the_players_own_across_midnight_and_a_clock_change() -> None:
    evening = Preferences(quiet_from=22, quiet_until=7, time_zone="Europe/Paris")
    assert quiet_end(evening, datetime(2026, 3, 28, 21, 59, tzinfo=PARIS)) is None
    assert quiet_end(evening, datetime(2026, 3, 28, 23, 0, tzinfo=PARIS)) == datetime(
        2026, 3, 29, 7, 0, tzinfo=PARIS
    )  # the night the clocks go forward
    afternoon = Preferences(quiet_from=13, quiet_until=15, time_zone="Asia/Tokyo")
    assert quiet_end(afternoon, datetime(2026, 1, 5, 5, 0, tzinfo=ZoneInfo("UTC"))) == datetime(
        2026, 1, 5, 15, 0, tzinfo=ZoneInfo("Asia/Tokyo")
    )
    assert quiet_end(Preferences(), timezone.now()) is None


def test_a_turn_email_really_goes_out_over_smtp(
    ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    received: list[Envelope] = []

    class Inbox:
        async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
            received.append(envelope)
            return "250 OK"

    server = Controller(Inbox(), hostname="127.0.0.1", port=free_port())
    server.start()
    try:
        with override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=server.port,
            EMAIL_USE_TLS=False,
            EMAIL_TIMEOUT=30,
            DEFAULT_FROM_EMAIL="Five Dice <dice@example.org>",
            SITE_URL="https://dice.example.org",
        ):
            ada_waits(bob, ada_account, make_room)
            notices_send()
    finally:
        server.stop()
    [envelope] = received
    assert envelope.rcpt_tos == ["ada@example.org"]
    assert isinstance(envelope.content, bytes)  # what the server was sent, as sent
    message = email.message_from_bytes(envelope.content, policy=email.policy.default)
    assert message["Subject"] == "Your turn in Yatzy"
    unsubscribe = str(message["List-Unsubscribe"]).strip()  # a long header is folded
    assert unsubscribe.startswith("<https://dice.example.org/notifications/unsubscribe/")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "https://dice.example.org/go/" in message.get_content()


def test_a_mail_server_that_fails_gets_the_notice_again_later(
    ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    with override_settings(
        EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=free_port(),
        EMAIL_TIMEOUT=5,
    ):
        ada_waits(bob, ada_account, make_room)
        notices_send()  # nobody listens on that port
    notice = Notice.objects.get(channel="email")
    assert notice.sent_at is None and notice.attempts == 1 and notice.due_at > timezone.now()
    Notice.objects.update(due_at=timezone.now())
    notices_send()
    assert len(mail.outbox) == 1


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


def test_turns_of_a_round_at_once_each_come_with_their_own_deadline(
    clock: Clock, ada_account: Player, bob: Player, make_room: MakeRoom
) -> None:
    choose(ada_account, reminder_hours=2)
    code = make_room(bob, "yatzy", seats=2, pace="day", joined=[ada_account], start=True).code
    mine = Turn.objects.get(game=game_of(code), seat=1)
    reminder = Notice.objects.get(kind="reminder")
    assert reminder.due_at == present(mine.deadline) - timedelta(hours=2)
    assert reminder.turn == mine.number
    clock.to(reminder.due_at + timedelta(seconds=5))
    notices_send()
    assert sorted(m.subject for m in mail.outbox) == [
        "2 hours left for your turn in Yatzy",
        "Your turn in Yatzy",
    ]


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
