"""Invites to a room: who may be invited (every refusal, privacy each way, blocks both
ways, one pending invite per room and receiver), taking and declining one, expiry when
the seats fill, the game starts or the room closes, and a rematch's invites. Every
refusal changes nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from accounts.models import Player
from common.errors import ServiceError
from common.news import Bell
from friends.models import Block, Friendship, Privacy
from games import services
from moderation.services.moderation import mod_close_room
from notices.models import BellItem, Notice
from rooms.models import Invite, Membership, Room
from rooms.services.invites import invite_decline, invite_take, invites_send
from tests.support.fixture_types import MakeAccount, MakeRoom
from tests.support.game_state import game_of

pytestmark = pytest.mark.django_db


def befriend(a: Player, *others: Player) -> None:
    for other in others:
        low, high = sorted((a.pk, other.pk))
        Friendship.objects.create(low_id=low, high_id=high)


def choose(player: Player, invites: str) -> None:
    Privacy.objects.update_or_create(player=player, defaults={"invites": invites})


def refusals(answer: dict[str, list[dict[str, object]]]) -> dict[object, object]:
    return {row["name"]: row["code"] for row in answer["refused"]}


def invited(answer: dict[str, list[dict[str, object]]]) -> list[object]:
    return [row["name"] for row in answer["invited"]]


@pytest.fixture
def people(account: MakeAccount) -> list[Player]:
    """Host (Bo) and four friends of his with accounts."""
    bo, ada, cy, dee, eve = (account(n) for n in ("Bo", "Ada", "Cy", "Dee", "Eve"))
    befriend(bo, ada, cy, dee, eve)
    return [bo, ada, cy, dee, eve]


def test_friends_are_invited_rung_and_noticed_others_refused_with_why(
    people: list[Player], account: MakeAccount, make_player: object, make_room: MakeRoom
) -> None:
    bo, ada, cy, dee, eve = people
    stranger, guest = account("Zed"), Player.objects.create(name="Guest")
    choose(cy, Privacy.Invites.NOBODY)
    room = make_room(bo, seats=3, joined=[dee])
    answer = invites_send(sender=bo, room=room, receivers=[ada, cy, dee, stranger, guest, bo, ada])
    assert invited(answer) == ["Ada"]
    assert refusals(answer) == {
        "Cy": "no_invites",
        "Dee": "in_room",
        "Zed": "not_friend",
        "Guest": "guest",
        "Bo": "in_room",
    }
    assert [r["message"] for r in answer["refused"] if r["name"] == "Cy"] == [
        "Cy does not take invites"
    ]
    assert Bell(ada.pk) in answer.news
    [item] = BellItem.objects.filter(player=ada)
    assert item.kind == "invite" and item.link == f"/invites/{Invite.objects.get().pk}/"
    assert {n.channel for n in Notice.objects.filter(player=ada)} == {"push"}  # no email asked
    again = invites_send(sender=bo, room=room, receivers=[ada, eve])
    assert invited(again) == ["Eve"] and refusals(again) == {"Ada": "already_invited"}
    assert Invite.objects.filter(receiver=ada).count() == 1


def test_privacy_each_way_and_blocks_both_ways_read_as_privacy(
    people: list[Player], make_room: MakeRoom
) -> None:
    bo, ada, cy, dee, eve = people
    room = make_room(bo, seats=6)
    choose(ada, Privacy.Invites.FRIENDS)
    choose(cy, Privacy.Invites.GROUPS)
    Friendship.objects.all().delete()  # strangers now: only a group lets them in
    through = invites_send(sender=bo, room=room, receivers=[ada, cy], through_group=True)
    assert invited(through) == ["Cy"] and refusals(through) == {"Ada": "not_friend"}
    befriend(bo, ada, dee, eve)
    Block.objects.create(blocker=dee, blocked=bo)  # Dee blocked the sender
    Block.objects.create(blocker=bo, blocked=eve)  # the sender blocked Eve
    answer = invites_send(sender=bo, room=room, receivers=[ada, dee, eve])
    assert invited(answer) == ["Ada"]
    assert refusals(answer) == {"Dee": "no_invites", "Eve": "no_invites"}
    messages = {r["name"]: r["message"] for r in answer["refused"]}
    assert messages == {"Dee": "Dee does not take invites", "Eve": "Eve does not take invites"}


def test_bad_input_and_rooms_that_take_no_one_are_refused_and_change_nothing(
    people: list[Player], make_room: MakeRoom, account: MakeAccount
) -> None:
    bo, ada, _, dee, _ = people
    room = make_room(bo, seats=2, joined=[dee])
    outsider = account("Out")
    befriend(outsider, ada)
    cases = [
        ("no_receivers", dict(sender=bo, room=room, receivers=[])),
        ("not_in_room", dict(sender=outsider, room=room, receivers=[ada])),
    ]
    for code, kwargs in cases:
        with pytest.raises(ServiceError) as refused:
            invites_send(**kwargs)  # type: ignore[arg-type]
        assert refused.value.code == code
    full = invites_send(sender=bo, room=room, receivers=[ada])
    assert refusals(full) == {"Ada": "no_seat"}
    services.room_start(player=bo, code=room.code)
    with pytest.raises(ServiceError) as refused:
        invites_send(sender=bo, room=room, receivers=[ada])
    assert refused.value.code == "game_in_progress"
    assert Invite.objects.count() == 0 and Notice.objects.count() == 0
    assert not BellItem.objects.filter(kind="invite").exists()


def test_one_tap_takes_a_seat_and_an_answered_invite_cannot_be_used_again(
    people: list[Player], make_room: MakeRoom
) -> None:
    bo, ada, cy, *_ = people
    room = make_room(bo, seats=3)
    invites_send(sender=bo, room=room, receivers=[ada, cy])
    mine, cys = Invite.objects.get(receiver=ada), Invite.objects.get(receiver=cy)
    for wrong in (mine.pk, mine.pk + 100):  # not Cy's; no invite at all
        with pytest.raises(ServiceError) as refused:
            invite_take(player=cy, invite_id=wrong)
        assert refused.value.code == "unknown_invite"
    invite_take(player=ada, invite_id=mine.pk)
    seat = Membership.objects.get(room=room, player=ada).seat
    assert seat == 1 and Invite.objects.get(pk=mine.pk).state == Invite.State.TAKEN
    with pytest.raises(ServiceError) as refused:
        invite_take(player=ada, invite_id=mine.pk)
    assert refused.value.code == "invite_used"
    invite_decline(player=cy, invite_id=cys.pk)
    assert Invite.objects.get(pk=cys.pk).state == Invite.State.DECLINED
    assert BellItem.objects.get(player=cy).data["expired"] is True
    assert not Membership.objects.filter(room=room, player=cy).exists()


def _expired(invite: Invite) -> tuple[str, bool, bool]:
    invite.refresh_from_db()
    item = BellItem.objects.get(player=invite.receiver, kind="invite")
    unsent = Notice.objects.filter(invite=invite, sent_at__isnull=True).exists()
    return invite.why, bool(item.data.get("expired", False)), unsent


def test_invites_expire_when_the_seats_fill_the_game_starts_or_the_room_closes(
    people: list[Player], make_room: MakeRoom, staff: User
) -> None:
    bo, ada, cy, dee, eve = people
    # The seats fill: Dee takes hers, Ada's (pending) expires; the bell item stays.
    full = make_room(bo, seats=2)
    invites_send(sender=bo, room=full, receivers=[ada, dee])
    answer = invite_take(player=dee, invite_id=Invite.objects.get(receiver=dee).pk)
    assert Bell(ada.pk) in answer.news
    assert _expired(Invite.objects.get(receiver=ada)) == ("full", True, False)
    # The game starts.
    started = make_room(bo, seats=4)
    invites_send(sender=bo, room=started, receivers=[cy])
    services.room_start(player=bo, code=started.code)
    assert _expired(Invite.objects.get(receiver=cy)) == ("started", True, False)
    # The room closes: the host leaves alone, and a moderator closes another.
    left = make_room(bo, seats=4)
    invites_send(sender=bo, room=left, receivers=[eve])
    services.room_leave(player=bo, code=left.code)
    assert _expired(Invite.objects.get(receiver=eve)) == ("closed", True, False)
    closed = make_room(ada, seats=4)
    befriend(ada, eve)
    invites_send(sender=ada, room=closed, receivers=[eve])
    mod_close_room(moderator=staff, room=closed, reason="spam")
    assert Invite.objects.get(room=closed).why == "closed"
    assert Room.objects.get(pk=closed.pk).status == Room.Status.CLOSED
    expired = Invite.objects.get(room=closed)
    with pytest.raises(ServiceError) as refused:
        invite_take(player=eve, invite_id=expired.pk)
    assert refused.value.code in ("room_closed", "invite_expired")


def test_a_rematch_invites_the_last_games_people_who_left_then_starts(
    people: list[Player], make_room: MakeRoom, staff: User
) -> None:
    bo, ada, cy, *_ = people
    room = make_room(bo, "yatzy", seats=3, joined=[ada, cy], start=True)
    services.mod_end_game(moderator=staff, game=game_of(room.code), reason="over")
    services.room_leave(player=ada, code=room.code)
    choose(cy, Privacy.Invites.NOBODY)
    services.room_leave(player=cy, code=room.code)
    answer = services.room_rematch(player=bo, code=room.code)
    assert invited(answer) == ["Ada"] and refusals(answer) == {"Cy": "no_invites"}
    invite = Invite.objects.get(receiver=ada)
    assert invite.rematch and invite.state == Invite.State.PENDING
    invite_take(player=ada, invite_id=invite.pk)
    again = services.room_rematch(player=bo, code=room.code)  # everyone invitable is back
    assert again["event"]["kind"] == "game_started"
    assert game_of(room.code).number == 2
    assert {c.player.name for c in game_of(room.code).scorecards.all()} == {"Bo", "Ada"}
