"""A member's own mute: the muted person's chat lines and reactions leave the muter's
view of the room (state and patches), nobody else's; the bell by the day rings the
muter no more for their lines; every refusal has its code and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from accounts.models import Player
from bench.harness.state_changes import apply_change, canonical, document_of
from common.errors import ServiceError
from common.news import Screen
from games import services
from lobby.services.tables import table_open
from notices.models import BellItem
from rooms.models import MemberMute, Membership
from tests.support.fixture_types import MakeAccount, MakeRoom
from tests.support.views import fresh_snapshot_of, message_to, view_of

THUMBS = "\U0001f44d"


def _seen(code: str, viewer: Player) -> tuple[list[str], list[str]]:
    """The chat lines and the reactions' emoji ``viewer`` is sent of room ``code``."""
    state = view_of(fresh_snapshot_of(code), viewer.pk)
    return [c["text"] for c in state["chat"]], [r["data"]["emoji"] for r in state["reactions"]]


def test_refusals_change_nothing(account: MakeAccount, make_room: MakeRoom) -> None:
    ada, bob, cy, out = account("Ada"), account("Bob"), account("Cy"), account("Out")
    room = make_room(ada, joined=[bob, cy], bots=["beginner"])
    bot = Membership.objects.get(room=room, player__bot_level="beginner").player
    services.room_leave(player=cy, code=room.code)
    version = fresh_snapshot_of(room.code).version
    for player, target, code in [
        (ada, ada.pk, "cannot_mute"),  # yourself
        (ada, bot.pk, "cannot_mute"),  # a bot
        (ada, cy.pk, "not_in_room"),  # gone
        (ada, 10**9, "not_in_room"),  # no such player
        (out, bob.pk, "not_in_room"),  # the muter is not a member
    ]:
        with pytest.raises(ServiceError) as error:
            services.member_mute(player=player, code=room.code, target=target)
        assert error.value.code == code, (player, target)
    assert not MemberMute.objects.exists()
    assert fresh_snapshot_of(room.code).version == version


def test_a_mute_hides_chat_and_reactions_from_the_muter_only(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob, cy = account("Ada"), account("Bob", signed=False), account("Cy", signed=False)
    room = make_room(ada, joined=[bob, cy])
    services.chat_post(player=bob, code=room.code, text="before")
    before = fresh_snapshot_of(room.code).version
    # Bob, a guest, mutes Ada: a screen for Bob alone, no new version, no event.
    answer = services.member_mute(player=bob, code=room.code, target=ada.pk)
    assert answer.news == (Screen(room.code, bob.pk),)
    assert answer["version"] == before and answer["event"] is None
    again = services.member_mute(player=bob, code=room.code, target=ada.pk)
    assert again.news == () and MemberMute.objects.count() == 1  # the same setting again
    services.chat_post(player=ada, code=room.code, text="from ada")
    services.reaction_send(player=ada, code=room.code, emoji=THUMBS)
    snapshot = fresh_snapshot_of(room.code)
    bob_sees = view_of(snapshot, bob.pk)
    assert bob_sees["you"]["muted"] == [ada.pk] and bob_sees["event"] is None
    assert _seen(room.code, bob) == (["before"], [])
    assert all(e["actor_id"] != ada.pk for e in bob_sees["log"] if e["kind"] == "chat")
    # nobody else's view changes: Ada and Cy see it all, and nobody is shown muted
    for viewer in (ada, cy):
        assert _seen(room.code, viewer) == (["before", "from ada"], [THUMBS])
        state = view_of(snapshot, viewer.pk)
        assert state["you"]["muted"] == [] and not any(m["muted"] for m in state["members"])
    # Ada, host or not, still chats and reacts: the host's mute is another thing
    services.reaction_send(player=ada, code=room.code, emoji="🎉")
    services.member_mute(player=bob, code=room.code, target=ada.pk, muted=False)
    assert _seen(room.code, bob) == (["before", "from ada"], [THUMBS, "🎉"])
    assert view_of(fresh_snapshot_of(room.code), bob.pk)["you"]["muted"] == []
    again = services.member_mute(player=bob, code=room.code, target=ada.pk, muted=False)
    assert again.news == () and not MemberMute.objects.exists()


def test_a_mute_lasts_in_the_room_until_unmuted(account: MakeAccount, make_room: MakeRoom) -> None:
    ada, bob = account("Ada"), account("Bob")
    room, other = make_room(ada, joined=[bob]), make_room(ada, joined=[bob])
    services.member_mute(player=bob, code=room.code, target=ada.pk)
    services.room_leave(player=ada, code=room.code)  # the host role passes to Bob
    services.room_join(player=ada, code=room.code)
    services.chat_post(player=ada, code=room.code, text="back")
    services.chat_post(player=ada, code=other.code, text="elsewhere")
    assert _seen(room.code, bob) == ([], [])
    assert _seen(other.code, bob) == (["elsewhere"], [])  # a mute is per room


def test_patches_leave_out_what_the_muter_does_not_see(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = make_room(ada, joined=[bob, cy])
    services.member_mute(player=ada, code=room.code, target=bob.pk)
    first = fresh_snapshot_of(room.code)
    text, held = message_to(first, ada.pk, None)
    ada_holds: dict[str, Any] = json.loads(text)
    services.reaction_send(player=bob, code=room.code, emoji=THUMBS)
    services.chat_post(player=bob, code=room.code, text="hidden line")
    services.reaction_send(player=cy, code=room.code, emoji="🎉")
    second = fresh_snapshot_of(room.code)
    patch, _ = message_to(second, ada.pk, held)
    ada_holds = apply_change(ada_holds, json.loads(patch))
    fresh = view_of(second, ada.pk)
    assert canonical(document_of(ada_holds)) == canonical(document_of(fresh))
    assert [r["actor_id"] for r in fresh["reactions"]] == [cy.pk]
    assert "hidden line" not in patch and THUMBS not in patch
    assert [r["actor_id"] for r in view_of(second, cy.pk)["reactions"]] == [bob.pk, cy.pk]


def test_by_the_day_a_muted_line_rings_only_those_who_see_it(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = make_room(ada, joined=[bob, cy], pace="day")
    services.member_mute(player=bob, code=room.code, target=ada.pk)
    services.chat_post(player=ada, code=room.code, text="hello")
    rung = BellItem.objects.filter(kind="room_chat").values_list("player__name", flat=True)
    assert list(rung) == ["Cy"]


def test_at_an_open_table_a_mute_holds_between_consenting_strangers(
    account: MakeAccount,
) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    services.room_join(player=bob, code=room.code)
    for player in (ada, bob):
        services.member_strangers_chat(player=player, code=room.code, on=True)
    services.member_mute(player=ada, code=room.code, target=bob.pk)
    services.chat_post(player=bob, code=room.code, text="hi")
    services.chat_post(player=ada, code=room.code, text="hey")
    assert _seen(room.code, ada) == (["hey"], [])
    assert _seen(room.code, bob) == (["hi", "hey"], [])
