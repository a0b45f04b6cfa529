"""A soak's table, one row per window: its moves, their latency, errors, losses, the
tracebacks the servers logged, the faults that came, and each process's memory."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.harness.soak.faults import Fault
from bench.harness.soak.memory import Sample

HEADER = (
    f"{'window':<12}{'moves':>7}{'p50 ms':>8}{'p99 ms':>8}{'errors':>7}{'lost':>6}{'tb':>4}"
    f"  {'faults':<28}memory MB (* restarted in the window)"
)


@dataclass
class Row:
    """One window's line of the table."""

    index: int
    length: float  # the windows' length in seconds
    figures: dict[str, Any]  # WindowTally's: moves, p50_ms, p99_ms, errors, lost
    faults: list[Fault]
    memory: list[Sample]
    restarted: set[int]  # slots whose process is another than at the window's start
    tracebacks: int  # tracebacks and HTTP 500s the servers logged in the window

    def label(self) -> str:
        """The window as minutes from the start: ``5-10 min``."""
        start, end = self.index * self.length / 60, (self.index + 1) * self.length / 60
        return f"{start:g}-{end:g} min"

    def text(self) -> str:
        """The row as the table prints it."""
        labels = Counter(f"kill {f.detail}" if f.kind == "kill" else f.kind for f in self.faults)
        kinds = ", ".join(f"{k} x{n}" if n > 1 else k for k, n in labels.items())
        memory = " ".join(
            f"p{s.slot} {s.rss_mb:.0f}{'*' if s.slot in self.restarted else ''}"
            for s in self.memory
        )
        f = self.figures
        return (
            f"{self.label():<12}{f['moves']:>7}{f['p50_ms']:>8.0f}{f['p99_ms']:>8.0f}"
            f"{f['errors']:>7}{f['lost']:>6}{self.tracebacks:>4}  {kinds or '-':<27} {memory}"
        )

    def figures_json(self) -> dict[str, Any]:
        """The row for the run's JSON line."""
        return {
            "window": self.label(),
            **self.figures,
            "tracebacks": self.tracebacks,
            "faults": [f.kind for f in self.faults],
            "memory_mb": {f"p{s.slot}": round(s.rss_mb, 1) for s in self.memory},
            "restarted": sorted(f"p{slot}" for slot in self.restarted),
        }


def restarted_slots(before: Sequence[Sample], after: Sequence[Sample]) -> set[int]:
    """The slots whose process at the end of a window (``after``) is not the one at its
    start (``before``), or was down at either end."""
    was = {s.slot: s.pid for s in before}
    now = {s.slot: s.pid for s in after}
    return {slot for slot in was.keys() | now.keys() if was.get(slot) != now.get(slot)}
