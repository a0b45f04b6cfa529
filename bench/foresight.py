"""Foresight in the daily challenge: how often honest players cross the luck bound, how
often a cheater who knows the dice does, and what the bound costs (issue 41,
docs/decisions/0055).

    .venv/bin/python bench/foresight.py [--seeds 30] [--players 60] [--jobs 2]

For each of ``--seeds`` days' dice (seeds made from the bench's own counter) of
Yahtzee and Yatzy: the day's bound as the site works it out
(``daily.services.foresight``: the honest field's games, each reviewed), timed;
``--players`` other honest players, whose draws are their own (Softmax at 0.25, 0.5,
1, 2, 4 and 8 points: from near-perfect to careless); and the foresight planner of
``bench.harness.foresight``. Every game's rerolls' luck comes from its review, as the
site's check reads it. Prints, per variant, the honest players and the planners above
the bound (and at a few other spreads, to show the trade), the planner's score above
par, and the bound's cost; then one JSON line with every figure.
Needs the solver's tables (``make strategy``).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

VARIANTS = ("yahtzee", "yatzy")
TEMPERATURES = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
SPREADS = (3.0, 3.5, 4.0, 4.5, 5.0)


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yahtzee_site.settings")
    import django

    django.setup()


def one_day(variant: str, index: int, players: int) -> dict[str, Any]:
    """The figures of one day's dice: the field's bound, the honest players' and the
    planner's rerolls' luck, in units of the field's spread above its mean."""
    from bench.harness.foresight import Foresight, seen
    from coach.services.reviews import build_review
    from daily.services import foresight
    from scoring import duplicate, rulesets
    from scoring.strategy import advisors, honest_play

    rs = rulesets.get(variant)
    advisors.advisor_for(rs)
    seed = hashlib.sha256(f"foresight bench {variant} {index}".encode()).digest()

    def luck_of(player: Any) -> tuple[float, dict[str, Any]]:
        played = duplicate.play(rs.new_scorecard(), player, seed)
        review = build_review(rs, foresight.played_turns(played), foresight.FIELD_PLAYER)
        return honest_play.reroll_luck(review["path"]), review

    wall, cpu = time.perf_counter(), time.process_time()
    field = foresight.field_reviews(rs, seed)
    bound = honest_play.bound_of([honest_play.reroll_luck(r["path"]) for _, r in field])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    par = next(r["total"] for name, r in field if name == "expert")
    honest = []
    for number in range(players):
        key = hmac.new(seed, f"bench player:{number}".encode(), hashlib.sha256).digest()
        player = honest_play.Softmax(
            TEMPERATURES[number % len(TEMPERATURES)], random.Random(key).random
        )
        honest.append(
            (
                (luck_of(player)[0] - bound["mean"]) / bound["spread"],
                TEMPERATURES[number % len(TEMPERATURES)],
            )
        )
    luck, review = luck_of(Foresight(seen(seed)))
    return {
        "variant": variant,
        "honest": honest,
        "planner": (luck - bound["mean"]) / bound["spread"],
        "planner_luck": review["luck"],
        "planner_lost": review["total_lost"],
        "planner_over_par": review["total"] - par,
        "bound_wall": wall,
        "bound_cpu": cpu,
    }


def summary(days: list[dict[str, Any]], spreads: float) -> dict[str, Any]:
    """One variant's figures over its days."""
    honest = [z for day in days for z, _ in day["honest"]]
    highest = {
        str(t): round(max(z for day in days for z, at in day["honest"] if at == t), 2)
        for t in TEMPERATURES
    }
    return {
        "days": len(days),
        "honest_players": len(honest),
        "honest_over": {str(k): sum(z > k for z in honest) for k in SPREADS},
        "planners_over": {str(k): sum(day["planner"] > k for day in days) for k in SPREADS},
        "highest_honest_spreads": round(max(honest), 2),
        "highest_honest_by_temperature": highest,
        "lowest_planner_spreads": round(min(day["planner"] for day in days), 2),
        "planner_over_par": round(statistics.fmean(d["planner_over_par"] for d in days), 1),
        "planner_luck": round(statistics.fmean(d["planner_luck"] for d in days), 1),
        "planner_given_away": round(statistics.fmean(d["planner_lost"] for d in days), 1),
        "bound_cpu_seconds": round(statistics.fmean(d["bound_cpu"] for d in days), 2),
        "bound_wall_seconds": round(statistics.fmean(d["bound_wall"] for d in days), 2),
        "site_spreads": spreads,
    }


def main() -> None:
    """Run the days on ``--jobs`` processes and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args()
    _setup()
    from scoring.strategy import honest_play

    variants = [v for v in args.variants.split(",") if v in VARIANTS]
    with ProcessPoolExecutor(args.jobs, initializer=_setup) as pool:
        futures = [
            pool.submit(one_day, variant, index, args.players)
            for variant in variants
            for index in range(args.seeds)
        ]
        days = [future.result() for future in futures]
    figures = {}
    for variant in variants:
        found = summary([d for d in days if d["variant"] == variant], honest_play.SPREADS)
        figures[variant] = found
        k = str(honest_play.SPREADS)
        print(
            f"{variant}: {found['honest_over'][k]} of {found['honest_players']} honest "
            f"players above the bound (mean + {k} spreads), {found['planners_over'][k]} of "
            f"{found['days']} foresight planners; highest honest "
            f"{found['highest_honest_spreads']} spreads, lowest planner "
            f"{found['lowest_planner_spreads']}"
        )
        print(
            f"  at other spreads: honest {found['honest_over']}, planners {found['planners_over']}"
        )
        print(f"  highest honest by temperature: {found['highest_honest_by_temperature']}")
        print(
            f"  planner: {found['planner_over_par']:+} over par, luck "
            f"{found['planner_luck']:+}, gave away {found['planner_given_away']}"
        )
        print(
            f"  bound: {found['bound_cpu_seconds']} s of CPU a challenge "
            f"({found['bound_wall_seconds']} s on the clock)"
        )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
