"""Games locked for the other apps' services, in the caller's transaction (the room's
row locked first, as every service does), and a seat's card kept for its player, handed
to a bot or given back."""

from __future__ import annotations

from accounts.models import Player
from play.models import Game, Scorecard
from play.services.turns import retime_seat
from rooms.models import Room


def game_lock(game_id: int) -> Game:
    """The game with ``game_id``, locked in the caller's transaction
    (``Game.DoesNotExist`` when there is none)."""
    return Game.objects.select_for_update().get(pk=game_id)


def game_in_play_lock(room: Room) -> Game | None:
    """The room's game in play, locked in the caller's transaction, or ``None``."""
    return Game.objects.select_for_update().filter(room=room, status=Game.Status.PLAYING).first()


def card_hold_for(card: Scorecard, person: Player) -> None:
    """Mark ``card``'s seat as kept for ``person`` (a bot plays it meanwhile), in the
    caller's transaction."""
    Scorecard.objects.filter(pk=card.pk).update(held_for=person)


def card_hand_to_bot(*, room: Room, game: Game, card: Scorecard, bot: Player) -> None:
    """Give ``card``'s seat in ``game`` (in play) to ``bot``, which takes no holiday and
    finishes an open turn, in the caller's transaction."""
    card.player, card.holiday_until = bot, None
    card.save(update_fields=["player", "holiday_until"])
    # The log keeps who made each roll and placed.
    retime_seat(room, game, card)
    game.save()


def card_give_back(*, room: Room, game: Game, card: Scorecard, person: Player) -> None:
    """``card``'s seat, kept by a bot, is ``person``'s again: in play, the card and its
    open turn (on their own time); after the game, only the hold lifted. In the caller's
    transaction."""
    playing = game.status == Game.Status.PLAYING
    if playing:
        card.player = person
    card.held_for = None
    card.save(update_fields=["player", "held_for"])
    if playing:
        retime_seat(room, game, card)
