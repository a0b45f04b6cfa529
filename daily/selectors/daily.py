"""Reading the daily challenge: a day's leaderboard, where an attempt stands among
everyone and among friends, and a player's streak and calendar."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Player
from daily.models import DailyAttempt, DailyChallenge
from rooms.selectors.tablemates import roommate_ids

LEADERBOARD_SIZE = 20
CALENDAR_WEEKS = 12


def today() -> date:
    """The day of the challenge now: the date in UTC."""
    return timezone.now().astimezone(UTC).date()


def board(challenge: DailyChallenge) -> QuerySet[DailyAttempt]:
    """The ranked, finished attempts at ``challenge``."""
    return DailyAttempt.objects.filter(challenge=challenge, ranked=True, score__isnull=False)


@dataclass(frozen=True)
class Standing:
    """Where a score stands among the day's ranked scores: ``rank`` of ``of`` (equal
    scores share a rank), and among the player's friends (they count themselves)."""

    rank: int
    of: int
    friends_rank: int
    friends_of: int


@dataclass(frozen=True)
class Line:
    """A line of the leaderboard."""

    rank: int
    name: str
    score: int
    is_viewer: bool


def standing(attempt: DailyAttempt) -> Standing | None:
    """Where ``attempt``'s score stands among the other players' ranked scores (an
    unranked one as if it were ranked instead of the player's own); ``None`` while it is
    played."""
    score = attempt.score
    if score is None:
        return None
    scores = board(attempt.challenge).exclude(player=attempt.player)  # the others
    # Their friends' ranked scores, every day's, are read by player, and this day's kept:
    # a few rows, where a filter on the day would walk all of its scores.
    friends = [
        other
        for challenge, other in DailyAttempt.objects.filter(
            player_id__in=roommate_ids(attempt.player), ranked=True, score__isnull=False
        ).values_list("challenge_id", "score")
        if challenge == attempt.challenge_id
    ]
    return Standing(
        rank=scores.filter(score__gt=score).count() + 1,
        of=scores.count() + 1,
        friends_rank=sum((other or 0) > score for other in friends) + 1,
        friends_of=len(friends) + 1,
    )


def leaderboard(
    challenge: DailyChallenge, viewer: Player | None, size: int = LEADERBOARD_SIZE
) -> list[Line]:
    """The day's best ``size`` ranked scores, best first (equal scores share a rank; the
    earlier finish is listed first)."""
    lines: list[Line] = []
    rows = (
        board(challenge)
        .order_by("-score", "finished_at", "pk")
        .values_list("score", "player_id", "player__name")[:size]
    )
    for index, (score, player_id, name) in enumerate(rows):
        points = score or 0  # the board holds scores only
        rank = lines[-1].rank if lines and lines[-1].score == points else index + 1
        lines.append(Line(rank, name, points, viewer is not None and player_id == viewer.pk))
    return lines


def played_days(player: Player) -> set[date]:
    """The days ``player`` finished an attempt on its day, in any variant: ranked or
    practice (a guest's days count once they make an account; a past day played again
    does not)."""
    return set(
        DailyAttempt.objects.filter(player=player, score__isnull=False)
        .filter(Q(ranked=True) | ~Q(practice=""))
        .values_list("challenge__day", flat=True)
    )


def streak(days: set[date]) -> int:
    """Days in a row with a result up to today (or up to yesterday, while today's is
    still to play)."""
    day = today()
    if day not in days:
        day -= timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def calendar(days: set[date], weeks: int = CALENDAR_WEEKS) -> list[list[tuple[date, bool]]]:
    """The last ``weeks`` weeks, Monday first, each day with whether it was played; the
    days after today are left out of the last week."""
    last = today()
    first = last - timedelta(days=last.weekday() + 7 * (weeks - 1))
    grid: list[list[tuple[date, bool]]] = []
    for week in range(weeks):
        start = first + timedelta(days=7 * week)
        grid.append(
            [
                (start + timedelta(days=d), start + timedelta(days=d) in days)
                for d in range(7)
                if start + timedelta(days=d) <= last
            ]
        )
    return grid
