"""The site's figures before and after a change, measured in one run on one machine.

    .venv/bin/python bench/before_after.py --before 0768d5f --rounds 3

Checks the ``--before`` commit out into a temporary worktree and runs, for it and for
this tree in turn (before, after, before, after, ... so that a machine that slows down
or speeds up meanwhile weighs on both alike):

- ``bench/move_cost.py``: CPU per move, in-process (the service, the shared state and
  each viewer's patch);
- ``bench/load.py --rooms 50 --baseline``: p50 and p99 of an action until every player
  holds its result, the floor's p99 and the ratio to it, and the bytes each viewer
  receives for each move (median and p95);
- ``bench/load.py --rooms 250`` (left out with ``--no-saturation``): the actions a second
  one process completes when asked for more than it can do.

Prints each run's figures as it ends, then a table of each figure's median over the
rounds, before and after, and the change in per cent.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Each figure: the command that measures it, and where it is in the JSON line printed last.
Figure = tuple[str, Callable[[dict[str, Any]], float]]
MOVE_COST: list[Figure] = [
    ("service_ms", lambda r: r["service_ms"]),
    ("shared_patch_ms", lambda r: r["shared_patch_ms"]),
    ("viewer_patch_ms", lambda r: r["viewer_patch_ms"]),
]
LOAD_50: list[Figure] = [
    ("p50_ms", lambda r: r["p50_ms"]),
    ("p99_ms", lambda r: r["p99_ms"]),
    ("floor_p99_ms", lambda r: r["baseline_p99_ms"]),
    ("ratio_to_floor", lambda r: r["ratio"]),
    ("bytes_per_viewer_move_median", lambda r: r["bytes_per_viewer_move"]["median"]),
    ("bytes_per_viewer_move_p95", lambda r: r["bytes_per_viewer_move"]["p95"]),
]
SATURATION: list[Figure] = [("actions_per_s_250_rooms", lambda r: r["actions_per_s"])]


@contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """Commit ``ref`` in a temporary worktree that shares this tree's strategy tables."""
    with tempfile.TemporaryDirectory(prefix="before-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(tree), ref], cwd=ROOT, check=True
        )
        try:
            strategy = ROOT / "var" / "strategy"
            if strategy.is_dir():
                (tree / "var").mkdir(exist_ok=True)
                (tree / "var" / "strategy").symlink_to(strategy)
            yield tree
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True
            )


def run(tree: Path, script: str, *args: str) -> dict[str, Any]:
    """Run ``bench/<script>`` of ``tree`` with ``tree``'s code; the JSON it prints last."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, f"bench/{script}", *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def measure(tree: Path, saturation: bool, moves: int) -> dict[str, float]:
    """Every figure of one round on ``tree``."""
    figures: dict[str, float] = {}
    runs: list[tuple[list[Figure], str, tuple[str, ...]]] = [
        (MOVE_COST, "move_cost.py", ("--moves", str(moves))),
        (LOAD_50, "load.py", ("--rooms", "50", "--baseline")),
    ]
    if saturation:
        runs.append((SATURATION, "load.py", ("--rooms", "250")))
    for wanted, script, args in runs:
        result = run(tree, script, *args)
        figures |= {name: float(read(result)) for name, read in wanted}
    return figures


def table(before: list[dict[str, float]], after: list[dict[str, float]]) -> str:
    """Each figure's median over the rounds, before and after, and the change."""
    lines = [f"{'figure':32} {'before':>10} {'after':>10} {'change':>8}"]
    for name in before[0]:
        old = statistics.median(r[name] for r in before)
        new = statistics.median(r[name] for r in after)
        change = f"{100 * (new - old) / old:+.1f} %" if old else "-"
        lines.append(f"{name:32} {old:10.2f} {new:10.2f} {change:>8}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Measure both trees in turn and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=200, help="moves of move_cost.py")
    parser.add_argument("--no-saturation", dest="saturation", action="store_false")
    args = parser.parse_args(argv)
    results: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    with checkout(args.before) as old:
        for n in range(args.rounds):
            for label, tree in (("before", old), ("after", ROOT)):
                figures = measure(tree, args.saturation, args.moves)
                results[label].append(figures)
                print(f"round {n + 1} {label}: {json.dumps(figures)}", flush=True)
    print(table(results["before"], results["after"]))


if __name__ == "__main__":
    main()
