"""What a room's viewers are sent, read in tests where the room and the viewer are known
to exist: the selectors' and the snapshot cache's answers, never ``None``."""

from __future__ import annotations

from typing import Any, cast

from accounts.models import Player
from games.realtime import snapshot_cache
from games.selectors import room_state
from play.selectors.room_snapshot import Held
from play.selectors.shared_state import SharedGame
from rooms.selectors.snapshots import Snapshot, read_snapshot


def snapshot_of(code: str, version: int | None = None) -> Snapshot:
    """``snapshot_cache.snapshot(code, version)`` of a room that exists."""
    found = snapshot_cache.snapshot(code, version)
    assert found is not None, f"no room {code}"
    return found


def fresh_snapshot_of(code: str) -> Snapshot:
    """``read_snapshot(code)`` (from the database) of a room that exists."""
    found = read_snapshot(code)
    assert found is not None, f"no room {code}"
    return found


def game_of(snapshot: Snapshot) -> SharedGame:
    """The game ``snapshot`` shares, of a room that has one."""
    game = snapshot.shared["game"]
    assert game is not None, f"no game in room {snapshot.room_id}"
    return game


def view_of(snapshot: Snapshot, viewer: int) -> dict[str, Any]:
    """``snapshot.state_for(viewer)`` of a member of the room, as loosely typed as the
    JSON a client reads (a test looks into any part it likes)."""
    state = snapshot.state_for(viewer)
    assert state is not None, f"player {viewer} is not a member"
    return cast(dict[str, Any], state)


def state_seen(code: str, viewer: Player) -> dict[str, Any]:
    """``room_state(code, viewer)`` of a member of a room that exists."""
    state = room_state(code, viewer)
    assert state is not None, f"{viewer} is not a member of room {code}"
    return cast(dict[str, Any], state)


def text_of(snapshot: Snapshot, viewer: int) -> str:
    """``snapshot.text_for(viewer)`` of a member of the room."""
    text = snapshot.text_for(viewer)
    assert text is not None, f"player {viewer} is not a member"
    return text


def message_to(snapshot: Snapshot, viewer: int, held: Held | None) -> tuple[str, Held]:
    """``snapshot.message_for(viewer, held)`` of a member of the room."""
    sent = snapshot.message_for(viewer, held)
    assert sent is not None, f"player {viewer} is not a member"
    return sent
