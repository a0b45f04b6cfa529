"""A group's join link (``/groups/join/<token>/``): who the group is, and a button to
join it (a guest is offered to make an account, coming back here)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from common.errors import ServiceError
from groups.selectors.groups import group_by_token, is_member, members_of
from groups.services.members import group_join
from groups.web.pages import account_player, guest_page


@require_http_methods(["GET", "POST"])
def group_join_page(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the group, its owner and members, and a button to join; POST: joined, on to
    the group's page (a refusal is said on this page)."""
    group = group_by_token(token)
    if group is None:
        raise Http404(gettext("This group link is not valid any more."))
    player = account_player(request)
    if player is None:
        return guest_page(request, request.path)
    if is_member(group, player):
        return HttpResponseRedirect(reverse("games:group", args=[group.pk]))
    if request.method == "POST":
        try:
            group_join(player=player, token=token)
        except ServiceError as refusal:
            messages.error(request, refusal.message)
            return HttpResponseRedirect(request.path)
        messages.success(request, gettext("Welcome to %(name)s.") % {"name": group.name})
        return HttpResponseRedirect(reverse("games:group", args=[group.pk]))
    return render(request, "groups/join.html", {"group": group, "members": members_of(group)})
