"""A variant's leaderboard page (``/ratings/<variant>/``): everyone's ratings, or those of
the players another page passes (``leaderboard_page``: a person's friends, a group)."""

from __future__ import annotations

from collections.abc import Collection

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from accounts.services.players import current_player
from coach.selectors.stats import visible_profiles
from common.rule_texts import variant_title
from friends.selectors.friends import friend_ids
from ratings.selectors.ratings import leaderboard
from ratings.skill import SETTLED_AFTER
from scoring import rulesets


def leaderboard_page(
    request: HttpRequest,
    variant: str,
    *,
    among: Collection[int] | None,
    heading: str,
    scope: str = "",
    linked: Collection[int] | None = None,
) -> HttpResponse:
    """The leaderboard of ``variant`` among the players ``among`` (``None``: everyone),
        titled ``heading``; ``scope`` ("everyone", "friends") marks the board the page's
        own links lead to; the names link to the profiles of ``linked`` (by default, those
    the viewer may open: ``visible_profiles``); 404 for a variant the site does not have."""
    if variant not in rulesets.names():
        raise Http404(gettext("There is no such variant."))
    viewer = current_player(request.session, request.user)
    standings = leaderboard(variant, among=among)
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "variant": variant,
            "title": variant_title(variant),
            "heading": heading,
            "variants": [(name, variant_title(name)) for name in rulesets.names()],
            "standings": standings,
            "linked": visible_profiles(viewer, [line.player_id for line in standings])
            if linked is None
            else set(linked),
            "viewer_id": viewer.pk if viewer is not None else None,
            "settled_after": SETTLED_AFTER,
            "scope": scope,
            "has_account": viewer is not None and viewer.user_id is not None,
        },
    )


@require_GET
def ratings_leaderboard(request: HttpRequest, variant: str) -> HttpResponse:
    """``variant``'s leaderboard among everyone."""
    return leaderboard_page(
        request, variant, among=None, heading=gettext("Everyone"), scope="everyone"
    )


@require_GET
def ratings_among_friends(request: HttpRequest, variant: str) -> HttpResponse:
    """``variant``'s leaderboard among the viewer and their friends (empty for someone
    without an account: friends are for accounts)."""
    viewer = current_player(request.session, request.user)
    among: set[int] = set()
    if viewer is not None and viewer.user_id is not None:
        among = friend_ids(viewer) | {viewer.pk}
    return leaderboard_page(
        request, variant, among=among, heading=gettext("You and your friends"), scope="friends"
    )
