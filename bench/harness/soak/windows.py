"""What a soak counts, window by window: each request by the window it was sent in, as
answered (with its latency: sent until every player of the room holds its version),
refused or lost, and the requests of each window still in flight."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.harness.tally import percentile

MOVES = frozenset({"roll", "hold", "announce", "place"})  # a game's moves (the rest: set-up)


@dataclass
class Window:
    """One window's requests."""

    moves: int = 0  # game moves answered and received by every player
    requests: int = 0  # every request sent (set-up ones too)
    latencies: list[float] = field(default_factory=list)  # seconds, of the moves
    errors: Counter[str] = field(default_factory=Counter)  # refusals, by kind:code
    lost: Counter[str] = field(default_factory=Counter)  # by kind:why
    in_flight: int = 0

    def figures(self) -> dict[str, Any]:
        """Moves, p50 and p99 in milliseconds, errors and lost."""
        ms = [x * 1000 for x in self.latencies]
        return {
            "moves": self.moves,
            "requests": self.requests,
            "p50_ms": round(percentile(ms, 0.50), 1),
            "p99_ms": round(percentile(ms, 0.99), 1),
            "errors": sum(self.errors.values()),
            "lost": sum(self.lost.values()),
        }


class WindowTally:
    """Every request of a run, counted in the window (of ``length`` seconds from
    ``began``, a ``time.monotonic()``) it was sent in."""

    def __init__(self, began: float, length: float) -> None:
        self.began, self.length = began, length
        self.windows: dict[int, Window] = {}

    def window(self, index: int) -> Window:
        """Window ``index`` (0 for the first)."""
        return self.windows.setdefault(index, Window())

    def opened(self, moment: float) -> int:
        """A request sent at ``moment``; returns its window, to name in one of
        ``answered``, ``refused`` or ``lost``."""
        index = max(0, int((moment - self.began) // self.length))
        found = self.window(index)
        found.requests += 1
        found.in_flight += 1
        return index

    def answered(self, index: int, kind: str, latency: float) -> None:
        """The request was acknowledged and every player received its version."""
        found = self.window(index)
        found.in_flight -= 1
        if kind in MOVES:
            found.moves += 1
            found.latencies.append(latency)

    def refused(self, index: int, kind: str, code: str) -> None:
        """The request was answered with an ``error``."""
        found = self.window(index)
        found.in_flight -= 1
        found.errors[f"{kind}:{code}"] += 1

    def lost(self, index: int, kind: str, why: str) -> None:
        """The request was never answered, or some player never received its version."""
        found = self.window(index)
        found.in_flight -= 1
        found.lost[f"{kind}:{why}"] += 1

    def settled(self, index: int) -> bool:
        """Whether every request of window ``index`` has its outcome."""
        return self.window(index).in_flight == 0

    def totals(self) -> dict[str, Any]:
        """The whole run's figures: moves, latencies, errors and losses (by kind)."""
        every = Window()
        for found in self.windows.values():
            every.moves += found.moves
            every.requests += found.requests
            every.latencies += found.latencies
            every.errors.update(found.errors)
            every.lost.update(found.lost)
        return {
            **every.figures(),
            "error_codes": dict(every.errors),
            "lost_kinds": dict(every.lost),
        }
