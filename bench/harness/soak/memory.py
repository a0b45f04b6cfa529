"""The server processes' memory through a soak: each one's resident set (``VmRSS`` in
/proc) at the end of every window, and whether it stayed flat once warm.

A process restarted by a fault starts afresh, so growth is measured per process (one pid,
from its first warm sample to its last) and per slot (the warm samples of whichever
process held the slot, first to last). A sample is warm when the run's first window is
over and the process has run for ``warm_after`` seconds (``WARM_AFTER``, or a window if
shorter: with a fault every 3 minutes a process lives about 12, and it must be seen warm
more than once).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.harness.live_server import DaphneProcess

GROWTH_LIMIT = 0.10  # more than 10 % is growth, not noise
WARM_AFTER = 120.0  # seconds a process takes to hold its share of the rooms again


@dataclass(frozen=True)
class Sample:
    """One server slot's process at the end of one window."""

    window: int
    slot: int
    pid: int
    rss_mb: float
    age_s: float  # how long the process had run


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise ValueError(f"process {pid} has no VmRSS")


def _age_s(pid: int) -> float:
    """Seconds since process ``pid`` started (/proc: its start in clock ticks after boot)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    started = int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22 of stat(5)
    with open("/proc/uptime") as uptime:
        return float(uptime.read().split()[0]) - started


def sample(window: int, daphnes: Sequence[DaphneProcess]) -> list[Sample]:
    """The memory of each running server process now (a process down for a restart has
    no sample)."""
    found = []
    for slot, daphne in enumerate(daphnes):
        if daphne.process is None or not daphne.running():
            continue
        pid = daphne.process.pid
        try:
            found.append(Sample(window, slot, pid, _rss_mb(pid), _age_s(pid)))
        except (OSError, ValueError):  # it ended between the two looks
            continue
    return found


def _growth(samples: Sequence[Sample]) -> float:
    return samples[-1].rss_mb / samples[0].rss_mb - 1 if len(samples) > 1 else 0.0


def growth(samples: Sequence[Sample], warm_after: float) -> dict[str, Any]:
    """Each slot's growth once warm: ``process_pct`` the most any one process grew,
    ``slot_pct`` from the slot's first warm sample to its last, with those samples'
    megabytes; ``flat`` when neither passed ``GROWTH_LIMIT``."""
    slots: dict[str, Any] = {}
    for slot in sorted({s.slot for s in samples}):
        warm = [s for s in samples if s.slot == slot and s.window >= 1 and s.age_s >= warm_after]
        by_process = [
            [s for s in warm if s.pid == pid] for pid in dict.fromkeys(s.pid for s in warm)
        ]
        most = max((_growth(p) for p in by_process), default=0.0)
        whole = _growth(warm)
        slots[f"p{slot}"] = {
            "warm_samples": len(warm),
            "first_mb": round(warm[0].rss_mb, 1) if warm else None,
            "last_mb": round(warm[-1].rss_mb, 1) if warm else None,
            "process_pct": round(100 * most, 1),
            "slot_pct": round(100 * whole, 1),
        }
    flat = all(max(s["process_pct"], s["slot_pct"]) <= 100 * GROWTH_LIMIT for s in slots.values())
    return {"slots": slots, "flat": flat}
