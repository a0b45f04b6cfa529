"""Foresight in the daily challenge: a ranked result whose luck lies beyond what honest
play on the day's dice reaches goes to the moderators (issue 41, docs/decisions/0055).

Someone who saw the day's dice beforehand (a scout with a second identity) can plan
every reroll to land: they give points away on choices no honest player would make and
get them back, and more, in luck. Once per challenge, the honest field of
``scoring.strategy.honest_play`` plays the day's dice (``duplicate.play``) and each of
its games is reviewed as a player's is (``build_review``); the luck of their rerolls
sets the challenge's bound (``DailyChallenge.luck_bound``). When a ranked attempt's
review is stored, its rerolls' luck is set against that bound, and beyond it a report
(reason ``foresight``, no reporter) names the figures, once per attempt.

Only where the coach is exact (Yahtzee, Yatzy): the split of Yam's and Triple Yahtzee
is an estimate whose drift counts as luck, and the field's reviews would take minutes.
The bound takes seconds: a server has the review child compute it
(``games.background.review_jobs``); with no coach's worker
(``GAMES_COACH_IN_BACKGROUND`` off: tests, one-off commands) the check computes it.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import time
from typing import Any, cast

from django.conf import settings
from django.db import transaction

from accounts.models import Player
from coach.selectors.reviews import review_of_player
from coach.services.reviews import build_review
from daily.models import DailyAttempt, DailyChallenge
from daily.services import daily
from daily.signals import foresight_doubted
from moderation.models import Report
from play.models import Game, Turn
from rooms.services.room_rows import room_lock_by_id
from scoring import duplicate, rulesets
from scoring.ruleset import RuleSet
from scoring.strategy import advisors, honest_play

LAYOUT = 1  # the layout of ``DailyChallenge.luck_bound``
# Who the field's games are reviewed for: a person in memory, never saved.
FIELD_PLAYER = Player(pk=-1, name="honest field")


def measured(ruleset: str) -> bool:
    """Whether foresight is looked for in ``ruleset``'s challenge: where the coach's
    split of luck and skill is exact."""
    return advisors.is_exact(rulesets.get(ruleset))


def played_turns(played: dict[str, Any]) -> list[Turn]:
    """The move log (unsaved ``Turn`` rows of ``FIELD_PLAYER``) of a game as
    ``duplicate.play`` returns it."""
    me = FIELD_PLAYER.pk
    return [
        Turn(
            number=number,
            seat=0,
            player_id=me,
            rolls=[{**roll, "player": me} for roll in round_["rolls"]],
            state={"announced": round_["announced"]},
            box=round_["box"],
            column=round_["column"] or "",
            points=round_["points"],
            bonus=round_["bonus"],
            finish=Turn.Finish.PLAYED,
            placed_by_id=me,
            announced_by_id=me if round_["announced"] else None,
        )
        for number, round_ in enumerate(played["rounds"], start=1)
    ]


def field_reviews(rs: RuleSet, seed: bytes) -> list[tuple[str, dict[str, Any]]]:
    """Each player of the honest field, named, and the review of their game on the dice
    of ``seed``; a Softmax player draws from a generator seeded by the seed and its
    place, so the same dice always give the same field."""

    def uniforms(index: int) -> honest_play.Uniform:
        key = hmac.new(seed, f"honest field:{index}".encode(), hashlib.sha256).digest()
        return random.Random(key).random

    return [
        (
            name,
            build_review(
                rs, played_turns(duplicate.play(rs.new_scorecard(), player, seed)), FIELD_PLAYER
            ),
        )
        for name, player in honest_play.field(uniforms)
    ]


def luck_bound_compute(challenge: DailyChallenge) -> dict[str, Any]:
    """The luck bound of ``challenge`` (nothing stored): the honest field's reroll luck
    on the day's dice, as ``honest_play.bound_of`` sums it up, with par (the expert's
    score) and the seconds it took."""
    started = time.monotonic()
    rs = rulesets.get(challenge.ruleset)
    reviews = field_reviews(rs, bytes.fromhex(daily.seed_of(challenge.ruleset, challenge.day)))
    found: dict[str, Any] = honest_play.bound_of(
        [honest_play.reroll_luck(review["path"]) for _, review in reviews]
    )
    par = next(review["total"] for name, review in reviews if name == "expert")
    return {
        "layout": LAYOUT,
        "measure": "reroll luck",
        **found,
        "par": par,
        "seconds": round(time.monotonic() - started, 2),
    }


def luck_bound_store(*, challenge: DailyChallenge, bound: dict[str, Any]) -> None:
    """Keep ``bound`` as ``challenge``'s luck bound (one worked out already stays)."""
    DailyChallenge.objects.filter(pk=challenge.pk, luck_bound__isnull=True).update(luck_bound=bound)
    challenge.refresh_from_db(fields=["luck_bound"])


def bound_wanted(game: Game) -> DailyChallenge | None:
    """The challenge whose luck bound ``game`` needs and lacks: a finished ranked
    attempt's, where foresight is looked for; ``None`` otherwise."""
    attempt = DailyAttempt.objects.select_related("challenge").filter(game=game).first()
    if (
        attempt is None
        or not attempt.ranked
        or attempt.practice
        or not measured(attempt.challenge.ruleset)
    ):
        return None
    return attempt.challenge if attempt.challenge.luck_bound is None else None


def foresight_check(*, game: Game) -> Report | None:
    """Set the luck of ``game``'s ranked daily attempt (from its stored review) against
    its challenge's bound, and beyond it open a report naming the figures
    (``signals.foresight_doubted``); the report made, or ``None`` (no ranked attempt, no
    review yet, within the bound, reported already, or the bound is still to be worked out
    by the coach's worker)."""
    attempt = DailyAttempt.objects.select_related("challenge", "player").filter(game=game).first()
    if (
        attempt is None
        or not attempt.ranked
        or attempt.practice
        or attempt.score is None
        or not measured(attempt.challenge.ruleset)
    ):
        return None
    review = review_of_player(game=game, player=attempt.player)
    if review is None or "path" not in review.data:
        return None
    challenge = attempt.challenge
    if challenge.luck_bound is None:
        if settings.GAMES_COACH_IN_BACKGROUND:
            return None  # the review job works it out, then checks again
        luck_bound_store(challenge=challenge, bound=luck_bound_compute(challenge))
    bound = challenge.luck_bound
    assert bound is not None
    luck = honest_play.reroll_luck(review.data["path"])
    if luck <= bound["bound"]:
        return None
    with transaction.atomic():
        room_lock_by_id(game.room_id)  # one at a time
        sent = foresight_doubted.send(
            sender=DailyAttempt,
            room_id=game.room_id,
            player=attempt.player,
            text=figures(attempt, review.data, luck),
        )
        return next((cast("Report", made) for _, made in sent if made is not None), None)


def foresight_on_review(sender: object, *, game: Game, **kwargs: object) -> None:
    """``coach.signals.review_stored``'s receiver: check the game's ranked daily attempt."""
    foresight_check(game=game)


def figures(attempt: DailyAttempt, review: dict[str, Any], luck: float) -> str:
    """What a foresight report says: the result, par, the luck against the bound, what
    the choices gave away and the accuracy."""
    bound = attempt.challenge.luck_bound or {}
    par = (attempt.challenge.par or {}).get("total", bound.get("par"))
    accuracy = review.get("accuracy")
    return (
        f"Ranked {attempt.challenge}: score {attempt.score}, par {par}. "
        f"Luck {review['luck']:+.1f}, of it on rerolls {luck:+.1f}, beyond the bound "
        f"{bound['bound']:+.1f} for honest play on these dice (rerolls' luck of "
        f"{bound['games']} simulated honest games: mean {bound['mean']:+.1f}, spread "
        f"{bound['spread']:.1f}, highest {bound['highest']:+.1f}). Choices gave away "
        f"{review['total_lost']:.1f}; accuracy "
        f"{'-' if accuracy is None else format(accuracy, '.1f') + ' %'}."
    )
