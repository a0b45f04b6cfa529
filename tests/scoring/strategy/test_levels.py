"""The registry of bot levels."""

import pytest

from scoring.strategy import levels
from scoring.strategy.beginner import Beginner
from scoring.strategy.decisions import Strategy
from scoring.strategy.expert import Expert


def test_names_and_get() -> None:
    assert levels.names() == ("beginner", "expert") == levels.LEVELS.names()
    player = levels.get("beginner")
    assert isinstance(player, Beginner)
    assert isinstance(player, Strategy)
    assert isinstance(levels.LEVELS.get("beginner"), Beginner)
    assert isinstance(levels.get("expert"), Expert)
    assert isinstance(levels.get("expert"), Strategy)


@pytest.mark.parametrize("level", ["grandmaster", "", None, "Beginner", "Expert"])
def test_unknown_levels_name_the_valid_ones(level: str | None) -> None:
    with pytest.raises(ValueError, match="choose one of: beginner, expert"):
        levels.get(level)  # type: ignore[arg-type]  # None too: any bad name is refused


def test_a_new_level_plugs_in() -> None:
    registry = levels.Levels({"beginner": Beginner, "also": Beginner})
    assert registry.names() == ("beginner", "also")
    assert isinstance(registry.get("also"), Beginner)
