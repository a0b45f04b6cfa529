"""The bell's pages: every item of the player's bell (for phones, and pages without
JavaScript), an item opened (marked read, then on to what it is about), and every item
marked read (docs/notices.md, "The bell")."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from accounts.services.players import current_player
from common.errors import ServiceError
from common.publish import publish_on_commit
from notices.selectors.bell import PAGE_ITEMS, bell_item_view, bell_items, bell_unread
from notices.services.bell import bell_read, bell_read_all


@require_GET
def bell_page(request: HttpRequest) -> HttpResponse:
    """Every item of the player's bell, newest first (the newest ``PAGE_ITEMS``), with
    "Mark all read"; a visitor who is no one is told what the bell is for."""
    player = current_player(request.session, request.user)
    items = [] if player is None else bell_items(player.pk, limit=PAGE_ITEMS)
    return render(
        request,
        "notices/bell.html",
        {
            "player": player,
            "items": [{**bell_item_view(item), "when": item.created_at} for item in items],
            "unread": 0 if player is None else bell_unread(player.pk),
        },
    )


@require_GET
def bell_open(request: HttpRequest, item: int) -> HttpResponse:
    """Open the player's item ``item``: marked read (every page of theirs is told), then
    on to where it leads. Another's item, or none, is not found."""
    player = current_player(request.session, request.user)
    if player is None:
        raise Http404
    try:
        done = bell_read(player=player, item_id=item)
    except ServiceError:
        raise Http404 from None
    publish_on_commit(done.news)
    return HttpResponseRedirect(done.value)


@require_POST
def bell_read_everything(request: HttpRequest) -> HttpResponse:
    """Mark every item of the player's bell read, and come back to the bell's page."""
    player = current_player(request.session, request.user)
    if player is not None:
        publish_on_commit(bell_read_all(player=player))
        messages.success(request, gettext("Every notice is marked read."))
    return HttpResponseRedirect(reverse("games:bell"))
