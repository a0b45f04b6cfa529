"""A finished game's result rung on the bell of everyone seated in it: the receiver of
``play.signals.game_finished`` (connected in ``notices.apps``), which the game sends
after its commit, wherever the game ended (a socket, the clock)."""

from __future__ import annotations

from typing import Any

from common.publish import publish_on_commit
from notices.services.bell import bell_game_result


def game_result_rung(sender: Any, *, game_id: int, **kwargs: Any) -> None:
    """Ring the result of game ``game_id`` and tell each seated person's pages."""
    publish_on_commit(bell_game_result(game_id=game_id))
