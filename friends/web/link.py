"""A person's friend link (``/friends/add/<signed token>/``): the page that offers to send
them a request, and the link as a QR code drawn by the server with ``segno``."""

from __future__ import annotations

import io

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET, require_http_methods

from accounts.models import Player
from common.errors import ServiceError
from friends.selectors.friends import are_friends, friend_token, player_of_token
from friends.services.requests import friend_request_send
from friends.web.pages import account_player, guest_page


def _owner(token: str) -> Player:
    owner = player_of_token(token)
    if owner is None:
        raise Http404(gettext("This friend link is not valid."))
    return owner


@require_http_methods(["GET", "POST"])
def friend_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET: who the link is of, and a button to ask them; POST: the request sent (a
    guest is offered to make an account, coming back here)."""
    owner = _owner(token)
    player = account_player(request)
    if player is None:
        return guest_page(request, request.path)
    if request.method == "POST":
        try:
            now_friends = friend_request_send(player=player, other=owner)
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            done = (
                gettext("You and %(name)s are friends now.")
                if now_friends
                else gettext("Friend request sent to %(name)s.")
            )
            messages.success(request, done % {"name": owner.name})
        return HttpResponseRedirect(reverse("games:friends"))
    context = {"owner": owner, "own": owner.pk == player.pk, "friends": are_friends(player, owner)}
    return render(request, "friends/link.html", context)


@require_GET
@cache_control(private=True, max_age=3600)
def friend_link_qr(request: HttpRequest) -> HttpResponse:
    """The visitor's own friend link as a QR code (404 without an account)."""
    player = account_player(request)
    if player is None:
        raise Http404(gettext("Friend links are for people with an account."))
    link = request.build_absolute_uri(reverse("games:friend_link", args=[friend_token(player)]))
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out,
        kind="svg",
        border=4,
        xmldecl=False,
        omitsize=True,
        title=gettext("QR code of your friend link"),
        dark="#1d1b16",
        light="#ffffff",
    )
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")
