"""Public tables waiting for players (``lobby``): open, opened to anyone, no game played
yet, a seat free for a person (a bot's counts as free: a newcomer takes it). Fullest
first, then oldest: the order "Play now" seats people in (docs/open-tables.md)."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Exists, F, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from common.clock import now
from rooms.models import Membership, Room


def _people_seated() -> Subquery:
    """How many people (not bots) are seated at the room of the outer query."""
    seated = Membership.objects.filter(
        room=OuterRef("pk"),
        state=Membership.State.ACTIVE,
        seat__isnull=False,
        player__bot_level="",
    )
    return Subquery(
        seated.order_by().values("room").annotate(n=Count("pk")).values("n"),
        output_field=IntegerField(),
    )


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
    "code",
    "ruleset",
    "pace",
    "seat_count",
    "people",
    "rated",
    "host_id",
    "host__name",
    "host__language",
    "created_at",
)


def _waiting(apart_from: Collection[int], **narrowed: object) -> QuerySet[Room, dict[str, Any]]:
    """The public tables waiting as rows of ``FIELDS``, with their people counted,
    narrowed by the field lookups ``narrowed``, where none of the players whose ids are
    ``apart_from`` is a member, fullest first, then oldest."""
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
    return (
        rows.annotate(people=Coalesce(_people_seated(), 0))
        .filter(people__lt=F("seat_count"))
        .order_by("-people", "created_at", "id")
        .values(*FIELDS)
    )


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
    rows = _waiting(apart_from, **narrowed)
    shown = [
        OpenTable(
            code=r["code"],
            ruleset=r["ruleset"],
            pace=r["pace"],
            seats=r["seat_count"],
            people=r["people"],
            rated=r["rated"],
            host_id=r["host_id"],
            host_name=r["host__name"],
            language=r["host__language"],
            created_at=r["created_at"],
        )
        for r in rows[: limit + 1]
    ]
    return shown[:limit], len(shown) > limit


def best_table(*, ruleset: str, pace: str, apart_from: Collection[int] = ()) -> list[str]:
    """The codes of the public tables of ``ruleset`` and ``pace`` waiting, best first
    (most people already seated, then oldest), without a member among ``apart_from``;
    the first few, for "Play now" to try in turn."""
    rows = _waiting(apart_from, ruleset=ruleset, pace=pace)
    return [row["code"] for row in rows[:5]]


def bots_offered_in(room: Room) -> int:
    """Seconds until a table that waits offers its host to start with bots
    (``LOBBY_BOTS_AFTER_SECONDS`` after it opened; 0: now)."""
    due = room.created_at + timedelta(seconds=settings.LOBBY_BOTS_AFTER_SECONDS)
    return max(0, math.ceil((due - now()).total_seconds()))


def public_tables_hosted(player_id: int) -> int:
    """How many open public tables the player with id ``player_id`` hosts."""
    return Room.objects.filter(host_id=player_id, public=True, status=Room.Status.OPEN).count()
