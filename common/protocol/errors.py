"""Every error code a room's socket can carry, and the refusal of a broken request.

A service refuses with ``common.errors.ServiceError``; the consumer's own checks of a
request's frame and fields raise ``BadMessage``. Either way the viewer gets an
``error`` message (``ErrorMessage``) whose ``code`` is one of ``ErrorCode``
(docs/protocol.md, "Error codes").
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

from msgspec import Meta

from common.protocol.keys import RequestId

ErrorCode = Literal[
    "already_announced",
    "already_bot",
    "already_public",
    "already_seated",
    "announce_too_late",
    "announcement_required",
    "bad_days",
    "bad_field",
    "bad_hold",
    "bad_json",
    "bad_level",
    "bad_options",
    "bad_pace",
    "bad_reaction",
    "bad_reason",
    "bad_report",
    "bad_request_id",
    "bad_seats",
    "bad_text",
    "bad_timer",
    "bad_type",
    "banned",
    "box_taken",
    "by_the_day",
    "cannot_join",
    "cannot_kick",
    "cannot_mute",
    "cannot_report",
    "cannot_skip",
    "chat_too_fast",
    "coach_failed",
    "coach_off",
    "coach_warming_up",
    "column_required",
    "daily_table",
    "game_in_progress",
    "game_over",
    "illegal_box",
    "muted",
    "no_announcements",
    "no_holiday_left",
    "no_holidays",
    "no_people",
    "no_rolls_left",
    "not_a_bot",
    "not_a_player",
    "not_away",
    "not_by_the_day",
    "not_held",
    "not_host",
    "not_in_room",
    "not_on_holiday",
    "not_public",
    "not_rolled",
    "not_started",
    "not_waiting",
    "not_your_placement",
    "not_your_turn",
    "nothing_to_take_back",
    "on_holiday",
    "placed_for_you",
    "rate_limited",
    "rated_table",
    "rating_fixed",
    "react_too_fast",
    "report_too_fast",
    "request_id_reused",
    "room_closed",
    "room_counts",
    "room_full",
    "seats_taken",
    "table_limit",
    "take_back_closed",
    "too_large",
    "unknown_box",
    "unknown_column",
    "unknown_item",
    "unknown_message",
    "unknown_room",
    "unknown_seat",
]


class BadMessage(Exception):
    """A message that breaks the protocol (not the game rules): ``code`` and a
    ``message`` in the viewer's language."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class ErrorMessage(TypedDict):
    """``error``: nothing changed; ``id`` is ``null`` when the message was too broken to
    carry one."""

    type: Literal["error"]
    id: RequestId | None
    code: ErrorCode
    message: Annotated[str, Meta(min_length=1)]
