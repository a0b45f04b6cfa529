"""A variant's leaderboard page (``/ratings/<variant>/``): everyone's ratings, or those of
the players another page passes (``leaderboard_page``: a person's friends, a group)."""

from __future__ import annotations

from collections.abc import Collection

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from accounts.services.players import current_player
from common.rule_texts import variant_title
from ratings.selectors.ratings import leaderboard
from ratings.skill import SETTLED_AFTER
from scoring import rulesets


def leaderboard_page(
    request: HttpRequest, variant: str, *, among: Collection[int] | None, heading: str
) -> HttpResponse:
    """The leaderboard of ``variant`` among the players ``among`` (``None``: everyone),
    titled ``heading``; 404 for a variant the site does not have."""
    if variant not in rulesets.names():
        raise Http404(gettext("There is no such variant."))
    viewer = current_player(request.session, request.user)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "variant": variant,
            "title": variant_title(variant),
            "heading": heading,
            "variants": [(name, variant_title(name)) for name in rulesets.names()],
            "standings": leaderboard(variant, among=among),
            "viewer_id": viewer.pk if viewer is not None else None,
            "settled_after": SETTLED_AFTER,
        },
    )


@require_GET
def ratings_leaderboard(request: HttpRequest, variant: str) -> HttpResponse:
    """``variant``'s leaderboard among everyone."""
    return leaderboard_page(request, variant, among=None, heading=gettext("Everyone"))
