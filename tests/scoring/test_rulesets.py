"""The registry and the context-free ``score`` question."""

from collections.abc import Callable

import pytest

from scoring import rulesets
from scoring.errors import RulesError

BOXES = {
    "yahtzee": "ones twos threes fours fives sixes three_of_a_kind four_of_a_kind full_house "
    "small_straight large_straight yahtzee chance",
    "yatzy": "ones twos threes fours fives sixes one_pair two_pairs three_of_a_kind "
    "four_of_a_kind small_straight large_straight full_house chance yatzy",
    "yams": "ones twos threes fours fives sixes maximum minimum full_house four_of_a_kind "
    "straight yams",
    "triple_yahtzee": "ones twos threes fours fives sixes three_of_a_kind four_of_a_kind "
    "full_house small_straight large_straight yahtzee chance",
}
COLUMNS = {
    "yahtzee": ("main",),
    "yatzy": ("main",),
    "yams": ("free", "down", "up", "announced"),
    "triple_yahtzee": ("x1", "x2", "x3"),
}


def test_names() -> None:
    assert rulesets.names() == ("yahtzee", "yatzy", "yams", "triple_yahtzee")


@pytest.mark.parametrize("name", list(BOXES))
def test_boxes_and_columns(name: str) -> None:
    rs = rulesets.get(name)
    assert rs.categories == tuple(BOXES[name].split())
    assert rs.columns == COLUMNS[name]
    assert all(rs.box_title(k) and rs.box_rule(k) for k in rs.categories)


def test_defaults_and_options() -> None:
    assert dict(rulesets.get("yahtzee").options) == {"joker": "forced"}
    assert dict(rulesets.get("yahtzee", joker="free").options) == {"joker": "free"}
    assert dict(rulesets.get("yatzy").options) == {"exact_counts": False}
    assert dict(rulesets.get("yatzy", exact_counts=True).options) == {"exact_counts": True}
    assert dict(rulesets.get("yams").options) == {}
    assert dict(rulesets.get("triple_yahtzee").options) == {"joker": "forced"}
    assert rulesets.get("yahtzee") is rulesets.get("yahtzee", joker="forced")
    assert rulesets.get("yahtzee") != rulesets.get("yahtzee", joker="free")
    assert rulesets.option_choices("yatzy") == {"exact_counts": (False, True)}


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: rulesets.get("poker"), ["poker", "yahtzee, yatzy, yams, triple_yahtzee"]),
        (lambda: rulesets.get(None), ["None", "yahtzee"]),  # type: ignore[arg-type]  # on purpose
        (lambda: rulesets.get("yahtzee", jokers="free"), ["jokers", "joker"]),
        (lambda: rulesets.get("yams", joker="free"), ["joker", "none"]),
        (lambda: rulesets.get("yahtzee", joker="wild"), ["'wild'", "'forced', 'free'"]),
        (lambda: rulesets.get("yatzy", exact_counts="yes"), ["'yes'", "False, True"]),
        (lambda: rulesets.get("yatzy", exact_counts=1), ["exact_counts", "False, True"]),
        (lambda: rulesets.get("yahtzee", joker=["free"]), ["joker", "'forced', 'free'"]),
    ],
)
def test_bad_names_and_options_raise_value_error_naming_the_choices(
    call: Callable[[], object], words: list[str]
) -> None:
    with pytest.raises(ValueError) as err:
        call()
    for word in words:
        assert word in str(err.value)


@pytest.mark.parametrize("name", list(BOXES))
@pytest.mark.parametrize(
    "dice",
    [
        [1, 2, 3, 4],
        [1, 2, 3, 4, 5, 6],
        [0, 1, 2, 3, 4],
        [1, 2, 3, 4, 7],
        [1, 2, 3, 4, 5.0],
        [1, 2, 3, 4, "5"],
        [True, 2, 3, 4, 5],
        "12345",
        12345,
        None,
        [],
    ],
)
def test_invalid_dice_raise_value_error(name: str, dice: object) -> None:
    with pytest.raises(ValueError, match="dice") as err:
        rulesets.get(name).score(dice, "ones")
    assert isinstance(err.value, RulesError) and err.value.code == "invalid_dice"


@pytest.mark.parametrize("name", list(BOXES))
@pytest.mark.parametrize("box", ["pair", "Ones", "", None, 3])
def test_unknown_box_raises_value_error_listing_the_boxes(name: str, box: str | int | None) -> None:
    with pytest.raises(ValueError, match="unknown box") as err:
        rulesets.get(name).score([1, 1, 1, 1, 1], box)  # type: ignore[arg-type]  # on purpose
    assert "ones" in str(err.value)
    assert isinstance(err.value, RulesError) and err.value.code == "unknown_box"


def test_score_accepts_any_sequence_in_any_order() -> None:
    rs = rulesets.get("yahtzee")
    assert rs.score((5, 4, 3, 2, 1), "large_straight") == 40
    assert rs.score(iter([3, 3, 2, 2, 3]), "full_house") == 25


@pytest.mark.parametrize("name", list(BOXES))
def test_sections_cover_every_box_once(name: str) -> None:
    rs = rulesets.get(name)
    listed = [key for _, keys in rs.sections for key in keys]
    assert listed == list(rs.categories)
    assert rs.sections[0][0] == "upper"


def test_special_rules_follow_the_options() -> None:
    forced = rulesets.get("yahtzee").special_rules()
    free = rulesets.get("yahtzee", joker="free").special_rules()
    assert forced[0] == "35 bonus points when ones to sixes add up to 63 or more."
    assert "only when the lower section is full" in forced[-1]
    assert any(r.startswith("Joker rule (free)") for r in free)
    assert forced != free
    assert rulesets.get("yatzy").special_rules()[0].startswith("50 bonus points")
    assert "more than 60" in rulesets.get("yams").special_rules()[0]
    assert rulesets.get("triple_yahtzee").special_rules()[-1] == forced[-1]


@pytest.mark.parametrize(
    ("name", "titles"),
    [
        ("yahtzee", ["Score"]),
        ("yams", ["Free", "Down", "Up", "Announced"]),
        (
            "triple_yahtzee",
            ["\N{MULTIPLICATION SIGN}1", "\N{MULTIPLICATION SIGN}2", "\N{MULTIPLICATION SIGN}3"],
        ),
    ],
)
def test_every_column_has_a_title_and_a_rule(name: str, titles: list[str]) -> None:
    rs = rulesets.get(name)
    assert [rs.column_title(c) for c in rs.columns] == titles
    assert all(rs.column_rule(c).endswith(".") for c in rs.columns)
    with pytest.raises(RulesError):
        rs.column_rule("sideways")


def test_a_rule_set_cannot_be_changed_since_every_game_shares_it() -> None:
    rs = rulesets.get("yahtzee")
    with pytest.raises(AttributeError):
        rs.upper_bonus_points = 0  # type: ignore[misc]  # the change tried
    with pytest.raises(TypeError):
        rs._box["chance"] = rs.box("ones")  # type: ignore[index]  # the change tried
    assert rulesets.get("yahtzee").new_scorecard().place((6,) * 5, "sixes").total == 30


@pytest.mark.parametrize(
    "dice", [{1, 2, 3, 4, 5}, dict.fromkeys([1, 2, 3, 4, 5]), bytearray([1, 2, 3, 4, 5])]
)
def test_unordered_or_byte_containers_are_not_dice(dice: object) -> None:
    with pytest.raises(RulesError) as err:
        rulesets.get("yatzy").score(dice, "chance")
    assert err.value.code == "invalid_dice"
