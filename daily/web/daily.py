"""The daily challenge's pages: today's challenges, a day's results, and the spoiler-free
page a shared result links to."""

from __future__ import annotations

from datetime import date

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from accounts import guest_limit
from accounts.addresses import address_key
from accounts.models import Player
from accounts.services.players import current_player
from accounts.web.guests import register, registering, too_many_guests
from coach.services.reviews import review_for
from common.browsers import browser_id
from common.errors import ServiceError
from common.rule_texts import variant_list
from common.throttle import http_address
from daily.models import DailyAttempt, DailyChallenge
from daily.selectors import daily as selectors
from daily.services import daily
from rooms.web.access import room_url
from scoring import rulesets
from scoring.strategy import advisors


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Http404(gettext("There is no such day.")) from None


def _challenge(ruleset: str, day: str) -> DailyChallenge:
    try:  # looking at a day nobody played makes nothing
        return daily.challenge_of(ruleset, _day(day), create=False)
    except ServiceError as exc:
        raise Http404(exc.message) from None


def result_url(challenge: DailyChallenge) -> str:
    """The page of ``challenge``'s results."""
    return reverse("games:daily_result", args=[challenge.ruleset, challenge.day.isoformat()])


def accuracy_of(attempt: DailyAttempt) -> float | None:
    """The attempt's accuracy, from its review: built now where the coach is exact (the
    estimates of Yam's and Triple Yahtzee come from the game's background job)."""
    if (
        attempt.accuracy is None
        and attempt.score is not None
        and advisors.is_exact(rulesets.get(attempt.challenge.ruleset))
    ):
        try:
            review_for(game=attempt.game, player=attempt.player)
        except ServiceError:
            return None
        attempt.refresh_from_db(fields=["accuracy"])
    return attempt.accuracy


@require_GET
def daily_index(request: HttpRequest) -> HttpResponse:
    """Today's challenge in every variant, the viewer's results and streak."""
    player = current_player(request.session, request.user)
    day = selectors.today()
    mine = (
        {
            a.challenge.ruleset: a
            for a in DailyAttempt.objects.filter(player=player, challenge__day=day)
            .select_related("challenge")
            .order_by("pk")
        }
        if player is not None
        else {}
    )
    days = selectors.played_days(player) if player is not None else set()
    context = {
        "day": day,
        "player": player,
        "streak": selectors.streak(days),
        "variants": [
            {
                "variant": v,
                "attempt": mine.get(v.name),
                "practice": _practice(request, player, v.name, day),
                "url": reverse("games:daily_result", args=[v.name, day.isoformat()]),
            }
            for v in variant_list()
        ],
        "ranked": request.user.is_authenticated,  # an account: it may rank
    }
    return render(request, "daily/index.html", context)


def _practice(request: HttpRequest, player: Player | None, ruleset: str, day: date) -> str:
    """Why the visitor's next attempt at ``ruleset``'s challenge of ``day`` would be
    practice (``Practice``; ``""``: it ranks, or ``day`` is past)."""
    if day != selectors.today():
        return ""
    return daily.why_practice(
        player=player,
        user_id=request.user.pk if request.user.is_authenticated else None,
        challenge=daily.challenge_of(ruleset, day, create=False),
        browser=browser_id(request),
        address=address_key(http_address(request)),
    )


@require_POST
def daily_play(request: HttpRequest) -> HttpResponse:
    """Start (or go back to) the visitor's attempt at a challenge: its table's page."""
    ruleset, day_text = request.POST.get("ruleset", ""), request.POST.get("day", "")
    day = _day(day_text) if day_text else None
    try:
        with registering(request):
            player = current_player(request.session, request.user) or register(
                request, request.POST.get("name", ""), opening=True
            )
            attempt = daily.daily_play(
                player=player,
                ruleset=ruleset,
                day=day,
                browser=browser_id(request),
                address=address_key(http_address(request)),
            )
    except guest_limit.TooManyGuests as refusal:
        return too_many_guests(request, refusal)
    except ServiceError as exc:
        return render(request, "daily/refused.html", {"message": exc.message}, status=400)
    return HttpResponseRedirect(room_url(attempt.game.room.code))


@require_GET
def daily_result(request: HttpRequest, ruleset: str, day: str) -> HttpResponse:
    """A day's challenge: the viewer's result (rank, among friends too, par, accuracy,
    the review and the share card), the leaderboard, and the way to play."""
    challenge = _challenge(ruleset, day)
    player = current_player(request.session, request.user)
    played = challenge.pk is not None
    attempts = (
        list(
            DailyAttempt.objects.filter(challenge=challenge, player=player)
            .select_related("game__room", "challenge", "player")
            .order_by("pk")
        )
        if player is not None and played
        else []
    )
    shown = next((a for a in attempts if a.ranked), attempts[-1] if attempts else None)
    today = challenge.day == selectors.today()
    context = {
        "challenge": challenge,
        "rs": rulesets.get(challenge.ruleset),
        "player": player,
        "attempt": shown,
        "attempts": attempts,
        "practice": _practice(request, player, challenge.ruleset, challenge.day),
        "par": daily.attempt_par(shown)
        if shown is not None
        else daily.par_of(challenge)
        if played
        else None,
        "standing": selectors.standing(shown) if shown is not None else None,
        "accuracy": accuracy_of(shown) if shown is not None else None,
        "leaderboard": selectors.leaderboard(challenge, player) if played else [],
        "today": today,
        "share_url": request.build_absolute_uri(
            reverse("games:daily_shared", args=[shown.share_code])
        )
        if shown and shown.score is not None
        else "",
    }
    return render(request, "daily/result.html", context)


@require_GET
def daily_shared(request: HttpRequest, code: str) -> HttpResponse:
    """A shared result, for anyone the link reaches (its code is unguessable, and only its
    player is shown it): score, par, accuracy and rank, never the dice."""
    found = get_object_or_404(
        DailyAttempt.objects.select_related("challenge", "player", "game"),
        share_code=code,
        score__isnull=False,
    )
    context = {
        "attempt": found,
        "challenge": found.challenge,
        "rs": rulesets.get(found.challenge.ruleset),
        "par": daily.attempt_par(found),
        "accuracy": accuracy_of(found),
        "standing": selectors.standing(found),
        "result_url": result_url(found.challenge),
        "card_url": request.build_absolute_uri(
            reverse("games:daily_card", args=[found.share_code])
        ),
    }
    return render(request, "daily/shared.html", context)
