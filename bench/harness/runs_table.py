"""The runs of bench/load.py side by side, as a Markdown table."""

from __future__ import annotations

from typing import Any


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value} ms"


def runs_table(runs: list[dict[str, Any]]) -> str:
    """The runs side by side, one line each: the floor's and the site's p99 at the run's
    rooms, the servers' CPU per action in each, and the knee."""
    lines = [
        "| server | rooms | floor p99 | site p50 | site p99 | actions/s | lost | "
        "server CPU/action, floor | site | knee (p99 > 100 ms) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        knee = run.get("knee")
        lines.append(
            f"| {run['server']} | {run['rooms']} | {_ms(run.get('baseline_p99_ms'))} | "
            f"{run['p50_ms']} ms | {run['p99_ms']} ms | {run['actions_per_s']} | "
            f"{run['lost']} | {_ms(run.get('baseline_server_cpu_ms_per_action'))} | "
            f"{_ms(run.get('server_cpu_ms_per_action'))} | {knee['said'] if knee else '-'} |"
        )
    return "\n".join(lines)
