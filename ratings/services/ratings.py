"""A finished rated game rates its people, once (decision 0070): each account's rating
in the game's variant moves by openskill's Plackett-Luce from the final placings, and
one history row per person keeps it before and after."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from accounts.models import Player
from common.clock import now
from play.models import Game, Scorecard
from play.modes import mode_of
from play.selectors.games import seats_at_start
from play.services.game_locks import game_lock
from ratings.models import Rating, RatingChange
from ratings.skill import MODEL

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Placing:
    """Where one account finished a rated game: ``place`` 1 is first, equal totals
    share one, and a person who left before the end (``left``) is last."""

    player: Player
    place: int
    left: bool


def placings(cards: Sequence[Scorecard]) -> list[Placing]:
    """The placings of the accounts that began the game at ``cards`` (all its seats):
    those still at their seat by their totals, ties shared; those whose seat went to a
    bot (or anyone else) after them, last together. Guests are left out."""
    accounts = [
        card
        for card in cards
        if card.first_player is not None
        and not card.first_player.is_bot
        and card.first_player.user_id is not None
    ]
    stayed = [card for card in accounts if card.player_id == card.first_player_id]
    last = len(stayed) + 1
    found = []
    for card in accounts:
        person = card.first_player
        assert person is not None  # filtered above
        if card in stayed:
            place = 1 + sum(other.total > card.total for other in stayed)
            found.append(Placing(person, place, left=False))
        else:
            found.append(Placing(person, last, left=True))
    return found


def game_rate(*, game_id: int) -> list[RatingChange]:
    """Rate finished game ``game_id`` if its mode rates it (a rated room's game begun by
    two or more accounts and no bot): each account's rating in its variant moves, and
    its history row is written. Once: a game already rated, not finished or not rated
    changes nothing (``[]``). One transaction, the game's row locked."""
    with transaction.atomic():
        try:
            game = game_lock(game_id)
        except Game.DoesNotExist:
            return []
        if game.status != Game.Status.FINISHED or RatingChange.objects.filter(game=game).exists():
            return []
        cards = seats_at_start(game)
        bots = sum(card.first_player is None or card.first_player.is_bot for card in cards)
        places = placings(cards)
        if not mode_of(game.room, game).ranking.rates(people=len(places), bots=bots):
            return []
        return _rate(game, places)


def _rate(game: Game, places: Sequence[Placing]) -> list[RatingChange]:
    """Move the ratings of ``places``'s players in ``game``'s variant and record them."""
    moment = now()
    ratings = [_rating_lock(p.player, game.ruleset) for p in places]
    before = [MODEL.rating(mu=r.mu, sigma=r.sigma) for r in ratings]
    after = MODEL.rate([[b] for b in before], ranks=[p.place for p in places])
    changes = []
    for placing, rating, old, (new,) in zip(places, ratings, before, after, strict=True):
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.games += 1
        rating.updated_at = moment
        rating.save()
        changes.append(
            RatingChange(
                game=game,
                player=placing.player,
                variant=game.ruleset,
                placing=placing.place,
                left=placing.left,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                created_at=moment,
            )
        )
    return RatingChange.objects.bulk_create(changes)


def _rating_lock(player: Player, variant: str) -> Rating:
    """``player``'s rating in ``variant``, locked (a new one at the model's start)."""
    rating, _ = Rating.objects.select_for_update().get_or_create(
        player=player,
        variant=variant,
        defaults={"mu": MODEL.mu, "sigma": MODEL.sigma, "updated_at": now()},
    )
    return rating


def rating_on_finish(sender: object, *, game_id: int, **kwargs: object) -> None:
    """``play.signals.game_finished``'s receiver (after the finishing commit): rate the
    game. A failure is logged, never raised into the move that finished it; the game
    stays unrated and may be rated again by ``game_rate``."""
    try:
        game_rate(game_id=game_id)
    except Exception:
        log.exception("rating game %s failed", game_id)
