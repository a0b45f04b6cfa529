"""A player's figures for their profile page, computed from the stored games.

Definitions (the page says them too):

- A game *counts* for a player when it is finished and the player holds one of its
  scorecards at the end.  A game ended early (by a moderator, or the room closing) is not
  counted as played: its sheets are unfinished; the page shows how many there were.  A
  seat handed to a bot is the bot's from then on (``Scorecard.player``), so the game
  counts for the bot, not for the person who started it.
- *Won*: ranked first, ties included, at a table of two or more seats (alone at a
  table, nobody is beaten).
- *Yahtzees rolled*: rolls of the player's own turns in counted games that showed five of
  a kind, whichever of the turn's three rolls and whether or not it was scored.
- *Upper bonuses*: the columns whose upper bonus was earned, as the ruleset reads the
  final sheet (Triple Yahtzee has three columns, Yam's four).
- *Accuracy*: the coach's accuracy in each stored review of the player (the last
  ``ACCURACY_POINTS``), in game order.

The number of queries does not grow with the number of games.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date, datetime

from accounts.models import Player
from coach.models import GameReview
from friends.selectors.friends import friend_ids
from play.models import Game
from play.selectors.played import finished_rolls, played_cards
from scoring import rulesets, scorecard_json
from scoring.dice import face_counts
from scoring.patterns import is_five_of_a_kind

LAST_GAMES = 10
ACCURACY_POINTS = 50


@dataclass
class VariantStats:
    """One variant's figures for a player."""

    ruleset: str
    title: str
    played: int = 0
    won: int = 0
    total_points: int = 0
    best: int | None = None
    yahtzees: int = 0
    upper_bonuses: int = 0

    @property
    def average(self) -> float | None:
        """The mean final score of the counted games."""
        return self.total_points / self.played if self.played else None


@dataclass(frozen=True)
class PlayedGame:
    """One counted game as the profile lists it."""

    room_code: str
    number: int
    ruleset: str
    title: str
    finished_at: datetime | None
    total: int
    rank: int | None
    seats: int
    daily_day: date | None = None  # the day of the daily challenge it was an attempt at


@dataclass(frozen=True)
class AccuracyPoint:
    """The coach's accuracy in one review."""

    room_code: str
    number: int
    title: str
    finished_at: datetime | None
    accuracy: float
    daily_day: date | None = None  # the day of the daily challenge it was an attempt at


@dataclass
class PlayerStats:
    """Everything the profile page shows about a player's play."""

    variants: list[VariantStats] = field(default_factory=list)
    ended_early: int = 0
    last_games: list[PlayedGame] = field(default_factory=list)
    accuracy: list[AccuracyPoint] = field(default_factory=list)

    @property
    def played(self) -> int:
        """Counted games over every variant."""
        return sum(v.played for v in self.variants)


def _upper_bonuses(data: object) -> int:
    """The columns of a stored sheet whose upper bonus was earned."""
    sheet = scorecard_json.from_json(data)
    return sum(1 for column in sheet.totals() if column.upper_bonus > 0)


def player_stats(
    player: Player, *, last: int = LAST_GAMES, accuracy_points: int = ACCURACY_POINTS
) -> PlayerStats:
    """The figures of ``player`` from their stored games (see the module's definitions):
    per variant in the engine's order, the ``last`` counted games (newest first), and the
    accuracy of the last ``accuracy_points`` reviews in game order."""
    stats = PlayerStats()
    by_variant = _tally_games(player, stats, last)
    _count_yahtzees(player, by_variant)
    order = {name: i for i, name in enumerate(rulesets.names())}
    stats.variants = sorted(by_variant.values(), key=lambda v: order.get(v.ruleset, len(order)))
    stats.accuracy = _accuracy(player, accuracy_points)
    return stats


def _tally_games(player: Player, stats: PlayerStats, last: int) -> dict[str, VariantStats]:
    """Each variant's figures from the player's scorecards of finished and ended games,
    newest first: the ended ones counted apart, and the ``last`` counted games listed in
    ``stats``."""
    cards = played_cards(player)
    by_variant: dict[str, VariantStats] = {}
    for status, ruleset, code, number, finished_at, data, total, rank, seated, day in cards:
        if status == Game.Status.ENDED:
            stats.ended_early += 1
            continue
        v = by_variant.setdefault(ruleset, VariantStats(ruleset, rulesets.get(ruleset).title))
        v.played += 1
        v.won += rank == 1 and seated > 1
        v.total_points += total
        v.best = total if v.best is None else max(v.best, total)
        v.upper_bonuses += _upper_bonuses(data)
        if len(stats.last_games) < last:
            stats.last_games.append(
                PlayedGame(
                    room_code=code,
                    number=number,
                    ruleset=ruleset,
                    title=v.title,
                    finished_at=finished_at,
                    total=total,
                    rank=rank,
                    seats=seated,
                    daily_day=day,
                )
            )
    return by_variant


def _count_yahtzees(player: Player, by_variant: dict[str, VariantStats]) -> None:
    """Add to each variant the rolls of the player's own turns in finished games that
    showed five of a kind."""
    for ruleset, turn_rolls in finished_rolls(player):
        by_variant[ruleset].yahtzees += sum(
            1 for roll in turn_rolls or () if is_five_of_a_kind(face_counts(roll["dice"]))
        )


def _accuracy(player: Player, accuracy_points: int) -> list[AccuracyPoint]:
    """The coach's accuracy in the player's last ``accuracy_points`` reviews, in game
    order."""
    reviews = (
        GameReview.objects.filter(player=player)
        .exclude(data__accuracy=None)
        .order_by("-game__finished_at", "-game_id")
        .values_list(
            "game__room__code",
            "game__number",
            "game__ruleset",
            "game__finished_at",
            "data__accuracy",
            "game__daily_attempt__challenge__day",
        )[:accuracy_points]
    )
    return [
        AccuracyPoint(
            room_code=code,
            number=number,
            title=rulesets.get(ruleset).title,
            finished_at=finished_at,
            accuracy=float(accuracy),
            daily_day=day,
        )
        for code, number, ruleset, finished_at, accuracy, day in reversed(list(reviews))
        if accuracy is not None
    ]


def can_see_profile(viewer: Player | None, player: Player) -> bool:
    """Whether ``viewer`` may see ``player``'s profile (``visible_profiles``)."""
    return player.pk in visible_profiles(viewer, [player.pk])


def visible_profiles(viewer: Player | None, ids: Collection[int]) -> set[int]:
    """Of the players ``ids``, those whose profile ``viewer`` may see: their own, their
    friends', and those of the people they have shared a room with (seated or watching,
    even since left or kicked)."""
    if viewer is None:
        return set()
    wanted = set(ids)
    shared = viewer.memberships.filter(room__members__player_id__in=wanted).values_list(
        "room__members__player_id", flat=True
    )
    return wanted & ({viewer.pk} | friend_ids(viewer) | set(shared))
