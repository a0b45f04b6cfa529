"""The invite pages (docs/invites.md): an invite's one-tap page (``/invites/<id>/``: the
room, its host, variant and pace, who else is invited, one button that takes the seat),
and a room's "Invite friends" (``/rooms/<code>/invite/``: the inviter's friends with where
they are, a checkbox each, and what sending did). Plain forms: no script needed."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from accounts.models import Player
from accounts.selectors.players import players_by_ids
from accounts.services.players import current_player
from common.errors import ServiceError
from common.news import Answer
from common.publish import publish_on_commit
from notices.selectors.bell_kinds import pace_words
from rooms.models import Invite
from rooms.selectors.invites import (
    invitable_friends,
    invite_by_id,
    invited_names,
    open_to_watch,
)
from rooms.selectors.members import active_member
from rooms.services.invites import invite_decline, invite_take, invites_send
from rooms.web.access import guess_limited, room_or_404, room_url
from scoring import rulesets


def _account(request: HttpRequest) -> Player | None:
    """The visitor's player when they are signed in to an account (``None`` otherwise)."""
    player = current_player(request.session, request.user)
    return player if player is not None and player.user_id is not None else None


def _login(request: HttpRequest, status: int = 200) -> HttpResponse:
    """Ask a visitor who is not signed in to an account to sign in, and come back here."""
    return render(request, "rooms/invite_sign_in.html", {"next_url": request.path}, status=status)


@require_http_methods(["GET", "POST"])
def invite_page(request: HttpRequest, invite_id: int) -> HttpResponse:
    """GET: the invite and its one button; POST ``take`` (or ``decline``): answer it (taken:
    into the room). An invite of someone else's is not found; one that ended says so."""
    player = _account(request)
    if player is None:
        return _login(request)
    invite = invite_by_id(invite_id)
    if invite is None or invite.receiver_id != player.pk:
        raise Http404(gettext("There is no such invite for you."))
    error = ""
    if request.method == "POST":
        try:
            if request.POST.get("answer") == "decline":
                answer: Answer = invite_decline(player=player, invite_id=invite.pk)
            else:
                answer = invite_take(player=player, invite_id=invite.pk)
        except ServiceError as refusal:
            error = refusal.message
        else:
            publish_on_commit(answer.news)
            if invite.state == Invite.State.PENDING and request.POST.get("answer") == "decline":
                messages.success(request, gettext("You declined the invite."))
                return HttpResponseRedirect(reverse("games:invite", args=[invite.pk]))
            return HttpResponseRedirect(room_url(invite.room.code))
        invite = invite_by_id(invite_id) or invite
    room = invite.room
    context = {
        "invite": invite,
        "room": room,
        "title": rulesets.get(room.ruleset).title,
        "pace": pace_words(room.pace),
        "others": invited_names(room, besides=player),
        "watch": open_to_watch(room),
        "error": error,
    }
    return render(request, "rooms/invite.html", context, status=400 if error else 200)


def _said(answer: Answer) -> str:
    """What sending did, in a line: "Invited Ada, Bo; Cy does not take invites"."""
    parts = []
    invited = [row["name"] for row in answer["invited"]]
    if invited:
        parts.append(gettext("Invited %(names)s") % {"names": ", ".join(invited)})
    parts += [row["message"] for row in answer["refused"]]
    return "; ".join(parts)


@require_http_methods(["GET", "POST"])
@guess_limited
def room_invite(request: HttpRequest, code: str) -> HttpResponse:
    """GET: the visitor's friends to invite to room ``code``; POST ``player`` (ids, one a
    checkbox): invite them, and back here saying what came of it."""
    room = room_or_404(request, code)
    player = _account(request)
    if player is None:
        return _login(request)
    if active_member(room, player) is None:
        raise Http404(gettext("Join the room to invite friends to it."))
    error = ""
    if request.method == "POST":
        raw = request.POST.getlist("player")
        ids = [int(value) for value in raw if value.isdigit() and len(value) < 19]
        try:
            if len(ids) != len(raw):
                raise ServiceError("bad_player", gettext("choose people from the list"))
            answer = invites_send(sender=player, room=room, receivers=list(players_by_ids(ids)))
        except ServiceError as refusal:
            error = refusal.message
        else:
            publish_on_commit(answer.news)
            messages.info(request, _said(answer))
            return HttpResponseRedirect(reverse("games:room_invite", args=[room.code]))
    context = {
        "room": room,
        "title": rulesets.get(room.ruleset).title,
        "friends": invitable_friends(player, room),
        "error": error,
    }
    return render(request, "rooms/invite_friends.html", context, status=400 if error else 200)
