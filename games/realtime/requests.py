"""The service each request type calls (docs/protocol.md).

The consumer (``games.realtime.consumers``) checks a message's frame, size and rate, and
``common.protocol.requests.request_decode`` its type and fields, once; here each typed
request is handed to one ``games.services`` call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from accounts.models import Player
from common.news import Answer
from common.protocol import requests as r
from games import services

# A request's call: the player, the room's code and the request -> what the service did.
Call = Callable[[Player, str, Any], Answer]
R = TypeVar("R", bound=r.Request)


def _handler(kind: type[R], call: Callable[[Player, str, R], Answer]) -> tuple[str, Call]:
    """``call`` as the handler of ``kind``'s requests, under its ``type``."""
    return next(tag for tag, found in r.BY_TYPE.items() if found is kind), call


HANDLERS: dict[str, Call] = dict(
    [
        _handler(
            r.Roll,
            lambda p, code, q: services.game_roll(
                player=p, code=code, hold=q.hold, request_id=q.id
            ),
        ),
        _handler(
            r.Hold,
            lambda p, code, q: services.game_hold(
                player=p, code=code, hold=q.hold, request_id=q.id
            ),
        ),
        _handler(
            r.Announce,
            lambda p, code, q: services.game_announce(
                player=p, code=code, box=q.box, request_id=q.id
            ),
        ),
        _handler(
            r.Place,
            lambda p, code, q: services.game_place(
                player=p, code=code, box=q.box, column=q.column, request_id=q.id
            ),
        ),
        _handler(
            r.Chat,
            lambda p, code, q: services.chat_post(
                player=p, code=code, text=q.text, request_id=q.id
            ),
        ),
        _handler(
            r.React,
            lambda p, code, q: services.reaction_send(
                player=p, code=code, emoji=q.emoji, request_id=q.id
            ),
        ),
        _handler(
            r.Configure,
            lambda p, code, q: services.room_configure(
                player=p,
                code=code,
                ruleset=q.ruleset,
                options=q.options,
                seats=q.seats,
                turn_seconds=q.turn_seconds,
                coach=q.coach,
                pace=q.pace,
                holidays=q.holidays,
                together=q.together,
                duplicate=q.duplicate,
                rated=q.rated,
                request_id=q.id,
            ),
        ),
        _handler(
            r.Start,
            lambda p, code, q: services.room_start(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.Rematch,
            lambda p, code, q: services.room_rematch(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.AddBot,
            lambda p, code, q: services.room_add_bot(
                player=p, code=code, level=q.level or "beginner", request_id=q.id
            ),
        ),
        _handler(
            r.RemoveBot,
            lambda p, code, q: services.room_remove_bot(
                player=p, code=code, seat=q.seat, request_id=q.id
            ),
        ),
        _handler(
            r.TakeSeat,
            lambda p, code, q: services.room_take_seat(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.Kick,
            lambda p, code, q: services.room_kick(
                player=p, code=code, target=q.player, request_id=q.id
            ),
        ),
        _handler(
            r.Mute,
            lambda p, code, q: services.room_mute(
                player=p, code=code, target=q.player, muted=q.muted, request_id=q.id
            ),
        ),
        _handler(
            r.MuteMember,
            lambda p, code, q: services.member_mute(
                player=p, code=code, target=q.player, muted=q.muted, request_id=q.id
            ),
        ),
        _handler(
            r.Publish,
            lambda p, code, q: services.table_publish(
                player=p, code=code, public=q.public, request_id=q.id
            ),
        ),
        _handler(
            r.StrangersChat,
            lambda p, code, q: services.member_strangers_chat(
                player=p, code=code, on=q.on, request_id=q.id
            ),
        ),
        _handler(
            r.FillWithBots,
            lambda p, code, q: services.room_fill_with_bots(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.Skip,
            lambda p, code, q: services.game_skip(
                player=p, code=code, seat=q.seat, request_id=q.id
            ),
        ),
        _handler(
            r.HandToBot,
            lambda p, code, q: services.game_hand_to_bot(
                player=p, code=code, seat=q.seat, request_id=q.id
            ),
        ),
        _handler(
            r.TakeBack,
            lambda p, code, q: services.game_take_back(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.TakeBackPlace,
            lambda p, code, q: services.placement_take_back(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.Holiday,
            lambda p, code, q: services.seat_holiday(
                player=p, code=code, days=q.days, request_id=q.id
            ),
        ),
        _handler(
            r.HolidayEnd,
            lambda p, code, q: services.seat_holiday_end(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.Leave,
            lambda p, code, q: services.room_leave(player=p, code=code, request_id=q.id),
        ),
        _handler(
            r.Report,
            lambda p, code, q: services.report_send(
                player=p,
                code=code,
                target=q.player,
                message=q.message,
                reason=q.reason,
                text=q.text,
                request_id=q.id,
            ),
        ),
    ]
)
