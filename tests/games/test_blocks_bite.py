"""A block bites: the blocked person cannot join a room of the blocker's or take a seat
there, the blocker's state and patches leave out their chat, the blocker's profile is a
404 to them; friends' whereabouts come from the rooms."""

from __future__ import annotations

import json
from typing import Any

import pytest

from accounts.models import Player
from bench.harness.state_changes import apply_change, canonical, document_of
from common.errors import ServiceError
from friends.services.blocks import block_add, block_remove
from friends.services.privacy import privacy_set
from games import services
from play.models import Game
from rooms.models import ChatMessage, Membership
from rooms.selectors.whereabouts import whereabouts_of
from tests.support.clients import client_of
from tests.support.fixture_types import MakeAccount, MakeRoom
from tests.support.views import fresh_snapshot_of, message_to, view_of


def test_a_blocked_person_cannot_join_in_neutral_words(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = make_room(ada, joined=[cy])
    block_add(player=cy, other=bob)  # any active member's block counts, not only the host's
    version = Game.objects.count(), room.version
    with pytest.raises(ServiceError) as error:
        services.room_join(player=bob, code=room.code)
    assert error.value.code == "cannot_join"
    assert "block" not in error.value.message
    room.refresh_from_db()
    assert (Game.objects.count(), room.version) == version
    assert not Membership.objects.filter(room=room, player=bob).exists()
    answer = client_of(bob).post(f"/r/{room.code}/join/", {"name": "Bob"})
    assert answer.status_code == 400 and b"you cannot join this room" in answer.content
    block_remove(player=cy, other_id=bob.pk)
    services.room_join(player=bob, code=room.code)  # unblocked: in


def test_a_blocked_spectator_cannot_take_a_seat(account: MakeAccount, make_room: MakeRoom) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = make_room(ada, seats=2)
    services.room_start(player=ada, code=room.code)
    services.room_join(player=bob, code=room.code)  # a spectator, games played
    services.room_leave(player=ada, code=room.code)
    services.room_join(player=ada, code=room.code)
    game = Game.objects.get(room=room)
    game.status = Game.Status.FINISHED
    game.save()
    block_add(player=ada, other=bob)
    with pytest.raises(ServiceError) as error:
        services.room_take_seat(player=bob, code=room.code)
    assert error.value.code == "cannot_join"
    assert Membership.objects.get(room=room, player=bob).seat is None


def chat(code: str, player: Player, text: str) -> None:
    services.chat_post(player=player, code=code, text=text)


def test_the_blocker_does_not_see_their_chat_in_state_or_patch(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    room = make_room(ada, joined=[bob, cy])
    chat(room.code, bob, "before")
    first = fresh_snapshot_of(room.code)
    text, held = message_to(first, ada.pk, None)
    ada_holds: dict[str, Any] = json.loads(text)
    block_add(player=ada, other=bob)  # a member already: their lines go from the next version
    chat(room.code, bob, "hidden line")
    chat(room.code, cy, "shown line")
    second = fresh_snapshot_of(room.code)
    patch_text, _ = message_to(second, ada.pk, held)
    ada_holds = apply_change(ada_holds, json.loads(patch_text))
    fresh = view_of(second, ada.pk)
    assert canonical(document_of(ada_holds)) == canonical(document_of(fresh))
    assert [line["text"] for line in fresh["chat"]] == ["shown line"]
    assert all(e["actor_id"] != bob.pk for e in fresh["log"] if e["kind"] == "chat")
    assert "hidden line" not in patch_text and "hidden line" not in json.dumps(fresh)
    # everyone else, Bob included, sees every line
    for viewer in (bob, cy):
        assert [c["text"] for c in view_of(second, viewer.pk)["chat"]] == [
            "before",
            "hidden line",
            "shown line",
        ]
    assert ChatMessage.objects.count() == 3  # hidden, not removed


def test_the_blockers_profile_is_gone_for_the_blocked(
    account: MakeAccount, make_room: MakeRoom
) -> None:
    ada, bob = account("Ada"), account("Bob")
    make_room(ada, joined=[bob])
    bob_browser = client_of(bob)
    assert bob_browser.get(f"/players/{ada.pk}/").status_code == 200
    ada_browser = client_of(ada)
    assert ada.user is not None
    ada_browser.force_login(ada.user)
    assert b'data-testid="profile-block"' in ada_browser.get(f"/players/{bob.pk}/").content
    ada_browser.post("/friends/block/", {"player": bob.pk, "next": f"/players/{bob.pk}/"})
    assert bob_browser.get(f"/players/{ada.pk}/").status_code == 404
    page = ada_browser.get(f"/players/{bob.pk}/")  # the blocker may still look, and unblock
    assert page.status_code == 200 and b'data-testid="profile-unblock"' in page.content


def test_whereabouts_of_friends(account: MakeAccount, make_room: MakeRoom) -> None:
    ada, bob, cy, dee, eve = (account(n) for n in ("Ada", "Bob", "Cy", "Dee", "Eve"))
    playing = make_room(bob, joined=[eve], start=True)
    lobby = make_room(cy)
    by_day = make_room(dee, pace="day", bots=["beginner"], start=True)
    for player, code in ((bob, playing.code), (cy, lobby.code), (eve, playing.code)):
        services.presence_connect(player=player, code=code)
    assert by_day.pace == "day"
    ids = [p.pk for p in (bob, cy, dee, eve)]
    assert whereabouts_of(ids, ada) == {
        bob.pk: "at_table",
        cy.pk: "online",
        dee.pk: "waiting",
        eve.pk: "at_table",
    }
    privacy_set(player=bob, appear_offline=True, invites="friends")
    block_add(player=eve, other=ada)
    services.presence_disconnect(player=cy, code=lobby.code)
    found = whereabouts_of(ids, ada)
    assert (found[bob.pk], found[cy.pk], found[eve.pk]) == ("offline", "offline", "offline")
