"""Public tables from the lobby (docs/open-tables.md): one opened (under the
moderators' limits), a room opened to anyone or closed again, and "Play now": the best
table waiting joined, or a new one opened."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from accounts.models import Player
from common.errors import ServiceError
from common.news import Answer, News
from friends.selectors.blocks import blocked_ids
from lobby.selectors.limits import opening_refusal
from rooms.models import Room
from rooms.selectors.open_tables import best_table
from rooms.services.public_tables import room_publish
from rooms.services.rooms import room_create, room_join

# Seats of a table "Play now" opens, by pace: a live table fills fast; by the day, two
# players start sooner.
SEATS = {"live": 4, "day": 2}
# Refusals after which "Play now" tries the next table (it filled or closed meanwhile).
TRY_NEXT = frozenset({"room_full", "cannot_join", "room_closed", "kicked"})


def require_may_open(player: Player, *, opened: int = 0) -> None:
    """Refuse ``player`` one more public table when the moderators' limits say so
    (``opened``: it is already counted among theirs)."""
    why = opening_refusal(player, opened=opened)
    if why is not None:
        raise ServiceError("table_limit", why)


def table_open(
    *, player: Player, ruleset: str, pace: str, browser: str = "", address: str = ""
) -> Room:
    """Open a public table of ``ruleset`` and ``pace`` with ``player`` as its host, under
    the moderators' limits."""
    with transaction.atomic():
        require_may_open(player)
        return room_create(
            player=player,
            ruleset=ruleset,
            seats=SEATS.get(pace, SEATS["live"]),
            pace=pace,
            public=True,
            browser=browser,
            address=address,
        )


def table_publish(
    *, player: Player, code: str, public: bool, request_id: str | None = None
) -> Answer:
    """The host opens room ``code`` to anyone (under the moderators' limits) or keeps it
    to invited people again (``rooms.services.public_tables.room_publish``)."""
    with transaction.atomic():
        answer = room_publish(player=player, code=code, public=public, request_id=request_id)
        if public:
            require_may_open(player, opened=1)  # undone with the table opened when refused
        return answer


@dataclass(frozen=True)
class Seated:
    """Where "Play now" seated a player: the room's code, whether they opened it, and
    what the room's sockets are to be told."""

    code: str
    opened: bool
    news: tuple[News, ...] = ()


def play_now(
    *, player: Player, ruleset: str, pace: str, browser: str = "", address: str = ""
) -> Seated:
    """Seat ``player`` at the best public table of ``ruleset`` and ``pace`` waiting (most
    people already seated, then the oldest; none with someone they blocked or who blocked
    them), or, with none, open one for them."""
    apart = blocked_ids(player)
    with transaction.atomic():
        for code in best_table(ruleset=ruleset, pace=pace, apart_from=apart):
            try:
                with transaction.atomic():
                    joined = room_join(player=player, code=code, browser=browser, address=address)
            except ServiceError as refusal:
                if refusal.code in TRY_NEXT:
                    continue
                raise
            return Seated(code, False, tuple(joined.news))
        room = table_open(
            player=player, ruleset=ruleset, pace=pace, browser=browser, address=address
        )
        return Seated(room.code, True)
