"""What a plain scripted player plays, read from the game part of a room's ``state``
(docs/protocol.md): the boxes the dice can fill, and the next request on its turn.

``bench.harness.room_client`` exports both for the clients that drive a ``Seat``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any


def placements(game: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game's ``options`` (by column, then box: ``[points, bonus, gain]``) as a list of
    ``{"column", "box", "points", "bonus", "gain"}``, in column then sheet order."""
    return [
        {"column": column, "box": box, "points": points, "bonus": bonus, "gain": gain}
        for column, boxes in game["options"].items()
        for box, (points, bonus, gain) in boxes.items()
    ]


def next_move(game: Mapping[str, Any]) -> dict[str, Any]:
    """A plain player's next request on their turn: roll, keep the most common face
    (up to two rerolls unless a box already pays well), then fill the best box."""
    dice, rolls_left, options = game["dice"], game["rolls_left"], placements(game)
    if game.get("must_announce"):
        return {"type": "announce", "box": _open_announce_box(game)}
    if not dice:
        return {"type": "roll", "hold": []}
    best = max(options, key=lambda o: o["gain"]) if options else None
    face, count = Counter(dice).most_common(1)[0]
    if rolls_left > 0 and count < 5 and (best is None or best["gain"] < 25):
        return {"type": "roll", "hold": [i for i, d in enumerate(dice) if d == face]}
    if best is None:  # five of a kind that fits nowhere yet: throw one die again
        return {"type": "roll", "hold": [0, 1, 2, 3]}
    move = {"type": "place", "box": best["box"]}
    if len(game["ruleset"]["columns"]) > 1:
        move["column"] = best["column"]
    return move


def _open_announce_box(game: Mapping[str, Any]) -> str:
    """The first open box of the announced column on the sheet whose turn it is."""
    rules = game["ruleset"]
    filled = game["seats"][game["current_seat"]]["boxes"].get(rules["announce_column"], {})
    key: str = next(
        box["key"]
        for section in rules["sections"]
        for box in section["boxes"]
        if box["key"] not in filled
    )
    return key
