"""What the groups pages' buttons do: a group made; on a group's page, a friend added,
leave, remove a member, hand it on, rename, a new link, close, report, and a new game for
the group. Each is a POST that calls one service and comes back with what happened."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from accounts import addresses
from accounts.models import Player
from accounts.selectors.players import player_by_id
from common import throttle
from common.browsers import browser_id
from common.errors import ServiceError
from common.publish import publish_on_commit
from groups.services.games import group_game_open
from groups.services.groups import group_close, group_create, group_link_renew, group_rename
from groups.services.members import (
    group_leave,
    group_member_add,
    group_member_remove,
    group_owner_hand_on,
)
from groups.services.reports import group_report_send
from groups.web.pages import account_player, guest_page
from rooms.web.access import room_url


def _named(request: HttpRequest) -> Player | None:
    """The player the form names (``player``: an id), or ``None``."""
    raw = request.POST.get("player", "")
    return player_by_id(int(raw)) if raw.isdigit() and len(raw) < 19 else None


def _on_group(
    request: HttpRequest, group_id: int, act: Callable[[Player], str], anchor: str = ""
) -> HttpResponse:
    """Run ``act(visitor)``; back to the group's page with its words or its refusal."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:group", args=[group_id]))
    try:
        messages.success(request, act(player))
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    return HttpResponseRedirect(reverse("games:group", args=[group_id]) + anchor)


def _needs_player(request: HttpRequest) -> Player:
    named = _named(request)
    if named is None:
        raise ServiceError("no_player", gettext("There is no such player."))
    return named


@require_POST
def group_new(request: HttpRequest) -> HttpResponse:
    """Make a group named as the form says; its page."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:groups"))
    try:
        group = group_create(player=player, name=request.POST.get("name", ""))
    except ServiceError as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(reverse("games:groups") + "#new")
    messages.success(request, gettext("Your group is ready: add friends or send its link."))
    return HttpResponseRedirect(reverse("games:group", args=[group.pk]))


@require_POST
def group_add(request: HttpRequest, group_id: int) -> HttpResponse:
    """Add one of the visitor's friends."""

    def add(player: Player) -> str:
        friend = _needs_player(request)
        publish_on_commit(group_member_add(player=player, group_id=group_id, friend=friend))
        return gettext("%(name)s is in the group now.") % {"name": friend.name}

    return _on_group(request, group_id, add, "#members")


@require_POST
def group_remove(request: HttpRequest, group_id: int) -> HttpResponse:
    """The owner removes the named member."""

    def remove(player: Player) -> str:
        gone = group_member_remove(
            player=player, group_id=group_id, member_id=_needs_player(request).pk
        )
        return gettext("%(name)s is no longer in the group.") % {"name": gone.name}

    return _on_group(request, group_id, remove, "#members")


@require_POST
def group_hand_on(request: HttpRequest, group_id: int) -> HttpResponse:
    """The owner hands the group on to the named member."""

    def hand_on(player: Player) -> str:
        owner = group_owner_hand_on(
            player=player, group_id=group_id, member_id=_needs_player(request).pk
        )
        return gettext("%(name)s owns the group now.") % {"name": owner.name}

    return _on_group(request, group_id, hand_on, "#members")


@require_POST
def group_quit(request: HttpRequest, group_id: int) -> HttpResponse:
    """The visitor leaves the group; their groups."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:group", args=[group_id]))
    try:
        group = group_leave(player=player, group_id=group_id)
    except ServiceError as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(reverse("games:group", args=[group_id]) + "#members")
    messages.success(request, gettext("You left %(name)s.") % {"name": group.name})
    return HttpResponseRedirect(reverse("games:groups"))


@require_POST
def group_settings(request: HttpRequest, group_id: int) -> HttpResponse:
    """The owner renames the group, gives it a new link, or closes it (``do``)."""
    do = request.POST.get("do", "")

    def change(player: Player) -> str:
        if do == "rename":
            group_rename(player=player, group_id=group_id, name=request.POST.get("name", ""))
            return gettext("The group is renamed.")
        if do == "renew":
            group_link_renew(player=player, group_id=group_id)
            return gettext("The group has a new link: the old one lets nobody in any more.")
        if do == "close":
            group_close(player=player, group_id=group_id)
            return gettext("The group is closed.")
        raise ServiceError("bad_request", gettext("Choose what to change."))

    return _on_group(request, group_id, change, "#settings")


@require_POST
def group_report(request: HttpRequest, group_id: int) -> HttpResponse:
    """A member reports the group to the moderators."""

    def report(player: Player) -> str:
        made = group_report_send(
            player=player,
            group_id=group_id,
            reason=request.POST.get("reason", ""),
            text=request.POST.get("text", ""),
        )
        if made:
            return gettext("Thank you: the moderators will look at this group.")
        return gettext("Your report of this group is with the moderators already.")

    return _on_group(request, group_id, report, "#report")


@require_POST
def group_game(request: HttpRequest, group_id: int) -> HttpResponse:
    """A member opens a room for the group with the form's variant, seats, pace and
    rating; its page."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:group", args=[group_id]))
    seats = request.POST.get("seats", "")
    try:
        opened = group_game_open(
            player=player,
            group_id=group_id,
            ruleset=request.POST.get("ruleset", ""),
            seats=int(seats) if seats.isascii() and seats.isdigit() and len(seats) < 4 else 0,
            pace=request.POST.get("pace", ""),
            rated=request.POST.get("rated") == "on",
            browser=browser_id(request),
            address=addresses.address_key(throttle.http_address(request)),
        )
    except ServiceError as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(reverse("games:group", args=[group_id]) + "#new-game")
    publish_on_commit(opened.news)
    return HttpResponseRedirect(room_url(opened.room.code))
