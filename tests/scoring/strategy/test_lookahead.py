"""The lookahead advisor: its tables agree with the engine, every choice it lists is
legal and they come best first, and its values hang together."""

import random
from collections.abc import Sequence

import numpy as np
import pytest

from scoring import rulesets
from scoring.dice import from_rng
from scoring.scorecard import Scorecard
from scoring.strategy.advice import Advisor, Choice, hold_positions
from scoring.strategy.lookahead import FIVE_OF_A_KIND, LookaheadAdvisor, lookahead_for
from scoring.strategy.sheet_model import model_for
from scoring.strategy.turn_widget import (
    FIRST_ROLL,
    KEEPS,
    ROLLS,
    SUB_KEEPS,
    TRANSITION,
    keep_values,
    turn_values,
)
from scoring.turn import Turn
from tests.support.sheets import filled
from tests.support.strategy_play import Announcer, apply

CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("yams", {}),
    ("triple_yahtzee", {}),
    ("triple_yahtzee", {"joker": "free"}),
    ("yahtzee", {}),
    ("yatzy", {"exact_counts": True}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in opts.items()) for name, opts in CONFIGS]


def visited(
    name: str, options: dict[str, object], seed: int, every: int = 1
) -> list[tuple[Scorecard, Turn]]:
    """The (sheet, turn) pairs a random player meets in one game, and the final sheet."""
    rs = rulesets.get(name, **options)
    rng, source = random.Random(seed), from_rng(random.Random(seed + 1))
    player, card, step = Announcer(rng), rs.new_scorecard(), 0
    seen: list[tuple[Scorecard, Turn]] = []
    while not card.is_complete:
        turn: Turn | None = Turn().roll(source, card=card)
        while turn is not None:
            if step % every == 0:
                seen.append((card, turn))
            step += 1
            card, turn = apply(card, turn, player.decide(card, turn), source)
    return seen


def brute_terminal(
    card: Scorecard, advisor: LookaheadAdvisor, announced: str | None = None
) -> np.ndarray:
    """For each roll, the best engine placement's gain plus the model's value after."""
    model = advisor.model
    found = []
    for roll in ROLLS:
        found.append(
            max(
                card.gain(p) + model.value(card.place(roll, p.box, p.column, announced=announced))
                for p in card.options(roll, announced=announced)
            )
        )
    return np.array(found)


def test_the_turn_tables() -> None:
    assert abs(FIRST_ROLL.sum() - 1) < 1e-12
    assert np.allclose(TRANSITION.sum(axis=1), 1)
    values = np.random.default_rng(1).random((3, len(ROLLS)))
    assert np.allclose(keep_values(values), (TRANSITION @ values.T).T)
    assert len(KEEPS) == len(set(KEEPS)) == 210
    assert SUB_KEEPS[0] == ((), (1,), (1, 1), (1, 1, 1), (1, 1, 1, 1))
    # Chance of five of a kind within three rolls: 0.046029.
    yams = np.array([1.0 if len(set(r)) == 1 else 0.0 for r in ROLLS])
    assert round(float(turn_values(yams).start), 6) == 0.046029


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_score_tables_agree_with_the_engine(name: str, options: dict[str, object]) -> None:
    rs = rulesets.get(name, **options)
    model = model_for(rs)
    for r, roll in enumerate(ROLLS):
        for b, key in enumerate(rs.categories):
            assert model.scores[r, b] == rs.score(roll, key)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_placement_values_agree_with_gain_and_the_model(
    name: str, options: dict[str, object]
) -> None:
    """``after_place`` (gain + value after) equals the engine's gain plus the model's
    own value of the sheet after, for every legal placement of every roll."""
    rs = rulesets.get(name, **options)
    advisor = lookahead_for(rs)
    model = advisor.model
    for card, turn in visited(name, options, seed=3, every=11):
        plain = advisor.slots(card, turn.announced)
        table = model.after_place(card, plain)
        where = {slot: s for s, slot in enumerate(plain)}
        for roll in ROLLS[::5] + tuple(ROLLS[r] for r in FIVE_OF_A_KIND):
            for p in card.options(roll, announced=turn.announced):
                c = rs.columns.index(p.column)
                after = card.place(roll, p.box, p.column, announced=turn.announced)
                got = table[where[c, rs.index(p.box)], p.points] + p.bonus * rs.multipliers[c]
                assert got == pytest.approx(card.gain(p) + model.value(after), abs=1e-9)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_the_best_placement_of_every_roll_matches_the_engine(
    name: str, options: dict[str, object]
) -> None:
    """The terminal values (the table's best box for each of the 252 rolls, jokers from
    the engine) equal a brute force over ``card.options`` and ``card.gain``; for plain
    rolls the table lists exactly the engine's placements and points."""
    rs = rulesets.get(name, **options)
    advisor = lookahead_for(rs)
    states = visited(name, options, seed=11, every=23)[:4]
    for card, turn in states:
        announced = turn.announced
        plain = advisor.slots(card, announced)
        table = advisor.model.after_place(card, plain)
        terminal = advisor.terminal(card, plain, table, announced)
        assert np.allclose(terminal, brute_terminal(card, advisor, announced))
        for r, roll in enumerate(ROLLS):
            if r in FIVE_OF_A_KIND:
                continue
            engine = {
                (rs.columns.index(p.column), rs.index(p.box), p.points, p.bonus)
                for p in card.options(roll, announced=announced)
            }
            mine = {(c, b, int(advisor.model.scores[r, b]), 0) for c, b in plain}
            assert engine == mine


@pytest.mark.parametrize("joker", ["forced", "free"])
def test_jokers_and_extra_yahtzees_in_triple_yahtzee(joker: str) -> None:
    """Five 4s when the x2 column's Yahtzee box holds 50 and its Fours is filled."""
    card = filled(
        "triple_yahtzee", {"x2": {"yahtzee": 50, "fours": 12}, "x3": {"yahtzee": 0}}, joker=joker
    )
    advisor = LookaheadAdvisor(card.ruleset, refine=0)
    choices = advisor.advise(card, (4, 4, 4, 4, 4), 0)
    legal = {(p.column, p.box): p for p in card.options((4, 4, 4, 4, 4))}
    assert {(ch.column, ch.box) for ch in choices} == set(legal)
    large = next(ch for ch in choices if ch.column == "x2" and ch.box == "large_straight")
    after = card.place((4, 4, 4, 4, 4), "large_straight", "x2")
    assert after.extra_yahtzees("x2") == 1
    expected = after.total + advisor.model.value(after)
    assert large.value == pytest.approx(expected)
    plain = advisor.slots(card, None)
    table = advisor.model.after_place(card, plain)
    assert np.allclose(advisor.terminal(card, plain, table, None), brute_terminal(card, advisor))


def test_every_yams_rule_in_the_tables() -> None:
    """Maximum/minimum both ways, a minimum not below the maximum, the upper bonus
    (more than 60), the down/up order and the announced column."""
    card = filled(
        "yams",
        {
            "free": {"maximum": 22, "ones": 3, "twos": 6, "threes": 9, "fours": 16, "fives": 20},
            "down": {"ones": 2, "twos": 4},
            "up": {"yams": 0, "straight": 40, "four_of_a_kind": 30, "full_house": 20, "minimum": 9},
            "announced": {"maximum": 25},
        },
    )
    advisor = lookahead_for(card.ruleset)
    for announced in (None, "minimum", "sixes"):
        plain = advisor.slots(card, announced)
        table = advisor.model.after_place(card, plain)
        assert np.allclose(
            advisor.terminal(card, plain, table, announced),
            brute_terminal(card, advisor, announced),
        )
    slots = {
        (card.ruleset.columns[c], card.ruleset.categories[b]) for c, b in advisor.slots(card, None)
    }
    assert ("down", "threes") in slots and ("up", "maximum") in slots
    assert not any(column == "announced" for column, _ in slots)


def check_choices(
    card: Scorecard,
    dice: Sequence[int],
    rolls_left: int,
    announced: str | None,
    choices: Sequence[Choice],
) -> None:
    rs = card.ruleset
    values = [ch.value for ch in choices]
    assert values == sorted(values, reverse=True)
    assert all(np.isfinite(values))
    keeps = [ch.keep for ch in choices if ch.kind == "keep"]
    places = {(ch.column, ch.box) for ch in choices if ch.kind == "place"}
    announces = [ch.box for ch in choices if ch.kind == "announce" and ch.box is not None]
    must = card.must_announce and announced is None
    legal = {(p.column, p.box) for p in card.options(dice, announced=announced)}
    assert places == (set() if must else legal)
    if rolls_left and not must:
        assert sorted(keeps) == sorted(set(keeps))
        assert len(keeps) == len(SUB_KEEPS[ROLLS.index(tuple(sorted(dice)))])
        for keep in keeps:
            assert keep == tuple(sorted(keep)) and len(keep) < 5
            hold_positions(dice, keep)
    else:
        assert keeps == []
    column = rs.announce_column
    if column and rolls_left == 2 and announced is None:
        assert sorted(announces) == sorted(card.open_boxes(column))
        assert all(ch.column == column for ch in choices if ch.kind == "announce")
    else:
        assert announces == []
    assert choices


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_every_choice_is_legal_and_the_best_comes_first(
    name: str, options: dict[str, object]
) -> None:
    advisor = lookahead_for(rulesets.get(name, **options))
    assert isinstance(advisor, Advisor) and advisor.exact is False
    for seed in (1, 2):
        for card, turn in visited(name, options, seed, every=2):
            choices = advisor.advise(card, turn.dice, turn.rolls_left, announced=turn.announced)
            check_choices(card, turn.dice, turn.rolls_left, turn.announced, choices)


def test_only_announcements_when_the_yams_sheet_must_announce() -> None:
    rs = rulesets.get("yams")
    boxes = {c: {k: rs.box_bounds(k)[0] for k in rs.categories} for c in rs.columns}
    del boxes["announced"]["sixes"], boxes["announced"]["straight"]
    boxes["free"]["maximum"], boxes["free"]["minimum"] = 10, 5
    boxes["down"]["maximum"], boxes["up"]["maximum"] = 6, 6
    card = filled("yams", boxes)
    assert card.must_announce
    choices = lookahead_for(rs).advise(card, (2, 3, 4, 5, 6), 2)
    assert [(ch.kind, ch.box) for ch in choices] == [
        ("announce", "straight"),
        ("announce", "sixes"),
    ]
    after = lookahead_for(rs).advise(card, (2, 3, 4, 5, 6), 2, announced="sixes")
    assert {ch.kind for ch in after} == {"keep", "place"}
    assert [ch.box for ch in after if ch.kind == "place"] == ["sixes"]
    assert after[0].kind == "keep" and after[0].keep == (6,)


@pytest.mark.parametrize("name", ["yams", "triple_yahtzee"])
def test_the_state_value_is_the_mean_of_the_best_first_roll_choices(name: str) -> None:
    rs = rulesets.get(name)
    advisor = lookahead_for(rs)
    card, _ = visited(name, {}, seed=5, every=31)[2]
    best = np.array([advisor.advise(card, roll, 2)[0].value for roll in ROLLS])
    assert FIRST_ROLL @ best - card.total == pytest.approx(advisor.state_value(card))


def test_with_no_roll_left_the_best_boxes_are_valued_one_turn_deeper() -> None:
    rs = rulesets.get("yams")
    advisor = lookahead_for(rs)
    card, _ = visited("yams", {}, seed=9, every=13)[3]
    dice = (2, 2, 3, 5, 6)
    deeper = advisor.advise(card, dice, 0)
    flat = LookaheadAdvisor(rs, refine=0).advise(card, dice, 0)
    assert {(ch.column, ch.box) for ch in deeper} == {(ch.column, ch.box) for ch in flat}
    examined = sorted(flat, key=lambda ch: -ch.value)[: advisor.refine]
    shifts = []
    for ch in examined:
        assert ch.box is not None  # no roll left: placements only
        after = card.place(dice, ch.box, ch.column)
        value = after.total + advisor.state_value(after)
        assert value == pytest.approx(
            next(d.value for d in deeper if (d.column, d.box) == (ch.column, ch.box))
        )
        shifts.append(value - ch.value)
    others = [ch for ch in flat if ch not in examined]
    for ch in others:
        assert ch.value + sum(shifts) / len(shifts) == pytest.approx(
            next(d.value for d in deeper if (d.column, d.box) == (ch.column, ch.box))
        )


def test_the_last_box_is_valued_exactly() -> None:
    """With one box left the model has nothing to guess: the value is the turn's own."""
    rs = rulesets.get("triple_yahtzee")
    boxes = {c: {k: rs.box_bounds(k)[0] for k in rs.categories} for c in rs.columns}
    del boxes["x3"]["chance"]
    card = filled("triple_yahtzee", boxes)
    chance = np.array([3.0 * sum(r) for r in ROLLS])
    assert lookahead_for(rs).state_value(card) == pytest.approx(float(turn_values(chance).start))
    assert lookahead_for(rs).state_value(card.place((6,) * 5, "chance", "x3")) == 0.0


def test_refuses_what_is_not_a_position() -> None:
    rs = rulesets.get("yams")
    advisor = lookahead_for(rs)
    card = rs.new_scorecard()
    with pytest.raises(ValueError):
        advisor.advise(card, (1, 2, 3), 2)
    with pytest.raises(ValueError):
        advisor.advise(card, (1, 2, 3, 4, 5), 3)
    assert lookahead_for(rs) is advisor
