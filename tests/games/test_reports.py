"""Players report a chat line or a player; moderators handle reports from the admin."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User

from accounts.models import Player
from common.errors import ServiceError
from common.news import Answer
from games import services
from moderation.models import ModerationAction, Report
from moderation.services import reports
from rooms.models import ChatMessage, Membership, Room
from tests.support.fixture_types import MakePlayer, MakeRoom
from tests.support.game_state import refused
from tests.support.present import present
from tests.support.sockets import call, receive, request, socket, visitor

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(ada: Player, bob: Player, make_room: MakeRoom) -> Room:
    """Ada hosts a room Bob joined; Bob said something rude."""
    room = make_room(ada, "yatzy", seats=3, joined=[bob])
    services.chat_post(player=bob, code=room.code, text="you play like a potato")
    return room


@pytest.fixture
def rude(room: Room, bob: Player) -> ChatMessage:
    return ChatMessage.objects.get(player=bob)


def report(
    player: Player,
    room: Room,
    *,
    reason: str = "abuse",
    text: str | None = None,
    target: int | None = None,
    message: int | None = None,
    request_id: str | None = None,
) -> Answer:
    return services.report_send(
        player=player,
        code=room.code,
        reason=reason,
        text=text,
        target=target,
        message=message,
        request_id=request_id,
    )


def test_a_reported_message_lands_in_the_queue_once(
    room: Room, ada: Player, bob: Player, rude: ChatMessage
) -> None:
    version = Room.objects.get(pk=room.pk).version
    answer = report(ada, room, message=rude.pk, text="  rude to me  ")
    assert answer["report"] == "received" and answer["version"] == version  # no event
    made = Report.objects.get()
    assert (
        made.reporter,
        made.reported,
        made.message,
        made.room,
        made.reason,
        made.text,
        made.status,
    ) == (ada, bob, rude, room, "abuse", "rude to me", "open")
    again = report(ada, room, message=rude.pk, reason="spam", request_id="other-id")
    assert again["report"] == "already" and Report.objects.count() == 1
    # Another member's report of the same line is their own.
    services.room_join(player=Player.objects.create(name="Cy"), code=room.code)
    assert report(Player.objects.get(name="Cy"), room, message=rude.pk)["report"] == "received"
    assert Report.objects.count() == 2


def test_a_player_is_reported_once_while_the_report_is_open(
    room: Room, ada: Player, bob: Player, staff: User
) -> None:
    assert report(bob, room, target=ada.pk, reason="cheating")["report"] == "received"
    assert report(bob, room, target=ada.pk, reason="abuse")["report"] == "already"
    services.report_handle(
        moderator=staff, report=Report.objects.get(), outcome="dismiss", reason="no sign of it"
    )
    assert report(bob, room, target=ada.pk, reason="cheating")["report"] == "received"
    assert Report.objects.count() == 2


def test_a_player_who_left_can_still_be_reported(room: Room, ada: Player, bob: Player) -> None:
    services.room_leave(player=bob, code=room.code)
    report(ada, room, target=bob.pk, reason="abuse")
    assert Report.objects.get().reported == bob


def test_every_refusal_has_its_code_and_changes_nothing(
    room: Room,
    ada: Player,
    bob: Player,
    cy: Player,
    rude: ChatMessage,
    make_room: MakeRoom,
    make_player: MakePlayer,
) -> None:
    services.chat_post(player=ada, code=room.code, text="mine")
    mine = ChatMessage.objects.get(player=ada)
    other = make_room(cy, "yatzy", seats=2)
    services.chat_post(player=cy, code=other.code, text="elsewhere")
    services.room_add_bot(player=ada, code=room.code)
    bot = Membership.objects.get(room=room, seat=2).player
    stranger = make_player("Dee")
    code = room.code
    cases: list[tuple[str, dict[str, Any]]] = [
        ("not_in_room", {"player": cy, "message": rude.pk}),  # not a member
        ("cannot_report", {"player": ada, "message": mine.pk}),
        ("cannot_report", {"player": ada, "target": ada.pk}),
        ("cannot_report", {"player": ada, "target": bot.pk}),
        (
            "unknown_message",
            {"player": ada, "message": ChatMessage.objects.get(text="elsewhere").pk},
        ),
        ("unknown_message", {"player": ada, "message": 10**12}),
        ("not_in_room", {"player": ada, "target": stranger.pk}),
        ("bad_report", {"player": ada}),
        ("bad_reason", {"player": ada, "message": rude.pk, "reason": "boring"}),
        ("bad_reason", {"player": ada, "message": rude.pk, "reason": "other"}),
        ("bad_reason", {"player": ada, "message": rude.pk, "reason": "other", "text": "  "}),
        ("bad_reason", {"player": ada, "message": rude.pk, "text": "x" * 501}),
        ("unknown_room", {"player": ada, "message": rude.pk, "code": "nope"}),
    ]
    for error, fields in cases:
        fields = {"code": code, "reason": "abuse", **fields}
        refused(error, services.report_send, **fields)
    assert not Report.objects.exists()
    report(ada, room, message=rude.pk, reason="other", text="x" * 500)  # the longest
    # No moderator at hand: the record keeps none (as when an account is deleted).
    services.mod_close_room(moderator=None, room=room, reason="closing")  # type: ignore[arg-type]
    refused(
        "room_closed", services.report_send, player=ada, code=code, target=bob.pk, reason="abuse"
    )


def test_a_removed_message_cannot_be_reported(
    room: Room, ada: Player, rude: ChatMessage, staff: User
) -> None:
    services.mod_remove_chat(moderator=staff, message=rude, reason="insult")
    refused(
        "unknown_message",
        services.report_send,
        player=ada,
        code=room.code,
        message=rude.pk,
        reason="abuse",
    )


def test_a_few_reports_at_a_time(
    room: Room,
    ada: Player,
    bob: Player,
    cy: Player,
    rude: ChatMessage,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reports, "REPORTS_PER_WINDOW", 2)
    services.room_join(player=cy, code=room.code)
    report(ada, room, message=rude.pk)
    report(ada, room, target=bob.pk)
    refused(
        "report_too_fast",
        services.report_send,
        player=ada,
        code=room.code,
        target=cy.pk,
        reason="spam",
    )
    assert report(ada, room, message=rude.pk)["report"] == "already"  # still answered
    assert Report.objects.count() == 2


# -- handling a report --------------------------------------------------------------


@pytest.fixture
def open_report(room: Room, ada: Player, rude: ChatMessage) -> Report:
    report(ada, room, message=rude.pk, text="rude")
    return Report.objects.get()


def test_removing_the_message_settles_every_report_of_it(
    room: Room,
    ada: Player,
    bob: Player,
    cy: Player,
    rude: ChatMessage,
    staff: User,
    open_report: Report,
) -> None:
    services.room_join(player=cy, code=room.code)
    report(cy, room, message=rude.pk, reason="spam")
    report(cy, room, target=bob.pk, reason="abuse")  # about the player: stays open
    settled = services.report_handle(
        moderator=staff, report=open_report, outcome="remove_chat", reason="insult"
    ).value
    assert settled == 2
    rude.refresh_from_db()
    assert rude.removed_at is not None
    action = ModerationAction.objects.get()
    assert (action.action, action.moderator, action.player, action.reason) == (
        "remove_chat",
        staff,
        bob,
        "insult",
    )
    assert action.details["report_id"] == open_report.pk
    handled = Report.objects.filter(message=rude)
    assert {(r.status, r.handled_by, r.outcome, r.action) for r in handled} == {
        ("handled", staff, "remove_chat", action)
    }
    assert all(r.handled_at is not None for r in handled)
    assert Report.objects.get(message=None).status == "open"


def test_kick_ban_and_dismiss_are_recorded(
    room: Room, ada: Player, bob: Player, staff: User, rude: ChatMessage, open_report: Report
) -> None:
    services.report_handle(moderator=staff, report=open_report, outcome="kick", reason="rude")
    assert Membership.objects.get(room=room, player=bob).state == Membership.State.KICKED
    open_report.refresh_from_db()
    assert (open_report.status, open_report.outcome, present(open_report.action).action) == (
        "handled",
        "kick",
        "kick",
    )

    Report.objects.create(room=room, reporter=ada, reported=bob, reason="spam")
    services.report_handle(
        moderator=staff,
        report=Report.objects.get(status="open"),
        outcome="ban",
        reason="repeat offender",
    )
    bob.refresh_from_db()
    assert bob.is_banned
    assert present(Report.objects.get(outcome="ban").action).action == "ban"

    third = Report.objects.create(room=room, reporter=bob, reported=ada, reason="abuse")
    services.report_handle(moderator=staff, report=third, outcome="dismiss", reason="nothing wrong")
    third.refresh_from_db()
    action = present(third.action)
    assert (third.status, third.outcome, action.action, action.player) == (
        "dismissed",
        "dismiss",
        "dismiss_report",
        ada,
    )
    assert ada.is_banned is False


def test_handling_refusals_change_nothing(
    room: Room, ada: Player, bob: Player, staff: User, open_report: Report
) -> None:
    player_report = Report.objects.create(room=room, reporter=ada, reported=bob, reason="abuse")
    for outcome, target, reason, code in [
        ("shout", open_report, "x", "bad_outcome"),
        ("dismiss", open_report, "  ", "reason_required"),
        ("remove_chat", player_report, "x", "no_message"),
    ]:
        with pytest.raises(ServiceError) as err:
            services.report_handle(moderator=staff, report=target, outcome=outcome, reason=reason)
        assert err.value.code == code
    services.room_leave(player=bob, code=room.code)
    with pytest.raises(ServiceError) as err:
        services.report_handle(moderator=staff, report=open_report, outcome="kick", reason="x")
    assert err.value.code == "not_in_room"
    assert not ModerationAction.objects.exists()
    assert set(Report.objects.values_list("status", flat=True)) == {"open"}
    services.report_handle(moderator=staff, report=open_report, outcome="dismiss", reason="x")
    with pytest.raises(ServiceError) as err:
        services.report_handle(moderator=staff, report=open_report, outcome="ban", reason="x")
    assert err.value.code == "report_closed"
    assert not Player.objects.get(pk=bob.pk).is_banned


# -- over the socket ----------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_report_message_over_the_socket() -> None:
    ada, ada_key = await visitor("Ada")
    bob, _ = await visitor("Bob")
    room = await call(services.room_create, player=ada, ruleset="yatzy", seats=2)
    await call(services.room_join, player=bob, code=room.code)
    await call(services.chat_post, player=bob, code=room.code, text="spam spam")
    line = await database_sync_to_async(lambda: ChatMessage.objects.get().pk)()
    ws = socket(room.code, ada_key)
    assert (await ws.connect())[0]
    state = await receive(ws, "state")
    assert [m["player"] for m in state["chat"]] == [bob.pk]
    sent = {"type": "report", "id": "r1", "message": line, "reason": "spam"}
    first = await request(ws, sent)
    assert first == {"type": "ack", "id": "r1", "version": state["version"], "report": "received"}
    second = await request(ws, {**sent, "id": "r2", "text": "again"})
    assert second["report"] == "already"
    refusals: list[tuple[dict[str, Any], str]] = [
        ({"type": "report", "id": "x1", "player": ada.pk, "reason": "abuse"}, "cannot_report"),
        ({"type": "report", "id": "x2", "player": bob.pk}, "bad_field"),
        ({"type": "report", "id": "x3", "player": str(bob.pk), "reason": "abuse"}, "bad_field"),
        (
            {"type": "report", "id": "x4", "message": line, "reason": "abuse", "text": 3},
            "bad_field",
        ),
    ]
    for payload, code in refusals:
        assert (await request(ws, payload))["code"] == code, payload
    assert await database_sync_to_async(Report.objects.count)() == 1
    await ws.disconnect()
