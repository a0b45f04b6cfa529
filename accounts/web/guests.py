"""Letting a visitor in as a player: the guest limit's page, and registering a player
in the same transaction as what they came to do."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from accounts import guest_limit
from accounts.models import Player
from accounts.services.players import SESSION_KEY, current_player, player_register
from accounts.web.accounts import remember_account_language
from common import throttle
from common.error_pages import error_page


def too_many_guests(request: HttpRequest, refusal: guest_limit.TooManyGuests) -> HttpResponse:
    """The 429 page of a new guest over the guest limit (``accounts.guest_limit``)."""
    response = error_page(
        request,
        429,
        gettext("Too many new players"),
        refusal.message,
        detail=gettext(
            "This address has started many new players lately. If you "
            "already have one, go back to the window you played in."
        ),
    )
    response["Retry-After"] = str(max(1, refusal.wait))
    return response


def register(request: HttpRequest, name: str, *, opening: bool) -> Player:
    """The visitor's player, named ``name``.  A new player (a guest's, or the first of an
    account that has none) is let in by the guest limit of their address
    (``accounts.guest_limit``: opening a room is limited, joining one through its link is
    not unless the address is under a ban); over it, ``TooManyGuests`` and nothing is
    created."""
    new_guest = current_player(request.session, request.user) is None
    admission = (
        guest_limit.admit(throttle.http_address(request), opening=opening) if new_guest else None
    )
    player = player_register(session=request.session, name=name, user=request.user)
    if admission is not None:
        admission.record(player.pk)
        if request.user.is_authenticated:
            remember_account_language(player)
    return player


@contextmanager
def registering(request: HttpRequest) -> Iterator[None]:
    """A block that registers the visitor and acts for them in one transaction: when it
    fails, the player it made is undone, in the database and in the session (bad input
    changes nothing)."""
    before = request.session.get(SESSION_KEY)
    try:
        with transaction.atomic():
            yield
    except BaseException:
        if request.session.get(SESSION_KEY) != before:
            if before is None:
                request.session.pop(SESSION_KEY, None)
            else:
                request.session[SESSION_KEY] = before
        raise
