"""Every decision of the beginner is legal, in games it plays and in states others
reach, and the same sheet and turn always get the same decision."""

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import rulesets
from scoring.dice import from_rng
from scoring.scorecard import Scorecard
from scoring.strategy import levels
from scoring.strategy.beginner import Beginner
from scoring.strategy.decisions import Decision
from scoring.turn import Turn
from tests.support.strategy_play import CONFIGS, IDS, Announcer, play_game


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=8)
@given(rng=st.randoms(use_true_random=False))
def test_the_beginner_plays_whole_games_legally(
    name: str, options: dict[str, object], rng: random.Random
) -> None:
    rs = rulesets.get(name, **options)
    card = play_game(rs.new_scorecard(), Beginner(), from_rng(rng))
    assert card.is_complete
    assert card.filled_count == len(rs.categories) * len(rs.columns)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@settings(max_examples=8)
@given(rng=st.randoms(use_true_random=False))
def test_the_beginner_answers_legally_in_states_a_random_player_reaches(
    name: str, options: dict[str, object], rng: random.Random
) -> None:
    rs = rulesets.get(name, **options)
    dice = random.Random(rng.getrandbits(32))
    card = play_game(rs.new_scorecard(), Announcer(rng), from_rng(dice), watcher=Beginner())
    assert card.is_complete


class Recorder:
    """A beginner that writes down every (sheet, turn, decision) it sees."""

    def __init__(self) -> None:
        self.seen: list[tuple[Scorecard, Turn, Decision]] = []
        self.player = Beginner()

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        decision = self.player.decide(card, turn)
        self.seen.append((card, turn, decision))
        return decision


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_same_sheet_and_turn_same_decision(name: str, options: dict[str, object]) -> None:
    recorder = Recorder()
    play_game(
        rulesets.get(name, **options).new_scorecard(), recorder, from_rng(random.Random(2024))
    )
    for card, turn, decision in recorder.seen:
        assert Beginner().decide(card, turn) == decision
        assert recorder.player.decide(card, turn) == decision


TRANSCRIPT = """
import json, random, sys
from scoring import rulesets
from scoring.dice import from_rng
from scoring.strategy import levels
from tests.support.strategy_play import play_game

player, moves = levels.get(sys.argv[1]), []

class Log:
    def decide(self, card, turn):
        decision = player.decide(card, turn)
        moves.append(repr(decision))
        return decision

for name in ("yams", "triple_yahtzee"):
    play_game(rulesets.get(name).new_scorecard(), Log(), from_rng(random.Random(7)))
print(json.dumps(moves))
"""


@pytest.mark.parametrize("level", levels.names())
def test_decisions_do_not_depend_on_the_process(
    level: str, project_root: Path, clean_env: Callable[..., dict[str, str]]
) -> None:
    """String hashing differs between processes; the decisions must not."""
    runs = [
        subprocess.run(
            [sys.executable, "-c", TRANSCRIPT, level],
            capture_output=True,
            text=True,
            check=True,
            cwd=project_root,
            env=clean_env(PYTHONHASHSEED=seed),
        )
        for seed in ("1", "2")
    ]
    moves = [json.loads(run.stdout) for run in runs]
    assert len(moves[0]) > 87
    assert moves[0] == moves[1]
