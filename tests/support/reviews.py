"""Checking a game review's split of the final score into luck and skill."""

from __future__ import annotations

from typing import Any


def adds_up(data: dict[str, Any]) -> bool:
    """The review's split of the final score adds up: the expectation at the start, plus
    luck, minus the points the player's decisions and the others' gave away; and the
    path's steps sum to the totals (each rounded to the cent)."""
    parts = data["expected_start"] + data["luck"] - data["total_lost"] - data["others_lost"]
    steps = data["path"]
    return (abs(parts - data["total"]) < 0.05
            and abs(sum(s["luck"] for s in steps) - data["luck"]) < 0.01 * len(steps) + 0.01
            and abs(sum(s["lost"] for s in steps) - data["total_lost"] - data["others_lost"])
            < 0.01 * len(steps) + 0.01
            and abs(steps[-1]["expected"] - steps[-1]["lost"] - data["total"]) < 0.05)
