"""What the friends page's buttons do: a request by name or to one person, accept,
decline, cancel, remove, block and unblock. Each is a POST that calls one service and
comes back with what happened (a guest is offered to make an account instead)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts.models import Player
from accounts.selectors.players import accounts_named, player_by_id
from common.errors import ServiceError
from friends.services.blocks import block_add, block_remove
from friends.services.requests import (
    friend_remove,
    friend_request_accept,
    friend_request_cancel,
    friend_request_decline,
    friend_request_send,
)
from friends.web.pages import NameForm, account_player, guest_page, page_context


def _back(request: HttpRequest) -> HttpResponseRedirect:
    """Back where the form came from (``next``, on this site), else the friends page."""
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("games:friends")
    return HttpResponseRedirect(target)


def _other(request: HttpRequest) -> Player | None:
    """The player the form names (``player``: an id), or ``None``."""
    raw = request.POST.get("player", "")
    return player_by_id(int(raw), with_account=True) if raw.isdigit() and len(raw) < 19 else None


def _answer(request: HttpRequest, ok: bool, message: str) -> HttpResponse:
    """``{"ok", "message"}`` to a script that asks for JSON (the room's Block button;
    400 when refused), else the page the form came from with the message on it."""
    if request.headers.get("Accept") == "application/json":
        return JsonResponse({"ok": ok, "message": message}, status=200 if ok else 400)
    (messages.success if ok else messages.error)(request, message)
    return _back(request)


def _act(request: HttpRequest, act: Callable[[Player, Player], str]) -> HttpResponse:
    """Run ``act(visitor, other)``; answer with its words or its refusal."""
    player = account_player(request)
    if player is None:
        if request.headers.get("Accept") == "application/json":
            return _answer(request, False, gettext("Friends and blocks need an account."))
        return guest_page(request, reverse("games:friends"))
    other = _other(request)
    if other is None:
        return _answer(request, False, gettext("There is no such player."))
    try:
        done = act(player, other)
    except ServiceError as refusal:
        return _answer(request, False, refusal.message)
    return _answer(request, True, done)


def _sent(player: Player, other: Player) -> str:
    if friend_request_send(player=player, other=other):
        return gettext("You and %(name)s are friends now.") % {"name": other.name}
    return gettext("Friend request sent to %(name)s.") % {"name": other.name}


@require_POST
def friend_add_by_name(request: HttpRequest) -> HttpResponse:
    """A request to the person with the name given; nobody: said so; several: the page
    lists them to pick from."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:friends"))
    form = NameForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Write the name of the person to add."))
        return HttpResponseRedirect(reverse("games:friends") + "#add")
    name = form.cleaned_data["name"]
    named = accounts_named(name)
    found = [p for p in named if p.pk != player.pk] or named  # oneself: the service says so
    if not found:
        messages.error(
            request, gettext("Nobody with an account is called %(name)s.") % {"name": name}
        )
        return HttpResponseRedirect(reverse("games:friends") + "#add")
    if len(found) > 1:
        context = page_context(request, player, name_form=form, candidates=found)
        return render(request, "friends/friends.html", context)
    try:
        messages.success(request, _sent(player, found[0]))
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    return HttpResponseRedirect(reverse("games:friends"))


@require_POST
def friend_add(request: HttpRequest) -> HttpResponse:
    """A request to the player named by id (picked, or from the people played with)."""
    return _act(request, _sent)


@require_POST
def friend_accept(request: HttpRequest) -> HttpResponse:
    """Accept the named player's request."""

    def accept(player: Player, other: Player) -> str:
        friend_request_accept(player=player, sender_id=other.pk)
        return gettext("You and %(name)s are friends now.") % {"name": other.name}

    return _act(request, accept)


@require_POST
def friend_decline(request: HttpRequest) -> HttpResponse:
    """Decline the named player's request (they are not told)."""

    def decline(player: Player, other: Player) -> str:
        friend_request_decline(player=player, sender_id=other.pk)
        return gettext("Request from %(name)s declined.") % {"name": other.name}

    return _act(request, decline)


@require_POST
def friend_cancel(request: HttpRequest) -> HttpResponse:
    """Take back the visitor's request to the named player."""

    def cancel(player: Player, other: Player) -> str:
        friend_request_cancel(player=player, receiver_id=other.pk)
        return gettext("Request to %(name)s cancelled.") % {"name": other.name}

    return _act(request, cancel)


@require_POST
def friend_unfriend(request: HttpRequest) -> HttpResponse:
    """The visitor and the named player are friends no more."""

    def remove(player: Player, other: Player) -> str:
        friend_remove(player=player, friend_id=other.pk)
        return gettext("%(name)s is no longer your friend.") % {"name": other.name}

    return _act(request, remove)


@require_POST
def player_block(request: HttpRequest) -> HttpResponse:
    """The visitor blocks the named player."""

    def block(player: Player, other: Player) -> str:
        block_add(player=player, other=other)
        return gettext("You blocked %(name)s.") % {"name": other.name}

    return _act(request, block)


@require_POST
def player_unblock(request: HttpRequest) -> HttpResponse:
    """The visitor unblocks the named player."""

    def unblock(player: Player, other: Player) -> str:
        block_remove(player=player, other_id=other.pk)
        return gettext("You unblocked %(name)s.") % {"name": other.name}

    return _act(request, unblock)
