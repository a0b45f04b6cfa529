"""The room websocket: parse and check each message, call one service, answer, push state.

No game logic here: every change is a ``games.services`` call and every read of a
room a ``games.selectors`` call (or this process's snapshot cache,
``games.realtime.snapshot_cache``), each on the sockets' database thread
(``common.database_thread``: channels' ``database_sync_to_async``, so the caller's
context, such as the active language, reaches it). What a service returns it committed
goes out through ``common.publish``. See docs/protocol.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any, cast

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.contrib.auth.models import AnonymousUser, User
from django.utils import translation
from django.utils.translation import gettext

from accounts.addresses import address_key
from accounts.models import Player
from accounts.services.players import current_player
from accounts.web.socket_language import language_of_scope
from coach.selectors import hints
from common import draining, instruments, throttle
from common.database_thread import on_database_thread
from common.errors import ServiceError
from common.instruments import timed
from common.json_input import UNSTORABLE, BadJson, check_values, json_object
from common.lost_layer import ClosesOnLostLayer
from common.news import Answer, Change
from common.protocol.errors import BadMessage, ErrorCode, ErrorMessage
from common.protocol.messages import Ack, HintAnswer, Pong
from common.protocol.requests import Request, request_decode
from common.publish import publish
from games import selectors, services
from games.realtime.ending import CLOSE_BANNED, EndsForGood
from games.realtime.requests import HANDLERS, Call
from games.realtime.snapshot_cache import shared_snapshot, snapshot
from play import advice as coach
from play.selectors.room_snapshot import Held

log = logging.getLogger(__name__)

# What a socket is sent besides the state and its patches (``push_state``).
Sent = Ack | Pong | HintAnswer | ErrorMessage
BURST = 20  # messages a second before "rate_limited" ...
FLOOD = 100  # ... and before the socket is closed
CLOSE_FORBIDDEN, CLOSE_UNKNOWN, CLOSE_FLOOD = 4403, 4404, 4429


def _membership(code: str, player: Player | None) -> str | None:
    """``None`` when the player may watch the room, else why not (``unknown``/``forbidden``)."""
    try:
        selectors.member_room(code=code, player=player)
    except ServiceError as exc:
        return "unknown" if exc.code == "unknown_room" else "forbidden"
    return None


def _heartbeat(code: str, player: Player) -> int | None:
    """A ``ping``: note the sign of life; returns the room's version (``None`` if gone)."""
    services.presence_ping(player=player, code=code)
    return selectors.room_version(code)


def _act(call: Call, player: Player, code: str, request: Request) -> Answer:
    """Run a request's service and, when it changed this room, build the version it made
    in this process's snapshot cache while still on the database thread: the room's
    sockets then find it there, instead of each queueing for a build of their own."""
    answer = call(player, code, request)
    version = answer.get("version")
    if isinstance(version, int) and any(
        isinstance(item, Change) and item.code == code for item in answer.news
    ):
        snapshot(code, version)
    return answer


def _error(request_id: str | None, code: str, message: str) -> ErrorMessage:
    """The ``error`` message of a refusal: ``code`` is one of ``ErrorCode``, as every code
    a service or the socket's own checks raise is (tests/games/test_protocol_schema.py),
    counted by code (/metrics)."""
    instruments.errors.labels(code).inc()
    return {"type": "error", "id": request_id, "code": cast(ErrorCode, code), "message": message}


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("could not announce a departure: %r", task.exception())


class RoomConsumer(ClosesOnLostLayer, EndsForGood, AsyncWebsocketConsumer):
    """One viewer's socket in one room."""

    code: str
    player: Player  # set once the socket is let in (or found banned)
    sent_version: int
    held: Held | None
    joined: bool

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Run the handler of ``message``'s type, as channels' ``dispatch`` does, without
        its ``close_old_connections`` hop to asgiref's thread before every message: this
        consumer touches the database only on the sockets' database thread
        (``on_database_thread``), whose every call already does that housekeeping
        (docs/decisions/0038)."""
        # Channels' documented rule: a type's dots become underscores in the handler's
        # name; a name with a leading underscore is never a handler.
        name = str(message.get("type", "")).replace(".", "_")
        handler = None if name.startswith("_") else getattr(self, name, None)
        if handler is None:
            raise ValueError(f"no handler for message type {message.get('type')!r}")
        await handler(message)

    async def connect(self) -> None:
        self.code = self.scope["url_route"]["kwargs"]["code"]
        self.sent_version, self.joined = -1, False
        self.held: Held | None = None  # what this socket was last sent of the room
        self.stamps: deque[float] = deque()
        self.lock = asyncio.Lock()
        # AuthMiddleware's lazy user stands for a User or an AnonymousUser.
        user = cast("User | AnonymousUser | None", self.scope.get("user"))
        player = await on_database_thread(current_player)(self.scope["session"], user)
        self.language = language_of_scope(self.scope, player)
        refusal = await on_database_thread(_membership)(self.code, player)
        if refusal == "unknown":
            try:
                await sync_to_async(throttle.check_miss)(throttle.socket_address(self.scope))
            except throttle.TooManyGuesses:
                refusal = "guessing"
        await self.accept()
        if draining.draining():  # this process is going away: open one on another
            await self.close(code=draining.CLOSE_RESTART)
            return
        if player is not None and player.is_banned:
            self.player = player
            await self.banned(player.banned_until)
            return
        if refusal is not None or player is None:
            await self.close(
                code={"unknown": CLOSE_UNKNOWN, "guessing": throttle.CLOSE_CODE}.get(
                    refusal or "forbidden", CLOSE_FORBIDDEN
                )
            )
            return
        self.player = player
        for group in self.socket_groups():
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined = True
        draining.track(self)
        instruments.sockets_open.labels("room").inc()
        # Where the seat is played from: a seat played from another seat's browser or
        # network is marked (rooms.services.devices).
        await self.presence(
            services.presence_connect,
            browser=str(self.scope.get("browser_id") or ""),
            address=address_key(throttle.socket_address(self.scope)),
        )
        await self.push_state()

    async def disconnect(self, code: int) -> None:
        if not self.joined:
            return
        self.joined = False
        draining.forget(self)
        instruments.sockets_open.labels("room").dec()
        try:
            for group in self.socket_groups():
                await self.channel_layer.group_discard(group, self.channel_name)
        except Exception as exc:  # e.g. Redis restarted under us: the membership expires
            log.warning("socket of room %s could not leave its group: %r", self.code, exc)
        news = await on_database_thread(services.presence_disconnect)(
            player=self.player, code=self.code
        )
        # The news that this viewer left is sent without holding up the socket's end:
        # a layer that fails or stalls (Redis restarted) must not keep it open.
        task = asyncio.ensure_future(publish(news))
        task.add_done_callback(_log_failure)

    async def presence(self, service: Callable[..., list[Change]], **fields: str) -> None:
        """Run a presence service for this socket (with ``fields``), then publish its news
        from the event loop (as every change is: the database thread never waits for the
        loop)."""
        await publish(
            await on_database_thread(service)(player=self.player, code=self.code, **fields)
        )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Handle one message in the viewer's language (their errors and hints)."""
        with translation.override(self.language):
            await self.respond(text_data)

    async def respond(self, text_data: str | None) -> None:
        if not self.joined:
            return
        if self._flooded():
            await self.close(code=CLOSE_FLOOD)
            return
        request_id = None
        try:
            if text_data is None:
                raise BadMessage("bad_json", gettext("send JSON text, not binary frames"))
            msg = json_object(text_data)
            request_id = msg.get("id")
            if (
                not isinstance(request_id, str)
                or not 1 <= len(request_id) <= 64
                or UNSTORABLE.search(request_id)
            ):
                request_id = None
                raise BadMessage("bad_request_id", gettext("id must be 1 to 64 characters of text"))
            check_values(msg)
            if len(self.stamps) > BURST:
                raise BadMessage("rate_limited", gettext("slow down: at most 20 messages a second"))
            await self.handle(msg, request_id)
        except (BadMessage, BadJson) as exc:
            await self.send_json(_error(request_id, exc.code, exc.message))

    def _flooded(self) -> bool:
        moment = time.monotonic()
        self.stamps.append(moment)
        while self.stamps and moment - self.stamps[0] > 1.0:
            self.stamps.popleft()
        return len(self.stamps) > FLOOD

    async def handle(self, msg: dict[str, Any], request_id: str) -> None:
        request = request_decode(msg)  # the type and fields, checked once, here
        kind = msg["type"]
        if kind == "ping":
            # Join the room's group again (a no-op when still in it): a Redis restarted or
            # flushed under a live socket, or the layer's group expiry, drops the socket from
            # it without a word, and no broadcast would reach it any more.
            for group in self.socket_groups():
                await self.channel_layer.group_add(group, self.channel_name)
            version = await on_database_thread(_heartbeat)(self.code, self.player)
            pong: Pong = {"type": "pong", "id": request_id}
            await self.send_json(pong)
            if version is not None and version > self.sent_version:
                await self.push_state(version)  # changes whose broadcast never came
            return
        if kind == "sync":  # the whole state again: the page lost track
            async with self.lock:
                self.sent_version, self.held = -1, None
            await self.push_state()
            return
        if kind == "hint":
            await self.hint(request_id)
            return
        with timed(instruments.move_seconds):
            await self.act(kind, request, request_id)

    async def act(self, kind: str, request: Request, request_id: str) -> None:
        """Run a room request through its service, publish what it changed, answer it,
        and send this viewer the room's new state (each part timed: /metrics)."""
        call = HANDLERS[kind]
        try:
            with timed(instruments.move_part_seconds.labels("service")):
                answer = await on_database_thread(_act)(call, self.player, self.code, request)
        except ServiceError as exc:  # nothing was committed
            await self.send_json(_error(request_id, exc.code, exc.message))
            if exc.code == "banned":  # the ban's own message may not have come yet
                await self.end(CLOSE_BANNED)
            return
        instruments.moves.labels(kind).inc()
        with timed(instruments.move_part_seconds.labels("send")):
            await publish(answer.news)
        version = answer.get("version")
        ack: Ack = {"type": "ack", "id": request_id, "version": answer["version"]}
        if kind == "report":
            ack["report"] = answer["report"]
        if "invited" in answer:  # a rematch that invited people instead of starting
            ack["invited"] = [row["name"] for row in answer["invited"]]
        await self.send_json(ack)
        if kind == "leave":
            await self.end(1000)
            return
        with timed(instruments.move_part_seconds.labels("build")):
            await self.push_state(version)

    async def hint(self, request_id: str) -> None:
        """Answer a ``hint`` request: the position is read on the database thread, the
        advice computed on a worker thread of its own (it may take a while, and the
        database thread is shared by every socket of the process)."""
        try:
            position = await on_database_thread(hints.hint_position)(
                player=self.player, code=self.code
            )
            answer = await sync_to_async(coach.hint_answer, thread_sensitive=False)(position)
        except ServiceError as exc:
            await self.send_json(_error(request_id, exc.code, exc.message))
            return
        except Exception:  # a bug in the advice must not take the socket down
            log.exception("the coach failed in room %s", self.code)
            failed = gettext("the coach could not work this position out")
            await self.send_json(_error(request_id, "coach_failed", failed))
            return
        hint: HintAnswer = {"type": "hint", "id": request_id, **answer}
        await self.send_json(hint)

    async def room_changed(self, message: dict[str, Any]) -> None:
        """The room moved to a new version: send this viewer what changed, if newer (and
        the socket is still open: a broadcast queued before it ended may come after)."""
        version = message.get("version", 0)
        if self.joined and version > self.sent_version:
            await self.push_state(version)

    async def room_screened(self, message: dict[str, Any]) -> None:
        """What this socket's player sees of a room changed without a new version (they
        muted or unmuted someone: ``common.news.Screen``): if it is this socket's room,
        read its members and mutes afresh and send the viewer the whole state again."""
        if message.get("code") != self.code or not self.joined:
            return
        async with self.lock:
            shared = await on_database_thread(snapshot)(self.code, fresh=True)
            sent = None if shared is None else shared.message_for(self.player.pk, None)
            if shared is None or sent is None:  # left or kicked meanwhile
                return
            text, self.held = sent
            self.sent_version = shared.version
            await self.send(text_data=text)

    async def push_state(self, version: int | None = None) -> None:
        """Send this viewer the room at ``version`` or newer (``None``: read the room
        afresh), once per version, in order: a ``patch`` from what the socket was last
        sent, or the whole ``state`` when it holds nothing (see ``Snapshot.message_for``)."""
        async with self.lock:
            if version is not None and version <= self.sent_version:
                return
            shared = await shared_snapshot(self.code, version)
            sent = None if shared is None else shared.message_for(self.player.pk, self.held)
            if shared is None or sent is None:  # kicked, or left from another tab
                await self.close(code=CLOSE_FORBIDDEN)
                return
            if shared.version > self.sent_version:
                text, self.held = sent
                self.sent_version = shared.version
                await self.send(text_data=text)

    async def send_json(self, content: Sent) -> None:
        """Send one JSON message."""
        await self.send(text_data=json.dumps(content, separators=(",", ":")))
