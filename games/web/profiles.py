"""A player's profile page: their figures per variant, the coach's accuracy over time,
their last games (``coach.selectors.stats``), and their ratings with their history
(``ratings.selectors.ratings``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.selectors.players import player_by_id
from accounts.services.players import current_player
from coach.selectors.stats import ACCURACY_POINTS, can_see_profile, player_stats
from coach.web.charts import percent_chart
from common.rule_texts import variant_title
from daily.selectors.daily import calendar, played_days, streak
from friends.selectors.blocks import has_blocked
from groups.selectors.groups import groupmate_ids
from ratings.selectors.ratings import history_of, ratings_of
from ratings.skill import SETTLED_AFTER
from ratings.web.charts import rating_chart

REFUSED = gettext_lazy(
    "Only the player, their friends, the people in their groups and those who shared a "
    "room with them can see this profile."
)


@require_GET
def player_profile(request: HttpRequest, player_id: int) -> HttpResponse:
    """The profile of a person, for themselves and the members of rooms they shared: 403
    for anyone else, 404 for a bot (a bot is a new player at each seat), no player, or
    someone who blocked the viewer (as for nobody: docs/friends.md)."""
    player = player_by_id(player_id)
    if player is None or player.is_bot:
        raise Http404(gettext("There is no player's profile at this address."))
    viewer = current_player(request.session, request.user)
    if viewer is not None and has_blocked(player.pk, viewer.pk):
        raise Http404(gettext("There is no player's profile at this address."))
    if not can_see_profile(viewer, player) and player.pk not in groupmate_ids(viewer):
        raise PermissionDenied(str(REFUSED))
    stats = player_stats(player)
    own = viewer is not None and viewer.pk == player.pk
    days = played_days(player)
    return render(
        request,
        "games/profile.html",
        {
            "profile": player,
            "daily_days": len(days),
            "streak": streak(days),
            "calendar": calendar(days),
            "own": own,
            "may_block": viewer is not None and viewer.user_id is not None and not own,
            "blocked": viewer is not None and has_blocked(viewer.pk, player.pk),
            "stats": stats,
            "accuracy_points": ACCURACY_POINTS,
            "ratings": _ratings(player),
            "settled_after": SETTLED_AFTER,
            "chart": percent_chart([p.accuracy for p in stats.accuracy])
            if stats.accuracy
            else None,
        },
    )


def _ratings(player: Player) -> list[dict[str, Any]]:
    """Each of ``player``'s ratings with its variant's title, its history (newest first)
    and the chart of the ratings it went through, oldest first."""
    shown = []
    for rating in ratings_of(player):
        steps = history_of(player, rating.variant)
        values = [steps[0].before, *(step.after for step in steps)] if steps else []
        shown.append(
            {
                "rating": rating,
                "title": variant_title(rating.variant),
                "history": steps[::-1],
                "chart": rating_chart(values) if values else None,
            }
        )
    return shown


@require_GET
def my_profile(request: HttpRequest) -> HttpResponse:
    """The visitor's own profile (a stable link for the header and the home page); 404
    for a visitor who has no player yet."""
    viewer = current_player(request.session, request.user)
    if viewer is None:
        raise Http404(gettext("You have no player yet: it starts when you open or join a room."))
    return HttpResponseRedirect(reverse("games:player_profile", args=[viewer.pk]))
