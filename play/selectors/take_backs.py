"""The placements of a game in play that may still be taken back, as the room's state
shows them (``game.take_back``): each is its player's to take back
(``play.services.placements.placement_take_back`` checks the same, under the lock).
"""

from __future__ import annotations

from typing import Any

from common.protocol.game import Undoable
from play import sql
from play.models import Turn
from play.modes import Mode
from play.selectors.shared_state import SharedGame

# The game's turns from a number on: the last placement and the turn after it (one seat
# after another), or the open round's turns (everyone at once).
TURNS = (
    'SELECT number, seat, player_id, box, "column", finish, placed_by_id, rolls'
    " FROM games_turn WHERE game_id = %s AND number > %s ORDER BY number"
)


def take_backs(game: dict[str, Any], view: SharedGame, *, mode: Mode) -> list[Undoable]:
    """The placements of ``game`` (its row, as ``sql.GAME`` reads it, played in ``mode``)
    that the people who made them may still take back, ``{"seat", "player", "box",
    "column"}`` by seat, given ``view``, the game as the state shows it so far (its
    seats, and the open turn or round)."""
    if mode.counts is not None:
        return []
    count, seats, rounds = game["turn_count"], view["seats"], mode.turns.rounds
    if rounds:
        if not any(turn["done"] for turn in view["turns"] or ()):
            return []
        since = count - len(seats)
    else:
        if view["dice"] or count < 2:  # the next seat has rolled, or nothing was placed
            return []
        since = count - 2
    people = {seat["seat"]: seat["player"] for seat in seats if not seat["bot"]}
    rows = sql.fetch(TURNS, [game["id"], since])
    if not rounds and (len(rows) != 2 or rows[1]["rolls"]):
        return []
    placed = rows if rounds else rows[:1]
    return [
        {
            "seat": row["seat"],
            "player": row["player_id"],
            "box": row["box"],
            "column": row["column"],
        }
        for row in placed
        if row["box"]
        and row["finish"] == Turn.Finish.PLAYED
        and row["placed_by_id"] == row["player_id"] == people.get(row["seat"])
    ]
