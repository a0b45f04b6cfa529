"""Calibrate the lookahead's value model by self-play (approximate policy iteration).

Round 0 plays the beginner; every later round plays the lookahead with the weights of
the round before (``--damping`` keeps a share of them).  Each component of the model
is fitted on its own from what the games went on to show: a box open at the start of
a turn is worth the mean of what it finally added; once one box of the Yam's pair is
filled, the other is worth one turn spent on it under the pair's rule plus the mean
difference seen; a Yahtzee column's room for extra Yahtzees is worth the mean
extra-Yahtzee points that followed per open box; the upper bonus is worth its points
times the chance of reaching it, from the spread of the count of dice each upper box
ended with.
With ``--write`` the last round's weights replace those of the variant in
``scoring/strategy/lookahead_weights.py``.

    .venv/bin/python bench/calibrate_lookahead.py --variants yams --rounds 4 --games 600

Prints one line per round (mean score of the games played with the previous
weights, and the fit) and one JSON line last with each round's figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any, TypedDict

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.calibrate_play import Counts, Round, Weights, run_round
from scoring import rulesets
from scoring.strategy.sheet_model import SheetModel, feature_names


class Fit(TypedDict):
    """Weights and counts to start from, or fitted."""

    weights: Weights
    counts: Counts | None


WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "scoring/strategy/lookahead_weights.py"


def _mean(y: np.ndarray) -> float:
    return float(y.mean()) if len(y) else 0.0


def fit(name: str, data: Round) -> tuple[Weights, Counts]:
    """The weights of every component, fitted on its own samples.

    A box's worth is the mean of what it finally added (a slope in the phase would
    extrapolate wildly for boxes a policy always fills early or late); the upper
    bonus is worth its points times the estimated chance of reaching it."""
    rs = rulesets.get(name)
    model = SheetModel(rs, {})
    cats, weights = rs.categories, {}
    slots = data["slots"]
    for c, col in enumerate(rs.columns):
        for b, key in enumerate(cats):
            mine = slots[slots[:, 0] == c * model.width + b]
            weights[f"open/{col}/{key}"] = _mean(mine[:, 2])
    pair = data["pair"]
    for c, col in enumerate(rs.columns if "maximum" in cats else ()):
        for which, (box, alone, turn) in enumerate(
            (("minimum", "min_alone", "min_turn"), ("maximum", "max_alone", "max_turn"))
        ):
            mine = pair[(pair[:, 0] == c) & (pair[:, 1] == which)]
            if len(mine) < 30:
                # Unseen so far: the box is worth one turn spent on it under the rule.
                weights[f"{alone}/{col}"] = -weights[f"open/{col}/{box}"]
                weights[f"{turn}/{col}"] = 1.0
                continue
            # The shape in the other box's score is that of one turn spent on the box
            # (a free slope goes wild: a policy rarely tries the pair's bad cases).
            expected = weights[f"open/{col}/{box}"] + mine[:, 3]
            weights[f"{alone}/{col}"] = float((mine[:, 4] - expected).mean())
            weights[f"{turn}/{col}"] = 1.0
    for c, col in enumerate(rs.columns):
        weights[f"bonus/{col}"] = rs.upper_bonus_points * rs.multipliers[c]
    room = data["room"]
    if rs.extra_yahtzee_bonus:
        for c, col in enumerate(rs.columns):
            mine = room[room[:, 0] == c]
            if len(mine) >= 30:
                weights[f"yz/{col}"] = float(mine[:, 3].sum() / mine[:, 2].sum())
    names = set(feature_names(rs))
    weights = {k: round(v, 4) for k, v in weights.items() if k in names}
    spread = data["counts"] / np.maximum(data["counts"].sum(axis=1, keepdims=True), 1)
    counts = [[round(float(p), 4) for p in face] for face in spread]
    return weights, counts


def calibrate(
    name: str,
    rounds: int,
    games: int,
    seed: int,
    processes: int,
    start: Fit | None,
    damping: float = 0.0,
    dump: str = "",
    refine: int = 0,
) -> tuple[Weights, Counts, list[dict[str, object]]]:
    weights, counts = (start["weights"], start["counts"]) if start else (None, None)
    report = []
    for r in range(rounds + 1):
        began = time.perf_counter()
        data = run_round(name, weights, counts, games, seed + 1_000_003 * r, processes, refine)
        finals = data["finals"]
        figures = {
            "round": r,
            "player": "beginner" if weights is None else "lookahead",
            "games": games,
            "mean": round(statistics.fmean(finals), 2),
            "se": round(statistics.stdev(finals) / games**0.5, 2),
            "seconds": round(time.perf_counter() - began, 1),
        }
        report.append(figures)
        print(f"{name} round {r}: {figures}", flush=True)
        fitted, spread = fit(name, data)
        if dump:
            Path(f"{dump}.{r}").write_text(
                json.dumps({"round": r, "weights": fitted, "counts": spread}) + "\n"
            )
        if weights is not None and damping:
            assert counts is not None  # weights calibrated come with their counts
            keys = set(weights) | set(fitted)
            fitted = {
                k: round(damping * weights.get(k, 0.0) + (1 - damping) * fitted.get(k, 0.0), 4)
                for k in keys
            }
            spread = [
                [round(damping * a + (1 - damping) * b, 4) for a, b in zip(x, y, strict=True)]
                for x, y in zip(counts, spread, strict=True)
            ]
        weights, counts = fitted, spread
    assert weights is not None and counts is not None  # fitted in round 0 at least
    return weights, counts, report


def write(name: str, weights: Weights, counts: Counts) -> None:
    namespace: dict[str, Any] = {}  # what the weights module defines, read by exec
    exec(compile(WEIGHTS_FILE.read_text(), str(WEIGHTS_FILE), "exec"), namespace)
    all_weights = dict(namespace["WEIGHTS"])
    all_counts = dict(namespace["UPPER_COUNTS"])
    order = feature_names(rulesets.get(name))
    all_weights[name] = {key: weights[key] for key in order if weights.get(key)}
    all_counts[name] = tuple(tuple(face) for face in counts)
    text = WEIGHTS_FILE.read_text()
    head = text[: text.index("WEIGHTS: dict")]
    tail = text[text.index("\n\ndef weights_for") :]
    lines = ["WEIGHTS: dict[str, dict[str, float]] = {"]
    for variant, found in all_weights.items():
        lines.append(f"    {variant!r}: {{")
        lines += [f"        {key!r}: {value!r}," for key, value in found.items()]
        lines.append("    },")
    lines += ["}", "UPPER_COUNTS: dict[str, tuple[tuple[float, ...], ...]] = {"]
    for variant, spread in all_counts.items():
        lines.append(f"    {variant!r}: (")
        lines += [f"        {tuple(face)!r}," for face in spread]
        lines.append("    ),")
    lines.append("}")
    body = "\n".join(lines) + "\n"
    WEIGHTS_FILE.write_text(head + body + tail)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variants", nargs="+", default=["yams", "triple_yahtzee"])
    parser.add_argument("--rounds", type=int, default=4, help="lookahead rounds after round 0")
    parser.add_argument("--games", type=int, default=600, help="games per round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--from-current",
        action="store_true",
        help="start from the weights in the file instead of the beginner",
    )
    parser.add_argument(
        "--damping",
        type=float,
        default=0.0,
        help="share of the previous round's weights kept in each new fit",
    )
    parser.add_argument("--write", action="store_true", help="save the last weights")
    parser.add_argument(
        "--refine",
        type=int,
        default=0,
        help="placements re-valued one turn deeper (the advisor uses REFINE; 0 is faster)",
    )
    parser.add_argument("--dump", default="", help="write each round's fit to DUMP-<variant>.json")
    args = parser.parse_args()
    out = {}
    for name in args.variants:
        start: Fit | None = None
        if args.from_current:
            from scoring.strategy import lookahead_weights

            w, c = lookahead_weights.weights_for(name)
            start = {"weights": dict(w), "counts": [list(f) for f in c] if c else None}
        weights, counts, report = calibrate(
            name,
            args.rounds,
            args.games,
            args.seed,
            args.processes,
            start,
            args.damping,
            args.dump and f"{args.dump}-{name}.json",
            args.refine,
        )
        if args.write:
            write(name, weights, counts)
        out[name] = report
    print(json.dumps(out))


if __name__ == "__main__":
    main()
