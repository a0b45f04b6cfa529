"""A player's review of their own game, and the numbers the review and the replay show
in their reader's format."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from accounts.models import Player
from accounts.services.players import current_player
from coach.models import GameReview
from coach.services.reviews import FORMAT, review_for, review_of
from coach.web.charts import value_chart
from common.errors import ServiceError
from common.figures import rounded, score_split
from play.models import Game
from play.selectors.rule_sets import ruleset_of
from rooms.web.access import guess_limited, room_or_404, room_url
from scoring.ruleset import RuleSet
from scoring.strategy import advisors

# A decision that lost at least this many expected points is marked costly, and at
# least ``BLUNDER`` a blunder.
COSTLY, BLUNDER = 1.0, 5.0
# A roll that moved the expected final score by this many points either way is marked.
LUCKY = 10.0
# A review page asked for while the coach's tables are being built asks again after this.
REVIEW_RETRY_SECONDS = 3


def signed(value: Decimal) -> str:
    """A rounded value with its sign (a true minus sign), in the reader's number format."""
    return ("+" if value >= 0 else "\N{MINUS SIGN}") + tenths(abs(value))


def tenths(value: Decimal) -> str:
    """A value already rounded to one decimal, in the reader's number format."""
    return number_format(value, 1, force_grouping=False)


def points(value: float | None, digits: int = 1) -> str:
    """An exact value for people, rounded once (``common.figures.rounded``) and in their
    language's number format: ``242.1`` (``242,1`` in French); a small loss keeps two
    decimals (``0.04``)."""
    if value is None:
        return "\N{EN DASH}"
    if 0 < abs(value) < 0.1:
        digits = 2
    return number_format(rounded(value, digits), digits, force_grouping=False)


def given_away(value: Decimal) -> str:
    """A rounded part given away, "0" when none (never "-0.0")."""
    return tenths(value) if value else "0"


def split_texts(data: dict[str, Any]) -> dict[str, str]:
    """A review's split of the final score as printed: ``start`` + ``luck`` - ``yours``
    - ``others`` = the score, each part to one decimal, adding up exactly as written
    (``common.figures.score_split``)."""
    split = score_split(
        start=data["expected_start"],
        luck=data["luck"],
        yours=data["total_lost"],
        others=data.get("others_lost", 0.0),
        total=data["total"],
    )
    return {
        "start": tenths(split.start),
        "luck": signed(split.luck),
        "yours": given_away(split.yours),
        "others": given_away(split.others),
    }


def _decision_rows(decisions: list[dict[str, Any]], rs: RuleSet) -> list[dict[str, Any]]:
    """A review's decisions as its table shows them: the loss and the values in the
    reader's number format, how costly each was, its roll and the box announced."""
    rows = []
    for decision in decisions:
        loss = decision["loss"]
        rows.append(
            {
                **decision,
                "loss_text": points(loss) if loss >= 0.01 else "0",
                "best_move": loss < 0.01,
                "level": "blunder" if loss >= BLUNDER else "costly" if loss >= COSTLY else "",
                "chosen_value": points(decision["chosen"]["value"]),
                "best_value": points(decision["best"]["value"]),
                "roll_number": 3 - decision["rolls_left"],
                "announced_title": gettext(rs.box_title(decision["announced"]))
                if decision.get("announced")
                else None,
            }
        )
    return rows


@require_GET
@guess_limited
def game_review(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """A member's review of their own play in a finished game of the room: 403 for
    anyone else, 404 when there is no such game or they did not play in it."""
    found = room_or_404(request, code)
    player = current_player(request.session, request.user)
    if player is None:
        raise PermissionDenied(gettext("Only the players at this table can see its reviews."))
    try:
        review = review_of(player=player, code=code, number=number)
    except ServiceError as exc:
        if exc.code == "review_not_ready":
            response = render(
                request,
                "review_pending.html",
                {"number": number, "room_url": room_url(found.code), "retry": REVIEW_RETRY_SECONDS},
            )
            response["Retry-After"] = str(REVIEW_RETRY_SECONDS)
            return response
        if exc.code == "not_in_room":
            raise PermissionDenied(
                gettext("Only the players at this table can see its reviews.")
            ) from None
        raise Http404(exc.message) from None
    data = review.data
    game = review.game
    # Luck and skill: the final score split (a review stored before them has none).
    split = split_texts(data) if "luck" in data else None
    rs = ruleset_of(game)
    rows = _decision_rows(data["decisions"], rs)
    context = {
        "room": found,
        "game": game,
        "ruleset": rs,
        "player": player,
        "review": data,
        "rows": rows,
        "costly": sum(1 for r in rows if r["level"]),
        # The same figure as the split's part, when there is one.
        "total_lost": split["yours"] if split else points(data["total_lost"]),
        "accuracy": gettext("%(value)s%%") % {"value": points(data["accuracy"])}
        if data["accuracy"] is not None
        else "\N{EN DASH}",
        "expected_start": tenths(rounded(data["expected_start"])),
        "split": split,
        "chart": value_chart(data["path"], LUCKY, BLUNDER) if data.get("path") else None,
        "lucky_at": points(LUCKY, 0),
        "blunder_at": points(BLUNDER, 0),
        "room_url": room_url(found.code),
        "costly_at": f"{COSTLY:g}",
    }
    return render(request, "review.html", context)


def players_luck(game: Game, viewer: Player) -> tuple[list[dict[str, Any]], bool]:
    """Every person's split of their final score in finished ``game``, seat by seat, for
    the replay: their reviews as stored, or built now where the coach is exact and ready
    (the estimates of Yam's and Triple Yahtzee take seconds: the game's background job
    stores them). The second value says whether some are still to come."""
    if game.status != Game.Status.FINISHED:
        return [], False
    rs = ruleset_of(game)
    stored = {r.player_id: r for r in GameReview.objects.filter(game=game)}
    rows, missing = [], False
    for card in game.scorecards.select_related("player").order_by("seat"):
        person = card.player
        if person.is_bot:
            continue
        review = stored.get(person.pk)
        if (review is None or review.data.get("format") != FORMAT) and advisors.is_exact(rs):
            try:
                review = review_for(game=game, player=person)
            except ServiceError:
                review = None
        if review is None or "luck" not in review.data:
            missing = True
            continue
        data = review.data
        rows.append(
            {
                "seat": card.seat,
                "name": person.name,
                "is_viewer": person.pk == viewer.pk,
                "total": data["total"],
                **split_texts(data),
                "exact": data["exact"],
                "chart": value_chart(data["path"], LUCKY, BLUNDER),
            }
        )
    return rows, missing
