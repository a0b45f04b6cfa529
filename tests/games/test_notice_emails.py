"""Turns by email: "your turn" with a signed link that opens the room, a reminder before
the deadline, quiet hours, one digest a day for several rooms, and an unsubscribe link
that works in one click. Time is moved, never waited for. (Where the room link leads and
the notifications page: test_notice_pages.py.)"""

from __future__ import annotations

import email
import email.policy
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from accounts.models import PendingEmail, Player
from bench.harness.live_server import free_port
from games import services
from notices.models import Notice, Preferences
from notices.services.notices import notices_send
from notices.services.preferences import quiet_end
from play.models import Turn
from tests.support.fixture_types import MakeRoom
from tests.support.game_state import game_of, play_turn
from tests.support.notice_emails import ada_waits, links, path_of
from tests.support.present import present

pytestmark = pytest.mark.django_db

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


def choose(player: Player, **chosen: object) -> None:
    Preferences.objects.filter(player=player).update(**chosen)


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
