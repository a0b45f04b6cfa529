"""What a client's request must look like, and the service each type calls.

The consumer (``games.realtime.consumers``) checks a message's frame, size and rate; here
its fields are checked and handed to one ``games.services`` call. A request that breaks
the protocol raises ``BadMessage`` with a stable code (docs/protocol.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext

from accounts.models import Player
from common.news import Answer
from games import services

MAX_INT = 2**63 - 1  # what a database integer holds


class BadMessage(Exception):
    """A message that breaks the protocol (not the game rules)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _field(
    msg: dict[str, Any], name: str, kind: type | tuple[type, ...], optional: bool = False
) -> Any:
    value = msg.get(name)
    if value is None and optional:
        return None
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise BadMessage("bad_field", gettext("%(name)s has the wrong type") % {"name": name})
    if not isinstance(value, kind):
        raise BadMessage(
            "bad_field", gettext("%(name)s is missing or has the wrong type") % {"name": name}
        )
    if isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
        raise BadMessage("bad_field", gettext("%(name)s is out of range") % {"name": name})
    return value


def _hold(msg: dict[str, Any]) -> list[int]:
    if "hold" not in msg:
        raise BadMessage(
            "bad_field",
            gettext("hold is missing: the dice positions 0-4 to keep ([] to throw all five)"),
        )
    hold = msg["hold"]
    if not isinstance(hold, list) or len(hold) > 5 or not all(type(p) is int for p in hold):
        raise BadMessage(
            "bad_field", gettext("hold must be a list of at most 5 dice positions 0-4")
        )
    return hold


# Each message type: which service to call with which fields.
Call = Callable[[Player, str, str, dict[str, Any]], Answer]

HANDLERS: dict[str, Call] = {
    "roll": lambda p, code, rid, m: services.game_roll(
        player=p, code=code, hold=_hold(m), request_id=rid
    ),
    "hold": lambda p, code, rid, m: services.game_hold(
        player=p, code=code, hold=_hold(m), request_id=rid
    ),
    "announce": lambda p, code, rid, m: services.game_announce(
        player=p, code=code, box=_field(m, "box", str), request_id=rid
    ),
    "place": lambda p, code, rid, m: services.game_place(
        player=p,
        code=code,
        box=_field(m, "box", str),
        column=_field(m, "column", str, optional=True),
        request_id=rid,
    ),
    "chat": lambda p, code, rid, m: services.chat_post(
        player=p, code=code, text=_field(m, "text", str), request_id=rid
    ),
    "react": lambda p, code, rid, m: services.reaction_send(
        player=p, code=code, emoji=_field(m, "emoji", str), request_id=rid
    ),
    "configure": lambda p, code, rid, m: services.room_configure(
        player=p,
        code=code,
        ruleset=_field(m, "ruleset", str),
        options=_field(m, "options", dict),
        seats=_field(m, "seats", int),
        turn_seconds=_field(m, "turn_seconds", int, optional=True),
        coach=_field(m, "coach", bool, optional=True),
        pace=_field(m, "pace", str, optional=True),
        holidays=_field(m, "holidays", bool, optional=True),
        together=_field(m, "together", bool, optional=True),
        duplicate=_field(m, "duplicate", bool, optional=True),
        request_id=rid,
    ),
    "start": lambda p, code, rid, m: services.room_start(player=p, code=code, request_id=rid),
    "rematch": lambda p, code, rid, m: services.room_rematch(player=p, code=code, request_id=rid),
    "add_bot": lambda p, code, rid, m: services.room_add_bot(
        player=p,
        code=code,
        level=_field(m, "level", str, optional=True) or "beginner",
        request_id=rid,
    ),
    "remove_bot": lambda p, code, rid, m: services.room_remove_bot(
        player=p, code=code, seat=_field(m, "seat", int), request_id=rid
    ),
    "take_seat": lambda p, code, rid, m: services.room_take_seat(
        player=p, code=code, request_id=rid
    ),
    "kick": lambda p, code, rid, m: services.room_kick(
        player=p, code=code, target=_field(m, "player", int), request_id=rid
    ),
    "mute": lambda p, code, rid, m: services.room_mute(
        player=p,
        code=code,
        target=_field(m, "player", int),
        muted=_field(m, "muted", bool),
        request_id=rid,
    ),
    "skip": lambda p, code, rid, m: services.game_skip(
        player=p, code=code, seat=_field(m, "seat", int, optional=True), request_id=rid
    ),
    "hand_to_bot": lambda p, code, rid, m: services.game_hand_to_bot(
        player=p, code=code, seat=_field(m, "seat", int), request_id=rid
    ),
    "take_back": lambda p, code, rid, m: services.game_take_back(
        player=p, code=code, request_id=rid
    ),
    "take_back_place": lambda p, code, rid, m: services.placement_take_back(
        player=p, code=code, request_id=rid
    ),
    "holiday": lambda p, code, rid, m: services.seat_holiday(
        player=p, code=code, days=_field(m, "days", int), request_id=rid
    ),
    "holiday_end": lambda p, code, rid, m: services.seat_holiday_end(
        player=p, code=code, request_id=rid
    ),
    "leave": lambda p, code, rid, m: services.room_leave(player=p, code=code, request_id=rid),
    "report": lambda p, code, rid, m: services.report_send(
        player=p,
        code=code,
        target=_field(m, "player", int, optional=True),
        message=_field(m, "message", int, optional=True),
        reason=_field(m, "reason", str),
        text=_field(m, "text", str, optional=True),
        request_id=rid,
    ),
}
