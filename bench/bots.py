"""Strength and speed of the bot levels: seeded solitaire games through the real engine.

Every level plays the same games (game ``i`` of a variant rolls from
``random.Random(seed * 1_000_003 + i)``, so levels meet the same dice as long as they
keep the same dice), through ``Turn`` and ``Scorecard``, over a pool of processes.
Each decision is timed; the figures are the mean final score, its standard deviation
and standard error, the paired difference to the beginner, and milliseconds per
decision (mean, p99, max) measured while every core plays.

    .venv/bin/python bench/bots.py                        # everything (see below)
    .venv/bin/python bench/bots.py --variants yams triple_yahtzee --games-slow 200

Defaults: 10000 games of Yahtzee and Yatzy, 1000 of Yam's and Triple Yahtzee
(``--games-slow``), every level.  On a 2-core machine the whole default run takes
about 12 minutes: the Yam's and Triple Yahtzee experts play 4 to 5 games a second.
Progress lines go first; one JSON line keyed ``<variant>/<level>`` comes last.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import multiprocessing.pool
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import rulesets
from scoring.dice import from_rng
from scoring.scorecard import Scorecard
from scoring.strategy import levels
from scoring.strategy.advice import decision_for
from scoring.strategy.decisions import Announce, Decision, Roll, Strategy
from scoring.turn import Turn

FAST = ("yahtzee", "yatzy")
SLOW_GAMES = 1000
CHUNK = 10


class Lookahead:
    """Bench-only level: the lookahead advisor even where the exact solver exists."""

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        from scoring.strategy.lookahead import lookahead_for

        choices = lookahead_for(card.ruleset).advise(
            card, turn.dice, turn.rolls_left, announced=turn.announced
        )
        return decision_for(choices[0], turn.dice)


def player(level: str) -> Strategy:
    """A player of ``level`` (a registered level, or ``lookahead``)."""
    return Lookahead() if level == "lookahead" else levels.get(level)


def play(variant: str, level: str, seed: int) -> tuple[int, list[float]]:
    """One game: the final score and the seconds each decision took."""
    rs = rulesets.get(variant)
    strategy = player(level)
    source = from_rng(random.Random(seed))
    card, times = rs.new_scorecard(), []
    while not card.is_complete:
        turn: Turn | None = Turn().roll(source, card=card)
        while turn is not None:
            began = time.perf_counter()
            decision = strategy.decide(card, turn)
            times.append(time.perf_counter() - began)
            if isinstance(decision, Roll):
                turn = turn.roll(source, decision.hold, card=card)
            elif isinstance(decision, Announce):
                turn = turn.announce(decision.box, card)
            else:
                card, turn = turn.place(card, decision.box, decision.column), None
    return card.total, times


def play_chunk(job: tuple[str, str, list[int]]) -> tuple[list[int], list[float]]:
    variant, level, seeds = job
    scores, times = [], []
    for seed in seeds:
        score, spent = play(variant, level, seed)
        scores.append(score)
        times += spent
    return scores, times


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def warm_up(variant: str, level: str) -> None:
    """Build what the level needs (the solver's tables) once, before the pool forks."""
    if level == "beginner":
        return
    card = rulesets.get(variant).new_scorecard()
    turn = Turn().roll(from_rng(random.Random(0)), card=card)
    player(level).decide(card, turn)


def run(
    variant: str, level: str, games: int, seed: int, pool: multiprocessing.pool.Pool
) -> tuple[dict[str, float], list[int]]:
    seeds = [seed * 1_000_003 + i for i in range(games)]
    jobs = [(variant, level, seeds[i : i + CHUNK]) for i in range(0, games, CHUNK)]
    scores: list[int] = [0] * games
    times: list[float] = []
    done, began, step = 0, time.perf_counter(), max(1, len(jobs) // 10)
    for n, (index, (chunk_scores, chunk_times)) in enumerate(
        pool.imap_unordered(_indexed, list(enumerate(jobs)))
    ):
        scores[index * CHUNK : index * CHUNK + len(chunk_scores)] = chunk_scores
        times += chunk_times
        done += len(chunk_scores)
        if (n + 1) % step == 0 or done == games:
            print(
                f"{variant}/{level}: {done}/{games} games, {time.perf_counter() - began:.0f} s",
                flush=True,
            )
    sd = statistics.stdev(scores) if games > 1 else 0.0
    figures = {
        "games": games,
        "mean": round(statistics.fmean(scores), 2),
        "sd": round(sd, 2),
        "se": round(sd / math.sqrt(games), 2),
        "ms_per_decision_mean": round(statistics.fmean(times) * 1e3, 3),
        "ms_per_decision_p99": round(percentile(times, 0.99) * 1e3, 3),
        "ms_per_decision_max": round(max(times) * 1e3, 3),
        "decisions": len(times),
        "seconds": round(time.perf_counter() - began, 1),
    }
    return figures, scores


def _indexed(
    job: tuple[int, tuple[str, str, list[int]]],
) -> tuple[int, tuple[list[int], list[float]]]:
    index, payload = job
    return index, play_chunk(payload)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games",
        type=int,
        default=10000,
        help="games per level of Yahtzee and Yatzy (default 10000)",
    )
    parser.add_argument(
        "--games-slow",
        type=int,
        default=SLOW_GAMES,
        help=f"games per level of Yam's and Triple Yahtzee (default {SLOW_GAMES})",
    )
    parser.add_argument(
        "--variants", nargs="+", default=list(rulesets.names()), choices=rulesets.names()
    )
    parser.add_argument(
        "--levels",
        nargs="+",
        default=list(levels.names()),
        choices=[*levels.names(), "lookahead"],
        help="levels to play; 'lookahead' is the lookahead advisor on any variant (bench only)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    results: dict[str, dict[str, float]] = {}
    for variant in args.variants:
        games = args.games if variant in FAST else args.games_slow
        by_level: dict[str, list[int]] = {}
        for level in args.levels:
            warm_up(variant, level)
            with multiprocessing.Pool(args.processes) as pool:
                figures, scores = run(variant, level, games, args.seed, pool)
            base = by_level.get("beginner")
            if base is not None and level != "beginner":
                diffs = [a - b for a, b in zip(scores, base, strict=True)]
                figures["vs_beginner"] = round(statistics.fmean(diffs), 2)
                figures["vs_beginner_se"] = (
                    round(statistics.stdev(diffs) / math.sqrt(games), 2) if games > 1 else 0.0
                )
            by_level[level] = scores
            results[f"{variant}/{level}"] = figures
            print(f"{variant}/{level}: {figures}", flush=True)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
