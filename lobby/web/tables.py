"""The open tables' page ``/tables/`` (docs/open-tables.md): the list with its filters
(refreshed in place by ``static/js/pages/tables.js``), "Play now" for a variant and pace,
and, by the day, "find me an opponent" and its cancel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts import guest_limit
from accounts.addresses import address_key
from accounts.services.players import current_player
from accounts.web.guests import register, registering, too_many_guests
from common import throttle
from common.browsers import browser_id
from common.errors import ServiceError
from common.publish import publish_on_commit
from common.rule_texts import variant_list
from lobby.selectors.tables import Filters, Listed, table_list, waiting_for
from lobby.services.pairing import opponent_cancel, opponent_find
from lobby.services.tables import play_now
from rooms.models import Room
from scoring import rulesets

RATED = {"rated": True, "casual": False}
# What a table says of itself, rated or casual.
RATED_WORDS: dict[bool, Callable[[], str]] = {
    True: lambda: gettext("Rated"),
    False: lambda: gettext("Casual"),
}


def _filters(request: HttpRequest) -> Filters:
    """The list's filters from the query; a value the list does not know means any."""
    ruleset = request.GET.get("variant", "")
    pace = request.GET.get("pace", "")
    language = request.GET.get("language", "")
    return Filters(
        ruleset=ruleset if ruleset in rulesets.names() else "",
        pace=pace if pace in Room.Pace.values else "",
        rated=RATED.get(request.GET.get("rated", "")),
        language=language if language in dict(settings.LANGUAGES) else "",
    )


@require_GET
def tables_page(request: HttpRequest) -> HttpResponse:
    """The open tables the visitor may join, filtered; ``?part=list`` answers the list
    alone (the page's refresh)."""
    player = current_player(request.session, request.user)
    filters = _filters(request)
    listed, more = table_list(player, filters)
    titles = {v.name: v.title for v in variant_list()}
    languages = dict(settings.LANGUAGES)
    waiting = waiting_for(player)
    context = {
        "player": player,
        "rows": [_row_json(row, titles, languages) for row in listed],
        "more": more,
        "filters": filters,
        "variants": variant_list(),
        "paces": Room.Pace.choices,
        "language_choices": settings.LANGUAGES,
        "waiting": titles.get(waiting, ""),
    }
    if request.GET.get("part") == "list":
        return JsonResponse(_list_json(context))
    return render(request, "lobby/tables.html", context)


def _list_json(context: dict[str, Any]) -> dict[str, Any]:
    """The list as the page's refresh draws it: its words in the visitor's language."""
    rows = context["rows"]
    shown = len(rows)
    if context["more"]:
        count = ngettext(
            "The first %(n)s table waiting: filter to see others.",
            "The first %(n)s tables waiting: filter to see others.",
            shown,
        )
    else:
        count = ngettext("%(n)s table waiting", "%(n)s tables waiting", shown)
    return {
        "count": count % {"n": shown},
        "none": gettext("No table is waiting: press Play now to open one."),
        "provisional": gettext("Provisional: fewer than 10 rated games"),
        "rows": rows,
    }


def _row_json(row: Listed, titles: dict[str, str], languages: dict[str, str]) -> dict[str, Any]:
    """One table of the list, in the words its row shows (the page and its refresh)."""
    table = row.table
    return {
        "code": table.code,
        "url": reverse("games:room", args=[table.code]),
        "title": titles.get(table.ruleset, table.ruleset),
        "pace": str(Room.Pace(table.pace).label),
        "seats": ngettext("%(n)s seat free", "%(n)s seats free", table.free) % {"n": table.free},
        "rated": RATED_WORDS[table.rated](),
        "language": languages.get(table.language, "") or gettext("Any language"),
        "language_code": table.language,
        "host": gettext("Host %(name)s, %(rating)s")
        % {"name": table.host_name, "rating": row.rating.rating},
        "provisional": row.rating.provisional,
    }


def _chosen(request: HttpRequest) -> tuple[str, str]:
    """The variant and pace a form asks for, refused when unknown."""
    ruleset, pace = request.POST.get("variant", ""), request.POST.get("pace", "")
    if ruleset not in rulesets.names():
        raise ServiceError("bad_ruleset", gettext("there is no such variant"))
    if pace not in Room.Pace.values:
        raise ServiceError("bad_pace", gettext("the pace is live or day (by the day)"))
    return ruleset, pace


@require_POST
def tables_play_now(request: HttpRequest) -> HttpResponse:
    """ "Play now": a seat at the best table waiting for the variant and pace, or a new
    public table; the visitor is taken to it."""
    try:
        with registering(request):
            ruleset, pace = _chosen(request)
            player = register(request, request.POST.get("name", ""), opening=True)
            seated = play_now(
                player=player,
                ruleset=ruleset,
                pace=pace,
                browser=browser_id(request),
                address=address_key(throttle.http_address(request)),
            )
    except guest_limit.TooManyGuests as refusal:
        return too_many_guests(request, refusal)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(reverse("games:tables"))
    publish_on_commit(list(seated.news))
    return HttpResponseRedirect(reverse("games:room", args=[seated.code]))


@require_POST
def tables_find_opponent(request: HttpRequest) -> HttpResponse:
    """By the day, "find me an opponent": wait in the variant's queue; when paired, the
    visitor is taken to the new room (both are told on the bell)."""
    try:
        with registering(request):
            ruleset = request.POST.get("variant", "")
            player = register(request, request.POST.get("name", ""), opening=True)
            paired = opponent_find(player=player, ruleset=ruleset)
    except guest_limit.TooManyGuests as refusal:
        return too_many_guests(request, refusal)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return HttpResponseRedirect(reverse("games:tables"))
    publish_on_commit(list(paired.news))
    if paired.code is not None:
        return HttpResponseRedirect(reverse("games:room", args=[paired.code]))
    messages.success(
        request, gettext("You wait for an opponent: the bell tells you when one is found.")
    )
    return HttpResponseRedirect(reverse("games:tables"))


@require_POST
def tables_stop_waiting(request: HttpRequest) -> HttpResponse:
    """Stop waiting for an opponent by the day."""
    player = current_player(request.session, request.user)
    if player is not None and opponent_cancel(player=player):
        messages.info(request, gettext("You no longer wait for an opponent."))
    return HttpResponseRedirect(reverse("games:tables"))
