"""Public tables waiting for players (``lobby``): open, opened to anyone, no game played
yet, a seat free for a person (a bot's counts as free: a newcomer takes it). Fullest
first, then oldest: the order "Play now" seats people in (docs/open-tables.md)."""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Count, Exists, OuterRef

from common.clock import now
from rooms.models import Membership, Room


@dataclass(frozen=True)
class OpenTable:
    """A public table as the list shows it."""

    code: str
    ruleset: str
    pace: str
    seats: int
    people: int  # people seated (bots are not counted: their seats are free)
    rated: bool
    host_id: int
    host_name: str
    language: str  # the host's ("" for a guest: their browser's)
    created_at: datetime

    @property
    def free(self) -> int:
        """Seats free for people."""
        return self.seats - self.people


FIELDS = (
    "id",
    "code",
    "ruleset",
    "pace",
    "seat_count",
    "rated",
    "host_id",
    "host__name",
    "host__language",
    "created_at",
)


def _people_seated() -> dict[int, int]:
    """How many people (not bots) sit at each open public room that has any, by id."""
    seated = Membership.objects.filter(
        room__public=True,
        room__status=Room.Status.OPEN,
        state=Membership.State.ACTIVE,
        seat__isnull=False,
        player__bot_level="",
    )
    return dict(seated.order_by().values_list("room_id").annotate(n=Count("pk")))


def _waiting(apart_from: Collection[int], limit: int, **narrowed: object) -> list[OpenTable]:
    """The first ``limit`` public tables waiting (a person's seat free), narrowed by the
    field lookups ``narrowed``, where none of the players whose ids are ``apart_from`` is
    a member: fullest first, then oldest. Three reads: the people seated at every open
    table, the candidates' ids, the rows of the first."""
    rows = Room.objects.filter(public=True, status=Room.Status.OPEN, games__isnull=True, **narrowed)
    if apart_from:
        rows = rows.exclude(
            Exists(
                Membership.objects.filter(
                    room=OuterRef("pk"),
                    state=Membership.State.ACTIVE,
                    player_id__in=list(apart_from),
                )
            )
        )
    people = _people_seated()
    candidates = [
        (-people.get(pk, 0), created, pk)
        for pk, seats, created in rows.values_list("id", "seat_count", "created_at")
        if people.get(pk, 0) < seats
    ]
    first = [pk for _, _, pk in heapq.nsmallest(limit, candidates)]
    found = {r["id"]: r for r in Room.objects.filter(pk__in=first).values(*FIELDS)}
    return [
        OpenTable(
            code=r["code"],
            ruleset=r["ruleset"],
            pace=r["pace"],
            seats=r["seat_count"],
            people=people.get(pk, 0),
            rated=r["rated"],
            host_id=r["host_id"],
            host_name=r["host__name"],
            language=r["host__language"],
            created_at=r["created_at"],
        )
        for pk in first
        if (r := found.get(pk)) is not None
    ]


def open_tables(
    *,
    apart_from: Collection[int] = (),
    ruleset: str = "",
    pace: str = "",
    rated: bool | None = None,
    language: str = "",
    limit: int = 30,
) -> tuple[list[OpenTable], bool]:
    """Up to ``limit`` public tables waiting, filtered by ``ruleset``, ``pace``,
    ``rated`` and the host's ``language`` (each: any when left out), none with a member
    among ``apart_from`` (the viewer's blocks, both ways), and whether more match."""
    narrowed: dict[str, object] = {}
    if ruleset:
        narrowed["ruleset"] = ruleset
    if pace:
        narrowed["pace"] = pace
    if rated is not None:
        narrowed["rated"] = rated
    if language:
        narrowed["host__language"] = language
    shown = _waiting(apart_from, limit + 1, **narrowed)
    return shown[:limit], len(shown) > limit


def best_table(*, ruleset: str, pace: str, apart_from: Collection[int] = ()) -> list[str]:
    """The codes of the public tables of ``ruleset`` and ``pace`` waiting, best first
    (most people already seated, then oldest), without a member among ``apart_from``;
    the first few, for "Play now" to try in turn."""
    return [table.code for table in _waiting(apart_from, 5, ruleset=ruleset, pace=pace)]


def bots_offered_in(room: Room) -> int:
    """Seconds until a table that waits offers its host to start with bots
    (``LOBBY_BOTS_AFTER_SECONDS`` after it opened; 0: now)."""
    due = room.created_at + timedelta(seconds=settings.LOBBY_BOTS_AFTER_SECONDS)
    return max(0, math.ceil((due - now()).total_seconds()))


def public_tables_hosted(player_id: int) -> int:
    """How many open public tables the player with id ``player_id`` hosts."""
    return Room.objects.filter(host_id=player_id, public=True, status=Room.Status.OPEN).count()
