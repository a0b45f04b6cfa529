"""This process's one cache of room state: the latest snapshot of each room, shared by
every socket it serves, and the builds under way.

A snapshot (``rooms.selectors.snapshots``) serves any ask for its version or an older
one while it is younger than ``SNAPSHOT_SECONDS``; the sockets of a room that all learn
of a version at once share one build on the database thread instead of queueing one
each. Nothing else in the process keeps room state.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict

from common import instruments
from common.database_thread import on_database_thread
from rooms.selectors.snapshots import SNAPSHOT_SECONDS, Snapshot, read_snapshot

SNAPSHOTS_KEPT = 512

_snapshots: OrderedDict[str, Snapshot] = OrderedDict()
_lock = threading.Lock()
# Builds under way, per room (on the event loop that awaits them): version asked, build.
_building: dict[str, tuple[int, asyncio.Future[Snapshot | None]]] = {}


def cached(code: str, version: int) -> Snapshot | None:
    """This process's snapshot of room ``code`` at ``version`` or newer, if it has one
    younger than ``SNAPSHOT_SECONDS`` (no database access)."""
    with _lock:
        found = _snapshots.get(code)
        if (
            found is None
            or found.version < version
            or time.monotonic() - found.built_at >= SNAPSHOT_SECONDS
        ):
            return None
        _snapshots.move_to_end(code)
        return found


def snapshot(code: str, version: int | None = None, *, fresh: bool = False) -> Snapshot | None:
    """The snapshot of room ``code`` at ``version`` or newer (the current version when
    ``None``), built from the database unless cached; ``None`` when there is no room.
    ``fresh``: its members, chat and mutes are read again whatever the cache holds (a
    member's mutes changed: ``common.news.Screen``). Runs on a thread that may use the
    database."""
    if version is not None and not fresh:
        found = cached(code, version)
        if found is not None:
            return found
    with _lock:
        prior = _snapshots.get(code)
    built = read_snapshot(code, prior, fresh=True) if fresh else read_snapshot(code, prior)
    instruments.snapshot_builds.inc()
    if built is None:
        return None
    with _lock:
        current = _snapshots.get(code)
        if current is None or current.version <= built.version:
            _snapshots[code] = built
            _snapshots.move_to_end(code)
        while len(_snapshots) > SNAPSHOTS_KEPT:
            _snapshots.popitem(last=False)
    return built


async def shared_snapshot(code: str, version: int | None) -> Snapshot | None:
    """``snapshot`` for the sockets' event loop: from the cache, a build of ``version``
    or newer already under way, or a new build on the database thread."""
    if version is not None:
        found = cached(code, version)
        if found is not None:
            return found
        pending = _building.get(code)
        if (
            pending is not None
            and pending[0] >= version
            and pending[1].get_loop() is asyncio.get_running_loop()
        ):
            return await asyncio.shield(pending[1])
    build = asyncio.ensure_future(on_database_thread(snapshot)(code, version))
    if version is not None:
        _building[code] = (version, build)
    try:
        return await asyncio.shield(build)
    finally:
        if _building.get(code, (0, None))[1] is build:
            del _building[code]


def clear() -> None:
    """Forget every cached snapshot (a server process starting or stopping)."""
    with _lock:
        _snapshots.clear()
