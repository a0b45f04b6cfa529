"""The pages of a room: start one, find one by code, open it, join it with a name.

Who is acting always comes from the session (``accounts.services.players``).  Every page that
looks a room up by its code counts the codes that name no room against the visitor's
guess limit (``common.throttle``): 404 for a miss, 429 for a miss over the limit.  A code
that names a room always opens it.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from accounts import guest_limit
from accounts.addresses import address_key
from accounts.services.players import current_player
from accounts.web.guests import register, registering, too_many_guests
from common import throttle
from common.browsers import browser_id
from common.errors import ServiceError
from common.publish import publish_on_commit
from common.rule_texts import bot_level_title, rule_texts, variant_list
from daily.selectors.attempts import attempt_at, practised_at
from friends.selectors.blocks import blocked_by
from games import selectors, services
from games.web.pages import home
from lobby.services.tables import require_may_open
from moderation.services.moderation import ban_message
from notices.services.notices import page_key
from play.modes import mode_of, pace_named
from play.modes.live import TURN_SECONDS
from rooms.models import Room
from rooms.selectors.open_tables import bots_offered_in
from rooms.services.absence import away_for_handover
from rooms.services.room_settings import DAY_HOURS, MAX_SEATS, seats_refused, timer_refused
from rooms.web.access import guess_limited, room_or_404, room_url
from rooms.web.invites import invite_note, invite_url
from scoring import rulesets
from scoring.strategy import levels


def _int_or_none(raw: str, refusal: ServiceError) -> int | None:
    """A form's number: up to 9 ASCII digits, ``None`` when left empty; anything else
    raises ``refusal`` (``int()`` fails on "²" and on more than 4300 digits)."""
    raw = raw.strip()
    if not raw:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 9:
        return int(raw)
    raise refusal


def _together(form: dict[str, str]) -> bool | None:
    """Everyone's turn at once as the form says: ticked, or unticked on a page whose
    script sets the box (``together_set``); else the pace's default (no script)."""
    if form["together"] == "on":
        return True
    return False if form["together_set"] else None


@require_POST
def room_create(request: HttpRequest) -> HttpResponse:
    """Start a room from the home page's form; the visitor becomes its host."""
    form = {
        k: request.POST.get(k, "")
        for k in (
            "name",
            "ruleset",
            "joker",
            "exact_counts",
            "seats",
            "turn_seconds",
            "pace",
            "turn_hours",
            "holidays",
            "together",
            "together_set",
            "duplicate",
            "rated",
            "public",
        )
    }
    ruleset = form["ruleset"]
    options: dict[str, object] = {}
    choices = rulesets.option_choices(ruleset) if ruleset in rulesets.names() else {}
    if "joker" in choices and form["joker"]:
        options["joker"] = form["joker"]
    if "exact_counts" in choices:
        options["exact_counts"] = form["exact_counts"] == "on"
    pace = form["pace"] or Room.Pace.LIVE
    # The form offers seconds live and hours by the day; the service counts seconds.
    chosen = pace_named(pace)
    try:
        with registering(request):
            player = register(request, form["name"], opening=True)
            seats = _int_or_none(form["seats"], seats_refused())
            if seats is None:
                raise seats_refused()
            timer = _int_or_none(form[chosen.timer_field], timer_refused())
            if form["public"] == "on":  # the moderators' limits (docs/open-tables.md)
                require_may_open(player)
            room = services.room_create(
                player=player,
                ruleset=ruleset,
                options=options,
                seats=seats,
                pace=pace,
                turn_seconds=timer * chosen.timer_unit if timer is not None else None,
                holidays=form["holidays"] == "on",
                together=_together(form),
                duplicate=form["duplicate"] == "on",
                rated=form["rated"] == "on",
                public=form["public"] == "on",
                browser=browser_id(request),
                address=address_key(throttle.http_address(request)),
            )
    except guest_limit.TooManyGuests as refusal:
        return too_many_guests(request, refusal)
    except ServiceError as exc:
        return home(request, create_error=exc.message, form=form, status=400)
    return HttpResponseRedirect(room_url(room.code))


@require_GET
def room_find(request: HttpRequest) -> HttpResponse:
    """The join-by-code form: go to that room's page (which says if there is none, and
    counts it against the guess limit)."""
    code = request.GET.get("code", "").strip().lower()
    # A pasted link works too (even a game review's); a code has no "/", and the room's
    # URL could not be built with one.
    code = code.rsplit("/r/", 1)[-1].strip("/").split("/", 1)[0]
    if not code:
        return HttpResponseRedirect(reverse("games:home") + "#join")
    return HttpResponseRedirect(room_url(code))


def room_setup() -> dict[str, object]:
    """What the host's settings form offers, from the engine and the services' limits."""
    variants = [
        {
            "name": v.name,
            "title": v.title,
            "summary": v.summary,
            "shape": v.shape,
            "options": list(rulesets.option_choices(v.name)),
        }
        for v in variant_list()
    ]
    bots = [{"name": name, "title": bot_level_title(name)} for name in levels.names()]
    return {
        "variants": variants,
        "seats": [1, MAX_SEATS],
        "timer": list(TURN_SECONDS),
        "day_hours": list(DAY_HOURS),
        "bot_levels": bots,
    }


@guess_limited
def room(
    request: HttpRequest, code: str, *, join_error: str | None = None, status: int = 200
) -> HttpResponse:
    """A room: the table for its members; for anyone else with the link, a way in."""
    found = room_or_404(request, code)
    player = current_player(request.session, request.user)
    closed = found.status == Room.Status.CLOSED
    banned = player is not None and player.is_banned
    member = not banned and selectors.is_member(found, player)  # a ban refuses the table
    if join_error is None and player is not None and banned:
        join_error = ban_message(player.banned_until)
        # Where a banned player shows up, new guests are limited (accounts.guest_limit).
        guest_limit.remember(throttle.http_address(request), player.pk)
    invite = invite_url(request, found.code)
    challenge = mode_of(found).table.has_challenge_page  # a daily challenge's table
    may_block = bool(member) and player is not None and player.user_id is not None
    context = {
        "room": found,
        "ruleset": selectors.ruleset_of(found),
        "player": player,
        "member": member,  # a closed room still shows its members the final table
        # The class of <html> the room's layout rules hang on where the table is drawn
        # (not :has(.room), which the browser checks again at each change of the page).
        "page_class": "room-page" if member else "",
        "join_error": join_error
        or (gettext("This room is closed.") if closed and not member else None),
        "room_closed": closed,
        "banned": banned,  # offered nothing the ban refuses
        "ws_path": f"/ws/rooms/{found.code}/",
        "invite_url": invite,
        "handover_after": int(away_for_handover().total_seconds()),
        "bots_after": bots_offered_in(found),
        "invite_note": invite_note(request, invite) if member else "",
        "room_setup": room_setup(),
        "push_key": page_key() if member else "",
        "rule_texts": rule_texts(),
        "daily_url": daily_url(found) if challenge else "",
        "daily_practice": challenge and practised_at(found),
        "may_block": may_block,  # an account's Block buttons in the players' list
        "blocked": ",".join(map(str, blocked_by(player))) if may_block and player else "",
    }
    return render(request, "room.html", context, status=status)


def daily_url(found: Room) -> str:
    """The results page of the daily challenge played at ``found``, a daily table."""
    attempt = attempt_at(found)
    if attempt is None:
        return reverse("games:daily")
    return reverse(
        "games:daily_result", args=[attempt.challenge.ruleset, attempt.challenge.day.isoformat()]
    )


@require_POST
@guess_limited
def room_join(request: HttpRequest, code: str) -> HttpResponse:
    """Take a name (or keep yours) and join the room: a seat before its first game, a
    spectator's chair after."""
    room_or_404(request, code)
    try:
        player = register(request, request.POST.get("name", ""), opening=False)
        joined = services.room_join(
            player=player,
            code=code,
            browser=browser_id(request),
            address=address_key(throttle.http_address(request)),
        )
    except guest_limit.TooManyGuests as refusal:
        return too_many_guests(request, refusal)
    except ServiceError as exc:
        return room(request, code, join_error=exc.message, status=400)
    publish_on_commit(joined.news)
    return HttpResponseRedirect(room_url(code))
