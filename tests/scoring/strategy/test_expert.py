"""The expert plays whole games legally, answers legally wherever a game can be, and
is deterministic; its choice is the advisor's best."""

import random

import pytest

from scoring import rulesets
from scoring.dice import from_rng, scripted
from scoring.scorecard import Scorecard
from scoring.strategy.advice import decision_for
from scoring.strategy.advisors import advisor_for
from scoring.strategy.decisions import Announce, Decision, Place, Roll, Strategy
from scoring.strategy.expert import Expert
from scoring.turn import Turn
from tests.support.sheets import filled
from tests.support.strategy_play import Announcer, play_game

SLOW: list[tuple[str, dict[str, object]]] = [
    ("yams", {}),
    ("triple_yahtzee", {}),
    ("triple_yahtzee", {"joker": "free"}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in SLOW]


@pytest.mark.parametrize(("name", "options"), SLOW, ids=IDS)
def test_the_expert_plays_whole_games_legally(name: str, options: dict[str, object]) -> None:
    rs = rulesets.get(name, **options)
    for seed in (1, 2):
        card = play_game(rs.new_scorecard(), Expert(), from_rng(random.Random(seed)))
        assert card.is_complete
        assert card.filled_count == len(rs.categories) * len(rs.columns)


@pytest.mark.parametrize(("name", "options"), SLOW, ids=IDS)
def test_the_expert_answers_legally_in_states_a_random_player_reaches(
    name: str, options: dict[str, object]
) -> None:
    rs = rulesets.get(name, **options)
    rng = random.Random(17)
    card = play_game(
        rs.new_scorecard(), Announcer(rng), from_rng(random.Random(18)), watcher=Expert()
    )
    assert card.is_complete


def test_it_is_a_strategy_following_the_advisor() -> None:
    expert = Expert()
    assert isinstance(expert, Strategy)
    card = rulesets.get("triple_yahtzee").new_scorecard()
    turn = Turn().roll(scripted([6, 6, 2, 6, 3]), card=card)
    best = advisor_for(card.ruleset).advise(card, turn.dice, turn.rolls_left)[0]
    assert expert.decide(card, turn) == decision_for(best, turn.dice) == Roll((0, 1, 3))


def test_yams_moves() -> None:
    card = rulesets.get("yams").new_scorecard()
    expert = Expert()
    assert expert.decide(card, Turn().roll(scripted([5] * 5), card=card)) == Announce("yams")
    turn = Turn().roll(scripted([1, 2, 3, 4, 5]), card=card).announce("straight", card)
    assert expert.decide(card, turn) == Place("straight", "announced")


def test_preconditions() -> None:
    card = rulesets.get("yams").new_scorecard()
    with pytest.raises(ValueError, match="after the first roll"):
        Expert().decide(card, Turn())
    rs = rulesets.get("triple_yahtzee")
    done = filled(
        "triple_yahtzee", {c: {k: rs.box_bounds(k)[0] for k in rs.categories} for c in rs.columns}
    )
    with pytest.raises(ValueError, match="unfinished sheet"):
        Expert().decide(done, Turn(dice=(1, 2, 3, 4, 5), rolls_used=1))


class Recorder:
    """An expert that writes down every (sheet, turn, decision) it sees."""

    def __init__(self) -> None:
        self.seen: list[tuple[Scorecard, Turn, Decision]] = []

    def decide(self, card: Scorecard, turn: Turn) -> Decision:
        decision = Expert().decide(card, turn)
        self.seen.append((card, turn, decision))
        return decision


@pytest.mark.parametrize("name", ["yams", "triple_yahtzee"])
def test_same_sheet_and_turn_same_decision(name: str) -> None:
    recorder = Recorder()
    play_game(rulesets.get(name).new_scorecard(), recorder, from_rng(random.Random(2024)))
    for card, turn, decision in recorder.seen[::3]:
        assert Expert().decide(card, turn) == decision
