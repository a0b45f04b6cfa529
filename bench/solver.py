"""Speed and memory of the exact solver: building its tables, reading them back, advice.

Run with ``.venv/bin/python bench/solver.py``.  Builds each table from scratch
(Yahtzee with the forced and the free joker, Yatzy), checks the optimal expected
score against the published value, writes the tables to a temporary file store
and times reading one back, then asks ``advise`` about random positions of random
games (every call on a position not seen before).  Prints one human line per
figure, then one JSON line with every figure last.  Targets on the 2-core
machine: builds at most 4 s (Yahtzee) and 9 s (Yatzy), advice p99 at most 1 ms,
peak memory at most 300 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from coach.tables import FileTableStore
from scoring import rulesets
from scoring.strategy import solver

BUILDS: tuple[tuple[str, dict[str, object], float], ...] = (
    ("yahtzee", {"joker": "forced"}, 254.5877287),
    ("yahtzee_free", {"joker": "free"}, 254.5896095),
    ("yatzy", {}, 248.4399894),
)


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def advise_times(s: solver.Solver, positions: int, rng: random.Random) -> list[float]:
    """Seconds per ``advise`` call on ``positions`` random positions of random games."""
    times: list[float] = []
    card = s.ruleset.new_scorecard()
    while len(times) < positions:
        if card.is_complete:
            card = s.ruleset.new_scorecard()
        dice = [rng.randint(1, 6) for _ in range(5)]
        rolls_left = rng.randint(0, 2)
        s._recent.clear()  # every call computes from the table alone
        start = time.perf_counter()
        choices = s.advise(card, dice, rolls_left)
        times.append(time.perf_counter() - start)
        place = rng.choice([c for c in choices if c.kind == "place"])
        assert place.box is not None  # a placement names its box
        card = card.place(dice, place.box, place.column)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--positions", type=int, default=5000, help="advise calls per variant (default 5000)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = FileTableStore(tmp)
        solver.set_store(store)
        solvers = {}
        for key, options, published in BUILDS:
            ruleset = rulesets.get(key.split("_")[0], **options)
            start = time.perf_counter()
            built = solver.build(ruleset)
            figures[f"{key}_build_s"] = round(time.perf_counter() - start, 3)
            value = built.state_value(ruleset.new_scorecard())
            figures[f"{key}_value"] = round(value, 7)
            print(
                f"{ruleset!r}: built in {figures[f'{key}_build_s']:.2f} s, "
                f"value {value:.7f} (published {published}, "
                f"off by {abs(value - published):.1e})"
            )
            solver.save(built)
            solvers[key] = built
        loads = []
        for key, options, _ in BUILDS:
            ruleset = rulesets.get(key.split("_")[0], **options)
            start = time.perf_counter()
            loaded = solver.load_stored(ruleset)
            loads.append(time.perf_counter() - start)
            assert loaded is not None, "the table just saved did not load"
        figures["load_s"] = round(max(loads), 4)
        print(f"reading a stored table: at most {figures['load_s'] * 1000:.1f} ms")
    times = []
    for key in ("yahtzee", "yatzy"):
        times += advise_times(solvers[key], args.positions, rng)
    times.sort()
    figures["advise_p50_ms"] = round(statistics.median(times) * 1000, 4)
    figures["advise_p99_ms"] = round(times[int(len(times) * 0.99)] * 1000, 4)
    print(
        f"advise on {len(times)} positions: p50 {figures['advise_p50_ms']:.3f} ms, "
        f"p99 {figures['advise_p99_ms']:.3f} ms"
    )
    figures["peak_mb"] = round(peak_mb(), 1)
    print(f"peak memory: {figures['peak_mb']:.1f} MB")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
