"""Ratings as the pages read them: a player's rating in each variant with its history,
and a variant's leaderboard among everyone or among the players a page names (a
person's friends, a group: their apps pass the players)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.db.models import F

from accounts.models import Player
from ratings.models import Rating, RatingChange
from ratings.skill import MODEL, is_provisional, margin, shown

# The most rows a leaderboard shows.
LEADERBOARD_SIZE = 100


@dataclass(frozen=True)
class Shown:
    """A rating as a page shows it: the number, its margin, whether provisional."""

    variant: str
    rating: int
    margin: int
    games: int
    provisional: bool


@dataclass(frozen=True)
class Step:
    """One rated game of a player's history: the rating shown after it."""

    game_id: int
    at: datetime
    placing: int
    left: bool
    before: int
    after: int


@dataclass(frozen=True)
class Standing:
    """One row of a leaderboard."""

    place: int
    player_id: int
    name: str
    shown: Shown


def _shown(rating: Rating) -> Shown:
    return Shown(
        variant=rating.variant,
        rating=shown(rating.mu, rating.sigma),
        margin=margin(rating.sigma),
        games=rating.games,
        provisional=is_provisional(rating.games),
    )


def ratings_of(player: Player) -> list[Shown]:
    """``player``'s rating in each variant they played rated, by variant name."""
    return [_shown(r) for r in Rating.objects.filter(player=player).order_by("variant")]


def history_of(player: Player, variant: str) -> list[Step]:
    """``player``'s rated games in ``variant``, oldest first, with the rating shown
    before and after each."""
    changes = RatingChange.objects.filter(player=player, variant=variant).order_by(
        "created_at", "id"
    )
    return [
        Step(
            game_id=c.game_id,
            at=c.created_at,
            placing=c.placing,
            left=c.left,
            before=shown(c.mu_before, c.sigma_before),
            after=shown(c.mu_after, c.sigma_after),
        )
        for c in changes
    ]


def leaderboard(variant: str, *, among: Collection[int] | None = None) -> list[Standing]:
    """``variant``'s best ratings, highest shown first (``mu - 3 sigma``), among
    everyone or among the players whose ids are ``among``; equal ratings share a place.
    Banned players and deleted accounts are left out."""
    rows = (
        Rating.objects.filter(
            variant=variant, player__banned_at__isnull=True, player__user__isnull=False
        )
        .select_related("player")
        .annotate(ordinal=F("mu") - 3 * F("sigma"))
        .order_by("-ordinal", "player__name", "player_id")
    )
    if among is not None:
        rows = rows.filter(player_id__in=list(among))
    standings: list[Standing] = []
    for rating in rows[:LEADERBOARD_SIZE]:
        seen = _shown(rating)
        place = len(standings) + 1
        if standings and standings[-1].shown.rating == seen.rating:
            place = standings[-1].place
        standings.append(Standing(place, rating.player_id, rating.player.name, seen))
    return standings


def ratings_in(variant: str, player_ids: Collection[int]) -> dict[int, Shown]:
    """The ratings in ``variant`` of the players whose ids are ``player_ids`` (one query);
    a player without one is left out (a page shows them as new: ``unrated``)."""
    rows = Rating.objects.filter(variant=variant, player_id__in=list(player_ids))
    return {rating.player_id: _shown(rating) for rating in rows}


def unrated(variant: str) -> Shown:
    """The rating a player who never played ``variant`` rated shows: the start, provisional."""
    return Shown(
        variant=variant,
        rating=shown(MODEL.mu, MODEL.sigma),
        margin=margin(MODEL.sigma),
        games=0,
        provisional=True,
    )
