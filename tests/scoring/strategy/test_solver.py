"""The exact solver: the published optimal scores, advice that agrees with the engine,
and tables that survive a trip through bytes."""

from __future__ import annotations

import random
import threading
from typing import Any

import numpy as np
import pytest

from scoring import rulesets
from scoring.errors import RulesError
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard
from scoring.strategy import solver
from scoring.strategy.dice_space import ROLL_PROBABILITY, ROLLS
from scoring.strategy.solver_build import States, placement_values
from scoring.strategy.solver_rules import SolverRules

PUBLISHED = [
    (("yahtzee", {"joker": "forced"}), 254.5877287),
    (("yahtzee", {"joker": "free"}), 254.5896095),
    (("yatzy", {}), 248.4399894),
]


def get(name: str, **options: object) -> solver.Solver:
    return solver.solver_for(rulesets.get(name, **options))


@pytest.mark.parametrize(("variant", "expected"), PUBLISHED)
def test_the_optimal_expected_score_is_the_published_one(
    variant: tuple[str, dict[str, object]], expected: float
) -> None:
    name, options = variant
    s = get(name, **options)
    assert s.state_value(s.ruleset.new_scorecard()) == pytest.approx(expected, abs=1e-6)


def test_counting_exact_matches_in_yatzy_is_solved_too_and_is_worth_less() -> None:
    exact = get("yatzy", exact_counts=True)
    value = exact.state_value(exact.ruleset.new_scorecard())
    assert value == pytest.approx(247.3030168, abs=1e-6)
    assert value < get("yatzy").state_value(rulesets.get("yatzy").new_scorecard())


def test_only_yahtzee_and_yatzy_are_solvable() -> None:
    assert [rs.name for rs in solver.solvable_rulesets()] == ["yahtzee"] * 2 + ["yatzy"] * 2
    for name in ("yams", "triple_yahtzee"):
        assert not solver.is_solvable(rulesets.get(name))
        with pytest.raises(ValueError, match="exact solver handles yahtzee and yatzy"):
            solver.solver_for(rulesets.get(name))


def random_cards(ruleset: RuleSet, count: int, seed: int) -> list[Scorecard]:
    """Sheets reached by random play, many with a used Yahtzee box (joker positions)."""
    rng = random.Random(seed)
    cards: list[Scorecard] = []
    while len(cards) < count:
        card = ruleset.new_scorecard()
        while not card.is_complete:
            cards.append(card)
            if rng.random() < 0.15:
                dice = [rng.randint(1, 6)] * 5
            else:
                dice = [rng.randint(1, 6) for _ in range(5)]
            card = card.place(dice, rng.choice(card.options(dice)).box)
    return cards[:count]


@pytest.mark.parametrize("options", [{"joker": "forced"}, {"joker": "free"}, {}])
def test_the_batch_tables_agree_with_the_engine_roll_by_roll(options: dict[str, str]) -> None:
    """``placement_values`` (used to build the table) against the engine's own options
    on sheets of every stage of several games, joker positions included."""
    name = "yatzy" if not options else "yahtzee"
    s = get(name, **options)
    cards = random_cards(s.ruleset, 60, seed=7)[::3]
    states = [s.state_of(c) for c in cards]
    batch = States(*(np.array(col) for col in zip(*states, strict=True)))
    table = placement_values(s.rules, s.values, batch)
    for i, card in enumerate(cards):
        for r, roll in enumerate(ROLLS):
            best = max(
                after.total + (0 if after.is_complete else s.state_value(after))
                for p in card.options(roll)
                for after in (card.place(roll, p.box, p.column),)
            )
            assert card.total + table[r, i] == pytest.approx(best, abs=1e-9), (card, roll)


def test_a_state_is_worth_the_mean_of_its_best_first_rolls() -> None:
    s = get("yahtzee")
    card = random_cards(s.ruleset, 40, seed=3)[-1]
    best = np.array([s.advise(card, roll, 2)[0].value for roll in ROLLS])
    assert float(ROLL_PROBABILITY @ best) == pytest.approx(
        card.total + s.state_value(card), abs=1e-9
    )


def test_advice_lists_every_distinct_choice_best_first() -> None:
    s = get("yahtzee")
    card = s.ruleset.new_scorecard().place([2, 2, 2, 5, 5], "full_house")
    dice = (6, 6, 1, 6, 3)
    choices = s.advise(card, dice, 1)
    keeps = [c.keep for c in choices if c.kind == "keep"]
    places = {(c.box, c.column) for c in choices if c.kind == "place"}
    assert len(keeps) == len(set(keeps)) == 4 * 2 * 2 - 1  # never all five dice
    assert all(sorted(k) == list(k) and len(k) < 5 for k in keeps)
    assert places == {(p.box, p.column) for p in card.options(dice)}
    values = [c.value for c in choices]
    assert values == sorted(values, reverse=True)
    assert choices[0].kind == "keep" and choices[0].keep == (6, 6, 6)
    assert [c.kind for c in s.advise(card, dice, 0)] == ["place"] * len(places)


def test_a_placement_is_worth_its_points_plus_the_value_of_the_sheet_it_leaves() -> None:
    s = get("yatzy")
    card = s.ruleset.new_scorecard().place([3, 3, 3, 1, 2], "threes")
    for choice in s.advise(card, [4, 4, 4, 4, 2], 0):
        assert choice.box is not None  # every choice with no roll left is a placement
        after = card.place([4, 4, 4, 4, 2], choice.box)
        assert choice.value == pytest.approx(after.total + s.state_value(after), abs=1e-9)


def test_the_last_box_is_worth_exactly_what_it_scores() -> None:
    rs = rulesets.get("yatzy")
    card = rs.new_scorecard()
    for box in rs.categories[:-1]:
        card = card.place([1, 2, 3, 4, 5], box)
    (choice,) = get("yatzy").advise(card, [6, 6, 6, 6, 6], 0)
    assert (choice.box, choice.value) == ("yatzy", card.total + 50)


def test_a_yahtzee_after_a_fifty_earns_the_bonus_and_obeys_the_forced_joker() -> None:
    s = get("yahtzee")
    card = s.ruleset.new_scorecard().place([4, 4, 4, 4, 4], "yahtzee")
    places = [c for c in s.advise(card, [4, 4, 4, 4, 4], 0)]
    assert [c.box for c in places] == ["fours"]  # the open upper box is forced
    after = card.place([4, 4, 4, 4, 4], "fours")
    assert after.total == 50 + 20 + 100
    assert places[0].value == pytest.approx(after.total + s.state_value(after))


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (([1, 2, 3, 4, 7], 1), "invalid_dice"),
        (([1, 2, 3, 4], 1), "invalid_dice"),
        (([1, 2, 3, 4, 5], 3), "bad_rolls_left"),
        (([1, 2, 3, 4, 5], "2"), "bad_rolls_left"),
    ],
)
def test_bad_questions_get_a_clear_error(args: tuple[list[int], int | str], code: str) -> None:
    s = get("yahtzee")
    with pytest.raises(RulesError) as err:
        s.advise(s.ruleset.new_scorecard(), *args)  # type: ignore[arg-type]  # bad on purpose
    assert err.value.code == code


def test_no_advice_on_a_finished_sheet_another_variant_or_an_announcement() -> None:
    s = get("yatzy")
    card = s.ruleset.new_scorecard()
    for box in s.ruleset.categories:
        card = card.place([1, 2, 3, 4, 5], box)
    with pytest.raises(RulesError, match="game is over"):
        s.advise(card, [1, 1, 1, 1, 1], 0)
    with pytest.raises(RulesError, match="no announcements"):
        s.advise(s.ruleset.new_scorecard(), [1, 1, 1, 1, 1], 2, announced="yatzy")
    with pytest.raises(ValueError, match="this solver plays"):
        s.state_value(rulesets.get("yahtzee").new_scorecard())


def test_tables_round_trip_through_bytes_and_refuse_other_rules() -> None:
    s = get("yahtzee")
    data = s.to_bytes()
    again = solver.Solver.from_bytes(s.rules, data)
    assert np.array_equal(again.values, s.values, equal_nan=True)
    free = get("yahtzee", joker="free")
    with pytest.raises(ValueError, match="other rules or another code version"):
        solver.Solver.from_bytes(free.rules, data)
    with pytest.raises(ValueError, match="truncated"):
        solver.Solver.from_bytes(s.rules, data[:-8])
    with pytest.raises(ValueError, match="not a solver table"):
        solver.Solver.from_bytes(s.rules, b"hello")


def test_a_new_code_version_changes_the_table_name(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get("yahtzee").rules
    before = solver.table_name(rules)
    monkeypatch.setattr(solver, "CODE_VERSION", solver.CODE_VERSION + 1)
    assert solver.table_name(rules) != before
    assert solver.table_name(rules).startswith("yahtzee_joker_forced-")


class MemoryStore:
    def __init__(self) -> None:
        self.tables: dict[str, bytes] = {}

    def load(self, name: str) -> bytes | None:
        return self.tables.get(name)

    def save(self, name: str, data: bytes) -> None:
        self.tables[name] = data


@pytest.fixture(scope="module")
def built() -> dict[tuple[Any, ...], solver.Solver]:
    """Real solvers of this process, whose tables the tests below copy."""
    return {
        key: get(key[0], **dict(key[1:]))
        for key in (("yahtzee",), ("yatzy",), ("yatzy", ("exact_counts", True)))
    }


def test_solver_for_reads_a_stored_table_instead_of_building(
    built: dict[tuple[Any, ...], solver.Solver],
) -> None:
    real = built[("yatzy",)]
    stored = solver.Solver(real.rules, real.values.copy())
    stored.values[0] += 1.0  # a marker only the stored table has
    store = MemoryStore()
    store.save(solver.table_name(stored.rules), stored.to_bytes())
    tables = solver.Tables(store, solve=lambda *a, **k: pytest.fail("built again"))
    loaded = tables.solver_for(rulesets.get("yatzy"))
    assert loaded.values[0] == stored.values[0] == real.values[0] + 1.0
    assert tables.is_loaded(rulesets.get("yatzy"))


def test_a_stale_or_damaged_table_is_rebuilt_and_stored(
    built: dict[tuple[Any, ...], solver.Solver],
) -> None:
    rules = built[("yahtzee",)].rules
    name = solver.table_name(rules)
    store = MemoryStore()
    store.save(name, b"FIVEDICE-SOLVER\n{}\n")
    builds: list[str] = []
    reference = built[("yahtzee",)].values

    def solve(rules: SolverRules, workers: int = 2) -> np.ndarray:
        builds.append(rules.key)
        return reference.copy()

    s = solver.Tables(store, solve=solve).solver_for(rulesets.get("yahtzee"))
    assert builds == [rules.key]
    stored = solver.Solver.from_bytes(rules, store.tables[name])
    assert np.array_equal(stored.values, s.values, equal_nan=True)


def test_concurrent_first_calls_build_once_and_share_the_solver(
    built: dict[tuple[Any, ...], solver.Solver],
) -> None:
    reference = built[("yatzy", ("exact_counts", True))].values
    builds: list[str] = []
    gate = threading.Event()

    def slow_solve(rules: SolverRules, workers: int = 2) -> np.ndarray:
        builds.append(rules.key)
        gate.wait(5)
        return reference.copy()

    tables = solver.Tables(MemoryStore(), solve=slow_solve)
    ruleset = rulesets.get("yatzy", exact_counts=True)
    got = []
    threads = [
        threading.Thread(target=lambda: got.append(tables.solver_for(ruleset))) for _ in range(4)
    ]
    for t in threads:
        t.start()
    assert not tables.is_loaded(ruleset)
    gate.set()
    for t in threads:
        t.join(10)
    assert len(builds) == 1 and len(got) == 4 and all(g is got[0] for g in got)
