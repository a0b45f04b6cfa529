"""What a load run measured: latencies, refusals and losses, and their figures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


class Tally:
    """What a run measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.lost = 0
        self.mismatches = 0
        self.state_bytes: list[int] = []
        self.error_codes: dict[str, int] = {}
        self.wire_since: dict[int, int] = {}  # messages each seat had before the games

    def error(self, code: str) -> None:
        """Count a refused action."""
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1

    def figures(self, seconds: float) -> dict[str, Any]:
        """The run's figures, milliseconds rounded to 0.1."""
        ms = [x * 1000 for x in self.latencies]
        return {
            "actions": len(ms) + self.errors + self.lost,
            "errors": self.errors,
            "lost": self.lost,
            "mismatches": self.mismatches,
            "p50_ms": round(percentile(ms, 0.50), 1),
            "p95_ms": round(percentile(ms, 0.95), 1),
            "p99_ms": round(percentile(ms, 0.99), 1),
            "max_ms": round(max(ms, default=0.0), 1),
            "actions_per_s": round(len(ms) / seconds, 1) if seconds else 0.0,
            "seconds": round(seconds, 1),
        }
