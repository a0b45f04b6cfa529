"""The friends page: friends with where they are, requests both ways, add by name, people
played with, the friend link and its QR code, blocked people and privacy choices."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from accounts.models import Player
from accounts.services.players import current_player, player_register
from common.errors import ServiceError
from friends.models import Privacy
from friends.selectors.blocks import blocks_made
from friends.selectors.friends import (
    friend_token,
    friends_of,
    people_played_with,
    requests_received,
    requests_sent,
)
from friends.selectors.privacy import privacy_of
from friends.services.privacy import privacy_set


class NameForm(forms.Form):
    """A person's name, to send them a friend request."""

    name = forms.CharField(label=gettext_lazy("Their name"), max_length=150, strip=True)


class PrivacyForm(forms.Form):
    """A person's privacy choices."""

    appear_offline = forms.BooleanField(label=gettext_lazy("Appear offline"), required=False)
    invites = forms.ChoiceField(
        label=gettext_lazy("Who may invite you to a room"), choices=Privacy.Invites.choices
    )


def account_player(request: HttpRequest) -> Player | None:
    """The visitor's player if they have an account (``None``: a guest or nobody); an
    account that has no player yet (never at a table) gets one, named as the account."""
    player = current_player(request.session, request.user)
    if player is None and request.user.is_authenticated:
        name = request.user.get_username()
        player = player_register(session=request.session, name=name, user=request.user)
    return player if player is not None and player.user_id is not None else None


def page_context(request: HttpRequest, player: Player, **extra: Any) -> dict[str, Any]:
    """What the friends page shows ``player``."""
    privacy = privacy_of(player)
    link = request.build_absolute_uri(reverse("games:friend_link", args=[friend_token(player)]))
    return {
        "player": player,
        "friends": friends_of(player),
        "received": requests_received(player),
        "sent": requests_sent(player),
        "played_with": people_played_with(player),
        "blocks": blocks_made(player),
        "friend_link": link,
        "name_form": extra.pop("name_form", None) or NameForm(),
        "privacy_form": PrivacyForm(
            initial={"appear_offline": privacy.appear_offline, "invites": privacy.invites}
        ),
        **extra,
    }


def guest_page(request: HttpRequest, next_url: str) -> HttpResponse:
    """The offer to make an account, for a visitor without one (nothing is stored)."""
    return render(request, "friends/guest.html", {"next_url": next_url})


@require_GET
def friends_page(request: HttpRequest) -> HttpResponse:
    """The visitor's friends page (an offer to make an account for a guest)."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:friends"))
    return render(request, "friends/friends.html", page_context(request, player))


@require_POST
def privacy_save(request: HttpRequest) -> HttpResponse:
    """Keep the visitor's privacy choices."""
    player = account_player(request)
    if player is None:
        return guest_page(request, reverse("games:friends"))
    form = PrivacyForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose who may invite you from the list."))
        return HttpResponseRedirect(reverse("games:friends") + "#privacy")
    try:
        privacy_set(
            player=player,
            appear_offline=form.cleaned_data["appear_offline"],
            invites=form.cleaned_data["invites"],
        )
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, gettext("Your privacy choices are saved."))
    return HttpResponseRedirect(reverse("games:friends") + "#privacy")
