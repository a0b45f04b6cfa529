"""Handing each socket message to its handler without a detour through the database
thread.

Channels' consumers call ``close_old_connections`` on the database thread before
handling *every* message (as Django does around each request). A room's socket gets a
message for each change of the room, and every one of them then queued behind
whatever the database thread was doing (another room's move, 2-3 ms), and the four
players of a table a move reached were served one after another. Nothing is lost by
skipping it: every database call of the consumers goes through
``games.realtime.database_thread.call``, which closes old connections around each call on the
thread that owns them.
"""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name


class DirectDispatch:
    """A consumer mixin: ``dispatch`` calls the message's handler at once."""

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Run the handler of ``message``'s type (``ValueError`` if there is none)."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
