"""Read models: what the pages and the history show."""

from __future__ import annotations

from typing import Any

from django.db.models import Avg, Count, Max

from games import snapshots
from games.models import Game, Player, Room, Scorecard


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


# -- the state a viewer sees (built by games.snapshots) ---------------------------

def room_state(code: str, viewer: Player) -> dict[str, Any] | None:
    """The whole table as ``viewer`` sees it now, or ``None`` if they are not a member.

    Everything but the viewer's own parts comes from the room's snapshot, built once
    per room version and shared by every viewer of the process.
    """
    version = Room.objects.filter(code=code).values_list("version", flat=True).first()
    if version is None:
        return None
    shared = snapshots.snapshot(code, version)
    return shared.state_for(viewer.pk) if shared is not None else None
