"""By the day, "find me an opponent" (docs/open-tables.md): people are paired strictly in
the order they began to wait, never twice, only within a variant, never with someone
they blocked; a room by the day is made with its game begun, and both hear it on the bell."""

from __future__ import annotations

from datetime import timedelta

import pytest

from common.errors import ServiceError
from friends.services.blocks import block_add
from lobby.models import Waiting
from lobby.services.pairing import opponent_cancel, opponent_find
from notices.models import BellItem
from play.models import Game
from rooms.models import Membership, Room
from tests.support.fixture_types import MakeAccount


def _seated(code: str) -> set[str]:
    members = Membership.objects.filter(room__code=code, state="active", seat__isnull=False)
    return {m.player.name for m in members.select_related("player")}


def test_the_first_two_waiting_are_paired_in_order(account: MakeAccount) -> None:
    ada, bob, cy, dee = (account(n) for n in ("Ada", "Bob", "Cy", "Dee"))
    assert opponent_find(player=ada, ruleset="yatzy").code is None
    assert opponent_find(player=bob, ruleset="yahtzee").code is None  # another variant
    paired = opponent_find(player=cy, ruleset="yatzy")
    assert paired.code is not None and _seated(paired.code) == {"Ada", "Cy"}
    room = Room.objects.get(code=paired.code)
    assert room.pace == "day" and room.host == ada and not room.public
    assert Game.objects.filter(room=room, status="playing").exists()
    assert set(Waiting.objects.values_list("player__name", flat=True)) == {"Bob"}
    bells = BellItem.objects.filter(kind="opponent_found")
    assert set(bells.values_list("player__name", flat=True)) == {"Ada", "Cy"}
    again = opponent_find(player=dee, ruleset="yatzy")  # Ada and Cy are not paired twice
    assert again.code is None


def test_pairing_is_fair_to_the_longest_waiting(account: MakeAccount) -> None:
    people = [account(f"P{n}") for n in range(6)]
    for person in people[:5]:
        opponent_find(player=person, ruleset="yams")
    # Waits recorded out of order: the order of waiting is ``since``, not arrival here.
    base = Waiting.objects.order_by("since").first()
    assert base is not None
    for offset, person in zip((4, 0, 3, 1, 2), people[:5], strict=True):
        Waiting.objects.filter(player=person).update(since=base.since + timedelta(seconds=offset))
    assert Waiting.objects.count() == 1  # pairs formed as they came: P0+P1, P2+P3
    last = opponent_find(player=people[5], ruleset="yams")
    assert last.code is not None and _seated(last.code) == {"P4", "P5"}
    rooms = Room.objects.filter(pace="day")
    assert sorted(sorted(_seated(r.code)) for r in rooms) == [
        ["P0", "P1"],
        ["P2", "P3"],
        ["P4", "P5"],
    ]


def test_the_order_of_waiting_decides_among_many(account: MakeAccount) -> None:
    ada, bob, cy = account("Ada"), account("Bob"), account("Cy")
    block_add(player=ada, other=bob)
    opponent_find(player=ada, ruleset="yatzy")
    assert opponent_find(player=bob, ruleset="yatzy").code is None  # blocked: apart
    paired = opponent_find(player=cy, ruleset="yatzy")
    # Ada waited longest: she is paired first, with the first after her she may meet.
    assert paired.code is not None and _seated(paired.code) == {"Ada", "Cy"}
    assert list(Waiting.objects.values_list("player__name", flat=True)) == ["Bob"]


def test_asking_again_keeps_the_place_and_cancel_leaves(account: MakeAccount) -> None:
    ada = account("Ada")
    opponent_find(player=ada, ruleset="yatzy")
    since = Waiting.objects.get(player=ada).since
    opponent_find(player=ada, ruleset="yatzy")
    assert Waiting.objects.get(player=ada).since == since
    assert opponent_cancel(player=ada) and not opponent_cancel(player=ada)
    with pytest.raises(ServiceError) as bad:
        opponent_find(player=ada, ruleset="chess")
    assert bad.value.code == "bad_ruleset" and not Waiting.objects.exists()
