"""Duplicate dice from a seed: same holds give the same dice, different holds share every
slot both reroll, every face is equally likely, and par is a whole game on those dice."""

from collections import Counter
from collections.abc import Iterable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import duplicate, rulesets
from scoring.dice import Dice
from scoring.strategy import levels
from scoring.turn import Turn
from tests.support.strategy_play import CONFIGS, IDS, RandomPlayer

seeds = st.binary(min_size=32, max_size=32)
holds = st.sets(st.integers(0, 4), max_size=4)


def rolled(
    seed: bytes,
    round_: int,
    holds_by_roll: Sequence[Iterable[int]],
    config: tuple[str, dict[str, object]],
) -> Dice:
    """A turn's dice after its rolls keeping ``holds_by_roll`` (the first holds nothing)."""
    card = rulesets.get(config[0], **config[1]).new_scorecard()
    turn = Turn().roll(duplicate.source(seed, round_, 1, ()), card=card)
    for roll, hold in enumerate(holds_by_roll, start=2):
        turn = turn.roll(duplicate.source(seed, round_, roll, hold), hold, card=card)
    return turn.dice


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@given(seed=seeds, round_=st.integers(1, 39), plan=st.lists(holds, max_size=2))
def test_the_same_holds_give_every_seat_the_same_dice(
    config: tuple[str, dict[str, object]], seed: bytes, round_: int, plan: list[set[int]]
) -> None:
    # Two seats, each naming the dice it keeps in its own order.
    one = rolled(seed, round_, [sorted(hold) for hold in plan], config)
    other = rolled(seed, round_, [sorted(hold, reverse=True) for hold in plan], config)
    assert one == other
    assert all(1 <= face <= 6 for face in one) and len(one) == 5


@given(seed=seeds, round_=st.integers(1, 39), first=holds, second=holds)
def test_different_holds_share_every_slot_both_reroll(
    seed: bytes, round_: int, first: set[int], second: set[int]
) -> None:
    config: tuple[str, dict[str, object]] = ("yatzy", {})
    a, b = rolled(seed, round_, [first], config), rolled(seed, round_, [second], config)
    opening = rolled(seed, round_, [], config)
    for slot in range(5):
        if slot not in first and slot not in second:
            assert a[slot] == b[slot] == duplicate.die(seed, round_, 2, slot)
        if slot in first:
            assert a[slot] == opening[slot]


@given(seed=seeds)
def test_two_seeds_give_other_dice(seed: bytes) -> None:
    other = bytes(b ^ 1 for b in seed)
    faces = [duplicate.die(seed, r, 1, s) for r in range(1, 14) for s in range(5)]
    assert faces != [duplicate.die(other, r, 1, s) for r in range(1, 14) for s in range(5)]


def test_every_face_is_equally_likely() -> None:
    seed = bytes(range(32))
    counts = Counter(
        duplicate.die(seed, r, roll, s)
        for r in range(1, 401)
        for roll in (1, 2, 3)
        for s in range(5)
    )
    expected = sum(counts.values()) / 6
    chi_square = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi_square < 20.5  # 5 degrees of freedom: p < 0.001 above this


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_par_plays_a_whole_game_on_the_seeds_dice(config: tuple[str, dict[str, object]]) -> None:
    import random

    rs = rulesets.get(config[0], **config[1])
    seed = bytes(range(1, 33))
    player = RandomPlayer(random.Random(7))
    played = duplicate.play(rs.new_scorecard(), player, seed)
    rounds = played["rounds"]
    assert len(rounds) == len(rs.categories) * len(rs.columns)
    card = rs.new_scorecard()
    for number, turn in enumerate(rounds, start=1):
        assert turn["rolls"][0]["dice"] == [duplicate.die(seed, number, 1, s) for s in range(5)]
        pairs = zip(turn["rolls"], turn["rolls"][1:], strict=False)
        for roll, (before, after) in enumerate(pairs, start=2):
            for slot in range(5):
                expected = (
                    before["dice"][slot]
                    if slot in after["held"]
                    else duplicate.die(seed, number, roll, slot)
                )
                assert after["dice"][slot] == expected
        card = card.place(
            turn["rolls"][-1]["dice"], turn["box"], turn["column"], announced=turn["announced"]
        )
    assert card.total == played["total"] and card.is_complete


def test_the_expert_scores_par_the_same_every_time() -> None:
    rs = rulesets.get("yatzy")
    seed = bytes(32)
    first = duplicate.play(rs.new_scorecard(), levels.get("expert"), seed)
    assert duplicate.play(rs.new_scorecard(), levels.get("expert"), seed) == first
    assert first["total"] > 150
