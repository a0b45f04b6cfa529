"""What the players of a load run received, in bytes: by message type, and per player and
version (bench/load.py's ``wire`` and ``bytes_per_viewer_move``)."""

from __future__ import annotations

import statistics
from typing import Any

from bench.harness.room_client import Seat
from bench.harness.tally import percentile


def wire_figures(rooms: list[tuple[str, list[Seat]]], since: dict[int, int]) -> dict[str, Any]:
    """Bytes received by the players after the start of their games (``since``: how
    many messages each seat had received before, by ``id``): by message type, and per
    player and version."""
    sizes: dict[str, list[int]] = {}
    per_move: dict[tuple[int, int], int] = {}
    for _code, seats in rooms:
        for seat in seats:
            for kind, size, version in seat.wire[since[id(seat)] :]:
                sizes.setdefault(kind or "?", []).append(size)
                if kind in ("patch", "state", "ack") and version is not None:
                    key = (id(seat), version)
                    per_move[key] = per_move.get(key, 0) + size
    moves = list(per_move.values())
    return {
        "wire": {
            kind: {
                "count": len(found),
                "median": int(statistics.median(found)),
                "p95": int(percentile(found, 0.95)),
                "max": max(found),
                "total_kb": round(sum(found) / 1024, 1),
            }
            for kind, found in sorted(sizes.items())
        },
        "bytes_per_viewer_move": {
            "median": int(statistics.median(moves)) if moves else 0,
            "p95": int(percentile(moves, 0.95)),
        },
    }
