"""By the day, "find me an opponent" (docs/open-tables.md): people waiting for the same
variant are paired strictly in the order they began to wait (a wait is by the day: a
live player is seated at once by "Play now"). The two longest waiting who have not
blocked each other are paired as soon as a second arrives; a room by the day is made for
them, and both are told on the bell."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext

from accounts.models import Player
from accounts.services.players import player_lock
from common.clock import now
from common.errors import ServiceError
from common.news import News
from friends.selectors.blocks import blocked_ids
from lobby.models import Waiting
from notices.selectors.bell_kinds import OPPONENT_FOUND
from notices.services.bell import bell_ring
from rooms.models import Room
from rooms.services.rooms import room_create, room_join, room_start
from scoring import rulesets


@dataclass(frozen=True)
class Paired:
    """What asking for an opponent did: the room made (``None``: waiting still), and the
    bell's news for both players."""

    code: str | None
    news: tuple[News, ...] = ()


def opponent_find(*, player: Player, ruleset: str) -> Paired:
    """``player`` waits for an opponent by the day in ``ruleset`` (asking again keeps
    their place); everyone waiting in a variant is then paired in order of waiting."""
    if ruleset not in rulesets.names():
        raise ServiceError("bad_ruleset", gettext("there is no such variant"))
    if player.is_bot:
        raise ServiceError("not_a_person", gettext("bots do not wait for opponents"))
    with transaction.atomic():
        player_lock(player)
        Waiting.objects.filter(player=player).exclude(ruleset=ruleset).delete()
        Waiting.objects.get_or_create(player=player, defaults={"ruleset": ruleset, "since": now()})
        return _pair_waiting(ruleset, player)


def opponent_cancel(*, player: Player) -> bool:
    """``player`` stops waiting for an opponent; whether they were waiting."""
    with transaction.atomic():
        deleted, _ = Waiting.objects.filter(player=player).delete()
    return deleted > 0


def _pair_waiting(ruleset: str, asking: Player) -> Paired:
    """Pair the people waiting in ``ruleset`` two by two in order of waiting (each with
    the first after them they have no block with); what ``asking``'s pairing made."""
    # Locked: a second arrival at the same moment waits, then sees who is left.
    queue = list(
        Waiting.objects.select_for_update(of=("self",))
        .filter(ruleset=ruleset)
        .select_related("player")
        .order_by("since", "id")
    )
    made: Paired = Paired(None)
    news: list[News] = []
    while len(queue) >= 2:
        first = queue.pop(0)
        apart = blocked_ids(first.player)
        second = next((w for w in queue if w.player_id not in apart), None)
        if second is None:
            continue
        queue.remove(second)
        room, started = _room_for(first.player, second.player, ruleset)
        news += started
        Waiting.objects.filter(pk__in=[first.pk, second.pk]).delete()
        news += bell_ring(
            player_ids=[first.player_id, second.player_id],
            kind=OPPONENT_FOUND.name,
            link=reverse("games:room", args=[room.code]),
            data={"room": room.code, "variant": ruleset},
        )
        if asking.pk in (first.player_id, second.player_id):
            made = Paired(room.code)
    return Paired(made.code, tuple(news))


def _room_for(first: Player, second: Player, ruleset: str) -> tuple[Room, list[News]]:
    """A room by the day of ``ruleset`` for two people paired, its game begun (the first
    waiting hosts and plays first), and what its sockets are to be told."""
    room = room_create(player=first, ruleset=ruleset, seats=2, pace=Room.Pace.DAY)
    joined = room_join(player=second, code=room.code)
    started = room_start(player=first, code=room.code)
    return room, [*joined.news, *started.news]
