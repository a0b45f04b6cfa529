"""The moderators' admin: players' reports (the queue, a report's page, acting on it)
and a room's page with its chat, games and moderation buttons."""

from __future__ import annotations

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Player
from common.errors import ServiceError
from games import services
from moderation.models import ModerationAction, Report
from rooms.models import ChatMessage, Membership, Room
from tests.support.admin_pages import changelist, listed, messages_of, recorded, snapshot
from tests.support.fixture_types import MakeRoom, ScriptDice
from tests.support.game_state import game_of

# Not in the PostgreSQL pass (docs/decisions/0007): the admin only reads through the ORM what
# the services tests of that pass write.
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_pass_only]


@pytest.fixture
def room(ada: Player, bob: Player, make_room: MakeRoom) -> Room:
    """Ada hosts a Yahtzee room with Bob; their first game is in progress."""
    return make_room(ada, "yahtzee", seats=2, joined=[bob], start=True)


@pytest.fixture
def reported(room: Room, ada: Player, bob: Player, admin_user: User) -> SimpleNamespace:
    """Bob insulted Ada among other lines; Ada reported the line, Bob reported Ada."""
    services.chat_post(player=ada, code=room.code, text="hi all")
    services.chat_post(player=bob, code=room.code, text="you are an idiot")
    services.mod_ban(moderator=admin_user, player=bob, reason="earlier spam")
    services.mod_unban(moderator=admin_user, player=bob, reason="appeal")
    services.room_join(player=bob, code=room.code)  # the ban took him out of the room
    rude = ChatMessage.objects.get(text="you are an idiot")
    services.report_send(
        player=ada, code=room.code, message=rude.pk, reason="abuse", text="he insults me"
    )
    services.report_send(player=bob, code=room.code, target=ada.pk, reason="cheating")
    return SimpleNamespace(
        line=Report.objects.get(message=rude), player=Report.objects.get(message=None), rude=rude
    )


def page_text(html: str) -> str:
    """What the moderator reads: the page without its tags."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_report_queue_lists_open_reports_first(
    admin_client: Client, admin_user: User, reported: SimpleNamespace
) -> None:
    services.report_handle(
        moderator=admin_user, report=reported.line, outcome="dismiss", reason="banter"
    )
    shown = admin_client.get(changelist("report")).context["cl"].result_list
    assert list(shown) == [reported.player, reported.line]  # the newer one is handled
    assert listed(admin_client, "report", status__exact="open") == {reported.player}
    assert listed(admin_client, "report", status__exact="dismissed") == {reported.line}
    assert listed(admin_client, "report", reason__exact="cheating") == {reported.player}
    html = admin_client.get(changelist("report")).content.decode()
    assert "“you are an idiot”" in html and "the player" in html


def test_a_report_page_shows_what_a_moderator_needs(
    admin_client: Client,
    room: Room,
    reported: SimpleNamespace,
    ada: Player,
    bob: Player,
    script_dice: ScriptDice,
) -> None:
    for n in range(25):  # later lines (written directly: the chat's pace limit is not tested)
        line = ChatMessage.objects.create(room=room, player=ada if n % 2 else bob, text=f"line {n}")
        ChatMessage.objects.filter(pk=line.pk).update(
            created_at=timezone.now() + timedelta(seconds=n + 1)
        )
    script_dice([6, 6, 6, 6, 6])
    services.game_roll(player=ada, code=room.code)
    html = admin_client.get(
        reverse("admin:moderation_report_change", args=[reported.line.pk])
    ).content.decode()
    text = page_text(html)
    # The reported line, highlighted among the lines around it (it is older than the last
    # 20), with the room and both players linked.
    assert html.count("<mark>you are an idiot</mark>") == 2  # the line and the chat
    assert "line 8" in text and "line 9" not in text and "hi all" in text
    assert reverse("admin:rooms_room_change", args=[room.pk]) in html
    for player in (ada, bob):
        assert reverse("admin:accounts_player_change", args=[player.pk]) in html
    assert "ban by admin: earlier spam" in text and "unban by admin: appeal" in text
    assert "he insults me" in text and "abuse or harassment" in text
    # The game's latest moves, readable, and its move log linked.
    assert "roll: seat 1 dice [6, 6, 6, 6, 6]" in text
    assert reverse("admin:play_game_change", args=[game_of(room.code).pk]) in html
    for label in (
        "Remove this message",
        f"Kick Bob from room {room.code}",
        "Ban Bob from the site",
        "Dismiss this report",
        "Back to reports",
    ):
        assert label in html
    assert 'class="closelink"' not in html
    # A report of a player shows the last lines of the chat.
    other = page_text(
        admin_client.get(
            reverse("admin:moderation_report_change", args=[reported.player.pk])
        ).content.decode()
    )
    assert "line 24" in other and "line 4 " not in other and "hi all" not in other
    assert "Remove this message" not in other and "Kick Ada from room" in other


@pytest.mark.parametrize(
    "outcome, action",
    [
        ("remove_chat", "remove_chat"),
        ("kick", "kick"),
        ("ban", "ban"),
        ("dismiss", "dismiss_report"),
    ],
)
def test_acting_on_a_report_is_recorded_and_settles_it(
    admin_client: Client,
    admin_user: User,
    room: Room,
    reported: SimpleNamespace,
    bob: Player,
    outcome: str,
    action: str,
) -> None:
    url = reverse("admin:moderation_report_handle", args=[reported.line.pk])
    page = reverse("admin:moderation_report_change", args=[reported.line.pk])
    before = snapshot()
    refused = admin_client.post(url, {"outcome": outcome, "reason": "  "}, follow=True)
    assert ("error", "Say why: the reason is recorded with the action.") in messages_of(refused)
    assert snapshot() == before
    done = admin_client.post(url, {"outcome": outcome, "reason": "insulting Ada"}, follow=True)
    assert done.redirect_chain == [(page, 302)]
    record = recorded(admin_client, action=action, reason="insulting Ada")
    assert (record.moderator, record.player) == (admin_user, bob)
    assert record.details["report_id"] == reported.line.pk
    report = Report.objects.get(pk=reported.line.pk)
    assert (report.status, report.handled_by, report.outcome, report.action) == (
        "dismissed" if outcome == "dismiss" else "handled",
        admin_user,
        outcome,
        record,
    )
    text = page_text(done.content.decode())
    assert f"{outcome} by admin at" in text and "Act on this report" not in text
    bob.refresh_from_db()
    assert (
        ChatMessage.objects.get(pk=reported.rude.pk).removed_at is not None,
        Membership.objects.get(room=room, player=bob).state == "kicked",
        bob.is_banned,
    ) == (outcome == "remove_chat", outcome == "kick", outcome == "ban")
    assert Report.objects.get(pk=reported.player.pk).status == "open"
    again = admin_client.post(url, {"outcome": "ban", "reason": "again"}, follow=True)
    assert (
        messages_of(again)[0][0] == "error"
        and ModerationAction.objects.filter(reason="again").count() == 0
    )


def test_a_ban_from_a_report_may_have_an_end(
    admin_client: Client, admin_user: User, reported: SimpleNamespace, bob: Player
) -> None:
    url = reverse("admin:moderation_report_handle", args=[reported.line.pk])
    page = admin_client.get(reverse("admin:moderation_report_change", args=[reported.line.pk]))
    assert 'name="until"' in page.content.decode()  # beside the reason
    before = snapshot()
    for until, error in (
        ("2020-01-01 10:00", "a ban ends in the future"),
        ("next tuesday", "Enter a valid date/time."),
    ):
        refused = admin_client.post(
            url, {"outcome": "ban", "reason": "insults", "until": until}, follow=True
        )
        assert messages_of(refused)[0][0] == "error" and error in messages_of(refused)[0][1]
        assert snapshot() == before
    end = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    admin_client.post(
        url, {"outcome": "ban", "reason": "insults", "until": end.strftime("%Y-%m-%d %H:%M")}
    )
    bob.refresh_from_db()
    assert bob.is_banned and bob.banned_until == end
    assert (
        recorded(admin_client, action="ban", reason="insults").details["until"] == end.isoformat()
    )
    # Only a ban has an end: a date given with another outcome is not used.
    admin_client.post(
        reverse("admin:moderation_report_handle", args=[reported.player.pk]),
        {"outcome": "dismiss", "reason": "no", "until": "soon"},
    )
    assert Report.objects.get(pk=reported.player.pk).status == "dismissed"
    with pytest.raises(ServiceError, match="only a ban has an end"):
        services.report_handle(
            moderator=admin_user, report=reported.line, outcome="dismiss", reason="x", until=end
        )


def test_every_admin_page_says_how_many_reports_are_open(
    admin_client: Client, admin_user: User, reported: SimpleNamespace
) -> None:
    for page in (reverse("admin:index"), changelist("player")):
        html = admin_client.get(page).content.decode()
        assert 'data-testid="open-reports">2 open reports</a>' in html
        assert f"{changelist('report')}?status__exact=open" in html
    queue = admin_client.get(changelist("report")).content.decode()
    assert "<h1>Reports: 2 open</h1>" in queue
    services.report_handle(
        moderator=admin_user, report=reported.line, outcome="dismiss", reason="banter"
    )
    assert "1 open report<" in admin_client.get(reverse("admin:index")).content.decode()
    # Staff who may not see reports are not told.
    staff = User.objects.create_user("viewer", password="pw-12345678", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_room"))
    client = Client()
    client.force_login(staff)
    assert "open report" not in client.get(reverse("admin:index")).content.decode()


def test_reports_are_acted_on_only_with_permission_and_a_csrf_token(
    reported: SimpleNamespace, room: Room
) -> None:
    url = reverse("admin:moderation_report_handle", args=[reported.line.pk])
    staff = User.objects.create_user("viewer", password="pw-12345678", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_report"))
    client = Client(enforce_csrf_checks=True)
    client.force_login(staff)
    page = client.get(reverse("admin:moderation_report_change", args=[reported.line.pk]))
    assert page.status_code == 200 and "Act on this report" not in page.content.decode()
    token = client.cookies["csrftoken"].value
    data = {"outcome": "dismiss", "reason": "x"}
    assert client.post(url, data).status_code == 403  # no token
    assert client.post(url, {**data, "csrfmiddlewaretoken": token}).status_code == 403
    assert client.get(url).status_code == 405
    assert Report.objects.get(pk=reported.line.pk).status == "open"


def test_the_room_page_shows_its_chat_games_and_buttons_that_say_what_they_do(
    admin_client: Client, admin_user: User, room: Room, reported: SimpleNamespace
) -> None:
    services.mod_remove_chat(moderator=admin_user, message=reported.rude, reason="insult")
    url = reverse("admin:rooms_room_change", args=[room.pk])
    html = admin_client.get(url).content.decode()
    text = page_text(html)
    first, rude = text.index("hi all"), text.index("you are an idiot")
    assert first < rude and "removed 20" in text[rude:]  # oldest first; removed marked
    hi = ChatMessage.objects.get(text="hi all")
    assert f'form="remove-chat" name="{ACTION_CHECKBOX_NAME}" value="{hi.pk}"' in html
    assert f'value="{reported.rude.pk}" class="button"' not in html  # removed: no button
    assert reverse("admin:play_game_change", args=[game_of(room.code).pk]) in html
    for label in ("Close this room", "End this game (game 1)", "Back to rooms"):
        assert label in text
    assert 'class="closelink"' not in html
    # A line's button asks for the reason on the chat action's confirmation page.
    confirm = admin_client.post(
        changelist("chatmessage"), {"action": "remove_messages", ACTION_CHECKBOX_NAME: [hi.pk]}
    )
    assert confirm.status_code == 200 and '<textarea name="reason"' in confirm.content.decode()
    closing = admin_client.post(
        changelist("room"), {"action": "close_rooms", ACTION_CHECKBOX_NAME: [room.pk]}
    )
    assert "Close rooms" in closing.content.decode()
    assert Room.objects.get(pk=room.pk).status == Room.Status.OPEN


def test_viewers_of_a_room_see_no_moderation_buttons(
    client: Client, room: Room, reported: SimpleNamespace
) -> None:
    staff = User.objects.create_user("viewer", password="pw-12345678", is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(codename__in=["view_room", "view_game"]))
    client.force_login(staff)
    html = client.get(reverse("admin:rooms_room_change", args=[room.pk])).content.decode()
    assert "hi all" in html and "Back to rooms" in html
    for label in ("Close this room", "End this game", "Remove this line"):
        assert label not in html
