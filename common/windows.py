"""Counts per client in Django's cache, in windows that open at a client's first count.

The guess limit (``common.throttle``) and the guest limit (``accounts.guest_limit``) each
count what one address does this way: a window opens at the address's first count and
lasts its length; once the count reaches the limit, the address waits until the window
ends.  The cache is Django's default one: shared by every process when the settings
configure Redis, per process otherwise.
"""

from __future__ import annotations

import math

from django.core.cache import cache


class Windows:
    """The counting windows of one limit, under the cache keys ``prefix:client``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def _pointer(self, key: str) -> str:
        """The cache key holding when the client's current window opened."""
        return f"{self.prefix}:{key}"

    def _counter(self, key: str, start: float) -> str:
        """The cache key counting the client's window that opened at ``start``."""
        return f"{self.prefix}:{key}:{start:.6f}"

    def start(self, key: str, now: float, seconds: int) -> float | None:
        """When the client's current window opened; ``None`` when it has none now."""
        start: float | None = cache.get(self._pointer(key))
        if start is None or now - start >= seconds:
            return None
        return start

    def wait(self, key: str, now: float, limit: int, seconds: int) -> int:
        """Seconds until the client is under ``limit`` again; 0 when it is now."""
        start = self.start(key, now, seconds)
        if start is None or (cache.get(self._counter(key, start)) or 0) < limit:
            return 0
        return max(1, math.ceil(start + seconds - now))

    def count(self, key: str, now: float, seconds: int) -> int:
        """Count one more for the client, opening a window if it has none; returns its
        count in the window."""
        start = self.start(key, now, seconds)
        if start is None:
            start = self._open(key, now, seconds)
        counter = self._counter(key, start)
        cache.add(counter, 0, seconds)
        try:
            return cache.incr(counter)
        except ValueError:  # it expired between the two calls
            cache.set(counter, 1, seconds)
            return 1

    def _open(self, key: str, now: float, seconds: int) -> float:
        """Open the client's window now, unless another process just did."""
        if cache.add(self._pointer(key), now, seconds):
            return now
        start = self.start(key, now, seconds)
        if start is not None:
            return start
        cache.set(self._pointer(key), now, seconds)  # the stored window is over by our clock
        return now
