"""The channel layer of a site served by one process: channels' layer specification
(``send``, ``receive``, ``new_channel``, groups, ``flush``) over queues in the process's
memory, as ``channels.layers.InMemoryChannelLayer`` does, with the same options and
expiry rules, but with its housekeeping (messages unread past ``expiry``, group
memberships past ``group_expiry``) done at most once a second instead of on every
message. Why: docs/decisions/0037-a-channel-layer-for-one-process.md.

    CHANNEL_LAYERS = {"default": {"BACKEND": "common.channel_layer.ProcessChannelLayer"}}
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import secrets
import time
from collections import deque
from re import Pattern
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import BaseChannelLayer

SWEEP_SECONDS = 1.0  # the least time between two rounds of housekeeping


class _Inbox:
    """One channel's unread messages (``expires``, message), in order, the times they
    expire kept beside them to be read without taking a message, and how many
    ``receive`` calls wait on it."""

    def __init__(self, capacity: int) -> None:
        self.messages: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue(capacity)
        self.expiries: deque[float] = deque()
        self.receivers = 0


class ProcessChannelLayer(BaseChannelLayer):
    """Channels and groups of one process. A channel whose message went unread for
    ``expiry`` seconds leaves its groups (its socket is gone); a membership older than
    ``group_expiry`` seconds ends; a channel holding ``capacity`` messages refuses more
    (``ChannelFull``, which ``group_send`` passes over)."""

    extensions = ["groups", "flush"]

    def __init__(
        self,
        expiry: int = 60,
        group_expiry: int = 86400,
        capacity: int = 100,
        channel_capacity: dict[Pattern[str] | str, int] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            expiry=expiry, capacity=capacity, channel_capacity=channel_capacity, **kwargs
        )
        self.group_expiry = group_expiry
        self._inboxes: dict[str, _Inbox] = {}
        self._groups: dict[str, dict[str, float]] = {}
        self._swept_at = 0.0

    # Channels

    async def new_channel(self, prefix: str = "specific.") -> str:
        """A new channel name for a receiver of this process."""
        return f"{prefix}.local!{secrets.token_hex(8)}"

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        """Put a copy of ``message`` on ``channel``; ``ChannelFull`` when it is full."""
        if not isinstance(message, dict):
            raise TypeError("a message is a dict")
        self.require_valid_channel_name(channel)
        self._sweep()
        self._put(channel, message)

    async def receive(self, channel: str) -> dict[str, Any]:
        """The next message of ``channel`` that has not expired, once it comes."""
        self.require_valid_channel_name(channel)
        self._sweep()
        inbox = self._inbox(channel)
        inbox.receivers += 1
        try:
            while True:
                expires, message = await inbox.messages.get()
                inbox.expiries.popleft()
                if expires >= time.time():
                    return message
                self._leave_groups(channel)
        finally:
            inbox.receivers -= 1
            self._forget_if_idle(channel, inbox)

    def _inbox(self, channel: str) -> _Inbox:
        inbox = self._inboxes.get(channel)
        if inbox is None:
            inbox = self._inboxes[channel] = _Inbox(self.get_capacity(channel))
        return inbox

    def _put(self, channel: str, message: dict[str, Any]) -> None:
        inbox = self._inbox(channel)
        if inbox.messages.full():
            raise ChannelFull(channel)
        expires = time.time() + self.expiry
        inbox.messages.put_nowait((expires, copy.deepcopy(message)))
        inbox.expiries.append(expires)

    def _forget_if_idle(self, channel: str, inbox: _Inbox) -> None:
        if inbox.receivers == 0 and inbox.messages.empty() and self._inboxes.get(channel) is inbox:
            del self._inboxes[channel]

    # Groups

    async def group_add(self, group: str, channel: str) -> None:
        """Add ``channel`` to ``group`` (again: its membership starts anew)."""
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        self._groups.setdefault(group, {})[channel] = time.time()

    async def group_discard(self, group: str, channel: str) -> None:
        """Take ``channel`` out of ``group``, if it is in it."""
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        self._discard(group, channel)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every channel of ``group``, passing over full ones."""
        if not isinstance(message, dict):
            raise TypeError("a message is a dict")
        self.require_valid_group_name(group)
        self._sweep()
        for channel in list(self._groups.get(group, ())):
            with contextlib.suppress(ChannelFull):
                self._put(channel, message)

    def _discard(self, group: str, channel: str) -> None:
        members = self._groups.get(group)
        if members is not None:
            members.pop(channel, None)
            if not members:
                del self._groups[group]

    def _leave_groups(self, channel: str) -> None:
        for group in [g for g, members in self._groups.items() if channel in members]:
            self._discard(group, channel)

    # Housekeeping

    def _sweep(self) -> None:
        """Drop messages unread past their expiry (their channels leave every group) and
        memberships past ``group_expiry``: at most once every ``SWEEP_SECONDS``."""
        now = time.time()
        if now - self._swept_at < SWEEP_SECONDS:
            return
        self._swept_at = now
        for channel, inbox in list(self._inboxes.items()):
            stale = False
            while inbox.expiries and inbox.expiries[0] < now:
                inbox.messages.get_nowait()
                inbox.expiries.popleft()
                stale = True
            if stale:
                self._leave_groups(channel)
            self._forget_if_idle(channel, inbox)
        joined_before = now - self.group_expiry
        for group, members in list(self._groups.items()):
            for channel in [c for c, joined in members.items() if joined < joined_before]:
                self._discard(group, channel)

    async def flush(self) -> None:
        """Forget every channel, message and group."""
        self._inboxes.clear()
        self._groups.clear()
