"""Properties that hold for every roll and every game, checked with hypothesis."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from scoring import rulesets, scorecard_json
from scoring.dice import from_rng
from scoring.ruleset import RuleSet
from scoring.scorecard import Scorecard
from scoring.turn import Turn

DICE = st.lists(st.integers(1, 6), min_size=5, max_size=5)
RULESETS = st.sampled_from(
    [
        rulesets.get("yahtzee"),
        rulesets.get("yahtzee", joker="free"),
        rulesets.get("yatzy"),
        rulesets.get("yatzy", exact_counts=True),
        rulesets.get("yams"),
        rulesets.get("triple_yahtzee"),
        rulesets.get("triple_yahtzee", joker="free"),
    ]
)


@given(RULESETS, DICE)
def test_chance_is_the_sum_of_the_dice(rs: RuleSet, dice: list[int]) -> None:
    if "chance" in rs.categories:
        assert rs.score(dice, "chance") == sum(dice)
    if rs.name == "yams":
        assert rs.score(dice, "maximum") == rs.score(dice, "minimum") == sum(dice)


@given(RULESETS, DICE, st.randoms(use_true_random=False))
def test_every_score_is_within_its_box_bounds_and_ignores_dice_order(
    rs: RuleSet, dice: list[int], rng: random.Random
) -> None:
    shuffled = list(dice)
    rng.shuffle(shuffled)
    for box in rs.categories:
        low, high = rs.box_bounds(box)
        points = rs.score(dice, box)
        assert low <= points <= high
        assert rs.score(shuffled, box) == points


def play_random_game(
    rs: RuleSet, rng: random.Random
) -> tuple[Scorecard, list[int], list[Scorecard]]:
    """Play one complete game with random holds, announcements and placements."""
    card = rs.new_scorecard()
    source = from_rng(rng)
    placed = [0] * len(rs.columns)
    cards = [card]
    while not card.is_complete:
        turn = Turn().roll(source, card=card)
        announceable = rs.announce_column and card.open_boxes(rs.announce_column)
        if announceable and (card.must_announce or rng.random() < 0.3):
            turn = turn.announce(rng.choice(announceable), card)
        for _ in range(rng.randint(0, 2)):
            hold = [i for i in range(5) if rng.random() < 0.5][:4]
            turn = turn.roll(source, hold, card=card)
        options = card.options(turn.dice, announced=turn.announced)
        assert options, "a turn played by the rules always has a legal placement"
        choice = rng.choice(options)
        low, high = rs.box_bounds(choice.box)
        assert low <= choice.points <= high
        card = turn.place(card, choice.box, choice.column)
        placed[rs.columns.index(choice.column)] += choice.total
        cards.append(card)
    return card, placed, cards


@given(RULESETS, st.randoms(use_true_random=False))
def test_a_random_complete_game_totals_the_sum_of_its_parts(
    rs: RuleSet, rng: random.Random
) -> None:
    card, placed, _ = play_random_game(rs, rng)
    assert card.is_complete
    assert card.filled_count == len(rs.categories) * len(rs.columns)
    grand = 0
    for c, column in enumerate(rs.columns):
        t = card.column_totals(column)
        held = {box: card.score_in(box, column) for box in rs.categories}
        row = {box: points for box, points in held.items() if points is not None}
        assert len(row) == len(held)  # a complete sheet: every box holds its points
        upper = sum(row[box] for box in rs.section_boxes("upper"))
        middle = sum(row[box] for box in rs.section_boxes("middle"))
        lower = sum(row[box] for box in rs.section_boxes("lower"))
        assert (t.upper, t.lower) == (upper, lower)
        assert t.upper_bonus == (rs.upper_bonus_points if upper >= rs.upper_bonus_threshold else 0)
        if middle:
            zeroed = row["minimum"] >= row["maximum"]
            assert t.middle == (0 if zeroed else middle)
        assert upper + middle + lower + t.yahtzee_bonus == placed[c]
        assert t.total == t.subtotal * rs.multipliers[c]
        grand += t.total
    assert card.total == grand


@given(RULESETS, st.randoms(use_true_random=False))
def test_json_round_trip_is_the_identity(rs: RuleSet, rng: random.Random) -> None:
    _, _, cards = play_random_game(rs, rng)
    for card in cards[:: max(1, len(cards) // 6)] + cards[-1:]:
        data = json.loads(json.dumps(scorecard_json.to_json(card)))
        assert scorecard_json.from_json(data) == card
        assert scorecard_json.to_json(scorecard_json.from_json(data)) == data


@given(RULESETS, st.randoms(use_true_random=False))
def test_turn_json_round_trip_is_the_identity(rs: RuleSet, rng: random.Random) -> None:
    card, turn, source = rs.new_scorecard(), Turn(), from_rng(rng)
    for _ in range(rng.randint(0, 3)):
        hold = [i for i in range(5) if rng.random() < 0.5][:4] if turn.has_rolled else []
        turn = turn.roll(source, hold, card=card)
        if rs.announce_column and turn.rolls_used == 1 and rng.random() < 0.5:
            turn = turn.announce(rng.choice(rs.categories), card)
        assert Turn.from_json(json.loads(json.dumps(turn.to_json())), card=card) == turn


@given(RULESETS, st.randoms(use_true_random=False))
def test_gain_is_the_change_of_the_final_score(rs: RuleSet, rng: random.Random) -> None:
    _, _, cards = play_random_game(rs, rng)
    source = from_rng(rng)
    for card in cards[:-1:3]:
        dice = source(5)
        options = card.options(dice)
        for option, gain in zip(options, card.gains(options), strict=True):
            placed = card.place(dice, option.box, option.column)
            assert card.gain(option) == gain == placed.total - card.total
