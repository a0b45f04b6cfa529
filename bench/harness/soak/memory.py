"""The server processes' memory through a soak: each one's resident set (``VmRSS`` in
/proc) at the end of every window, and whether it stayed flat once warm.

A sample is warm when the run's first window is over and its process has run for
``warm_after`` seconds (``WARM_AFTER``, or a window if shorter). Memory is flat when no
warm sample of any process passes the level of the first window with warm samples (their
mean) by more than ``GROWTH_LIMIT``. A process that replaced a killed one is not judged
against its own first samples: the pages of the rooms it had went to the other process,
and it holds its share of sockets again only as new rooms open (the hour's soak saw one at
165 MB three minutes after its start and 182 MB, every process's level, five minutes
later). A leak still shows: faults restart a process every 12 minutes or so, and one that
grew steadily would pass the level within its life. Each slot's growth from its first
warm sample to its last, and each process's, are reported beside.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench.harness.live_server import DaphneProcess

GROWTH_LIMIT = 0.10  # more than 10 % is growth, not noise
WARM_AFTER = 240.0  # seconds before a started process counts as warm


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
    """Each slot's growth once warm (``process_pct`` the most any one process grew,
    ``slot_pct`` from the slot's first warm sample to its last, with those samples'
    megabytes), the warm level (``level_mb``: the first warm window's mean), the highest
    warm sample above it (``peak_pct``), and ``flat`` when that is within ``GROWTH_LIMIT``."""
    warm = [s for s in samples if s.window >= 1 and s.age_s >= warm_after]
    slots: dict[str, Any] = {}
    for slot in sorted({s.slot for s in samples}):
        mine = [s for s in warm if s.slot == slot]
        by_process = [
            [s for s in mine if s.pid == pid] for pid in dict.fromkeys(s.pid for s in mine)
        ]
        slots[f"p{slot}"] = {
            "warm_samples": len(mine),
            "first_mb": round(mine[0].rss_mb, 1) if mine else None,
            "last_mb": round(mine[-1].rss_mb, 1) if mine else None,
            "process_pct": round(100 * max((_growth(p) for p in by_process), default=0.0), 1),
            "slot_pct": round(100 * _growth(mine), 1),
        }
    if not warm:
        return {"slots": slots, "level_mb": None, "peak_pct": 0.0, "flat": True}
    first = [s.rss_mb for s in warm if s.window == warm[0].window]
    level = sum(first) / len(first)
    peak = max(s.rss_mb for s in warm) / level - 1
    return {
        "slots": slots,
        "level_mb": round(level, 1),
        "peak_pct": round(100 * peak, 1),
        "flat": peak <= GROWTH_LIMIT,
    }
