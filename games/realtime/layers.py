"""The in-process channel layer (one process, no Redis), made cheap per message.

Channels' ``InMemoryChannelLayer`` walks every channel and every group membership
for expired entries on each ``receive`` and ``group_send``, and sends a group
message through one task per member: with a few hundred open sockets that walk
cost more than the game itself. Here the walk runs at most once a second (messages
expire after a minute, so nothing is kept noticeably longer) and a group message
is put on each member's queue directly.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY = 1.0  # seconds between two walks for expired messages and memberships


class LocalChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` with the expiry walk rationed and direct group sends."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cleaned_at = 0.0

    def _clean_expired(self) -> None:
        moment = time.monotonic()
        if moment - self._cleaned_at < CLEAN_EVERY:
            return
        self._cleaned_at = moment
        super()._clean_expired()

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Put ``message`` on the queue of every channel of ``group`` (a full one is
        skipped, as in the parent class)."""
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            with contextlib.suppress(ChannelFull):
                await self.send(channel, message)
