"""The runs of bench/load.py side by side, as a Markdown table."""

from __future__ import annotations

from typing import Any


def runs_table(runs: list[dict[str, Any]]) -> str:
    """The runs side by side, one line each: the floor's and the site's p99 at the run's
    rooms, the servers' CPU per action, and the knee."""
    lines = [
        "| server | rooms | floor p99 | site p50 | site p99 | actions/s | lost | "
        "server CPU/action | knee (p99 > 100 ms) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        floor = run.get("baseline_p99_ms")
        cpu = run.get("server_cpu_ms_per_action")
        knee = run.get("knee")
        lines.append(
            f"| {run['server']} | {run['rooms']} | "
            f"{'-' if floor is None else f'{floor} ms'} | {run['p50_ms']} ms | "
            f"{run['p99_ms']} ms | {run['actions_per_s']} | {run['lost']} | "
            f"{'-' if cpu is None else f'{cpu} ms'} | {knee['said'] if knee else '-'} |"
        )
    return "\n".join(lines)
