"""Scorecard JSON: round trips, and every malformed sheet refused with a clear error."""

import json
from collections.abc import Callable
from typing import Any

import pytest

from scoring import rulesets, scorecard_json
from scoring.errors import RulesError
from scoring.scorecard import Scorecard
from tests.support.sheets import sheet

SAMPLES = [
    sheet("yahtzee", [((5,) * 5, "yahtzee"), ((5,) * 5, "fives"), ((1, 2, 3, 4, 6), "chance")]),
    sheet("yahtzee", [((1, 1, 1, 2, 2), "full_house")], joker="free"),
    sheet("yatzy", [((6, 6, 6, 2, 2), "two_pairs")], exact_counts=True),
    sheet("yams", [((1, 1, 2, 2, 3), "ones", "down"), ((6,) * 5, "yams", "up")]),
    sheet("triple_yahtzee", [((2,) * 5, "yahtzee", "x3"), ((2,) * 5, "twos", "x3")]),
]


@pytest.mark.parametrize("card", SAMPLES, ids=lambda c: c.ruleset.name)
def test_round_trip_through_json_text(card: Scorecard) -> None:
    text = json.dumps(scorecard_json.to_json(card))
    again = scorecard_json.from_json(json.loads(text))
    assert again == card
    assert again.total == card.total
    assert scorecard_json.to_json(again) == scorecard_json.to_json(card)


def test_json_shape() -> None:
    assert scorecard_json.to_json(SAMPLES[0]) == {
        "ruleset": "yahtzee",
        "options": {"joker": "forced"},
        "boxes": {"main": {"fives": 25, "yahtzee": 50, "chance": 16}},
        "extra_yahtzees": {"main": 1},
    }


def good() -> dict[str, Any]:
    return scorecard_json.to_json(SAMPLES[0])


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("boxes"), "keys"),
        (lambda d: d.update(ruleset="poker"), "unknown variant"),
        (lambda d: d.update(options={"joker": "wild"}), "joker"),
        (lambda d: d.update(options=[]), "options"),
        (lambda d: d["boxes"].update(x1={}), "columns"),
        (lambda d: d["boxes"]["main"].update(pair=4), "unknown boxes"),
        (lambda d: d["boxes"]["main"].update(ones=6), "0 to 5"),
        (lambda d: d["boxes"]["main"].update(fours=3), "fours must be a score"),
        (lambda d: d["boxes"]["main"].update(full_house=7), "full_house must be a score"),
        (lambda d: d["boxes"]["main"].update(three_of_a_kind=4), "three_of_a_kind must be a score"),
        (lambda d: d["boxes"]["main"].update(chance=0), "chance must be a score"),
        (lambda d: d["boxes"]["main"].update({1: 3}), "object of box scores"),
        (lambda d: d.update(options={"name": "yatzy"}), "unknown option 'name'"),
        (lambda d: d.update(options={1: "x"}), "options an object"),
        (lambda d: d["boxes"]["main"].update(ones=True), "got True"),
        (lambda d: d["boxes"]["main"].update(chance="16"), "got .16."),
        (lambda d: d["extra_yahtzees"].update(main=-1), ">= 0"),
        (lambda d: d["extra_yahtzees"].update(main=5), "cannot hold 5"),
        (lambda d: d["boxes"]["main"].update(yahtzee=0), "cannot hold 1"),
        (lambda d: d.update(boxes="x"), "columns"),
    ],
)
def test_malformed_sheets_are_refused(
    change: Callable[[dict[str, Any]], object], words: str
) -> None:
    data = good()
    change(data)
    with pytest.raises(RulesError, match=words) as err:
        scorecard_json.from_json(data)
    assert err.value.code == "bad_scorecard"


def test_not_an_object() -> None:
    with pytest.raises(ValueError, match="JSON object"):
        scorecard_json.from_json([1, 2])


def test_yams_columns_must_respect_their_order() -> None:
    data = scorecard_json.to_json(rulesets.get("yams").new_scorecard())
    data["boxes"]["down"] = {"twos": 4}
    with pytest.raises(RulesError, match="down column"):
        scorecard_json.from_json(data)
    data["boxes"]["down"] = {}
    data["boxes"]["up"] = {"ones": 4}
    with pytest.raises(RulesError, match="up column"):
        scorecard_json.from_json(data)


def test_bonus_in_a_variant_without_one() -> None:
    data = scorecard_json.to_json(sheet("yatzy"))
    data["extra_yahtzees"]["main"] = 1
    with pytest.raises(RulesError, match="no extra-Yahtzee bonus"):
        scorecard_json.from_json(data)


def test_every_value_a_game_can_write_is_accepted() -> None:
    data = scorecard_json.to_json(rulesets.get("yahtzee").new_scorecard())
    data["boxes"]["main"] = {
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "yahtzee": 50,
        "three_of_a_kind": 5,
        "chance": 30,
        "sixes": 0,
    }
    assert scorecard_json.from_json(data).total == 180
    yams = scorecard_json.to_json(rulesets.get("yams").new_scorecard())
    yams["boxes"]["free"] = {"full_house": 20, "maximum": 5, "minimum": 30}
    assert scorecard_json.from_json(yams).column_totals("free").middle == 0
