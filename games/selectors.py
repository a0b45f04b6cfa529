"""Read models: what the pages and the history show."""

from __future__ import annotations

from django.db.models import Avg, Count, Max

from games.models import Game, Player, Scorecard


def player_history(player: Player) -> dict[str, dict[str, float | int]]:
    """Per variant: games finished, best and average final score.

    Games a moderator ended, or that ended with nobody left, do not count.
    """
    rows = (Scorecard.objects.filter(player=player, game__status=Game.Status.FINISHED)
            .values("game__ruleset")
            .annotate(games=Count("id"), best=Max("total"), average=Avg("total"))
            .order_by("game__ruleset"))
    return {
        row["game__ruleset"]: {"games": row["games"], "best": row["best"],
                               "average": round(float(row["average"]), 1)}
        for row in rows
    }
