"""This process's recent snapshots of rooms, shared by every viewer it serves."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from games.selectors.snapshots import SNAPSHOT_SECONDS, Snapshot, read_snapshot

SNAPSHOTS_KEPT = 512

_snapshots: OrderedDict[str, Snapshot] = OrderedDict()
_lock = threading.Lock()


def cached(code: str, version: int) -> Snapshot | None:
    """This process's snapshot of room ``code`` at ``version`` or newer, if it has one
    younger than ``SNAPSHOT_SECONDS`` (no database access)."""
    with _lock:
        found = _snapshots.get(code)
        if found is None or found.version < version \
                or time.monotonic() - found.built_at >= SNAPSHOT_SECONDS:
            return None
        _snapshots.move_to_end(code)
        return found


def snapshot(code: str, version: int | None = None) -> Snapshot | None:
    """The snapshot of room ``code`` at ``version`` or newer (the current version when
    ``None``), built from the database unless cached; ``None`` when there is no room."""
    if version is not None:
        found = cached(code, version)
        if found is not None:
            return found
    with _lock:
        prior = _snapshots.get(code)
    built = read_snapshot(code, prior)
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


def clear() -> None:
    """Forget every cached snapshot (a server process starting or stopping)."""
    with _lock:
        _snapshots.clear()
