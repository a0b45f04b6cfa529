"""At a public table chat is off between two people until both turn it on (quick phrases
and reactions still pass); at a private table chat is as it was."""

from __future__ import annotations

from games import services
from lobby.services.tables import table_open
from tests.support.fixture_types import MakeAccount, MakeRoom
from tests.support.views import fresh_snapshot_of, view_of


def _lines(code: str, viewer: int) -> list[str]:
    return [line["text"] for line in view_of(fresh_snapshot_of(code), viewer)["chat"]]


def test_chat_passes_only_when_both_turned_it_on(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    services.room_join(player=bob, code=room.code)
    services.chat_post(player=ada, code=room.code, text="hello")
    assert _lines(room.code, bob.pk) == [] and _lines(room.code, ada.pk) == ["hello"]
    services.member_strangers_chat(player=ada, code=room.code, on=True)
    assert _lines(room.code, bob.pk) == []  # Bob has not turned it on
    services.member_strangers_chat(player=bob, code=room.code, on=True)
    assert _lines(room.code, bob.pk) == ["hello"]
    services.reaction_send(player=bob, code=room.code, emoji="👍")
    members = view_of(fresh_snapshot_of(room.code), ada.pk)["members"]
    assert all(m["strangers_chat"] for m in members)
    services.member_strangers_chat(player=bob, code=room.code, on=False)
    assert _lines(room.code, bob.pk) == [] and _lines(room.code, ada.pk) == ["hello"]


def test_reactions_pass_without_consent(account: MakeAccount) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = table_open(player=ada, ruleset="yahtzee", pace="live")
    services.room_join(player=bob, code=room.code)
    services.reaction_send(player=bob, code=room.code, emoji="👍")
    assert [
        r["data"]["emoji"] for r in view_of(fresh_snapshot_of(room.code), ada.pk)["reactions"]
    ] == ["👍"]


def test_a_private_table_keeps_its_chat(account: MakeAccount, make_room: MakeRoom) -> None:
    ada, bob = account("Ada"), account("Bob")
    room = make_room(ada, joined=[bob])
    services.chat_post(player=ada, code=room.code, text="hi")
    assert _lines(room.code, bob.pk) == ["hi"]


def test_by_the_day_the_bell_rings_only_those_who_see_the_line(account: MakeAccount) -> None:
    from notices.models import BellItem

    ada, bob = account("Ada"), account("Bob")
    room = table_open(player=ada, ruleset="yahtzee", pace="day")
    services.room_join(player=bob, code=room.code)
    services.chat_post(player=ada, code=room.code, text="hello")
    assert not BellItem.objects.filter(kind="room_chat").exists()
    services.member_strangers_chat(player=ada, code=room.code, on=True)
    services.member_strangers_chat(player=bob, code=room.code, on=True)
    services.chat_post(player=ada, code=room.code, text="again")
    assert list(
        BellItem.objects.filter(kind="room_chat").values_list("player__name", flat=True)
    ) == ["Bob"]
