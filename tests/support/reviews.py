"""Checking a game review's split of the final score into luck and skill."""

from __future__ import annotations

from typing import Any

from games.models import Game, Turn
from games.selectors.rooms import ruleset_of
from games.services.reviews import build_review


def adds_up(data: dict[str, Any]) -> bool:
    """The review's split of the final score adds up: the expectation at the start, plus
    luck, minus the points the player's decisions and the others' gave away; and the
    path's steps sum to the totals (each rounded to the cent)."""
    parts = data["expected_start"] + data["luck"] - data["total_lost"] - data["others_lost"]
    steps = data["path"]
    return (abs(parts - data["total"]) < 0.05
            and abs(sum(s["luck"] for s in steps) - data["luck"]) < 0.01 * len(steps) + 0.01
            and abs(sum(s["lost"] for s in steps) - data["total_lost"] - data["others_lost"])
            < 0.01 * len(steps) + 0.01
            and abs(steps[-1]["expected"] - steps[-1]["lost"] - data["total"]) < 0.05)


def check_luck_adds_up(game: Game) -> int:
    """Fail unless the review of every person who played finished ``game`` splits their
    final score exactly into the expectation at the start, luck and what was given away
    (built from the move log, whether or not a review is stored). Games whose move log
    does not fill every box (a test wrote their sheets or status itself) are not
    reviewable and are passed over. Returns how many reviews were checked."""
    turns = list(Turn.objects.filter(game=game).order_by("number").select_related("player"))
    rs = ruleset_of(game)
    boxes = len(rs.categories) * len(rs.columns)
    seats = {t.seat for t in turns}
    if any(sum(1 for t in turns if t.seat == seat and t.box) != boxes for seat in seats):
        return 0
    people = {t.player for t in turns if not t.player.is_bot}
    for player in people:
        data = build_review(rs, turns, player)
        assert adds_up(data), (game.pk, player.pk, {k: data[k] for k in (
            "expected_start", "luck", "total_lost", "others_lost", "total")})
    return len(people)
