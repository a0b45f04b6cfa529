"""A group's leaderboard in a variant (``/groups/<id>/ratings/<variant>/``): ratings'
leaderboard page among the group's members, for its members."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from accounts.services.players import current_player
from groups.selectors.groups import group_by_id, is_member, member_ids
from ratings.web.leaderboards import leaderboard_page


@require_GET
def group_leaderboard(request: HttpRequest, group_id: int, variant: str) -> HttpResponse:
    """``variant``'s leaderboard among the members of the group with ``group_id``; 404
    for anyone not in it."""
    group = group_by_id(group_id)
    viewer = current_player(request.session, request.user)
    if group is None or not is_member(group, viewer):
        raise Http404(gettext("There is no such group, or you are not in it."))
    members = member_ids(group)
    return leaderboard_page(request, variant, among=members, heading=group.name, linked=members)
