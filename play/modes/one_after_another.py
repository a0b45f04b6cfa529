"""One seat after another: one turn open at a time, the game holding its deadline."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from django.utils.translation import gettext

from accounts.models import Player
from play import sql
from play.models import Game, Scorecard, Turn
from play.modes.base import Refusal, TurnOrder


class OneAfterAnother(TurnOrder):
    """The seats play in turn; the game's ``current_seat`` and ``turn_deadline`` are the
    open turn's."""

    name = "one_after_another"
    rounds = False

    def open_seats(self, game: Game) -> Collection[int]:
        """The current seat."""
        return [game.current_seat]

    def seat_in_turn(self, game: Game) -> int | None:
        """The current seat."""
        return game.current_seat

    def expired_seat(self, game: Game, at: datetime) -> int | None:
        """The current seat: its turn is the one the game's deadline timed."""
        return game.current_seat

    def deadline_of(self, game: Game, turn: Turn) -> datetime | None:
        """The game's deadline."""
        return game.turn_deadline

    def bot_acts_again(self, game: Game, card: Scorecard) -> bool:
        """While the same bot's turn goes on."""
        return game.current_seat == card.seat

    def card_to_play(self, game: Game, player: Player) -> Scorecard | Refusal:
        """The current seat's card, if ``player`` holds it."""
        current = sql.card_at(game, game.current_seat)
        if current is None:
            raise Scorecard.DoesNotExist(f"no scorecard at seat {game.current_seat}")
        if current.player_id != player.pk:
            return Refusal(
                "not_your_turn", gettext("it is %(name)s's turn") % {"name": current.player.name}
            )
        return current

    def turn_to_play(self, game: Game, card: Scorecard | None) -> tuple[Scorecard, Turn]:
        """The current turn, with the current seat's card (``card`` if it is that)."""
        if card is None or card.seat != game.current_seat:
            card = game.scorecards.select_related("player").get(seat=game.current_seat)
        turn = sql.turn_of(game, game.turn_count)
        if turn is None:
            raise Turn.DoesNotExist(f"no turn {game.turn_count}")
        return card, turn

    def card_to_skip(self, game: Game, seat: int | None) -> Scorecard | Refusal:
        """The current seat's card (``seat`` is not asked)."""
        return game.scorecards.select_related("player").get(seat=game.current_seat)

    def keep_deadline(self, game: Game) -> None:
        """The game's deadline is written on the current turn: taken back, the turn has
        the same time left."""
        if game.turn_deadline is not None:
            Turn.objects.filter(game=game, number=game.turn_count).update(
                deadline=game.turn_deadline
            )

    def placed_turn(self, game: Game, card: Scorecard) -> Turn | Refusal:
        """The turn before the current one, if ``card``'s seat filled its box."""
        turn = sql.turn_of(game, game.turn_count - 1)
        if turn is None or not turn.box:
            return Refusal("nothing_to_take_back", gettext("no box has been filled yet"))
        if turn.seat != card.seat:
            return Refusal(
                "not_your_placement",
                gettext("only the player who filled the last box can take it back"),
            )
        return turn

    def take_back_closed(self, game: Game) -> Refusal | None:
        """Once the next seat has rolled."""
        following = sql.turn_of(game, game.turn_count)
        if following is None or following.rolls:
            return Refusal(
                "take_back_closed", gettext("the next turn has begun: your box stays filled")
            )
        return None


ONE_AFTER_ANOTHER = OneAfterAnother()
