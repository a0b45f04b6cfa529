"""What a daily challenge's attempt keeps once played: its final score (ranked only when
finished on its day) and its review's accuracy, and the moderators' look at results
that are near perfect day after day."""

from __future__ import annotations

from datetime import UTC, timedelta

from accounts.models import Player
from common.clock import now
from daily.models import DailyAttempt
from daily.signals import accuracy_doubted
from play.models import Game

# Results this accurate (per cent) on this many ranked days of the last FLAG_WINDOW go to
# the moderators' queue for a look: the coach's own play is 100.
NEAR_PERFECT = 99.5
FLAG_DAYS = 3
FLAG_WINDOW = timedelta(days=7)


def record_finish(game: Game, score: int) -> None:
    """Keep the final score of the daily attempt played in ``game``; a ranked attempt
    finished after its day (UTC) no longer counts as ranked: by then that day's dice can
    be seen by playing it unranked."""
    attempt = DailyAttempt.objects.select_related("challenge").filter(game=game).first()
    if attempt is None:
        return
    attempt.score, attempt.finished_at = score, game.finished_at
    if (
        attempt.ranked
        and (game.finished_at or now()).astimezone(UTC).date() > attempt.challenge.day
    ):
        attempt.ranked = False
    attempt.save(update_fields=["score", "finished_at", "ranked"])


def record_accuracy(game: Game, player: Player, accuracy: float | None) -> None:
    """Keep a daily attempt's accuracy once its review is built, and send the player to
    the moderators' queue when their ranked results are near perfect on ``FLAG_DAYS`` days
    of the last week (``signals.accuracy_doubted``: once while a report of it is open)."""
    attempt = DailyAttempt.objects.filter(game=game, player=player).first()
    if attempt is None:
        return
    attempt.accuracy = accuracy
    attempt.save(update_fields=["accuracy"])
    since = attempt.challenge.day - FLAG_WINDOW
    perfect_days = (
        DailyAttempt.objects.filter(
            player=player, ranked=True, accuracy__gte=NEAR_PERFECT, challenge__day__gt=since
        )
        .values("challenge__day")
        .distinct()
        .count()
    )
    if perfect_days < FLAG_DAYS:
        return
    accuracy_doubted.send(
        sender=DailyAttempt,
        room=game.room,
        player=player,
        text=f"{perfect_days} daily challenges of the last week at {NEAR_PERFECT}% accuracy "
        "or more",
    )


def finish_recorded(sender: object, *, game: Game, score: int, **kwargs: object) -> None:
    """``play.signals.attempt_finished``'s receiver: ``record_finish``."""
    record_finish(game, score)


def accuracy_recorded(
    sender: object, *, game: Game, player: Player, accuracy: float | None, **kwargs: object
) -> None:
    """``coach.signals.review_made``'s receiver: ``record_accuracy``."""
    record_accuracy(game, player, accuracy)
