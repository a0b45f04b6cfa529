"""The groups pages: a person's groups with "new group" (``/groups/``), a group's page
(``/groups/<id>/``: members, rooms, "new game for the group", the season's league,
records, head-to-head, history) and its join link as a QR code. Accounts only: a guest
is offered to make one."""

from __future__ import annotations

import io
from typing import Any

import segno
from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.services.players import current_player, player_register
from common.clock import now
from common.rule_texts import variant_list, variant_title
from friends.selectors.friends import friends_of
from groups.models import Group, GroupReport
from groups.selectors.board import group_board
from groups.selectors.groups import group_by_id, groups_of, is_member, members_of, open_rooms_of
from groups.selectors.league import season_or_none
from groups.services.groups import MAX_NAME
from rooms.models import Room
from rooms.services.room_settings import MAX_SEATS
from rooms.web.access import room_url


class NameForm(forms.Form):
    """A group's name."""

    name = forms.CharField(label=gettext_lazy("The group's name"), max_length=MAX_NAME, strip=True)


def account_player(request: HttpRequest) -> Player | None:
    """The visitor's player if they have an account (``None``: a guest or nobody); an
    account that has no player yet gets one, named as the account."""
    player = current_player(request.session, request.user)
    if player is None and request.user.is_authenticated:
        name = request.user.get_username()
        player = player_register(session=request.session, name=name, user=request.user)
    return player if player is not None and player.user_id is not None else None


def guest_page(request: HttpRequest, next_url: str) -> HttpResponse:
    """The offer to make an account, for a visitor without one (nothing is stored)."""
    return render(request, "groups/guest.html", {"next_url": next_url})


def join_link(request: HttpRequest, group: Group) -> str:
    """The group's join link, absolute."""
    return request.build_absolute_uri(reverse("games:group_join", args=[group.token]))


@require_GET
def groups_page(request: HttpRequest) -> HttpResponse:
    """The visitor's groups and the form to make one."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:groups"))
    return render(
        request, "groups/groups.html", {"groups": groups_of(player), "name_form": NameForm()}
    )


def member_group(request: HttpRequest, group_id: int) -> tuple[Player, Group] | HttpResponse:
    """The visitor and the group with ``group_id`` they are a member of; a guest gets the
    offer of an account, anyone else a 404 (a group is seen by its members only)."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:group", args=[group_id]))
    group = group_by_id(group_id)
    if group is None or not is_member(group, player):
        raise Http404(gettext("There is no such group, or you are not in it."))
    return player, group


def game_choices() -> dict[str, Any]:
    """What "new game for the group" offers: the home page's variants, paces and seats."""
    return {
        "variants": variant_list(),
        "paces": Room.Pace.choices,
        "seat_choices": range(1, MAX_SEATS + 1),
    }


@require_GET
def group_page(request: HttpRequest, group_id: int) -> HttpResponse:
    """A group's page for a member; ``?season=YYYY-MM`` picks a past season."""
    found = member_group(request, group_id)
    if isinstance(found, HttpResponse):
        return found
    player, group = found
    members = members_of(group)
    season = season_or_none(request.GET.get("season", ""))
    board = group_board(group, members, season=season, today=now())
    member_ids = {m.pk for m in members}
    addable = [f for f in friends_of(player) if f.pk not in member_ids]
    context = {
        "player": player,
        "group": group,
        "own": group.owner_id == player.pk,
        "members": members,
        "addable": addable,
        "rooms": [
            (room, room_url(room.code), variant_title(room.ruleset))
            for room in open_rooms_of(group)
        ],
        "board": board,
        "matrix": [
            (pid, name, [board.versus.get((pid, other)) for other, _ in board.people])
            for pid, name in board.people
        ],
        "variant_titles": {v.name: v.title for v in variant_list()},
        "rating_variants": [(v.name, variant_title(v.name)) for v in variant_list()],
        "join_link": join_link(request, group),
        "name_form": NameForm(initial={"name": group.name}),
        "report_reasons": GroupReport.Reason.choices,
        "default_seats": min(max(len(members), 2), MAX_SEATS),
        **game_choices(),
    }
    return render(request, "groups/group.html", context)


@require_GET
@cache_control(private=True, max_age=3600)
def group_qr(request: HttpRequest, group_id: int) -> HttpResponse:
    """The group's join link as a QR code, for its members."""
    found = member_group(request, group_id)
    if isinstance(found, HttpResponse):
        raise Http404(gettext("Group links are for people with an account."))
    out = io.BytesIO()
    segno.make(join_link(request, found[1]), error="m").save(
        out,
        kind="svg",
        border=4,
        xmldecl=False,
        omitsize=True,
        title=gettext("QR code of the group's link"),
        dark="#1d1b16",
        light="#ffffff",
    )
    return HttpResponse(out.getvalue(), content_type="image/svg+xml")
