"""Speed of the rules engine: how fast it answers the questions a game asks.

Run with ``make bench`` (or ``.venv/bin/python bench/scoring.py``).  Prints one
human line per figure, then one JSON line with every figure last.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from scoring import rulesets, scorecard_json
from scoring.dice import from_rng
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard
from scoring.turn import Turn


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``fn`` over about ``seconds``."""
    calls, start = 0, time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            fn()
        calls += 100
    return calls / (time.perf_counter() - start)


def random_game(name: str, rng: random.Random, fraction: float = 1.0) -> Scorecard:
    """A game with random holds and placements, played until ``fraction`` of the sheet
    is filled (the whole game by default)."""
    rs = rulesets.get(name)
    card, source = rs.new_scorecard(), from_rng(rng)
    slots = len(rs.categories) * len(rs.columns)
    while card.filled_count < fraction * slots:
        turn = Turn().roll(source, card=card)
        if card.must_announce:
            turn = turn.announce(rng.choice(card.open_boxes(rs.announce_column)), card)
        turn = turn.roll(source, [i for i in range(5) if rng.random() < 0.5][:4], card=card)
        choice = rng.choice(card.options(turn.dice, announced=turn.announced))
        card = turn.place(card, choice.box, choice.column)
    return card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.5, help="time per figure")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    figures: dict[str, float] = {}
    rolls = [[rng.randint(1, 6) for _ in range(5)] for _ in range(1000)]

    for name in rulesets.names():
        rs = rulesets.get(name)
        boxes = rs.categories
        i = iter(range(10**12))

        def score_once(rs: RuleSet = rs, boxes: Sequence[str] = boxes, i: Iterator[int] = i) -> int:
            n = next(i)
            return rs.score(rolls[n % 1000], boxes[n % len(boxes)])

        card = random_game(name, random.Random(args.seed), fraction=0.5)
        j = iter(range(10**12))

        def options_once(card: Scorecard = card, j: Iterator[int] = j) -> object:
            return card.options(rolls[next(j) % 1000])

        data = scorecard_json.to_json(card)
        figures[f"{name}_score_per_s"] = rate(score_once, args.seconds)
        figures[f"{name}_options_per_s"] = rate(options_once, args.seconds)

        def round_trip(data: dict[str, Any] = data) -> object:
            return scorecard_json.to_json(scorecard_json.from_json(data))

        figures[f"{name}_json_round_trip_per_s"] = rate(round_trip, args.seconds)
        games_rng = random.Random(args.seed)

        def game_once(name: str = name, rng: random.Random = games_rng) -> object:
            return random_game(name, rng)

        figures[f"{name}_games_per_s"] = rate(game_once, args.seconds)

    tracemalloc.start()
    random_game("yams", random.Random(args.seed))
    figures["yams_game_peak_kb"] = tracemalloc.get_traced_memory()[1] / 1024
    tracemalloc.stop()

    for key, value in figures.items():
        print(f"{key:40s} {value:14,.1f}")
    print(json.dumps({k: round(v, 1) for k, v in figures.items()}))


if __name__ == "__main__":
    main()
