"""Made-up finished games in a group's rooms, written straight to the database, for the
league's and records' tests (the services' play is tested elsewhere)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from accounts.models import Player
from groups.models import Group, GroupMember, GroupReport, GroupRoom
from play.models import Game, Scorecard
from rooms.models import Room
from rooms.services.rooms import room_create


def group_room(group: Group, host: Player, ruleset: str = "yahtzee") -> Room:
    """A room of ``group`` hosted by ``host``."""
    room = room_create(player=host, ruleset=ruleset, seats=8)
    GroupRoom.objects.create(group=group, room=room)
    return room


def reported_group(owner: Player, reporter: Player) -> Group:
    """A group of ``owner`` (with or without an account) that ``reporter`` reported."""
    group = Group.objects.create(name="Dice", owner=owner, token=f"t{owner.pk}")
    GroupMember.objects.create(group=group, player=owner)
    GroupReport.objects.create(group=group, reporter=reporter, reason="abuse")
    return group


def yahtzee_sheet(yahtzee: int | None = None, extra: int = 0) -> dict[str, Any]:
    """A Yahtzee sheet with its Yahtzee box as given and ``extra`` bonuses."""
    boxes = {} if yahtzee is None else {"yahtzee": yahtzee}
    return {
        "ruleset": "yahtzee",
        "options": {},
        "boxes": {"main": boxes},
        "extra_yahtzees": {"main": extra},
    }


def finished(
    room: Room,
    seats: Sequence[tuple[Player, int]],
    at: datetime,
    *,
    left: dict[int, Player] | None = None,
    sheets: dict[int, dict[str, Any]] | None = None,
) -> Game:
    """A finished game of ``room`` at ``at``: each seat's (player, total), ranked as the
    game's end ranks them; ``left`` maps a seat to the person who began it and left (its
    player finished it); ``sheets`` gives a seat's sheet."""
    game = Game.objects.create(
        room=room,
        number=room.games.count() + 1,
        ruleset=room.ruleset,
        status=Game.Status.FINISHED,
        finished_at=at,
    )
    for seat, (player, total) in enumerate(seats):
        Scorecard.objects.create(
            game=game,
            seat=seat,
            player=player,
            first_player=(left or {}).get(seat, player),
            data=(sheets or {}).get(seat, yahtzee_sheet()),
            total=total,
            rank=1 + sum(other > total for _, other in seats),
        )
    return game
